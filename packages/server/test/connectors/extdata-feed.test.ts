/** The extdata connector's pure pieces: batch splitting, the listing filter, item ids, Retry-After. */
import type { OutgoingChange } from '@atomsync/engine';
import { describe, expect, it } from 'vitest';
import { batchBytesOf, chunksOf, filterOf, itemIdOf } from '../../src/connectors/extdata/feed.js';
import { parseRetryAfter } from '../../src/connectors/extdata/transport.js';

const note = (body: string): OutgoingChange => ({ op: 'add', item: { dataclass: 'Notes', type: 'text/plain', title: '', body } });

describe('chunksOf', () => {
  it('cuts at the entry limit, keeping order', () => {
    const chunks = chunksOf([1, 2, 3, 4, 5, 6, 7], () => 1, 3, Infinity);
    expect(chunks).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
  });

  it('cuts before the byte budget is passed, and sends a single oversized item alone', () => {
    const changes = [note('a'.repeat(600)), note('b'.repeat(600)), note('c'.repeat(5_000)), note('d')];
    const chunks = chunksOf(changes, batchBytesOf, 1_000, 2_500);
    expect(chunks.map((c) => c.length)).toEqual([2, 1, 1]);
    expect(chunks.flat()).toEqual(changes);
  });

  it('counts multi-byte text as bytes', () => {
    expect(batchBytesOf(note('é'.repeat(100))) - batchBytesOf(note(''))).toBe(200);
  });
});

describe('filterOf', () => {
  it.each([
    [['Contacts'], 'Contacts'],
    [['Events', 'Tasks'], 'Calendar'],
    [['Tasks', 'Events'], 'Calendar'],
    [['Contacts', 'Notes'], undefined],
  ] as const)('%j → %s', (classes, filter) => {
    expect(filterOf(classes)).toBe(filter);
  });
});

describe('itemIdOf', () => {
  it('lower-cases a urn:uuid, keeps any other id, and has none for an empty one', () => {
    expect(itemIdOf(' URN:UUID:0D92A020-8153-44B8-8A1B-18B5312D23DF ')).toBe('urn:uuid:0d92a020-8153-44b8-8a1b-18b5312d23df');
    expect(itemIdOf('http://remote.test/items/Ab1')).toBe('http://remote.test/items/Ab1');
    expect(itemIdOf('  ')).toBeUndefined();
    expect(itemIdOf(undefined)).toBeUndefined();
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2009-06-01T12:00:00Z');
  it.each([
    ['120', 120_000],
    ['0', 0],
    ['Mon, 01 Jun 2009 12:00:30 GMT', 30_000],
    ['Mon, 01 Jun 2009 11:00:00 GMT', 0],
    ['soon', undefined],
    ['', undefined],
  ])('%j → %s ms', (value, ms) => {
    expect(parseRetryAfter(value, now)).toBe(ms);
  });
  it('is undefined without the header', () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});
