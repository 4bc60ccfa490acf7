/**
 * The writes a DAV run keeps in flight (@atomsync/dav client/pace.ts), against two simulated
 * remotes on a virtual clock: a provider far away (each write mostly round trip, its writes served
 * side by side), where the pace climbs to four at once; and a local server that serializes its
 * writes and slows as its collection grows, each write slower still while others wait (Radicale's
 * write lock under one GIL), where it stays at one. Virtual time: the figures are the model's,
 * not this machine's.
 */
import { describe, expect, it } from 'vitest';
import { WritePace } from '@atomsync/dav';

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

/** One write at a time, 20 ms plus 0.15 ms per member it holds, each 15% slower per other write waiting. */
const serialCost = (inFlight: number, index: number): number => (20 + 0.15 * index) * (1 + 0.15 * (inFlight - 1));
function serializing(): Remote {
  let free = 0;
  return {
    answer(now, inFlight, index) {
      const start = Math.max(now, free);
      free = start + serialCost(inFlight, index);
      return free;
    },
  };
}

/** A seeded generator in [0, 1) (mulberry32): the same noise on every run of the test. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * serializing() on a loaded machine: for one second in five (at random, a second at a time) the
 * others' load makes each write twice as slow — so the windows around a probe are often slower
 * than the probe's own, whatever the level tried, and a level above wins a probe by chance.
 */
function noisySerializing(seed: number): Remote {
  const random = seeded(seed);
  let second = -1;
  let slower = 1;
  let free = 0;
  return {
    answer(now, inFlight, index) {
      const start = Math.max(now, free);
      if (Math.floor(start / 1_000) !== second) [second, slower] = [Math.floor(start / 1_000), random() < 0.2 ? 2 : 1];
      free = start + serialCost(inFlight, index) * slower;
      return free;
    },
  };
}

describe('the writes a DAV run keeps in flight', () => {
  it('climbs to four at once against a remote far away: 1,000 writes in well under half the time one at a time takes', () => {
    const paced = drive(faraway, 1_000);
    const single = drive(faraway, 1_000, 1);
    expect(single.ms).toBe(90_000);
    expect(paced.ms).toBeLessThan(single.ms * 0.35);
    expect(paced.atLimit.get(4)).toBeGreaterThan(800);
  });

  it('stays at one against a server that serializes writes and slows while they wait, within 2% of one at a time', () => {
    const paced = drive(serializing(), 1_000);
    const single = drive(serializing(), 1_000, 1);
    const four = (() => {
      const remote = serializing();
      let now = 0;
      // Four always in flight, as before the pace: the cost it avoids.
      const inFlight: number[] = [];
      for (let sent = 0; sent < 1_000 || inFlight.length > 0; ) {
        while (sent < 1_000 && inFlight.length < 4) inFlight.push(remote.answer(now, inFlight.length + 1, sent++));
        inFlight.sort((a, b) => a - b);
        now = inFlight.shift()!;
      }
      return now;
    })();
    expect(four).toBeGreaterThan(single.ms * 1.3);
    expect(paced.ms).toBeLessThan(single.ms * 1.02);
    expect(paced.atLimit.get(1)).toBeGreaterThan(900);
  });

  it.each(Array.from({ length: 20 }, (_, i) => i + 1))('stays at one against a serializing server on a noisy machine, whose windows a level above wins by chance (seed %i)', (seed) => {
    const paced = drive(noisySerializing(seed), 1_000);
    expect(paced.atLimit.get(1)).toBeGreaterThan(900);
  });

  it('never goes past the most it is allowed', () => {
    expect([...drive(faraway, 500, 2).atLimit.keys()].every((limit) => limit <= 2)).toBe(true);
    expect([...drive(faraway, 500, 1).atLimit.keys()]).toEqual([1]);
  });
});
