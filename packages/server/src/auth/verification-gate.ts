/**
 * How many password verifications (scrypt, ~50 ms of a libuv thread and 32 MiB each) run at once,
 * and who waits. scrypt runs on libuv's threadpool (4 threads by default), which file and DNS work
 * share: unbounded, 16 anonymous guessers fill it and anyone's first sign-in waits seconds. Here:
 *
 * - at most `concurrency` at once (default 2: half the default threadpool, the rest for the store's
 *   files and everything else);
 * - the others wait in two lines: `clear` (an address and name with no recent failure: the owner
 *   signing in) is always served before `suspect` (anything that has failed lately), and `suspect`
 *   never holds the last place: one is kept for clean sign-ins, so a flood of wrong guesses from
 *   addresses that have failed delays a clean sign-in by nothing but the CPU they share;
 * - each line holds at most `maxQueued`; past it the attempt is shed at once (GateFull, answered 429
 *   with Retry-After) rather than queued without end.
 *
 * Sign-ins answered by the verified-credential cache (auth/credential-cache.ts) run no scrypt and
 * never come here. What this cannot do: tell the owner's first sign-in from a guess sent from an
 * address never seen before; a flood of those shares the clear line with the owner, who then waits
 * for at most `maxQueued` of them (at `concurrency` at once) or is shed, and retries.
 */

export type Lane = 'clear' | 'suspect';

export interface GateSettings {
  /** Verifications running at once. Default 2. */
  readonly concurrency?: number;
  /** Waiting per lane before shedding. Default 32. */
  readonly maxQueued?: number;
}

/** The lane is full: the attempt is refused, not queued. */
export class GateFull extends Error {
  constructor(readonly lane: Lane) {
    super(`too many sign-ins are being checked (${lane})`);
  }
}

export class VerificationGate {
  readonly #concurrency: number;
  readonly #maxQueued: number;
  #running = 0;
  #runningSuspect = 0;
  readonly #waiting: Record<Lane, (() => void)[]> = { clear: [], suspect: [] };

  constructor(settings: GateSettings = {}) {
    this.#concurrency = Math.max(1, settings.concurrency ?? 2);
    this.#maxQueued = Math.max(0, settings.maxQueued ?? 32);
  }

  /** Whether a task of the lane may take a place now. */
  #free(lane: Lane): boolean {
    if (this.#running >= this.#concurrency) return false;
    // One place kept for clean sign-ins (none to keep with a single place).
    return lane === 'clear' || this.#runningSuspect < Math.max(1, this.#concurrency - 1);
  }

  /** Runs `task` when a place is free, the clear lane first; throws GateFull when its lane is full. */
  async run<T>(lane: Lane, task: () => Promise<T>): Promise<T> {
    if (this.#free(lane)) {
      this.#take(lane);
    } else {
      const line = this.#waiting[lane];
      if (line.length >= this.#maxQueued) throw new GateFull(lane);
      // The place is taken for it by #release before it is woken.
      await new Promise<void>((resolve) => line.push(resolve));
    }
    try {
      return await task();
    } finally {
      this.#release(lane);
    }
  }

  #take(lane: Lane): void {
    this.#running++;
    if (lane === 'suspect') this.#runningSuspect++;
  }

  #release(lane: Lane): void {
    this.#running--;
    if (lane === 'suspect') this.#runningSuspect--;
    for (const next of ['clear', 'suspect'] as const) {
      if (this.#waiting[next].length > 0 && this.#free(next)) {
        this.#take(next);
        this.#waiting[next].shift()!();
        return;
      }
    }
  }

  /** Running now, and waiting per lane. */
  get load(): { readonly running: number; readonly clear: number; readonly suspect: number } {
    return { running: this.#running, clear: this.#waiting.clear.length, suspect: this.#waiting.suspect.length };
  }
}
