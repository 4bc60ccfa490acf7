/**
 * A Basic account's changes take effect at the next request, though the authenticator keeps the
 * account while the store's version stands (auth/accounts.ts) and the feed it polls is answered
 * from a kept answer (http/answer-cache.ts): a password changed or an account deleted through
 * the API, through this server's store, or by another store on the same database (another
 * instance or process) is refused at once. Over HTTP on both stores.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listen, type RunningServer } from '../../src/listen.js';
import { SecretBox } from '../../src/secrets/box.js';
import { createServer } from '../../src/server.js';
import { changePassword, createAccount, deleteAccount } from '../../src/services/accounts.js';
import { openStore } from '@atomsync/store';
import type { Store } from '@atomsync/store';
import { createTestSchema, storeKinds, type StoreKind } from '../support/stores.js';

// scrypt's cost is not this file's question, only its answers: scrypt runs cheap here, the same answers
// (support/cheap-scrypt.ts); at full cost its accounts' hashing and first sign-ins were much of its time.
vi.mock('node:crypto', async (importOriginal) => (await import('../support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

/** One database two stores open: a data directory's file, or a PostgreSQL schema. */
async function sharedDatabase(kind: StoreKind): Promise<{ open(): Promise<Store>; drop(): Promise<void> }> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'atomsync-account-changes-'));
    return { open: () => openStore({ kind: 'sqlite', file: join(dir, 'atomsync.sqlite') }), drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const schema = await createTestSchema();
  return { open: () => openStore({ kind: 'postgres', url: schema.url }), drop: () => schema.drop() };
}

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe.each(storeKinds)('on %s', (kind) => {
  const secrets = SecretBox.ephemeral();
  let database: Awaited<ReturnType<typeof sharedDatabase>>;
  let one: Store;
  let other: Store;
  let running: RunningServer;

  beforeAll(async () => {
    database = await sharedDatabase(kind);
    one = await database.open();
    other = await database.open();
    running = await listen(createServer({ store: one, secrets }), { host: '127.0.0.1', port: 0 });
    await createAccount({ store: one, secrets }, { username: 'root', password: 'root-secret-pw', admin: true });
  });
  afterAll(async () => {
    await running.close(5_000);
    await one.close();
    await other.close();
    await database.drop();
  });

  /** An account with a polled feed, polled until its answer is kept: 200 then 304. */
  async function polling(username: string, password: string) {
    const account = await createAccount({ store: one, secrets }, { username, password, admin: false });
    const client = (await one.datastores.create({ uuid: randomUUID(), accountId: account.id, userId: 'polled' }))!;
    await one.contents.insertMany([{ accountId: account.id, clientUuid: client.uuid, uuid: randomUUID(), dataclass: 'Notes', title: 'a', type: 'text/plain', body: 'a note' }]);
    const url = `${running.url}/v2/services/datastore/${client.uuid}/contents/`;
    const poll = (authorization: string, etag?: string) => fetch(url, { headers: { authorization, ...(etag === undefined ? {} : { 'if-none-match': etag }) } });
    const first = await poll(basic(username, password));
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    await first.arrayBuffer();
    // Several times, and many at once: the account and the answer are kept.
    for (let i = 0; i < 3; i++) expect((await poll(basic(username, password), etag)).status).toBe(304);
    const together = await Promise.all(Array.from({ length: 20 }, () => poll(basic(username, password), etag)));
    expect(together.map((r) => r.status)).toEqual(Array(20).fill(304));
    return { poll, etag };
  }

  async function expectRefused(answer: Response) {
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toContain('Basic');
    expect(await answer.text()).toContain('unauthorized');
  }

  it('refuses the old password at once after a change through this server’s store, and takes the new one', async () => {
    const { poll, etag } = await polling('ada', 'ada-old-pw');
    await changePassword({ store: one, secrets }, 'ada', 'ada-new-pw');
    await expectRefused(await poll(basic('ada', 'ada-old-pw'), etag));
    expect((await poll(basic('ada', 'ada-new-pw'), etag)).status).toBe(304);
  });

  it('refuses the old password at once after a change by another store on the same database', async () => {
    const { poll, etag } = await polling('bob', 'bob-old-pw');
    await changePassword({ store: other, secrets }, 'bob', 'bob-new-pw');
    await expectRefused(await poll(basic('bob', 'bob-old-pw'), etag));
    expect((await poll(basic('bob', 'bob-new-pw'), etag)).status).toBe(304);
  });

  it('refuses an account deleted through the API at once', async () => {
    const { poll, etag } = await polling('cy', 'cy-secret-pw');
    const deleted = await fetch(`${running.url}/v2/admin/accounts/cy`, { method: 'DELETE', headers: { authorization: basic('root', 'root-secret-pw') } });
    expect(deleted.status).toBe(200);
    await expectRefused(await poll(basic('cy', 'cy-secret-pw'), etag));
  });

  it('refuses an account deleted by another store on the same database at once', async () => {
    const { poll, etag } = await polling('dee', 'dee-secret-pw');
    await deleteAccount({ store: other, secrets }, 'dee');
    await expectRefused(await poll(basic('dee', 'dee-secret-pw'), etag));
  });
});
