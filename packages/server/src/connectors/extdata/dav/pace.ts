/**
 * How many writes (PUT, DELETE) a run keeps in flight to a DAV remote, found by measuring.
 *
 * Writes in flight at once hide round trips: to a provider across the internet (50–100 ms away)
 * four at once store nearly four times as fast as one. Against a server that serializes its writes
 * (Radicale: a write lock per PUT) more than one buys no parallel storing — but two still hide the
 * gap between one write's answer and the next one's turn in the lock: our sending (the request
 * built, a connection opened: Radicale closes each one) and the server's own work before it takes
 * the lock (accepting the connection, parsing the request, signing in, parsing the vCard). With two
 * in flight the next PUT is parsed and waiting on the lock while the current one holds it, so the
 * lock is never idle. Measured (bench/extdata-dav-probe.ts, 400 cards into an empty Radicale book,
 * interleaved rounds on a loaded shared machine): two at once stored in 0.92× the wall time of one
 * at a time, Radicale's CPU the same (7.98 against 7.75 s); one at a time, as DAVx⁵ and vdirsyncer
 * write, is what a run used to start with.
 *
 * So a run starts with two writes in flight, and every few windows of WINDOW writes tries another
 * level (1, 2, 4) for one window between two at its own level. The two around it cancel a drift that
 * is not ours (a remote whose writes slow as the collection grows, as Radicale's do: each checks
 * every member for a UID conflict): the level tried is kept only when it stored GAIN faster than
 * their mean — up, a remote that stores side by side; down, one that suffers from a second write
 * waiting. A level that holds is probed less and less often (the windows between probes double, to
 * MOST_STEADY), so probing costs a settled run little.
 */
const LEVELS = [1, 2, 4] as const;
/** Writes per measured window. */
export const WINDOW = 12;
/** How much faster a level tried must store to be kept. */
const GAIN = 1.15;
/** Where a run starts: two in flight (LEVELS[1]). */
const START = 1;
/** Windows at the level found between two probes: doubled after each probe that changed nothing, up to MOST_STEADY. */
const STEADY = 4;
const MOST_STEADY = 32;

type Phase = { readonly kind: 'steady'; left: number } | { readonly kind: 'before' } | { readonly kind: 'trying'; readonly level: number; readonly before: number } | { readonly kind: 'after'; readonly level: number; readonly before: number; readonly tried: number };

export class WritePace {
  #level = START;
  #phase: Phase = { kind: 'steady', left: 1 };
  #done = 0;
  #since: number;
  /** The next probe goes up (else down). */
  #up = true;
  #steady = STEADY;

  constructor(
    private readonly max: number = LEVELS[LEVELS.length - 1]!,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.#since = now();
    // A run allowed fewer than START's level starts at its most.
    this.#level = Math.min(START, Math.max(LEVELS.findLastIndex((l) => l <= max), 0));
  }

  /** How many writes may be in flight now. */
  get limit(): number {
    const index = this.#phase.kind === 'trying' ? this.#phase.level : this.#level;
    return Math.min(LEVELS[index]!, this.max);
  }

  /** A write ended (stored or refused alike: the remote answered it). */
  finished(): void {
    if (++this.#done < WINDOW) return;
    const at = this.now();
    const rate = this.#done / Math.max(at - this.#since, 1e-3);
    this.#done = 0;
    this.#since = at;
    const phase = this.#phase;
    switch (phase.kind) {
      case 'steady':
        if (--phase.left > 0) return;
        this.#phase = { kind: 'before' };
        return;
      case 'before': {
        const level = this.#probe();
        this.#phase = level === undefined ? { kind: 'steady', left: MOST_STEADY } : { kind: 'trying', level, before: rate };
        return;
      }
      case 'trying':
        this.#phase = { kind: 'after', level: phase.level, before: phase.before, tried: rate };
        return;
      case 'after': {
        const around = (phase.before + rate) / 2;
        const higher = phase.level > this.#level;
        if (phase.tried > around * GAIN) {
          this.#level = phase.level;
          this.#steady = STEADY;
        } else {
          // The other way next, and later: a level that holds is probed less and less.
          this.#up = !higher;
          this.#steady = Math.min(this.#steady * 2, MOST_STEADY);
        }
        this.#phase = { kind: 'steady', left: this.#steady };
        return;
      }
    }
  }

  /** The level to try next, or undefined when there is none (a limit of one). */
  #probe(): number | undefined {
    const top = LEVELS.findLastIndex((l) => l <= this.max);
    const up = this.#level < top ? this.#level + 1 : undefined;
    const down = this.#level > 0 ? this.#level - 1 : undefined;
    const next = this.#up ? (up ?? down) : (down ?? up);
    if (next !== undefined) this.#up = next > this.#level;
    return next;
  }
}
