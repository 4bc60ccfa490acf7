/**
 * Contents as DAV reads them (issue 21): every write stamps its rows with its client's next change
 * sequence, taken in its transaction; a collection (one dataclass of one client) is listed, read
 * by DAV name or uuid, and its changes read after a sequence, tombstones included.
 */
import { createHash } from 'node:crypto';
import { davBody } from '@atomsync/items';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore } from '../src/open.js';
import { RELEASED_HREF, type ContentChange, type DavItemRecord, type ItemDataclass, type NewContent } from '../src/records.js';
import type { ClientKey, CollectionKey, Store } from '../src/store.js';
import { createTestSchema, storeKinds, type TestSchema } from '../../server/test/support/stores.js';
import { clientKey, makeAccount, uid, useStore } from './helpers.js';

const item = (client: ClientKey, dataclass: ItemDataclass, title: string, href?: string | null): NewContent => ({
  uuid: uid('item'),
  accountId: client.accountId,
  clientUuid: client.uuid,
  dataclass,
  title,
  type: dataclass === 'Contacts' ? 'text/vcard' : 'text/calendar',
  body: `BODY:${title}`,
  ...(href === undefined ? {} : { href }),
});
const change = (title: string, dataclass: ItemDataclass = 'Contacts'): ContentChange => ({ dataclass, title, type: 'text/vcard', body: `BODY:${title}` });
const collection = (client: ClientKey, dataclass: ItemDataclass): CollectionKey => ({ accountId: client.accountId, uuid: client.uuid, dataclass });
/** What a delta says of each item: its uuid, its sequence, and whether it is a tombstone. */
const summary = (rows: readonly DavItemRecord[]) => rows.map((r) => [r.uuid, r.sequence, r.deleted !== null]);
const byUuid = <T extends { uuid: string }>(rows: readonly T[]): T[] => [...rows].sort((a, b) => (a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0));

describe.each(storeKinds)('contents for DAV (%s)', (kind) => {
  const store = useStore(kind);

  it("stamps every row of a write with its client's next sequence, one per transaction and client", async () => {
    const client = clientKey();
    const other = clientKey();
    const [a, b, c] = await store().contents.insertMany([item(client, 'Contacts', 'a'), item(client, 'Events', 'b'), item(client, 'Contacts', 'c')]);
    expect([a!.sequence, b!.sequence, c!.sequence]).toEqual([1, 1, 1]);
    expect((await store().contents.insertMany([item(client, 'Contacts', 'd')]))[0]!.sequence).toBe(2);
    expect((await store().contents.update(client, a!.uuid, change('A')))?.sequence).toBe(3);
    expect((await store().contents.updateMany(client, [{ uuid: a!.uuid, change: change('A2') }, { uuid: c!.uuid, change: change('C2') }])).map((r) => r.sequence)).toEqual([4, 4]);
    expect(await store().contents.deleteMany(client, [b!.uuid])).toEqual([b!.uuid]);
    // Another client counts on its own; one write over two clients takes one value of each.
    const [o] = await store().contents.insertMany([item(other, 'Contacts', 'o')]);
    expect(o!.sequence).toBe(1);
    const mixed = await store().contents.insertMany([item(other, 'Contacts', 'o2'), item(client, 'Contacts', 'e'), item(other, 'Tasks', 'o3')]);
    expect(mixed.map((r) => r.sequence)).toEqual([2, 6, 2]);
    // The rows read back carry what was written; the delete's tombstone took 5.
    expect(await store().contents.get(client, a!.uuid)).toMatchObject({ title: 'A2', sequence: 4, href: null });
    expect(summary(await store().contents.davChanges(collection(client, 'Events'), 0, 10))).toEqual([[b!.uuid, 5, true]]);

    // Several writes in one transaction: one value for the client.
    const inOne = await store().transaction(async (tx) => {
      const [f] = await tx.contents.insertMany([item(client, 'Contacts', 'f')]);
      const updated = await tx.contents.update(client, c!.uuid, change('C3'));
      await tx.contents.deleteMany(client, [a!.uuid]);
      return [f!.sequence, updated!.sequence];
    });
    expect(inOne).toEqual([7, 7]);
    const seven = await store().contents.davChanges(collection(client, 'Contacts'), 6, 10);
    expect(seven.every((r) => r.sequence === 7)).toBe(true);
    expect(seven.map((r) => r.uuid).sort()).toEqual([a!.uuid, c!.uuid, (await store().contents.list(client)).find((r) => r.title === 'f')!.uuid].sort());
    // A transaction rolled back leaves the counter where it was.
    await expect(
      store().transaction(async (tx) => {
        await tx.contents.insertMany([item(client, 'Contacts', 'lost')]);
        throw new Error('later failure');
      }),
    ).rejects.toThrow('later failure');
    expect((await store().contents.insertMany([item(client, 'Contacts', 'g')]))[0]!.sequence).toBe(8);
  });

  it('lists exactly the inserts, updates and deletes after a sequence, in (sequence, uuid) order, deletes as tombstones', async () => {
    const client = clientKey();
    const contacts = collection(client, 'Contacts');
    const [a, b] = await store().contents.insertMany([item(client, 'Contacts', 'a', 'a.vcf'), item(client, 'Contacts', 'b', 'b.vcf')]);
    const [untouched] = await store().contents.insertMany([item(client, 'Contacts', 'untouched')]);
    const token = await store().contents.collectionSequence(contacts);
    expect(token).toBe(2);
    expect(summary(await store().contents.davChanges(contacts, 0, 10))).toEqual([...summary(byUuid([a!, b!])), [untouched!.uuid, 2, false]]);

    await store().contents.update(client, a!.uuid, change('A'));
    await store().contents.deleteMany(client, [b!.uuid]);
    const [c] = await store().contents.insertMany([item(client, 'Contacts', 'c', 'c.vcf')]);
    // Another collection of the same client moves the counter, not this collection's delta.
    await store().contents.insertMany([item(client, 'Events', 'elsewhere')]);

    const delta = await store().contents.davChanges(contacts, token, 10);
    expect(summary(delta)).toEqual([
      [a!.uuid, 3, false],
      [b!.uuid, 4, true],
      [c!.uuid, 5, false],
    ]);
    expect(delta[0]).toMatchObject({ title: 'A', body: 'BODY:A', href: 'a.vcf', deleted: null });
    // The tombstone keeps its DAV name (the delta's 404 names it) and loses its body.
    expect(delta[1]).toMatchObject({ href: 'b.vcf', body: '', deleted: expect.any(Date) });
    expect(await store().contents.davChanges(contacts, 5, 10)).toEqual([]);
    expect(summary(await store().contents.davChanges(contacts, 4, 10))).toEqual([[c!.uuid, 5, false]]);
    expect(await store().contents.collectionSequence(contacts)).toBe(5);
  });

  it('pages a delta within one sequence by its position', async () => {
    const client = clientKey();
    const contacts = collection(client, 'Contacts');
    await store().contents.insertMany(Array.from({ length: 5 }, (_, i) => item(client, 'Contacts', `batch${i}`)));
    await store().contents.insertMany([item(client, 'Contacts', 'x'), item(client, 'Contacts', 'y')]);
    const whole = await store().contents.davChanges(contacts, 0, 100);
    expect(whole.map((r) => r.sequence)).toEqual([1, 1, 1, 1, 1, 2, 2]);
    expect(whole.map((r) => [r.sequence, r.uuid])).toEqual([...whole.map((r) => [r.sequence, r.uuid])].sort((p, q) => (p[0]! < q[0]! ? -1 : p[0]! > q[0]! ? 1 : p[1]! < q[1]! ? -1 : 1)));

    const pages: DavItemRecord[][] = [];
    let position: { sequence: number; uuid: string } | undefined;
    for (;;) {
      const page = await store().contents.davChanges(contacts, 0, 2, position);
      if (page.length === 0) break;
      pages.push(page);
      const last = page[page.length - 1]!;
      position = { sequence: last.sequence, uuid: last.uuid };
    }
    expect(pages.map((p) => p.length)).toEqual([2, 2, 2, 1]);
    expect(pages.flat()).toEqual(whole);
    // A position within the first sequence, with a later afterSequence: the later bound holds.
    expect(summary(await store().contents.davChanges(contacts, 1, 10, { sequence: 1, uuid: whole[1]!.uuid }))).toEqual(summary(whole.slice(5)));
  });

  it('gives each collection (dataclass) the sequence of its own latest change, deletes included', async () => {
    const client = clientKey();
    const other = clientKey();
    const [contact] = await store().contents.insertMany([item(client, 'Contacts', 'c')]);
    await store().contents.insertMany([item(client, 'Events', 'e')]);
    await store().contents.insertMany([item(other, 'Contacts', 'o'), item(other, 'Contacts', 'o2')]);
    await store().contents.insertMany([item(other, 'Contacts', 'o3')]);
    expect(await store().contents.collectionSequence(collection(client, 'Contacts'))).toBe(1);
    expect(await store().contents.collectionSequence(collection(client, 'Events'))).toBe(2);
    expect(await store().contents.collectionSequence(collection(client, 'Tasks'))).toBe(0);
    expect(await store().contents.collectionSequence(collection(other, 'Contacts'))).toBe(2);
    await store().contents.deleteMany(client, [contact!.uuid]);
    expect(await store().contents.collectionSequence(collection(client, 'Contacts'))).toBe(3);
    // Another account's client of the same uuid is another collection.
    expect(await store().contents.collectionSequence({ ...collection(client, 'Contacts'), accountId: client.accountId + 1 })).toBe(0);
  });

  it('lists the live items of a collection in uuid order, a page at a time', async () => {
    const client = clientKey();
    const contacts = collection(client, 'Contacts');
    const written = await store().contents.insertMany(Array.from({ length: 5 }, (_, i) => item(client, 'Contacts', `c${i}`, i === 0 ? 'named.vcf' : undefined)));
    await store().contents.insertMany([item(client, 'Events', 'e')]);
    await store().contents.deleteMany(client, [written[4]!.uuid]);
    const live = byUuid(written.slice(0, 4));
    const first = await store().contents.davPage(contacts, undefined, 3);
    expect(first.map((r) => r.uuid)).toEqual(live.slice(0, 3).map((r) => r.uuid));
    expect(await store().contents.davPage(contacts, first[2]!.uuid, 3)).toEqual([expect.objectContaining({ uuid: live[3]!.uuid, sequence: 1, deleted: null })]);
    expect((await store().contents.davPage(contacts, undefined, 10)).find((r) => r.uuid === written[0]!.uuid)?.href).toBe('named.vcf');
  });

  it('keeps the ETag of what DAV serves beside every write (a vCard 2.1 hashed as the 3.0 it is served as), and lists without bodies', async () => {
    const client = clientKey();
    const contacts = collection(client, 'Contacts');
    const served = (body: string) => createHash('sha256').update(davBody({ dataclass: 'Contacts', title: '', type: 'text/vcard', body }), 'utf8').digest('base64url').slice(0, 27);
    const v21 = 'BEGIN:VCARD\r\nVERSION:2.1\r\nN:Lind;Ada\r\nFN:Ada Lind\r\nTEL;CELL:+46701234567\r\nEND:VCARD\r\n';
    expect(davBody({ dataclass: 'Contacts', title: '', type: 'text/x-vcard', body: v21 })).not.toBe(v21);
    const [a, b] = await store().contents.insertMany([item(client, 'Contacts', 'a'), { ...item(client, 'Contacts', 'b'), body: v21 }]);
    expect([a!.etag, b!.etag]).toEqual([served('BODY:a'), served(v21)]);
    expect((await store().contents.update(client, a!.uuid, change('A')))?.etag).toBe(served('BODY:A'));
    expect((await store().contents.updateMany(client, [{ uuid: b!.uuid, change: change('B') }]))[0]?.etag).toBe(served('BODY:B'));
    const listed = byUuid(await store().contents.davListing(contacts, undefined, 10));
    expect(listed.map((r) => [r.uuid, r.etag, r.href, r.updated.getTime(), 'body' in r])).toEqual(byUuid([a!, b!]).map((r) => [r.uuid, served(`BODY:${r === a ? 'A' : 'B'}`), null, expect.any(Number), false]));
    expect(listed.map((r) => r.updated.getTime())).toEqual(byUuid(await store().contents.davPage(contacts, undefined, 10)).map((r) => r.updated.getTime()));
    await store().contents.deleteMany(client, [a!.uuid]);
    expect((await store().contents.davChanges(contacts, 0, 10)).find((r) => r.uuid === a!.uuid)?.etag).toBeNull();
  });

  // davListing reads a page as one string of fields split on `/` (no DAV name holds one); a row
  // that does is read again row by row. Either way it lists what davPage does, page for page.
  it.each([
    ['names a DAV client chose, names of other protocols, names that look like the separators', ['=a.vcf', 'my card ü@host.vcf', null, '=', '😀 & <x>.vcf']],
    ['a name holding a `/` (no DAV PUT makes one, a writer of the store could)', ['a/b.vcf', 'c.vcf', null]],
  ])('lists a collection as davPage does, a page at a time: %s', async (_what, names) => {
    const client = clientKey();
    const contacts = collection(client, 'Contacts');
    const items = Array.from({ length: 7 }, (_, i) => item(client, 'Contacts', `t${i}`, names[i % names.length]! === null ? null : `${i}${names[i % names.length]}`));
    await store().contents.insertMany([...items, item(client, 'Events', 'event', 'e.ics'), item(clientKey(), 'Contacts', 'foreign')]);
    await store().contents.deleteMany(client, [items[3]!.uuid]);
    const fields = (rows: readonly { uuid: string; href: string | null; etag: string | null; updated: Date }[]) => rows.map((r) => [r.uuid, r.href, r.etag, r.updated.getTime()]);
    let after: string | undefined;
    let pages = 0;
    for (;;) {
      const listed = await store().contents.davListing(contacts, after, 4);
      expect(fields(listed)).toEqual(fields(await store().contents.davPage(contacts, after, 4)));
      expect(listed.every((r) => !('body' in r))).toBe(true);
      pages++;
      if (listed.length < 4) break;
      after = listed[listed.length - 1]!.uuid;
    }
    expect(pages).toBe(2);
    expect(await store().contents.davListing(contacts, 'zzzz', 4)).toEqual([]);
  });

  it('reads the live items of a collection by DAV name and by uuid, over more names than one statement takes', async () => {
    const client = clientKey();
    const contacts = collection(client, 'Contacts');
    const [a, spaced, event, gone] = await store().contents.insertMany([
      item(client, 'Contacts', 'a', 'a.vcf'),
      item(client, 'Contacts', 'spaced', 'my card ü@host.vcf'),
      item(client, 'Events', 'event', 'a.vcf'),
      item(client, 'Contacts', 'gone', 'gone.vcf'),
    ]);
    const [plain] = await store().contents.insertMany([item(client, 'Contacts', 'plain')]);
    const [foreign] = await store().contents.insertMany([item(clientKey(), 'Contacts', 'foreign', 'foreign.vcf')]);
    await store().contents.deleteMany(client, [gone!.uuid]);

    expect(byUuid(await store().contents.byHrefs(contacts, ['a.vcf', 'my card ü@host.vcf', 'gone.vcf', 'foreign.vcf', 'missing.vcf'])).map((r) => [r.uuid, r.href])).toEqual(
      byUuid([a!, spaced!]).map((r) => [r.uuid, r.href]),
    );
    // A found name last, and one asked twice: each item comes back once (a list of names is padded with its last).
    expect(byUuid(await store().contents.byHrefs(contacts, ['missing.vcf', 'a.vcf', 'a.vcf', 'my card ü@host.vcf'])).map((r) => [r.uuid, r.href])).toEqual(
      byUuid([a!, spaced!]).map((r) => [r.uuid, r.href]),
    );
    expect((await store().contents.byHrefs(collection(client, 'Events'), ['a.vcf'])).map((r) => r.uuid)).toEqual([event!.uuid]);
    expect(await store().contents.byHrefs(contacts, [])).toEqual([]);
    // Whole, every field as the insert answered it (more than one name: the statement whose rows are
    // read as arrays; a column read into a field of another value shows here), with its UID (none in `BODY:spaced`).
    const [whole] = await store().contents.byHrefs(contacts, ['my card ü@host.vcf', 'missing.vcf']);
    const { uid, ...rest } = whole!;
    expect(rest).toEqual(spaced);
    expect(uid).toBeNull();
    const got = await store().contents.davGetMany(contacts, [plain!.uuid, a!.uuid, event!.uuid, gone!.uuid, foreign!.uuid, 'missing']);
    expect(byUuid(got).map((r) => [r.uuid, r.href, r.sequence])).toEqual(byUuid([plain!, a!]).map((r) => [r.uuid, r.href, r.sequence]));

    // 33,000 names: over SQLite's 32,766 parameters; the ones found are in the last chunk.
    const many = Array.from({ length: 33_000 }, (_, i) => `missing-${i}.vcf`);
    expect((await store().contents.byHrefs(contacts, [...many, 'a.vcf'])).map((r) => r.uuid)).toEqual([a!.uuid]);
    expect((await store().contents.davGetMany(contacts, [...many, plain!.uuid])).map((r) => r.uuid)).toEqual([plain!.uuid]);

    // Each with its body's UID as the store keeps it beside its ETag (uidOf: none in `BODY:a`).
    await store().contents.insertMany([{ ...item(client, 'Contacts', 'carded', 'carded.vcf'), body: 'BEGIN:VCARD\r\nVERSION:3.0\r\nUID:card-uid-1\r\nFN:C\r\nEND:VCARD\r\n' }]);
    const named = (await store().contents.byHrefs(contacts, ['a.vcf', 'carded.vcf'])).sort((x, y) => (x.href! < y.href! ? -1 : 1));
    expect(named.map((r) => [r.href, r.uid, typeof r.etag])).toEqual([
      ['a.vcf', null, 'string'],
      ['carded.vcf', 'card-uid-1', 'string'],
    ]);
  });

  it("takes a DAV name off its collection's tombstone when a live item is inserted under it, the tombstone's sequence kept", async () => {
    const client = clientKey();
    const contacts = collection(client, 'Contacts');
    const [first] = await store().contents.insertMany([item(client, 'Contacts', 'first', 'same.vcf')]);
    // The same name in another collection and another client: theirs to keep.
    const [event] = await store().contents.insertMany([item(client, 'Events', 'event', 'same.vcf')]);
    const otherClient = clientKey();
    const [elsewhere] = await store().contents.insertMany([item(otherClient, 'Contacts', 'elsewhere', 'same.vcf')]);
    await store().contents.deleteMany(client, [first!.uuid, event!.uuid]);
    await store().contents.deleteMany(otherClient, [elsewhere!.uuid]);
    expect((await store().contents.davChanges(contacts, 0, 10)).map((r) => [r.uuid, r.href, r.sequence])).toEqual([[first!.uuid, 'same.vcf', 3]]);

    const [second] = await store().contents.insertMany([item(client, 'Contacts', 'second', 'same.vcf')]);
    expect(second!.sequence).toBe(4);
    expect((await store().contents.davChanges(contacts, 0, 10)).map((r) => [r.uuid, r.href, r.sequence, r.deleted !== null])).toEqual([
      // Released, not null: null would serve the tombstone as <uuid>.vcf, a name the client never knew.
      [first!.uuid, RELEASED_HREF, 3, true],
      [second!.uuid, 'same.vcf', 4, false],
    ]);
    expect((await store().contents.byHrefs(contacts, ['same.vcf'])).map((r) => r.uuid)).toEqual([second!.uuid]);
    expect((await store().contents.davChanges(collection(client, 'Events'), 0, 10)).map((r) => r.href)).toEqual(['same.vcf']);
    expect((await store().contents.davChanges(collection(otherClient, 'Contacts'), 0, 10)).map((r) => r.href)).toEqual(['same.vcf']);
  });

  it("tells a DAV PUT the live item of a name and whether a tombstone holds it (davNamed), the collection's own rows only", async () => {
    const client = clientKey();
    const contacts = collection(client, 'Contacts');
    expect(await store().contents.davNamed(contacts, 'a.vcf')).toEqual({ live: undefined, tombstoned: false, holdersOfUid: [] });
    const [first] = await store().contents.insertMany([item(client, 'Contacts', 'first', 'a.vcf')]);
    await store().contents.insertMany([item(client, 'Events', 'event', 'b.vcf')]);
    const named = await store().contents.davNamed(contacts, 'a.vcf');
    expect([named.live?.uuid, named.live?.href, named.tombstoned]).toEqual([first!.uuid, 'a.vcf', false]);
    expect(await store().contents.davNamed(contacts, 'b.vcf')).toEqual({ live: undefined, tombstoned: false, holdersOfUid: [] });
    await store().contents.deleteMany(client, [first!.uuid]);
    expect(await store().contents.davNamed(contacts, 'a.vcf')).toEqual({ live: undefined, tombstoned: true, holdersOfUid: [] });
    const [second] = await store().contents.insertMany([item(client, 'Contacts', 'second', 'a.vcf')]);
    const taken = await store().contents.davNamed(contacts, 'a.vcf');
    expect([taken.live?.uuid, taken.tombstoned]).toEqual([second!.uuid, false]);
    // With a UID: its live holders too, in uuid order, as byUid reads them (tombstones and other collections' items not).
    const held = (title: string, u: string, href?: string): NewContent => ({ ...item(client, 'Contacts', title, href), body: `BEGIN:VCARD\r\nUID:${u}\r\nEND:VCARD\r\n` });
    const holders = await store().contents.insertMany([held('h1', 'shared'), held('h2', 'shared', 'h2.vcf'), held('gone', 'shared'), { ...held('event', 'shared'), dataclass: 'Events' }]);
    await store().contents.deleteMany(client, [holders[2]!.uuid]);
    const both = await store().contents.davNamed(contacts, 'a.vcf', 'shared');
    expect([both.live?.uuid, both.tombstoned, both.holdersOfUid.map((r) => r.uuid)]).toEqual([second!.uuid, false, (await store().contents.byUid(contacts, 'shared')).map((r) => r.uuid)]);
    expect(both.holdersOfUid.map((r) => r.uuid)).toEqual(byUuid(holders.slice(0, 2)).map((r) => r.uuid));
    const none = await store().contents.davNamed(contacts, 'h2.vcf', 'other');
    expect([none.live?.uuid, none.tombstoned, none.holdersOfUid]).toEqual([holders[1]!.uuid, false, []]);
    // A name known free (hrefsFree): written as it is, nothing else touched.
    const [third] = await store().contents.insertMany([item(client, 'Contacts', 'third', 'c.vcf')], { hrefsFree: true });
    expect((await store().contents.byHrefs(contacts, ['c.vcf'])).map((r) => r.uuid)).toEqual([third!.uuid]);
  });

  it("deleting a client, or its account, deletes its counter: the client's uuid counts from 1 again", async () => {
    const alice = await makeAccount(store(), uid('alice'));
    const bob = await makeAccount(store(), uid('bob'));
    const ds = (await store().datastores.create({ uuid: uid('ds'), accountId: alice.id, userId: 'contacts' }))!;
    const kept = (await store().datastores.create({ uuid: uid('ds'), accountId: bob.id, userId: 'contacts' }))!;
    const write = async (client: ClientKey) => (await store().contents.insertMany([item(client, 'Contacts', 'x')]))[0]!.sequence;
    expect([await write(ds), await write(ds), await write(kept)]).toEqual([1, 2, 1]);
    expect(await store().datastores.delete(alice.id, ds.uuid)).toBe(true);
    expect(await write(ds)).toBe(1);
    expect(await write(ds)).toBe(2);
    expect(await store().accounts.delete(alice.id)).toBe(true);
    expect(await write(ds)).toBe(1);
    // Bob's counter is his own.
    expect(await write(kept)).toBe(2);
  });
});

describe('contents for DAV: concurrent writers of one datastore (postgres)', () => {
  let schema: TestSchema | undefined;
  let store: Store | undefined;
  let probe: pg.Client | undefined;
  afterEach(async () => {
    await probe?.end();
    await store?.close();
    await schema?.drop();
    probe = store = schema = undefined;
  });

  async function open(): Promise<{ store: Store; waiting: () => Promise<void> }> {
    schema = await createTestSchema();
    store = await openStore({ kind: 'postgres', url: schema.url });
    probe = new pg.Client({ connectionString: schema.url });
    await probe.connect();
    const client = probe;
    // Backends waiting for a lock while they hold one on this schema's counter table (its own
    // name and schema, so writers of other tests do not count): a writer queued behind another's counter.
    const local = `select count(*) as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
      where l.relation = 'content_sequences'::regclass and a.wait_event_type = 'Lock'`;
    // On Citus the writer that waits is the worker's backend, on the counter's shard there (the
    // coordinator's backend waits for the worker's answer, not for a lock): every node is asked,
    // of the shards of this schema's counter.
    const namespace = (await client.query<{ name: string }>('select current_schema() as name')).rows[0]!.name;
    const onEveryNode = `select coalesce(sum(result::int), 0) as n from run_command_on_all_nodes($$
      select count(*) from pg_locks l join pg_stat_activity a on a.pid = l.pid join pg_class c on c.oid = l.relation
      where c.relnamespace = '${namespace}'::regnamespace and c.relname like 'content\\_sequences%' and a.wait_event_type = 'Lock'$$)`;
    const query = schema.citus ? onEveryNode : local;
    /** Until a writer waits for another's counter. */
    const waiting = async () => {
      for (let i = 0; i < 2_000; i++) {
        const { rows } = await client.query<{ n: string }>(query);
        if (Number(rows[0]!.n) > 0) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error('no writer ever waited for the counter');
    };
    return { store, waiting };
  }

  /** A promise and its resolve. */
  function gate(): { opened: Promise<void>; open: () => void } {
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    return { opened, open };
  }

  it('a writer that takes the counter after another commits after it: a reader polling deltas never skips the one that committed late', async () => {
    const { store, waiting } = await open();
    const client = clientKey();
    const contacts = collection(client, 'Contacts');
    const firstWrote = gate();
    const firstMayCommit = gate();
    const secondWrote = gate();
    const secondMayCommit = gate();

    const first = store.transaction(async (tx) => {
      const [row] = await tx.contents.insertMany([item(client, 'Contacts', 'first')]);
      firstWrote.open();
      await firstMayCommit.opened;
      return row!;
    });
    await firstWrote.opened;
    const second = store.transaction(async (tx) => {
      const [row] = await tx.contents.insertMany([item(client, 'Contacts', 'second')]);
      secondWrote.open();
      await secondMayCommit.opened;
      return row!;
    });
    // The second writer waits for the first one's counter: it cannot take a value, let alone commit, before the first commits.
    await waiting();
    let secondWroteYet = false;
    void secondWrote.opened.then(() => (secondWroteYet = true));
    expect(await store.contents.davChanges(contacts, 0, 10)).toEqual([]);
    expect(secondWroteYet).toBe(false);

    firstMayCommit.open();
    const a = await first;
    await secondWrote.opened;
    // The reader polls between the two commits: it sees the first and takes its sequence as its token.
    const seen = await store.contents.davChanges(contacts, 0, 10);
    expect(summary(seen)).toEqual([[a.uuid, a.sequence, false]]);
    const token = seen[0]!.sequence;

    secondMayCommit.open();
    const b = await second;
    expect(b.sequence).toBeGreaterThan(a.sequence);
    // Its next poll finds the second: nothing committed late fell behind the token.
    expect(summary(await store.contents.davChanges(contacts, token, 10))).toEqual([[b.uuid, b.sequence, false]]);
    expect(summary(await store.contents.davChanges(contacts, 0, 10))).toEqual([
      [a.uuid, a.sequence, false],
      [b.uuid, b.sequence, false],
    ]);
  });

  it('a check under getLocked and a batch replacing the same item do not deadlock: the batch waits for the counter, then writes after', async () => {
    const { store, waiting } = await open();
    const client = clientKey();
    const [x] = await store.contents.insertMany([item(client, 'Contacts', 'x')]);
    const locked = gate();
    const mayWrite = gate();
    const checked = store.transaction(async (tx) => {
      const current = await tx.contents.getLocked(client, x!.uuid);
      locked.open();
      await mayWrite.opened;
      return tx.contents.update(client, current!.uuid, change('checked'));
    });
    await locked.opened;
    const batch = store.contents.updateMany(client, [{ uuid: x!.uuid, change: change('batch') }]);
    await waiting();
    mayWrite.open();
    const [one, two] = await Promise.all([checked, batch]);
    expect(two[0]!.sequence).toBeGreaterThan(one!.sequence);
    expect(await store.contents.get(client, x!.uuid)).toMatchObject({ title: 'batch', sequence: two[0]!.sequence });
  });
});
