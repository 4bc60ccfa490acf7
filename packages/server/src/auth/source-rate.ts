/**
 * A rate per source address (a token bucket each): `burst` at once, then one every `intervalMs`.
 * What bounds anonymous SyncML first messages (a message without a session key starts a session,
 * and so costs a decode and a session's records before anyone is known). Bounded in addresses
 * (auth/lru.ts): an address pushed out only starts again with a full bucket. Per instance.
 */
import { LruMap } from './lru.js';

export interface SourceRateSettings {
  /** Messages at once. Default 30. */
  readonly burst?: number;
  /** One more every this many ms. Default 2 s (30 a minute). */
  readonly intervalMs?: number;
  /** Addresses kept. Default 10,000. */
  readonly maxEntries?: number;
}

interface Bucket {
  tokens: number;
  at: number;
}

export class SourceRate {
  readonly #burst: number;
  readonly #interval: number;
  readonly #now: () => number;
  readonly #buckets: LruMap<string, Bucket>;

  constructor(settings: SourceRateSettings = {}, now: () => number = Date.now) {
    this.#burst = settings.burst ?? 30;
    this.#interval = settings.intervalMs ?? 2000;
    this.#now = now;
    this.#buckets = new LruMap(settings.maxEntries ?? 10_000);
  }

  /** Takes one for the address: undefined when it may go on, else how long (ms) until it may. */
  take(source: string): number | undefined {
    const now = this.#now();
    const bucket = this.#buckets.get(source) ?? { tokens: this.#burst, at: now };
    bucket.tokens = Math.min(this.#burst, bucket.tokens + Math.max(0, now - bucket.at) / this.#interval);
    bucket.at = now;
    this.#buckets.set(source, bucket);
    if (bucket.tokens < 1) return Math.ceil((1 - bucket.tokens) * this.#interval);
    bucket.tokens -= 1;
    return undefined;
  }

  get size(): number {
    return this.#buckets.size;
  }
}
