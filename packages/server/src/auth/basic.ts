/**
 * HTTP Basic credentials (RFC 7617), read in one place for every way in that takes them: the REST
 * API (auth/accounts.ts), device sign-in (auth/device-sign-in.ts: DAV and the other device
 * protocols), ActiveSync (activesync/auth.ts) and SyncML's HTTP Basic and `syncml:auth-basic` Cred
 * (syncml/auth.ts). What each does with a name (a `DOMAIN\user` form, an empty one) stays its own.
 */

export interface BasicCredentials {
  readonly username: string;
  readonly password: string;
}

/** Base64 as RFC 7617 sends it: the standard alphabet, padding only at the end. */
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * The base64 of `user:password` → its two parts (the name up to the first colon, possibly empty);
 * undefined when it holds no colon, or, unless `lenient`, when it is not base64. Lenient is for
 * SyncML's Cred, which phones have always sent through a decoder that skips what is not base64.
 */
export function decodeBasic(encoded: string, lenient = false): BasicCredentials | undefined {
  const text = encoded.trim();
  if (!lenient && !BASE64.test(text)) return undefined;
  const decoded = Buffer.from(text, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** `Basic <base64>` (the scheme in any case) → the credentials; undefined for another scheme or a malformed value. */
export function basicAuthorization(authorization: string | null | undefined, lenient = false): BasicCredentials | undefined {
  const match = /^Basic\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match === null ? undefined : decodeBasic(match[1]!, lenient);
}
