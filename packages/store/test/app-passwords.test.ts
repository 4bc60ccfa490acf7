/** App passwords (migration 19), on both stores. */
import { describe, expect, it } from 'vitest';
import type { NewAppPassword } from '../src/records.js';
import { storeKinds } from '../../server/test/support/stores.js';
import { makeAccount, sleep, uid, useStore } from './helpers.js';

const fresh = (accountId: number, name: string, hint = 7): NewAppPassword => ({ accountId, uuid: uid('ap'), name, passwordHash: `scrypt$${name}`, hint });

describe.each(storeKinds)('app passwords (%s)', (kind) => {
  const store = useStore(kind);

  it('creates and lists an account\'s app passwords, oldest first, and no one else\'s', async () => {
    const alice = await makeAccount(store(), 'alice');
    const bob = await makeAccount(store(), 'bob');
    const before = Date.now();
    const mac = await store().appPasswords.create(fresh(alice.id, 'Mac Contacts', 513), 50);
    expect(mac).toMatchObject({ accountId: alice.id, name: 'Mac Contacts', passwordHash: 'scrypt$Mac Contacts', hint: 513, lastUsed: null });
    if (typeof mac === 'string') throw new Error(mac);
    expect(mac.created.getTime()).toBeGreaterThanOrEqual(before);
    await sleep(3);
    const phone = await store().appPasswords.create(fresh(alice.id, 'DAVx5 on my phone'), 50);
    // Bob may use the same name: names are unique per account.
    const bobs = await store().appPasswords.create(fresh(bob.id, 'Mac Contacts'), 50);
    expect(await store().appPasswords.list(alice.id)).toEqual([mac, phone]);
    expect(await store().appPasswords.list(bob.id)).toEqual([bobs]);
    expect(await store().appPasswords.list(bob.id + 100)).toEqual([]);
  });

  it('refuses a name the account has, and a create past the limit, writing nothing', async () => {
    const alice = await makeAccount(store(), 'alice');
    await store().appPasswords.create(fresh(alice.id, 'one'), 2);
    expect(await store().appPasswords.create(fresh(alice.id, 'one'), 2)).toBe('name_taken');
    await store().appPasswords.create(fresh(alice.id, 'two'), 2);
    expect(await store().appPasswords.create(fresh(alice.id, 'three'), 2)).toBe('full');
    expect((await store().appPasswords.list(alice.id)).map((p) => p.name)).toEqual(['one', 'two']);
  });

  it('concurrent creates never pass the limit', async () => {
    const alice = await makeAccount(store(), 'alice');
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => store().appPasswords.create(fresh(alice.id, `device ${i}`), 3)));
    expect(results.filter((r) => typeof r !== 'string')).toHaveLength(3);
    expect(results.filter((r) => r === 'full')).toHaveLength(5);
    expect(await store().appPasswords.list(alice.id)).toHaveLength(3);
  });

  it('holding: the account by id, with its app password of that hash, and none of another account\'s or a revoked one', async () => {
    const alice = await makeAccount(store(), 'alice');
    const bob = await makeAccount(store(), 'bob');
    const mac = await store().appPasswords.create(fresh(alice.id, 'Mac'), 50);
    const bobs = await store().appPasswords.create(fresh(bob.id, 'Bob phone'), 50);
    if (typeof mac === 'string' || typeof bobs === 'string') throw new Error('not created');
    const aliceNow = await store().accounts.get(alice.id);
    expect(await store().appPasswords.holding(alice.id, mac.passwordHash)).toEqual({ account: aliceNow, appPassword: mac });
    expect(await store().appPasswords.holding(alice.id, aliceNow!.passwordHash)).toEqual({ account: aliceNow });
    expect(await store().appPasswords.holding(alice.id, bobs.passwordHash)).toEqual({ account: aliceNow });
    await store().appPasswords.delete(alice.id, mac.uuid);
    expect(await store().appPasswords.holding(alice.id, mac.passwordHash)).toEqual({ account: aliceNow });
    expect(await store().appPasswords.holding(bob.id + alice.id + 100, bobs.passwordHash)).toBeUndefined();
  });

  it('deletes by the account and uuid only: another account\'s uuid deletes nothing', async () => {
    const alice = await makeAccount(store(), 'alice');
    const bob = await makeAccount(store(), 'bob');
    const mac = (await store().appPasswords.create(fresh(alice.id, 'Mac'), 50)) as { uuid: string };
    expect(await store().appPasswords.delete(bob.id, mac.uuid)).toBe(false);
    expect(await store().appPasswords.list(alice.id)).toHaveLength(1);
    expect(await store().appPasswords.delete(alice.id, mac.uuid)).toBe(true);
    expect(await store().appPasswords.delete(alice.id, mac.uuid)).toBe(false);
    expect(await store().appPasswords.list(alice.id)).toEqual([]);
  });

  it('records a use, but not again within the window', async () => {
    const alice = await makeAccount(store(), 'alice');
    const mac = (await store().appPasswords.create(fresh(alice.id, 'Mac'), 50)) as { uuid: string };
    const first = new Date(1_700_000_000_000);
    await store().appPasswords.touch(alice.id, mac.uuid, first, 60_000);
    expect((await store().appPasswords.list(alice.id))[0]?.lastUsed).toEqual(first);
    await store().appPasswords.touch(alice.id, mac.uuid, new Date(first.getTime() + 30_000), 60_000);
    expect((await store().appPasswords.list(alice.id))[0]?.lastUsed).toEqual(first);
    const later = new Date(first.getTime() + 61_000);
    await store().appPasswords.touch(alice.id, mac.uuid, later, 60_000);
    expect((await store().appPasswords.list(alice.id))[0]?.lastUsed).toEqual(later);
    // Another account's touch of the uuid writes nothing.
    const bob = await makeAccount(store(), 'bob');
    await store().appPasswords.touch(bob.id, mac.uuid, new Date(later.getTime() + 120_000), 60_000);
    expect((await store().appPasswords.list(alice.id))[0]?.lastUsed).toEqual(later);
  });

  it('go with their account', async () => {
    const alice = await makeAccount(store(), 'alice');
    await store().appPasswords.create(fresh(alice.id, 'Mac'), 50);
    expect(await store().accounts.delete(alice.id)).toBe(true);
    expect(await store().appPasswords.list(alice.id)).toEqual([]);
  });
});
