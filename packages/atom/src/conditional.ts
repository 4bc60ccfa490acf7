/**
 * Conditional requests (RFC 9110 §8.8.3, §13.1.1, §13.1.2), as the server and the mocks both
 * answer them: the entity tag of an answer, whether an `If-None-Match` names it (a GET's 304), and
 * whether an `If-Match` does (a write's go-ahead, else 412).
 *
 * An answer's tag is the SHA-256 of the bytes sent, its first 160 bits in base64url, quoted:
 * strong, since equal tags mean equal bytes. A feed none of whose entries carries a time (an
 * empty feed, the phone catalogue) is the exception: its `updated` is the time of the answer, so
 * two answers saying the same differ in bytes; its tag is the digest of the feed written with
 * `updated` at TIMELESS_FEED_UPDATED instead, and weak (`W/"…"`).
 *
 * The digest itself is the caller's (node:crypto on the server, WebCrypto in the mocks): this
 * module only formats and compares, so it runs anywhere.
 */

/** The `updated` a feed without times is written with for its tag (never sent). */
export const TIMELESS_FEED_UPDATED = new Date(0);

/** How many bytes of the SHA-256 a tag keeps: 160 bits, 27 base64url characters. */
const TAG_BYTES = 20;

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The entity tag of an answer from the SHA-256 of what it is tagged by (see above). */
export function entityTag(sha256: Uint8Array, weak: boolean): string {
  if (sha256.length < TAG_BYTES) throw new TypeError(`entityTag: a SHA-256 digest has 32 bytes, not ${sha256.length}`);
  const opaque = `"${base64url(sha256.subarray(0, TAG_BYTES))}"`;
  return weak ? `W/${opaque}` : opaque;
}

/** One entity tag of a list: optional `W/`, then a quoted string of etagc (no `"`, no controls). */
const LIST_ITEM = /\s*(?:W\/)?("[\x21\x23-\x7E\x80-\xFF]*")\s*(?:,|$)/y;

/**
 * True when `header` (an If-None-Match value) names `etag` by the weak comparison RFC 9110
 * prescribes for it (`W/` ignored on both sides), or is `*`. A header that is no list of entity
 * tags names nothing: the full answer is sent.
 */
export function ifNoneMatchHolds(header: string | null | undefined, etag: string): boolean {
  if (header === null || header === undefined) return false;
  const value = header.trim();
  if (value === '*') return true;
  const own = etag.startsWith('W/') ? etag.slice(2) : etag;
  LIST_ITEM.lastIndex = 0;
  let found = false;
  while (LIST_ITEM.lastIndex < value.length) {
    const start = LIST_ITEM.lastIndex;
    const m = LIST_ITEM.exec(value);
    if (m === null || LIST_ITEM.lastIndex === start) return false;
    if (m[1] === own) found = true;
  }
  return found;
}

/** The entity tags of a list header (`*` aside), or undefined when it is no such list. */
function tagsOf(value: string): { tag: string; weak: boolean }[] | undefined {
  const tags: { tag: string; weak: boolean }[] = [];
  LIST_ITEM.lastIndex = 0;
  while (LIST_ITEM.lastIndex < value.length) {
    const start = LIST_ITEM.lastIndex;
    const m = LIST_ITEM.exec(value);
    if (m === null || LIST_ITEM.lastIndex === start) return undefined;
    tags.push({ tag: m[1]!, weak: /^\s*W\//.test(m[0]) });
  }
  return tags;
}

/**
 * True when `header` (an If-Match value) lets a write of the resource tagged `etag` go ahead: `*`
 * (any current resource), or a list naming `etag` by the strong comparison RFC 9110 §13.1.1
 * prescribes for it (a weak tag, on either side, never matches). Absent: no condition, true. A
 * header that is no list of entity tags names nothing: false, so the write is refused rather than
 * made on a condition the server could not read.
 */
export function ifMatchHolds(header: string | null | undefined, etag: string): boolean {
  if (header === null || header === undefined) return true;
  const value = header.trim();
  if (value === '*') return true;
  if (etag.startsWith('W/')) return false;
  const tags = tagsOf(value);
  return tags !== undefined && tags.some((t) => !t.weak && t.tag === etag);
}
