/**
 * Writers of one store take turns in the order they came (issue 14). Under load a server that
 * works on every request whose body happens to be complete serves them in no particular order:
 * with 50 connections posting 1,000-entry batches, the median batch took 0.7–1.4 s and the slowest
 * 7–17 s. A writer takes its place in line when its request arrives (`enter`), reads its body,
 * then asks for its turn (`wait`); `release` hands the turn on.
 *
 *  - turns go in the order writers came, `concurrency` at a time (the embedded store has one
 *    writer; PostgreSQL two, see writerQueueOf);
 *  - the first in line whose body is still on the way is waited for, up to `patienceMs`: while the
 *    server waits, its loop is free to read that body, which comes in quickly; serving the others
 *    meanwhile made a body take one long turn of the loop per chunk, and the slowest batch 4–15
 *    times the median on the embedded store (1.3–2.7 with a patience of 1 s). Past its patience it
 *    is passed over, once: a slow upload never stops the store's other writers for longer;
 *  - a writer that fails or gives up (`release` before or after its turn) never blocks the line;
 *  - a turn handed on starts in a later turn of the event loop (setImmediate), so requests that
 *    arrived meanwhile are read and take their places first;
 *  - a writer prepares its write (decodes its body, checks it, describes its items) before it
 *    asks, while others write, but only once it is among the next `lookahead` in line
 *    (`approach`): 50 batches decoded at once held 100 MB of objects waiting, and collecting
 *    them cost more than preparing ahead saved; a few ahead keep the store busy.
 *
 * In-process: several server instances on one PostgreSQL each keep their own line.
 */
import type { Store } from '@atomsync/store';

export interface Turn {
  /**
   * Asks for the turn; resolves once it is this writer's. Asking again gives the same promise;
   * asking after `release` is refused (a wait still pending when its writer leaves stays so).
   */
  wait(): Promise<void>;
  /**
   * Resolves once this writer is among the next `lookahead` writers in line, or has its turn: the
   * moment to prepare its write. Asking again gives the same promise.
   */
  approach(): Promise<void>;
  /** Ends the turn, or leaves the line before it came; calling it again does nothing. */
  release(): void;
}

interface Place {
  /** Asked for its turn: the promise it was given, and its resolver. */
  turn?: Promise<void>;
  resolve?: () => void;
  granted: boolean;
  released: boolean;
  /** Since when the line has waited for this writer to ask (performance.now()); set once. */
  waitedFor?: number;
  /** Waited for as long as the queue's patience: never waited for again. */
  passed: boolean;
  /** Among the next `lookahead` in line (or granted): may prepare its write. */
  near: boolean;
  approached?: Promise<void>;
  resolveNear?: () => void;
}

/** How long the line waits for its first writer's body by default. */
export const WRITER_PATIENCE_MS = 1_000;

/** How many writers in line, past those writing, prepare their writes by default. */
export const WRITER_LOOKAHEAD = 2;

export class WriterQueue {
  readonly #concurrency: number;
  readonly #patienceMs: number;
  readonly #lookahead: number;
  #active = 0;
  /** In the order they came: the places not granted yet. */
  readonly #line: Place[] = [];
  /** Set while the line waits for its first writer: passes it over when its patience runs out. */
  #patience: ReturnType<typeof setTimeout> | undefined;

  /**
   * `patienceMs`: how long the first in line may keep the others waiting before it asks (Infinity:
   * always waited for). `lookahead`: how many in line prepare their writes besides the
   * `concurrency` writing (approach).
   */
  constructor(concurrency = 1, { patienceMs = WRITER_PATIENCE_MS, lookahead = WRITER_LOOKAHEAD }: { readonly patienceMs?: number; readonly lookahead?: number } = {}) {
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError(`a writer queue needs a concurrency of 1 or more, not ${concurrency}`);
    if (!(patienceMs >= 0)) throw new RangeError(`a writer queue's patience is 0 ms or more, not ${patienceMs}`);
    if (!Number.isInteger(lookahead) || lookahead < 0) throw new RangeError(`a writer queue's lookahead is a whole number of 0 or more, not ${lookahead}`);
    this.#concurrency = concurrency;
    this.#patienceMs = patienceMs;
    this.#lookahead = lookahead;
  }

  /** Writers that asked for their turn and wait for it. */
  get waiting(): number {
    return this.#line.filter((place) => place.turn !== undefined).length;
  }

  /** Takes a place at the end of the line. */
  enter(): Turn {
    const place: Place = { granted: false, released: false, passed: false, near: false };
    this.#line.push(place);
    this.#nearing();
    return { wait: () => this.#wait(place), approach: () => this.#approach(place), release: () => this.#release(place) };
  }

  /** Runs `work` in its turn, and releases the turn however it ends. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    const turn = this.enter();
    try {
      await turn.wait();
      return await work();
    } finally {
      turn.release();
    }
  }

  #wait(place: Place): Promise<void> {
    if (place.released) return Promise.reject(new Error('this writer left the line'));
    if (place.turn !== undefined) return place.turn;
    place.turn = new Promise<void>((resolve) => (place.resolve = resolve));
    this.#grant(false);
    return place.turn;
  }

  #approach(place: Place): Promise<void> {
    if (place.near) return Promise.resolve();
    place.approached ??= new Promise<void>((resolve) => (place.resolveNear = resolve));
    return place.approached;
  }

  /**
   * Lets the writers now within reach prepare: the first `lookahead` in line, plus one for each
   * writing turn free (a free turn goes to whoever asks first, so as many as can take one may
   * prepare for it).
   */
  #nearing(): void {
    const reach = Math.min(this.#line.length, this.#lookahead + this.#concurrency - this.#active);
    for (let i = 0; i < reach; i++) {
      const place = this.#line[i]!;
      if (place.near) continue;
      place.near = true;
      place.resolveNear?.();
    }
  }

  #release(place: Place): void {
    if (place.released) return;
    place.released = true;
    if (place.granted) {
      this.#active--;
      this.#grant(true);
    } else {
      this.#line.splice(this.#line.indexOf(place), 1);
      // It may be the one the line waited for.
      this.#grant(true);
    }
  }

  /**
   * Hands free turns to the writers in line, in order: one that waits gets it; one that has not
   * asked yet is waited for while its patience lasts (a timer comes back then), else passed over.
   * `later`: the writers granted start after the event loop has polled.
   */
  #grant(later: boolean): void {
    clearTimeout(this.#patience);
    this.#patience = undefined;
    let index = 0;
    while (this.#active < this.#concurrency && index < this.#line.length) {
      const place = this.#line[index]!;
      if (place.turn === undefined) {
        if (place.passed) {
          index++;
          continue;
        }
        const now = performance.now();
        place.waitedFor ??= now;
        const left = place.waitedFor + this.#patienceMs - now;
        if (left > 0) {
          if (Number.isFinite(left)) {
            this.#patience = setTimeout(() => this.#grant(false), left);
            this.#patience.unref?.();
          }
          break;
        }
        place.passed = true;
        index++;
        continue;
      }
      this.#line.splice(index, 1);
      place.granted = true;
      place.near = true;
      this.#active++;
      if (later) setImmediate(place.resolve!);
      else place.resolve!();
    }
    this.#nearing();
  }
}

const queues = new WeakMap<Store, WriterQueue>();

/**
 * Writers at once on PostgreSQL: one whose insert runs in the database while the event loop builds
 * and sends the next one's statements. (Measured when decoding was still inside the turn.) 50 connections of 1,000-entry batches, same runs: p99/median 1.3
 * at 2 against 1.3–3.4 at the pool's 10, items/s 8,800–9,300 against 9,400–11,300.
 */
const PG_WRITERS = 2;

/**
 * The one queue of `store`: one writer at a time on the embedded store (SQLite has one writer;
 * more would only wait for its lock), which waits for its first writer's body; PG_WRITERS on
 * PostgreSQL, which does not: waiting for one writer's body there idled the other connections
 * (at 10 writers: 8,600 items/s against 17,300, and no better p99/median, 2.1 against 2.2).
 */
export function writerQueueOf(store: Store): WriterQueue {
  let queue = queues.get(store);
  if (queue === undefined) {
    queue = store.dialect === 'sqlite' ? new WriterQueue(1) : new WriterQueue(PG_WRITERS, { patienceMs: 0 });
    queues.set(store, queue);
  }
  return queue;
}
