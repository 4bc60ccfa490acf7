/** The FilterType table (rules/filter.ts): which question each class and value asks, and from when. */
import { describe, expect, it } from 'vitest';
import { agesOut, itemFilterOf, sameFilter } from '@atomsync/activesync';

const now = new Date('2026-03-31T12:00:00Z');
const DAY = 86_400_000;

describe('itemFilterOf', () => {
  it.each([
    [1, now.getTime() - DAY],
    [2, now.getTime() - 3 * DAY],
    [3, now.getTime() - 7 * DAY],
    [4, now.getTime() - 14 * DAY],
    // A month back from 31 March is the last day of February; three and six months are calendar months too.
    [5, Date.parse('2026-02-28T12:00:00Z')],
    [6, Date.parse('2025-12-31T12:00:00Z')],
    [7, Date.parse('2025-09-30T12:00:00Z')],
  ])('Calendar %i keeps events ending after its start', (filterType, since) => {
    expect(itemFilterOf('Calendar', filterType, now)).toEqual({ kind: 'endsAfter', filterType, since });
  });

  it.each([
    ['Calendar', 0, 'all'],
    ['Calendar', undefined, 'all'],
    ['Calendar', 8, 'all'],
    ['Tasks', 8, 'incomplete'],
    ['Tasks', 0, 'all'],
    ['Tasks', 4, 'all'],
    ['Contacts', 4, 'all'],
    ['Notes', 8, 'all'],
  ] as const)('%s %s: %s', (className, filterType, kind) => {
    expect(itemFilterOf(className, filterType, now).kind).toBe(kind);
  });

  it('says which filters move with the clock', () => {
    expect(agesOut(itemFilterOf('Calendar', 4, now))).toBe(true);
    expect(agesOut(itemFilterOf('Tasks', 8, now))).toBe(false);
    expect(agesOut(itemFilterOf('Calendar', 0, now))).toBe(false);
  });

  it('tells filters that keep the same items apart from those that do not', () => {
    expect(sameFilter('Calendar', 0, undefined)).toBe(true);
    expect(sameFilter('Calendar', 4, 4)).toBe(true);
    expect(sameFilter('Calendar', 4, 5)).toBe(false);
    expect(sameFilter('Tasks', 0, 4)).toBe(true);
    expect(sameFilter('Tasks', 0, 8)).toBe(false);
    expect(sameFilter('Contacts', 0, 4)).toBe(true);
  });
});
