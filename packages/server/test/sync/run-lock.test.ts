/**
 * The run lock of services/run-lock.ts on both stores: the in-process chain runs one binding's
 * runs in arrival order and others beside them; the lease is given up when the run throws; a run
 * that outlived its lease (another holder took it) cannot confirm it, so it must not commit; a
 * wait past the bound is 409.
 */
import { SyncFailure } from '@atomsync/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, resolveServeConfig } from '../../src/config.js';
import { ServiceError } from '../../src/errors.js';
import { BindingRuns, DEFAULT_LEASE, DEFAULT_RUN_LEASE_SECONDS, leaseOf, withLease, type LeaseOptions, type LeaseRequest } from '../../src/services/run-lock.js';
import type { BindingKey, LeaseRun, Store } from '@atomsync/store';
import { openTestStore, storeKinds } from '../support/stores.js';

const LEASE: LeaseOptions = { ttlMs: 60_000, renewEveryMs: 20_000, waitMs: 2_000 };
const later = (ms = 2_000) => Date.now() + ms;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const fail = (error: unknown) => {
  throw error;
};
const RUN: LeaseRun = { dataclass: 'Contacts', syncMode: 200, started: new Date(0) };
/** A lease request polling up to `deadline`, recording RUN; an interrupted run or a lease error fails the test. */
const wait = (deadline: number): LeaseRequest => ({ run: RUN, deadline, onInterrupted: async () => fail(new Error('no run was interrupted')), onLeaseError: fail });

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
      withLease(store, binding, LEASE, wait(later()), async (lease) => {
        expect(await store.syncLocks.acquire(binding, 'other', 60_000)).toBe(false);
        await lease.confirm();
        throw new Error('the run failed');
      }),
    ).rejects.toThrow('the run failed');
    expect(await store.syncLocks.acquire(binding, 'other', 60_000)).toBe(true);
    await store.syncLocks.release(binding, 'other');
  });

  it('cannot confirm a lease that ran out and was taken: the run must not commit', async () => {
    const short = { ttlMs: 100, renewEveryMs: 60_000, waitMs: 1_000 };
    const error = await withLease(store, binding, short, wait(later()), async (lease) => {
      await pause(200);
      expect(await store.syncLocks.acquire(binding, 'other', 60_000)).toBe(true);
      await lease.confirm();
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SyncFailure);
    // Its release did not take the other holder's lease away.
    expect(await store.syncLocks.acquire(binding, 'third', 60_000)).toBe(false);
    await store.syncLocks.release(binding, 'other');
  });

  it('renews the lease on its interval, so a run longer than the ttl keeps it', async () => {
    const short = { ttlMs: 300, renewEveryMs: 50, waitMs: 1_000 };
    await withLease(store, binding, short, wait(later()), async (lease) => {
      await pause(700);
      expect(await store.syncLocks.acquire(binding, 'other', 60_000)).toBe(false);
      await lease.confirm();
    });
  });

  it('waits for another holder up to the deadline, then 409', async () => {
    expect(await store.syncLocks.acquire(binding, 'other', 60_000)).toBe(true);
    const error = await withLease(store, binding, LEASE, wait(later(300)), async () => 'ran').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect([(error as ServiceError).status, (error as ServiceError).code]).toEqual([409, 'conflict']);
    setTimeout(() => void store.syncLocks.release(binding, 'other'), 150);
    expect(await withLease(store, binding, LEASE, wait(later()), async () => 'ran')).toBe('ran');
  });
});

describe.each(storeKinds)('the lease of a run that never ended (%s)', (kind) => {
  let store: Store;
  let binding: BindingKey;
  beforeAll(async () => {
    store = await openTestStore(kind);
    const account = (await store.accounts.create({ username: 'alice', passwordHash: 'x', syncmlDigest: null, admin: false }))!;
    const uuid = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
    await store.datastores.create({ uuid: uuid(1), accountId: account.id, userId: 'one' });
    await store.datastores.create({ uuid: uuid(2), accountId: account.id, userId: 'two' });
    binding = await store.bindings.create({ accountId: account.id, source: { kind: 'datastore', uuid: uuid(1) }, target: { kind: 'datastore', uuid: uuid(2) }, conflictWinner: 'source' });
  });
  afterAll(async () => {
    await store?.close();
  });

  it('is refused while live, with when it runs out; taken over once run out, naming the run that held it', async () => {
    const crashed: LeaseRun = { dataclass: 'Calendar', syncMode: 202, started: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) };
    expect(await store.syncLocks.take(binding, 'crashed', 60_000, crashed)).toEqual({ taken: true });
    const refused = await store.syncLocks.take(binding, 'next', 60_000, RUN);
    expect(refused.taken).toBe(false);
    expect(refused.taken === false && refused.expires.getTime()).toBeGreaterThan(Date.now());

    // Again with a lease of 1 ms, which its holder (crashed) never renews.
    await store.syncLocks.release(binding, 'crashed');
    expect(await store.syncLocks.take(binding, 'crashed', 1, crashed)).toEqual({ taken: true });
    await pause(20);
    const took = await store.syncLocks.take(binding, 'next', 60_000, RUN);
    expect(took).toMatchObject({ taken: true, interrupted: { holder: 'crashed', run: crashed } });
    // Taken over once only: the next one finds the live lease of 'next'.
    expect((await store.syncLocks.take(binding, 'third', 60_000, RUN)).taken).toBe(false);
    await store.syncLocks.release(binding, 'next');
  });

  it('withLease logs the interrupted run in the transaction that takes the lease over, then runs', async () => {
    const crashed: LeaseRun = { dataclass: 'Contacts', syncMode: 201, started: new Date(Date.UTC(2026, 0, 2)) };
    expect((await store.syncLocks.take(binding, 'crashed', 1, crashed)).taken).toBe(true);
    await pause(20);
    const heard: unknown[] = [];
    const ran = await withLease(store, binding, LEASE, { ...wait(later()), onInterrupted: async (_tx, interrupted) => void heard.push(interrupted.run) }, async () => 'ran');
    expect(ran).toBe('ran');
    expect(heard).toEqual([crashed]);
  });

  it('takes nothing over when the log entry cannot be written: the lease stays the crashed run\'s', async () => {
    expect((await store.syncLocks.take(binding, 'crashed', 1, RUN)).taken).toBe(true);
    await pause(20);
    const error = await withLease(store, binding, LEASE, { ...wait(later()), onInterrupted: async () => fail(new Error('log refused')) }, async () => 'ran').catch((e: unknown) => e);
    expect(String(error)).toContain('log refused');
    const again = await store.syncLocks.take(binding, 'next', 60_000, RUN);
    expect(again).toMatchObject({ taken: true, interrupted: { holder: 'crashed' } });
    await store.syncLocks.release(binding, 'next');
  });

  it('does not wait with a deadline of now: 409 at once, Retry-After the seconds until the lease runs out', async () => {
    expect(await store.syncLocks.acquire(binding, 'other', 20_000)).toBe(true);
    let ran = false;
    const error = await withLease(store, binding, LEASE, wait(Date.now()), async () => (ran = true)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect([(error as ServiceError).status, (error as ServiceError).code]).toEqual([409, 'conflict']);
    const seconds = Number((error as ServiceError).headers['retry-after']);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(20);
    expect(ran).toBe(false);
    await store.syncLocks.release(binding, 'other');
  });
});

describe('leaseOf', () => {
  it('renews a lease every third of its time', () => {
    expect(leaseOf(30)).toMatchObject({ ttlMs: 30_000, renewEveryMs: 10_000 });
    expect(leaseOf(1)).toMatchObject({ ttlMs: 1_000, renewEveryMs: 333 });
    expect(DEFAULT_LEASE.ttlMs).toBe(DEFAULT_RUN_LEASE_SECONDS * 1000);
  });

  it('is ATOMSYNC_RUN_LEASE_SECONDS, whole seconds from 1 to 3600, else the start stops', () => {
    expect(resolveServeConfig({}, {}, '/srv').runLeaseSeconds).toBe(DEFAULT_RUN_LEASE_SECONDS);
    expect(resolveServeConfig({}, { ATOMSYNC_RUN_LEASE_SECONDS: '5' }, '/srv').runLeaseSeconds).toBe(5);
    expect(resolveServeConfig({}, { ATOMSYNC_RUN_LEASE_SECONDS: '' }, '/srv').runLeaseSeconds).toBe(DEFAULT_RUN_LEASE_SECONDS);
    for (const value of ['0', '-1', '1.5', 'ten', '3601']) {
      expect(() => resolveServeConfig({}, { ATOMSYNC_RUN_LEASE_SECONDS: value }, '/srv')).toThrow(ConfigError);
    }
  });
});
