/**
 * The store's housekeeping: what outlives its use and is deleted in the background, never inside a
 * request (a global delete in a request makes that request pay for everyone's garbage, and on a
 * store sharded by account it would touch every shard). Each job is idempotent: every instance
 * runs them, and two instances deleting the same rows delete them once.
 */
import { OAUTH_WINDOW_SECONDS } from '../auth/accounts.js';
import { logInterruptedRuns } from '../services/interrupted-runs.js';
import type { Store } from '@atomsync/store';
import { CHATLOG_MAX_BYTES, CHATLOG_MAX_MESSAGES, CHATLOG_RETENTION_MS, SESSION_IDLE_MS } from '../syncml/endpoint.js';

export interface HousekeepingJob {
  readonly name: string;
  /** Between the end of one run and the start of the next (the runner adds up to 10 % jitter). */
  readonly everyMs: number;
  /** Deletes what is due at `now`; returns how many rows went. */
  run(store: Store, now: Date): Promise<number>;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * How long a delete's tombstone is kept by default: 90 days. A DAV client's sync token from
 * before the oldest tombstone pruned is refused (403 valid-sync-token) and the client lists the
 * collection afresh, which is correct but costs a full download; so the retention is long enough
 * that only a device switched off for a season pays it (Thunderbird, DAVx⁵ and iOS sync every few
 * minutes to hours). Tombstones are small rows (body emptied), and a datastore that deletes
 * thousands a day keeps months of them at little cost. Configured with ATOMSYNC_TOMBSTONE_RETENTION_DAYS.
 */
export const DEFAULT_TOMBSTONE_RETENTION_DAYS = 90;

/** Tombstones per transaction: short enough that a datastore's writers, who wait on its counter, hardly notice. */
export const TOMBSTONE_BATCH = 500;
/** Batches per run: a backlog (the first run after an upgrade) is worked off over several turns, not in one long run. */
const TOMBSTONE_BATCHES_PER_RUN = 40;

export interface HousekeepingSettings {
  /** How long a delete's tombstone is kept (ms); default DEFAULT_TOMBSTONE_RETENTION_DAYS. */
  readonly tombstoneRetentionMs: number;
}

/** The jobs, with the operator's settings. */
export function housekeepingJobs(settings: HousekeepingSettings): readonly HousekeepingJob[] {
  return [...FIXED_JOBS, tombstones(settings.tombstoneRetentionMs)];
}

/**
 * Deletes the tombstones older than the retention, in batches of one transaction each; each
 * batch raises the pruned horizon of the datastores it pruned (store.contents.pruneTombstones),
 * so no sync token ever reads a delta that silently lacks a pruned delete. Several instances may
 * run it at once: they wait on each other's counters, and a row deleted once is not counted twice.
 */
function tombstones(retentionMs: number): HousekeepingJob {
  return {
    name: 'tombstones',
    everyMs: 60 * MINUTE,
    run: async (store, now) => {
      const before = new Date(now.getTime() - retentionMs);
      let pruned = 0;
      for (let batch = 0; batch < TOMBSTONE_BATCHES_PER_RUN; batch++) {
        const n = await store.contents.pruneTombstones(before, TOMBSTONE_BATCH);
        pruned += n;
        if (n < TOMBSTONE_BATCH) break;
      }
      return pruned;
    },
  };
}

const FIXED_JOBS: readonly HousekeepingJob[] = [
  {
    // A session idle past its limit opens nothing any more (its key is refused on sight); this
    // only reclaims its rows and buffered items. Records of sessions no account holds (refused
    // attempts, kept before issue 20; nothing writes them now) are listed nowhere: they go too.
    name: 'syncml-sessions',
    everyMs: 5 * MINUTE,
    run: async (store, now) => (await store.syncmlSessions.pruneIdle(new Date(now.getTime() - SESSION_IDLE_MS))) + (await store.sessions.pruneUnowned(now)),
  },
  {
    // The chat log is a debugging aid with bounded retention: a week, at most the newest
    // messages, and at most a budget of bytes of them.
    name: 'chat-log',
    everyMs: 10 * MINUTE,
    run: async (store, now) =>
      (await store.chatLog.prune(new Date(now.getTime() - CHATLOG_RETENTION_MS))) +
      (await store.chatLog.keepNewest(CHATLOG_MAX_MESSAGES)) +
      (await store.chatLog.keepBytes(CHATLOG_MAX_BYTES)),
  },
  {
    // A run whose server died mid-run is logged as failed, interrupted, once its lease has run out,
    // even when its binding never runs again (the next run of it would log it too).
    name: 'interrupted-runs',
    everyMs: MINUTE,
    run: (store, now) => logInterruptedRuns(store, now),
  },
  {
    // A nonce older than the OAuth window is refused by its timestamp already; its row is garbage.
    name: 'oauth-nonces',
    everyMs: MINUTE,
    run: async (store, now) => {
      await store.nonces.prune(Math.floor(now.getTime() / 1000) - OAUTH_WINDOW_SECONDS);
      return 0;
    },
  },
];

/** The jobs with the default settings. */
export const HOUSEKEEPING_JOBS: readonly HousekeepingJob[] = housekeepingJobs({ tombstoneRetentionMs: DEFAULT_TOMBSTONE_RETENTION_DAYS * DAY });
