/**
 * Who a CardDAV/CalDAV device is (issue 21, "Who may"): HTTP Basic with the account's username and
 * either the account's password or one of its app passwords (services/app-passwords.ts). The DAV
 * endpoint calls `authenticate` on each request; the Atom API never comes here (its authenticator,
 * auth/accounts.ts, takes the account password only, so an app password opens no admin door).
 *
 * - Every attempt goes through the server's sign-in guard (auth/sign-in.ts), as the other
 *   protocols' do: an address that failed too often on the name is answered 429 with Retry-After
 *   before anything is read, scrypt runs through its gate, failures and successes are counted.
 * - A verified credential is remembered (auth/credential-cache.ts) with the account and the hash
 *   it verified against. On a hit, one read by the account's id (store.appPasswords.holding) says
 *   whether that hash is still the account's or one of its app passwords': a revoked app password
 *   or a changed account password is refused at the next request, everywhere; a hit runs no scrypt,
 *   whatever the number of app passwords. Not the store's version (moved by any write): a DAV
 *   client writing one item after another would make every request a full re-read (issue 21).
 * - On a miss, the work is bounded: an app password is checked only when the presented password
 *   has the form of one (auth/app-password.ts), and then only those of the account's (at most
 *   APP_PASSWORD_LIMIT, 50) whose hint matches it: about one scrypt; then the account password,
 *   one scrypt (against a decoy for a name nobody holds, so timing does not tell which names
 *   exist). A wrong password costs one scrypt, rarely two.
 * - A sign-in with an app password records its use at most once a minute per app password (this
 *   instance remembers what it wrote; the store's write skips a row written within the minute by
 *   another), never per request.
 *
 * Refusal: 401 `unauthorized` with a Basic challenge. Without an Authorization header too (that is
 * how a client first asks), but only a malformed or wrong one counts as a failed sign-in.
 */
import { timingSafeEqual } from 'node:crypto';
import { ServiceError } from '../errors.js';
import { unwritableIn } from '../http/safe-text.js';
import type { AccountRecord, AppPasswordRecord } from '@atomsync/store';
import type { Store } from '@atomsync/store';
import { hintOf, typedForm } from './app-password.js';
import { basicAuthorization } from './basic.js';
import { CredentialCache, type CredentialCacheOptions } from './credential-cache.js';
import type { AccountPrincipal } from './principal.js';
import { SignInGuard } from './sign-in.js';

/** RFC 7617: the realm of the Atom API's challenge, and the charset the credentials are read in. */
export const DEVICE_CHALLENGE = 'Basic realm="atomsync", charset="UTF-8"';

/** An app password's last use is written when it moved by more than this (store.ts WRITE_LAST_SEEN_AFTER_MS does the same for devices). */
export const RECORD_USE_AFTER_MS = 60_000;

export interface DeviceAuthenticatorOptions {
  /** The server's sign-in guard, shared with the other protocols; default one of its own. */
  readonly signIn?: SignInGuard;
  readonly cache?: CredentialCacheOptions;
  /** Default Date.now: the cache's TTL and the last-use window read it. */
  readonly now?: () => number;
  /** The scrypt check; a seam for tests that count how often it runs. Ignored when `signIn` is given. */
  readonly verifyPassword?: (password: string, stored: string) => Promise<boolean>;
}

export interface DeviceAuthenticator {
  /**
   * The account an `Authorization` header (null when the request has none) signs in, with the
   * account password or an app password; `source` is the request's address
   * (http/client-address.ts sourceOf), which the throttle counts by. Throws ServiceError 401 (with
   * `www-authenticate`) or 429 (with `retry-after`): put its headers on the answer.
   */
  authenticate(authorization: string | null, source: string): Promise<AccountPrincipal>;
  /** The `WWW-Authenticate` value of a 401. */
  readonly challenge: string;
}

/** What a verification found: the account, and the app password when it was one. */
interface Verified {
  readonly account: AccountRecord;
  readonly appPassword?: AppPasswordRecord;
}

function refuse(message: string): ServiceError {
  return new ServiceError(401, 'unauthorized', message, [], { 'www-authenticate': DEVICE_CHALLENGE });
}

function principalOf(account: AccountRecord): AccountPrincipal {
  return { kind: 'account', id: account.id, username: account.username, admin: account.admin };
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function createDeviceAuthenticator(store: Store, options: DeviceAuthenticatorOptions = {}): DeviceAuthenticator {
  const now = options.now ?? Date.now;
  const guard = options.signIn ?? new SignInGuard({ now, verifyPassword: options.verifyPassword });
  const cache = new CredentialCache({ now, ...options.cache });
  const maxEntries = options.cache?.maxEntries ?? 10_000;
  // Concurrent first requests with one credential share one verification.
  const verifying = new Map<string, Promise<Verified | undefined>>();
  // When this instance last recorded each app password's use (insertion order: the oldest first).
  const recorded = new Map<string, number>();

  /** What a remembered credential still signs in, as the store holds it now; undefined when its hash is gone (revoked, changed) or the name is another's. */
  async function stillValid(username: string, hit: { accountId: number; passwordHash: string }): Promise<Verified | undefined> {
    const held = await store.appPasswords.holding(hit.accountId, hit.passwordHash);
    if (held === undefined || held.account.username !== username) return undefined;
    const { account, appPassword } = held;
    if (sameHash(account.passwordHash, hit.passwordHash)) return { account };
    return appPassword === undefined ? undefined : { account, appPassword };
  }

  async function verify(username: string, password: string, key: string, source: string): Promise<Verified | undefined> {
    // A miss runs scrypt: reading the account and its app passwords afresh costs little beside it.
    const account = await store.accounts.byUsername(username);
    const appPasswords = account === undefined ? [] : await store.appPasswords.list(account.id);
    const typed = typedForm(password);
    if (account !== undefined && typed !== undefined) {
      const hint = hintOf(typed);
      for (const appPassword of appPasswords) {
        if (appPassword.hint !== hint) continue;
        if (await guard.verify(username, source, typed, appPassword.passwordHash)) {
          cache.set(key, { accountId: account.id, passwordHash: appPassword.passwordHash });
          return { account, appPassword };
        }
      }
    }
    if (await guard.verify(username, source, password, account?.passwordHash)) {
      cache.set(key, { accountId: account!.id, passwordHash: account!.passwordHash });
      return { account: account! };
    }
    return undefined;
  }

  /** Bookkeeping: a failed write costs the sign-in nothing, and is tried again at the next one. */
  async function recordUse(appPassword: AppPasswordRecord): Promise<void> {
    const at = now();
    if (appPassword.lastUsed !== null && at - appPassword.lastUsed.getTime() < RECORD_USE_AFTER_MS) return;
    const last = recorded.get(appPassword.uuid);
    if (last !== undefined && at - last < RECORD_USE_AFTER_MS) return;
    recorded.delete(appPassword.uuid);
    recorded.set(appPassword.uuid, at);
    if (recorded.size > maxEntries) recorded.delete(recorded.keys().next().value!);
    try {
      await store.appPasswords.touch(appPassword.accountId, appPassword.uuid, new Date(at), RECORD_USE_AFTER_MS);
    } catch {
      recorded.delete(appPassword.uuid);
    }
  }

  async function identify(username: string, password: string, source: string): Promise<Verified | undefined> {
    // No account is named with a character XML cannot carry (and PostgreSQL text holds no NUL).
    if (username === '' || unwritableIn(username) !== undefined) return undefined;
    const key = cache.keyOf(`dav\0${username}`, password);
    const hit = cache.get(key);
    if (hit !== undefined) {
      const valid = await stillValid(username, hit);
      if (valid !== undefined) return valid;
      // Revoked, changed or deleted since it verified: forget it and check the password afresh.
      cache.delete(key);
    }
    let pending = verifying.get(key);
    if (pending === undefined) {
      pending = verify(username, password, key, source).finally(() => verifying.delete(key));
      verifying.set(key, pending);
    }
    return pending;
  }

  return {
    challenge: DEVICE_CHALLENGE,
    async authenticate(authorization, source) {
      if (authorization === null) throw refuse('this endpoint takes HTTP Basic: the account\'s username and its password or one of its app passwords');
      const credentials = basicAuthorization(authorization);
      if (credentials === undefined) {
        guard.admit(undefined, source);
        guard.failed(undefined, source);
        throw refuse('the Authorization header is not HTTP Basic credentials');
      }
      const { username, password } = credentials;
      // Before the cache: a cached credential answering while the address must wait would tell a
      // guesser, at no cost, which guess is right.
      guard.admit(username, source);
      const verified = await identify(username, password, source);
      if (verified === undefined) {
        guard.failed(username, source);
        throw refuse('the username or password is wrong');
      }
      guard.succeeded(username, source);
      if (verified.appPassword !== undefined) await recordUse(verified.appPassword);
      return principalOf(verified.account);
    },
  };
}
