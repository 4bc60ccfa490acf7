/**
 * How an extdata datastore's token signs in to a CardDAV/CalDAV remote (spec: ExtdataToken). The
 * same `token_type` 2 serves both forms, told apart by a scope:
 *
 * - HTTP Basic (iCloud, Fastmail, Nextcloud, Radicale…): `key` the username, `secret` the (app)
 *   password;
 * - an OAuth 2.0 bearer token (Google): a `scope` of OAUTH2_BEARER_SCOPE (RFC 6750's URN) among the
 *   token's scopes; `key` the access token, `secret` the refresh token.
 */
import type { ExtdataTokenRecord } from '../../../store/records.js';
import type { SecretBox } from '../../../secrets/box.js';

/** The scope that marks a token as an OAuth 2.0 bearer token rather than Basic credentials. */
export const OAUTH2_BEARER_SCOPE = 'urn:ietf:params:oauth:token-type:access_token';

export interface DavCredentials {
  readonly scheme: 'basic' | 'bearer';
  /** The Authorization header value. */
  readonly authorization: string;
  /** The clear values, to scrub from any message. */
  readonly secrets: readonly string[];
}

export const isBearer = (scopes: readonly string[]): boolean => scopes.includes(OAUTH2_BEARER_SCOPE);

export function credentialsOf(key: string, secret: string, scopes: readonly string[]): DavCredentials {
  if (isBearer(scopes)) return { scheme: 'bearer', authorization: `Bearer ${key}`, secrets: [key, secret] };
  const basic = Buffer.from(`${key}:${secret}`, 'utf8').toString('base64');
  return { scheme: 'basic', authorization: `Basic ${basic}`, secrets: [key, secret, basic] };
}

/** The credentials of a stored token (sealed at rest): opened here, for one run. */
export function openCredentials(token: ExtdataTokenRecord, secrets: SecretBox): DavCredentials {
  return credentialsOf(secrets.open(token.sealedKey), secrets.open(token.sealedSecret), token.scopes);
}
