/**
 * Distributed test schemas on the Citus test cluster, reused (issue 24): distributing a store's
 * tables takes ~2 s of DDL on three nodes (and dropping them ~0.5 s more), which made the store
 * suite on Citus take ~20 min; emptying a distributed schema takes ~0.1 s. So a schema, once
 * migrated and distributed as the product does it (`atomsync store distribute`, 4 shards a table:
 * still spread over both workers), goes back to a pool when its test is done with it, and the next
 * test that needs one takes it from there.
 *
 * Honest and isolated:
 * - Only a schema whose relations, constraints and triggers are exactly those it had when it was
 *   distributed goes back (its "shape", with their oids: a table rebuilt, undistributed, added or
 *   dropped changes it); any other is dropped. So every schema a test takes is as distributed as a
 *   fresh one (the distribution tests check that on fresh ones).
 * - Before it goes back, every row of every table but schema_migrations is deleted, in one
 *   transaction, children before the parents their foreign keys name, and the identity sequences
 *   start again at 1: the next test sees an empty store with ids as a fresh one hands them out.
 *   DELETE rather than TRUNCATE: TRUNCATE takes each of the ~120 shards' locks across the workers
 *   and their two-phase commit, ~0.6 s a schema here against ~0.1 s. The store's write count
 *   (store_writes, write-counter.ts) is left as it is: the version only has to move, never to start
 *   anywhere.
 * - The pool is a table of the coordinator (created by postgres.ts with the cluster), so the
 *   vitest workers, each its own process, share it; a taker locks the row it takes (SKIP LOCKED), so
 *   no two tests ever hold one schema.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { distributeStore } from '@atomsync/store';

/** The pool of free distributed schemas, in the coordinator's public schema (off a store's search_path). */
export const POOL_TABLE = 'public.atomsync_test_schemas';
export const CREATE_POOL = `create table if not exists ${POOL_TABLE} (name text primary key, shape text not null)`;

/** The relations, constraints and triggers of the connection's schema, with their oids, as one string. */
const SHAPE = `
  select coalesce(string_agg(entry, ',' order by entry), '') as shape from (
    select 'r' || c.oid || ':' || c.relname || ':' || c.relkind::text as entry from pg_class c where c.relnamespace = current_schema()::regnamespace
    union all select 'c' || k.oid || ':' || k.conname from pg_constraint k where k.connamespace = current_schema()::regnamespace
    union all select 't' || g.oid || ':' || g.tgname from pg_trigger g join pg_class c on c.oid = g.tgrelid where c.relnamespace = current_schema()::regnamespace
  ) entries`;

export interface PooledSchema {
  readonly name: string;
  /** Its connection URL (search_path set to it). */
  readonly url: string;
  /** Empties it and gives it back (or drops it, if a test changed more than its rows). */
  release(): Promise<void>;
}

/** A migrated, distributed, empty schema: a free one from the pool, else a new one. */
export async function takeDistributedSchema(adminUrl: string): Promise<PooledSchema> {
  const taken = await withClient(adminUrl, (client) =>
    client.query<{ name: string; shape: string }>(
      `delete from ${POOL_TABLE} where name = (select name from ${POOL_TABLE} limit 1 for update skip locked) returning name, shape`,
    ),
  );
  const found = taken.rows[0];
  if (found !== undefined) return pooled(adminUrl, found.name, found.shape);
  const name = `t_${randomBytes(8).toString('hex')}`;
  await withClient(adminUrl, (client) => client.query(`create schema ${name}`));
  const url = schemaUrl(adminUrl, name);
  await distributeStore(url);
  const shape = await withClient(url, async (client) => (await client.query<{ shape: string }>(SHAPE)).rows[0]!.shape);
  return pooled(adminUrl, name, shape);
}

/** The URL whose connections see `name` (and make a table they distribute 4 shards, not Citus's 32). */
export function schemaUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.searchParams.set('options', `-c search_path=${name} -c citus.shard_count=4`);
  return url.toString();
}

function pooled(adminUrl: string, name: string, shape: string): PooledSchema {
  const url = schemaUrl(adminUrl, name);
  return {
    name,
    url,
    async release() {
      const kept = await withClient(url, async (client) => {
        if ((await client.query<{ shape: string }>(SHAPE)).rows[0]!.shape !== shape) return false;
        await client.query(await emptying(client));
        return true;
      });
      await withClient(adminUrl, (client) =>
        kept ? client.query(`insert into ${POOL_TABLE} (name, shape) values ($1, $2)`, [name, shape]) : client.query(`drop schema if exists ${name} cascade`),
      );
    },
  };
}

/** One transaction deleting every row of the schema's tables (children first) and restarting its identity sequences. */
async function emptying(client: pg.Client): Promise<string> {
  const { rows: tables } = await client.query<{ name: string }>(
    `select relname as name from pg_class where relnamespace = current_schema()::regnamespace and relkind in ('r', 'p') and relname <> 'schema_migrations'`,
  );
  const { rows: keys } = await client.query<{ child: string; parent: string }>(
    `select c.relname as child, p.relname as parent from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
     where k.contype = 'f' and c.relnamespace = current_schema()::regnamespace and c.oid <> p.oid`,
  );
  const { rows: sequences } = await client.query<{ name: string }>(
    `select s.relname as name from pg_class s join pg_depend d on d.objid = s.oid and d.deptype = 'i'
     where s.relkind = 'S' and s.relnamespace = current_schema()::regnamespace`,
  );
  const order: string[] = [];
  let left = tables.map((t) => t.name);
  while (left.length > 0) {
    const leaf = left.find((table) => !keys.some((k) => k.parent === table && left.includes(k.child)));
    if (leaf === undefined) throw new Error(`cannot empty ${left.join(', ')}: their foreign keys form a cycle`);
    order.push(leaf);
    left = left.filter((table) => table !== leaf);
  }
  const restart = sequences.length === 0 ? '' : `select ${sequences.map((s) => `setval('"${s.name}"', 1, false)`).join(', ')};`;
  return `begin; ${order.map((table) => `delete from "${table}";`).join(' ')} ${restart} commit;`;
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}
