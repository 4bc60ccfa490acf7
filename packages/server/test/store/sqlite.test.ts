/** The embedded store on a file: it persists across close/reopen, and reopening migrates nothing. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/open.js';

describe('SQLite on a file', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'atomsync-store-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps what was written across close and reopen', async () => {
    const file = join(dir, 'db.sqlite');
    const first = await openStore({ kind: 'sqlite', file });
    const alice = await first.accounts.create({ username: 'alice', passwordHash: 'h', syncmlDigest: null, admin: true });
    await first.contents.insertMany([{ uuid: 'c1', clientUuid: 'client', dataclass: 'Notes', title: 't', type: 'text/plain', body: 'b' }]);
    await first.close();

    const second = await openStore({ kind: 'sqlite', file });
    expect(await second.accounts.get(alice!.id)).toEqual(alice);
    expect((await second.contents.list('client')).map((c) => c.uuid)).toEqual(['c1']);
    // Serial ids continue after the reopen.
    const bob = await second.accounts.create({ username: 'bob', passwordHash: 'h', syncmlDigest: null, admin: false });
    expect(bob!.id).toBeGreaterThan(alice!.id);
    await second.close();
  });

  it('migrates once: reopening applies nothing and keeps one row per version; WAL and foreign keys are on', async () => {
    const file = join(dir, 'db.sqlite');
    await (await openStore({ kind: 'sqlite', file })).close();
    await (await openStore({ kind: 'sqlite', file })).close();
    const raw = new SQLite(file, { readonly: true });
    try {
      const versions = raw.prepare('select version from schema_migrations order by version').all() as { version: number }[];
      expect(versions.map((v) => v.version)).toEqual([...new Set(versions.map((v) => v.version))]);
      expect(versions.length).toBeGreaterThan(0);
      expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
    } finally {
      raw.close();
    }
  });

  it('enforces foreign keys: a token of a missing account is refused', async () => {
    const store = await openStore({ kind: 'sqlite', file: join(dir, 'db.sqlite') });
    try {
      await expect(store.tokens.create(42, 'digest')).rejects.toThrow(/FOREIGN KEY/);
    } finally {
      await store.close();
    }
  });

  // Two stores stand for two processes here. (Within one process they share one thread, and
  // better-sqlite3 waits for a lock synchronously: one process should open one store per file.)
  it('two stores on one file see each other\'s writes', async () => {
    const file = join(dir, 'db.sqlite');
    const a = await openStore({ kind: 'sqlite', file });
    const b = await openStore({ kind: 'sqlite', file });
    const alice = await a.accounts.create({ username: 'alice', passwordHash: 'h', syncmlDigest: null, admin: false });
    expect(await b.accounts.get(alice!.id)).toEqual(alice);
    await b.transaction(async (tx) => {
      await tx.tokens.create(alice!.id, 'digest');
    });
    expect(await a.tokens.byDigest('digest')).toMatchObject({ accountId: alice!.id });
    await Promise.all([a.close(), b.close()]);
  });
});
