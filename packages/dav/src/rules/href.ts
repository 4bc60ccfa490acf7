/**
 * Hrefs, both ways. A member's name is the client's choice (`<UID>.vcf`, `abc@host.ics`, a name with
 * spaces or non-ASCII): the server keeps it decoded, writes it percent-encoded as an RFC 3986 path
 * segment, and reads the hrefs a client sends (a multiget's, absolute or not, encoded the client's
 * way: `%40` or `@`, `%7E` or `~`) back to the same decoded segments, so the two compare equal.
 */

// RFC 3986 pchar = unreserved / pct-encoded / sub-delims / ":" / "@": what encodeURIComponent
// escapes needlessly among them is put back, so `abc@host.ics` stays as clients wrote it.
const NEEDLESS = /%(?:40|3A|21|24|26|27|28|29|2A|2B|2C|3B|3D)/g;
const UNESCAPE: Readonly<Record<string, string>> = { '%40': '@', '%3A': ':', '%21': '!', '%24': '$', '%26': '&', '%27': "'", '%28': '(', '%29': ')', '%2A': '*', '%2B': '+', '%2C': ',', '%3B': ';', '%3D': '=' };

// What comes out of the encoding as it went in (encodeURIComponent's unreserved, and NEEDLESS's):
// most names (`<UID>.vcf`, `<uuid>.ics`) are tested once, not encoded — a listing writes thousands.
const UNCHANGED = /^[A-Za-z0-9\-_.!~*'()@:$&+,;=]*$/;

/** One decoded path segment, encoded for an href. */
export function encodeSegment(segment: string): string {
  if (UNCHANGED.test(segment)) return segment;
  return encodeURIComponent(segment).replace(NEEDLESS, (m) => UNESCAPE[m]!);
}

/** An href path from decoded segments: `/` + each encoded, a trailing `/` for a collection. */
export function hrefOf(segments: readonly string[], collection: boolean): string {
  // A loop, not map: V8 deoptimised this on map's array in a fresh server (as @atomsync/items trimComponents says).
  let path = '';
  for (const segment of segments) path += `/${encodeSegment(segment)}`;
  if (path === '') path = '/';
  return collection && segments.length > 0 ? `${path}/` : path;
}

/**
 * An href that is a path of RFC 3986 pchars only (what clients send: vdirsyncer, DAVx⁵ and
 * Thunderbird multiget `/dav/…/<UID>.vcf`): the URL parser would give back the same path, so it is
 * read without one. A multiget of 100 parsed 200 URLs, most of its CPU after the store's.
 */
const PLAIN_PATH = /^\/(?!\/)[A-Za-z0-9\-_.!~*'()@:$&+,;=%/]*$/;

/** The decoded segments of a path, or undefined when one is `.`/`..`, holds a `/` or NUL, or is a malformed escape. */
function segmentsOfPath(path: string): string[] | undefined {
  const segments: string[] = [];
  try {
    for (const part of path.split('/')) {
      if (part === '') continue;
      const decoded = decodeURIComponent(part);
      // An encoded slash would make one segment two: no name holds one.
      if (decoded === '.' || decoded === '..' || decoded.includes('/') || decoded.includes('\u0000')) return undefined;
      segments.push(decoded);
    }
  } catch {
    return undefined; // a malformed escape
  }
  return segments;
}

/**
 * The decoded segments an href names, relative to the origin of `base` (the request URL): an
 * absolute href of another origin, a malformed escape, an encoded `/` or NUL inside a segment, or
 * a `.`/`..` segment gives undefined — a multiget answers such an href 404, never resolves it.
 */
export function segmentsOfHref(href: string, base: string): string[] | undefined {
  const trimmed = href.trim();
  if (PLAIN_PATH.test(trimmed)) return segmentsOfPath(trimmed);
  let url: URL;
  try {
    url = new URL(trimmed, base);
  } catch {
    return undefined;
  }
  if (url.origin !== new URL(base).origin) return undefined;
  // URL resolves `.` and `..` (encoded too): refuse them in what was sent rather than follow them.
  const sent = trimmed.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '').split(/[?#]/)[0]!;
  try {
    for (const part of sent.split('/')) {
      const decoded = decodeURIComponent(part);
      if (decoded === '.' || decoded === '..') return undefined;
    }
  } catch {
    return undefined;
  }
  return segmentsOfPath(url.pathname);
}
