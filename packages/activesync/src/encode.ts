/**
 * Writing a response body: the element tree → WBXML, the way Exchange writes it — WBXML 1.3,
 * public id 1 (unknown), UTF-8, no string table (03 01 6A 00), code pages switched just before the
 * tag that needs another one, text as inline strings, bytes as OPAQUE, an element without content
 * (or with empty text) as a tag without the content bit. Written with the WbxmlWriter of
 * @atomsync/wbxml, with the header decode.ts reads (ACTIVESYNC_WBXML).
 */
import { WbxmlWriter } from '@atomsync/wbxml';
import { ACTIVESYNC_WBXML } from './decode.js';
import { tagByName } from './code-pages.js';
import { ActiveSyncEncodeError } from './errors.js';
import { MAX_ELEMENT_DEPTH } from './limits.js';
import { type AsElement, nameOf } from './tree.js';

/** A lone surrogate: UTF-8 cannot carry it (it would be written as U+FFFD). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function write(w: WbxmlWriter, e: AsElement, depth: number): void {
  if (depth > MAX_ELEMENT_DEPTH) throw new ActiveSyncEncodeError(`elements nested deeper than ${MAX_ELEMENT_DEPTH}`);
  const name = nameOf(e);
  const tag = tagByName(name);
  if (tag === undefined) throw new ActiveSyncEncodeError(`no ActiveSync element is named ${name}`);
  const { pageNumber: page, token } = tag;
  if (e.opaque !== undefined) {
    w.start(token, page);
    w.opaque(e.opaque);
    w.end();
  } else if (e.text !== undefined) {
    if (e.text === '') return w.empty(token, page);
    // An inline string ends at NUL, and XML cannot carry one either.
    if (e.text.includes('\0')) throw new ActiveSyncEncodeError(`${name}: text holds a NUL character`);
    if (LONE_SURROGATE.test(e.text)) throw new ActiveSyncEncodeError(`${name}: text holds a lone surrogate`);
    w.start(token, page);
    w.text(e.text);
    w.end();
  } else if (Array.isArray(e.children)) {
    if (e.children.length === 0) return w.empty(token, page);
    w.start(token, page);
    for (const c of e.children) write(w, c, depth + 1);
    w.end();
  } else {
    throw new ActiveSyncEncodeError(`${name}: neither children, text nor opaque data`);
  }
}

/** A response tree → its WBXML body. A tree we cannot write is an ActiveSyncEncodeError. */
export function encodeResponse(root: AsElement): Uint8Array {
  const w = new WbxmlWriter(ACTIVESYNC_WBXML);
  write(w, root, 1);
  return w.finish();
}
