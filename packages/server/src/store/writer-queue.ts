/**
 * Writers of one store take turns in the order they came (issue 14). Under load a server that
 * works on every request whose body happens to be complete serves them in no particular order:
 * with 50 connections posting 1,000-entry batches, the median batch took 0.7–1.4 s and the slowest
 * 7–17 s. A writer takes its place in line when its request arrives (`enter`), reads its body,
 * then asks for its turn (`wait`); `release` hands the turn on.
 *
 *  - the turn goes to the writer that came first among those waiting for it, `concurrency` at a
 *    time (the embedded store has one writer; on PostgreSQL as many as its pool's connections);
 *  - one that came first but is not waiting yet (its body still on the way) holds nobody up: a
 *    slow upload must not stop every other writer of the store;
 *  - a writer that fails or gives up (`release` before or after its turn) never blocks the line;
 *  - a turn handed on starts in a later turn of the event loop (setImmediate), so requests that
 *    arrived meanwhile are read and take their places first.
 *
 * In-process: several server instances on one PostgreSQL each keep their own line.
 */
import type { Store } from './store.js';

export interface Turn {
  /**
   * Asks for the turn; resolves once it is this writer's. Asking again gives the same promise;
   * asking after `release` is refused (a wait still pending when its writer leaves stays so).
   */
  wait(): Promise<void>;
  /** Ends the turn, or leaves the line before it came; calling it again does nothing. */
  release(): void;
}

interface Place {
  /** Asked for its turn: the promise it was given, and its resolver. */
  turn?: Promise<void>;
  resolve?: () => void;
  granted: boolean;
  released: boolean;
}

export class WriterQueue {
  readonly #concurrency: number;
  #active = 0;
  /** In the order they came: the places not granted yet. */
  readonly #line: Place[] = [];

  constructor(concurrency = 1) {
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError(`a writer queue needs a concurrency of 1 or more, not ${concurrency}`);
    this.#concurrency = concurrency;
  }

  /** Writers that asked for their turn and wait for it. */
  get waiting(): number {
    return this.#line.filter((place) => place.turn !== undefined).length;
  }

  /** Takes a place at the end of the line. */
  enter(): Turn {
    const place: Place = { granted: false, released: false };
    this.#line.push(place);
    return { wait: () => this.#wait(place), release: () => this.#release(place) };
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

  #release(place: Place): void {
    if (place.released) return;
    place.released = true;
    if (place.granted) {
      this.#active--;
      this.#grant(true);
    } else {
      this.#line.splice(this.#line.indexOf(place), 1);
    }
  }

  /** Hands free turns to the first writers in line that wait; `later`: they start after the event loop has polled. */
  #grant(later: boolean): void {
    while (this.#active < this.#concurrency) {
      const index = this.#line.findIndex((place) => place.turn !== undefined);
      if (index < 0) return;
      const [place] = this.#line.splice(index, 1);
      place!.granted = true;
      this.#active++;
      if (later) setImmediate(place!.resolve!);
      else place!.resolve!();
    }
  }
}

const queues = new WeakMap<Store, WriterQueue>();

/** PostgreSQL's pool size when it says none (pg's default). */
const PG_DEFAULT_POOL = 10;

/**
 * The one queue of `store`: one writer at a time on the embedded store (SQLite has one writer;
 * more would only wait for its lock), as many as the pool's connections on PostgreSQL.
 */
export function writerQueueOf(store: Store): WriterQueue {
  let queue = queues.get(store);
  if (queue === undefined) {
    queue = new WriterQueue(store.dialect === 'sqlite' ? 1 : (store.poolStats()?.max ?? PG_DEFAULT_POOL));
    queues.set(store, queue);
  }
  return queue;
}
