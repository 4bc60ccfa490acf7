/**
 * Credentials. An Auth computes the `Authorization` header of one request; it sees the final
 * method and URL because an OAuth 1.0a signature covers both (and the query).
 */
import { createHmac, randomBytes } from 'node:crypto';
import OAuth from 'oauth-1.0a';

/** The request an Auth signs: the method and the full URL, query included. */
export interface AuthRequest {
  readonly method: string;
  readonly url: URL;
}

/** Returns the `Authorization` header value for one request. */
export type Auth = (request: AuthRequest) => string | Promise<string>;

/** HTTP Basic with the account's username and password (RFC 7617, UTF-8). */
export function basicAuth(username: string, password: string): Auth {
  // A colon would end the user-id early on the server's side: refuse it here, where it's clear.
  if (username.includes(':')) throw new TypeError('basicAuth: a username cannot contain ":"');
  const value = `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`;
  return () => value;
}

/**
 * A bearer token issued by the admin API. Pass a function to fetch or rotate the token per
 * request (it is called before every request).
 */
export function bearerAuth(token: string | (() => string | Promise<string>)): Auth {
  if (typeof token === 'string') {
    const value = `Bearer ${token}`;
    return () => value;
  }
  return async () => `Bearer ${await token()}`;
}

export interface OAuth1Credentials {
  consumerKey: string;
  consumerSecret: string;
  /** Omit for two-legged OAuth (atomsync's consumers sign without a token). */
  token?: string;
  tokenSecret?: string;
  realm?: string;
}

/**
 * OAuth 1.0a, HMAC-SHA1 (RFC 5849). The signature covers the method, the URL and its query
 * parameters; Atom bodies are not form-encoded, so they are not part of it.
 */
export function oauth1(credentials: OAuth1Credentials): Auth {
  const oauth = new OAuth({
    consumer: { key: credentials.consumerKey, secret: credentials.consumerSecret },
    signature_method: 'HMAC-SHA1',
    realm: credentials.realm,
    hash_function: (base, key) => createHmac('sha1', key).update(base).digest('base64'),
  });
  // The library draws nonces from Math.random; a replay window on the server makes a collision a
  // spurious 401, so use the system's randomness.
  oauth.getNonce = () => randomBytes(16).toString('hex');
  const token = credentials.token === undefined ? undefined : { key: credentials.token, secret: credentials.tokenSecret ?? '' };
  return ({ method, url }) => oauth.toHeader(oauth.authorize({ method, url: url.href }, token)).Authorization;
}
