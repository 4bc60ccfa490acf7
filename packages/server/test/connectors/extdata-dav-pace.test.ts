/**
 * The writes a DAV run keeps in flight (connectors/extdata/dav/pace.ts), against two simulated
 * remotes on a virtual clock: a provider far away (each write mostly round trip, its writes served
 * side by side), where the pace climbs to four at once; and a local server that serializes its
 * writes under a lock and slows as its collection grows, with a few milliseconds between one
 * write's answer and the next one's turn in the lock (our sending, its parsing: Radicale), which a
 * second write in flight hides, and each write slower while more than one waits, where it stays at
 * two. Virtual time: the figures are the model's, not this machine's.
 */
import { describe, expect, it } from 'vitest';
import { WritePace } from '../../src/connectors/extdata/dav/pace.js';

interface Remote {
  /** When a write sent at `now`, with `inFlight` writes in flight counting it, is answered. */
  answer(now: number, inFlight: number, index: number): number;
}

/** Runs `writes` writes at the pace's limit on a virtual clock: the time they took, and the writes sent at each limit. */
function drive(remote: Remote, writes: number, max?: number): { ms: number; atLimit: Map<number, number> } {
  let now = 0;
  const pace = new WritePace(max, () => now);
  const inFlight: number[] = [];
  const atLimit = new Map<number, number>();
  let sent = 0;
  while (sent < writes || inFlight.length > 0) {
    while (sent < writes && inFlight.length < pace.limit) {
      atLimit.set(pace.limit, (atLimit.get(pace.limit) ?? 0) + 1);
      inFlight.push(remote.answer(now, inFlight.length + 1, sent++));
    }
    inFlight.sort((a, b) => a - b);
    now = inFlight.shift()!;
    pace.finished();
  }
  return { ms: now, atLimit };
}

/** 80 ms away, 10 ms to store, stores side by side. */
const faraway: Remote = { answer: (now) => now + 90 };

/**
 * One write at a time in a lock, 10 ms plus 0.04 ms per member it holds (~30 ms a PUT at 1,000, as
 * Radicale on a quiet machine here); a write reaches the lock
 * GAP ms after it is sent (sending, parsing, signing in), so a second in flight waits there ready;
 * each write 15% slower per further write waiting beyond that one.
 */
const GAP = 3;
function serializing(): Remote {
  let free = 0;
  return {
    answer(now, inFlight, index) {
      const start = Math.max(now + GAP, free);
      free = start + (10 + 0.04 * index) * (1 + 0.15 * Math.max(inFlight - 2, 0));
      return free;
    },
  };
}

/** The time `writes` writes take with `count` always in flight (no pace). */
function fixed(remote: Remote, writes: number, count: number): number {
  let now = 0;
  const inFlight: number[] = [];
  for (let sent = 0; sent < writes || inFlight.length > 0; ) {
    while (sent < writes && inFlight.length < count) inFlight.push(remote.answer(now, inFlight.length + 1, sent++));
    inFlight.sort((a, b) => a - b);
    now = inFlight.shift()!;
  }
  return now;
}

describe('the writes a DAV run keeps in flight', () => {
  it('climbs to four at once against a remote far away: 1,000 writes in well under half the time one at a time takes', () => {
    const paced = drive(faraway, 1_000);
    const single = drive(faraway, 1_000, 1);
    expect(single.ms).toBe(90_000);
    expect(paced.ms).toBeLessThan(single.ms * 0.35);
    expect(paced.atLimit.get(4)).toBeGreaterThan(800);
  });

  it('stays at two against a server that serializes writes: faster than one at a time, within 2% of two always', () => {
    const paced = drive(serializing(), 1_000);
    const single = fixed(serializing(), 1_000, 1);
    const two = fixed(serializing(), 1_000, 2);
    // Four always in flight, as before the pace: the cost it avoids.
    const four = fixed(serializing(), 1_000, 4);
    expect(two).toBeLessThan(single * 0.93);
    expect(four).toBeGreaterThan(two * 1.2);
    expect(paced.ms).toBeLessThan(two * 1.02);
    expect(paced.ms).toBeLessThan(single);
    expect(paced.atLimit.get(2)).toBeGreaterThan(900);
  });

  it('never goes past the most it is allowed', () => {
    expect([...drive(faraway, 500, 2).atLimit.keys()].every((limit) => limit <= 2)).toBe(true);
    expect([...drive(faraway, 500, 1).atLimit.keys()]).toEqual([1]);
  });
});
