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
 * What is kept of an answer is its tag from the first time it is written (enough to answer a
 * revalidation with 304), and its bytes only once it is written again at the same version: asked
 * for twice, it is being polled. Keeping every answer's bytes at once turned a walk of a 200,000-
 * item listing (200 pages of ~0.8 MB, each asked for once) into ~150 MB of pages that lived long
 * enough to reach V8's old generation and died there as they were pushed out, freed only by its
 * next full collection: the server's memory grew by ~100 MB (bench/listing.bench.ts).
 *
 * Bounded: the tags by bytes (least recently used first), the bytes of answers by bytes and per
 * answer. To make room for an answer's bytes, those kept at an older version go first (the store
 * has moved on: they are never found again), then the least recently used ones asked for fewer
 * times than the newcomer; when that is not room enough, the newcomer keeps only its tag. So a
 * walk repeated at the same version, larger than the room, does not push each page out with the
 * next: the pages kept first stay, the others are written again as they would be with no cache.
 */

/** An answer as sent: its entity tag and its bytes. */
export interface EncodedAnswer {
  readonly etag: string;
  readonly body: string;
}

/** What is kept of an answer: its tag, and its bytes once it was asked for again. */
export interface KeptAnswer {
  readonly etag: string;
  readonly body: string | undefined;
}

export interface AnswerCacheOptions {
  /** The bytes of answers kept, in all. Default 16 MiB. */
  readonly maxBytes?: number;
  /** An answer larger than this keeps only its tag. Default 1 MiB. */
  readonly maxAnswerBytes?: number;
  /** The tags kept (with their keys), in all. Default 1 MiB. */
  readonly maxTagBytes?: number;
}

interface Slot {
  readonly version: string;
  readonly etag: string;
  body: string | undefined;
  /** Times asked for at its version (written first, then found): whose bytes a newcomer's may push out. */
  asked: number;
  /** What the slot costs without its body, and what its body costs. */
  readonly tagBytes: number;
  bodyBytes: number;
}

/** What a slot costs besides its strings: the objects. */
const SLOT_OVERHEAD = 200;

/** Strings are counted at two bytes a character: what V8 may take for them. */
const cost = (text: string) => 2 * text.length;

export class AnswerCache {
  // A Map iterates in insertion order: re-inserting on a hit makes its first key the least recently used.
  readonly #slots = new Map<string, Slot>();
  readonly #maxBytes: number;
  readonly #maxAnswerBytes: number;
  readonly #maxTagBytes: number;
  #tagBytes = 0;
  #bodyBytes = 0;
  /** The version last asked for: slots of any other are of a past state of the store. */
  #current: string | undefined;

  constructor(options: AnswerCacheOptions = {}) {
    this.#maxBytes = options.maxBytes ?? 16 * 1024 * 1024;
    this.#maxAnswerBytes = options.maxAnswerBytes ?? 1024 * 1024;
    this.#maxTagBytes = options.maxTagBytes ?? 1024 * 1024;
  }

  /** What is kept of the answer under `key` when it was written at store version `version` (counted as asked for). */
  get(key: string, version: string): KeptAnswer | undefined {
    this.#current = version;
    const slot = this.#slots.get(key);
    if (slot === undefined) return undefined;
    this.#remove(key, slot);
    if (slot.version !== version) return undefined;
    slot.asked++;
    this.#insert(key, slot);
    return { etag: slot.etag, body: slot.body };
  }

  /** Keeps the answer written for `key` at `version`: its tag, and its bytes if it was asked for before. */
  set(key: string, version: string, answer: EncodedAnswer): void {
    const old = this.#slots.get(key);
    if (old !== undefined) this.#remove(key, old);
    const again = old !== undefined && old.version === version;
    const slot: Slot = {
      version,
      etag: answer.etag,
      body: undefined,
      asked: again ? old.asked : 1,
      tagBytes: cost(key) + cost(answer.etag) + cost(version) + SLOT_OVERHEAD,
      bodyBytes: 0,
    };
    this.#insert(key, slot);
    if (again && answer.body.length <= this.#maxAnswerBytes && this.#roomFor(cost(answer.body), slot)) {
      slot.body = answer.body;
      slot.bodyBytes = cost(answer.body);
      this.#bodyBytes += slot.bodyBytes;
    }
    for (const [oldest, kept] of this.#slots) {
      if (this.#tagBytes <= this.#maxTagBytes) break;
      this.#remove(oldest, kept);
    }
  }

  /** Bytes held (as counted above): tags and answers. */
  get bytes(): number {
    return this.#tagBytes + this.#bodyBytes;
  }

  /** Bytes of answers held. */
  get bodyBytes(): number {
    return this.#bodyBytes;
  }

  get size(): number {
    return this.#slots.size;
  }

  /**
   * Whether `bytes` more fit among the answers kept, after dropping the bytes of answers of past
   * versions, then of those asked for fewer times than `newcomer`, least recently used first.
   * Nothing is dropped when that would not make room enough.
   */
  #roomFor(bytes: number, newcomer: Slot): boolean {
    if (bytes > this.#maxBytes) return false;
    let excess = this.#bodyBytes + bytes - this.#maxBytes;
    if (excess <= 0) return true;
    const stale: Slot[] = [];
    const lessAsked: Slot[] = [];
    for (const slot of this.#slots.values()) {
      if (slot.body === undefined || slot === newcomer) continue;
      if (slot.version !== this.#current) stale.push(slot);
      else if (slot.asked < newcomer.asked) lessAsked.push(slot);
    }
    const victims: Slot[] = [];
    for (const slot of [...stale, ...lessAsked]) {
      if (excess <= 0) break;
      victims.push(slot);
      excess -= slot.bodyBytes;
    }
    if (excess > 0) return false;
    for (const slot of victims) this.#dropBody(slot);
    return true;
  }

  #dropBody(slot: Slot): void {
    this.#bodyBytes -= slot.bodyBytes;
    slot.body = undefined;
    slot.bodyBytes = 0;
  }

  #insert(key: string, slot: Slot): void {
    this.#slots.set(key, slot);
    this.#tagBytes += slot.tagBytes;
    this.#bodyBytes += slot.bodyBytes;
  }

  #remove(key: string, slot: Slot): void {
    this.#slots.delete(key);
    this.#tagBytes -= slot.tagBytes;
    this.#bodyBytes -= slot.bodyBytes;
  }
}

// ---- how a handler and the response writer (respond.ts) pass answers ----------------------------

const KEPT = Symbol('atomsync.keptAnswer');
const KEEP = Symbol('atomsync.keepAnswer');

/**
 * A kept answer, typed as the result a handler returns: respond.ts sends its bytes and tag as they
 * are; one kept without its bytes only for a request its tag answers with 304.
 */
export function keptAnswer<T>(answer: KeptAnswer): T {
  return { [KEPT]: answer } as T;
}

/** The kept answer a handler returned; undefined for any other result. */
export function keptAnswerOf(result: unknown): KeptAnswer | undefined {
  return (result as { [KEPT]?: KeptAnswer } | null)?.[KEPT];
}

/** `result`, asking the response writer to hand `keep` the answer it writes for it, if it tags it. */
export function keepingAnswer<T extends object>(result: T, keep: (answer: EncodedAnswer) => void): T {
  return Object.assign(result, { [KEEP]: keep });
}

/** Where the answer written for `result` is to be kept; undefined for a result not asked to be. */
export function keeperOf(result: unknown): ((answer: EncodedAnswer) => void) | undefined {
  return (result as { [KEEP]?: (answer: EncodedAnswer) => void } | null)?.[KEEP];
}
