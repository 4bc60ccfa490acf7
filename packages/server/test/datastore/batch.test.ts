/**
 * Batch posts of content items (GData batch) through the SDK against a started server, on both
 * stores: one result entry per posted entry, in order, with the batch id echoed, the operation,
 * the status and the item's current data; bad entries answered on their own; 1,000 inserts at once.
 */
import type { BatchContentEntry, DatastoreContentsApi, Feed } from '@atomsync/sdk';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { applyBatch } from '../../src/services/content-batch.js';
import type { Store } from '@atomsync/store';
import { startTestServer, type TestServer } from '../support/server.js';
import { storeKinds } from '../support/stores.js';
import { NOTE, refusal, uuidOf, VCARD, VEVENT, VTODO } from './fixtures.js';

// scrypt's cost is not this file's question, only its answers: scrypt runs cheap here, the same answers
// (support/cheap-scrypt.ts); at full cost its accounts' hashing and first sign-ins were much of its time.
vi.mock('node:crypto', async (importOriginal) => (await import('../support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

describe.each(storeKinds)('datastore content batches (%s)', (kind) => {
  let server: TestServer;
  let n = 0;
  const freshClient = async (): Promise<{ uuid: string; contents: DatastoreContentsApi }> => {
    const entry = await server.alice.client.datastore.create({ userId: `batch-${++n}` });
    return { uuid: entry.client.uuid!, contents: server.alice.client.datastore.contents(entry.client.uuid!) };
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers inserts 201 Created, an update 200 Updated, a delete 200 Deleted, a query 200 OK, a missing item 404', async () => {
    const { uuid, contents } = await freshClient();
    const toUpdate = await contents.create({ title: 'Lars', content: { type: 'text/x-vcard', value: VCARD } });
    const toDelete = await contents.create({ title: 'Kick-off', content: { type: 'text/calendar', value: VEVENT } });
    const toQuery = await contents.create({ title: 'Cottage', content: { type: 'text/plain', value: NOTE } });
    const missing = 'urn:uuid:e7e0d561-c4f6-4035-b187-e5b7692bbd5c';

    const posted: Feed<BatchContentEntry> = {
      title: 'Contacts and tasks',
      entries: [
        { batchId: 'add-contact-1', operation: { type: 'insert' }, title: 'Erik Holm', content: { dataclass: 'Contacts', type: 'text/x-vcard', value: VCARD } },
        { batchId: 'add-task-1', operation: { type: 'insert' }, title: 'Plumber', content: { type: 'text/calendar', value: VTODO } },
        { batchId: 'upd-1', operation: { type: 'update' }, id: toUpdate.id, title: 'Lars E.', content: { type: 'text/x-vcard', value: VCARD } },
        { batchId: 'del-1', operation: { type: 'delete' }, id: toDelete.id },
        { batchId: 'q-1', operation: { type: 'query' }, id: toQuery.id },
        { batchId: 'del-missing', operation: { type: 'delete' }, id: missing },
      ],
    };
    const result = await contents.batch(posted);
    const base = `${server.url}/v2/services/datastore/${uuid}/contents/`;
    expect(result.title).toBe('Batch results');
    expect(result.id).toBe(`${base}batch`);
    expect(result.links).toEqual([{ rel: 'self', href: `${base}batch` }]);
    expect(result.entries.map((e) => [e.batchId, e.operation?.type, e.status?.code, e.status?.reason])).toEqual([
      ['add-contact-1', 'insert', 201, 'Created'],
      ['add-task-1', 'insert', 201, 'Created'],
      ['upd-1', 'update', 200, 'Updated'],
      ['del-1', 'delete', 200, 'Deleted'],
      ['q-1', 'query', 200, 'OK'],
      ['del-missing', 'delete', 404, 'Not Found'],
    ]);
    const [contact, task, updated, deleted, queried, notFound] = result.entries as [BatchContentEntry, BatchContentEntry, BatchContentEntry, BatchContentEntry, BatchContentEntry, BatchContentEntry];

    const contactUuid = uuidOf(contact.id);
    expect(contact.title).toBe('Erik Holm');
    expect(contact.content).toEqual({ dataclass: 'Contacts', type: 'text/x-vcard', value: VCARD });
    expect(contact.author).toEqual({ name: 'alice' });
    expect(contact.links).toEqual([{ rel: 'self', href: `${base}${contactUuid}` }]);
    expect(contact.published).toBeInstanceOf(Date);
    expect(contact.updated).toBeInstanceOf(Date);
    expect(task.content?.dataclass).toBe('Tasks');

    expect(updated.id).toBe(toUpdate.id);
    expect(updated.title).toBe('Lars E.');
    expect(updated.content?.dataclass).toBe('Contacts');

    expect(deleted.id).toBe(toDelete.id);
    expect(deleted.title).toBe('Kick-off');
    expect(deleted.content).toBeUndefined();
    expect(deleted.published).toEqual(toDelete.published);

    expect(queried.id).toBe(toQuery.id);
    expect(queried.content).toEqual({ dataclass: 'Notes', type: 'text/plain', value: NOTE });

    expect(notFound.id).toBe(missing);
    expect(notFound.content).toBeUndefined();

    // the store agrees
    expect((await contents.get(contactUuid)).title).toBe('Erik Holm');
    expect((await contents.get(uuidOf(toUpdate.id))).title).toBe('Lars E.');
    expect((await refusal(contents.get(uuidOf(toDelete.id)))).status).toBe(404);
    const since = await contents.changes({ since: '2000-01-01T00:00:00' });
    expect(since.entries.find((e) => e.id === toDelete.id)?.operation?.type).toBe('delete');
    expect((await server.alice.client.datastore.get(uuid)).content?.value).toBe('Content lines: 4');
  });

  it("takes an insert's class from content@dataclass, else ?dataclass=, else the media type", async () => {
    const { contents } = await freshClient();
    const result = await contents.batch(
      {
        entries: [
          { batchId: 'own', operation: { type: 'insert' }, title: 'a', content: { dataclass: 'Notes', type: 'application/x-custom', value: 'x' } },
          { batchId: 'query-param', operation: { type: 'insert' }, title: 'b', content: { type: 'text/calendar', value: VEVENT } },
          { batchId: 'query-param-contradicted', operation: { type: 'insert' }, title: 'c', content: { type: 'text/calendar', value: VTODO } },
          { batchId: 'own-wins', operation: { type: 'insert' }, title: 'd', content: { dataclass: 'Tasks', type: 'text/calendar', value: VTODO } },
        ],
      },
      { dataclass: 'Events' },
    );
    expect(result.entries.map((e) => [e.batchId, e.status?.code, e.content?.dataclass])).toEqual([
      ['own', 201, 'Notes'],
      ['query-param', 201, 'Events'],
      ['query-param-contradicted', 400, undefined],
      ['own-wins', 201, 'Tasks'],
    ]);
    const inferred = await contents.batch({ entries: [{ batchId: 'i', operation: { type: 'insert' }, title: 'e', content: { type: 'text/x-vcard', value: VCARD } }] });
    expect(inferred.entries[0]?.content?.dataclass).toBe('Contacts');
    const calendar = await contents.batch({ entries: [{ batchId: 'c', operation: { type: 'insert' }, title: 'f', content: { type: 'text/calendar', value: VTODO } }] }, { dataclass: 'Calendar' });
    expect(calendar.entries[0]?.content?.dataclass).toBe('Tasks');
  });

  it('answers bad entries 400 with a reason and still applies the others', async () => {
    const { uuid, contents } = await freshClient();
    const existing = await contents.create({ title: 'Lars', content: { type: 'text/x-vcard', value: VCARD } });
    const result = await contents.batch({
      entries: [
        { batchId: 'no-op', title: 'x', content: { type: 'text/plain', value: 'x' } },
        { batchId: 'no-content', operation: { type: 'insert' }, title: 'x' },
        { batchId: 'not-inferable', operation: { type: 'insert' }, title: 'x', content: { type: 'application/octet-stream', value: 'x' } },
        { batchId: 'contradiction', operation: { type: 'insert' }, title: 'x', content: { dataclass: 'Contacts', type: 'text/calendar', value: VEVENT } },
        { batchId: 'no-id', operation: { type: 'delete' } },
        { batchId: 'url-id', operation: { type: 'delete' }, id: `${server.url}/v2/services/datastore/${uuid}/contents/${uuidOf(existing.id)}` },
        { batchId: 'update-no-content', operation: { type: 'update' }, id: existing.id },
        { batchId: 'good', operation: { type: 'insert' }, title: 'Good', content: { type: 'text/plain', value: NOTE } },
        { batchId: 'first', operation: { type: 'update' }, id: existing.id, title: 'Lars 2', content: { type: 'text/x-vcard', value: VCARD } },
        { batchId: 'second', operation: { type: 'delete' }, id: existing.id },
      ],
    });
    const statuses = result.entries.map((e) => [e.batchId, e.status?.code]);
    expect(statuses).toEqual([
      ['no-op', 400],
      ['no-content', 400],
      ['not-inferable', 400],
      ['contradiction', 400],
      ['no-id', 400],
      ['url-id', 400],
      ['update-no-content', 400],
      ['good', 201],
      ['first', 200],
      ['second', 400],
    ]);
    for (const entry of result.entries.filter((e) => e.status?.code === 400)) expect(entry.status?.reason).toMatch(/^Bad Request: .{10,}/);
    expect(result.entries[0]?.operation).toBeUndefined();
    expect(result.entries[9]?.status?.reason).toContain('already named by entry 9');
    // what the good entries did landed; the refused ones changed nothing
    const titles = (await contents.list()).entries.map((e) => e.title).sort();
    expect(titles).toEqual(['Good', 'Lars 2']);
  });

  it('inserts 1,000 entries in one batch, and lists them', async () => {
    const { uuid, contents } = await freshClient();
    const entries: BatchContentEntry[] = Array.from({ length: 1000 }, (_, i) => ({
      batchId: `n-${i}`,
      operation: { type: 'insert' },
      title: `Note ${i}`,
      content: { type: 'text/plain', value: `note number ${i}` },
    }));
    // What reaches the store: the transactions and the contents calls inside them.
    const calls: string[] = [];
    const transaction = server.store.transaction.bind(server.store);
    const spy = vi.spyOn(server.store, 'transaction').mockImplementation((work) =>
      transaction((tx) => {
        calls.push('transaction');
        const counted = new Proxy(tx.contents, {
          get(target, key, receiver) {
            const value: unknown = Reflect.get(target, key, receiver);
            if (typeof value !== 'function') return value;
            return (...args: unknown[]) => {
              calls.push(String(key));
              return (value as (...a: unknown[]) => unknown).apply(target, args);
            };
          },
        });
        return work({ ...tx, contents: counted });
      }),
    );
    let result: Feed<BatchContentEntry>;
    try {
      result = await contents.batch({ entries });
    } finally {
      spy.mockRestore();
    }
    expect(result.entries).toHaveLength(1000);
    expect(result.entries.every((e, i) => e.batchId === `n-${i}` && e.status?.code === 201 && e.title === `Note ${i}`)).toBe(true);
    expect(new Set(result.entries.map((e) => e.id)).size).toBe(1000);
    expect((await server.alice.client.datastore.get(uuid)).content?.value).toBe('Content lines: 1000');
    // One transaction and one insert of all thousand: a handful of statements, not a round trip per item.
    expect(calls).toEqual(['transaction', 'insertMany']);

    const deleted = await contents.batch({ entries: result.entries.slice(0, 500).map((e, i) => ({ batchId: `d-${i}`, operation: { type: 'delete' }, id: e.id })) });
    expect(deleted.entries.every((e) => e.status?.code === 200 && e.status.reason === 'Deleted')).toBe(true);
    expect((await server.alice.client.datastore.get(uuid)).content?.value).toBe('Content lines: 500');
  });

  it('refuses more than 1,000 entries (413) and inserts none of them', async () => {
    const { uuid, contents } = await freshClient();
    const entries: BatchContentEntry[] = Array.from({ length: 1001 }, (_, i) => ({ batchId: `${i}`, operation: { type: 'insert' }, title: 't', content: { type: 'text/plain', value: 'x' } }));
    const error = await refusal(contents.batch({ entries }));
    expect([error.status, error.code]).toEqual([413, 'payload_too_large']);
    expect((await server.alice.client.datastore.get(uuid)).content?.value).toBe('Content lines: 0');
  });

  it('writes nothing when the store fails part-way through a batch', async () => {
    const { uuid } = await freshClient();
    const client = { accountId: server.alice.id, uuid };
    const [a, b] = await server.store.contents.insertMany([
      { uuid: '11111111-1111-4111-8111-111111111111', accountId: client.accountId, clientUuid: uuid, dataclass: 'Notes', title: 'a', type: 'text/plain', body: 'a' },
      { uuid: '22222222-2222-4222-8222-222222222222', accountId: client.accountId, clientUuid: uuid, dataclass: 'Notes', title: 'b', type: 'text/plain', body: 'b' },
    ]);
    // The real store, with a fault injected into its last statement of the batch (the inserts run
    // after the update and the delete): the transaction must take the update and the delete back.
    const store = server.store;
    const failing: Store = {
      ...store,
      transaction: (work) => store.transaction((tx) => work({ ...tx, contents: { ...tx.contents, insertMany: () => Promise.reject(new Error('disk full')) } })),
    };
    const none = { title: undefined, body: undefined, type: undefined, dataclass: undefined };
    await expect(
      applyBatch(failing, client, [
        { operation: 'update', id: `urn:uuid:${a!.uuid}`, content: { ...none, title: 'changed', body: 'y' } },
        { operation: 'delete', id: `urn:uuid:${b!.uuid}`, content: none },
        { operation: 'insert', id: undefined, content: { ...none, title: 'lost', body: 'x' } },
      ]),
    ).rejects.toThrow('disk full');
    expect((await store.contents.list(client)).map((i) => [i.title, i.body])).toEqual([
      ['a', 'a'],
      ['b', 'b'],
    ]);
    expect(await store.contents.changesSince(client, new Date(0))).toHaveLength(2);
  });
});
