/**
 * One synchronization of a binding at a time (issue 4: "runs of one binding are serialized, also
 * across server instances on PostgreSQL"), in two layers:
 *
 * - within one server, runs of a binding are chained (`BindingRuns`), so a second request simply
 *   waits its turn instead of polling the store against its own sibling;
 * - across servers on one database, a run holds the binding's lease row (store `syncLocks`),
 *   renewed while it runs, released when it ends. A crashed instance's lease runs out after its
 *   ttl instead of blocking the binding forever.
 *
 * A request waits at most `waitMs` in all (its turn, then the lease); past that it is refused with
 * 409 conflict rather than hang.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { SyncFailure } from '@atomsync/engine';
import { ServiceError } from '../errors.js';
import type { BindingKey, Store } from '../store/store.js';

export interface LeaseOptions {
  /** How long a lease lives unless renewed: a crashed holder blocks the binding this long. */
  readonly ttlMs: number;
  /** How often a running holder renews it (well inside ttlMs). */
  readonly renewEveryMs: number;
  /** How long a request waits for its turn in all before 409. */
  readonly waitMs: number;
}

export const DEFAULT_LEASE: LeaseOptions = { ttlMs: 60_000, renewEveryMs: 15_000, waitMs: 30_000 };

/** Polling the lease: the first pause, doubled up to the last, each with jitter. */
const FIRST_POLL_MS = 25;
const MAX_POLL_MS = 1_000;

const busy = (): ServiceError => new ServiceError(409, 'conflict', 'a synchronization of this binding is running; try again later');

/** Runs of each binding within this server, chained in arrival order. One per server. */
export class BindingRuns {
  readonly #tails = new Map<number, Promise<void>>();

  /**
   * Runs `work(deadline)` once every earlier run of `bindingId` here has settled; 409 when that
   * takes past `deadline` (epoch ms). Later runs still wait for the earlier ones, not for this one.
   */
  async serialize<T>(bindingId: number, deadline: number, work: () => Promise<T>): Promise<T> {
    const before = this.#tails.get(bindingId) ?? Promise.resolve();
    let done!: () => void;
    const mine = new Promise<void>((resolve) => (done = resolve));
    const tail = before.then(() => mine);
    this.#tails.set(bindingId, tail);
    try {
      if (!(await settlesBefore(before, deadline))) throw busy();
      return await work();
    } finally {
      done();
      if (this.#tails.get(bindingId) === tail) this.#tails.delete(bindingId);
    }
  }
}

/** true when `promise` (which never rejects) settles before `deadline`. */
async function settlesBefore(promise: Promise<void>, deadline: number): Promise<boolean> {
  const abort = new AbortController();
  const timeout = sleep(Math.max(0, deadline - Date.now()), false, { signal: abort.signal }).catch(() => false);
  try {
    return await Promise.race([promise.then(() => true), timeout]);
  } finally {
    abort.abort();
  }
}

/** What a run holding the lease can ask of it. */
export interface Lease {
  /**
   * Renews the lease, inside the run's transaction when called there, and throws SyncFailure when
   * it was lost (the run outlived its ttl and another holder took it): the run must not commit.
   */
  confirm(): Promise<void>;
}

/**
 * Takes the binding's lease (polling with backoff while another holder has it, up to `deadline`,
 * then 409), runs `work` with it renewed on an interval, and gives it up whatever happens.
 * `onReleaseError` hears a failed renew or release (the lease then simply runs out).
 */
export async function withLease<T>(
  store: Store,
  binding: BindingKey,
  options: LeaseOptions,
  deadline: number,
  work: (lease: Lease) => Promise<T>,
  onLeaseError: (error: unknown) => void,
): Promise<T> {
  const holder = randomUUID();
  let pause = FIRST_POLL_MS;
  while (!(await store.syncLocks.acquire(binding, holder, options.ttlMs))) {
    const wait = pause * (0.5 + Math.random());
    if (Date.now() + wait > deadline) throw busy();
    await sleep(wait);
    pause = Math.min(pause * 2, MAX_POLL_MS);
  }
  let lost = false;
  const renew = async (): Promise<void> => {
    if (!(await store.syncLocks.renew(binding, holder, options.ttlMs))) lost = true;
  };
  const timer = setInterval(() => renew().catch(onLeaseError), options.renewEveryMs);
  timer.unref();
  try {
    return await work({
      async confirm() {
        if (!lost) await renew();
        if (lost) throw new SyncFailure('the run outlived its lock on the binding and was abandoned');
      },
    });
  } finally {
    clearInterval(timer);
    await store.syncLocks.release(binding, holder).catch(onLeaseError);
  }
}
