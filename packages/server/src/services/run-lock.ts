/**
 * One synchronization of a binding at a time (issue 4: "runs of one binding are serialized, also
 * across server instances on PostgreSQL"), in two layers:
 *
 * - across servers on one database, a run holds the binding's lease row (store `syncLocks`),
 *   renewed by a heartbeat every third of its time while the run is alive, released when it ends.
 *   A crashed instance's lease stops being renewed and runs out after at most its time
 *   (ATOMSYNC_RUN_LEASE_SECONDS); the run that then takes it over logs the one that held it as
 *   failed, interrupted (issue 27), in the transaction that takes it;
 * - within one server, runs that wait for their turn (a phone's, inside its session) are chained
 *   (`BindingRuns`), so a second one simply waits instead of polling the store against its sibling.
 *
 * A run request (POST …/synchronization/) does not wait: a binding whose lease is live is 409 at
 * once, with `Retry-After` the seconds until that lease runs out unless renewed. A phone's run
 * waits at most `waitMs` in all (its turn, then the lease), then 409 rather than hang.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { SyncFailure } from '@atomsync/engine';
import { ServiceError } from '../errors.js';
import type { BindingKey, LeaseRun, Repositories, Store } from '@atomsync/store';
import type { RunWatch } from './run-watch.js';

export interface LeaseOptions {
  /** How long a lease lives unless renewed: a crashed holder blocks the binding this long. */
  readonly ttlMs: number;
  /** How often a running holder renews it (well inside ttlMs). */
  readonly renewEveryMs: number;
  /** How long a run that waits for its turn (a phone's) waits in all before 409. */
  readonly waitMs: number;
}

/** ATOMSYNC_RUN_LEASE_SECONDS when unset (guide/operators.md). */
export const DEFAULT_RUN_LEASE_SECONDS = 30;

/**
 * The lease of `seconds` (ATOMSYNC_RUN_LEASE_SECONDS): renewed every third of it, so a live run
 * keeps it through two missed heartbeats (a slow store, a long pause of the event loop).
 */
export function leaseOf(seconds: number): LeaseOptions {
  const ttlMs = Math.round(seconds * 1000);
  return { ttlMs, renewEveryMs: Math.max(1, Math.floor(ttlMs / 3)), waitMs: 30_000 };
}

export const DEFAULT_LEASE: LeaseOptions = leaseOf(DEFAULT_RUN_LEASE_SECONDS);

/** Polling the lease: the first pause, doubled up to the last, each with jitter. */
const FIRST_POLL_MS = 25;
const MAX_POLL_MS = 1_000;

/**
 * 409: the binding is busy. `retryAfterMs`: until the holder's lease runs out unless renewed (at
 * least a second: Retry-After counts whole seconds).
 */
const busy = (retryAfterMs?: number): ServiceError =>
  new ServiceError(
    409,
    'conflict',
    'a synchronization of this binding is running; try again later',
    [],
    retryAfterMs === undefined ? {} : { 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) },
  );

/** Runs of each binding within this server, chained in arrival order. One per server. */
export class BindingRuns {
  readonly #tails = new Map<number, Promise<void>>();

  /** `lease`: this server's binding lease (ATOMSYNC_RUN_LEASE_SECONDS); `watch`: told of every run that starts and ends here (the metrics). */
  constructor(
    readonly lease: LeaseOptions = DEFAULT_LEASE,
    readonly watch?: RunWatch,
  ) {}

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

/** A run cut off by a crash: its lease ran out unrenewed, and a later run took it over. */
export interface InterruptedRun {
  readonly run: LeaseRun;
  /** When its lease ran out. */
  readonly expired: Date;
}

export interface LeaseRequest {
  /** What the lease row records of this run (logged by whoever takes the lease over, should it never end). */
  readonly run: LeaseRun;
  /** Until when to poll a live lease (epoch ms); at or before now: no wait, 409 at once. */
  readonly deadline: number;
  /** Logs `interrupted` in the transaction that takes its lease over (`tx`'s repositories only). */
  readonly onInterrupted: (tx: Repositories, interrupted: InterruptedRun) => Promise<void>;
  /** Hears a failed renew or release (the lease then simply runs out). */
  readonly onLeaseError: (error: unknown) => void;
}

/**
 * Takes the binding's lease (polling with backoff while another holder has it, up to the deadline,
 * then 409 with Retry-After), runs `work` with it renewed on a heartbeat, and gives it up whatever
 * happens.
 */
export async function withLease<T>(store: Store, binding: BindingKey, options: LeaseOptions, request: LeaseRequest, work: (lease: Lease) => Promise<T>): Promise<T> {
  const holder = randomUUID();
  const { onLeaseError } = request;
  let pause = FIRST_POLL_MS;
  for (;;) {
    const took = await store.transaction(async (tx) => {
      const outcome = await tx.syncLocks.take(binding, holder, options.ttlMs, request.run);
      if (outcome.taken && outcome.interrupted !== undefined) await request.onInterrupted(tx, outcome.interrupted);
      return outcome;
    });
    if (took.taken) break;
    const wait = pause * (0.5 + Math.random());
    if (Date.now() + wait > request.deadline) throw busy(took.expires.getTime() - Date.now());
    await sleep(wait);
    pause = Math.min(pause * 2, MAX_POLL_MS);
  }
  let lost = false;
  const renew = async (): Promise<void> => {
    if (!(await store.syncLocks.renew(binding, holder, options.ttlMs))) lost = true;
  };
  // The heartbeat: a live run's lease never runs out; a dead one's does, within ttlMs.
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
