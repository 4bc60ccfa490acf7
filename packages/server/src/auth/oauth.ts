/**
 * OAuth 1.0a signatures as the server checks them (RFC 5849, two-legged, HMAC-SHA1 only): the
 * `Authorization: OAuth …` parameters, the signature base string and the signature. Pure
 * functions; auth/accounts.ts adds the consumer lookup, the time window and the nonce store.
 *
 * Written out rather than taken from `oauth-1.0a`, whose verifier-side helpers split queries on
 * raw `=`/`&` without form decoding (RFC 5849 §3.4.1.3.1 asks for it) and sort repeated names
 * by their raw values. Tests sign with that library and with the SDK to prove the two agree.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** RFC 3986 percent-encoding as RFC 5849 §3.6 wants it: everything but unreserved characters. */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The parameters of an `OAuth` Authorization header, decoded; undefined when it is malformed. */
export function parseOAuthHeader(header: string): Map<string, string> | undefined {
  const match = /^OAuth(?:\s+|$)/i.exec(header);
  if (match === null) return undefined;
  const params = new Map<string, string>();
  const pair = /\s*([^\s=,"]+)\s*=\s*"([^"]*)"\s*(,|$)/y;
  pair.lastIndex = match[0].length;
  while (pair.lastIndex < header.length) {
    const found = pair.exec(header);
    if (found === null) return undefined;
    let name: string;
    let value: string;
    try {
      name = decodeURIComponent(found[1]!);
      value = decodeURIComponent(found[2]!);
    } catch {
      return undefined;
    }
    // A repeated protocol parameter is ambiguous: which one was signed?
    if (params.has(name)) return undefined;
    params.set(name, value);
    if (found[3] === '') break;
  }
  return pair.lastIndex === header.length || header.slice(pair.lastIndex).trim() === '' ? params : undefined;
}

/** RFC 5849 §3.4.1.2: scheme and host lower-case, the default port left out, no query or fragment. */
export function baseStringUri(url: URL): string {
  return `${url.protocol}//${url.host}${url.pathname}`;
}

/**
 * RFC 5849 §3.4.1.3.2: every pair encoded, sorted by name then value, `name=value` joined by `&`.
 * `pairs` are decoded values (the query's, form-decoded, and the oauth_* ones but the signature).
 */
export function normalizeParameters(pairs: readonly (readonly [string, string])[]): string {
  const encoded = pairs.map(([name, value]) => [percentEncode(name), percentEncode(value)] as const);
  // Encoded pairs are ASCII, so code-unit order is the byte order the RFC asks for.
  encoded.sort(([an, av], [bn, bv]) => (an < bn ? -1 : an > bn ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  return encoded.map(([name, value]) => `${name}=${value}`).join('&');
}

/** RFC 5849 §3.4.1.1. */
export function signatureBaseString(method: string, url: URL, oauthParams: ReadonlyMap<string, string>): string {
  const pairs: [string, string][] = [...url.searchParams];
  for (const [name, value] of oauthParams) if (name !== 'oauth_signature' && name !== 'realm') pairs.push([name, value]);
  return `${method.toUpperCase()}&${percentEncode(baseStringUri(url))}&${percentEncode(normalizeParameters(pairs))}`;
}

/** RFC 5849 §3.4.2: HMAC-SHA1 keyed by `encode(consumer secret)&encode(token secret)`, base64. */
export function hmacSha1Signature(baseString: string, consumerSecret: string, tokenSecret = ''): string {
  return createHmac('sha1', `${percentEncode(consumerSecret)}&${percentEncode(tokenSecret)}`).update(baseString, 'utf8').digest('base64');
}

/** Constant-time comparison of two signatures. */
export function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
