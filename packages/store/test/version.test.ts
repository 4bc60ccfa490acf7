/**
 * Store.version (what kept answers are checked against, http/answer-cache.ts) and the prepared
 * statements of the hot path (store/kysely/prepared.ts), on both stores: the version stays while
 * nothing is written, and moves with every committed write — the store's own, another store's on
 * the same database (another process on the data directory, another instance on PostgreSQL), a
 * write rolled back; a PostgreSQL statement runs by its name.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../src/kysely/migrations.js';
import { prepared } from '../src/kysely/prepared.js';
import type { Database } from '../src/kysely/schema.js';
import { openStore } from '../src/open.js';
import type { Store } from '../src/store.js';
import { createTestSchema, storeKinds, type StoreKind } from '../../server/test/support/stores.js';
import { makeAccount } from './helpers.js';

/** Two stores on one database: a data directory's file, or one PostgreSQL schema. */
async function twoStores(kind: StoreKind): Promise<{ one: Store; other: Store; close(): Promise<void> }> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'atomsync-version-'));
    const file = join(dir, 'atomsync.sqlite');
    const one = await openStore({ kind: 'sqlite', file });
    const other = await openStore({ kind: 'sqlite', file });
    return {
      one,
      other,
      async close() {
        await one.close();
        await other.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const schema = await createTestSchema();
  const one = await openStore({ kind: 'postgres', url: schema.url });
  const other = await openStore({ kind: 'postgres', url: schema.url });
  return {
    one,
    other,
    async close() {
      await one.close();
      await other.close();
      await schema.drop();
    },
  };
}

describe.each(storeKinds)('Store.version (%s)', (kind) => {
  let stores: Awaited<ReturnType<typeof twoStores>> | undefined;
  afterEach(async () => {
    await stores?.close();
    stores = undefined;
  });

  it('stays while nothing is written, reads included', async () => {
    stores = await twoStores(kind);
    const { one } = stores;
    const alice = await makeAccount(one, 'alice');
    const before = await one.version();
    await one.accounts.byUsername('alice');
    await one.accounts.get(alice.id);
    await one.datastores.list(alice.id);
    expect(await one.version()).toBe(before);
  });

  it("moves with each of the store's own writes, one more row, one row changed, one row gone", async () => {
    stores = await twoStores(kind);
    const { one } = stores;
    const alice = await makeAccount(one, 'alice');
    const client = (await one.datastores.create({ uuid: randomUUID(), accountId: alice.id, userId: 'phone' }))!;
    const seen = new Set([await one.version()]);
    const [item] = await one.contents.insertMany([{ accountId: alice.id, clientUuid: client.uuid, uuid: randomUUID(), dataclass: 'Notes', title: 'a', type: 'text/plain', body: 'one' }]);
    seen.add(await one.version());
    // The same item changed twice in a row (within a millisecond, as likely as not): each a new version.
    await one.contents.update(client, item!.uuid, { dataclass: 'Notes', title: 'a', type: 'text/plain', body: 'two' });
    seen.add(await one.version());
    await one.contents.update(client, item!.uuid, { dataclass: 'Notes', title: 'a', type: 'text/plain', body: 'three' });
    seen.add(await one.version());
    await one.contents.deleteMany(client, [item!.uuid]);
    seen.add(await one.version());
    expect(seen.size).toBe(5);
  });

  it('moves with a write committed by another store on the same database', async () => {
    stores = await twoStores(kind);
    const { one, other } = stores;
    const alice = await makeAccount(one, 'alice');
    const before = await one.version();
    await other.accounts.update(alice.id, { passwordHash: 'changed', syncmlDigest: null, admin: false });
    const after = await one.version();
    expect(after).not.toBe(before);
    // And stays again once the other store is done.
    expect(await one.version()).toBe(after);
  });

  it('never comes back to a version it had, a write rolled back included', async () => {
    stores = await twoStores(kind);
    const { one } = stores;
    const before = await one.version();
    await expect(
      one.transaction(async (tx) => {
        await makeAccount(tx as Store, 'bob');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await one.accounts.byUsername('bob')).toBeUndefined();
    const after = await one.version();
    expect(after).not.toBe(before);
  });
});

describe('prepared statements on PostgreSQL', () => {
  it('run as named statements, parsed once per connection', async () => {
    const schema = await createTestSchema();
    // One connection, so the statements it prepared are those pg_prepared_statements shows.
    const pool = new pg.Pool({ connectionString: schema.url, max: 1 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    try {
      await migrate(db, 'postgres');
      const ctx = { dialect: 'postgres' as const, distributed: false, db: () => db, inTransaction: <T>(work: () => Promise<T>) => work() };
      const byName = prepared<{ username: string }>('select "username" from "accounts" where "username" = ? or "username" = ? order by "username"');
      await db.insertInto('accounts').values([
        { username: 'alice', password_hash: 'h', syncml_digest: null, admin: 0, created: 1, updated: 1 },
        { username: 'bob', password_hash: 'h', syncml_digest: null, admin: 0, created: 1, updated: 1 },
      ]).execute();
      expect(await byName.rows(ctx, ['bob', 'alice'])).toEqual([{ username: 'alice' }, { username: 'bob' }]);
      expect(await byName.first(ctx, ['carol', 'bob'])).toEqual({ username: 'bob' });
      expect(await byName.first(ctx, ['carol', 'dave'])).toBeUndefined();
      const { rows } = await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(db);
      const ours = rows.filter((r) => r.name.startsWith('atomsync_'));
      expect(ours).toHaveLength(1);
      expect(ours[0]!.statement).toBe('select "username" from "accounts" where "username" = $1 or "username" = $2 order by "username"');
    } finally {
      await db.destroy();
      await schema.drop();
    }
  });
});
