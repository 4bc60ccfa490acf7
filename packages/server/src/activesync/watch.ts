/**
 * Waiting for a change of a datastore, for Ping: every waiter of this instance is served by one
 * read per tick (the latest change time of every watched datastore, one indexed query), so a
 * change made through any instance on the same database reaches a pinging phone within a tick,
 * and a thousand held Pings cost one query per tick, not a thousand. Nothing ticks while nobody waits.
 */
import type { Logger } from 'pino';
import type { Store } from '../store/store.js';

/** How often the watched datastores are read while someone waits: a change reaches a phone within this. */
export const WATCH_INTERVAL_MS = 200;

interface Waiter {
  readonly clients: readonly string[];
  /** Changes after this count. */
  readonly since: number;
  readonly resolve: (changed: readonly string[]) => void;
}

export class ChangeWatch {
  readonly #waiters = new Set<Waiter>();
  #timer: NodeJS.Timeout | undefined;
  #reading = false;

  constructor(
    private readonly store: Store,
    private readonly log: Logger,
    private readonly intervalMs = WATCH_INTERVAL_MS,
  ) {}

  /** How many wait now (for the metrics and tests). */
  get size(): number {
    return this.#waiters.size;
  }

  /**
   * Resolves with the clients (among `clients`) changed after `since`, as soon as one is; with none
   * at `deadline` (epoch ms) or when `signal` aborts (the phone hung up).
   */
  wait(clients: readonly string[], since: Date, deadline: number, signal?: AbortSignal): Promise<readonly string[]> {
    return new Promise((resolve) => {
      let done = false;
      const finish = (changed: readonly string[]) => {
        if (done) return;
        done = true;
        clearTimeout(expiry);
        signal?.removeEventListener('abort', abort);
        this.#waiters.delete(waiter);
        if (this.#waiters.size === 0) this.#stop();
        resolve(changed);
      };
      const waiter: Waiter = { clients, since: since.getTime(), resolve: finish };
      const abort = () => finish([]);
      const expiry = setTimeout(() => finish([]), Math.max(0, deadline - Date.now()));
      expiry.unref();
      signal?.addEventListener('abort', abort, { once: true });
      this.#waiters.add(waiter);
      this.#start();
    });
  }

  #start(): void {
    if (this.#timer !== undefined) return;
    this.#timer = setInterval(() => void this.#tick(), this.intervalMs);
    this.#timer.unref();
  }

  #stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  async #tick(): Promise<void> {
    if (this.#reading || this.#waiters.size === 0) return;
    this.#reading = true;
    try {
      const watched = new Set<string>();
      for (const w of this.#waiters) for (const c of w.clients) watched.add(c);
      const latest = await this.store.contents.lastChanged([...watched]);
      for (const w of [...this.#waiters]) {
        const changed = w.clients.filter((c) => (latest.get(c)?.getTime() ?? 0) > w.since);
        if (changed.length > 0) w.resolve(changed);
      }
    } catch (error) {
      // A store that does not answer now may next tick; the Pings wait on meanwhile.
      this.log.warn({ fault: String(error) }, 'ActiveSync Ping: reading the datastores failed');
    } finally {
      this.#reading = false;
    }
  }
}
