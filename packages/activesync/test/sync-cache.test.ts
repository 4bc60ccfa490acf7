/** The cached Sync request (sync/cache.ts) as data: what is kept, how a Partial Sync merges, how a request is completed. */
import { cacheOf, completeRequest, el, mergePartial, readCache, readSyncRequest, writeCache, type SyncRequest } from '@atomsync/activesync';
import { describe, expect, it } from 'vitest';

const collection = (id: string, key: string, extra: ReturnType<typeof el>[] = []) => el('AirSync:Collection', [el('AirSync:SyncKey', key), el('AirSync:CollectionId', id), ...extra]);
const request = (collections: ReturnType<typeof el>[], extra: ReturnType<typeof el>[] = []): SyncRequest =>
  readSyncRequest(el('AirSync:Sync', [...(collections.length > 0 ? [el('AirSync:Collections', collections)] : []), ...extra]));
const filter = (n: number) => el('AirSync:Options', [el('AirSync:FilterType', String(n))]);

describe('the cached Sync request', () => {
  const full = request(
    [
      collection('contacts', 'g:3', [el('AirSync:Commands', [el('AirSync:Delete', [el('AirSync:ServerId', 'x')])])]),
      collection('calendar', '0', [filter(4)]),
    ],
    [el('AirSync:HeartbeatInterval', '300'), el('AirSync:WindowSize', '50')],
  );

  it('keeps collections and settings, never commands or keys, and reads back what it wrote', () => {
    const cache = cacheOf(full);
    expect(cache.collections.map((c) => c.collectionId)).toEqual(['contacts', 'calendar']);
    expect(JSON.stringify(cache)).not.toContain('g:3');
    expect(JSON.stringify(cache)).not.toContain('Delete');
    expect(cache.heartbeatInterval).toBe(300);
    expect(cache.windowSize).toBe(50);
    // A SyncKey 0 collection repeated with a current key gets changes.
    expect(cache.collections[1]!.getChanges).toBe(true);
    expect(readCache(writeCache(cache))).toEqual(cache);
  });

  it('completes an empty request with the current keys, leaving out a collection without one', () => {
    const completed = completeRequest(cacheOf(full), new Map([['contacts', 'g:4']]));
    expect(completed.collections.map((c) => [c.collectionId, c.syncKey, c.commands.length])).toEqual([['contacts', 'g:4', 0]]);
    expect(completed.heartbeatInterval).toBe(300);
  });

  it('merges a Partial Sync: the collections it names replace, options kept when it sets none, its interval replaces', () => {
    const partial = request([collection('calendar', 'c:2'), collection('notes', 'n:1', [filter(0)])], [el('AirSync:Partial'), el('AirSync:Wait', '5')]);
    const merged = mergePartial(cacheOf(full), partial);
    expect(merged.collections.map((c) => c.collectionId)).toEqual(['contacts', 'calendar', 'notes']);
    expect(merged.collections[1]!.options.filterType).toBe(4);
    expect(merged.collections[2]!.options.filterType).toBe(0);
    expect([merged.wait, merged.heartbeatInterval, merged.windowSize]).toEqual([5, undefined, 50]);
    const completed = completeRequest(merged, new Map([['contacts', 'g:9'], ['calendar', 'c:2'], ['notes', 'n:1']]), partial.collections);
    expect(completed.collections.map((c) => [c.collectionId, c.syncKey])).toEqual([['contacts', 'g:9'], ['calendar', 'c:2'], ['notes', 'n:1']]);
    expect(completed.collections[1]!.options.filterType).toBe(4);
  });

  it('reads nothing from what it did not write', () => {
    expect(readCache(null)).toBeUndefined();
    expect(readCache('not json')).toBeUndefined();
    expect(readCache('{"collections":[{"collectionId":1}]}')).toBeUndefined();
  });
});
