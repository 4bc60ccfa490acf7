/**
 * An outage of the store, said once (issue 27): while PostgreSQL restarts, every request fails
 * alike, and a line per request (12,886 in one 10 s outage) would bury what happened. The first
 * failure logs the outage with its cause; the first statement sent after it began that succeeds
 * logs its end, how long it lasted and how many failures it took. In between nothing is logged
 * for it. A statement already on its way when the store went (its answer arriving during a fast
 * shutdown) is no sign it is back: counted so, one outage was logged as two.
 */
import type { Logger } from 'pino';

export class OutageLog {
  /** When the current outage began (performance.now()), undefined while the store answers. */
  #since: number | undefined;
  #failures = 0;
  /** Whether a read failed in this outage, not only writes (see `answered`). */
  #readsFailed = false;

  constructor(private readonly log: Logger) {}

  /** Whether the store is in an outage now (its last statement failed unreachable). */
  get down(): boolean {
    return this.#since !== undefined;
  }

  /** A statement failed because the store is unreachable (`cause`: faults.ts's words); `write`: it needed to write (faults.ts's `writes`), a connection attempt does not. */
  failed(cause: string, error: unknown, write = false): void {
    this.#failures++;
    if (!write) this.#readsFailed = true;
    if (this.#since !== undefined) return;
    this.#since = performance.now();
    this.log.error({ cause, err: error }, `store unreachable (${cause}): requests answer 503 until it is back`);
  }

  /**
   * A statement sent at `sent` (performance.now()) succeeded: ends the outage, if there was one and
   * the statement was sent after it began. While only writes have failed (the embedded store's
   * file locked by another process: reads go on in WAL mode), only a write ends it: a read between
   * two refused writes logged one outage as many.
   */
  answered(sent: number, write = false): void {
    if (this.#since === undefined || sent < this.#since) return;
    if (!write && !this.#readsFailed) return;
    const seconds = Math.round((performance.now() - this.#since) / 100) / 10;
    this.log.warn({ outageSeconds: seconds, failures: this.#failures }, `store reachable again after ${seconds} s (${this.#failures} failed statements)`);
    this.#since = undefined;
    this.#failures = 0;
    this.#readsFailed = false;
  }
}
