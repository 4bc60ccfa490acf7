/** Transactions (all or nothing, nesting joins), the account-delete cascade, and concurrency. */
import { describe, expect, it } from 'vitest';
import type { Store } from '../src/store.js';
import { storeKinds } from '../../server/test/support/stores.js';
import { makeAccount, uid, useStore } from './helpers.js';

class Boom extends Error {}

describe.each(storeKinds)('transactions (%s)', (kind) => {
  const store = useStore(kind);

  it('commits all writes and returns the work\'s value', async () => {
    const result = await store().transaction(async (tx) => {
      const a = await makeAccount(tx as Store, 'alice');
      await tx.tokens.create(a.id, 'digest');
      return a.id;
    });
    expect(await store().accounts.get(result)).toMatchObject({ username: 'alice' });
    expect(await store().tokens.byDigest('digest')).toMatchObject({ accountId: result });
  });

  it('rolls everything back on a throw', async () => {
    const client = { accountId: 0, uuid: uid('client') };
    await expect(
      store().transaction(async (tx) => {
        const a = await tx.accounts.create({ username: 'alice', passwordHash: 'h', syncmlDigest: null, admin: false });
        client.accountId = a!.id;
        await tx.datastores.create({ uuid: client.uuid, accountId: a!.id, userId: 'p' });
        await tx.contents.insertMany([{ uuid: uid('c'), accountId: client.accountId, clientUuid: client.uuid, dataclass: 'Notes', title: 't', type: 'text/plain', body: 'b' }]);
        await tx.catalogue.upsert([{ uuid: 'v', name: 'V' }], []);
        // Seen inside the transaction…
        expect(await tx.accounts.byUsername('alice')).toBeDefined();
        throw new Boom('no');
      }),
    ).rejects.toBeInstanceOf(Boom);
    // …and gone after it.
    expect(await store().accounts.list()).toEqual([]);
    expect(await store().contents.changesSince(client, new Date(0))).toEqual([]);
    expect(await store().catalogue.isEmpty()).toBe(true);
  });

  it('nested transactions join the outer one: an inner commit is undone by an outer throw', async () => {
    await expect(
      store().transaction(async (tx) => {
        await tx.accounts.create({ username: 'outer', passwordHash: 'h', syncmlDigest: null, admin: false });
        const inner = await store().transaction(async (tx2) => {
          await tx2.accounts.create({ username: 'inner', passwordHash: 'h', syncmlDigest: null, admin: false });
          // The store's own repositories, called inside, run in the same transaction too.
          return store().accounts.byUsername('outer');
        });
        expect(inner).toBeDefined();
        throw new Boom('undo both');
      }),
    ).rejects.toBeInstanceOf(Boom);
    expect(await store().accounts.list()).toEqual([]);
  });

  it('afterCommit runs at once outside a transaction, after the commit inside one (a joined one\'s too), and never after a rollback', async () => {
    const ran: string[] = [];
    store().afterCommit(() => ran.push('outside'));
    expect(ran).toEqual(['outside']);
    await store().transaction(async (tx) => {
      await tx.accounts.create({ username: 'counted', passwordHash: 'h', syncmlDigest: null, admin: false });
      store().afterCommit(() => ran.push('outer'));
      await store().transaction(async () => store().afterCommit(() => ran.push('joined')));
      expect(ran).toEqual(['outside']);
    });
    expect(ran).toEqual(['outside', 'outer', 'joined']);
    await expect(
      store().transaction(async () => {
        store().afterCommit(() => ran.push('rolled back'));
        throw new Boom('no');
      }),
    ).rejects.toBeInstanceOf(Boom);
    expect(ran).toEqual(['outside', 'outer', 'joined']);
  });

  it('transactions that overlap, and one after both ended, each run in their own context', async () => {
    const create = (tx: Parameters<Parameters<Store['transaction']>[0]>[0], username: string) => tx.accounts.create({ username, passwordHash: 'h', syncmlDigest: null, admin: false });
    // The store's own repositories, called inside, see the transaction's uncommitted row: they run in it.
    const inOwn = (username: string) =>
      store().transaction(async (tx) => {
        await create(tx, username);
        await new Promise((resolve) => setTimeout(resolve, 5));
        return (await store().accounts.byUsername(username)) !== undefined;
      });
    expect(await Promise.all([inOwn('first'), inOwn('second')])).toEqual([true, true]);
    expect(await inOwn('third')).toBe(true);
    expect((await store().accounts.list()).map((a) => a.username).sort()).toEqual(['first', 'second', 'third']);
  });

  it('an inner throw caught by the outer work still leaves the transaction usable and committed', async () => {
    await store().transaction(async (tx) => {
      await tx.accounts.create({ username: 'kept', passwordHash: 'h', syncmlDigest: null, admin: false });
      await expect(store().transaction(async () => Promise.reject(new Boom('inner')))).rejects.toBeInstanceOf(Boom);
    });
    expect((await store().accounts.list()).map((a) => a.username)).toEqual(['kept']);
  });

  it('concurrent transactions on one store do not lose each other\'s writes', async () => {
    const alice = await makeAccount(store(), 'alice');
    const uuid = uid('ext');
    await store().extdata.create({ uuid, accountId: alice.id, userId: 'u', datastores: [] });
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        store().extdata.addDatastores(alice.id, uuid, 'u', [{ dataclass: 'Notes', href: `h${i}`, name: null, token: null }]),
      ),
    );
    const hrefs = (await store().extdata.get(alice.id, uuid))!.datastores.map((d) => d.href);
    expect(hrefs.sort()).toEqual(Array.from({ length: 10 }, (_, i) => `h${i}`).sort());
  });

  it('deleting an account deletes everything it owns, and nothing of another account', async () => {
    const s = store();
    const alice = await makeAccount(s, 'alice');
    const bob = await makeAccount(s, 'bob');
    const own = async (accountId: number) => {
      const ds = (await s.datastores.create({ uuid: uid('ds'), accountId, userId: 'p' }))!;
      const ext = await s.extdata.create({ uuid: uid('ext'), accountId, userId: 'u', datastores: [] });
      const sml = await s.syncml.create({ uuid: uid('sml'), accountId, userId: 'u', phoneNumber: '+1', modelUuid: 'm', timezone: 'UTC' });
      const as = await s.activesync.create({ uuid: uid('as'), accountId, userId: 'u', username: `d${accountId}`, passwordHash: 'h', phoneNumber: '+1', modelUuid: 'm' });
      // Only datastore clients hold contents through the API; the store keeps any client's, and so deletes them all.
      for (const client of [ds.uuid, ext.uuid, sml.uuid, as.uuid]) {
        await s.contents.insertMany([{ uuid: uid('c'), accountId, clientUuid: client, dataclass: 'Notes', title: 't', type: 'text/plain', body: 'b' }]);
      }
      const token = await s.tokens.create(accountId, uid('digest'));
      const consumerKey = uid('ck');
      await s.consumers.create({ key: consumerKey, accountId, sealedSecret: 's' });
      await s.nonces.remember(accountId, consumerKey, 1, 'n');
      const binding = await s.bindings.create({ accountId, source: { kind: 'syncml', uuid: sml.uuid }, target: { kind: 'datastore', uuid: ds.uuid }, conflictWinner: 'source' });
      const log = await s.syncLog.append({ accountId, bindingId: binding.id, source: binding.source, target: binding.target, syncMode: 200, dataclass: 'Notes', stats: { source: zero, target: zero, duplicatesDetected: 0, duplicatesRemoved: 0, conflictsDetected: 0 }, result: 'completed', reason: null });
      await s.phoneBindings.create({ accountId, modelUuid: 'm', phoneNumber: '+1', foreignUserId: 'f', timezone: 'UTC', syncmlClientUuid: sml.uuid, datastoreClientUuid: ds.uuid });
      await s.outbox.append({ accountId, clientUuid: sml.uuid, kind: 'setup', phoneNumber: '+1', mediaType: 'x/y', payload: new Uint8Array([1]) });
      const session = uid('sess');
      await s.sessions.save({ id: session, accountId, clientUuid: sml.uuid, deviceId: 'd', protocol: 'SyncML/1.2', encoding: 'xml', started: new Date(), ended: null, status: null, reason: null, datastores: [] });
      await s.chatLog.append({ sessionId: session, msgId: 1, direction: 'in', encoding: 'xml', body: '<x/>' });
      return { ds, ext, sml, as, token, consumerKey, binding, log, session };
    };
    const a = await own(alice.id);
    const b = await own(bob.id);

    expect(await s.accounts.delete(alice.id)).toBe(true);

    expect(await s.datastores.list(alice.id)).toEqual([]);
    expect(await s.extdata.list(alice.id)).toEqual([]);
    expect(await s.syncml.list(alice.id)).toEqual([]);
    expect(await s.activesync.list(alice.id)).toEqual([]);
    expect(await s.contents.countLive(alice.id, [a.ds.uuid, a.ext.uuid, a.sml.uuid, a.as.uuid])).toEqual(new Map());
    expect(await s.contents.changesSince(a.ds, new Date(0))).toEqual([]);
    expect(await s.tokens.byDigest(a.token.digest)).toBeUndefined();
    expect(await s.consumers.byKey(a.consumerKey)).toBeUndefined();
    // Its nonces went with its consumer: remembering one now has no consumer to go with.
    await expect(s.nonces.remember(alice.id, a.consumerKey, 1, 'n')).rejects.toThrow();
    expect(await s.bindings.list(alice.id)).toEqual([]);
    expect(await s.syncLog.list(alice.id)).toEqual([]);
    expect(await s.phoneBindings.list(alice.id)).toEqual([]);
    expect(await s.outbox.list(alice.id, a.sml.uuid)).toEqual([]);
    expect(await s.sessions.get(a.session)).toBeUndefined();
    expect((await s.chatLog.list(10)).map((m) => m.sessionId)).toEqual([b.session]);
    // Its routes went with it: its names are free again, and Bob's phone's username still finds his client.
    expect(await s.activesync.byUsername(a.as.username)).toBeUndefined();
    expect((await s.activesync.byUsername(b.as.username))?.uuid).toBe(b.as.uuid);
    const carol = await makeAccount(s, 'alice');
    expect((await s.activesync.create({ uuid: uid('as'), accountId: carol.id, userId: 'u', username: a.as.username, passwordHash: 'h', phoneNumber: '', modelUuid: 'm' })).accountId).toBe(carol.id);
    expect((await s.tokens.create(carol.id, a.token.digest)).accountId).toBe(carol.id);
    expect((await s.consumers.create({ key: a.consumerKey, accountId: carol.id, sealedSecret: 's' })).accountId).toBe(carol.id);

    // Bob keeps everything.
    expect(await s.accounts.get(bob.id)).toBeDefined();
    expect(await s.contents.countLive(bob.id, [b.ds.uuid, b.ext.uuid, b.sml.uuid, b.as.uuid])).toEqual(
      new Map([b.ds.uuid, b.ext.uuid, b.sml.uuid, b.as.uuid].map((u) => [u, 1])),
    );
    expect(await s.tokens.byDigest(b.token.digest)).toBeDefined();
    expect(await s.nonces.remember(bob.id, b.consumerKey, 1, 'n')).toBe(false);
    expect(await s.bindings.list(bob.id)).toHaveLength(1);
    expect(await s.syncLog.list(bob.id)).toHaveLength(1);
    expect(await s.phoneBindings.list(bob.id)).toHaveLength(1);
    expect(await s.outbox.list(bob.id, b.sml.uuid)).toHaveLength(1);
    expect(await s.sessions.get(b.session)).toBeDefined();
  });
});

const zero = { addsIn: 0, replacesIn: 0, deletesIn: 0, addsOut: 0, replacesOut: 0, deletesOut: 0 };
