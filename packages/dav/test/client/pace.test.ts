/**
 * The write pace (client policy: how many writes in flight), on a virtual clock: it starts at one
 * as DAVx⁵ and vdirsyncer write, never passes its limit, climbs only when a higher level stores
 * clearly faster in two probes in a row (one is often chance on a loaded machine), and stays at
 * one against a remote that serializes writes. The simulated remotes of the extdata bench are in the server's extdata-dav-pace test. writePaced keeps to it: never
 * more in flight than the pace allows, results in order, the first failure stopping new writes.
 */
import { describe, expect, it } from 'vitest';
import { WINDOW, WritePace, writePaced } from '../../src/index.js';

/** Runs `writes` writes, the i-th costing `cost(level, i)` virtual ms at the level it went at; the levels seen, in order. */
function run(max: number, writes: number, cost: (level: number, i: number) => number): number[] {
  let now = 0;
  const pace = new WritePace(max, () => now);
  const levels: number[] = [];
  for (let i = 0; i < writes; i++) {
    levels.push(pace.limit);
    now += cost(pace.limit, i);
    pace.finished();
  }
  return levels;
}

describe('the write pace', () => {
  it.each([
    ['writes served side by side (a provider far away): climbs to four', 4, (level: number) => 80 / level, 4],
    ['writes serialized in the remote, each slower when others wait (Radicale): stays at one', 4, (level: number) => 10 * (1 + 0.13 * (level - 1)), 1],
    ['a limit of two: never more than two', 2, (level: number) => 80 / level, 2],
    ['a limit of one: one', 1, (level: number) => 80 / level, 1],
  ])('%s', (_, max, cost, settled) => {
    const levels = run(max, WINDOW * 200, cost);
    expect(levels[0]).toBe(1);
    expect(Math.max(...levels)).toBeLessThanOrEqual(max);
    expect(levels.at(-1)).toBe(settled);
  });

  it('does not keep a level that won one probe by chance: tries it again at once, and stays at one when it loses', () => {
    // Serialized writes, 13% slower at two at once; but the first window at two (the third
    // window: one steady, one before) is quick by chance — the machine's other load paused.
    const window = (i: number) => Math.floor(i / WINDOW);
    const levels = run(4, WINDOW * 20, (level, i) => (level > 1 && window(i) === 2 ? 5 : 10 * (1 + 0.13 * (level - 1))));
    expect(levels.slice(2 * WINDOW, 3 * WINDOW).every((l) => l === 2)).toBe(true);
    // Tried again at once (window 4, after one at one), lost, and not tried for a while after.
    expect(levels.slice(4 * WINDOW, 5 * WINDOW).every((l) => l === 2)).toBe(true);
    expect(levels.slice(5 * WINDOW, 12 * WINDOW).every((l) => l === 1)).toBe(true);
  });

  it('stops probing upward after two lost probes in a row: a remote that serializes writes is not probed through the rest of the run', () => {
    // Radicale: each write slower the more writes wait, and every write slower as the collection grows.
    const levels = run(4, WINDOW * 200, (level, i) => (10 + i / 100) * (1 + 0.13 * (level - 1)));
    const windowsAbove = new Set(levels.flatMap((l, i) => (l > 1 ? [Math.floor(i / WINDOW)] : [])));
    expect([...windowsAbove]).toHaveLength(2);
    expect(Math.max(...windowsAbove)).toBeLessThan(20);
  });

  it('still probes downward from a level it climbed to when the next one up lost twice', () => {
    // Two at once store twice as fast as one, four no faster than two: settles at two, and tries one again later.
    const levels = run(4, WINDOW * 400, (level) => (level === 1 ? 80 : 40 * (1 + 0.1 * (level - 2))));
    const late = levels.slice(WINDOW * 200);
    expect(late.includes(4)).toBe(false);
    expect(late.includes(1)).toBe(true);
    expect(levels.at(-1)).toBe(2);
  });
});

/** Writes that end only when the test says: which started, and a hand on each. */
function heldWrites() {
  const started: number[] = [];
  const ends = new Map<number, { ok: (v: string) => void; fail: (e: Error) => void }>();
  const write = (at: number) =>
    new Promise<string>((ok, fail) => {
      started.push(at);
      ends.set(at, { ok, fail });
    });
  const settle = () => new Promise((r) => setImmediate(r));
  return { started, ends, write, settle };
}

describe('writes in flight as the pace says', () => {
  it.each([
    [1, [0]],
    [2, [0]],
    [4, [0]],
  ])('a pace limited to %i starts with one write in flight (as DAVx⁵ and vdirsyncer)', async (max, first) => {
    const w = heldWrites();
    const run = writePaced(5, w.write, new WritePace(max, () => 0));
    await w.settle();
    expect(w.started).toEqual(first);
    for (let i = 0; i < 5; i++) {
      w.ends.get(i)!.ok(`r${i}`);
      await w.settle();
    }
    expect(await run).toEqual(['r0', 'r1', 'r2', 'r3', 'r4']);
  });

  it('keeps results in the order of the changes, whatever order the writes end in', async () => {
    const pace = { limit: 3, finished: () => undefined } as unknown as WritePace;
    const w = heldWrites();
    const run = writePaced(3, w.write, pace);
    await w.settle();
    expect(w.started).toEqual([0, 1, 2]);
    for (const i of [2, 0, 1]) w.ends.get(i)!.ok(`r${i}`);
    expect(await run).toEqual(['r0', 'r1', 'r2']);
  });

  it('stops starting writes at the first failure, lets those in flight end, then throws it', async () => {
    const pace = { limit: 2, finished: () => undefined } as unknown as WritePace;
    const w = heldWrites();
    const run = writePaced(6, w.write, pace);
    const outcome = run.then(() => 'resolved', (e: Error) => e.message);
    await w.settle();
    expect(w.started).toEqual([0, 1]);
    w.ends.get(0)!.fail(new Error('412 is not a failure, a 500 is'));
    await w.settle();
    // Nothing new after the failure; the one in flight still ends.
    expect(w.started).toEqual([0, 1]);
    w.ends.get(1)!.ok('r1');
    expect(await outcome).toBe('412 is not a failure, a 500 is');
  });

  it('does nothing for no writes', async () => {
    expect(await writePaced(0, () => Promise.reject(new Error('never')))).toEqual([]);
  });
});
