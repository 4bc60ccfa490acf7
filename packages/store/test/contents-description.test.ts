/**
 * Each item's description (fingerprint and duplicate key, migration 7) is written beside it by
 * every writer, on both stores: the store's insertMany / update / updateMany, the REST create and
 * update, the batch feed, the import, and a sync run applying changes (as SyncML and ActiveSync
 * runs do, through the same datastore connector). A row written before the columns existed (null)
 * is described when a slow sync (or a two-way sync's read of changes) reads it, the description
 * written back, and the sync is the same.
 *
 * The columns are read with a connection of their own beside the store (the Store interface does
 * not show them): a SQLite file, or a PostgreSQL schema.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import pino from 'pino';
import { createClient, basicAuth } from '@atomsync/sdk';
import { davBody, describeItem, uidOf, type ItemContent, type ItemDescription } from '@atomsync/items';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listen } from '../../server/src/listen.js';
import { SecretBox } from '../../server/src/secrets/box.js';
import { createServer } from '../../server/src/server.js';
import { createAccount } from '../../server/src/services/accounts.js';
import { importItems } from '../../server/src/services/import-export.js';
import { BindingRuns } from '../../server/src/services/run-lock.js';
import { runBinding } from '../../server/src/services/synchronization.js';
import { openStore } from '../src/open.js';
import { servedHash } from '../src/served-hash.js';
import type { ClientKey, Store } from '../src/store.js';
import { createTestSchema, storeKinds, type StoreKind } from '../../server/test/support/stores.js';
import { makeAccount, uid } from './helpers.js';

// scrypt's cost is not this file's question, only its answers: scrypt runs cheap here, the same answers
// (support/cheap-scrypt.ts); at full cost its accounts' hashing and first sign-ins were much of its time.
vi.mock('node:crypto', async (importOriginal) => (await import('../../server/test/support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

interface Columns {
  readonly fingerprint: string | null;
  readonly duplicate_key: string | null;
}

/** A store and a raw connection beside it onto the same database. */
interface Opened {
  readonly store: Store;
  /** The description columns of an item; undefined: no such row. */
  columns(client: ClientKey, uuid: string): Promise<Columns | undefined>;
  /** Sets them back to null, as a row written before migration 7 has them. */
  forget(client: ClientKey): Promise<void>;
  close(): Promise<void>;
}

async function open(kind: StoreKind): Promise<Opened> {
  if (kind === 'sqlite') {
    const dir = await mkdtemp(join(tmpdir(), 'atomsync-describe-'));
    const file = join(dir, 'db.sqlite');
    const store = await openStore({ kind: 'sqlite', file });
    const raw = new SQLite(file);
    return {
      store,
      columns: async (client, uuid) =>
        raw.prepare('select fingerprint, duplicate_key from contents where account_id = ? and client_uuid = ? and uuid = ?').get(client.accountId, client.uuid, uuid) as Columns | undefined,
      forget: async (client) => void raw.prepare('update contents set fingerprint = null, duplicate_key = null where account_id = ? and client_uuid = ?').run(client.accountId, client.uuid),
      async close() {
        raw.close();
        await store.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  }
  const schema = await createTestSchema();
  const store = await openStore({ kind: 'postgres', url: schema.url });
  const raw = new pg.Client({ connectionString: schema.url });
  await raw.connect();
  return {
    store,
    columns: async (client, uuid) =>
      (await raw.query<Columns>('select fingerprint, duplicate_key from contents where account_id = $1 and client_uuid = $2 and uuid = $3', [client.accountId, client.uuid, uuid])).rows[0],
    forget: async (client) => void (await raw.query('update contents set fingerprint = null, duplicate_key = null where account_id = $1 and client_uuid = $2', [client.accountId, client.uuid])),
    async close() {
      await raw.end();
      await store.close();
      await schema.drop();
    },
  };
}

const lines = (...l: string[]) => l.join('\r\n');
const card = (name: string, phone: string): ItemContent => ({
  dataclass: 'Contacts',
  type: 'text/x-vcard',
  title: name,
  body: lines('BEGIN:VCARD', 'VERSION:3.0', `N:${name};;;;`, `FN:${name}`, `TEL;TYPE=CELL:${phone}`, 'END:VCARD', ''),
});
/** The same person as a phone writes it: another version, order and phone format, one description key. */
const phoneCard = (name: string, phone: string): ItemContent => ({
  dataclass: 'Contacts',
  type: 'text/x-vcard',
  title: name,
  body: lines('BEGIN:VCARD', 'VERSION:2.1', `TEL;CELL:${phone.replace(/(\d{2})(\d{3})/, '$1-$2-')}`, `FN;CHARSET=UTF-8:${name}`, `N;CHARSET=UTF-8:${name};;;;`, 'END:VCARD', ''),
});
const note = (text: string): ItemContent => ({ dataclass: 'Notes', type: 'text/plain', title: text, body: text });

const asColumns = (d: ItemDescription): Columns => ({ fingerprint: d.fingerprint, duplicate_key: d.key });
/** A new item of the client. */
const newItem = (client: ClientKey, item: ItemContent) => ({ uuid: randomUUID(), accountId: client.accountId, clientUuid: client.uuid, ...item });

describe.each(storeKinds)('contents described beside them (%s)', (kind) => {
  let db: Opened;
  beforeEach(async () => {
    db = await open(kind);
  });
  afterEach(async () => {
    await db.close();
  });

  /** A datastore client of a fresh account (or of `accountId`), by its key. */
  const datastore = async (accountId?: number): Promise<ClientKey> => {
    const id = accountId ?? (await makeAccount(db.store, `user-${uid()}`)).id;
    const uuid = randomUUID();
    await db.store.datastores.create({ uuid, accountId: id, userId: uid('user') });
    return { accountId: id, uuid };
  };

  it("the store's insertMany, update and updateMany write describeItem of what they write; a changed body gets new values", async () => {
    const client = await datastore();
    const ada = card('Ada Lovelace', '+46701234567');
    const memo = note('gate code 4711');
    const [a, m] = await db.store.contents.insertMany([ada, memo].map((item) => newItem(client, item)));
    expect(await db.columns(client, a!.uuid)).toEqual(asColumns(describeItem(ada)));
    expect(await db.columns(client, m!.uuid)).toEqual(asColumns(describeItem(memo)));

    const renamed = card('Ada King', '+46701234567');
    await db.store.contents.update(client, a!.uuid, renamed);
    expect(await db.columns(client, a!.uuid)).toEqual(asColumns(describeItem(renamed)));
    expect(describeItem(renamed)).not.toEqual(describeItem(ada));

    const edited = note('gate code 0815');
    const again = card('Ada Byron', '+46709999999');
    await db.store.contents.updateMany(client, [
      { uuid: m!.uuid, change: edited },
      { uuid: a!.uuid, change: again },
    ]);
    expect(await db.columns(client, m!.uuid)).toEqual(asColumns(describeItem(edited)));
    expect(await db.columns(client, a!.uuid)).toEqual(asColumns(describeItem(again)));

    // What listDescribed reads is what was written.
    expect(new Map((await db.store.contents.listDescribed(client)).map((r) => [r.uuid, r.description]))).toEqual(
      new Map([
        [a!.uuid, describeItem(again)],
        [m!.uuid, describeItem(edited)],
      ]),
    );
  });

  it('a null duplicate key is an item with no key, not an item never described', async () => {
    const client = await datastore();
    const empty = note('');
    const [row] = await db.store.contents.insertMany([newItem(client, empty)]);
    expect(describeItem(empty).key).toBeNull();
    expect(await db.columns(client, row!.uuid)).toEqual(asColumns(describeItem(empty)));
    expect((await db.store.contents.listDescribed(client))[0]!.description).toEqual(describeItem(empty));
  });

  it('REST create and update, the batch feed and the import write them', async () => {
    const secrets = SecretBox.ephemeral();
    const running = await listen(createServer({ store: db.store, secrets }), { host: '127.0.0.1', port: 0 });
    await createAccount({ store: db.store, secrets }, { username: 'alice', password: 'alice-secret-pw', admin: false });
    const client = createClient({ baseUrl: running.url, auth: basicAuth('alice', 'alice-secret-pw') });
    try {
      const entry = await client.datastore.create({ userId: 'rest' });
      const key = { accountId: (await db.store.accounts.byUsername('alice'))!.id, uuid: entry.client.uuid! };
      const contents = client.datastore.contents(key.uuid);
      const uuidOf = (id: string | undefined) => id!.slice('urn:uuid:'.length);
      const stored = async (uuid: string) => (await db.store.contents.get(key, uuid))!;

      const created = await contents.create({ title: 'Lars', content: { type: 'text/x-vcard', value: card('Lars Nilsson', '+46739876543').body } });
      const lars = uuidOf(created.id);
      expect(await db.columns(key, lars)).toEqual(asColumns(describeItem(await stored(lars))));
      const before = await db.columns(key, lars);

      await contents.update(lars, { title: 'Lars', content: { type: 'text/x-vcard', value: card('Lars Erik Nilsson', '+46739876543').body } });
      expect(await db.columns(key, lars)).toEqual(asColumns(describeItem(await stored(lars))));
      expect(await db.columns(key, lars)).not.toEqual(before);

      const result = await contents.batch({
        entries: [
          { batchId: 'add', operation: { type: 'insert' }, title: 'Erik', content: { type: 'text/x-vcard', value: card('Erik Holm', '+46701112223').body } },
          { batchId: 'upd', operation: { type: 'update' }, id: created.id, title: 'L', content: { type: 'text/x-vcard', value: card('L. E. Nilsson', '+46739876543').body } },
        ],
      });
      expect(result.entries.map((e) => e.status?.code)).toEqual([201, 200]);
      for (const e of result.entries) {
        const uuid = uuidOf(e.id);
        expect(await db.columns(key, uuid)).toEqual(asColumns(describeItem(await stored(uuid))));
      }

      const summary = await importItems(
        db.store,
        key,
        (async function* () {
          yield card('Imported One', '+46702223334').body + card('Imported Two', '+46703334445').body;
        })(),
      );
      expect(summary.added).toBe(2);
      const all = await db.store.contents.list(key);
      expect(all).toHaveLength(4);
      for (const row of all) expect(await db.columns(key, row.uuid)).toEqual(asColumns(describeItem(row)));
    } finally {
      await client.close();
      await running.close(5_000);
    }
  });

  const run = async (accountId: number, source: ClientKey, target: ClientKey) => {
    const binding = await db.store.bindings.create({ accountId, source: { kind: 'datastore', uuid: source.uuid }, target: { kind: 'datastore', uuid: target.uuid }, conflictWinner: 'source' });
    return runBinding(
      { store: db.store, secrets: SecretBox.ephemeral(), runs: new BindingRuns(), log: pino({ level: 'silent' }) },
      { account: { kind: 'account', id: accountId, username: 'u', admin: false }, binding, mode: 200, dataclass: 'Contacts' },
    );
  };

  /** Two clients of one account: the source with 3 people, the target with a phone's copy of one and a person of its own. */
  const twoSides = async () => {
    const source = await datastore();
    const target = await datastore(source.accountId);
    const people = [card('Ada Lovelace', '+46701234567'), card('Alan Turing', '+46707654321'), card('Grace Hopper', '+46705550123')];
    await db.store.contents.insertMany(people.map((item) => newItem(source, item)));
    const theirs = [phoneCard('Alan Turing', '+46707654321'), card('Edsger Dijkstra', '+46701010101')];
    await db.store.contents.insertMany(theirs.map((item) => newItem(target, item)));
    expect(describeItem(theirs[0]!).key).toBe(describeItem(people[1]!).key);
    return { accountId: source.accountId, source, target };
  };

  /** Every live item of the client has the columns describeItem gives its content. */
  const describedRight = async (client: ClientKey) => {
    const rows = await db.store.contents.list(client);
    for (const row of rows) expect(await db.columns(client, row.uuid)).toEqual(asColumns(describeItem(row)));
    return rows;
  };

  it("a sync run's adds carry the engine's description of the item, which is describeItem's", async () => {
    const { accountId, source, target } = await twoSides();
    const log = await run(accountId, source, target);
    expect(log).toMatchObject({ result: 'completed', syncMode: 201 });
    expect(log.stats.duplicatesDetected).toBe(1);
    expect((await describedRight(source)).map((r) => r.title).sort()).toEqual(['Ada Lovelace', 'Alan Turing', 'Edsger Dijkstra', 'Grace Hopper']);
    expect(await describedRight(target)).toHaveLength(4);
  });

  it('rows written before the columns (null) slow-sync exactly as described ones, and get their descriptions written back', async () => {
    const { accountId, source, target } = await twoSides();
    await db.forget(source);
    await db.forget(target);
    for (const client of [source, target]) {
      for (const row of await db.store.contents.list(client)) expect(await db.columns(client, row.uuid)).toEqual({ fingerprint: null, duplicate_key: null });
    }
    const log = await run(accountId, source, target);
    expect(log).toMatchObject({ result: 'completed', syncMode: 201 });
    // The phone's copy of Alan is still his twin: matched, not doubled.
    expect(log.stats.duplicatesDetected).toBe(1);
    expect((await describedRight(source)).map((r) => r.title).sort()).toEqual(['Ada Lovelace', 'Alan Turing', 'Edsger Dijkstra', 'Grace Hopper']);
    expect((await describedRight(target)).map((r) => r.title).sort()).toEqual(['Ada Lovelace', 'Alan Turing', 'Edsger Dijkstra', 'Grace Hopper']);
  });

  it('listDescribed describes a row without its columns once, writes it back, and leaves other clients alone', async () => {
    const client = await datastore();
    const other = await datastore();
    const items = Array.from({ length: 25 }, (_, i) => card(`Person ${i}`, `+4670${String(1_000_000 + i)}`));
    const rows = await db.store.contents.insertMany(items.map((item) => newItem(client, item)));
    const [theirs] = await db.store.contents.insertMany([newItem(other, note('theirs'))]);
    await db.forget(client);
    await db.forget(other);

    const listed = await db.store.contents.listDescribed(client, ['Contacts']);
    expect(listed.map((r) => r.uuid)).toEqual((await db.store.contents.list(client, ['Contacts'])).map((r) => r.uuid));
    expect(new Map(listed.map((r) => [r.uuid, r.description]))).toEqual(new Map(rows.map((r) => [r.uuid, describeItem(r)])));
    for (const row of rows) expect(await db.columns(client, row.uuid)).toEqual(asColumns(describeItem(row)));
    expect(await db.columns(other, theirs!.uuid)).toEqual({ fingerprint: null, duplicate_key: null });
    // Read again, from the columns.
    expect((await db.store.contents.listDescribed(client, ['Contacts'])).map((r) => r.description)).toEqual(listed.map((r) => r.description));
    expect(await db.store.contents.listDescribed(client, [])).toEqual([]);
  });

  it('changesDescribed reads the changes with their descriptions, deletes as deletes, and describes rows without them', async () => {
    const client = await datastore();
    const [kept, edited, gone] = await db.store.contents.insertMany(
      [card('Kept One', '+46701111111'), card('Edited One', '+46702222222'), note('to delete')].map((item) => newItem(client, item)),
    );
    await db.forget(client);
    const edit = card('Edited Two', '+46702222222');
    await db.store.contents.update(client, edited!.uuid, edit);
    await db.store.contents.deleteMany(client, [gone!.uuid]);

    const changes = await db.store.contents.changesDescribed(client, new Date(0));
    const byUuid = new Map(changes.map((c) => [c.uuid, c]));
    expect(changes).toHaveLength(3);
    // With the UID and ETag every write stored beside the body (a sync's copy of it takes them).
    const served = (item: ItemContent) => ({ uid: uidOf(item.body), etag: servedHash(davBody(item)) });
    expect(byUuid.get(kept!.uuid)).toEqual({ uuid: kept!.uuid, ...card('Kept One', '+46701111111'), description: describeItem(card('Kept One', '+46701111111')), served: served(card('Kept One', '+46701111111')), deleted: false });
    expect(byUuid.get(edited!.uuid)).toEqual({ uuid: edited!.uuid, ...edit, description: describeItem(edit), served: served(edit), deleted: false });
    expect(byUuid.get(gone!.uuid)).toEqual({ uuid: gone!.uuid, dataclass: 'Notes', deleted: true });
    // In changesSince's order; the row read without its description got it written back.
    expect(changes.map((c) => c.uuid)).toEqual((await db.store.contents.changesSince(client, new Date(0))).map((r) => r.uuid));
    expect(await db.columns(client, kept!.uuid)).toEqual(asColumns(describeItem(card('Kept One', '+46701111111'))));
    expect(await db.store.contents.changesDescribed(client, new Date(0), [])).toEqual([]);
    expect((await db.store.contents.changesDescribed(client, new Date(0), ['Notes'])).map((c) => c.uuid)).toEqual([gone!.uuid]);
  });

  it("getManyDescribed reads the live items asked with their descriptions (a sync run's stale check), describing rows without them", async () => {
    const client = await datastore();
    const items = [card('One Person', '+46701111111'), note('a note'), note('deleted')];
    const [one, memo, gone] = await db.store.contents.insertMany(items.map((item) => newItem(client, item)));
    await db.forget(client);
    await db.store.contents.update(client, memo!.uuid, note('a note, edited'));
    await db.store.contents.deleteMany(client, [gone!.uuid]);
    const read = await db.store.contents.getManyDescribed(client, [one!.uuid, memo!.uuid, gone!.uuid, 'missing']);
    expect(new Map(read.map((r) => [r.uuid, r.description]))).toEqual(
      new Map([
        [one!.uuid, describeItem(items[0]!)],
        [memo!.uuid, describeItem(note('a note, edited'))],
      ]),
    );
    expect(await db.columns(client, one!.uuid)).toEqual(asColumns(describeItem(items[0]!)));
  });
});
