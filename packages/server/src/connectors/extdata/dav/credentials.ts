/**
 * How an extdata datastore's token signs in to a CardDAV/CalDAV remote (spec: ExtdataToken). The
 * same `token_type` 2 serves both forms, told apart by a scope:
 *
 * - HTTP Basic (iCloud, Fastmail, Nextcloud, Radicale…): `key` the username, `secret` the (app)
 *   password;
 * - an OAuth 2.0 bearer token (Google): a `scope` of OAUTH2_BEARER_SCOPE (RFC 8693's URN for an
 *   access token) among the token's scopes; `key` the access token, `secret` the refresh token.
 *
 * A bearer token the remote answers 401 to is refreshed (oauth.ts) with the operator's OAuth client
 * for the collection's origin, the renewed tokens stored sealed before they are used, and the
 * request sent once more (the DAV client's `reauthorize`). One refresh at a time across runs and
 * instances (refreshed.ts): a run that finds another holding the refresh waits for the tokens it
 * stores, and tokens another run stored meanwhile are taken instead of refreshing again.
 */
import type { ExtdataTokenRecord } from '@atomsync/store';
import type { SecretBox } from '../../../secrets/box.js';
import type { FetchLike } from '@atomsync/dav';
import { isBearer, oauthClientFor, refreshAccessToken, RefreshRefused, type OAuthClient } from './oauth.js';

export { isBearer, OAUTH2_BEARER_SCOPE } from './oauth.js';
import { newHolder, type SharedTokens } from './refreshed.js';


export interface DavCredentials {
  readonly scheme: 'basic' | 'bearer';
  /** The Authorization header value. */
  readonly authorization: string;
  /** The clear values, to scrub from any message. */
  readonly secrets: readonly string[];
}


export function credentialsOf(key: string, secret: string, scopes: readonly string[]): DavCredentials {
  if (isBearer(scopes)) return { scheme: 'bearer', authorization: `Bearer ${key}`, secrets: [key, secret] };
  const basic = Buffer.from(`${key}:${secret}`, 'utf8').toString('base64');
  return { scheme: 'basic', authorization: `Basic ${basic}`, secrets: [key, secret, basic] };
}

/** What a run refreshes bearer tokens with: the operator's OAuth clients, and where renewed tokens are stored. */
export interface BearerRefresh {
  readonly clients: readonly OAuthClient[];
  /** The stored tokens: the lease on refreshing them, the renewed ones stored, another run's taken. */
  readonly shared: SharedTokens;
  /** How often a run waiting for another's refresh looks at the store; default WAIT_POLL_MS. */
  readonly pollMs?: number;
}

/** A run waiting for another run's refresh looks at the store this often. */
const WAIT_POLL_MS = 100;

/** A datastore's sign-in for one run: the header to send now, and how to renew it on a 401. */
export interface SignIn {
  authorization(): string;
  /** Resolves true once renewed (the request goes again), false for credentials that cannot be (Basic); throws RefreshRefused. */
  reauthorize(refused: string): Promise<boolean>;
}

export interface SignInOptions {
  readonly refresh?: BearerRefresh;
  readonly fetch: FetchLike;
  /** Each clear value this sign-in comes to hold (a renewed token too), to scrub from messages. */
  readonly onSecret: (value: string) => void;
}

/**
 * The sign-in of a stored token (sealed at rest: opened here, for one run), for a collection at
 * `collection`. Datastores that hold the same token should share one SignIn (signInKey): one
 * refresh serves them all, and a provider that rotates refresh tokens voids the old one at once.
 */
export function openSignIn(token: ExtdataTokenRecord, secrets: SecretBox, collection: string, options: SignInOptions): SignIn {
  const opened = credentialsOf(secrets.open(token.sealedKey), secrets.open(token.sealedSecret), token.scopes);
  opened.secrets.forEach(options.onSecret);
  if (opened.scheme === 'basic') return { authorization: () => opened.authorization, reauthorize: async () => false };

  let accessToken = secrets.open(token.sealedKey);
  let refreshToken = secrets.open(token.sealedSecret);
  let renewing: Promise<void> | undefined;
  const origin = new URL(collection).origin;
  const holder = newHolder();
  const take = (tokens: { readonly accessToken: string; readonly refreshToken: string }): void => {
    options.onSecret(tokens.accessToken);
    options.onSecret(tokens.refreshToken);
    accessToken = tokens.accessToken;
    refreshToken = tokens.refreshToken;
  };
  const renew = async (): Promise<void> => {
    const refresh = options.refresh;
    const client = refresh === undefined ? undefined : oauthClientFor(refresh.clients, collection);
    if (refresh === undefined || client === undefined) {
      throw new RefreshRefused(`extdata ${origin}: the remote refused the OAuth 2.0 access token (401), and no OAuth client of this server is set for ${origin} to refresh it with (ATOMSYNC_OAUTH_CLIENTS); give the datastore a fresh token (PUT the client naming it)`);
    }
    const held = { accessToken, refreshToken };
    // One refresh at a time across instances: take what another run stored, wait for the one refreshing, or hold the lease.
    for (;;) {
      const claim = await refresh.shared.claim(collection, held, holder);
      if (claim.kind === 'renewed') return take(claim.tokens);
      if (claim.kind === 'refresh') break;
      await new Promise((resolve) => setTimeout(resolve, Math.max(1, Math.min(refresh.pollMs ?? WAIT_POLL_MS, claim.until - Date.now()))));
    }
    try {
      if (refreshToken === '') throw new RefreshRefused(`extdata ${origin}: the remote refused the OAuth 2.0 access token (401), and the datastore's token holds no refresh token (its secret); give the datastore a fresh token (PUT the client naming it)`);
      const renewed = await refreshAccessToken(client, refreshToken, options.fetch);
      options.onSecret(renewed.accessToken);
      if (renewed.refreshToken !== undefined) options.onSecret(renewed.refreshToken);
      // Stored before used (ending the lease): a provider that rotates refresh tokens has voided the one we held.
      await refresh.shared.store(held, renewed);
      accessToken = renewed.accessToken;
      refreshToken = renewed.refreshToken ?? refreshToken;
    } catch (error) {
      // Refused or not stored: the lease ends now, not in LEASE_MS (the next run asks for itself and is told why).
      await refresh.shared.release(held, holder).catch(() => undefined);
      throw error;
    }
  };
  return {
    authorization: () => `Bearer ${accessToken}`,
    async reauthorize(refused) {
      // Another request of the run renewed it meanwhile: send again with the new one.
      if (refused !== `Bearer ${accessToken}`) return true;
      renewing ??= renew().finally(() => (renewing = undefined));
      await renewing;
      return true;
    },
  };
}

/** Datastores whose tokens give the same key share one SignIn. */
export const signInKey = (token: ExtdataTokenRecord, secrets: SecretBox): string => `${token.scopes.join(' ')}\n${secrets.open(token.sealedKey)}\n${secrets.open(token.sealedSecret)}`;
