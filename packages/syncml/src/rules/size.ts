/**
 * What a message costs on the wire, estimated without writing it: item data in the encoding's
 * bytes, and what an item costs around its data (its command, ids and Meta). A server fitting its
 * Sync to the client's MaxMsgSize measures the rest of the message and adds items by these.
 */
import type { SyncmlEncoding } from '../message.js';

/** What an item costs in a message besides its data (command, CmdID, ids, Meta), about. */
export const ITEM_OVERHEAD = 320;

/** Bytes of `text` in UTF-8 (a lone surrogate as U+FFFD, 3 bytes, as an encoder writes it). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && isLowSurrogate(text.charCodeAt(i + 1))) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

const isLowSurrogate = (c: number): boolean => c >= 0xdc00 && c <= 0xdfff;

/**
 * Bytes `text` takes as item data on the wire: UTF-8, plus in XML the escapes the writer uses
 * (`&#13;` for CR, which XML would otherwise turn into LF; `&amp;`, `&lt;`, `&gt;`).
 */
export function wireLength(text: string, encoding: SyncmlEncoding): number {
  const bytes = utf8Length(text);
  if (encoding === 'wbxml') return bytes;
  let extra = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 13 || c === 38) extra += 4;
    else if (c === 60 || c === 62) extra += 3;
  }
  return bytes + extra;
}

/** What an item with `data` costs in a message: its data on the wire and the item around it. */
export function itemCost(data: string, encoding: SyncmlEncoding): number {
  return wireLength(data, encoding) + ITEM_OVERHEAD;
}
