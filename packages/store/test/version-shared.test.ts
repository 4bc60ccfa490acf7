/**
 * Store.version's shared read (store/kysely/version.ts): the callers asking outside a transaction
 * in one turn of the event loop get one read, made at the turn's end; a caller asking once that
 * read is made gets a read of its own (it may have seen a write the read did not); inside a
 * transaction the read is the transaction's own, at once. And on both real stores: concurrent
 * callers agree, a write committed before a call is always seen, also one by another store.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { StoreContext } from '../src/kysely/context.js';
import { storeVersion } from '../src/kysely/version.js';
import { openStore } from '../src/open.js';
import type { Store } from '../src/store.js';
import { createTestSchema, storeKinds, type StoreKind } from '../../server/test/support/stores.js';
import { makeAccount } from './helpers.js';

const endOfTurn = () => new Promise((resolve) => setImmediate(resolve));

/** A SQLite context whose version reads are counted and answered when the test says. */
function countingContext(isTransaction = false) {
  const reads: ((changes: number) => void)[] = [];
  const db = {
    isTransaction,
    executeQuery: () => new Promise((resolve) => reads.push((changes) => resolve({ rows: [{ changes, version: 1 }] }))),
  };
  const ctx = { dialect: 'sqlite', db: () => db, inTransaction: (work: () => Promise<unknown>) => work() } as unknown as StoreContext;
  return { ctx, reads };
}

describe('the shared version read', () => {
  it('makes one read at the end of the turn for every caller of the turn', async () => {
    const { ctx, reads } = countingContext();
    const asked = Array.from({ length: 20 }, () => storeVersion(ctx));
    expect(reads).toHaveLength(0);
    await endOfTurn();
    expect(reads).toHaveLength(1);
    reads[0]!(7);
    expect(new Set(await Promise.all(asked))).toEqual(new Set(['1.7']));
  });

  it('gives a caller asking once the read is made a read of its own', async () => {
    const { ctx, reads } = countingContext();
    const first = storeVersion(ctx);
    await endOfTurn();
    expect(reads).toHaveLength(1);
    // Made, not yet answered: a write may have committed since it was made.
    const second = storeVersion(ctx);
    await endOfTurn();
    expect(reads).toHaveLength(2);
    reads[0]!(7);
    reads[1]!(8);
    expect([await first, await second]).toEqual(['1.7', '1.8']);
  });

  it('reads inside a transaction at once, on its own', async () => {
    const { ctx, reads } = countingContext(true);
    const one = storeVersion(ctx);
    const two = storeVersion(ctx);
    await Promise.resolve();
    expect(reads).toHaveLength(2);
    reads[0]!(3);
    reads[1]!(4);
    expect([await one, await two]).toEqual(['1.3', '1.4']);
  });

  it('passes a failed read on to its callers, and the next caller reads again', async () => {
    let calls = 0;
    const db = {
      isTransaction: false,
      executeQuery: async () => {
        if (++calls === 1) throw new Error('store down');
        return { rows: [{ changes: 2, version: 1 }] };
      },
    };
    const ctx = { dialect: 'sqlite', db: () => db } as unknown as StoreContext;
    const failed = [storeVersion(ctx), storeVersion(ctx)];
    for (const f of failed) await expect(f).rejects.toThrow('store down');
    expect(await storeVersion(ctx)).toBe('1.2');
    expect(calls).toBe(2);
  });
});

/** Two stores on one database: a data directory's file, or one PostgreSQL schema. */
async function twoStores(kind: StoreKind): Promise<{ one: Store; other: Store; close(): Promise<void> }> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'atomsync-version-shared-'));
    const file = join(dir, 'atomsync.sqlite');
    const one = await openStore({ kind: 'sqlite', file });
    const other = await openStore({ kind: 'sqlite', file });
    return { one, other, close: async () => (await one.close(), await other.close(), rmSync(dir, { recursive: true, force: true })) };
  }
  const schema = await createTestSchema();
  const one = await openStore({ kind: 'postgres', url: schema.url });
  const other = await openStore({ kind: 'postgres', url: schema.url });
  return { one, other, close: async () => (await one.close(), await other.close(), await schema.drop()) };
}

describe.each(storeKinds)('Store.version shared by concurrent callers (%s)', (kind) => {
  let stores: Awaited<ReturnType<typeof twoStores>> | undefined;
  afterEach(async () => {
    await stores?.close();
    stores = undefined;
  });

  it('answers concurrent callers alike, and every caller after a write, its own or another store’s, anew', async () => {
    stores = await twoStores(kind);
    const { one, other } = stores;
    const alice = await makeAccount(one, 'alice');
    const together = await Promise.all(Array.from({ length: 10 }, () => one.version()));
    expect(new Set(together).size).toBe(1);
    const seen = new Set(together);
    await one.datastores.create({ uuid: randomUUID(), accountId: alice.id, userId: 'phone' });
    const afterOwn = await Promise.all([one.version(), one.version()]);
    expect(afterOwn[0]).toBe(afterOwn[1]);
    seen.add(afterOwn[0]!);
    await other.accounts.update(alice.id, { passwordHash: 'changed', syncmlDigest: null, admin: false });
    seen.add(await one.version());
    expect(seen.size).toBe(3);
  });

  // On SQLite's one connection a read queued outside the transaction would wait for it forever.
  it('reads inside a transaction within it', async () => {
    stores = await twoStores(kind);
    const { one } = stores;
    const alice = await makeAccount(one, 'alice');
    const before = await one.version();
    const inside = await one.transaction(async (tx) => {
      await tx.datastores.create({ uuid: randomUUID(), accountId: alice.id, userId: 'phone' });
      return one.version();
    });
    expect(typeof inside).toBe('string');
    expect(await one.version()).not.toBe(before);
  });
});
