/**
 * The schema's rule for sharding by account (issue 14; guide/operators.md): every table an account
 * owns leads its primary key with `account_id`, so a distributed PostgreSQL (Citus) can place all
 * of an account's rows on one node. The tables written before this rule are listed as debt, and the
 * list only shrinks: a new owned table that breaks the rule fails here, and so does a listed table
 * that has come to follow it (take it off the list).
 */
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/open.js';
import { GLOBAL_TABLES as GLOBAL, NOT_YET_SHARD_READY as NOT_YET } from './shard-rule.js';

describe('the schema, sharded by account', () => {
  const file = join(tmpdir(), `atomsync-shard-${process.pid}-${Date.now()}.db`);
  let keys: Map<string, string[]>;
  beforeAll(async () => {
    const store = await openStore({ kind: 'sqlite', file });
    await store.close();
    const db = new Database(file, { readonly: true });
    const tables = db.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[];
    keys = new Map(
      tables.map(({ name }) => {
        const columns = db.prepare(`pragma table_info(${JSON.stringify(name)})`).all() as { name: string; pk: number }[];
        return [name, columns.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk).map((c) => c.name)];
      }),
    );
    db.close();
  });
  afterAll(() => {
    for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  });

  it('leads the primary key of every owned table with account_id', () => {
    const breaking = [...keys].filter(([name, pk]) => !GLOBAL.has(name) && !NOT_YET.has(name) && pk[0] !== 'account_id').map(([name, pk]) => `${name} (${pk.join(', ')})`);
    expect(breaking).toEqual([]);
  });

  it('lists as debt only tables that still break the rule', () => {
    const paid = [...NOT_YET].filter((name) => keys.get(name)?.[0] === 'account_id' || !keys.has(name));
    expect(paid).toEqual([]);
  });
});
