/**
 * The Authenticator of a server with accounts: HTTP Basic, Bearer and OAuth 1.0a
 * (guide/protocol.md#authentication), all checked against the store.
 *
 * | scheme | what is checked                                                                     |
 * |--------|-------------------------------------------------------------------------------------|
 * | Basic  | the scrypt hash, once; then the verified-credential cache (auth/credential-cache.ts)  |
 * | Bearer | the token's SHA-256 digest, looked up                                                |
 * | OAuth  | RFC 5849 two-legged HMAC-SHA1: consumer, signature, timestamp ±300 s, nonce unseen   |
 *
 * No credentials → undefined (the pipeline answers 401 where the operation needs an account).
 * Credentials that do not authenticate → 401 `unauthorized` with `WWW-Authenticate`. Nothing
 * here logs or echoes a credential: messages say what was wrong, never with what.
 *
 * Every scheme goes through the sign-in guard (auth/sign-in.ts): an address that failed too often
 * is answered 429 `rate_limited` with Retry-After before anything is checked (Basic per name and
 * address, Bearer and OAuth per address), failures are counted, and scrypt runs through its gate.
 */
import { unwritableIn } from '../http/safe-text.js';
import { timingSafeEqual } from 'node:crypto';
import type { H3Event } from 'h3';
import { ServiceError } from '../errors.js';
import type { SecretBox } from '../secrets/box.js';
import { tokenDigest } from '../services/accounts.js';
import type { AccountRecord } from '@atomsync/store';
import type { Store } from '@atomsync/store';
import type { Authenticator } from './authenticate.js';
import { decodeBasic } from './basic.js';
import { CredentialCache, type CredentialCacheOptions } from './credential-cache.js';
import { hmacSha1Signature, parseOAuthHeader, sameSignature, signatureBaseString } from './oauth.js';
import type { AccountPrincipal } from './principal.js';
import { SignInGuard } from './sign-in.js';
import { sourceOf } from '../http/client-address.js';

export const CHALLENGE = 'Basic realm="atomsync", OAuth realm="atomsync"';

/** How far an OAuth timestamp may be from the server's clock, either way. */
export const OAUTH_WINDOW_SECONDS = 300;
/** How often an account's nonces that fell out of the window are pruned from the store, at most. */
const NONCE_PRUNE_INTERVAL_MS = 60_000;

export interface AccountAuthenticatorOptions {
  /** ATOMSYNC_BASE_URL: an OAuth signature over it (as a client behind a proxy saw us) is accepted too. */
  readonly baseUrl?: string;
  readonly cache?: CredentialCacheOptions;
  /** Default Date.now; the OAuth window and the cache's TTL read it. */
  readonly now?: () => number;
  /** The scrypt check; a seam for tests that count how often it runs. Default auth/password.ts. Ignored when `signIn` is given. */
  readonly verifyPassword?: (password: string, stored: string) => Promise<boolean>;
  /** The server's sign-in guard, shared with the device protocols; default one of its own. */
  readonly signIn?: SignInGuard;
}

function refuse(message: string): ServiceError {
  return new ServiceError(401, 'unauthorized', message, [], { 'www-authenticate': CHALLENGE });
}

function principalOf(account: AccountRecord): AccountPrincipal {
  return { kind: 'account', id: account.id, username: account.username, admin: account.admin };
}

export function createAccountAuthenticator(store: Store, secrets: SecretBox, options: AccountAuthenticatorOptions = {}): Authenticator {
  const now = options.now ?? Date.now;
  const guard = options.signIn ?? new SignInGuard({ now, verifyPassword: options.verifyPassword });
  const cache = new CredentialCache({ now, ...options.cache });
  // Concurrent first requests with one credential share one scrypt run.
  const verifying = new Map<string, Promise<AccountRecord | undefined>>();
  // When each account's nonces are next pruned (insertion order: the least recently pruned first).
  const nextPrune = new Map<number, number>();
  const maxPruneTimes = options.cache?.maxEntries ?? 10_000;
  // Basic accounts as last read, under the store's version read just before (insertion order: oldest first).
  const accountsSeen = new Map<string, { readonly version: string; readonly account: AccountRecord }>();
  const maxAccountsSeen = options.cache?.maxEntries ?? 10_000;

  async function verifyBasic(username: string, password: string, key: string, source: string): Promise<AccountRecord | undefined> {
    const account = await store.accounts.byUsername(username);
    // An unknown username pays the same scrypt (a decoy's), so timing does not reveal which names exist.
    const ok = await guard.verify(username, source, password, account?.passwordHash);
    if (!ok || account === undefined) return undefined;
    cache.set(key, { accountId: account.id, passwordHash: account.passwordHash });
    return account;
  }

  /**
   * The account as the store holds it now: read again only when the store's version has moved
   * since it was last read (any committed write moves it, on any instance), so a password change
   * or a delete is seen at the next request. The version is read after the request arrived, and
   * one read serves the requests that ask in the same turn (Store.version).
   */
  async function currentAccount(username: string): Promise<AccountRecord | undefined> {
    // Read before the account: a write landing in between makes what is kept a miss later, never stale.
    const version = await store.version();
    const seen = accountsSeen.get(username);
    if (seen !== undefined && seen.version === version) return seen.account;
    const account = await store.accounts.byUsername(username);
    accountsSeen.delete(username);
    if (account !== undefined) {
      accountsSeen.set(username, { version, account });
      if (accountsSeen.size > maxAccountsSeen) accountsSeen.delete(accountsSeen.keys().next().value!);
    }
    return account;
  }

  async function basic(credentials: string, source: string): Promise<AccountPrincipal> {
    const pair = decodeBasic(credentials);
    if (pair === undefined) {
      guard.admit(undefined, source);
      guard.failed(undefined, source);
      throw refuse('the Basic credentials are malformed');
    }
    const { username, password } = pair;
    // Before the cache: a cached credential answering while the address must wait would tell a
    // guesser, at no cost, which guess is right.
    guard.admit(username, source);
    // No account is named with a character XML cannot carry (and PostgreSQL text holds no NUL).
    if (unwritableIn(username) !== undefined) {
      guard.failed(username, source);
      throw refuse('the username or password is wrong');
    }
    const key = cache.keyOf(username, password);
    const hit = cache.get(key);
    if (hit !== undefined) {
      const account = await currentAccount(username);
      if (account !== undefined && account.id === hit.accountId && samePasswordHash(account.passwordHash, hit.passwordHash)) {
        guard.succeeded(username, source);
        return principalOf(account);
      }
      // Changed or deleted since it verified: forget it and check the password afresh.
      cache.delete(key);
    }
    let pending = verifying.get(key);
    if (pending === undefined) {
      pending = verifyBasic(username, password, key, source).finally(() => verifying.delete(key));
      verifying.set(key, pending);
    }
    const account = await pending;
    if (account === undefined) {
      guard.failed(username, source);
      throw refuse('the username or password is wrong');
    }
    guard.succeeded(username, source);
    return principalOf(account);
  }

  /** Bearer and OAuth name no password to guess per name: their failures count against the address. */
  async function byAddress(source: string, check: () => Promise<AccountPrincipal>): Promise<AccountPrincipal> {
    guard.admit(undefined, source);
    try {
      return await check();
    } catch (error) {
      if (error instanceof ServiceError && error.status === 401) guard.failed(undefined, source);
      throw error;
    }
  }

  async function bearer(token: string): Promise<AccountPrincipal> {
    const record = token === '' ? undefined : await store.tokens.byDigest(tokenDigest(token));
    const account = record && (await store.accounts.get(record.accountId));
    if (account === undefined) throw refuse('the bearer token is not valid');
    return principalOf(account);
  }

  async function oauth(event: H3Event, header: string): Promise<AccountPrincipal> {
    const params = parseOAuthHeader(header);
    if (params === undefined) throw refuse('the OAuth Authorization header is malformed');
    const key = params.get('oauth_consumer_key');
    const signature = params.get('oauth_signature');
    const timestamp = params.get('oauth_timestamp');
    const nonce = params.get('oauth_nonce');
    if (!key || !signature || !timestamp || !nonce) throw refuse('the OAuth request lacks oauth_consumer_key, oauth_signature, oauth_timestamp or oauth_nonce');
    if (params.get('oauth_signature_method') !== 'HMAC-SHA1') throw refuse('only the HMAC-SHA1 OAuth signature method is supported');
    if (params.has('oauth_version') && params.get('oauth_version') !== '1.0') throw refuse('only OAuth version 1.0 is supported');
    // Two-legged: consumers sign on their own; this server issues no OAuth tokens.
    if (params.get('oauth_token')) throw refuse('this server issues no OAuth tokens: sign with the consumer only');
    if (!/^\d{1,12}$/.test(timestamp)) throw refuse('oauth_timestamp must be whole seconds since the epoch');
    // Keys we issue and nonces we keep are plain text: these name nothing and are never stored.
    if (unwritableIn(key) !== undefined || unwritableIn(nonce) !== undefined) throw refuse('the OAuth signature does not verify');

    const consumer = await store.consumers.byKey(key);
    if (consumer === undefined) throw refuse('the OAuth signature does not verify');
    let secret: string;
    try {
      secret = secrets.open(consumer.sealedSecret);
    } catch {
      // Sealed under another secret key (ATOMSYNC_SECRET_KEY changed): no signature can be checked,
      // and the consumer must be issued again (guide/operators.md, "The secret key").
      throw refuse('the OAuth signature does not verify');
    }
    const method = event.req.method;
    const signed = signedUrls(event.url, options.baseUrl).some((url) => sameSignature(hmacSha1Signature(signatureBaseString(method, url, params), secret), signature));
    if (!signed) throw refuse('the OAuth signature does not verify');

    // Checked after the signature, so nobody without the secret can fill the nonce table.
    const nowSeconds = Math.floor(now() / 1000);
    const seconds = Number(timestamp);
    if (Math.abs(nowSeconds - seconds) > OAUTH_WINDOW_SECONDS) throw refuse(`oauth_timestamp is more than ${OAUTH_WINDOW_SECONDS} seconds from the server's clock`);
    await pruneNonces(consumer.accountId, nowSeconds);
    if (!(await store.nonces.remember(consumer.accountId, key, seconds, nonce))) throw refuse('this oauth_nonce was already used: a replayed request');

    const account = await store.accounts.get(consumer.accountId);
    if (account === undefined) throw refuse('the OAuth signature does not verify');
    return principalOf(account);
  }

  /**
   * The account's own stale nonces, so an account that signs with OAuth keeps its nonces bounded
   * without a housekeeping run (a server embedded without one); housekeeping sweeps the rest.
   * Never every account's from a request: on a store sharded by account that reads every node.
   */
  async function pruneNonces(accountId: number, nowSeconds: number): Promise<void> {
    if (now() < (nextPrune.get(accountId) ?? 0)) return;
    nextPrune.delete(accountId);
    nextPrune.set(accountId, now() + NONCE_PRUNE_INTERVAL_MS);
    // Forgetting an account's time only means its next request prunes again.
    if (nextPrune.size > maxPruneTimes) nextPrune.delete(nextPrune.keys().next().value!);
    try {
      await store.nonces.prune(nowSeconds - OAUTH_WINDOW_SECONDS, accountId);
    } catch {
      // Housekeeping only: what is not pruned now is pruned next time, and stale nonces are refused by their timestamp.
    }
  }

  return {
    challenge: CHALLENGE,
    async identify(event) {
      const header = event.req.headers.get('authorization');
      if (header === null) return undefined;
      const space = header.indexOf(' ');
      const scheme = (space < 0 ? header : header.slice(0, space)).toLowerCase();
      const rest = space < 0 ? '' : header.slice(space + 1).trim();
      const source = sourceOf(event);
      switch (scheme) {
        case 'basic':
          return basic(rest, source);
        case 'bearer':
          return byAddress(source, () => bearer(rest));
        case 'oauth':
          return byAddress(source, () => oauth(event, header));
        default:
          return byAddress(source, async () => {
            throw refuse('the Authorization scheme is not one of Basic, Bearer, OAuth');
          });
      }
    },
  };
}

function samePasswordHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The URLs a client may have signed: the request's own, and, behind a proxy, the same path under
 * ATOMSYNC_BASE_URL (its scheme, host and any path prefix), as the client addressed us.
 */
function signedUrls(url: URL, baseUrl: string | undefined): URL[] {
  const urls = [url];
  if (baseUrl !== undefined) {
    const proxied = new URL(baseUrl.replace(/\/+$/, '') + url.pathname + url.search);
    if (proxied.href !== url.href) urls.push(proxied);
  }
  return urls;
}
