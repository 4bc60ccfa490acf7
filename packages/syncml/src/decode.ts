/**
 * `decodeMessage`: a request body, XML or WBXML, → the typed message. Anything that is not a
 * SyncML 1.1/1.2 message we can read throws `SyncmlDecodeError` (see error.ts).
 */
import { SyncmlDecodeError } from './error.js';
import type { SyncmlEncoding, SyncmlMessage } from './message.js';
import { readMessage } from './read-message.js';
import { ElementBudget, type Element } from './tree.js';
import { readSyncmlWbxml } from './wbxml/syncml.js';
import { readXml } from './xml/read.js';

export { SyncmlDecodeError };

/**
 * One ElementBudget (limits.ts MAX_ELEMENTS, MAX_CHILDREN) for the message and every DevInf read
 * inside it: a wide body is refused as soon as it passes what any real message holds.
 */
export function decodeMessage(body: Uint8Array, encoding: SyncmlEncoding): SyncmlMessage {
  const budget = new ElementBudget();
  let root: Element;
  if (encoding === 'xml') root = readXml(body, budget);
  else if (encoding === 'wbxml') root = readSyncmlWbxml(body, budget);
  else throw new SyncmlDecodeError(`unknown encoding ${JSON.stringify(encoding)}`);
  return readMessage(root, budget);
}
