/**
 * The schema's rule for sharding by account (issue 14; guide/operators.md): every table an account
 * owns leads its primary key with `account_id`, so a distributed PostgreSQL (Citus) can place all
 * of an account's rows on one node. Checked on the schema both stores migrate to (PostgreSQL is
 * the one that shards; the embedded store keeps the same keys). The tables written before this
 * rule are listed as debt, and the list only shrinks: a new owned table that breaks the rule fails
 * here, and so does a listed table that has come to follow it (take it off the list). A look-up
 * that starts with a name instead of an account (sign-in) reads a routing table keyed by the name,
 * which carries the name's uniqueness: a distributed store enforces only unique keys that include
 * the distribution column, and those are the only unique keys the schema may have.
 */
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../src/open.js';
import { createTestSchema, storeKinds, type StoreKind, type TestSchema } from '../../server/test/support/stores.js';
import { distributionColumn, GLOBAL_TABLES as GLOBAL, NOT_YET_SHARD_READY as NOT_YET, ROUTING_TABLES, SESSION_KEYED } from './shard-rule.js';

/** What the rule looks at in a table: its primary key, its unique indexes and its foreign keys, columns in key order. */
interface Shape {
  readonly primaryKey: string[];
  /** Unique indexes and constraints other than the primary key. */
  readonly unique: { name: string; columns: string[] }[];
  readonly foreignKeys: { columns: string[]; parent: string }[];
}

/** Each table of a migrated SQLite store. */
async function sqliteShapes(): Promise<{ shapes: Map<string, Shape>; done(): void }> {
  const file = join(tmpdir(), `atomsync-shard-${process.pid}-${Date.now()}.db`);
  const store = await openStore({ kind: 'sqlite', file });
  await store.close();
  const db = new Database(file, { readonly: true });
  const pragma = <T,>(name: string, argument: string) => db.prepare(`pragma ${name}(${JSON.stringify(argument)})`).all() as T[];
  const tables = db.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[];
  const shapes = new Map(
    tables.map(({ name }): [string, Shape] => {
      const columns = pragma<{ name: string; pk: number }>('table_info', name);
      const indexes = pragma<{ name: string; unique: number; origin: string }>('index_list', name).filter((i) => i.unique === 1 && i.origin !== 'pk');
      const foreign = pragma<{ id: number; seq: number; table: string; from: string }>('foreign_key_list', name);
      return [
        name,
        {
          primaryKey: columns.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk).map((c) => c.name),
          unique: indexes.map((i) => ({ name: i.name, columns: pragma<{ seqno: number; name: string }>('index_info', i.name).sort((a, b) => a.seqno - b.seqno).map((c) => c.name) })),
          foreignKeys: [...new Set(foreign.map((f) => f.id))].map((id) => {
            const parts = foreign.filter((f) => f.id === id).sort((a, b) => a.seq - b.seq);
            return { columns: parts.map((f) => f.from), parent: parts[0]!.table };
          }),
        },
      ];
    }),
  );
  db.close();
  return { shapes, done: () => ['', '-wal', '-shm'].forEach((suffix) => rmSync(file + suffix, { force: true })) };
}

/** The same, of a migrated PostgreSQL schema. */
async function postgresShapes(): Promise<{ shapes: Map<string, Shape>; done(): Promise<void> }> {
  const schema: TestSchema = await createTestSchema();
  const store = await openStore({ kind: 'postgres', url: schema.url });
  await store.close();
  const client = new pg.Client({ connectionString: schema.url });
  await client.connect();
  try {
    const tables = await client.query<{ table_name: string }>("select table_name from information_schema.tables where table_schema = current_schema()");
    // Every index of the schema's tables, with its columns in key order; the primary key's is the one flagged so.
    const indexes = await client.query<{ table_name: string; index_name: string; primary: boolean; unique: boolean; columns: string[] }>(
      `select t.relname as table_name, i.relname as index_name, x.indisprimary as primary, x.indisunique as unique,
              array(select a.attname from unnest(x.indkey) with ordinality k(attnum, n)
                      join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum order by k.n)::text[] as columns
         from pg_index x
         join pg_class t on t.oid = x.indrelid
         join pg_class i on i.oid = x.indexrelid
         join pg_namespace s on s.oid = t.relnamespace
        where s.nspname = current_schema()`,
    );
    const foreign = await client.query<{ table_name: string; parent: string; columns: string[] }>(
      `select t.relname as table_name, p.relname as parent,
              array(select a.attname from unnest(c.conkey) with ordinality k(attnum, n)
                      join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum order by k.n)::text[] as columns
         from pg_constraint c
         join pg_class t on t.oid = c.conrelid
         join pg_class p on p.oid = c.confrelid
         join pg_namespace s on s.oid = t.relnamespace
        where c.contype = 'f' and s.nspname = current_schema()`,
    );
    const shapes = new Map<string, Shape>(
      tables.rows.map((t) => {
        const own = indexes.rows.filter((i) => i.table_name === t.table_name);
        return [
          t.table_name,
          {
            primaryKey: own.find((i) => i.primary)?.columns ?? [],
            unique: own.filter((i) => i.unique && !i.primary).map((i) => ({ name: i.index_name, columns: i.columns })),
            foreignKeys: foreign.rows.filter((f) => f.table_name === t.table_name).map((f) => ({ columns: f.columns, parent: f.parent })),
          },
        ];
      }),
    );
    return { shapes, done: () => schema.drop() };
  } finally {
    await client.end();
  }
}

describe.each(storeKinds)('the schema, sharded by account (%s)', (kind: StoreKind) => {
  let shapes: Map<string, Shape>;
  let done: () => unknown = () => undefined;
  beforeAll(async () => {
    ({ shapes, done } = kind === 'sqlite' ? await sqliteShapes() : await postgresShapes());
  });
  afterAll(async () => {
    await done();
  });

  /** The tables the rule holds: all but the global ones and the debt. */
  const ruled = () => [...shapes].filter(([name]) => !GLOBAL.has(name) && !NOT_YET.has(name));

  it('leads the primary key of every owned table with account_id, of every table written before sign-in with its session, of every routing table with its name', () => {
    expect(shapes.size).toBeGreaterThan(20);
    const breaking = ruled()
      .filter(([name, shape]) => shape.primaryKey[0] !== distributionColumn(name))
      .map(([name, shape]) => `${name} (${shape.primaryKey.join(', ')})`);
    expect(breaking).toEqual([]);
    expect([...SESSION_KEYED.keys(), ...ROUTING_TABLES.keys()].filter((name) => !shapes.has(name))).toEqual([]);
  });

  it('keys each routing table by its name alone where the name is unique, and routes every sign-in name', () => {
    expect(Object.fromEntries([...ROUTING_TABLES.keys()].map((name) => [name, shapes.get(name)?.primaryKey]))).toEqual({
      username_routes: ['username'],
      token_routes: ['digest'],
      consumer_routes: ['key'],
      // An ActiveSync username is unique across the service since migration 15 (issue 20): one row each.
      activesync_routes: ['username'],
    });
  });

  it('keeps no unique index a distributed store could not enforce: each includes its table\'s distribution column', () => {
    // The accounts are distributed by their id: their username's uniqueness rests on its routing table.
    const breaking = [...ruled(), ['accounts', shapes.get('accounts')!] as const]
      .flatMap(([name, shape]) => shape.unique.filter((u) => !u.columns.includes(distributionColumn(name))).map((u) => `${name}.${u.name} (${u.columns.join(', ')})`));
    expect(breaking).toEqual([]);
  });

  it('links a routing table to nothing by a foreign key (it is not colocated with what it routes), an owned table only by its account, and a session\'s table only to its session', () => {
    const routing = [...shapes].flatMap(([name, shape]) =>
      shape.foreignKeys.filter((f) => ROUTING_TABLES.has(name) || ROUTING_TABLES.has(f.parent)).map((f) => `${name} (${f.columns.join(', ')}) → ${f.parent}`),
    );
    expect(routing).toEqual([]);
    const owned = ruled()
      .filter(([name]) => !SESSION_KEYED.has(name) && !ROUTING_TABLES.has(name))
      .flatMap(([name, shape]) => shape.foreignKeys.filter((f) => !f.columns.includes('account_id')).map((f) => `${name} (${f.columns.join(', ')}) → ${f.parent}`));
    expect(owned).toEqual([]);
    // A table keyed by a phone's session is distributed by that key alone: it may hang off
    // another of its session's tables, never off an account or what an account owns.
    const session = [...SESSION_KEYED.keys()]
      .flatMap((name) => (shapes.get(name)?.foreignKeys ?? []).filter((f) => !SESSION_KEYED.has(f.parent)).map((f) => `${name} (${f.columns.join(', ')}) → ${f.parent}`));
    expect(session).toEqual([]);
  });

  it('lists as debt only tables that still break the rule', () => {
    const paid = [...NOT_YET].filter((name) => shapes.get(name)?.primaryKey[0] === distributionColumn(name) || !shapes.has(name));
    expect(paid).toEqual([]);
  });
});
