/**
 * The write pace (client policy: how many writes in flight), on a virtual clock: it starts at one
 * as DAVx⁵ and vdirsyncer write, never passes its limit, climbs only when a higher level stores
 * clearly faster, and stays at one against a remote that serializes writes. The simulated remotes
 * of the extdata bench are in the server's extdata-dav-pace test.
 */
import { describe, expect, it } from 'vitest';
import { WINDOW, WritePace } from '../../src/index.js';

/** Runs `writes` writes, each window costing `cost(level)` virtual ms per write at that level; the levels seen, in order. */
function run(max: number, writes: number, cost: (level: number) => number): number[] {
  let now = 0;
  const pace = new WritePace(max, () => now);
  const levels: number[] = [];
  for (let i = 0; i < writes; i++) {
    levels.push(pace.limit);
    now += cost(pace.limit);
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
});
