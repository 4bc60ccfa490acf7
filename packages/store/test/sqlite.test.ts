/** The embedded store on a file: it persists across close/reopen, and reopening migrates nothing. */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore } from '../src/open.js';

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
    await first.contents.insertMany([{ uuid: 'c1', accountId: alice!.id, clientUuid: 'client', dataclass: 'Notes', title: 't', type: 'text/plain', body: 'b' }]);
    await first.close();

    const second = await openStore({ kind: 'sqlite', file });
    expect(await second.accounts.get(alice!.id)).toEqual(alice);
    expect((await second.contents.list({ accountId: alice!.id, uuid: 'client' })).map((c) => c.uuid)).toEqual(['c1']);
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

  // Another process on the same file, like the CLI adding an account while the server runs:
  // both sides write in transactions at once, and neither fails with SQLITE_BUSY.
  it('writes from another process at the same time: both land', async () => {
    const file = join(dir, 'db.sqlite');
    const store = await openStore({ kind: 'sqlite', file });
    try {
      const alice = (await store.accounts.create({ username: 'alice', passwordHash: 'h', syncmlDigest: null, admin: false }))!;
      await store.extdata.create({ uuid: 'ext', accountId: alice.id, userId: 'u', datastores: [] });
      const other = spawn(process.execPath, ['-e', OTHER_PROCESS, file, String(alice.id)], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'pipe'] });
      // Start once the other process is writing.
      await new Promise((resolve) => other.stdout.once('data', resolve));
      let stderr = '';
      other.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      let running = true;
      const exited = new Promise<number | null>((resolve) => other.on('exit', (code) => ((running = false), resolve(code))));
      // Read-then-write transactions for as long as the other process writes (bounded).
      let appended = 0;
      while (running && appended < 500) {
        await store.extdata.addDatastores(alice.id, 'ext', 'u', [{ dataclass: 'Notes', href: `h${appended}`, name: null, token: null }]);
        appended++;
      }
      expect(await exited, stderr).toBe(0);
      expect((await store.extdata.get(alice.id, 'ext'))!.datastores).toHaveLength(appended);
      expect(await store.tokens.byDigest('other-299')).toMatchObject({ accountId: alice.id });
    } finally {
      await store.close();
    }
  });
});

/** 300 small write transactions from a second process, through better-sqlite3 directly. */
const OTHER_PROCESS = `
const Database = require('better-sqlite3');
const [file, accountId] = process.argv.slice(1);
const db = new Database(file);
db.pragma('busy_timeout = 5000');
db.pragma('synchronous = NORMAL');
// A token as the store writes one: its id from id_sequences, the row, and its digest's route.
const nextId = db.prepare("update id_sequences set last = last + 1 where name = 'tokens' returning last");
const insert = db.prepare('insert into tokens (account_id, id, digest, created) values (?, ?, ?, ?)');
const route = db.prepare('insert into token_routes (digest, account_id) values (?, ?)');
const write = db.transaction((i) => {
  insert.run(Number(accountId), nextId.get().last, 'other-' + i, Date.now());
  route.run('other-' + i, Number(accountId));
});
write.immediate(0);
process.stdout.write('writing\\n');
for (let i = 1; i < 300; i++) write.immediate(i);
db.close();
`;
