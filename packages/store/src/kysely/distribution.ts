/**
 * Sharding by account on Citus (guide/operators.md "Past one PostgreSQL"; issue 24): the plan of
 * how each table is distributed, and the step that carries it out.
 *
 * The plan, written once (the schema tests read it too):
 * - `accounts` is distributed by its `id`; every table an account owns by `account_id`, colocated
 *   with it, so an account's rows are on one node and a request touches that node.
 * - The SyncML session tables by their session's key, the routing tables by their name (they are
 *   read before an account is known): not colocated with the accounts.
 * - The phone catalogue is reference data (a copy on every node); `schema_migrations` stays local
 *   to the coordinator.
 *
 * Any other table is taken to be owned by an account: one without an `account_id` column is
 * refused by name, so a new table is either planned here or keyed by its account.
 *
 * When: `atomsync store distribute` distributes a store for the first time (an operator's step: it
 * moves every row into the shards, under the migration lock); from then on migrate() runs
 * distributeNew after its migrations, in their transaction, so a table a migration creates or
 * rebuilds under its name (which Citus leaves a plain coordinator table) is distributed before
 * anything can write to it (issue 24: a rebuilt table came back local, and an account delete did
 * not cascade to a new table's rows).
 */
import { sql, type Kysely } from 'kysely';
import { WRITES_SEQUENCE } from './write-counter.js';

/** Written before a phone signs in: keyed by its session, each by the column named here (it leads the primary key). */
export const SESSION_KEYED: ReadonlyMap<string, string> = new Map([
  ['syncml_session_state', 'key'],
  ['syncml_session_items', 'session_key'],
  ['sessions', 'id'],
  ['chat_log', 'session_id'],
]);

/** From a name a sign-in starts with to its account, each keyed by the column named here (it leads the primary key). */
export const ROUTING_TABLES: ReadonlyMap<string, string> = new Map([
  ['username_routes', 'username'],
  ['token_routes', 'digest'],
  ['consumer_routes', 'key'],
  ['activesync_routes', 'username'],
]);

/** A copy on every node: read by every account, written by the catalogue's import. */
export const REFERENCE_TABLES: ReadonlySet<string> = new Set(['vendors', 'models']);

/** Bookkeeping of the coordinator (PostgreSQL): never distributed. */
export const LOCAL_TABLES: ReadonlySet<string> = new Set(['schema_migrations']);

/** The column a table is distributed by: its session's key, its name's, the accounts' own id, else (owned by an account) account_id. */
export function distributionColumn(table: string): string {
  if (table === 'accounts') return 'id';
  return SESSION_KEYED.get(table) ?? ROUTING_TABLES.get(table) ?? 'account_id';
}

export type Placement = { readonly kind: 'reference' } | { readonly kind: 'local' } | { readonly kind: 'distributed'; readonly column: string; readonly colocateWith: string };

export function placement(table: string): Placement {
  if (REFERENCE_TABLES.has(table)) return { kind: 'reference' };
  if (LOCAL_TABLES.has(table)) return { kind: 'local' };
  if (table === 'accounts') return { kind: 'distributed', column: 'id', colocateWith: 'none' };
  // Session-keyed and routing tables share Citus's default group for text keys: none is joined with another.
  if (SESSION_KEYED.has(table) || ROUTING_TABLES.has(table)) return { kind: 'distributed', column: distributionColumn(table), colocateWith: 'default' };
  return { kind: 'distributed', column: 'account_id', colocateWith: 'accounts' };
}

/** Whether the database has the Citus extension (on the node we are connected to: the coordinator). */
export async function hasCitus(db: Kysely<any>): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_extension where extname = 'citus'`.execute(db);
  return rows[0]!.n > 0;
}

/** The store's tables (in the connection's schema) and how Citus holds each now: 'distributed', 'reference', or undefined (a plain table). */
async function currentPlacements(db: Kysely<any>): Promise<Map<string, string | undefined>> {
  // pg_dist_partition (pg_catalog; the citus_tables view is in public, off a store's search_path):
  // hash-partitioned is distributed, a single copy everywhere ('t') is reference, else a Citus local table.
  const { rows } = await sql<{ name: string; kind: string | null }>`
    select c.relname as name,
      case when p.partmethod = 'h' then 'distributed' when p.repmodel = 't' then 'reference' when p.partmethod is not null then 'citus local' end as kind
    from pg_class c left join pg_dist_partition p on p.logicalrelid = c.oid
    where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'p')`.execute(db);
  return new Map(rows.map((r) => [r.name, r.kind ?? undefined]));
}

/** Whether this store has been distributed (its accounts table is): from then on every migration keeps it so. */
export async function isDistributed(db: Kysely<any>): Promise<boolean> {
  if (!(await hasCitus(db))) return false;
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from pg_dist_partition p join pg_class c on c.oid = p.logicalrelid
    where c.relname = 'accounts' and c.relnamespace = current_schema()::regnamespace`.execute(db);
  return rows[0]!.n > 0;
}

/** The tables of the store that are not where the plan puts them, each with what it is and what it should be. */
export async function misplaced(db: Kysely<any>): Promise<string[]> {
  const now = await currentPlacements(db);
  return [...now]
    .filter(([name, kind]) => (placement(name).kind === 'local' ? kind !== undefined : kind !== placement(name).kind))
    .map(([name, kind]) => `${name} (${kind ?? 'local'}, planned ${placement(name).kind})`);
}

/**
 * Distributes every table of the store the plan places on Citus and is not there yet: reference
 * tables, then the accounts, then the rest with every table a foreign key points at before the
 * table holding it (Citus distributes a table only when what it references is). Returns the tables
 * it distributed, in order. Runs in the caller's transaction (migrate's, under its lock).
 */
export async function distributeNew(db: Kysely<any>): Promise<string[]> {
  if (!(await hasCitus(db))) throw new Error('the database has no Citus extension (CREATE EXTENSION citus on every node, then add the workers)');
  // One connection per worker for the DDL of a transaction that also distributes tables with
  // foreign keys: Citus refuses parallel shard access after a sequential one in one transaction.
  await sql`set local citus.multi_shard_modify_mode to 'sequential'`.execute(db);
  // The count of committed writes, Store.version's on Citus (write-counter.ts): on the coordinator.
  await sql.raw(`create sequence if not exists ${WRITES_SEQUENCE}`).execute(db);
  const now = await currentPlacements(db);
  const pending = [...now].filter(([name, kind]) => kind === undefined && placement(name).kind !== 'local').map(([name]) => name);
  const unkeyed = await tablesWithout(db, pending.filter((name) => placement(name).kind === 'distributed'));
  if (unkeyed.length > 0) {
    throw new Error(`cannot distribute ${unkeyed.sort().join(', ')}: no distribution column (account_id for a table an account owns); plan it in store/kysely/distribution.ts`);
  }
  const parents = await foreignKeyParents(db);
  const done = new Set([...now].filter(([, kind]) => kind !== undefined).map(([name]) => name));
  const order: string[] = [];
  const rank = (name: string) => (placement(name).kind === 'reference' ? 0 : name === 'accounts' ? 1 : 2);
  let left = [...pending].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  while (left.length > 0) {
    const ready = left.find((name) => (parents.get(name) ?? []).every((parent) => parent === name || done.has(parent) || placement(parent).kind === 'local'));
    if (ready === undefined) throw new Error(`cannot distribute ${left.join(', ')}: their foreign keys form a cycle`);
    const plan = placement(ready);
    if (plan.kind === 'reference') await sql`select create_reference_table(${ready}::regclass)`.execute(db);
    else if (plan.kind === 'distributed') {
      await sql`select create_distributed_table(${ready}::regclass, ${plan.column}, colocate_with => ${plan.colocateWith})`.execute(db);
    }
    done.add(ready);
    order.push(ready);
    left = left.filter((name) => name !== ready);
  }
  return order;
}

/** Of `tables`, those without their planned distribution column. */
async function tablesWithout(db: Kysely<any>, tables: readonly string[]): Promise<string[]> {
  if (tables.length === 0) return [];
  const { rows } = await sql<{ table: string; column: string }>`
    select c.relname as "table", a.attname as "column" from pg_attribute a join pg_class c on c.oid = a.attrelid
    where c.relnamespace = current_schema()::regnamespace and a.attnum > 0 and not a.attisdropped`.execute(db);
  const columns = new Set(rows.map((r) => `${r.table}.${r.column}`));
  return tables.filter((name) => {
    const plan = placement(name);
    return plan.kind === 'distributed' && !columns.has(`${name}.${plan.column}`);
  });
}

/** Table → the tables its foreign keys reference, in the connection's schema. */
async function foreignKeyParents(db: Kysely<any>): Promise<Map<string, string[]>> {
  const { rows } = await sql<{ child: string; parent: string }>`
    select c.relname as child, p.relname as parent from pg_constraint k
    join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
    where k.contype = 'f' and c.relnamespace = current_schema()::regnamespace`.execute(db);
  const parents = new Map<string, string[]>();
  for (const { child, parent } of rows) parents.set(child, [...(parents.get(child) ?? []), parent]);
  return parents;
}
