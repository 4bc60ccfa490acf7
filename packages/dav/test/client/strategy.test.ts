/**
 * The listing strategy as pure steps, table-driven: what a client asks of a collection given the
 * anchor it holds and the collection's head (RFC 6578 §3.1–3.2; RFC 4791 §7.8; RFC 6352 §8.6's
 * PROPFIND listing), how it reads each answer (RFC 6578 §3.5 changes and removals, §3.6
 * truncation), what a listing means against the ETags held, and the delete guard.
 */
import { describe, expect, it } from 'vitest';
import {
  DAV_NS,
  HEAD_PROPS,
  afterSyncRefusal,
  etagRead,
  firstListingAsk,
  listingAfterHead,
  nextSyncRound,
  readEtagListing,
  readSyncRound,
  reconcile,
  tooManyDeletes,
  type CollectionState,
  type SyncRead,
} from '../../src/index.js';
import { BASE, answer, etag, found, status } from './support.js';

const head = (over: Partial<CollectionState>): CollectionState => ({ kind: 'addressbook', isCollection: true, displayName: undefined, syncToken: undefined, ctag: undefined, syncCollection: false, components: [], ...over });

describe('what to ask first', () => {
  it.each([
    ['no anchor: the head (then a full listing)', undefined, { ask: 'head' }],
    ['a token held: sync-collection from it, nothing first (RFC 6578 §3.2)', { token: 'tok-7', etags: {} }, { ask: 'sync-collection', token: 'tok-7' }],
    ['a ctag held, no token: the head', { ctag: 'c-1', etags: {} }, { ask: 'head' }],
    ['ETags alone: the head', { etags: { '/a.vcf': '"1"' } }, { ask: 'head' }],
  ])('%s', (_, held, expected) => {
    expect(firstListingAsk(held)).toEqual(expected);
  });

  it("never asks the head for its sync-token (sync-collection gives it), but for the ctag and reports", () => {
    expect(HEAD_PROPS.some((p) => p.ns === DAV_NS && p.name === 'sync-token')).toBe(false);
    expect(HEAD_PROPS.map((p) => p.name)).toEqual(expect.arrayContaining(['getctag', 'supported-report-set', 'resourcetype']));
  });
});

describe('what to ask after the head', () => {
  it.each([
    ['ctag unchanged: nothing', head({ ctag: 'c-1', syncCollection: true }), 'addressbook', 'c-1', { ask: 'nothing' }],
    ['ctag moved, sync-collection offered: from no token (RFC 6578 §3.1)', head({ ctag: 'c-2', syncCollection: true }), 'addressbook', 'c-1', { ask: 'sync-collection', token: '' }],
    ['ctag moved, address book without it: PROPFIND Depth 1 getetag', head({ ctag: 'c-2' }), 'addressbook', 'c-1', { ask: 'propfind-etags' }],
    ['ctag moved, calendar without it: calendar-query per component (RFC 4791 §7.8)', head({ kind: 'calendar', ctag: 'c-2' }), 'calendar', 'c-1', { ask: 'calendar-query', components: ['VTODO'] }],
    ['no ctag served: never read as unchanged', head({}), 'addressbook', 'c-1', { ask: 'propfind-etags' }],
    ['after a refused token: listed whatever the ctag says', head({ ctag: 'c-1', syncCollection: true }), 'addressbook', undefined, { ask: 'sync-collection', token: '' }],
    ['no ctag held: listed', head({ ctag: 'c-1' }), 'addressbook', undefined, { ask: 'propfind-etags' }],
  ] as const)('%s', (_, state, kind, unchangedSince, expected) => {
    expect(listingAfterHead(state, kind, ['VTODO'], unchangedSince)).toEqual(expected);
  });
});

describe('a sync-collection from a held token refused', () => {
  it.each([
    [403, 'valid-sync-token (RFC 6578 §3.2)', 'full-listing'],
    [500, 'Xandikos on a token it does not know', 'full-listing'],
    [400, 'a token the server cannot read', 'full-listing'],
    [409, 'a conflict instead of 403', 'full-listing'],
    [410, 'a token gone', 'full-listing'],
    [501, 'the report no longer offered', 'full-listing'],
    [401, 'credentials refused', 'fail'],
    [404, 'no such collection', 'fail'],
    [507, 'a truncation that did not move its token', 'fail'],
    [207, 'an answer without a token', 'fail'],
  ] as const)('%i (%s): %s', (code, _, expected) => {
    expect(afterSyncRefusal(code)).toBe(expected);
  });
});

describe('reading a sync-collection answer (RFC 6578 §3.5, §3.6)', () => {
  const fresh = (): SyncRead => ({ changed: new Map(), deleted: new Set() });

  it('reads changes with their ETags, removals by 404, and ignores the collection listed among them (iCloud)', () => {
    const read = fresh();
    const result = readSyncRound(
      answer(
        found('/alice/contacts/', etag('"col"')) +
          found('/alice/contacts/a.vcf', etag('"1"')) +
          found('https://dav.example/alice/contacts/b.vcf', '') +
          status('/alice/contacts/gone.vcf', 404, 'Not Found') +
          status('/alice/contacts/err.vcf', 500, 'Error'),
        { token: 't2' },
      ),
      BASE,
      read,
    );
    expect(result).toEqual({ truncated: false });
    expect([...read.changed]).toEqual([
      ['/alice/contacts/a.vcf', '"1"'],
      ['/alice/contacts/b.vcf', undefined],
    ]);
    expect([...read.deleted]).toEqual(['/alice/contacts/gone.vcf']);
  });

  it('the collection itself answered 507 is a truncated page; the collection spelt without its slash too', () => {
    expect(readSyncRound(answer(status('/alice/contacts/', 507, 'Insufficient Storage')), BASE, fresh())).toEqual({ truncated: true });
    expect(readSyncRound(answer(status('/alice/contacts', 507, 'Insufficient Storage')), BASE, fresh())).toEqual({ truncated: true });
    expect(readSyncRound(answer(status('/alice/contacts/x.vcf', 507, 'Insufficient Storage')), BASE, fresh())).toEqual({ truncated: false });
  });

  it('a later round wins: removed after changed, changed after removed', () => {
    const read = fresh();
    readSyncRound(answer(found('/alice/contacts/a.vcf', etag('"1"')) + status('/alice/contacts/b.vcf', 404)), BASE, read);
    readSyncRound(answer(status('/alice/contacts/a.vcf', 410) + found('/alice/contacts/b.vcf', etag('"2"'))), BASE, read);
    expect([...read.changed]).toEqual([['/alice/contacts/b.vcf', '"2"']]);
    expect([...read.deleted]).toEqual(['/alice/contacts/a.vcf']);
  });

  it.each([
    ['complete: done with its token', 0, 't1', 't2', false, { done: 't2' }],
    ['truncated (507): the next round from the token it gave', 0, 't1', 't2', true, { next: 't2' }],
    ['truncated without moving the token: an error, not a loop', 3, 't2', 't2', true, { error: 'truncated (507) without moving its sync-token', status: 507 }],
    ['no token in the answer: an error', 0, 't1', undefined, false, { error: 'a sync-collection answer without a sync-token', status: 207 }],
    ['rounds past the bound: an error', 10_000, 't1', 't2', true, { error: 'still truncated after 10000 rounds', status: 507 }],
  ] as const)('%s', (_, round, asked, answered, truncated, expected) => {
    expect(nextSyncRound(round, asked, answered, truncated)).toEqual(expected);
  });
});

describe('reading an ETag listing (PROPFIND Depth 1, calendar-query)', () => {
  it('lists members with their ETags; leaves out the collection, sub-collections and members with a status of their own', () => {
    const into = new Map<string, string | undefined>();
    readEtagListing(
      answer(
        found('/alice/contacts/', '<d:resourcetype><d:collection/><card:addressbook/></d:resourcetype>') +
          found('/alice/contacts/a.vcf', etag(' "1" ') + '<d:resourcetype/>') +
          found('/alice/contacts/sub/', '<d:resourcetype><d:collection/></d:resourcetype>') +
          found('/alice/contacts/noetag.vcf', etag('')) +
          status('/alice/contacts/locked.vcf', 403, 'Forbidden'),
      ),
      BASE,
      into,
    );
    expect([...into]).toEqual([
      ['/alice/contacts/a.vcf', '"1"'],
      ['/alice/contacts/noetag.vcf', undefined],
    ]);
  });
});

describe('what a listing means against the ETags held (RFC 6578 §3.5; the full listing compared ETag by ETag)', () => {
  const held = { '/c/a.vcf': '"1"', '/c/b.vcf': '"2"', '/c/c.vcf': '' };

  it.each([
    ['a full listing: changed ETags and unknown ones read, unlisted members deleted', { listing: new Map([['/c/a.vcf', '"1"'], ['/c/b.vcf', '"3"'], ['/c/new.vcf', '"1"'], ['/c/x.vcf', undefined]]) }, ['/c/b.vcf', '/c/new.vcf', '/c/x.vcf'], ['/c/c.vcf'], ['/c/b.vcf', '/c/new.vcf', '/c/x.vcf']],
    ["a member held without an ETag ('') differs from any listed", { listing: new Map([['/c/a.vcf', '"1"'], ['/c/b.vcf', '"2"'], ['/c/c.vcf', '"5"']]) }, ['/c/c.vcf'], [], ['/c/c.vcf']],
    ['a delta: its deletes only for members held', { delta: { changed: new Map([['/c/a.vcf', '"4"']]), deleted: new Set(['/c/b.vcf', '/c/never-seen.vcf']) } }, ['/c/a.vcf'], ['/c/b.vcf'], ['/c/a.vcf']],
    ['a delta listing a member at the ETag held: not read again', { delta: { changed: new Map([['/c/a.vcf', '"1"'], ['/c/z.vcf', undefined]]), deleted: new Set<string>() } }, ['/c/a.vcf', '/c/z.vcf'], [], ['/c/z.vcf']],
    ['an empty listing: everything held deleted (the guard weighs it)', { listing: new Map() }, [], ['/c/a.vcf', '/c/b.vcf', '/c/c.vcf'], []],
  ] as const)('%s', (_, source, changed, deleted, toRead) => {
    const result = reconcile(held, source);
    expect([...result.changed.keys()]).toEqual(changed);
    expect(result.deleted).toEqual(deleted);
    expect(result.toRead).toEqual(toRead);
    for (const path of deleted) expect(result.etags).not.toHaveProperty([path]);
    expect(held).toEqual({ '/c/a.vcf': '"1"', '/c/b.vcf': '"2"', '/c/c.vcf': '' });
  });

  it.each([
    ['the multiget said', '"m"', '"l"', '"m"'],
    ['else the listing', undefined, '"l"', '"l"'],
    ['else unknown', undefined, undefined, ''],
  ])('the ETag held for a member read: %s', (_, multiget, listed, expected) => {
    expect(etagRead(multiget, listed)).toBe(expected);
  });
});

describe('the delete guard', () => {
  it.each([
    [100, 50, false, 'half of what was held'],
    [100, 51, true, 'more than half'],
    [100, 100, true, 'an empty answer where 100 were listed (vdirsyncer lost address books so)'],
    [6, 5, false, 'the floor: a few deletes always pass'],
    [6, 6, true, 'past the floor and more than half'],
    [0, 3, false, 'nothing held, a few deletes'],
    [20, 10, false, 'exactly half'],
  ])('held %i, deleting %i: stops = %s (%s)', (held, deleting, stops) => {
    expect(tooManyDeletes(held, deleting)).toBe(stops);
  });
});
