/**
 * The uuids of new content items (services/item-uuid.ts): UUIDv7 (RFC 9562), in the form every
 * path and the spec's Uuid type accept, carrying the time of their creation and growing with it,
 * so inserts land at the right edge of the contents key. Checked on the generator, on single
 * creates and batches through the services, and on the datastore connector's adds (the engine's
 * bulk writes), on both stores.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { datastoreConnector } from '../../src/connectors/datastore.js';
import { applyBatch } from '../../src/services/content-batch.js';
import { createContent } from '../../src/services/contents.js';
import { canonicalUuid } from '../../src/services/datastore-clients.js';
import { newItemUuid } from '../../src/services/item-uuid.js';
import type { Store } from '@atomsync/store';
import { openTestStore, storeKinds } from '../support/stores.js';
import { NOTE, VCARD } from './fixtures.js';

/** RFC 9562 §5.7: version 7 in the 13th hex digit, variant 10xx in the 17th. */
const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** The spec's Uuid pattern (spec/xsd/atomsync.xsd), anchored as XSD patterns are. */
const SPEC_UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** The creation time a v7 uuid carries: its first 48 bits, Unix milliseconds. */
const millisOf = (uuid: string): number => parseInt(uuid.slice(0, 8) + uuid.slice(9, 13), 16);

const isIncreasing = (uuids: readonly string[]): boolean => uuids.every((uuid, i) => i === 0 || uuids[i - 1]! < uuid);

describe('newItemUuid', () => {
  it('is a lower-case UUIDv7 that the spec, the paths and the listing positions accept', () => {
    const uuid = newItemUuid();
    expect(uuid).toMatch(V7);
    expect(uuid).toMatch(SPEC_UUID);
    expect(canonicalUuid(uuid)).toBe(uuid);
  });

  it('carries the time it was made', () => {
    const before = Date.now();
    const uuid = newItemUuid();
    const after = Date.now();
    expect(millisOf(uuid)).toBeGreaterThanOrEqual(before);
    expect(millisOf(uuid)).toBeLessThanOrEqual(after);
  });

  it('grows strictly, also for many made within one millisecond, and never repeats', () => {
    const uuids = Array.from({ length: 20_000 }, newItemUuid);
    expect(isIncreasing(uuids)).toBe(true);
    expect(new Set(uuids).size).toBe(uuids.length);
    // Far more ids than milliseconds went by: the counter, not the clock, ordered most of them.
    expect(new Set(uuids.map(millisOf)).size).toBeLessThan(uuids.length);
  });
});

describe.each(storeKinds)('new items get time-ordered uuids (%s)', (kind) => {
  let store: Store;
  const client = { accountId: 1, uuid: '0f8e6f1c-2b9d-4c1e-9a57-4d1c1f0a9e3b' };
  beforeEach(async () => {
    store = await openTestStore(kind);
  });
  afterEach(async () => {
    await store.close();
  });

  it('a single create and then a batch: each v7, later ones after earlier ones, the batch in entry order', async () => {
    const first = await createContent(store, client, { title: 'Cottage', body: NOTE, type: 'text/plain', dataclass: undefined });
    const outcomes = await applyBatch(
      store,
      client,
      Array.from({ length: 300 }, (_, i) => ({ operation: 'insert' as const, id: undefined, content: { title: `Contact ${i}`, body: VCARD, type: 'text/x-vcard', dataclass: undefined } })),
    );
    const batch = outcomes.map((o) => o.item!.uuid);
    for (const uuid of [first.uuid, ...batch]) expect(uuid).toMatch(V7);
    expect(isIncreasing([first.uuid, ...batch])).toBe(true);
    // The listing pages in uuid order: for items made by this server that is the order they were made in.
    const listed = await store.contents.page(client, undefined, 1_000, undefined);
    expect(listed.map((item) => item.uuid)).toEqual([first.uuid, ...batch]);
  });

  it("the datastore connector's adds (a sync run's bulk writes) are v7 in the order of the changes", async () => {
    const connector = datastoreConnector(store, client);
    const results = await store.transaction(() =>
      connector.apply(
        Array.from({ length: 50 }, (_, i) => ({ op: 'add' as const, item: { dataclass: 'Notes' as const, type: 'text/plain', title: `Note ${i}`, body: `${NOTE} ${i}` } })),
      ),
    );
    const ids = results.map((r) => (r.ok ? r.id : ''));
    for (const id of ids) expect(id).toMatch(V7);
    expect(isIncreasing(ids)).toBe(true);
  });
});
