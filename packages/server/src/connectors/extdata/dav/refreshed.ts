/**
 * Where a refreshed OAuth 2.0 token goes, and how one refresh is made at a time across instances.
 *
 * The tokens are stored sealed (secrets/box.ts) in every datastore of the client that holds the
 * refresh token they replace — a Contacts and a Calendar datastore registered with one Google
 * token share it, and a provider that rotates refresh tokens has just voided the old one for both.
 *
 * Single flight through the store: two runs (two bindings of the account, on two instances) that
 * meet the same expired access token at the same instant would both spend the refresh token, and a
 * provider that rotates refresh tokens answers the second `invalid_grant` — and may revoke the
 * whole grant as a replay (RFC 9700 §4.14.2). So before refreshing, a run takes a lease on the
 * stored token (`refreshing`, in the same locked read-modify-write as every change of the client's
 * datastores: store.extdata.updateDatastores). The run that holds it refreshes and stores the new
 * tokens, ending the lease in the same write; a run that finds the lease held waits for what the
 * holder stores and takes it. A lease whose holder died ends by its time (LEASE_MS), and a refresh
 * the provider refused ends it at once: the next run asks for itself and is told why.
 *
 * The lease's time is the claiming instance's clock: instances that disagree by more than a few
 * seconds (no NTP) shorten or lengthen a wait, never let two holders refresh within LEASE_MS of
 * each other unless one's clock is that far off.
 */
import { randomUUID } from 'node:crypto';
import type { SecretBox } from '../../../secrets/box.js';
import type { ExtdataClientRecord, ExtdataDatastoreRecord } from '@atomsync/store';
import type { Store } from '@atomsync/store';
import { isBearer, type RefreshedTokens } from './oauth.js';

/** A bearer token as it signs in: the access token and its refresh token. */
export interface BearerTokens {
  readonly accessToken: string;
  readonly refreshToken: string;
}

/**
 * What a run that met a 401 does: take the tokens another run stored since it opened them, wait
 * for the run holding the refresh until `until` (ms since the epoch), or refresh itself (it holds
 * the lease now).
 */
export type Claim = { readonly kind: 'renewed'; readonly tokens: BearerTokens } | { readonly kind: 'wait'; readonly until: number } | { readonly kind: 'refresh' };

/** The refresh of one client's bearer tokens, shared through the store by every run on every instance. */
export interface SharedTokens {
  /** Decides, for the run `holder`, what to do about the refused `held` tokens of the collection at `collection` (leasing the refresh to it when it is to refresh). */
  claim(collection: string, held: BearerTokens, holder: string): Promise<Claim>;
  /** Stores `renewed` in place of `held` (every datastore that holds them) and ends the lease; throws when the store does. */
  store(held: BearerTokens, renewed: RefreshedTokens): Promise<void>;
  /** Ends `holder`'s lease on `held` without storing anything (the refresh failed). */
  release(held: BearerTokens, holder: string): Promise<void>;
}

/** How long a refresh is held: the token endpoint's answer is awaited well within it. */
export const LEASE_MS = 30_000;

export interface SharedTokensOptions {
  /** Lease length; default LEASE_MS (a test of a holder that died shortens it). */
  readonly leaseMs?: number;
  readonly now?: () => number;
}

/** A new holder's name for a lease: one per sign-in (one run's use of one token). */
export const newHolder = (): string => randomUUID();

export function sharedTokens(store: Store, secrets: SecretBox, client: Pick<ExtdataClientRecord, 'accountId' | 'uuid'>, options: SharedTokensOptions = {}): SharedTokens {
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const now = options.now ?? Date.now;
  /** The datastore's bearer tokens, opened; undefined for Basic, none, or sealed under another key. */
  const opened = (d: ExtdataDatastoreRecord): BearerTokens | undefined => {
    if (d.token === null || !isBearer(d.token.scopes)) return undefined;
    try {
      return { accessToken: secrets.open(d.token.sealedKey), refreshToken: secrets.open(d.token.sealedSecret) };
    } catch {
      return undefined;
    }
  };
  const holds = (d: ExtdataDatastoreRecord, held: BearerTokens): boolean => {
    const tokens = opened(d);
    return tokens !== undefined && tokens.accessToken === held.accessToken && tokens.refreshToken === held.refreshToken;
  };
  /** The token without its lease. */
  const withoutLease = (d: ExtdataDatastoreRecord): ExtdataDatastoreRecord => {
    const { refreshing, ...token } = d.token!;
    void refreshing;
    return { ...d, token };
  };

  return {
    async claim(collection, held, holder) {
      let claim: Claim | undefined;
      const at = now();
      await store.extdata.updateDatastores(client.accountId, client.uuid, (d, all) => {
        claim ??= decide(all);
        if (claim.kind !== 'refresh' || !holds(d, held)) return undefined;
        return { ...d, token: { ...d.token!, refreshing: { by: holder, until: at + leaseMs } } };
      });
      // The client is gone (its run fails on its own) or holds nothing to coordinate: refresh.
      return claim ?? { kind: 'refresh' };

      function decide(all: readonly ExtdataDatastoreRecord[]): Claim {
        const here = all.find((d) => d.dav?.collection === collection && opened(d) !== undefined);
        if (here === undefined) return { kind: 'refresh' };
        const stored = opened(here)!;
        // Renewed meanwhile by another run (the refresh token this run holds may be void now).
        if (stored.accessToken !== held.accessToken) return { kind: 'renewed', tokens: stored };
        const lease = here.token!.refreshing;
        if (lease !== undefined && lease.by !== holder && lease.until > at) return { kind: 'wait', until: lease.until };
        return { kind: 'refresh' };
      }
    },

    async store(held, renewed) {
      const refreshToken = renewed.refreshToken ?? held.refreshToken;
      await store.extdata.updateDatastores(client.accountId, client.uuid, (d) => {
        // Compared by refresh token: a datastore that shares the grant gets the renewal whatever its access token.
        if (opened(d)?.refreshToken !== held.refreshToken) return undefined;
        const unleased = withoutLease(d);
        return { ...unleased, token: { ...unleased.token!, sealedKey: secrets.seal(renewed.accessToken), sealedSecret: secrets.seal(refreshToken) } };
      });
    },

    async release(held, holder) {
      await store.extdata.updateDatastores(client.accountId, client.uuid, (d) => (d.token?.refreshing?.by === holder && holds(d, held) ? withoutLease(d) : undefined));
    },
  };
}
