/** Accounts, bearer tokens, OAuth consumers and nonces, on both stores. */
import { describe, expect, it } from 'vitest';
import { storeKinds } from '../../server/test/support/stores.js';
import { makeAccount, sleep, useStore } from './helpers.js';

describe.each(storeKinds)('accounts (%s)', (kind) => {
  const store = useStore(kind);

  it('creates, gets, finds by username, lists and refuses a taken username', async () => {
    const before = Date.now();
    const alice = await store().accounts.create({ username: 'alice', passwordHash: 'h1', syncmlDigest: 'sealed', admin: false });
    expect(alice).toMatchObject({ username: 'alice', passwordHash: 'h1', syncmlDigest: 'sealed', admin: false });
    expect(Number.isInteger(alice?.id)).toBe(true);
    expect(alice?.created.getTime()).toBeGreaterThanOrEqual(before);
    expect(alice?.updated).toEqual(alice?.created);
    const root = await makeAccount(store(), 'root', true);
    expect(root.admin).toBe(true);
    expect(root.id).not.toBe(alice?.id);

    expect(await store().accounts.get(root.id)).toEqual(root);
    expect(await store().accounts.byUsername('alice')).toEqual(alice);
    expect(await store().accounts.byUsername('nobody')).toBeUndefined();
    expect(await store().accounts.get(9_999)).toBeUndefined();
    expect(await store().accounts.create({ username: 'alice', passwordHash: 'other', syncmlDigest: null, admin: true })).toBeUndefined();
    expect((await store().accounts.list()).map((a) => a.username)).toEqual(['alice', 'root']);
  });

  it('stamps created/updated with the current time, read back to the millisecond', async () => {
    const before = Date.now();
    const alice = await makeAccount(store(), 'alice');
    const after = Date.now();
    const again = await store().accounts.get(alice.id);
    expect(again?.created.getTime()).toBe(alice.created.getTime());
    expect(alice.created.getTime()).toBeGreaterThanOrEqual(before);
    expect(alice.created.getTime()).toBeLessThanOrEqual(after);
  });

  it('updates password, digest and admin flag; false for a missing account', async () => {
    const alice = await makeAccount(store(), 'alice');
    await sleep(3);
    expect(await store().accounts.update(alice.id, { passwordHash: 'new', syncmlDigest: 'd', admin: true })).toBe(true);
    const changed = await store().accounts.get(alice.id);
    expect(changed).toMatchObject({ passwordHash: 'new', syncmlDigest: 'd', admin: true, created: alice.created });
    expect(changed?.updated.getTime()).toBeGreaterThan(alice.updated.getTime());
    expect(await store().accounts.update(alice.id + 100, { passwordHash: 'x', syncmlDigest: null, admin: false })).toBe(false);
  });

  it('deletes an account; false the second time', async () => {
    const alice = await makeAccount(store(), 'alice');
    expect(await store().accounts.delete(alice.id)).toBe(true);
    expect(await store().accounts.get(alice.id)).toBeUndefined();
    expect(await store().accounts.delete(alice.id)).toBe(false);
    // The username is free again, and names the new account.
    const again = await store().accounts.create({ username: 'alice', passwordHash: 'h', syncmlDigest: null, admin: false });
    expect(again?.id).not.toBe(alice.id);
    expect(await store().accounts.byUsername('alice')).toEqual(again);
  });

  it('deleteUnlessLastAdmin: deletes a user and all but one administrator, keeps the last one, absent for none', async () => {
    const alice = await makeAccount(store(), 'alice');
    const root = await makeAccount(store(), 'root', true);
    const ops = await makeAccount(store(), 'ops', true);
    expect(await store().accounts.deleteUnlessLastAdmin(alice.id)).toBe('deleted');
    expect(await store().accounts.deleteUnlessLastAdmin(alice.id)).toBe('absent');
    expect(await store().accounts.deleteUnlessLastAdmin(ops.id)).toBe('deleted');
    expect(await store().accounts.deleteUnlessLastAdmin(root.id)).toBe('last_admin');
    expect(await store().accounts.get(root.id)).toEqual(root);
    expect((await store().accounts.list()).map((a) => a.username)).toEqual(['root']);
  });

  it('deleteUnlessLastAdmin: two deletes at once of the last two administrators, exactly one succeeds', async () => {
    // A user besides them, whose row is not an administrator's: it neither counts nor blocks.
    await makeAccount(store(), 'alice');
    for (let round = 0; round < 5; round++) {
      const first = await makeAccount(store(), `first-${round}`, true);
      const second = await makeAccount(store(), `second-${round}`, true);
      const existing = (await store().accounts.list()).filter((a) => a.admin && a.id !== first.id && a.id !== second.id);
      for (const other of existing) expect(await store().accounts.delete(other.id)).toBe(true);
      const outcomes = await Promise.all([store().accounts.deleteUnlessLastAdmin(first.id), store().accounts.deleteUnlessLastAdmin(second.id)]);
      expect([...outcomes].sort()).toEqual(['deleted', 'last_admin']);
      const admins = (await store().accounts.list()).filter((a) => a.admin);
      expect(admins).toHaveLength(1);
      expect(admins[0]!.id).toBe(outcomes[0] === 'deleted' ? second.id : first.id);
    }
  });

  it('deleteUnlessLastAdmin: two deletes at once of the same administrator, one deletes and the other finds it absent', async () => {
    const root = await makeAccount(store(), 'root', true);
    const ops = await makeAccount(store(), 'ops', true);
    const outcomes = await Promise.all([store().accounts.deleteUnlessLastAdmin(ops.id), store().accounts.deleteUnlessLastAdmin(ops.id)]);
    expect([...outcomes].sort()).toEqual(['absent', 'deleted']);
    expect((await store().accounts.list()).map((a) => a.id)).toEqual([root.id]);
  });

  it('a refused username leaves nothing: no second account, the name still routes to the first', async () => {
    const alice = await makeAccount(store(), 'alice');
    expect(await store().accounts.create({ username: 'alice', passwordHash: 'other', syncmlDigest: null, admin: true })).toBeUndefined();
    expect(await store().accounts.list()).toEqual([alice]);
    expect(await store().accounts.byUsername('alice')).toEqual(alice);
  });

  it('inside a transaction, a refused username keeps the transaction going', async () => {
    await makeAccount(store(), 'alice');
    const bob = await store().transaction(async (tx) => {
      expect(await tx.accounts.create({ username: 'alice', passwordHash: 'h', syncmlDigest: null, admin: false })).toBeUndefined();
      return tx.accounts.create({ username: 'bob', passwordHash: 'h', syncmlDigest: null, admin: false });
    });
    expect((await store().accounts.list()).map((a) => a.username)).toEqual(['alice', 'bob']);
    expect(await store().accounts.byUsername('bob')).toEqual(bob);
  });
});

describe.each(storeKinds)('tokens, consumers and nonces (%s)', (kind) => {
  const store = useStore(kind);

  it('finds a token by digest; digests are unique across accounts', async () => {
    const alice = await makeAccount(store(), 'alice');
    const bob = await makeAccount(store(), 'bob');
    const token = await store().tokens.create(alice.id, 'ab'.repeat(32));
    expect(token).toMatchObject({ accountId: alice.id, digest: 'ab'.repeat(32) });
    expect(await store().tokens.byDigest('ab'.repeat(32))).toEqual(token);
    expect(await store().tokens.byDigest('cd'.repeat(32))).toBeUndefined();
    await expect(store().tokens.create(alice.id, 'ab'.repeat(32))).rejects.toThrow();
    await expect(store().tokens.create(bob.id, 'ab'.repeat(32))).rejects.toThrow();
    // A refused token left nothing: the digest still names Alice's.
    expect(await store().tokens.byDigest('ab'.repeat(32))).toEqual(token);
    const second = await store().tokens.create(bob.id, 'cd'.repeat(32));
    expect(second.id).not.toBe(token.id);
    expect(await store().tokens.byDigest('cd'.repeat(32))).toEqual(second);
  });

  it('a token of an account that does not exist is refused, and leaves no route', async () => {
    await expect(store().tokens.create(9_999, 'ef'.repeat(32))).rejects.toThrow();
    expect(await store().tokens.byDigest('ef'.repeat(32))).toBeUndefined();
    const alice = await makeAccount(store(), 'alice');
    expect((await store().tokens.create(alice.id, 'ef'.repeat(32))).accountId).toBe(alice.id);
  });

  it('finds a consumer by key; keys are unique across accounts', async () => {
    const alice = await makeAccount(store(), 'alice');
    const bob = await makeAccount(store(), 'bob');
    const consumer = await store().consumers.create({ key: 'ck', accountId: alice.id, sealedSecret: 'sealed' });
    expect(consumer).toMatchObject({ key: 'ck', accountId: alice.id, sealedSecret: 'sealed' });
    expect(consumer.created).toBeInstanceOf(Date);
    expect(await store().consumers.byKey('ck')).toEqual(consumer);
    expect(await store().consumers.byKey('other')).toBeUndefined();
    await expect(store().consumers.create({ key: 'ck', accountId: bob.id, sealedSecret: 'x' })).rejects.toThrow();
    expect(await store().consumers.byKey('ck')).toEqual(consumer);
  });

  it('refuses a replayed nonce, per consumer and timestamp, and prunes old ones', async () => {
    const alice = await makeAccount(store(), 'alice');
    const ck = await store().consumers.create({ key: 'ck', accountId: alice.id, sealedSecret: 's' });
    const other = await store().consumers.create({ key: 'other', accountId: alice.id, sealedSecret: 's' });
    const remember = (c: typeof ck, timestamp: number, nonce: string) => store().nonces.remember(c.accountId, c.key, timestamp, nonce);
    expect(await remember(ck, 1_000, 'n1')).toBe(true);
    expect(await remember(ck, 1_000, 'n1')).toBe(false);
    expect(await remember(ck, 1_001, 'n1')).toBe(true);
    expect(await remember(other, 1_000, 'n1')).toBe(true);
    expect(await remember(ck, 1_000, 'n2')).toBe(true);
    await store().nonces.prune(1_001);
    // Pruned: forgotten, so it counts as new again (its timestamp is refused by the window anyway).
    expect(await remember(ck, 1_000, 'n1')).toBe(true);
    expect(await remember(ck, 1_001, 'n1')).toBe(false);
  });

  it('prunes one account\'s nonces, leaving the others\'', async () => {
    const ofAlice = await store().consumers.create({ key: 'ck-a', accountId: (await makeAccount(store(), 'alice')).id, sealedSecret: 's' });
    const ofBob = await store().consumers.create({ key: 'ck-b', accountId: (await makeAccount(store(), 'bob')).id, sealedSecret: 's' });
    for (const c of [ofAlice, ofBob]) expect(await store().nonces.remember(c.accountId, c.key, 1_000, 'n')).toBe(true);
    await store().nonces.prune(1_001, ofAlice.accountId);
    expect(await store().nonces.remember(ofAlice.accountId, ofAlice.key, 1_000, 'n')).toBe(true);
    expect(await store().nonces.remember(ofBob.accountId, ofBob.key, 1_000, 'n')).toBe(false);
  });

  it('keeps no nonce of a consumer that does not exist', async () => {
    const alice = await makeAccount(store(), 'alice');
    await expect(store().nonces.remember(alice.id, 'nobody', 1_000, 'n')).rejects.toThrow();
  });

  it('refuses concurrent replays of one nonce: exactly one remember wins', async () => {
    const alice = await makeAccount(store(), 'alice');
    await store().consumers.create({ key: 'ck', accountId: alice.id, sealedSecret: 's' });
    const results = await Promise.all(Array.from({ length: 8 }, () => store().nonces.remember(alice.id, 'ck', 5, 'same')));
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});
