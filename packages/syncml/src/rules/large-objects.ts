/**
 * Large objects (SyncML DS 1.1+, "Large Object Handling"): an item too big for one message goes
 * in chunks, each but the last marked MoreData, the first declaring the whole object's Size in
 * bytes. Where to cut a chunk so that it fits and survives the client's XML reader, and whether
 * the chunks received add up to the declared size.
 */
import type { SyncmlEncoding } from '../message.js';
import { utf8Length, wireLength } from './size.js';

const isHighSurrogate = (c: number): boolean => c >= 0xd800 && c <= 0xdbff;

/** How many characters of `text`, from its start, fit in `bytes` bytes on the wire (at least one). */
export function charsWithin(text: string, bytes: number, encoding: SyncmlEncoding): number {
  let n = Math.min(text.length, bytes);
  while (n > 1 && wireLength(text.slice(0, n), encoding) > bytes) n = Math.floor(n * 0.9);
  // Never split a surrogate pair.
  if (n < text.length && isHighSurrogate(text.charCodeAt(n - 1))) n -= 1;
  return Math.max(1, n);
}

const WHITESPACE = /\s/;

/**
 * Where to cut a chunk of at most `n` characters: not next to whitespace, since a client's XML
 * reader may trim a Data element's leading or trailing white space (SyncEvolution drops a newline
 * that starts a piece, then answers 424). Cut earlier if it can; else at `n`.
 */
export function chunkEnd(text: string, n: number): number {
  if (n >= text.length) return n;
  for (let end = n; end > n / 2; end--) {
    if (!isHighSurrogate(text.charCodeAt(end - 1)) && !WHITESPACE.test(text[end - 1]!) && !WHITESPACE.test(text[end]!)) return end;
  }
  return n;
}

/**
 * Whether a whole large object has its declared size. XML reads a raw CR LF as LF, so over XML an
 * object may arrive short by at most its line count (a client that did not escape its CRs).
 */
export function sizeMatches(data: string, size: number, encoding: SyncmlEncoding): boolean {
  const bytes = utf8Length(data);
  if (bytes === size) return true;
  if (encoding !== 'xml' || bytes > size) return false;
  let lines = 0;
  for (let i = 0; i < data.length; i++) if (data.charCodeAt(i) === 10) lines++;
  return size - bytes <= lines;
}
