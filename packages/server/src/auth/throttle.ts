/**
 * The sign-in throttle: failed sign-ins counted per source address, per username from each source,
 * and per username from everywhere, each turned into a growing wait before the next attempt.
 *
 * | table          | what it counts                                   | a wait starts after            |
 * |----------------|--------------------------------------------------|--------------------------------|
 * | source         | failures from one address, whatever the name     | its `sourceFree`th failure     |
 * | name at source | failures on one name from one address            | its `pairFree`th failure       |
 * | name           | failures on one name from every address          | never by itself (see below)    |
 *
 * From there each failure starts a wait twice the last (`baseDelayMs`, 2×, 4×, …), capped
 * at `maxDelayMs`: nobody is locked out for longer than that by anything an attacker does. Counts
 * halve every `halfLifeMs` without a failure, so a forgotten password recovers by itself.
 *
 * Why no lock on a name as such: whoever fails on a name would lock its owner out. Instead a name
 * that failed more than `nameUnderAttack` times recently is under attack, and while it is, any
 * address that fails on it waits after that one failure (no free tries): an attacker with
 * many addresses gets one guess per address and then the backoff; an address that has not failed on
 * the name (the owner's phone, at home or on the road) still signs in with the right password. A
 * success clears its address's count for that name (not the address's own count, which an attacker
 * holding one account of their own could otherwise reset between guesses).
 *
 * A refused attempt is not counted: it cost nothing and proves nothing, and counting it would let
 * an attacker keep extending a wait. The state is this instance's, in memory, each table bounded
 * (auth/lru.ts, least recently used first): with N instances behind a balancer an attacker's budget
 * is up to N times this. Names and addresses are kept as digests, so a long name costs no more room.
 */
import { createHash } from 'node:crypto';
import { LruMap } from './lru.js';

export interface ThrottleSettings {
  /** Failures on one name from one address after which it waits. Default 5. */
  readonly pairFree?: number;
  /** Failures from one address, any names, after which it waits. Default 30. */
  readonly sourceFree?: number;
  /** Recent failures on a name, from all addresses, past which it is under attack. Default 20. */
  readonly nameUnderAttack?: number;
  /** The first wait. Default 1 s. */
  readonly baseDelayMs?: number;
  /** The longest wait. Default 5 minutes. */
  readonly maxDelayMs?: number;
  /** Counts halve after this long without a failure. Default 10 minutes. */
  readonly halfLifeMs?: number;
  /** Entries per table. Default 10,000. */
  readonly maxEntries?: number;
}

interface Count {
  failures: number;
  /** When the last failure was counted: the halving runs from it. */
  at: number;
  blockedUntil: number;
}

const digest = (text: string): string => createHash('sha256').update(text, 'utf8').digest('base64url');

export class SignInThrottle {
  readonly #pairFree: number;
  readonly #sourceFree: number;
  readonly #nameUnderAttack: number;
  readonly #base: number;
  readonly #max: number;
  readonly #halfLife: number;
  readonly #now: () => number;
  readonly #sources: LruMap<string, Count>;
  readonly #pairs: LruMap<string, Count>;
  readonly #names: LruMap<string, Count>;

  constructor(settings: ThrottleSettings = {}, now: () => number = Date.now) {
    this.#pairFree = settings.pairFree ?? 5;
    this.#sourceFree = settings.sourceFree ?? 30;
    this.#nameUnderAttack = settings.nameUnderAttack ?? 20;
    this.#base = settings.baseDelayMs ?? 1000;
    this.#max = settings.maxDelayMs ?? 5 * 60_000;
    this.#halfLife = settings.halfLifeMs ?? 10 * 60_000;
    this.#now = now;
    const entries = settings.maxEntries ?? 10_000;
    this.#sources = new LruMap(entries);
    this.#pairs = new LruMap(entries);
    this.#names = new LruMap(entries);
  }

  /** How long (ms) the address must wait before trying the name (or any name); undefined: it may try now. */
  retryAfter(name: string | undefined, source: string): number | undefined {
    const now = this.#now();
    const sourceWait = peek(this.#sources, () => digest(source))?.blockedUntil ?? 0;
    const pairWait = name === undefined ? 0 : (peek(this.#pairs, () => pairKey(name, source))?.blockedUntil ?? 0);
    const until = Math.max(sourceWait, pairWait);
    return until > now ? until - now : undefined;
  }

  /** Whether the address has failed recently, on the name or at all: its verifications queue behind the others'. */
  suspect(name: string | undefined, source: string): boolean {
    const now = this.#now();
    const failing = (count: Count | undefined) => count !== undefined && this.#decayed(count, now) > 0;
    return failing(peek(this.#sources, () => digest(source))) || (name !== undefined && failing(peek(this.#pairs, () => pairKey(name, source))));
  }

  /** A sign-in from the address failed; `name` when the attempt named one. */
  failed(name: string | undefined, source: string): void {
    const now = this.#now();
    this.#count(this.#sources, digest(source), now, this.#sourceFree);
    if (name === undefined) return;
    const onName = this.#count(this.#names, digest(name), now, Number.POSITIVE_INFINITY);
    // Under attack, one failure is all an address gets before it waits.
    const free = onName.failures > this.#nameUnderAttack ? 1 : this.#pairFree;
    this.#count(this.#pairs, pairKey(name, source), now, free);
  }

  /** The name signed in from the address: its failures there are forgiven. */
  succeeded(name: string, source: string): void {
    if (this.#pairs.size > 0) this.#pairs.delete(pairKey(name, source));
  }

  /** Entries held, per table: each at most `maxEntries`. */
  get sizes(): { readonly sources: number; readonly pairs: number; readonly names: number } {
    return { sources: this.#sources.size, pairs: this.#pairs.size, names: this.#names.size };
  }

  #decayed(count: Count, now: number): number {
    const halvings = Math.floor(Math.max(0, now - count.at) / this.#halfLife);
    return halvings >= 31 ? 0 : count.failures >> halvings;
  }

  /** One more failure under `key`; from the `free`th on, each starts a wait, twice the last. */
  #count(table: LruMap<string, Count>, key: string, now: number, free: number): Count {
    const found = table.get(key);
    const count: Count = found === undefined ? { failures: 0, at: now, blockedUntil: 0 } : found;
    count.failures = this.#decayed(count, now) + 1;
    count.at = now;
    const past = count.failures - free;
    if (past >= 0) count.blockedUntil = Math.max(count.blockedUntil, now + Math.min(this.#max, this.#base * 2 ** Math.min(past, 30)));
    if (found === undefined) table.set(key, count);
    return count;
  }
}

/**
 * The count under the key `keyOf` gives, its digest taken only when the table holds anything: on a
 * server nobody has failed to sign in to, every sign-in (a cached one too) asked two SHA-256
 * digests of tables that were empty.
 */
function peek(table: LruMap<string, Count>, keyOf: () => string): Count | undefined {
  return table.size === 0 ? undefined : table.peek(keyOf());
}

function pairKey(name: string, source: string): string {
  return digest(`${name}\0${source}`);
}
