/**
 * The embedded store's outage (issue 26, beside the PostgreSQL one in db-outage.test.ts): another
 * process holds the database's write lock (`BEGIN EXCLUSIVE` on a connection of its own) past the
 * busy timeout. A write meanwhile is answered 503 `unavailable` with Retry-After, the log says the
 * outage once with its cause (SQLITE_BUSY) and its end once, and an SDK client with its retries on
 * gets its write through once the lock is let go, without a restart. Each refused write waits the
 * busy timeout (5 s) first: that is the store's rule, not this test's.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { basicAuth, createClient, isAtomSyncError, type AtomSyncClient } from '@atomsync/sdk';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { UNAVAILABLE_RETRY_AFTER_S } from '../../src/http/failure.js';
import { listen, type RunningServer } from '../../src/listen.js';
import { createLogger } from '../../src/log.js';
import { SecretBox } from '../../src/secrets/box.js';
import { createServer } from '../../src/server.js';
import { createAccount } from '../../src/services/accounts.js';
import { openStore } from '@atomsync/store';
import type { Store } from '@atomsync/store';

// scrypt's cost is not this file's question (support/cheap-scrypt.ts).
vi.mock('node:crypto', async (importOriginal) => (await import('../support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

const VCARD = (name: string) => `BEGIN:VCARD\r\nVERSION:3.0\r\nN:${name};;;;\r\nFN:${name}\r\nEND:VCARD\r\n`;

describe('the embedded store locked by another process', () => {
  const dir = mkdtempSync(join(tmpdir(), 'atomsync-locked-'));
  const file = join(dir, 'atomsync.sqlite');
  const lines: Record<string, unknown>[] = [];
  // One logger for the store and the server, as `atomsync serve` has it.
  const logger = createLogger(
    'warn',
    new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    }),
  );
  let store: Store;
  let server: RunningServer;
  let plain: AtomSyncClient;
  let retrying: AtomSyncClient;
  const attempts: { status: number; retryAfter: string | null }[] = [];
  let datastore: string;

  beforeAll(async () => {
    store = await openStore({ kind: 'sqlite', file }, { log: logger });
    const secrets = SecretBox.ephemeral();
    await createAccount({ store, secrets }, { username: 'kim', password: 'kim-secret-pw', admin: false });
    server = await listen(createServer({ store, secrets, logger }), { host: '127.0.0.1', port: 0 });
    plain = createClient({ baseUrl: server.url, auth: basicAuth('kim', 'kim-secret-pw'), retry: false });
    retrying = createClient({
      baseUrl: server.url,
      auth: basicAuth('kim', 'kim-secret-pw'),
      retry: { retries: 10 },
      middleware: [
        async (request, next) => {
          const response = await next(request);
          attempts.push({ status: response.status, retryAfter: response.headers.get('retry-after') });
          return response;
        },
      ],
    });
    datastore = (await plain.datastore.create({ userId: 'locked-user' })).client.uuid!;
  });
  afterAll(async () => {
    await plain?.close();
    await retrying?.close();
    await server?.close(1_000);
    await store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers writes 503 with Retry-After while the lock is held, says so once, and takes the retried write once it is let go', { timeout: 60_000 }, async () => {
    const contents = (client: AtomSyncClient) => client.datastore.contents(datastore);
    const before = lines.length;
    const locker = new SQLite(file);
    locker.exec('BEGIN EXCLUSIVE');
    let released = false;
    try {
      const refused = await contents(plain)
        .create({ title: 'refused', content: { type: 'text/vcard', value: VCARD('Refused') } })
        .then(() => undefined, (error: unknown) => error);
      expect(isAtomSyncError(refused)).toBe(true);
      if (!isAtomSyncError(refused)) return;
      expect([refused.status, refused.code, refused.response.headers.get('retry-after')]).toEqual([503, 'unavailable', String(UNAVAILABLE_RETRY_AFTER_S)]);
      expect(refused.message).toContain('SQLITE_BUSY');
      // Reads go on meanwhile (WAL): the datastore answers.
      expect((await plain.datastore.get(datastore)).client.uuid).toBe(datastore);

      const retried = contents(retrying).create({ title: 'retried', content: { type: 'text/vcard', value: VCARD('Retried') } });
      // Let go once the retrying client has been refused once (its wait is Retry-After's 2 s).
      while (attempts.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      locker.exec('COMMIT');
      released = true;
      expect((await retried).title).toBe('retried');
    } finally {
      if (!released) locker.exec('ROLLBACK');
      locker.close();
    }
    expect(attempts.map((a) => [a.status, a.retryAfter])).toEqual([
      [503, String(UNAVAILABLE_RETRY_AFTER_S)],
      [201, null],
    ]);
    const stored = (await plain.datastore.contents(datastore).list()).entries.map((e) => e.title);
    expect(stored).toEqual(['retried']);

    const since = lines.slice(before);
    expect(since.map((l) => [l.level, l.cause])).toEqual([
      [50, 'SQLITE_BUSY'],
      [40, undefined],
    ]);
    expect(since[0]!.msg).toBe('store unreachable (SQLITE_BUSY): requests answer 503 until it is back');
    expect(since[1]!.msg).toMatch(/^store reachable again after [\d.]+ s \(2 failed statements\)$/);
  });
});
