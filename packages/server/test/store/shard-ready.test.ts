/**
 * The schema's rule for sharding by account (issue 14; guide/operators.md): every table an account
 * owns leads its primary key with `account_id`, so a distributed PostgreSQL (Citus) can place all
 * of an account's rows on one node. Checked on the schema both stores migrate to (PostgreSQL is
 * the one that shards; the embedded store keeps the same keys). The tables written before this
 * rule are listed as debt, and the list only shrinks: a new owned table that breaks the rule fails
 * here, and so does a listed table that has come to follow it (take it off the list).
 */
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/open.js';
import { createTestSchema, storeKinds, type StoreKind, type TestSchema } from '../support/stores.js';
import { GLOBAL_TABLES as GLOBAL, NOT_YET_SHARD_READY as NOT_YET, SESSION_KEYED } from './shard-rule.js';

/** Each table of a migrated SQLite store, with its primary key's columns in key order. */
async function sqliteKeys(): Promise<{ keys: Map<string, string[]>; done(): void }> {
  const file = join(tmpdir(), `atomsync-shard-${process.pid}-${Date.now()}.db`);
  const store = await openStore({ kind: 'sqlite', file });
  await store.close();
  const db = new Database(file, { readonly: true });
  const tables = db.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[];
  const keys = new Map(
    tables.map(({ name }) => {
      const columns = db.prepare(`pragma table_info(${JSON.stringify(name)})`).all() as { name: string; pk: number }[];
      return [name, columns.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk).map((c) => c.name)];
    }),
  );
  db.close();
  return { keys, done: () => ['', '-wal', '-shm'].forEach((suffix) => rmSync(file + suffix, { force: true })) };
}

/** The same, of a migrated PostgreSQL schema. */
async function postgresKeys(): Promise<{ keys: Map<string, string[]>; done(): Promise<void> }> {
  const schema: TestSchema = await createTestSchema();
  const store = await openStore({ kind: 'postgres', url: schema.url });
  await store.close();
  const client = new pg.Client({ connectionString: schema.url });
  await client.connect();
  try {
    const tables = await client.query<{ table_name: string }>("select table_name from information_schema.tables where table_schema = current_schema()");
    const columns = await client.query<{ table_name: string; column_name: string; ordinal_position: number }>(
      `select tc.table_name, kcu.column_name, kcu.ordinal_position
         from information_schema.table_constraints tc
         join information_schema.key_column_usage kcu on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
        where tc.constraint_type = 'PRIMARY KEY' and tc.table_schema = current_schema()
        order by tc.table_name, kcu.ordinal_position`,
    );
    const keys = new Map<string, string[]>(tables.rows.map((t) => [t.table_name, []]));
    for (const c of columns.rows) keys.get(c.table_name)?.push(c.column_name);
    return { keys, done: () => schema.drop() };
  } finally {
    await client.end();
  }
}

describe.each(storeKinds)('the schema, sharded by account (%s)', (kind: StoreKind) => {
  let keys: Map<string, string[]>;
  let done: () => unknown = () => undefined;
  beforeAll(async () => {
    ({ keys, done } = kind === 'sqlite' ? await sqliteKeys() : await postgresKeys());
  });
  afterAll(async () => {
    await done();
  });

  /** What a table's key must lead with: its session's key for a table written before sign-in, else its account. */
  const leading = (name: string) => SESSION_KEYED.get(name) ?? 'account_id';

  it('leads the primary key of every owned table with account_id, and of every table written before sign-in with its session', () => {
    expect(keys.size).toBeGreaterThan(20);
    const breaking = [...keys].filter(([name, pk]) => !GLOBAL.has(name) && !NOT_YET.has(name) && pk[0] !== leading(name)).map(([name, pk]) => `${name} (${pk.join(', ')})`);
    expect(breaking).toEqual([]);
    expect([...SESSION_KEYED.keys()].filter((name) => !keys.has(name))).toEqual([]);
  });

  it('lists as debt only tables that still break the rule', () => {
    const paid = [...NOT_YET].filter((name) => keys.get(name)?.[0] === leading(name) || !keys.has(name));
    expect(paid).toEqual([]);
  });
});
