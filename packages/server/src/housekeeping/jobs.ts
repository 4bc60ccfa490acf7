/**
 * The store's housekeeping: what outlives its use and is deleted in the background, never inside a
 * request (a global delete in a request makes that request pay for everyone's garbage, and on a
 * store sharded by account it would touch every shard). Each job is idempotent: every instance
 * runs them, and two instances deleting the same rows delete them once.
 */
import { OAUTH_WINDOW_SECONDS } from '../auth/accounts.js';
import { logInterruptedRuns } from '../services/interrupted-runs.js';
import type { Store } from '../store/store.js';
import { CHATLOG_MAX_BYTES, CHATLOG_MAX_MESSAGES, CHATLOG_RETENTION_MS, SESSION_IDLE_MS } from '../syncml/endpoint.js';

export interface HousekeepingJob {
  readonly name: string;
  /** Between the end of one run and the start of the next (the runner adds up to 10 % jitter). */
  readonly everyMs: number;
  /** Deletes what is due at `now`; returns how many rows went. */
  run(store: Store, now: Date): Promise<number>;
}

const MINUTE = 60_000;

export const HOUSEKEEPING_JOBS: readonly HousekeepingJob[] = [
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
