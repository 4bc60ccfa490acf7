/**
 * Encoded answers of conditional GETs, kept by what they answer and the store's version (issue 14:
 * sync clients poll their feeds; a poll of a feed that did not change re-read its items, re-wrote
 * them as XML and hashed the bytes for its ETag, to answer 304 or the same bytes again).
 *
 * An answer is kept under a key naming everything it is written from besides the store (the
 * caller, the base URL, the feed and its query), with the store's version read *before* its items
 * were: Store.version changes with every committed write, so an answer found under the version of
 * the moment is the one the store would give now, and one written from items newer than its
 * version is merely not found later. Never kept: a feed streamed in pages (untagged), a feed
 * whose `updated` is the time of the answer (timeless: its bytes are of their moment).
 *
 * Bounded: by total bytes (least recently used goes first) and per answer.
 */

/** An answer as sent: its entity tag and its bytes. */
export interface EncodedAnswer {
  readonly etag: string;
  readonly body: string;
}

export interface AnswerCacheOptions {
  /** Default 16 MiB. */
  readonly maxBytes?: number;
  /** An answer larger than this is not kept. Default 1 MiB. */
  readonly maxAnswerBytes?: number;
}

interface Slot {
  readonly version: string;
  readonly answer: EncodedAnswer;
  readonly bytes: number;
}

/** What a slot costs besides its body: the key, the tag, the version, the objects. */
const SLOT_OVERHEAD = 200;

export class AnswerCache {
  // A Map iterates in insertion order: re-inserting on a hit makes its first key the least recently used.
  readonly #slots = new Map<string, Slot>();
  readonly #maxBytes: number;
  readonly #maxAnswerBytes: number;
  #bytes = 0;

  constructor(options: AnswerCacheOptions = {}) {
    this.#maxBytes = options.maxBytes ?? 16 * 1024 * 1024;
    this.#maxAnswerBytes = options.maxAnswerBytes ?? 1024 * 1024;
  }

  /** The answer kept under `key` when it was written at store version `version`. */
  get(key: string, version: string): EncodedAnswer | undefined {
    const slot = this.#slots.get(key);
    if (slot === undefined) return undefined;
    this.#remove(key, slot);
    if (slot.version !== version) return undefined;
    this.#slots.set(key, slot);
    this.#bytes += slot.bytes;
    return slot.answer;
  }

  set(key: string, version: string, answer: EncodedAnswer): void {
    const old = this.#slots.get(key);
    if (old !== undefined) this.#remove(key, old);
    // Strings are counted at two bytes a character: what V8 may take for them.
    const bytes = 2 * (key.length + answer.body.length + answer.etag.length + version.length) + SLOT_OVERHEAD;
    if (answer.body.length > this.#maxAnswerBytes) return;
    this.#slots.set(key, { version, answer, bytes });
    this.#bytes += bytes;
    for (const [oldest, slot] of this.#slots) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#remove(oldest, slot);
    }
  }

  /** Bytes held (as counted above). */
  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#slots.size;
  }

  #remove(key: string, slot: Slot): void {
    this.#slots.delete(key);
    this.#bytes -= slot.bytes;
  }
}

// ---- how a handler and the response writer (respond.ts) pass answers ----------------------------

const KEPT = Symbol('atomsync.keptAnswer');
const KEEP = Symbol('atomsync.keepAnswer');

/** A kept answer, typed as the result a handler returns: respond.ts sends its bytes and tag as they are. */
export function keptAnswer<T>(answer: EncodedAnswer): T {
  return { [KEPT]: answer } as T;
}

/** The kept answer a handler returned; undefined for any other result. */
export function keptAnswerOf(result: unknown): EncodedAnswer | undefined {
  return (result as { [KEPT]?: EncodedAnswer } | null)?.[KEPT];
}

/** `result`, asking the response writer to hand `keep` the answer it writes for it, if it tags it. */
export function keepingAnswer<T extends object>(result: T, keep: (answer: EncodedAnswer) => void): T {
  return Object.assign(result, { [KEEP]: keep });
}

/** Where the answer written for `result` is to be kept; undefined for a result not asked to be. */
export function keeperOf(result: unknown): ((answer: EncodedAnswer) => void) | undefined {
  return (result as { [KEEP]?: (answer: EncodedAnswer) => void } | null)?.[KEEP];
}
