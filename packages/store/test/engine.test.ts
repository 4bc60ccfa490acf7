/** Sync-engine tables: bindings, the sync log, phone-to-datastore bindings. */
import { describe, expect, it } from 'vitest';
import type { NewSyncLog, SyncStatsRecord } from '../src/records.js';
import { storeKinds } from '../../server/test/support/stores.js';
import { makeAccount, sleep, uid, useStore } from './helpers.js';

const zero = { addsIn: 0, replacesIn: 0, deletesIn: 0, addsOut: 0, replacesOut: 0, deletesOut: 0 };
const stats: SyncStatsRecord = {
  source: { ...zero, addsOut: 3 },
  target: { ...zero, addsIn: 3 },
  duplicatesDetected: 1,
  duplicatesRemoved: 1,
  conflictsDetected: 2,
};

describe.each(storeKinds)('bindings and sync log (%s)', (kind) => {
  const store = useStore(kind);

  it('creates, gets, lists, finds by client, changes the winner and deletes bindings', async () => {
    const alice = await makeAccount(store(), 'alice');
    const bob = await makeAccount(store(), 'bob');
    const phone = { kind: 'syncml' as const, uuid: uid('sml') };
    const cloud = { kind: 'datastore' as const, uuid: uid('ds') };
    const other = { kind: 'extdata' as const, uuid: uid('ext') };
    const b1 = await store().bindings.create({ accountId: alice.id, source: phone, target: cloud, conflictWinner: 'source' });
    const b2 = await store().bindings.create({ accountId: alice.id, source: cloud, target: other, conflictWinner: 'target' });
    expect(b1).toMatchObject({ accountId: alice.id, source: phone, target: cloud, conflictWinner: 'source' });
    expect(Number.isInteger(b1.id)).toBe(true);
    expect(b2.id).toBeGreaterThan(b1.id);

    expect(await store().bindings.get(alice.id, b1.id)).toEqual(b1);
    expect(await store().bindings.list(alice.id)).toEqual([b1, b2]);
    expect(await store().bindings.byClient(alice.id, cloud.uuid)).toEqual([b1, b2]);
    expect(await store().bindings.byClient(alice.id, phone.uuid)).toEqual([b1]);
    expect(await store().bindings.byClient(alice.id, uid('none'))).toEqual([]);

    await sleep(3);
    const flipped = await store().bindings.setConflictWinner(alice.id, b1.id, 'target');
    expect(flipped).toMatchObject({ id: b1.id, conflictWinner: 'target', created: b1.created });
    expect(flipped!.updated.getTime()).toBeGreaterThan(b1.updated.getTime());

    // Bob sees none of it.
    expect(await store().bindings.get(bob.id, b1.id)).toBeUndefined();
    expect(await store().bindings.list(bob.id)).toEqual([]);
    expect(await store().bindings.byClient(bob.id, cloud.uuid)).toEqual([]);
    expect(await store().bindings.setConflictWinner(bob.id, b1.id, 'source')).toBeUndefined();
    expect(await store().bindings.delete(bob.id, b1.id)).toBe(false);

    expect(await store().bindings.delete(alice.id, b1.id)).toBe(true);
    expect(await store().bindings.delete(alice.id, b1.id)).toBe(false);
    expect(await store().bindings.list(alice.id)).toEqual([b2]);
  });

  it('appends sync log entries, lists them newest first, and keeps them when the binding goes', async () => {
    const alice = await makeAccount(store(), 'alice');
    const bob = await makeAccount(store(), 'bob');
    const source = { kind: 'datastore' as const, uuid: uid('ds') };
    const target = { kind: 'extdata' as const, uuid: uid('ext') };
    const b1 = await store().bindings.create({ accountId: alice.id, source, target, conflictWinner: 'source' });
    const b2 = await store().bindings.create({ accountId: alice.id, source: target, target: source, conflictWinner: 'source' });
    const entry = (bindingId: number | null, result: 'completed' | 'failed' = 'completed'): NewSyncLog => ({
      accountId: alice.id,
      bindingId,
      source,
      target,
      syncMode: 201,
      dataclass: 'Calendar',
      stats,
      result,
      reason: result === 'failed' ? 'peer unreachable' : null,
    });
    const first = await store().syncLog.append(entry(b1.id));
    const second = await store().syncLog.append(entry(b2.id, 'failed'));
    const third = await store().syncLog.append(entry(b1.id));
    expect(first).toMatchObject({ ...entry(b1.id), id: first.id });
    expect(first.published).toBeInstanceOf(Date);
    expect(second).toMatchObject({ result: 'failed', reason: 'peer unreachable' });

    expect((await store().syncLog.list(alice.id)).map((e) => e.id)).toEqual([third.id, second.id, first.id]);
    expect((await store().syncLog.list(alice.id, b1.id)).map((e) => e.id)).toEqual([third.id, first.id]);
    expect(await store().syncLog.get(alice.id, first.id)).toEqual(first);
    expect(await store().syncLog.get(bob.id, first.id)).toBeUndefined();
    expect(await store().syncLog.list(bob.id)).toEqual([]);

    await store().bindings.delete(alice.id, b1.id);
    const kept = await store().syncLog.get(alice.id, first.id);
    expect(kept).toEqual({ ...first, bindingId: null });
    expect(await store().syncLog.list(alice.id, b1.id)).toEqual([]);
  });

  it('finishes a running entry once, under its id, finds the running entry of a binding, and fails it when its binding goes', async () => {
    const alice = await makeAccount(store(), 'alice');
    const bob = await makeAccount(store(), 'bob');
    const source = { kind: 'datastore' as const, uuid: uid('ds') };
    const target = { kind: 'extdata' as const, uuid: uid('ext') };
    const binding = await store().bindings.create({ accountId: alice.id, source, target, conflictWinner: 'source' });
    const running: NewSyncLog = { accountId: alice.id, bindingId: binding.id, source, target, syncMode: 201, dataclass: 'Contacts', stats: { ...stats, source: zero, target: zero }, result: 'running', reason: null };
    const started = await store().syncLog.append(running);
    expect(await store().syncLog.running(alice.id, binding.id)).toEqual(started);
    expect(await store().syncLog.running(bob.id, binding.id)).toBeUndefined();
    // Another account's id finishes nothing.
    expect(await store().syncLog.finish(bob.id, started.id, { syncMode: 200, stats, result: 'completed', reason: null })).toBeUndefined();
    await sleep(3);
    const done = await store().syncLog.finish(alice.id, started.id, { syncMode: 200, stats, result: 'completed', reason: null });
    expect(done).toMatchObject({ id: started.id, bindingId: binding.id, syncMode: 200, stats, result: 'completed', reason: null, dataclass: 'Contacts' });
    expect(done!.published.getTime()).toBeGreaterThan(started.published.getTime());
    // Ended: neither running nor finished again.
    expect(await store().syncLog.running(alice.id, binding.id)).toBeUndefined();
    expect(await store().syncLog.finish(alice.id, started.id, { syncMode: 201, stats, result: 'failed', reason: 'late' })).toBeUndefined();
    expect(await store().syncLog.get(alice.id, started.id)).toEqual(done);

    // A binding deleted while its run is logged running: the entry fails, and the ended one stays as it was.
    const orphan = await store().syncLog.append(running);
    await store().bindings.delete(alice.id, binding.id);
    expect(await store().syncLog.get(alice.id, orphan.id)).toMatchObject({ bindingId: null, result: 'failed', reason: expect.stringMatching(/^interrupted: its binding was deleted/) });
    expect(await store().syncLog.get(alice.id, started.id)).toEqual({ ...done, bindingId: null });
  });

  it('phone bindings: create, list, find by SyncML client', async () => {
    const alice = await makeAccount(store(), 'alice');
    const bob = await makeAccount(store(), 'bob');
    const fresh = {
      accountId: alice.id,
      modelUuid: 'model',
      phoneNumber: '+15550100',
      foreignUserId: 'ext-user',
      timezone: 'UTC',
      syncmlClientUuid: uid('sml'),
      datastoreClientUuid: uid('ds'),
    };
    const created = await store().phoneBindings.create(fresh);
    expect(created).toMatchObject(fresh);
    expect(Number.isInteger(created.id)).toBe(true);
    expect(await store().phoneBindings.list(alice.id)).toEqual([created]);
    expect(await store().phoneBindings.list(bob.id)).toEqual([]);
    expect(await store().phoneBindings.bySyncmlClient(alice.id, fresh.syncmlClientUuid)).toEqual(created);
    expect(await store().phoneBindings.bySyncmlClient(bob.id, fresh.syncmlClientUuid)).toBeUndefined();
    expect(await store().phoneBindings.bySyncmlClient(alice.id, uid('none'))).toBeUndefined();
  });
});
