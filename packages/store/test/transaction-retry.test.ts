/**
 * A PostgreSQL transaction cut in the middle (issue 27): its backend terminated while it runs
 * (pg_terminate_backend, as a restart or failover does to every backend). The process lives on
 * (the connection's 'error' has a listener), the failure is a StoreUnavailable that says nothing
 * was kept, a transaction that may run again (`retry`) does and commits once, one that may not is
 * reported, and the store serves the next statement on a fresh connection.
 *
 * Only this store's connections are terminated (by their application_name): other test files
 * share the cluster.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createLogger } from '../../server/src/log.js';
import { StoreUnavailable } from '../src/faults.js';
import { openStore } from '../src/open.js';
import type { Store } from '../src/store.js';
import { createTestSchema, type TestSchema } from '../../server/test/support/stores.js';

describe('a PostgreSQL transaction whose backend is terminated', () => {
  const application = `retry-${randomBytes(6).toString('hex')}`;
  let schema: TestSchema;
  let store: Store;

  beforeAll(async () => {
    schema = await createTestSchema();
    const url = new URL(schema.url);
    url.searchParams.set('application_name', application);
    store = await openStore({ kind: 'postgres', url: url.toString() }, { log: createLogger('silent') });
  });
  afterAll(async () => {
    await store?.close();
    await schema?.drop();
  });

  /** Terminates every backend of this store; how many there were. */
  async function terminateOurs(): Promise<number> {
    const { adminUrl } = inject('postgres');
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      const { rowCount } = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [application]);
      return rowCount ?? 0;
    } finally {
      await admin.end();
    }
  }

  const newAccount = (username: string) => ({ username, passwordHash: 'h', syncmlDigest: null, admin: false });

  it('runs a transaction that may run again once more, and it commits once', async () => {
    let attempts = 0;
    const committed: number[] = [];
    const id = await store.transaction(
      async (tx) => {
        attempts++;
        // What waits for the commit: the cut attempt's is dropped with it, the second's runs once.
        const attempt = attempts;
        store.afterCommit(() => committed.push(attempt));
        const created = await tx.accounts.create(newAccount('again'));
        if (attempts === 1) expect(await terminateOurs()).toBeGreaterThan(0);
        await tx.tokens.create(created!.id, `digest-${attempts}`);
        return created!.id;
      },
      { retry: true },
    );
    expect(attempts).toBe(2);
    expect(committed).toEqual([2]);
    expect(await store.accounts.get(id)).toMatchObject({ username: 'again' });
    // The first attempt's writes are gone with its backend: one account, the second attempt's token.
    expect((await store.accounts.list()).filter((a) => a.username === 'again')).toHaveLength(1);
    expect(await store.tokens.byDigest('digest-1')).toBeUndefined();
    expect(await store.tokens.byDigest('digest-2')).toMatchObject({ accountId: id });
  });

  it('reports a cut transaction that may not run again, having kept nothing of it', async () => {
    let attempts = 0;
    const failure = await store
      .transaction(async (tx) => {
        attempts++;
        await tx.accounts.create(newAccount('once'));
        await terminateOurs();
        await tx.accounts.create(newAccount('once-more'));
      })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(attempts).toBe(1);
    expect(failure).toBeInstanceOf(StoreUnavailable);
    expect(failure).toMatchObject({ outcome: 'none' });
    // The store goes on, on a fresh connection, and the transaction left nothing.
    expect((await store.accounts.list()).map((a) => a.username)).not.toContain('once');
  });
});
