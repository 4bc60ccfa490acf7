/**
 * `decodeMessage`: a request body, XML or WBXML, → the typed message. Anything that is not a
 * SyncML 1.1/1.2 message we can read throws `SyncmlDecodeError` (see error.ts).
 */
import { SyncmlDecodeError } from './error.js';
import type { SyncmlEncoding, SyncmlMessage } from './message.js';
import { readMessage } from './read-message.js';
import type { Element } from './tree.js';
import { readSyncmlWbxml } from './wbxml/syncml.js';
import { readXml } from './xml/read.js';

export { SyncmlDecodeError };

export function decodeMessage(body: Uint8Array, encoding: SyncmlEncoding): SyncmlMessage {
  let root: Element;
  if (encoding === 'xml') root = readXml(body);
  else if (encoding === 'wbxml') root = readSyncmlWbxml(body);
  else throw new SyncmlDecodeError(`unknown encoding ${JSON.stringify(encoding)}`);
  return readMessage(root);
}
