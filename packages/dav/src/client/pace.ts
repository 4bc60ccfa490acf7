/**
 * How many writes (PUT, DELETE) a run keeps in flight to a DAV remote, found by measuring.
 *
 * Writes in flight at once hide round trips: to a provider across the internet (50–100 ms away)
 * four at once store nearly four times as fast as one. But against a server whose writes are
 * serialized inside it they buy nothing and cost: Radicale takes a write lock for each PUT and, in
 * one CPython process, parses the waiting ones under the same GIL — in the extdata-dav bench four
 * at once made each of its PUTs ~13% slower than one at a time (1,000 PUTs: 167 ms each against
 * vdirsyncer's 145 ms at once, where one at a time was 173 against 168).
 *
 * So a run starts with one write in flight, as DAVx⁵ and vdirsyncer write, and every few windows
 * of WINDOW writes tries the next level (1, 2, 4) for one window between two at its own level. The
 * two around it cancel a drift that is not ours (a remote whose writes slow as the collection grows,
 * as Radicale's do: each checks every member for a UID conflict): a higher level is kept only
 * when it stored GAIN faster than both of them, in two probes in a row (the second at once, the
 * window after the first serving as its "before"). On a loaded machine a window of a dozen writes
 * is often much slower by chance (a burst of others' work): against their mean, or after a single
 * probe, a level won so held 2–4 writes in flight against a Radicale for hundreds of writes, each
 * costing it 6–18% more CPU (its threads contend for one GIL). Lower is tried as well, and
 * kept unless it is clearly slower (fewer at once is kinder to the remote), after one probe. A
 * level that holds is probed less and less often (the windows between probes double, to
 * MOST_STEADY), so probing costs a settled run little. A level that lost UP_LOSSES probes in a row
 * upward is not tried again in the run: such a remote serializes writes (every Radicale), and a
 * later probe costs it the most — its PUTs grow with the collection, so the 400th write at two
 * in flight costs more than the 30th — where a remote that takes writes side by side wins the
 * first probe (four times as fast against 15% asked), so two chance losses in a row are unlikely.
 */
const LEVELS = [1, 2, 4] as const;
/** Writes per measured window. */
export const WINDOW = 12;
/** How much faster a higher level must store to be kept. */
const GAIN = 1.15;
/** A lower level is kept unless it stores this much slower. */
const LOSS = 0.95;
/** Windows at the level found between two probes: doubled after each probe that changed nothing, up to MOST_STEADY. */
const STEADY = 4;
const MOST_STEADY = 32;
/** Upward probes lost in a row after which the run stays at its level (or lower). */
const UP_LOSSES = 2;

type Phase = { readonly kind: 'steady'; left: number } | { readonly kind: 'before' } | { readonly kind: 'trying'; readonly level: number; readonly before: number } | { readonly kind: 'after'; readonly level: number; readonly before: number; readonly tried: number };

export class WritePace {
  #level = 0;
  #phase: Phase = { kind: 'steady', left: 1 };
  #done = 0;
  #since: number;
  /** The next probe goes up (else down). */
  #up = true;
  /** A higher level that won its last probe: kept if it wins the next one too (tried at once). */
  #won: number | undefined;
  #steady = STEADY;
  /** Upward probes from this level lost in a row. */
  #upLost = 0;

  constructor(
    private readonly max: number = LEVELS[LEVELS.length - 1]!,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.#since = now();
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
        const higher = phase.level > this.#level;
        const around = higher ? Math.max(phase.before, rate) : (phase.before + rate) / 2;
        const kept = higher ? phase.tried > around * GAIN : phase.tried >= around * LOSS;
        if (kept && higher && this.#won !== phase.level) {
          // Once may be chance: again now, this window as the next one's "before".
          this.#won = phase.level;
          this.#phase = { kind: 'trying', level: phase.level, before: rate };
          return;
        }
        this.#won = undefined;
        if (kept) {
          this.#level = phase.level;
          this.#steady = STEADY;
          this.#upLost = 0;
        } else {
          if (higher) this.#upLost++;
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
    const up = this.#level < top && this.#upLost < UP_LOSSES ? this.#level + 1 : undefined;
    const down = this.#level > 0 ? this.#level - 1 : undefined;
    const next = this.#up ? (up ?? down) : (down ?? up);
    if (next !== undefined) this.#up = next > this.#level;
    return next;
  }
}

/**
 * `count` writes, as many in flight at once as `pace` says (each conditional on its own member, so
 * their order does not matter); the results in the order of their indexes. The first failure stops
 * new writes (as one at a time would have), those already in flight finish, then it is thrown.
 */
export async function writePaced<T>(count: number, write: (index: number) => Promise<T>, pace: WritePace = new WritePace()): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  let failure: { error: unknown } | undefined;
  await new Promise<void>((resolve) => {
    let active = 0;
    const pump = (): void => {
      while (failure === undefined && next < count && active < pace.limit) {
        const at = next++;
        active++;
        new Promise<T>((done) => done(write(at)))
          .then(
            (result) => void (results[at] = result),
            (error: unknown) => void (failure ??= { error }),
          )
          .finally(() => {
            active--;
            pace.finished();
            pump();
          });
      }
      if (active === 0) resolve();
    };
    pump();
  });
  if (failure !== undefined) throw failure.error;
  return results;
}
