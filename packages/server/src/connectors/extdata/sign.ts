/**
 * OAuth 1.0a request signing for an extdata datastore (RFC 5849, HMAC-SHA1, two-legged): the
 * datastore's token key and secret sign as consumer key and secret, which is what a remote in the
 * style of our own datastore API verifies (auth/oauth.ts).
 *
 * The query is handed to `oauth-1.0a` as decoded `data`, not left in the URL: the library splits a
 * URL's query on raw `=`/`&` without decoding, then percent-encodes again, so `since=…T12%3A00…`
 * would be signed as `%253A` and refused by any verifier that decodes first, as RFC 5849 asks.
 */
import { createHmac, randomBytes } from 'node:crypto';
import OAuth from 'oauth-1.0a';

/** The `Authorization` header value for one request. */
export type Signer = (method: string, url: URL) => string;

export function oauthSigner(key: string, secret: string): Signer {
  const oauth = new OAuth({
    consumer: { key, secret },
    signature_method: 'HMAC-SHA1',
    hash_function: (base, hmacKey) => createHmac('sha1', hmacKey).update(base).digest('base64'),
  });
  // The library draws nonces from Math.random; a verifier's replay window turns a collision into a
  // spurious 401, so use the system's randomness.
  oauth.getNonce = () => randomBytes(16).toString('hex');
  return (method, url) => {
    const data: Record<string, string | string[]> = {};
    for (const [name, value] of url.searchParams) {
      const seen = data[name];
      data[name] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
    }
    return oauth.toHeader(oauth.authorize({ method, url: `${url.origin}${url.pathname}`, data })).Authorization;
  };
}
