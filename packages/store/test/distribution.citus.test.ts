/**
 * Distribution on Citus (issue 24; runs in the Citus suite, vitest.citus.config.ts): the product
 * distributes a store as guide/operators.md plans it, and every migration after that keeps every
 * table distributed or reference — on a fresh database and on one distributed at schema 14 (the
 * first a distributed engine can hold) with rows in it, across a migration that rebuilds a table
 * under its name (15) and those that create tables (18–20).
 */
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { distribute, migrate } from '../src/kysely/migrations.js';
import { createKyselyStore } from '../src/kysely/store.js';
import { openStore } from '../src/open.js';
import type { NewContent } from '../src/records.js';
import { createTestSchema, type TestSchema } from '../../server/test/support/stores.js';
import { LOCAL_TABLES, REFERENCE_TABLES, distributionColumn } from '../src/kysely/distribution.js';

let open: { db: Kysely<any>; schema: TestSchema } | undefined;
afterEach(async () => {
  await open?.db.destroy();
  await open?.schema.drop();
  open = undefined;
});

async function bare(): Promise<Kysely<any>> {
  const schema = await createTestSchema({ bare: true });
  if (!schema.citus) throw new Error('this suite runs on the Citus test cluster (ATOMSYNC_TEST_CITUS=1, vitest.citus.config.ts)');
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: schema.url, max: 2 }) }) });
  open = { db, schema };
  return db;
}

/** Every table of the schema with what Citus holds it as (read here from Citus's catalogue, not through the product's code). */
async function placements(db: Kysely<any>): Promise<Record<string, string>> {
  const { rows } = await sql<{ name: string; kind: string | null; column: string | null }>`
    select c.relname as name, t.citus_table_type as kind, t.distribution_column as "column"
    from pg_class c left join public.citus_tables t on t.table_name = c.oid
    where c.relnamespace = current_schema()::regnamespace and c.relkind = 'r' order by c.relname`.execute(db);
  return Object.fromEntries(rows.map((r) => [r.name, r.kind === 'distributed' ? `distributed by ${r.column}` : (r.kind ?? 'local')]));
}

/** What the guide plans for each of `tables`. */
function planned(tables: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    tables.map((name) => [name, LOCAL_TABLES.has(name) ? 'local' : REFERENCE_TABLES.has(name) ? 'reference' : `distributed by ${distributionColumn(name)}`]),
  );
}

/** Tables colocated with accounts (the same colocation group). */
async function colocatedWithAccounts(db: Kysely<any>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from public.citus_tables t join pg_class c on c.oid = t.table_name
    where c.relnamespace = current_schema()::regnamespace
      and t.colocation_id = (select colocation_id from public.citus_tables a join pg_class ac on ac.oid = a.table_name
        where ac.relname = 'accounts' and ac.relnamespace = current_schema()::regnamespace)
    order by 1`.execute(db);
  return rows.map((r) => r.name);
}

describe('distribution on Citus', () => {
  it('distributes a fresh store as planned: no owned table local, every owned table colocated with accounts', async () => {
    const db = await bare();
    await migrate(db, 'postgres');
    const done = await distribute(db);
    const now = await placements(db);
    expect(Object.keys(now).length).toBeGreaterThan(30);
    expect(now).toEqual(planned(Object.keys(now)));
    expect(done.sort()).toEqual(Object.keys(now).filter((name) => !LOCAL_TABLES.has(name)).sort());
    const owned = Object.keys(now).filter((name) => distributionColumn(name) === 'account_id' && !REFERENCE_TABLES.has(name) && !LOCAL_TABLES.has(name));
    expect(await colocatedWithAccounts(db)).toEqual(['accounts', ...owned].sort());
    // Again: nothing left to do.
    expect(await distribute(db)).toEqual([]);
  });

  it('keeps every table distributed through the migrations after schema 14 (15 rebuilds a table under its name, 18–20 create tables), with its rows', async () => {
    const at = 14;
    const db = await bare();
    await migrate(db, 'postgres', at);
    const account = async (username: string) =>
      Number((await db.insertInto('accounts').values({ username, password_hash: 'x', syncml_digest: null, admin: 0, created: 1, updated: 1 }).returning('id').executeTakeFirstOrThrow()).id);
    const alice = await account('alice');
    const bob = await account('bob');
    const uuid = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
    await db.insertInto('datastore_clients').values({ uuid: uuid(1), account_id: alice, user_id: 'contacts', created: 1, updated: 1 }).execute();
    await db.insertInto('datastore_clients').values({ uuid: uuid(2), account_id: bob, user_id: 'contacts', created: 1, updated: 1 }).execute();
    const row = (client: number, n: number) => ({
      account_id: client === 1 ? alice : bob,
      client_uuid: uuid(client), uuid: `item-${client}-${n}`, dataclass: 'Notes', title: `t${n}`, type: 'text/plain', body: `b${n}`,
      created: 10 + n, updated: 20 + n, deleted: null, fingerprint: null, duplicate_key: null,
    });
    await db.insertInto('contents').values([row(1, 1), row(1, 2), row(2, 1)]).execute();
    expect((await distribute(db)).length).toBeGreaterThan(20);

    const applied = await migrate(db, 'postgres');
    expect(applied[0]).toBe(at + 1);
    const now = await placements(db);
    expect(now).toEqual(planned(Object.keys(now)));
    expect(Object.keys(now)).toEqual(expect.arrayContaining(['app_passwords', 'content_sequences', 'dav_properties', 'dav_segments', 'activesync_routes']));

    // The rows came through, and the store reads them by account.
    const store = createKyselyStore(db, 'postgres');
    expect((await store.contents.list({ accountId: alice, uuid: uuid(1) })).map((c) => c.uuid).sort()).toEqual(['item-1-1', 'item-1-2']);
    expect((await store.contents.list({ accountId: bob, uuid: uuid(2) })).map((c) => c.uuid)).toEqual(['item-2-1']);
    // An app password (migration 19, a foreign key to accounts) goes with its account on Citus too.
    await db.insertInto('app_passwords').values({ account_id: alice, uuid: uuid(5), name: 'phone', password_hash: 'h', hint: 1, created: 1, last_used: null }).execute();
    await store.accounts.delete(alice);
    expect(await db.selectFrom('app_passwords').select('uuid').where('account_id', '=', alice).execute()).toEqual([]);
    expect(await store.contents.list({ accountId: bob, uuid: uuid(2) })).toHaveLength(1);
  });

  it('refuses to distribute a schema older than 14, naming the tables not yet keyed by account', async () => {
    const db = await bare();
    await migrate(db, 'postgres', 11);
    await expect(distribute(db)).rejects.toThrow(/cannot distribute contents, nonces: no distribution column/);
    expect((await placements(db)).accounts).toBe('local');
  });

  it('refuses a table a migration would leave without a distribution column, naming it, and applies nothing', async () => {
    const db = await bare();
    await migrate(db, 'postgres');
    await distribute(db);
    await sql`create table stray (id bigint primary key)`.execute(db);
    await expect(distribute(db)).rejects.toThrow(/cannot distribute stray: no distribution column/);
    expect((await placements(db)).stray).toBe('local');
  });
});

describe('statements routed to one shard on Citus', () => {
  it('inserts a 1,000-entry batch of one account with no statement across shards', async () => {
    const schema = await createTestSchema();
    // Citus refuses, rather than runs, any statement planned to reach more than one shard. (It does
    // not see the prepared insert … select from unnest, which it pulls through the coordinator:
    // why a distributed store inserts a VALUES list, which EXPLAIN shows as one task on one shard.)
    const url = new URL(schema.url);
    url.searchParams.set('options', `${url.searchParams.get('options')} -c citus.multi_task_query_log_level=error`);
    const store = await openStore({ kind: 'postgres', url: url.toString() });
    try {
      const account = (await store.accounts.create({ username: 'batch', passwordHash: 'h', syncmlDigest: null, admin: false }))!;
      const client = (await store.datastores.create({ uuid: '0f8e6f1c-2b9d-4c1e-9a57-4d1c1f0a9e3b', accountId: account.id, userId: 'batch' }))!;
      const items: NewContent[] = Array.from({ length: 1_000 }, (_, i) => ({
        uuid: `00000000-0000-7000-8000-${String(i).padStart(12, '0')}`,
        accountId: account.id,
        clientUuid: client.uuid,
        dataclass: 'Notes',
        title: `t${i}`,
        type: 'text/plain',
        body: `b${i}`,
      }));
      expect(await store.contents.insertMany(items)).toHaveLength(1_000);
      expect(await store.contents.list({ accountId: account.id, uuid: client.uuid })).toHaveLength(1_000);
    } finally {
      await store.close();
      await schema.drop();
    }
  });
});
