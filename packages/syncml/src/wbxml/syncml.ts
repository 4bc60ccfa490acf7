/**
 * The SyncML side of WBXML reading: a message body with the SyncML/MetInf code pages, and a
 * DevInf document (carried as OPAQUE inside Data) with the DevInf code page of its version.
 */
import { SyncmlDecodeError } from '../error.js';
import { DEVINF_CODE_PAGES, SYNCML_CODE_PAGES } from '../tags.js';
import { readWbxml, WbxmlError, WbxmlLimitError } from '@atomsync/wbxml';
import { MAX_ELEMENT_DEPTH } from '../limits.js';
import { ElementBudget, type Element } from '../tree.js';

export function readSyncmlWbxml(body: Uint8Array, budget?: ElementBudget): Element {
  try {
    return readWbxml(body, SYNCML_CODE_PAGES, { budget: budget ?? new ElementBudget(), maxDepth: MAX_ELEMENT_DEPTH }).root;
  } catch (err) {
    if (err instanceof WbxmlError) throw new SyncmlDecodeError(`not well-formed WBXML: ${err.message}`, { cause: err });
    throw err;
  }
}

/** WBXML starts with its version byte (0x00–0x03); text data never does. */
export function looksLikeWbxml(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0]! <= 0x03;
}

/**
 * A DevInf WBXML document (1.1 or 1.2: one table serves both) → its element tree, or undefined
 * when the bytes are not one: opaque item data that only looked like WBXML is then kept as data.
 * Its elements are charged to the message's `budget`; past it, the message is refused
 * (SyncmlDecodeError), never kept as data.
 */
export function readDevInfWbxml(bytes: Uint8Array, budget?: ElementBudget): Element | undefined {
  try {
    const { root } = readWbxml(bytes, DEVINF_CODE_PAGES, { budget: budget ?? new ElementBudget(), maxDepth: MAX_ELEMENT_DEPTH });
    return root.name === 'DevInf' ? root : undefined;
  } catch (err) {
    if (err instanceof WbxmlLimitError) throw new SyncmlDecodeError(`a DevInf inside the message: ${err.message}`, { cause: err });
    if (err instanceof WbxmlError) return undefined;
    throw err;
  }
}
