/**
 * Runs the housekeeping jobs of one server process in the background: each on its own timer, one
 * run of a job at a time, the first soon after start, with jitter so instances started together do
 * not delete in lockstep. A job that fails is logged and tried again at its next turn; stopping
 * waits for the runs in progress, so the store can be closed right after.
 */
import type { Logger } from 'pino';
import { unreachableCause } from '@atomsync/store';
import type { Store } from '@atomsync/store';
import { HOUSEKEEPING_JOBS, type HousekeepingJob } from './jobs.js';

export interface HousekeepingOptions {
  readonly jobs?: readonly HousekeepingJob[];
  /** The delay before a job's first run, before jitter; default 30 s (after the server is up, not during its start). */
  readonly firstRunMs?: number;
  readonly now?: () => Date;
  /** 0..1, for the jitter; default Math.random. */
  readonly random?: () => number;
}

export class Housekeeping {
  private readonly jobs: readonly HousekeepingJob[];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private stopped = false;

  constructor(
    private readonly logger: Logger | undefined,
    private readonly options: HousekeepingOptions = {},
  ) {
    this.jobs = options.jobs ?? HOUSEKEEPING_JOBS;
  }

  /** Starts every job over `store` (the server's own, so what it deletes is counted in its metrics). */
  start(store: Store): void {
    if (this.stopped) return;
    for (const job of this.jobs) this.schedule(store, job, this.options.firstRunMs ?? 30_000);
  }

  /** No run starts after this; resolves once the runs in progress have ended. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.all([...this.running]);
  }

  private schedule(store: Store, job: HousekeepingJob, delayMs: number): void {
    if (this.stopped) return;
    const jitter = delayMs * 0.1 * (this.options.random ?? Math.random)();
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const run = this.run(store, job).finally(() => {
        this.running.delete(run);
        this.schedule(store, job, job.everyMs);
      });
      this.running.add(run);
    }, delayMs + jitter);
    // Housekeeping never keeps a process alive.
    timer.unref();
    this.timers.add(timer);
  }

  private async run(store: Store, job: HousekeepingJob): Promise<void> {
    try {
      const deleted = await job.run(store, (this.options.now ?? (() => new Date()))());
      if (deleted > 0) this.logger?.debug({ job: job.name, deleted }, 'housekeeping');
    } catch (err) {
      // What is not deleted now is deleted at the next turn; nothing depends on it being gone.
      const cause = unreachableCause(err);
      // An unreachable store is said once per outage by the store (store/outage.ts), not again by every job at every turn.
      if (cause !== undefined) this.logger?.debug({ job: job.name, cause }, 'housekeeping job skipped: the store is unreachable');
      else this.logger?.warn({ job: job.name, err }, 'housekeeping job failed; it runs again at its next turn');
    }
  }
}
