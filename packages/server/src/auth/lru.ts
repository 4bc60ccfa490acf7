/**
 * A Map bounded in entries, the least recently used going first: the sign-in throttle's tables
 * (auth/throttle.ts), whose keys come from whoever asks, so they must never grow without end.
 */
export class LruMap<K, V> {
  // A Map iterates in insertion order: re-inserting on use makes its first key the least recently used.
  readonly #entries = new Map<K, V>();

  constructor(readonly maxEntries: number) {
    if (!(maxEntries >= 1)) throw new RangeError('an LruMap holds at least one entry');
  }

  /** The value, made the most recently used. */
  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value === undefined) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, value);
    return value;
  }

  /** The value, its place in the order unchanged. */
  peek(key: K): V | undefined {
    return this.#entries.get(key);
  }

  set(key: K, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    while (this.#entries.size > this.maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
  }

  delete(key: K): void {
    this.#entries.delete(key);
  }

  get size(): number {
    return this.#entries.size;
  }
}
