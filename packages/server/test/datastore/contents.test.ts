/**
 * Content items through the SDK against a started server, on both stores: create / get / update /
 * delete with their field rules, the dataclass table (guide/protocol.md#dataclass-of-a-content-item) end to end, the listing's
 * dataclass filter, the `since` change feed with its tombstones, and another account's contents.
 */
import type { Dataclass } from '@atomsync/atom';
import type { ContentEntry, DatastoreContentsApi } from '@atomsync/sdk';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { storeKinds } from '../support/stores.js';
import { BOTH, EMPTY_CALENDAR, NOTE, refusal, sinceOf, uuidOf, VCARD, VEVENT, VTODO } from './fixtures.js';

// scrypt's cost is not this file's question, only its answers: scrypt runs cheap here, the same answers
// (support/cheap-scrypt.ts); at full cost its accounts' hashing and first sign-ins were much of its time.
vi.mock('node:crypto', async (importOriginal) => (await import('../support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

describe.each(storeKinds)('datastore contents (%s)', (kind) => {
  let server: TestServer;
  let clientUuid: string;
  let contents: DatastoreContentsApi;
  let n = 0;
  /** A fresh client of alice's, so each test sees only its own items. */
  const freshClient = async () => {
    const entry = await server.alice.client.datastore.create({ userId: `contents-${++n}` });
    return { uuid: entry.client.uuid!, contents: server.alice.client.datastore.contents(entry.client.uuid!) };
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
    ({ uuid: clientUuid, contents } = await freshClient());
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers a create with 201 and the stored entry: urn:uuid id, links, author, content and inferred dataclass', async () => {
    const before = Date.now() - 1000;
    const entry = await contents.create({ title: 'Lars Erik Nilsson', content: { type: 'text/x-vcard', value: VCARD } });
    const uuid = uuidOf(entry.id);
    const href = `${server.url}/v2/services/datastore/${clientUuid}/contents/${uuid}`;
    expect(entry.links).toEqual([
      { rel: 'self', href },
      { rel: 'edit', href },
    ]);
    expect(entry.title).toBe('Lars Erik Nilsson');
    expect(entry.content).toEqual({ type: 'text/x-vcard', value: VCARD });
    expect(entry.dataclass).toBe('Contacts');
    expect(entry.author).toEqual({ name: 'alice' });
    expect(entry.published!.getTime()).toBeGreaterThanOrEqual(before);
    expect(entry.updated).toEqual(entry.published);

    const got = await contents.get(uuid);
    expect(got).toEqual(entry);
  });

  it('answers an update with 200 and the stored entry; the class follows the new content', async () => {
    const created = await contents.create({ title: 'Kick-off', content: { type: 'text/calendar', value: VEVENT } });
    const uuid = uuidOf(created.id);
    expect(created.dataclass).toBe('Events');
    const updated = await contents.update(uuid, { title: 'Renew passport', content: { type: 'text/calendar', value: VTODO } });
    expect(updated.id).toBe(created.id);
    expect(updated.title).toBe('Renew passport');
    expect(updated.content).toEqual({ type: 'text/calendar', value: VTODO });
    expect(updated.dataclass).toBe('Tasks');
    expect(updated.published).toEqual(created.published);
    expect(updated.updated!.getTime()).toBeGreaterThanOrEqual(created.updated!.getTime());
    expect(await contents.get(uuid)).toEqual(updated);
  });

  it("keeps an item's class on an update whose media type says nothing", async () => {
    const created = await contents.create({ title: 'blob', content: { type: 'application/x-custom', value: 'v1' } }, { dataclass: 'Notes' });
    const updated = await contents.update(uuidOf(created.id), { title: 'blob', content: { type: 'application/x-custom', value: 'v2' } });
    expect(updated.dataclass).toBe('Notes');
    expect(updated.content?.value).toBe('v2');
  });

  it('refuses an update that contradicts itself or has no content, and changes nothing', async () => {
    const created = await contents.create({ title: 'Lars', content: { type: 'text/x-vcard', value: VCARD } });
    const uuid = uuidOf(created.id);
    const bad = await refusal(contents.update(uuid, { title: 'x', content: { type: 'text/calendar', value: VEVENT }, dataclass: 'Contacts' }));
    expect([bad.status, bad.code]).toEqual([400, 'validation_failed']);
    const empty = await refusal(contents.update(uuid, { title: 'x' }));
    expect([empty.status, empty.code]).toEqual([400, 'validation_failed']);
    expect(empty.details[0]?.path).toBe('/entry/content');
    expect(await contents.get(uuid)).toEqual(created);
  });

  it('deletes with 200 Deleted, then answers 404 for the item and leaves it out of the listing', async () => {
    const created = await contents.create({ title: 'n', content: { type: 'text/plain', value: NOTE } });
    const uuid = uuidOf(created.id);
    await contents.delete(uuid);
    for (const call of [() => contents.get(uuid), () => contents.delete(uuid), () => contents.update(uuid, { title: 'n', content: { type: 'text/plain', value: 'again' } })]) {
      const error = await refusal(call());
      expect([error.status, error.code]).toEqual([404, 'not_found']);
    }
    expect((await contents.list()).entries.map((e) => e.id)).not.toContain(created.id);
  });

  it('answers the delete with the reason phrase Deleted and no body', async () => {
    const created = await contents.create({ title: 'n', content: { type: 'text/plain', value: NOTE } });
    const response = await fetch(`${server.url}/v2/services/datastore/${clientUuid}/contents/${uuidOf(created.id)}`, {
      method: 'DELETE',
      headers: { authorization: `Basic ${Buffer.from(`alice:${server.alice.password}`).toString('base64')}` },
    });
    expect(response.status).toBe(200);
    expect(response.statusText).toBe('Deleted');
    expect(await response.text()).toBe('');
  });

  it('answers 404 for items that do not exist or have a malformed uuid', async () => {
    for (const uuid of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const error = await refusal(contents.get(uuid));
      expect([error.status, error.code]).toEqual([404, 'not_found']);
    }
  });

  describe('the dataclass of a created item (the table of guide/protocol.md)', () => {
    type Row = [type: string | undefined, body: string, query: Dataclass | undefined, entry: Dataclass | undefined, expected: string];
    const ROWS: Row[] = [
      ['text/vcard', VCARD, undefined, undefined, 'Contacts'],
      ['text/x-vcard', VCARD, undefined, undefined, 'Contacts'],
      ['text/calendar', VEVENT, undefined, undefined, 'Events'],
      ['text/calendar', VTODO, undefined, undefined, 'Tasks'],
      ['text/x-vcalendar', VEVENT, undefined, undefined, 'Events'],
      ['text/x-vcalendar', VTODO, undefined, undefined, 'Tasks'],
      ['text/plain', NOTE, undefined, undefined, 'Notes'],
      [undefined, NOTE, undefined, undefined, 'Notes'],
      // ?dataclass= first, then the entry's dataclass element
      ['application/x-custom', 'opaque', 'Contacts', undefined, 'Contacts'],
      ['application/x-custom', 'opaque', undefined, 'Notes', 'Notes'],
      ['text/calendar', BOTH, 'Tasks', 'Events', 'Tasks'],
      ['text/calendar', BOTH, undefined, 'Events', 'Events'],
      // Calendar as an item's class: Events or Tasks from the body
      ['text/calendar', VEVENT, 'Calendar', undefined, 'Events'],
      ['text/calendar', VTODO, 'Calendar', undefined, 'Tasks'],
      ['text/calendar', VTODO, undefined, 'Calendar', 'Tasks'],
      ['text/calendar', EMPTY_CALENDAR, 'Calendar', undefined, '400'],
      ['text/calendar', BOTH, 'Calendar', undefined, '400'],
      // not inferable, or contradicting the body
      ['application/octet-stream', 'opaque', undefined, undefined, '400'],
      ['text/calendar', BOTH, undefined, undefined, '400'],
      ['text/calendar', VEVENT, 'Contacts', undefined, '400'],
      ['text/x-vcard', VCARD, 'Events', undefined, '400'],
      ['text/plain', VCARD, undefined, undefined, '400'],
    ];
    it.each(ROWS)('type %s %#, ?dataclass=%s, entry dataclass %s → %s', async (type, body, query, dataclass, expected) => {
      const { contents: own } = await freshClient();
      const entry: ContentEntry = { title: 't', content: type === undefined ? { value: body } : { type, value: body }, ...(dataclass ? { dataclass } : {}) };
      const call = own.create(entry, query ? { dataclass: query } : undefined);
      if (expected === '400') {
        const error = await refusal(call);
        expect([error.status, error.code]).toEqual([400, 'validation_failed']);
        expect(error.details.length).toBe(1);
        expect((await own.list()).entries).toEqual([]);
      } else {
        const created = await call;
        expect(created.dataclass).toBe(expected);
        expect((await own.get(uuidOf(created.id))).dataclass).toBe(expected);
      }
    });
  });

  it('filters the listing by dataclass: Calendar = Events + Tasks, all or none = everything', async () => {
    const { uuid, contents: own } = await freshClient();
    const made = {
      Contacts: await own.create({ title: 'c', content: { type: 'text/x-vcard', value: VCARD } }),
      Events: await own.create({ title: 'e', content: { type: 'text/calendar', value: VEVENT } }),
      Tasks: await own.create({ title: 't', content: { type: 'text/calendar', value: VTODO } }),
      Notes: await own.create({ title: 'n', content: { type: 'text/plain', value: NOTE } }),
    };
    const ids = async (dataclass?: Dataclass | 'all') => (await own.list(dataclass ? { dataclass } : undefined)).entries.map((e) => e.id).sort();
    const idsOf = (...classes: (keyof typeof made)[]) => classes.map((c) => made[c].id).sort();
    expect(await ids()).toEqual(idsOf('Contacts', 'Events', 'Tasks', 'Notes'));
    expect(await ids('all')).toEqual(idsOf('Contacts', 'Events', 'Tasks', 'Notes'));
    expect(await ids('Contacts')).toEqual(idsOf('Contacts'));
    expect(await ids('Events')).toEqual(idsOf('Events'));
    expect(await ids('Tasks')).toEqual(idsOf('Tasks'));
    expect(await ids('Notes')).toEqual(idsOf('Notes'));
    expect(await ids('Calendar')).toEqual(idsOf('Events', 'Tasks'));

    const feed = await own.list();
    expect(feed.title).toBe(`Contents of contents-${n}`);
    expect(feed.id).toBe(`${server.url}/v2/services/datastore/${uuid}/contents/`);
    // The SDK pages a listing by default (100 entries): self names the page; four entries, no next.
    expect(feed.links).toEqual([{ rel: 'self', href: `${feed.id}?max-results=100&start-index=1` }]);
    const note = feed.entries.find((e) => e.id === made.Notes.id)!;
    expect(note).toEqual(made.Notes);
  });

  it('answers a since feed of every change at or after the time: inserts, updates and delete tombstones', async () => {
    const { uuid, contents: own } = await freshClient();
    const old = await own.create({ title: 'old', content: { type: 'text/x-vcard', value: VCARD } });
    const untouched = await own.create({ title: 'untouched', content: { type: 'text/plain', value: NOTE } });
    const doomed = await own.create({ title: 'doomed', content: { type: 'text/calendar', value: VEVENT } });
    // `since` has whole seconds: wait for the next one so the three above are before it.
    await new Promise((r) => setTimeout(r, 1100 - (Date.now() % 1000)));
    const since = sinceOf(new Date());
    const fresh = await own.create({ title: 'fresh', content: { type: 'text/calendar', value: VTODO } });
    await own.update(uuidOf(old.id), { title: 'old, renamed', content: { type: 'text/x-vcard', value: VCARD } });
    await own.delete(uuidOf(doomed.id));

    for (const sinceText of [since, `${since}Z`]) {
      const feed = await own.changes({ since: sinceText });
      expect(feed.title).toBe(`Changes since ${sinceText}`);
      expect(feed.id).toBe(`${server.url}/v2/services/datastore/${uuid}/contents/?since=${encodeURIComponent(sinceText)}`);
      const byId = new Map(feed.entries.map((e) => [e.id, e]));
      expect([...byId.keys()].sort()).toEqual([fresh.id, old.id, doomed.id].sort());
      expect(byId.has(untouched.id)).toBe(false);

      const inserted = byId.get(fresh.id)!;
      expect(inserted.operation).toEqual({ type: 'insert' });
      expect(inserted.title).toBe('fresh');
      expect(inserted.content).toEqual({ dataclass: 'Tasks', type: 'text/calendar', value: VTODO });
      expect(inserted.author).toEqual({ name: 'alice' });
      expect(inserted.links).toEqual([{ rel: 'self', href: `${server.url}/v2/services/datastore/${uuid}/contents/${uuidOf(fresh.id)}` }]);

      const updated = byId.get(old.id)!;
      expect(updated.operation).toEqual({ type: 'update' });
      expect(updated.title).toBe('old, renamed');
      expect(updated.content?.dataclass).toBe('Contacts');

      const tombstone = byId.get(doomed.id)!;
      expect(tombstone.operation).toEqual({ type: 'delete' });
      expect(tombstone.content).toBeUndefined();
      expect(tombstone.title).toBeUndefined();
      expect(tombstone.updated!.getTime()).toBeGreaterThanOrEqual(Date.parse(`${since}Z`));
    }

    // the dataclass filter applies to the feed, deletes included
    const calendar = await own.changes({ since, dataclass: 'Calendar' });
    expect(calendar.entries.map((e) => e.id).sort()).toEqual([fresh.id, doomed.id].sort());
    const contacts = await own.changes({ since, dataclass: 'Contacts' });
    expect(contacts.entries.map((e) => e.id)).toEqual([old.id]);
    // an early since sees everything, the deleted item as a delete
    const all = await own.changes({ since: '2000-01-01T00:00:00' });
    expect(all.entries).toHaveLength(4);
    expect(all.entries.find((e) => e.id === doomed.id)?.operation?.type).toBe('delete');
    expect(all.entries.find((e) => e.id === untouched.id)?.operation?.type).toBe('insert');
  });

  it('refuses a since that is not YYYY-MM-DDTHH:MM:SS (400 validation_failed with a detail)', async () => {
    for (const since of ['yesterday', '2009-06-01', '2009-06-01 00:00:00', '2009-06-01T00:00:00+02:00', '2009-02-30T00:00:00', '2009-06-01T24:00:00', '']) {
      const error = await refusal(contents.changes({ since }));
      expect([error.status, error.code]).toEqual([400, 'validation_failed']);
      expect(error.details[0]?.path).toBe('?since');
    }
  });

  it("answers bob 404 for every operation on alice's client and its items, and changes nothing", async () => {
    const { uuid, contents: own } = await freshClient();
    const item = await own.create({ title: 'private', content: { type: 'text/plain', value: NOTE } });
    const itemUuid = uuidOf(item.id);
    const bobs = server.bob.client.datastore.contents(uuid);
    const calls: (() => Promise<unknown>)[] = [
      () => server.bob.client.datastore.get(uuid),
      () => bobs.list(),
      () => bobs.changes({ since: '2000-01-01T00:00:00' }),
      () => bobs.create({ title: 'x', content: { type: 'text/plain', value: 'x' } }),
      () => bobs.get(itemUuid),
      () => bobs.update(itemUuid, { title: 'x', content: { type: 'text/plain', value: 'x' } }),
      () => bobs.delete(itemUuid),
      () => bobs.batch({ entries: [{ batchId: 'q', operation: { type: 'query' }, id: item.id }] }),
    ];
    for (const call of calls) {
      const error = await refusal(call());
      expect([error.status, error.code]).toEqual([404, 'not_found']);
    }
    // bob's own client cannot reach alice's item either
    const bobsClient = await server.bob.client.datastore.create({ userId: `bob-${n}` });
    const error = await refusal(server.bob.client.datastore.contents(bobsClient.client.uuid!).get(itemUuid));
    expect(error.status).toBe(404);
    expect((await server.bob.client.datastore.list()).entries.map((e) => e.client.uuid)).not.toContain(uuid);
    expect(await own.list()).toMatchObject({ entries: [item] });
  });
});
