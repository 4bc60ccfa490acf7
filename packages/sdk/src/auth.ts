/**
 * Credentials. An Auth computes the `Authorization` header of one request; it sees the final
 * method and URL because an OAuth 1.0a signature covers both (and the query).
 *
 * Web APIs only (TextEncoder, btoa, Web Crypto), the same in Node 20, browsers and edge runtimes:
 * the one implementation both builds ship.
 */
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
  const value = `Basic ${base64(new TextEncoder().encode(`${username}:${password}`))}`;
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
 *
 * oauth-1.0a writes the base string, the signing key and the header; the HMAC is Web Crypto's,
 * which is asynchronous, so the library's (synchronous) hash function is not used. In a browser,
 * Web Crypto is there in secure contexts only (https, localhost).
 */
export function oauth1(credentials: OAuth1Credentials): Auth {
  const oauth = new OAuth({
    consumer: { key: credentials.consumerKey, secret: credentials.consumerSecret },
    signature_method: 'HMAC-SHA1',
    realm: credentials.realm,
    hash_function: () => {
      throw new Error('oauth1: signs with Web Crypto, not through oauth-1.0a');
    },
  });
  let key: Promise<CryptoKey> | undefined;
  return async ({ method, url }) => {
    key ??= hmacSha1Key(oauth.getSigningKey(credentials.tokenSecret));
    const data: OAuth.Data = {
      oauth_consumer_key: credentials.consumerKey,
      // oauth-1.0a draws nonces from Math.random; a replay window on the server makes a collision
      // a spurious 401, so use the system's randomness.
      oauth_nonce: hex(crypto.getRandomValues(new Uint8Array(16))),
      oauth_signature_method: 'HMAC-SHA1',
      oauth_timestamp: Math.floor(Date.now() / 1000),
      oauth_version: '1.0',
      ...(credentials.token === undefined ? {} : { oauth_token: credentials.token }),
    };
    // getBaseString merges the query parameters into the object it is given: hand it a copy.
    const base = oauth.getBaseString({ method, url: url.href, data: {} }, { ...data });
    const signature = await crypto.subtle.sign('HMAC', await key, new TextEncoder().encode(base));
    return oauth.toHeader({ ...data, oauth_signature: base64(new Uint8Array(signature)) }).Authorization;
  };
}

function hmacSha1Key(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-1' }, false, ['sign']);
}

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

function hex(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += b.toString(16).padStart(2, '0');
  return s;
}
