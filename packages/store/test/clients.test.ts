/** The four client kinds: create/get/list/delete, their updates, and account isolation. */
import { describe, expect, it } from 'vitest';
import type { ExtdataDatastoreRecord } from '../src/records.js';
import { ActivesyncNameTaken } from '../src/store.js';
import { storeKinds } from '../../server/test/support/stores.js';
import { makeAccount, sleep, uid, useStore } from './helpers.js';

const contacts: ExtdataDatastoreRecord = {
  dataclass: 'Contacts',
  href: 'https://example.test/contacts',
  name: null,
  token: { type: 1, sealedKey: 'k', sealedSecret: 's', scopes: ['read', 'write'] },
};
const calendar: ExtdataDatastoreRecord = { dataclass: 'Calendar', href: 'https://example.test/cal', name: 'My calendar', token: null };

describe.each(storeKinds)('clients (%s)', (kind) => {
  const store = useStore(kind);

  it('extdata: create, get, list, add datastores in order, delete', async () => {
    const alice = await makeAccount(store(), 'alice');
    const bob = await makeAccount(store(), 'bob');
    const uuid = uid('ext');
    const created = await store().extdata.create({ uuid, accountId: alice.id, userId: 'u1', datastores: [contacts] });
    expect(created).toMatchObject({ uuid, accountId: alice.id, userId: 'u1', datastores: [contacts] });
    expect(await store().extdata.get(alice.id, uuid)).toEqual(created);
    expect(await store().extdata.list(alice.id)).toEqual([created]);

    await sleep(3);
    const grown = await store().extdata.addDatastores(alice.id, uuid, 'u2', [calendar]);
    expect(grown).toMatchObject({ userId: 'u2', datastores: [contacts, calendar], created: created.created });
    expect(grown?.updated.getTime()).toBeGreaterThan(created.updated.getTime());
    expect(await store().extdata.get(alice.id, uuid)).toEqual(grown);

    // A datastore rewritten in place (a DAV marker found by a run), the others as they were.
    const dav = { collection: 'https://example.test/cal/personal/', kind: 'calendar' } as const;
    const marked = await store().extdata.updateDatastores(alice.id, uuid, (d) => (d.dataclass === 'Calendar' ? { ...d, dav } : undefined));
    expect(marked).toMatchObject({ userId: 'u2', datastores: [contacts, { ...calendar, dav }] });
    expect(await store().extdata.get(alice.id, uuid)).toEqual(marked);
    expect(await store().extdata.updateDatastores(alice.id, uuid, () => undefined)).toEqual(marked);

    // Another account's client is not found, for every method.
    expect(await store().extdata.get(bob.id, uuid)).toBeUndefined();
    expect(await store().extdata.list(bob.id)).toEqual([]);
    expect(await store().extdata.addDatastores(bob.id, uuid, 'x', [calendar])).toBeUndefined();
    expect(await store().extdata.updateDatastores(bob.id, uuid, (d) => ({ ...d, href: 'https://elsewhere.test/' }))).toBeUndefined();
    expect(await store().extdata.delete(bob.id, uuid)).toBe(false);

    expect(await store().extdata.delete(alice.id, uuid)).toBe(true);
    expect(await store().extdata.get(alice.id, uuid)).toBeUndefined();
    expect(await store().extdata.delete(alice.id, uuid)).toBe(false);
  });

  it('datastore: user_id is unique per account, not across accounts', async () => {
    const alice = await makeAccount(store(), 'alice');
    const bob = await makeAccount(store(), 'bob');
    const first = await store().datastores.create({ uuid: uid('ds'), accountId: alice.id, userId: 'phone-1' });
    expect(first).toMatchObject({ accountId: alice.id, userId: 'phone-1' });
    expect(await store().datastores.create({ uuid: uid('ds'), accountId: alice.id, userId: 'phone-1' })).toBeUndefined();
    const bobs = await store().datastores.create({ uuid: uid('ds'), accountId: bob.id, userId: 'phone-1' });
    expect(bobs).toBeDefined();

    expect(await store().datastores.byUserId(alice.id, 'phone-1')).toEqual(first);
    expect(await store().datastores.byUserId(bob.id, 'phone-1')).toEqual(bobs);
    expect(await store().datastores.byUserId(alice.id, 'phone-2')).toBeUndefined();
    expect(await store().datastores.list(alice.id)).toEqual([first]);
    expect(await store().datastores.get(alice.id, first!.uuid)).toEqual(first);
    expect(await store().datastores.get(bob.id, first!.uuid)).toBeUndefined();
    expect(await store().datastores.delete(bob.id, first!.uuid)).toBe(false);
    expect(await store().datastores.delete(alice.id, first!.uuid)).toBe(true);
    expect(await store().datastores.list(alice.id)).toEqual([]);
    // Freed: the user_id can be used again.
    expect(await store().datastores.create({ uuid: uid('ds'), accountId: alice.id, userId: 'phone-1' })).toBeDefined();
  });

  it('lists clients oldest first', async () => {
    const alice = await makeAccount(store(), 'alice');
    const made = [];
    for (const userId of ['a', 'b', 'c']) {
      made.push(await store().datastores.create({ uuid: uid('ds'), accountId: alice.id, userId }));
      await sleep(2);
    }
    expect((await store().datastores.list(alice.id)).map((c) => c.userId)).toEqual(['a', 'b', 'c']);
  });

  it("deleting a client deletes its contents, and not those of another account's client of the same uuid", async () => {
    const alice = await makeAccount(store(), 'alice');
    const bob = await makeAccount(store(), 'bob');
    const client = (await store().datastores.create({ uuid: uid('ds'), accountId: alice.id, userId: 'p' }))!;
    const twin = (await store().datastores.create({ uuid: client.uuid, accountId: bob.id, userId: 'p' }))!;
    const note = (c: typeof client) => ({ uuid: uid('c'), accountId: c.accountId, clientUuid: c.uuid, dataclass: 'Notes' as const, title: 't', type: 'text/plain', body: 'b' });
    await store().contents.insertMany([note(client), note(twin)]);
    expect(await store().datastores.delete(alice.id, client.uuid)).toBe(true);
    expect(await store().contents.changesSince(client, new Date(0))).toEqual([]);
    expect(await store().contents.countLive(bob.id, [twin.uuid])).toEqual(new Map([[twin.uuid, 1]]));
  });

  it('syncml: create, setup, imei, datastores, delete', async () => {
    const alice = await makeAccount(store(), 'alice');
    const bob = await makeAccount(store(), 'bob');
    const uuid = uid('sml');
    const created = await store().syncml.create({ uuid, accountId: alice.id, userId: 'u', phoneNumber: '+15550100', modelUuid: 'model-1', timezone: 'Europe/Paris' });
    expect(created).toMatchObject({ uuid, imei: '', setupName: '', setupSent: null, datastores: [], phoneNumber: '+15550100', modelUuid: 'model-1', timezone: 'Europe/Paris' });

    const sent = new Date('2024-05-06T07:08:09.123Z');
    const setup = await store().syncml.recordSetup(alice.id, uuid, 'contacts setup', sent);
    expect(setup).toMatchObject({ setupName: 'contacts setup', setupSent: sent });
    expect(await store().syncml.recordSetup(bob.id, uuid, 'x', sent)).toBeUndefined();

    expect(await store().syncml.setImei(alice.id, uuid, 'IMEI:35')).toBe(true);
    expect(await store().syncml.setImei(bob.id, uuid, 'IMEI:99')).toBe(false);

    const card = { name: './contacts', dataclass: 'Contacts' as const, serverUri: 'contacts' };
    expect(await store().syncml.addDatastore(alice.id, uuid, card)).toBe(true);
    expect(await store().syncml.addDatastore(alice.id, uuid, { ...card, serverUri: 'card' })).toBe(true);
    expect(await store().syncml.addDatastore(alice.id, uuid, { name: './cal', dataclass: 'Calendar', serverUri: 'calendar' })).toBe(true);
    expect(await store().syncml.addDatastore(bob.id, uuid, card)).toBe(false);

    const now = await store().syncml.get(alice.id, uuid);
    expect(now).toMatchObject({ imei: 'IMEI:35', setupName: 'contacts setup', setupSent: sent });
    expect(now?.datastores).toEqual([card, { name: './cal', dataclass: 'Calendar', serverUri: 'calendar' }]);
    expect(await store().syncml.list(alice.id)).toEqual([now]);
    expect(await store().syncml.list(bob.id)).toEqual([]);
    expect(await store().syncml.get(bob.id, uuid)).toBeUndefined();
    expect(await store().syncml.delete(bob.id, uuid)).toBe(false);
    expect(await store().syncml.delete(alice.id, uuid)).toBe(true);
    expect(await store().syncml.get(alice.id, uuid)).toBeUndefined();
  });

  it('activesync: create, set password, delete', async () => {
    const alice = await makeAccount(store(), 'alice');
    const bob = await makeAccount(store(), 'bob');
    const uuid = uid('as');
    const created = await store().activesync.create({ uuid, accountId: alice.id, userId: 'u', username: 'dev', passwordHash: 'h1', phoneNumber: '+1', modelUuid: 'm' });
    expect(created).toMatchObject({ uuid, username: 'dev', passwordHash: 'h1', lastSync: null });
    expect(await store().activesync.get(alice.id, uuid)).toEqual(created);
    expect(await store().activesync.list(alice.id)).toEqual([created]);
    expect(await store().activesync.setPassword(alice.id, uuid, 'h2')).toMatchObject({ passwordHash: 'h2' });
    expect(await store().activesync.setPassword(bob.id, uuid, 'h3')).toBeUndefined();
    expect(await store().activesync.get(bob.id, uuid)).toBeUndefined();
    expect(await store().activesync.list(bob.id)).toEqual([]);
    expect(await store().activesync.delete(bob.id, uuid)).toBe(false);
    expect(await store().activesync.delete(alice.id, uuid)).toBe(true);
    expect(await store().activesync.list(alice.id)).toEqual([]);
  });

  it('activesync: two accounts registering one username at once: one gets it, the other is refused, nothing of it written', async () => {
    const alice = await makeAccount(store(), 'alice');
    const bob = await makeAccount(store(), 'bob');
    const register = (accountId: number, username: string) =>
      store().activesync.create({ uuid: uid('as'), accountId, userId: 'u', username, passwordHash: 'h', phoneNumber: '', modelUuid: 'm' });
    const results = await Promise.allSettled([register(alice.id, 'race@example.org'), register(bob.id, 'RACE@example.org')]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: expect.any(ActivesyncNameTaken) });
    const clients = [...(await store().activesync.list(alice.id)), ...(await store().activesync.list(bob.id))];
    expect(clients).toHaveLength(1);
    expect(await store().activesync.byUsername('race@example.org')).toEqual(clients[0]);
  });

  it('activesync: a username is held by one client across the service, whatever its ASCII case; deleting the client frees it', async () => {
    const alice = await makeAccount(store(), 'alice');
    const bob = await makeAccount(store(), 'bob');
    const register = (accountId: number, username: string) =>
      store().activesync.create({ uuid: uid('as'), accountId, userId: 'u', username, passwordHash: 'h', phoneNumber: '', modelUuid: 'm' });
    const ofBob = await register(bob.id, 'ada@example.org');
    const tablet = await register(bob.id, 'tablet');
    // Taken in another account, in the same one, and in another case: refused, nothing written.
    await expect(register(alice.id, 'ada@example.org')).rejects.toBeInstanceOf(ActivesyncNameTaken);
    await expect(register(bob.id, 'ada@example.org')).rejects.toBeInstanceOf(ActivesyncNameTaken);
    await expect(register(alice.id, 'Ada@Example.ORG')).rejects.toBeInstanceOf(ActivesyncNameTaken);
    expect(await store().activesync.list(alice.id)).toEqual([]);
    expect((await store().activesync.list(bob.id)).map((c) => c.uuid)).toEqual([ofBob.uuid, tablet.uuid]);
    // The name finds its one client, in any ASCII case; only ASCII letters fold.
    expect(await store().activesync.byUsername('ada@example.org')).toEqual(ofBob);
    expect(await store().activesync.byUsername('ADA@example.org')).toEqual(ofBob);
    expect(await store().activesync.byUsername('nobody')).toBeUndefined();
    const emile = await register(alice.id, 'Émile');
    expect(await store().activesync.byUsername('émile')).toBeUndefined();
    expect((await register(bob.id, 'émile')).accountId).toBe(bob.id);
    expect(await store().activesync.byUsername('ÉMILE')).toEqual(emile);
    // A password change is seen through the route (it reads the client's row).
    await store().activesync.setPassword(bob.id, ofBob.uuid, 'h2');
    expect((await store().activesync.byUsername('ada@example.org'))?.passwordHash).toBe('h2');
    // Deleting the client frees the name, for any account.
    expect(await store().activesync.delete(bob.id, ofBob.uuid)).toBe(true);
    expect(await store().activesync.byUsername('ada@example.org')).toBeUndefined();
    const ofAlice = await register(alice.id, 'Ada@example.org');
    expect(await store().activesync.byUsername('ada@example.org')).toEqual(ofAlice);
    // Deleting an account frees its clients' names.
    expect(await store().accounts.delete(bob.id)).toBe(true);
    expect(await store().activesync.byUsername('tablet')).toBeUndefined();
    expect((await register(alice.id, 'TABLET')).accountId).toBe(alice.id);
  });
});
