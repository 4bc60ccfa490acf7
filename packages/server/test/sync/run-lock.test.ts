/**
 * The run lock of services/run-lock.ts on both stores: the in-process chain runs one binding's
 * runs in arrival order and others beside them; the lease is given up when the run throws; a run
 * that outlived its lease (another holder took it) cannot confirm it, so it must not commit; a
 * wait past the bound is 409.
 */
import { SyncFailure } from '@atomsync/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceError } from '../../src/errors.js';
import { BindingRuns, withLease, type LeaseOptions } from '../../src/services/run-lock.js';
import type { BindingKey, Store } from '../../src/store/store.js';
import { openTestStore, storeKinds } from '../support/stores.js';

const LEASE: LeaseOptions = { ttlMs: 60_000, renewEveryMs: 20_000, waitMs: 2_000 };
const later = (ms = 2_000) => Date.now() + ms;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const fail = (error: unknown) => {
  throw error;
};

describe('BindingRuns', () => {
  it("runs one binding's runs one at a time in arrival order, another binding's beside them", async () => {
    const runs = new BindingRuns();
    const events: string[] = [];
    const job = (name: string, ms: number) => async () => {
      events.push(`${name} start`);
      await pause(ms);
      events.push(`${name} end`);
      return name;
    };
    const results = await Promise.all([runs.serialize(1, later(), job('a', 60)), runs.serialize(1, later(), job('b', 10)), runs.serialize(2, later(), job('c', 10))]);
    expect(results).toEqual(['a', 'b', 'c']);
    expect(events.indexOf('b start')).toBeGreaterThan(events.indexOf('a end'));
    expect(events.indexOf('c end')).toBeLessThan(events.indexOf('a end'));
  });

  it('goes on after a run that threw, and refuses with 409 a wait past its deadline', async () => {
    const runs = new BindingRuns();
    await expect(runs.serialize(1, later(), () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await runs.serialize(1, later(), async () => 'next')).toBe('next');

    const slow = runs.serialize(1, later(), () => pause(300));
    const error = await runs.serialize(1, later(50), async () => 'never').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).status).toBe(409);
    await slow;
    // The refused one left no gap: a later run waits for nothing.
    expect(await runs.serialize(1, later(50), async () => 'free')).toBe('free');
  });
});

describe.each(storeKinds)('withLease (%s)', (kind) => {
  let store: Store;
  let binding: BindingKey;
  beforeAll(async () => {
    store = await openTestStore(kind);
    const account = (await store.accounts.create({ username: 'alice', passwordHash: 'x', syncmlDigest: null, admin: false }))!;
    const uuid = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
    await store.datastores.create({ uuid: uuid(1), accountId: account.id, userId: 'one' });
    await store.datastores.create({ uuid: uuid(2), accountId: account.id, userId: 'two' });
    binding = (await store.bindings.create({ accountId: account.id, source: { kind: 'datastore', uuid: uuid(1) }, target: { kind: 'datastore', uuid: uuid(2) }, conflictWinner: 'source' }));
  });
  afterAll(async () => {
    await store?.close();
  });

  it('holds the lease while the run runs and gives it up when the run throws', async () => {
    await expect(
      withLease(store, binding, LEASE, later(), async (lease) => {
        expect(await store.syncLocks.acquire(binding, 'other', 60_000)).toBe(false);
        await lease.confirm();
        throw new Error('the run failed');
      }, fail),
    ).rejects.toThrow('the run failed');
    expect(await store.syncLocks.acquire(binding, 'other', 60_000)).toBe(true);
    await store.syncLocks.release(binding, 'other');
  });

  it('cannot confirm a lease that ran out and was taken: the run must not commit', async () => {
    const short = { ttlMs: 100, renewEveryMs: 60_000, waitMs: 1_000 };
    const error = await withLease(store, binding, short, later(), async (lease) => {
      await pause(200);
      expect(await store.syncLocks.acquire(binding, 'other', 60_000)).toBe(true);
      await lease.confirm();
    }, fail).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SyncFailure);
    // Its release did not take the other holder's lease away.
    expect(await store.syncLocks.acquire(binding, 'third', 60_000)).toBe(false);
    await store.syncLocks.release(binding, 'other');
  });

  it('renews the lease on its interval, so a run longer than the ttl keeps it', async () => {
    const short = { ttlMs: 300, renewEveryMs: 50, waitMs: 1_000 };
    await withLease(store, binding, short, later(), async (lease) => {
      await pause(700);
      expect(await store.syncLocks.acquire(binding, 'other', 60_000)).toBe(false);
      await lease.confirm();
    }, fail);
  });

  it('waits for another holder up to the deadline, then 409', async () => {
    expect(await store.syncLocks.acquire(binding, 'other', 60_000)).toBe(true);
    const error = await withLease(store, binding, LEASE, later(300), async () => 'ran', fail).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect([(error as ServiceError).status, (error as ServiceError).code]).toEqual([409, 'conflict']);
    setTimeout(() => void store.syncLocks.release(binding, 'other'), 150);
    expect(await withLease(store, binding, LEASE, later(), async () => 'ran', fail)).toBe('ran');
  });
});
