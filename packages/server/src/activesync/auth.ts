/**
 * Who an ActiveSync phone is: HTTP Basic with the username and password registered for its
 * ActiveSync client (POST /v2/services/activesync/). A `DOMAIN\user` name is read as `user`
 * (phones set up for Exchange send one). A username is held by one client across the service,
 * compared without ASCII case (store: ActivesyncNameTaken), so it names the client and the
 * password only proves it: one scrypt per attempt, against a decoy for a name nobody holds. A verified
 * credential is remembered (auth/credential-cache.ts) with the hash it verified against, so a
 * password changed through the API refuses the old one at the next request, on any instance.
 * Wrong or missing credentials: 401 with a Basic challenge, nothing changed. Every attempt goes
 * through the server's sign-in guard (auth/sign-in.ts): an address that failed too often on the
 * name is answered 429 with Retry-After before anything is read, and scrypt runs through its gate.
 */
import { basicAuthorization } from '../auth/basic.js';
import type { Store } from '@atomsync/store';
import type { ActivesyncClientRecord } from '@atomsync/store';
import { CredentialCache, type CredentialCacheOptions } from '../auth/credential-cache.js';
import type { AccountPrincipal } from '../auth/principal.js';
import { SignInGuard } from '../auth/sign-in.js';
import { ServiceError } from '../errors.js';
import { unwritableIn } from '../http/safe-text.js';

export const ACTIVESYNC_CHALLENGE = 'Basic realm="ActiveSync"';

export interface PhoneIdentity {
  readonly client: ActivesyncClientRecord;
  readonly account: AccountPrincipal;
}

function refuse(message: string): ServiceError {
  return new ServiceError(401, 'unauthorized', message, [], { 'www-authenticate': ACTIVESYNC_CHALLENGE });
}

/** `Basic <base64>` → username (without a domain) and password; anything else is undefined. */
export function basicCredentials(authorization: string | null): { username: string; password: string } | undefined {
  const pair = basicAuthorization(authorization);
  if (pair === undefined) return undefined;
  const backslash = pair.username.lastIndexOf('\\');
  return { username: backslash < 0 ? pair.username : pair.username.slice(backslash + 1), password: pair.password };
}

export interface PhoneAuthenticatorOptions {
  readonly cache?: CredentialCacheOptions;
  /** The scrypt check; a seam for tests that count how often it runs. Ignored when `signIn` is given. */
  readonly verifyPassword?: (password: string, stored: string) => Promise<boolean>;
  /** The server's sign-in guard, shared with the other protocols; default one of its own. */
  readonly signIn?: SignInGuard;
}

export class PhoneAuthenticator {
  readonly #store: Store;
  readonly #cache: CredentialCache;
  readonly #guard: SignInGuard;

  constructor(store: Store, options: PhoneAuthenticatorOptions = {}) {
    this.#store = store;
    this.#cache = new CredentialCache(options.cache);
    this.#guard = options.signIn ?? new SignInGuard({ verifyPassword: options.verifyPassword });
  }

  /** The phone the credentials name; `source` is the request's address (http/client-address.ts), which the throttle counts by. */
  async authenticate(authorization: string | null, source = 'unknown'): Promise<PhoneIdentity> {
    const credentials = basicCredentials(authorization);
    if (credentials === undefined) {
      // No credentials is how a phone first asks (it expects the challenge): only a malformed header counts.
      if (authorization !== null) {
        this.#guard.admit(undefined, source);
        this.#guard.failed(undefined, source);
      }
      throw refuse('an ActiveSync phone authenticates with HTTP Basic: the username and password of its ActiveSync client');
    }
    const { username, password } = credentials;
    // Before the cache, which would otherwise tell a waiting guesser which guess is right.
    this.#guard.admit(username, source);
    try {
      const identity = await this.#identify(username, password, source);
      this.#guard.succeeded(username, source);
      return identity;
    } catch (error) {
      if (error instanceof ServiceError && error.status === 401) this.#guard.failed(username, source);
      throw error;
    }
  }

  async #identify(username: string, password: string, source: string): Promise<PhoneIdentity> {
    if (username === '' || unwritableIn(username) !== undefined) throw refuse('the username or password is wrong');
    const candidate = await this.#store.activesync.byUsername(username);
    const key = this.#cache.keyOf(`activesync\0${username}`, password);
    const known = this.#cache.get(key);
    let client = known !== undefined && candidate?.accountId === known.accountId && candidate.passwordHash === known.passwordHash ? candidate : undefined;
    if (client === undefined) {
      // One scrypt whether the name is held or not (the guard's gate runs it against its decoy when
      // nobody holds the name): timing does not tell which names exist.
      const verified = await this.#guard.verify(username, source, password, candidate?.passwordHash);
      if (candidate === undefined || !verified) throw refuse('the username or password is wrong');
      client = candidate;
      this.#cache.set(key, { accountId: client.accountId, passwordHash: client.passwordHash });
    }
    const account = await this.#store.accounts.get(client.accountId);
    if (account === undefined) throw refuse('the username or password is wrong');
    return { client, account: { kind: 'account', id: account.id, username: account.username, admin: account.admin } };
  }
}
