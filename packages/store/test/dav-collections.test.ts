/**
 * What DAV clients set on collections (properties, the segments they chose) and the UID written
 * beside every item (migration 20), on both stores: read many collections at once, set and
 * removed in one go, gone with the datastore client and with the account; items found by UID.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { NewContent } from '../src/records.js';
import type { CollectionKey, Store } from '../src/store.js';
import { storeKinds } from '../../server/test/support/stores.js';
import { clientKey, makeAccount, useStore } from './helpers.js';

const card = (uid: string, name = 'Ada') => `BEGIN:VCARD\r\nVERSION:3.0\r\nUID:${uid}\r\nFN:${name}\r\nEND:VCARD\r\n`;

async function datastore(store: Store, accountId: number, userId: string): Promise<string> {
  const created = await store.datastores.create({ uuid: randomUUID(), accountId, userId });
  return created!.uuid;
}

describe.each(storeKinds)('DAV collections in the store (%s)', (kind) => {
  const store = useStore(kind);

  it('keeps properties per collection, set and removed in one patch, read for many collections at once', async () => {
    const alice = await makeAccount(store(), 'alice');
    const uuid = await datastore(store(), alice.id, 'home');
    const events: CollectionKey = { accountId: alice.id, uuid, dataclass: 'Events' };
    const tasks: CollectionKey = { accountId: alice.id, uuid, dataclass: 'Tasks' };
    const contacts: CollectionKey = { accountId: alice.id, uuid, dataclass: 'Contacts' };
    await store().davProperties.patch(events, [{ name: '{DAV:}displayname', value: 'Work' }, { name: '{x:}dead', value: '<x:dead xmlns:x="x:">1</x:dead>' }], []);
    await store().davProperties.patch(tasks, [{ name: '{DAV:}displayname', value: 'Chores' }], []);
    // Replaced, removed, and a name set twice keeps the later value.
    await store().davProperties.patch(events, [{ name: '{DAV:}displayname', value: 'Office' }, { name: '{A:}c', value: '#ff0000' }, { name: '{A:}c', value: '#00ff00' }], ['{x:}dead', '{x:}never-set']);
    const read = await store().davProperties.get([events, tasks, contacts]);
    expect(read.get(events)).toEqual(new Map([['{A:}c', '#00ff00'], ['{DAV:}displayname', 'Office']]));
    expect(read.get(tasks)).toEqual(new Map([['{DAV:}displayname', 'Chores']]));
    expect(read.has(contacts)).toBe(false);
    // Another account asking for the same client uuid finds nothing.
    const bob = await makeAccount(store(), 'bob');
    expect((await store().davProperties.get([{ ...events, accountId: bob.id }])).size).toBe(0);
    expect((await store().davProperties.get([])).size).toBe(0);
  });

  it('a patch that fails midway leaves nothing written', async () => {
    const alice = await makeAccount(store(), 'alice');
    const key: CollectionKey = { accountId: alice.id, uuid: await datastore(store(), alice.id, 'home'), dataclass: 'Events' };
    await store().davProperties.patch(key, [{ name: '{DAV:}displayname', value: 'Before' }], []);
    await expect(
      store().transaction(async (tx) => {
        await tx.davProperties.patch(key, [{ name: '{DAV:}displayname', value: 'After' }], []);
        throw new Error('cut');
      }),
    ).rejects.toThrow('cut');
    expect((await store().davProperties.get([key])).get(key)?.get('{DAV:}displayname')).toBe('Before');
  });

  it('keeps the segments clients chose, one collection per segment of a home', async () => {
    const alice = await makeAccount(store(), 'alice');
    const bob = await makeAccount(store(), 'bob');
    const uuid = await datastore(store(), alice.id, 'home');
    const seg = { accountId: alice.id, family: 'calendars' as const, segment: 'Work Calendar', clientUuid: uuid, dataclass: 'Tasks' as const };
    expect(await store().davSegments.add(seg)).toBe(true);
    expect(await store().davSegments.add({ ...seg, dataclass: 'Events' })).toBe(false);
    // The same segment in the other home, or in another account, is another one.
    expect(await store().davSegments.add({ ...seg, family: 'addressbooks', dataclass: 'Contacts' })).toBe(true);
    expect(await store().davSegments.add({ ...seg, accountId: bob.id, clientUuid: await datastore(store(), bob.id, 'b') })).toBe(true);
    expect(await store().davSegments.get(alice.id, 'calendars', 'Work Calendar')).toEqual(seg);
    expect(await store().davSegments.get(alice.id, 'calendars', 'work calendar')).toBeUndefined();
    expect((await store().davSegments.list(alice.id)).map((s) => [s.family, s.segment, s.dataclass])).toEqual([
      ['addressbooks', 'Work Calendar', 'Contacts'],
      ['calendars', 'Work Calendar', 'Tasks'],
    ]);
  });

  it('drops properties and segments with the datastore client, and with the account', async () => {
    const alice = await makeAccount(store(), 'alice');
    const gone = await datastore(store(), alice.id, 'gone');
    const kept = await datastore(store(), alice.id, 'kept');
    for (const uuid of [gone, kept]) {
      await store().davProperties.patch({ accountId: alice.id, uuid, dataclass: 'Events' }, [{ name: '{DAV:}displayname', value: uuid }], []);
      await store().davSegments.add({ accountId: alice.id, family: 'calendars', segment: `s-${uuid}`, clientUuid: uuid, dataclass: 'Events' });
    }
    expect(await store().datastores.delete(alice.id, gone)).toBe(true);
    const keys = [gone, kept].map((uuid): CollectionKey => ({ accountId: alice.id, uuid, dataclass: 'Events' }));
    const left = await store().davProperties.get(keys);
    expect([...left.keys()].map((k) => k.uuid)).toEqual([kept]);
    expect((await store().davSegments.list(alice.id)).map((s) => s.clientUuid)).toEqual([kept]);
    expect(await store().accounts.delete(alice.id)).toBe(true);
    expect((await store().davProperties.get(keys)).size).toBe(0);
    expect(await store().davSegments.list(alice.id)).toEqual([]);
  });

  it('writes each item’s UID beside it and finds a collection’s live items by it', async () => {
    const client = clientKey();
    const contacts: CollectionKey = { ...client, dataclass: 'Contacts' };
    const item = (uid: string, extra: Partial<NewContent> = {}): NewContent => ({
      uuid: randomUUID(),
      accountId: client.accountId,
      clientUuid: client.uuid,
      dataclass: 'Contacts',
      title: uid,
      type: 'text/vcard',
      body: card(uid),
      ...extra,
    });
    const [a, b, other] = await store().contents.insertMany([item('uid-a'), item('uid-b'), item('uid-a', { dataclass: 'Notes', body: 'UID:uid-a' })]);
    expect((await store().contents.byUid(contacts, 'uid-a')).map((i) => i.uuid)).toEqual([a!.uuid]);
    expect(await store().contents.byUid({ ...client, dataclass: 'Notes' }, 'uid-a')).toEqual([]);
    expect(other).toBeDefined();
    // An update moves the UID with the body (one at a time and many at once).
    await store().contents.update(client, a!.uuid, { dataclass: 'Contacts', title: 'a', type: 'text/vcard', body: card('uid-c') });
    expect(await store().contents.byUid(contacts, 'uid-a')).toEqual([]);
    expect((await store().contents.byUid(contacts, 'uid-c')).map((i) => i.uuid)).toEqual([a!.uuid]);
    await store().contents.updateMany(client, [{ uuid: b!.uuid, change: { dataclass: 'Contacts', title: 'b', type: 'text/vcard', body: card('uid-d') } }]);
    expect((await store().contents.byUid(contacts, 'uid-d')).map((i) => i.uuid)).toEqual([b!.uuid]);
    expect(await store().contents.byUid(contacts, 'uid-b')).toEqual([]);
    // A tombstone holds no UID; another client's item with the same UID is not this collection's.
    await store().contents.deleteMany(client, [b!.uuid]);
    expect(await store().contents.byUid(contacts, 'uid-d')).toEqual([]);
    const elsewhere = clientKey(client.accountId);
    await store().contents.insertMany([{ ...item('uid-c'), clientUuid: elsewhere.uuid }]);
    expect((await store().contents.byUid(contacts, 'uid-c')).map((i) => i.uuid)).toEqual([a!.uuid]);
    // Inside a transaction too (PostgreSQL takes the client's counter first; the write that follows takes the same).
    const written = await store().transaction(async (tx) => {
      expect(await tx.contents.byUid(contacts, 'uid-e')).toEqual([]);
      return tx.contents.insertMany([item('uid-e')]);
    });
    expect((await store().contents.byUid(contacts, 'uid-e')).map((i) => i.sequence)).toEqual([written[0]!.sequence]);
  });
});
