/**
 * Migrations over the rows of the schema before them, on both stores: what a migration rebuilds
 * keeps every row, in its new shape.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { describeItem, earlierFingerprints } from '@atomsync/items';
import { PhoneAuthenticator } from '../../server/src/activesync/auth.js';
import { hashPassword } from '../../server/src/auth/password.js';
import { migrate } from '../src/kysely/migrations.js';
import type { Migration } from '../src/kysely/migrations/ddl.js';
import { MIGRATIONS } from '../src/kysely/migrations/index.js';
import { createKyselyStore } from '../src/kysely/store.js';
import type { SyncStatsRecord } from '../src/records.js';
import { ActivesyncNameTaken } from '../src/store.js';
import { createTestSchema, storeKinds, type StoreKind, type TestSchema } from '../../server/test/support/stores.js';

const zero = { addsIn: 0, replacesIn: 0, deletesIn: 0, addsOut: 0, replacesOut: 0, deletesOut: 0 };
const NO_STATS: SyncStatsRecord = { source: zero, target: zero, duplicatesDetected: 0, duplicatesRemoved: 0, conflictsDetected: 0 };

/** Contact `item-<n>` of a client as a row of the schema since 24 (the DAV columns), live or deleted at `deleted`; no DAV name, ETag or UID unless given. */
const davRow = (
  client: { readonly accountId: number; readonly uuid: string },
  n: number,
  deleted: number | null,
  dav: { readonly href?: string | null; readonly etag?: string | null; readonly uid?: string | null },
) => ({
  account_id: client.accountId, client_uuid: client.uuid, uuid: `item-${n}`, dataclass: 'Contacts', title: `t${n}`, type: 'text/vcard', body: deleted === null ? `b${n}` : '',
  created: 10, updated: deleted ?? 10, deleted, fingerprint: null, duplicate_key: null, href: null, sequence: n, etag: null, uid: null, ...dav,
});

/**
 * The plan of a lookup as the store makes it, planned with its parameters unknown (PostgreSQL's
 * generic plan, as a prepared statement's): SQLite's `explain query plan`, PostgreSQL's `explain execute`.
 */
async function planOf(db: Kysely<any>, kind: StoreKind, text: string, parameters: readonly unknown[]): Promise<string> {
  if (kind === 'sqlite') {
    return (await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${text.replace(/\$\d+/g, '?')}`, [...parameters]))).rows.map((r) => r.detail).join('\n');
  }
  return db.transaction().execute(async (trx) => {
    // Every row in one page: without this, a sequential scan is the cheaper plan whatever the indexes.
    await sql`set local enable_seqscan = off`.execute(trx);
    await sql`set local plan_cache_mode = force_generic_plan`.execute(trx);
    await sql.raw(`prepare lookup as ${text}`).execute(trx);
    const rows = (await sql.raw<{ 'QUERY PLAN': string }>(`explain execute lookup(${parameters.map((p) => (typeof p === 'number' ? String(p) : `'${String(p)}'`)).join(', ')})`).execute(trx)).rows;
    await sql`deallocate lookup`.execute(trx);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

/** A bare database of `kind` (no store over it), to migrate step by step. */
async function bare(kind: StoreKind): Promise<{ db: Kysely<any>; drop(): Promise<void> }> {
  if (kind === 'sqlite') {
    const database = new SQLite(':memory:');
    database.pragma('foreign_keys = ON');
    const db = new Kysely<any>({ dialect: new SqliteDialect({ database }) });
    return { db, drop: () => db.destroy() };
  }
  const schema: TestSchema = await createTestSchema({ bare: true });
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: schema.url, max: 2 }) }) });
  return {
    db,
    async drop() {
      await db.destroy();
      await schema.drop();
    },
  };
}

describe.each(storeKinds)('migrations over existing rows (%s)', (kind) => {
  let open: { db: Kysely<any>; drop(): Promise<void> } | undefined;
  afterEach(async () => {
    await open?.drop();
    open = undefined;
  });

  it('8 keys the sync state by account: every map pair, anchor and lock of every binding is kept, with its account', async () => {
    open = await bare(kind);
    const { db } = open;
    expect(await migrate(db, kind, 5)).toEqual([1, 2, 3, 4, 5]);
    const account = async (username: string) =>
      Number((await db.insertInto('accounts').values({ username, password_hash: 'x', syncml_digest: null, admin: 0, created: 1, updated: 1 }).returning('id').executeTakeFirstOrThrow()).id);
    const alice = await account('alice');
    const bob = await account('bob');
    const binding = async (accountId: number) =>
      Number(
        (
          await db
            .insertInto('bindings')
            .values({ account_id: accountId, source_kind: 'datastore', source_uuid: 's', target_kind: 'datastore', target_uuid: 't', conflict_winner: 'source', created: 1, updated: 1 })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    const ofAlice = await binding(alice);
    const ofBob = await binding(bob);
    const pair = (bindingId: number, n: number) => ({ binding_id: bindingId, dataclass: 'Contacts', source_id: `s${n}`, target_id: `t${n}`, source_hash: `hs${n}`, target_hash: `ht${n}` });
    await db.insertInto('sync_map').values([pair(ofAlice, 1), pair(ofAlice, 2), pair(ofBob, 1)]).execute();
    await db.insertInto('sync_anchors').values([
      { binding_id: ofAlice, anchor_key: 'Contacts', source_anchor: 'a1', target_anchor: null },
      { binding_id: ofBob, anchor_key: 'Calendar', source_anchor: null, target_anchor: 'b2' },
    ]).execute();
    await db.insertInto('sync_locks').values({ binding_id: ofBob, holder: 'run-1', expires: 99 }).execute();

    const applied = await migrate(db, kind);
    expect(applied).toContain(8);
    const rows = <T,>(table: string) => db.selectFrom(table).selectAll().orderBy('binding_id').execute() as Promise<T[]>;
    const map = await db.selectFrom('sync_map').selectAll().orderBy('binding_id').orderBy('source_id').execute();
    expect(map.map((r) => ({ ...r, account_id: Number(r.account_id), binding_id: Number(r.binding_id) }))).toEqual([
      { account_id: alice, ...pair(ofAlice, 1) },
      { account_id: alice, ...pair(ofAlice, 2) },
      { account_id: bob, ...pair(ofBob, 1) },
    ]);
    const anchors = await rows<Record<string, unknown>>('sync_anchors');
    expect(anchors.map((r) => [Number(r.account_id), Number(r.binding_id), r.anchor_key, r.source_anchor, r.target_anchor])).toEqual([
      [alice, ofAlice, 'Contacts', 'a1', null],
      [bob, ofBob, 'Calendar', null, 'b2'],
    ]);
    const locks = await rows<Record<string, unknown>>('sync_locks');
    expect(locks.map((r) => [Number(r.account_id), Number(r.binding_id), r.holder, Number(r.expires)])).toEqual([[bob, ofBob, 'run-1', 99]]);

    // The binding's state still goes with it, through the new keys.
    await db.deleteFrom('bindings').where('id', '=', ofAlice).execute();
    expect(await db.selectFrom('sync_map').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).toEqual({ n: kind === 'postgres' ? '1' : 1 });
    expect((await rows<Record<string, unknown>>('sync_anchors')).map((r) => Number(r.binding_id))).toEqual([ofBob]);
    // A pair can no longer name an account its binding is not of.
    await expect(db.insertInto('sync_map').values({ account_id: alice, ...pair(ofBob, 9) }).execute()).rejects.toThrow();
  });

  it('9 keys the client tables by account: every client kept, and the ActiveSync devices that hang off them too', async () => {
    open = await bare(kind);
    const { db } = open;
    await migrate(db, kind, 8);
    const alice = Number((await db.insertInto('accounts').values({ username: 'alice', password_hash: 'x', syncml_digest: null, admin: 0, created: 1, updated: 1 }).returning('id').executeTakeFirstOrThrow()).id);
    const uuid = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
    await db.insertInto('datastore_clients').values({ uuid: uuid(1), account_id: alice, user_id: 'contacts', created: 1, updated: 2 }).execute();
    await db.insertInto('extdata_clients').values({ uuid: uuid(2), account_id: alice, user_id: 'remote', datastores: '[]', created: 1, updated: 2 }).execute();
    await db
      .insertInto('syncml_clients')
      .values({ uuid: uuid(3), account_id: alice, user_id: 'p', phone_number: '+1', model_uuid: uuid(9), imei: '', timezone: 'UTC', setup_name: '', setup_sent: null, datastores: '[]', created: 1, updated: 2 })
      .execute();
    await db
      .insertInto('activesync_clients')
      .values({ uuid: uuid(4), account_id: alice, user_id: 'a', username: 'katja', password_hash: 'h', phone_number: '+2', model_uuid: uuid(9), last_sync: 5, created: 1, updated: 2 })
      .execute();
    await db
      .insertInto('activesync_devices')
      .values({ account_id: alice, client_uuid: uuid(4), device_id: 'D1', device_type: 'iPhone', user_agent: 'ua', protocol_version: '16.1', policy_key: null, pending_policy_key: null, folder_sync_key: '0', folders: '[]', information: null, outbox_seq: 0, created: 1, last_seen: 1 })
      .execute();

    expect(await migrate(db, kind, 9)).toEqual([9]);
    const all = async (table: string): Promise<Record<string, any>[]> => (await db.selectFrom(table).selectAll().execute()).map((r: Record<string, any>) => ({ ...r, account_id: Number(r.account_id) }));
    expect(await all('datastore_clients')).toEqual([{ uuid: uuid(1), account_id: alice, user_id: 'contacts', created: kind === 'postgres' ? '1' : 1, updated: kind === 'postgres' ? '2' : 2 }]);
    expect((await all('extdata_clients')).map((r) => [r.uuid, r.user_id])).toEqual([[uuid(2), 'remote']]);
    expect((await all('syncml_clients')).map((r) => [r.uuid, r.timezone])).toEqual([[uuid(3), 'UTC']]);
    expect((await all('activesync_clients')).map((r) => [r.uuid, r.username, Number(r.last_sync)])).toEqual([[uuid(4), 'katja', 5]]);
    // Rebuilding the clients' table did not take their devices with it; deleting the client still does.
    expect((await all('activesync_devices')).map((r) => r.device_id)).toEqual(['D1']);
    await db.deleteFrom('activesync_clients').where('uuid', '=', uuid(4)).execute();
    expect(await all('activesync_devices')).toEqual([]);
    // One datastore client per user id in an account, as before.
    await expect(db.insertInto('datastore_clients').values({ uuid: uuid(5), account_id: alice, user_id: 'contacts', created: 1, updated: 1 }).execute()).rejects.toThrow();
  });

  it('10 keys bindings, their log, phone bindings and the outbox by account: rows kept, ids carry on from the last one ever given', async () => {
    open = await bare(kind);
    const { db } = open;
    await migrate(db, kind, 9);
    const alice = Number((await db.insertInto('accounts').values({ username: 'alice', password_hash: 'x', syncml_digest: null, admin: 0, created: 1, updated: 1 }).returning('id').executeTakeFirstOrThrow()).id);
    const binding = () =>
      db
        .insertInto('bindings')
        .values({ account_id: alice, source_kind: 'datastore', source_uuid: 's', target_kind: 'datastore', target_uuid: 't', conflict_winner: 'source', created: 1, updated: 1 })
        .returning('id')
        .executeTakeFirstOrThrow();
    const first = Number((await binding()).id);
    const last = Number((await binding()).id);
    // The newest binding goes: its id must never be given again (AUTOINCREMENT's promise, kept).
    await db.deleteFrom('bindings').where('id', '=', last).execute();
    const log = { account_id: alice, binding_id: first, source_kind: 'datastore', source_uuid: 's', target_kind: 'datastore', target_uuid: 't', sync_mode: 200, dataclass: 'Contacts', stats: '{}', result: 'completed', reason: null, published: 7 };
    const entry = Number((await db.insertInto('sync_log').values(log).returning('id').executeTakeFirstOrThrow()).id);
    await db
      .insertInto('outbox')
      .values({ account_id: alice, client_uuid: 'c', kind: 'setup', phone_number: '+1', media_type: 'application/x', payload: Buffer.from([0, 1, 2, 255]), created: 3 })
      .execute();

    expect(await migrate(db, kind, 10)).toEqual([10]);
    expect((await db.selectFrom('bindings').select(['id', 'account_id']).execute()).map((r) => [Number(r.id), Number(r.account_id)])).toEqual([[first, alice]]);
    expect((await db.selectFrom('sync_log').selectAll().execute()).map((r) => [Number(r.id), Number(r.binding_id), r.result])).toEqual([[entry, first, 'completed']]);
    const [outbox] = await db.selectFrom('outbox').selectAll().execute();
    expect(Buffer.from(outbox!.payload as Uint8Array)).toEqual(Buffer.from([0, 1, 2, 255]));

    // A new binding through the store's own insert gets an id past every one given before.
    const store = createKyselyStore(db, kind);
    const fresh = await store.bindings.create({ accountId: alice, source: { kind: 'datastore', uuid: 's2' }, target: { kind: 'datastore', uuid: 't2' }, conflictWinner: 'target' });
    expect(fresh.id).toBeGreaterThan(last);
    const logged = await store.syncLog.append({ accountId: alice, bindingId: first, source: { kind: 'datastore', uuid: 's' }, target: { kind: 'datastore', uuid: 't' }, syncMode: 200, dataclass: 'Contacts', stats: NO_STATS, result: 'completed', reason: null });
    expect(logged.id).toBeGreaterThan(entry);
    // A deleted binding's log stays, naming no binding.
    expect(await store.bindings.delete(alice, first)).toBe(true);
    expect((await store.syncLog.get(alice, entry))?.bindingId).toBeNull();
  });

  it('11 keys the chat log by session: messages kept, newest first by time, ids carrying on', async () => {
    open = await bare(kind);
    const { db } = open;
    await migrate(db, kind, 10);
    const message = (session: string, msgId: number, created: number) => ({ session_id: session, msg_id: msgId, direction: 'in', encoding: 'xml', body: `<m${msgId}/>`, created });
    const ids = [];
    for (const [session, msgId, created] of [['s1', 1, 10], ['s2', 1, 20], ['s1', 2, 30]] as const) {
      ids.push(Number((await db.insertInto('chat_log').values(message(session, msgId, created)).returning('id').executeTakeFirstOrThrow()).id));
    }
    expect(await migrate(db, kind, 11)).toEqual([11]);
    const store = createKyselyStore(db, kind);
    expect((await store.chatLog.list(10)).map((m) => [m.id, m.sessionId, m.body])).toEqual([
      [ids[2], 's1', '<m2/>'],
      [ids[1], 's2', '<m1/>'],
      [ids[0], 's1', '<m1/>'],
    ]);
    const next = await store.chatLog.append({ sessionId: 's3', msgId: 1, direction: 'out', encoding: 'wbxml', body: '<x/>' });
    expect(next.id).toBeGreaterThan(Math.max(...ids));
    expect((await store.chatLog.list(1))[0]).toEqual(next);
  });

  it("12 keys contents by account: every row kept under its client's account (any kind of client), rows of no client dropped", async () => {
    open = await bare(kind);
    const { db } = open;
    await migrate(db, kind, 11);
    const account = async (username: string) =>
      Number((await db.insertInto('accounts').values({ username, password_hash: 'x', syncml_digest: null, admin: 0, created: 1, updated: 1 }).returning('id').executeTakeFirstOrThrow()).id);
    const alice = await account('alice');
    const bob = await account('bob');
    const uuid = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
    await db.insertInto('datastore_clients').values({ uuid: uuid(1), account_id: alice, user_id: 'contacts', created: 1, updated: 1 }).execute();
    await db.insertInto('datastore_clients').values({ uuid: uuid(2), account_id: bob, user_id: 'contacts', created: 1, updated: 1 }).execute();
    // No API writes contents under a client of another kind; a row that is there is still its account's.
    await db.insertInto('extdata_clients').values({ uuid: uuid(3), account_id: bob, user_id: 'remote', datastores: '[]', created: 1, updated: 1 }).execute();
    const row = (client: number, n: number, extra: Record<string, unknown> = {}) => ({
      client_uuid: uuid(client), uuid: `item-${client}-${n}`, dataclass: 'Notes', title: `t${n}`, type: 'text/plain', body: `b${n}`,
      created: 10 + n, updated: 20 + n, deleted: null, fingerprint: null, duplicate_key: null, ...extra,
    });
    await db.insertInto('contents').values([
      row(1, 1, { fingerprint: 'f1', duplicate_key: 'k1' }),
      row(1, 2, { body: '', deleted: 30 }),
      row(2, 1),
      row(3, 1, { fingerprint: 'f3', duplicate_key: null }),
      // Its client was deleted behind the store's back: no account owns it, nothing can reach it.
      row(9, 1),
    ]).execute();

    expect(await migrate(db, kind, 12)).toEqual([12]);
    const all = (await db.selectFrom('contents').selectAll().orderBy('client_uuid').orderBy('uuid').execute()).map((r: Record<string, any>) => ({
      ...r, account_id: Number(r.account_id), created: Number(r.created), updated: Number(r.updated), deleted: r.deleted === null ? null : Number(r.deleted),
    }));
    expect(all).toEqual([
      { account_id: alice, ...row(1, 1, { fingerprint: 'f1', duplicate_key: 'k1' }) },
      { account_id: alice, ...row(1, 2, { body: '', deleted: 30 }) },
      { account_id: bob, ...row(2, 1) },
      { account_id: bob, ...row(3, 1, { fingerprint: 'f3', duplicate_key: null }) },
    ]);

    // The store (of the latest schema) reads them by the client's key, and only by it.
    await migrate(db, kind);
    const store = createKyselyStore(db, kind);
    expect((await store.contents.list({ accountId: alice, uuid: uuid(1) })).map((c) => c.uuid)).toEqual(['item-1-1']);
    expect((await store.contents.changesSince({ accountId: alice, uuid: uuid(1) }, new Date(0))).map((c) => [c.uuid, c.deleted?.getTime() ?? null])).toEqual([['item-1-1', null], ['item-1-2', 30]]);
    expect((await store.contents.listDescribed({ accountId: alice, uuid: uuid(1) }))[0]!.description).toEqual({ fingerprint: 'f1', key: 'k1' });
    expect(await store.contents.list({ accountId: bob, uuid: uuid(1) })).toEqual([]);
    // One item per (account, client, uuid); the same client and item uuids under another account are another row.
    await expect(db.insertInto('contents').values({ account_id: alice, ...row(1, 1) }).execute()).rejects.toThrow();
    await db.insertInto('contents').values({ account_id: bob, ...row(1, 1) }).execute();
    // Deleting a client, or an account, still takes its contents.
    expect(await store.extdata.delete(bob, uuid(3))).toBe(true);
    expect(await store.contents.countLive(bob, [uuid(1), uuid(2), uuid(3)])).toEqual(new Map([[uuid(1), 1], [uuid(2), 1]]));
    expect(await store.accounts.delete(bob)).toBe(true);
    expect((await db.selectFrom('contents').select(['account_id', 'uuid']).execute()).map((r) => [Number(r.account_id), r.uuid])).toEqual([[alice, 'item-1-1'], [alice, 'item-1-2']]);
  });

  it('12 leads the hot indexes of contents with the account', async () => {
    open = await bare(kind);
    const { db } = open;
    await migrate(db, kind);
    const indexes =
      kind === 'sqlite'
        ? await Promise.all(
            ['contents_changes', 'contents_sequence', 'contents_href', 'contents_uid'].map(async (name) => [name, (await sql<{ name: string }>`select name from pragma_index_info(${name}) order by seqno`.execute(db)).rows.map((r) => r.name)]),
          )
        : (
            await sql<{ name: string; columns: string[] }>`select i.relname as name, array(select a.attname from unnest(x.indkey) with ordinality k(attnum, n)
                join pg_attribute a on a.attrelid = x.indrelid and a.attnum = k.attnum order by k.n)::text[] as columns
              from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
              where t.relname = 'contents' and t.relnamespace = current_schema()::regnamespace and not x.indisprimary order by i.relname`.execute(db)
          ).rows.map((r) => [r.name, r.columns]);
    expect(Object.fromEntries(indexes)).toEqual({
      contents_changes: ['account_id', 'client_uuid', 'updated'],
      // contents_live (account, client, dataclass, of live rows) went in 27: contents_sequence leads as it did.
      // Schema version 18's, for DAV: they lead with the account too.
      contents_sequence: ['account_id', 'client_uuid', 'dataclass', 'sequence', 'uuid'],
      contents_href: ['account_id', 'client_uuid', 'dataclass', 'href'],
      // Schema version 20's: a collection's items by UID.
      contents_uid: ['account_id', 'client_uuid', 'dataclass', 'uid'],
      // Schema version 22's, housekeeping's only (it prunes across accounts), partial: tombstones alone.
      ...(kind === 'postgres' ? { contents_tombstones: ['deleted'] } : {}),
    });
    if (kind === 'postgres') {
      // The key keeps the name every table's has, for a later migration that names it.
      expect((await sql<{ conname: string }>`select conname from pg_constraint where conrelid = 'contents'::regclass and contype = 'p'`.execute(db)).rows).toEqual([{ conname: 'contents_pkey' }]);
    }
  });

  it('13 keys tokens, consumers and nonces by account and routes every sign-in name: rows kept, routes filled, ids carrying on', async () => {
    open = await bare(kind);
    const { db } = open;
    await migrate(db, kind, 12);
    const insertId = async (table: string, values: Record<string, unknown>) => Number((await db.insertInto(table).values(values).returning('id').executeTakeFirstOrThrow()).id);
    const account = (username: string) => insertId('accounts', { username, password_hash: `scrypt$${username}`, syncml_digest: null, admin: 0, created: 1, updated: 1 });
    const alice = await account('alice');
    const bob = await account('bob');
    // The newest account and token go before the upgrade: their ids must never be given again.
    const gone = await account('gone');
    await db.deleteFrom('accounts').where('id', '=', gone).execute();
    const token = (accountId: number, digest: string) => insertId('tokens', { account_id: accountId, digest, created: 2 });
    const aliceToken = await token(alice, 'digest-a');
    await token(bob, 'digest-b');
    const lastToken = await token(bob, 'digest-gone');
    await db.deleteFrom('tokens').where('id', '=', lastToken).execute();
    await db.insertInto('consumers').values([
      { key: 'ck-a', account_id: alice, sealed_secret: 'sa', created: 3 },
      { key: 'ck-b', account_id: bob, sealed_secret: 'sb', created: 3 },
    ]).execute();
    await db.insertInto('nonces').values([
      { consumer_key: 'ck-a', timestamp: 100, nonce: 'n1' },
      { consumer_key: 'ck-b', timestamp: 100, nonce: 'n1' },
      // A nonce of no consumer (none is deleted today, but nothing held it): no account to keep it by.
      { consumer_key: 'ck-nobody', timestamp: 100, nonce: 'n1' },
    ]).execute();
    const uuid = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
    const phone = (n: number, accountId: number, username: string, created: number) => ({
      uuid: uuid(n), account_id: accountId, user_id: 'u', username, password_hash: `h${n}`, phone_number: '', model_uuid: '', last_sync: null, created, updated: created,
    });
    await db.insertInto('activesync_clients').values([phone(1, bob, 'phone', 20), phone(2, alice, 'phone', 10), phone(3, bob, 'tablet', 30)]).execute();

    expect(await migrate(db, kind, 13)).toEqual([13]);
    const store = createKyselyStore(db, kind);
    expect((await store.accounts.byUsername('alice'))?.id).toBe(alice);
    expect((await store.accounts.byUsername('bob'))?.id).toBe(bob);
    expect(await store.accounts.byUsername('gone')).toBeUndefined();
    expect(await store.tokens.byDigest('digest-a')).toEqual({ id: aliceToken, accountId: alice, digest: 'digest-a', created: new Date(2) });
    expect((await store.tokens.byDigest('digest-b'))?.accountId).toBe(bob);
    expect(await store.consumers.byKey('ck-b')).toEqual({ key: 'ck-b', accountId: bob, sealedSecret: 'sb', created: new Date(3) });
    // Every ActiveSync client routed by its username (read as rows: migration 15 reshapes the table the store reads now).
    const activesyncRoutes = async () =>
      (await db.selectFrom('activesync_routes').selectAll().orderBy('username').orderBy('created').execute()).map((r) => [r.username, Number(r.account_id), r.client_uuid]);
    expect(await activesyncRoutes()).toEqual([['phone', alice, uuid(2)], ['phone', bob, uuid(1)], ['tablet', bob, uuid(3)]]);
    // The nonces kept their consumer's account: each is still a replay.
    const nonces = await db.selectFrom('nonces').selectAll().orderBy('consumer_key').execute();
    expect(nonces.map((n) => [Number(n.account_id), n.consumer_key, Number(n.timestamp), n.nonce])).toEqual([[alice, 'ck-a', 100, 'n1'], [bob, 'ck-b', 100, 'n1']]);
    expect(await store.nonces.remember(alice, 'ck-a', 100, 'n1')).toBe(false);

    // New rows get ids past every one given before.
    expect((await store.accounts.create({ username: 'carol', passwordHash: 'h', syncmlDigest: null, admin: false }))!.id).toBeGreaterThan(gone);
    expect((await store.tokens.create(alice, 'digest-new')).id).toBeGreaterThan(lastToken);
    // The names stay unique across accounts, now through their routes.
    expect(await store.accounts.create({ username: 'alice', passwordHash: 'h', syncmlDigest: null, admin: false })).toBeUndefined();
    await expect(store.tokens.create(bob, 'digest-a')).rejects.toThrow();
    await expect(store.consumers.create({ key: 'ck-a', accountId: bob, sealedSecret: 's' })).rejects.toThrow();
    // A consumer's nonces go with it, and so do an account's routes. The store deletes what later
    // versions keep of an account too (version 18's content counters): it runs on the latest
    // schema, where migration 15 has made the ActiveSync name two clients held one route of two holders.
    await migrate(db, kind);
    const heldRoutes = async () =>
      (await db.selectFrom('activesync_routes').selectAll().orderBy('username').execute()).map((r) => [r.username, r.account_id === null ? null : Number(r.account_id), r.client_uuid, Number(r.holders)]);
    expect(await heldRoutes()).toEqual([['phone', null, null, 2], ['tablet', bob, uuid(3), 1]]);
    expect(await store.accounts.delete(alice)).toBe(true);
    expect((await db.selectFrom('nonces').select('consumer_key').execute()).map((n) => n.consumer_key)).toEqual(['ck-b']);
    expect(await store.tokens.byDigest('digest-a')).toBeUndefined();
    expect(await heldRoutes()).toEqual([['phone', null, null, 1], ['tablet', bob, uuid(3), 1]]);
    expect(await store.accounts.create({ username: 'alice', passwordHash: 'h', syncmlDigest: null, admin: false })).toBeDefined();
  });

  it("14 links SyncML sessions to their account by no foreign key: sessions kept, an account's deleted with it, and its chat log", async () => {
    open = await bare(kind);
    const { db } = open;
    await migrate(db, kind, 13);
    const store = createKyselyStore(db, kind);
    const alice = (await store.accounts.create({ username: 'alice', passwordHash: 'h', syncmlDigest: null, admin: false }))!.id;
    const bob = (await store.accounts.create({ username: 'bob', passwordHash: 'h', syncmlDigest: null, admin: false }))!.id;
    const session = (id: string, accountId: number | null) => ({
      id, account_id: accountId, client_uuid: null, device_id: `dev-${id}`, protocol: 'SyncML/1.2', encoding: 'xml', started: 1, ended: null, status: null, reason: null, datastores: '[]',
    });
    // A refused session belongs to no account.
    await db.insertInto('sessions').values([session('s-alice', alice), session('s-bob', bob), session('s-refused', null)]).execute();
    await db.insertInto('chat_log').values({ session_id: 's-alice', id: 1, msg_id: 1, direction: 'in', encoding: 'xml', body: '<m/>', created: 1 }).execute();

    expect(await migrate(db, kind, 14)).toEqual([14]);
    const ids = async () => (await db.selectFrom('sessions').select('id').orderBy('id').execute()).map((r) => r.id);
    expect(await ids()).toEqual(['s-alice', 's-bob', 's-refused']);
    expect((await db.selectFrom('sessions').select(['id', 'account_id']).where('id', '=', 's-alice').executeTakeFirstOrThrow()).account_id).toEqual(kind === 'sqlite' ? alice : String(alice));
    // The store's account delete runs on the latest schema (it deletes version 18's content counters too).
    await migrate(db, kind);
    expect(await store.accounts.delete(alice)).toBe(true);
    expect(await ids()).toEqual(['s-bob', 's-refused']);
    expect(await db.selectFrom('chat_log').selectAll().execute()).toEqual([]);
  });
  it('15 makes ActiveSync usernames unique across the service: a name several clients held (any account, any case) leads to none, and stays taken until they are all gone', async () => {
    open = await bare(kind);
    const { db } = open;
    await migrate(db, kind, 14);
    const account = async (username: string) =>
      Number((await db.insertInto('accounts').values({ username, password_hash: 'x', syncml_digest: null, admin: 0, created: 1, updated: 1 }).returning('id').executeTakeFirstOrThrow()).id);
    const alice = await account('alice');
    const bob = await account('bob');
    const carol = await account('carol');
    const hash = await hashPassword('shared-phone-pw');
    const uuid = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
    const phone = (n: number, accountId: number, username: string, created: number) => ({
      uuid: uuid(n), account_id: accountId, user_id: 'u', username, password_hash: hash, phone_number: '', model_uuid: '', last_sync: null, created, updated: created,
    });
    const clients = [
      // The capture of issue 20: Bob registered Alice's name first, with the same password.
      phone(1, bob, 'ada@example.org', 10),
      phone(2, alice, 'ada@example.org', 20),
      // Only the case differs: one name now.
      phone(3, alice, 'Case@example.org', 10),
      phone(4, carol, 'case@EXAMPLE.org', 20),
      // Twice in one account: either phone could reach the other client.
      phone(5, carol, 'twice', 10),
      phone(6, carol, 'twice', 20),
      // Held once: kept, whatever its case.
      phone(7, alice, 'Alone@example.org', 10),
      // Only ASCII letters fold, in SQL as at sign-in: two names.
      phone(8, alice, 'Émile', 10),
      phone(9, bob, 'émile', 20),
    ];
    await db.insertInto('activesync_clients').values(clients).execute();
    await db.insertInto('activesync_routes').values(clients.map((c) => ({ username: c.username, account_id: c.account_id, client_uuid: c.uuid, created: c.created }))).execute();

    expect(await migrate(db, kind, 15)).toEqual([15]);
    // The store's deletes run on the latest schema (they delete version 18's content counters too); nothing later touches these tables.
    await migrate(db, kind);
    const store = createKyselyStore(db, kind);
    // Every client is kept and listed to its owner.
    expect((await store.activesync.list(alice)).map((c) => c.uuid)).toEqual([uuid(3), uuid(7), uuid(8), uuid(2)]);
    expect((await store.activesync.list(bob)).map((c) => c.uuid)).toEqual([uuid(1), uuid(9)]);
    // No phone of a shared name reaches any client; the name held once does, in any case.
    const phones = new PhoneAuthenticator(store);
    const signIn = (username: string) => phones.authenticate(`Basic ${Buffer.from(`${username}:shared-phone-pw`).toString('base64')}`);
    for (const name of ['ada@example.org', 'Case@example.org', 'case@EXAMPLE.org', 'twice']) {
      await expect(signIn(name)).rejects.toMatchObject({ status: 401 });
      expect(await store.activesync.byUsername(name)).toBeUndefined();
    }
    expect((await signIn('alone@EXAMPLE.org')).client.uuid).toBe(uuid(7));
    expect((await signIn('ÉMILE')).client.uuid).toBe(uuid(8));
    expect((await signIn('émile')).client.uuid).toBe(uuid(9));
    // Nobody can take a shared name while one of its clients is left, nor the one held once.
    const register = (accountId: number, username: string) =>
      store.activesync.create({ uuid: randomUUID(), accountId, userId: 'u', username, passwordHash: hash, phoneNumber: '', modelUuid: '' });
    await expect(register(bob, 'ADA@example.org')).rejects.toBeInstanceOf(ActivesyncNameTaken);
    await expect(register(alice, 'alone@example.org')).rejects.toBeInstanceOf(ActivesyncNameTaken);
    expect(await store.activesync.delete(bob, uuid(1))).toBe(true);
    await expect(register(bob, 'ada@example.org')).rejects.toBeInstanceOf(ActivesyncNameTaken);
    // The last of them deleted (here with its account), the name is free, and leads to its new client alone.
    expect(await store.accounts.delete(alice)).toBe(true);
    const again = await register(bob, 'ada@example.org');
    expect((await signIn('ada@example.org')).client.uuid).toBe(again.uuid);
    expect((await register(bob, 'alone@example.org')).accountId).toBe(bob);
    // Carol's two clients of one name: one deleted, the name still taken; both, free.
    expect(await store.activesync.delete(carol, uuid(5))).toBe(true);
    await expect(register(bob, 'twice')).rejects.toBeInstanceOf(ActivesyncNameTaken);
    expect(await store.activesync.delete(carol, uuid(6))).toBe(true);
    expect((await register(bob, 'twice')).accountId).toBe(bob);
    // Alice's account took one holder of the name Carol shared with her by case: Carol's client still holds it.
    await expect(register(bob, 'CASE@example.org')).rejects.toBeInstanceOf(ActivesyncNameTaken);
    expect(await store.accounts.delete(carol)).toBe(true);
    expect((await register(bob, 'case@example.org')).accountId).toBe(bob);
  });

  it('17 lets a sync lease name its run: a lease of an older server is kept, and taken over once run out without logging a run it cannot name', async () => {
    open = await bare(kind);
    const { db } = open;
    await migrate(db, kind, 15);
    const store = createKyselyStore(db, kind);
    const alice = (await store.accounts.create({ username: 'alice', passwordHash: 'h', syncmlDigest: null, admin: false }))!.id;
    const binding = await store.bindings.create({ accountId: alice, source: { kind: 'datastore', uuid: 's' }, target: { kind: 'datastore', uuid: 't' }, conflictWinner: 'source' });
    const live = Date.now() + 60_000;
    await db.insertInto('sync_locks').values({ account_id: alice, binding_id: binding.id, holder: 'old-server', expires: live }).execute();

    expect(await migrate(db, kind, 17)).toEqual([17]);
    const row = await db.selectFrom('sync_locks').selectAll().executeTakeFirstOrThrow();
    expect([row.holder, Number(row.expires), row.dataclass, row.sync_mode, row.started]).toEqual(['old-server', live, null, null, null]);
    const run = { dataclass: 'Contacts' as const, syncMode: 200 as const, started: new Date() };
    expect((await store.syncLocks.take(binding, 'new-server', 60_000, run)).taken).toBe(false);
    await db.updateTable('sync_locks').set({ expires: 1 }).execute();
    expect(await store.syncLocks.expired(new Date(), 10)).toEqual([]);
    expect(await store.syncLocks.take(binding, 'new-server', 60_000, run)).toEqual({ taken: true });
    // Its own lease names its run: once run out, housekeeping finds it.
    expect(await store.syncLocks.expired(new Date(Date.now() + 120_000), 10)).toEqual([{ accountId: alice, id: binding.id }]);
  });

  it('18 gives contents a change sequence and a DAV name: rows kept at sequence 0 without a name, writes numbered from 1 per client', async () => {
    open = await bare(kind);
    const { db } = open;
    await migrate(db, kind, 17);
    const alice = Number((await db.insertInto('accounts').values({ username: 'alice', password_hash: 'x', syncml_digest: null, admin: 0, created: 1, updated: 1 }).returning('id').executeTakeFirstOrThrow()).id);
    const client = { accountId: alice, uuid: '00000000-0000-4000-8000-000000000001' };
    const row = (n: number, extra: Record<string, unknown> = {}) => ({
      account_id: alice, client_uuid: client.uuid, uuid: `item-${n}`, dataclass: 'Contacts', title: `t${n}`, type: 'text/x-vcard', body: `b${n}`,
      created: 10, updated: 20, deleted: null, fingerprint: null, duplicate_key: null, ...extra,
    });
    await db.insertInto('contents').values([row(1), row(2, { body: '', deleted: 30 })]).execute();

    expect(await migrate(db, kind, 18)).toEqual([18]);
    const rows = await db.selectFrom('contents').select(['uuid', 'body', 'sequence', 'href']).orderBy('uuid').execute();
    expect(rows.map((r) => [r.uuid, r.body, Number(r.sequence), r.href])).toEqual([['item-1', 'b1', 0, null], ['item-2', '', 0, null]]);
    expect(await db.selectFrom('content_sequences').selectAll().execute()).toEqual([]);

    await migrate(db, kind);
    const store = createKyselyStore(db, kind);
    const contacts = { ...client, dataclass: 'Contacts' as const };
    expect(await store.contents.collectionSequence(contacts)).toBe(0);
    // Rows of before are live items of the collection, named by their uuid; no delta lists them until they change.
    expect((await store.contents.davPage(contacts, undefined, 10)).map((r) => [r.uuid, r.href, r.sequence])).toEqual([['item-1', null, 0]]);
    // A listing of ETags reads such a row whole: it has no stored ETag, and is hashed from its body.
    expect((await store.contents.davListing(contacts, undefined, 10)).map((r) => [r.uuid, r.etag, 'body' in r ? r.body : undefined])).toEqual([['item-1', null, 'b1']]);
    expect(await store.contents.davChanges(contacts, 0, 10)).toEqual([]);
    expect(await store.contents.deleteMany(client, ['item-1'])).toEqual(['item-1']);
    expect((await store.contents.davChanges(contacts, 0, 10)).map((r) => [r.uuid, r.sequence, r.deleted !== null])).toEqual([['item-1', 1, true]]);
    expect(await store.contents.collectionSequence(contacts)).toBe(1);
  });

  it('22 keeps every counter with no tombstone pruned, and lets the tombstones of before be pruned, those of sequence 0 included', async () => {
    open = await bare(kind);
    const { db } = open;
    await migrate(db, kind, 21);
    const client = { accountId: 7, uuid: '00000000-0000-4000-8000-000000000002' };
    const row = (n: number, sequence: number, deleted: number | null) => ({
      account_id: client.accountId, client_uuid: client.uuid, uuid: `item-${n}`, dataclass: 'Contacts', title: `t${n}`, type: 'text/vcard', body: deleted === null ? `b${n}` : '',
      created: 10, updated: deleted ?? 10, deleted, fingerprint: null, duplicate_key: null, href: null, sequence, etag: null, uid: null,
    });
    // A tombstone from before migration 18 (sequence 0), one after it (3), a live row.
    await db.insertInto('contents').values([row(1, 0, 20), row(2, 3, 30), row(3, 2, null)]).execute();
    await db.insertInto('content_sequences').values({ account_id: client.accountId, client_uuid: client.uuid, sequence: 3 }).execute();

    expect(await migrate(db, kind, 22)).toEqual([22]);
    const store = createKyselyStore(db, kind);
    const contacts = { ...client, dataclass: 'Contacts' as const };
    expect(await store.contents.davSyncState(contacts)).toEqual({ current: 3, oldest: 0 });
    expect(await store.contents.pruneTombstones(new Date(25), 10)).toBe(1);
    // The tombstone of sequence 0 was in no delta: the horizon stays.
    expect(await store.contents.davSyncState(contacts)).toEqual({ current: 3, oldest: 0 });
    expect(await store.contents.pruneTombstones(new Date(35), 10)).toBe(1);
    expect(await store.contents.davSyncState(contacts)).toEqual({ current: 3, oldest: 3 });
    expect((await store.contents.list(client)).map((r) => r.uuid)).toEqual(['item-3']);
  });

  it('25 keeps in contents_href only the rows with a DAV name, and the by-name lookups still go through it', async () => {
    open = await bare(kind);
    const { db } = open;
    await migrate(db, kind, 24);
    const client = { accountId: 7, uuid: '00000000-0000-4000-8000-000000000003' };
    const row = (n: number, href: string | null, deleted: number | null) => davRow(client, n, deleted, { href });
    // Written by a sync (no name), by a DAV client (named), a DAV tombstone, one whose name was released.
    await db.insertInto('contents').values([row(1, null, null), row(2, 'two.vcf', null), row(3, 'three.vcf', 30), row(4, '', 40)]).execute();

    expect(await migrate(db, kind, 25)).toEqual([25]);
    const definition =
      kind === 'sqlite'
        ? (await sql<{ sql: string }>`select sql from sqlite_master where name = 'contents_href'`.execute(db)).rows[0]!.sql
        : (await sql<{ sql: string }>`select pg_get_indexdef('contents_href'::regclass) as sql`.execute(db)).rows[0]!.sql;
    expect(definition.toLowerCase().replace(/[()]/g, '')).toMatch(/where href is not null$/);
    // Each lookup by name as the store makes it (contents.ts: a PUT's, a multiget's, releaseHrefs'), planned with its
    // parameters unknown (PostgreSQL's generic plan, as a prepared statement's): the partial index must still be chosen.
    const live = `select uuid from contents where account_id = $1 and client_uuid = $2 and deleted is null and dataclass = $3`;
    const lookups: [string, unknown[]][] = [
      [`${live} and href = $4`, [client.accountId, client.uuid, 'Contacts', 'two.vcf']],
      [`${live} and href in ($4, $5)`, [client.accountId, client.uuid, 'Contacts', 'two.vcf', 'x.vcf']],
      [`update contents set href = $1 where account_id = $2 and client_uuid = $3 and dataclass = $4 and href = $5 and deleted is not null`, ['', client.accountId, client.uuid, 'Contacts', 'three.vcf']],
    ];
    for (const [text, parameters] of lookups) {
      expect(await planOf(db, kind, text, parameters), text).toContain('contents_href');
    }
    // And the lookups find what they found before.
    const store = createKyselyStore(db, kind);
    const contacts = { ...client, dataclass: 'Contacts' as const };
    expect((await store.contents.byHrefs(contacts, ['two.vcf'])).map((r) => r.uuid)).toEqual(['item-2']);
    expect((await store.contents.byHrefs(contacts, ['two.vcf', 'three.vcf', 'x.vcf'])).map((r) => r.uuid)).toEqual(['item-2']);
  });

  it('26 keeps in contents_uid only the rows with a UID, and the lookup by UID still goes through it', async () => {
    open = await bare(kind);
    const { db } = open;
    await migrate(db, kind, 25);
    const client = { accountId: 7, uuid: '00000000-0000-4000-8000-000000000003' };
    const row = (n: number, uid: string | null, deleted: number | null) => davRow(client, n, deleted, { uid, etag: deleted === null ? `e${n}` : null });
    // A phone's item (no UID), two holding one UID, and a tombstone (its UID cleared).
    await db.insertInto('contents').values([row(1, null, null), row(2, 'u-2', null), row(3, 'u-2', null), row(4, null, 40)]).execute();

    expect(await migrate(db, kind, 26)).toEqual([26]);
    const definition =
      kind === 'sqlite'
        ? (await sql<{ sql: string }>`select sql from sqlite_master where name = 'contents_uid'`.execute(db)).rows[0]!.sql
        : (await sql<{ sql: string }>`select pg_get_indexdef('contents_uid'::regclass) as sql`.execute(db)).rows[0]!.sql;
    expect(definition.toLowerCase().replace(/[()]/g, '')).toMatch(/where uid is not null$/);
    // The lookup as the store makes it (contents.ts liveByUid, a PUT's), planned with its parameters unknown
    // (PostgreSQL's generic plan, as a prepared statement's): the partial index must still be chosen.
    const text = `select uuid from contents where account_id = $1 and client_uuid = $2 and deleted is null and dataclass = $3 and uid = $4`;
    const parameters = [client.accountId, client.uuid, 'Contacts', 'u-2'];
    expect(await planOf(db, kind, text, parameters), text).toContain('contents_uid');
    // And the lookup finds what it found before.
    const store = createKyselyStore(db, kind);
    const contacts = { ...client, dataclass: 'Contacts' as const };
    expect((await store.contents.byUid(contacts, 'u-2')).map((r) => r.uuid)).toEqual(['item-2', 'item-3']);
    expect(await store.contents.byUid(contacts, 'u-9')).toEqual([]);
  });

  it('27 drops contents_live, and the reads of a client\'s live rows still go through an index leading with it', async () => {
    open = await bare(kind);
    const { db } = open;
    await migrate(db, kind, 26);
    const client = { accountId: 7, uuid: '00000000-0000-4000-8000-000000000003' };
    const other = { accountId: 7, uuid: '00000000-0000-4000-8000-000000000004' };
    // Live rows and a tombstone of the client, and a live row of another client.
    await db.insertInto('contents').values([davRow(client, 1, null, {}), davRow(client, 2, 20, {}), davRow(client, 3, null, {}), davRow(other, 4, null, {})]).execute();

    expect(await migrate(db, kind, 27)).toEqual([27]);
    const left =
      kind === 'sqlite'
        ? (await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'contents'`.execute(db)).rows
        : (await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'contents' and schemaname = current_schema()`.execute(db)).rows;
    expect(left.map((r) => r.name)).not.toContain('contents_live');
    // The reads that could use it, as the store makes them (listDescribed of a sync's side, countLive,
    // list), planned with their parameters unknown: each on an index that leads with the account and the client.
    const reads: [string, unknown[]][] = [
      [`select uuid from contents where account_id = $1 and client_uuid = $2 and deleted is null and dataclass in ($3) order by created, uuid`, [client.accountId, client.uuid, 'Contacts']],
      [`select uuid from contents where account_id = $1 and client_uuid = $2 and deleted is null order by created, uuid`, [client.accountId, client.uuid]],
      [`select client_uuid, count(*) as n from contents where account_id = $1 and client_uuid in ($2) and deleted is null group by client_uuid`, [client.accountId, client.uuid]],
    ];
    for (const [text, parameters] of reads) {
      const plan = await planOf(db, kind, text, parameters);
      expect(plan, text).toMatch(kind === 'sqlite' ? /SEARCH contents USING (COVERING )?INDEX \w+ \(account_id=\? AND client_uuid=\?/ : /Index (Only )?Scan using contents_\w+ on contents/);
      expect(plan, text).not.toMatch(/Seq Scan|SCAN contents/);
    }
    // And they read what they read before: the live rows alone.
    const store = createKyselyStore(db, kind);
    expect((await store.contents.list(client, ['Contacts'])).map((r) => r.uuid)).toEqual(['item-1', 'item-3']);
    expect((await store.contents.listDescribed(client, ['Contacts'])).map((r) => r.uuid)).toEqual(['item-1', 'item-3']);
    expect(await store.contents.countLive(client.accountId, [client.uuid, other.uuid])).toEqual(new Map([[client.uuid, 2], [other.uuid, 1]]));
  });

  it('23 describes vCalendar 1.0 rows again as their 2.0 form (fingerprint, key, ETag cleared, made anew when read); other rows keep theirs', async () => {
    open = await bare(kind);
    const { db } = open;
    await migrate(db, kind, 22);
    const client = { accountId: 7, uuid: '00000000-0000-4000-8000-000000000003' };
    const crlf = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;
    const phone = crlf('BEGIN:VCALENDAR', 'VERSION:1.0', 'BEGIN:VEVENT', 'SUMMARY:Standup', 'DTSTART:20250203T090000Z', 'DTEND:20250203T091500Z', 'RRULE:D1 #5', 'END:VEVENT', 'END:VCALENDAR');
    const caldav = crlf('BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//x//1.0//EN', 'BEGIN:VEVENT', 'UID:a', 'SUMMARY:Standup', 'DTSTART:20250203T090000Z', 'END:VEVENT', 'END:VCALENDAR');
    const card = crlf('BEGIN:VCARD', 'VERSION:2.1', 'N:Doe;John', 'END:VCARD');
    const items = [
      { uuid: 'phone', dataclass: 'Events', type: 'text/x-vcalendar', body: phone },
      { uuid: 'caldav', dataclass: 'Events', type: 'text/calendar', body: caldav },
      { uuid: 'card', dataclass: 'Contacts', type: 'text/x-vcard', body: card },
    ] as const;
    // As the release before wrote them: the 1.0 item under its earlier fingerprint.
    const kept = (item: (typeof items)[number]) => {
      const today = describeItem({ ...item, title: '' });
      return { fingerprint: earlierFingerprints({ ...item, title: '' })[0] ?? today.fingerprint, key: today.key };
    };
    await db
      .insertInto('contents')
      .values(items.map((item) => ({
        account_id: client.accountId, client_uuid: client.uuid, uuid: item.uuid, dataclass: item.dataclass, title: '', type: item.type, body: item.body,
        created: 10, updated: 10, deleted: null, fingerprint: kept(item).fingerprint, duplicate_key: kept(item).key, href: null, sequence: 1, etag: 'e', uid: null,
      })))
      .execute();
    expect(kept(items[0]).fingerprint).not.toBe(describeItem({ ...items[0], title: '' }).fingerprint);

    expect(await migrate(db, kind, 23)).toEqual([23]);
    const rows = await db.selectFrom('contents').select(['uuid', 'fingerprint', 'duplicate_key', 'etag']).orderBy('uuid').execute();
    expect(rows).toEqual([
      { uuid: 'card', fingerprint: kept(items[2]).fingerprint, duplicate_key: kept(items[2]).key, etag: 'e' },
      { uuid: 'caldav', fingerprint: kept(items[1]).fingerprint, duplicate_key: kept(items[1]).key, etag: 'e' },
      { uuid: 'phone', fingerprint: null, duplicate_key: null, etag: null },
    ].sort((a, b) => (a.uuid < b.uuid ? -1 : 1)));
    // Read, the 1.0 row is described as today's reader does: the 2.0 twin's fingerprint.
    const store = createKyselyStore(db, kind);
    const described = await store.contents.listDescribed(client, ['Events']);
    const twin = describeItem({ dataclass: 'Events', title: '', type: 'text/calendar', body: phone.replace('VERSION:1.0', 'VERSION:2.0').replace('RRULE:D1 #5', 'RRULE:FREQ=DAILY;COUNT=5') });
    expect(described.find((d) => d.uuid === 'phone')?.description.fingerprint).toBe(twin.fingerprint);
  });

  it('24 describes rows holding an alarm again (fingerprint cleared, made anew when read: a 1.0 AALARM is its 2.0 relative TRIGGER); other rows keep theirs', async () => {
    open = await bare(kind);
    const { db } = open;
    await migrate(db, kind, 23);
    const client = { accountId: 7, uuid: '00000000-0000-4000-8000-000000000004' };
    const crlf = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;
    const event = (...inner: string[]) => crlf('BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//x//1.0//EN', 'BEGIN:VEVENT', 'UID:a', 'SUMMARY:Standup', 'DTSTART:20250203T090000Z', ...inner, 'END:VEVENT', 'END:VCALENDAR');
    const absolute = event('BEGIN:VALARM', 'ACTION:DISPLAY', 'TRIGGER;VALUE=DATE-TIME:20250203T084500Z', 'END:VALARM');
    const phone = crlf('BEGIN:VCALENDAR', 'VERSION:1.0', 'BEGIN:VEVENT', 'SUMMARY:Standup', 'DTSTART:20250203T090000Z', 'AALARM:20250203T084500Z', 'END:VEVENT', 'END:VCALENDAR');
    const plain = event();
    const items = [
      { uuid: 'absolute', body: absolute, type: 'text/calendar' },
      { uuid: 'phone', body: phone, type: 'text/x-vcalendar' },
      { uuid: 'plain', body: plain, type: 'text/calendar' },
    ] as const;
    const today = (item: (typeof items)[number]) => describeItem({ dataclass: 'Events', title: '', type: item.type, body: item.body });
    await db
      .insertInto('contents')
      .values(items.map((item) => ({
        account_id: client.accountId, client_uuid: client.uuid, uuid: item.uuid, dataclass: 'Events', title: '', type: item.type, body: item.body,
        created: 10, updated: 10, deleted: null, fingerprint: 'before', duplicate_key: today(item).key, href: null, sequence: 1, etag: 'e', uid: null,
      })))
      .execute();

    expect(await migrate(db, kind, 24)).toEqual([24]);
    const rows = await db.selectFrom('contents').select(['uuid', 'fingerprint', 'duplicate_key', 'etag']).orderBy('uuid').execute();
    expect(rows).toEqual([
      { uuid: 'absolute', fingerprint: null, duplicate_key: today(items[0]).key, etag: 'e' },
      { uuid: 'phone', fingerprint: null, duplicate_key: today(items[1]).key, etag: 'e' },
      { uuid: 'plain', fingerprint: 'before', duplicate_key: today(items[2]).key, etag: 'e' },
    ]);
    // Read, the alarm rows are described as today's reader does: the absolute TRIGGER and the 1.0
    // AALARM (an audio alarm) ring 15 minutes before the start, their relative 2.0 forms' fingerprints.
    const store = createKyselyStore(db, kind);
    const described = new Map((await store.contents.listDescribed(client, ['Events'])).map((d) => [d.uuid, d.description.fingerprint]));
    const relative = (action: string) => describeItem({ dataclass: 'Events', title: '', type: 'text/calendar', body: event('BEGIN:VALARM', `ACTION:${action}`, 'TRIGGER:-PT15M', 'END:VALARM') }).fingerprint;
    expect(described.get('absolute')).toBe(relative('DISPLAY'));
    expect(described.get('phone')).toBe(relative('AUDIO'));
    expect(relative('AUDIO')).not.toBe(relative('DISPLAY'));
  });
});

describe('the migrations index', () => {
  it('lists every migration file once, in ascending version order, each file named by its version', async () => {
    const folder = fileURLToPath(new URL('../src/kysely/migrations/', import.meta.url));
    const files = readdirSync(folder).filter((f) => /^\d{3}-[a-z0-9-]+\.ts$/.test(f)).sort();
    // A file that is neither a migration nor one of the two known modules would be one misnamed.
    expect(readdirSync(folder).filter((f) => !files.includes(f)).sort()).toEqual(['ddl.ts', 'index.ts']);
    const fromFiles: Migration[] = [];
    for (const file of files) {
      const { migration } = (await import(pathToFileURL(join(folder, file)).href)) as { migration: Migration };
      expect(migration.version, file).toBe(Number(file.slice(0, 3)));
      fromFiles.push(migration);
    }
    expect(MIGRATIONS).toEqual(fromFiles);
    // The very objects, in order: the index neither copies nor rebuilds them.
    MIGRATIONS.forEach((m, i) => expect(m).toBe(fromFiles[i]));
    const versions = MIGRATIONS.map((m) => m.version);
    expect(versions).toEqual([...new Set(versions)].sort((a, b) => a - b));
  });
});
