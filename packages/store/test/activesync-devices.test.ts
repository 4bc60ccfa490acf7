/**
 * What the ActiveSync endpoint keeps per phone, on both stores: the device (first contact,
 * refresh, a new DeviceId replacing it), its collections, the outbox queued for each, the items
 * each holds, all or nothing in a transaction, and gone with the client or the account.
 */
import { describe, expect, it } from 'vitest';
import type { ActivesyncCollectionRecord, ActivesyncDeviceItem, ActivesyncOutboxRow } from '../src/records.js';
import { WRITE_LAST_SEEN_AFTER_MS, type Store } from '../src/store.js';
import { storeKinds } from '../../server/test/support/stores.js';
import { makeAccount, uid, useStore } from './helpers.js';

class Boom extends Error {}

const IPHONE = { deviceId: 'ApplC39GQ0ABCDEF', deviceType: 'iPhone', userAgent: 'Apple-iPhone13C2/1905.258', protocolVersion: '16.1' };
const ANDROID = { deviceId: 'androidc1234567890', deviceType: 'Android', userAgent: 'Android-Mail/2024.01', protocolVersion: '14.1' };

/** A client of a fresh account, ready for its phone. */
async function activesyncClient(store: Store, username = 'alice'): Promise<{ accountId: number; clientUuid: string }> {
  const account = await makeAccount(store, username);
  const client = await store.activesync.create({ uuid: uid('as'), accountId: account.id, userId: 'u', username: `dev-${username}`, passwordHash: 'h', phoneNumber: '+1', modelUuid: 'm' });
  return { accountId: account.id, clientUuid: client.uuid };
}

/** The device record's fields a phone starts with (migration 6). */
const NOTHING_YET = { syncRequest: null, pingRequest: null, unboundSince: null, replaced: null, wipe: null };

const contact = (n: number, extra = ''): string => `BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Person ${n}${extra}\r\nEND:VCARD\r\n`;

type Change = Omit<ActivesyncOutboxRow, 'seq'>;
const adds = (from: number, count: number): Change[] =>
  Array.from({ length: count }, (_, i) => ({ op: 'add' as const, serverId: `c:${from + i}`, dataclass: 'Contacts' as const, body: contact(from + i) }));

describe.each(storeKinds)('ActiveSync devices (%s)', (kind) => {
  const store = useStore(kind);

  /** Everything one collection of a client holds, to compare before and after. */
  async function stateOf(accountId: number, clientUuid: string, collectionId: string) {
    const s = store().activesyncDevices;
    return {
      collection: await s.collection(accountId, clientUuid, collectionId),
      outbox: await s.peekOutbox(accountId, clientUuid, collectionId, 1_000),
      items: await s.items(accountId, clientUuid, collectionId, ['c:0', 'c:1', 'c:2']),
    };
  }

  /** A collection with a saved row, two queued changes and three items. */
  async function filled(accountId: number, clientUuid: string, collectionId: string): Promise<void> {
    const s = store().activesyncDevices;
    await s.saveCollection({ accountId, clientUuid, collectionId, syncKey: '1', previousKey: null, lastReply: null, state: '{}' }, new Date());
    await s.appendOutbox(accountId, clientUuid, collectionId, adds(0, 2));
    await s.putItems(accountId, clientUuid, collectionId, [0, 1, 2].map((n) => ({ serverId: `c:${n}`, dataclass: 'Contacts' as const, body: contact(n) })));
  }

  it('records a phone on first contact, refreshes it on the next request, and isolates accounts', async () => {
    const { accountId, clientUuid } = await activesyncClient(store());
    expect(await store().activesyncDevices.device(accountId, clientUuid)).toBeUndefined();

    const first = new Date(Date.UTC(2025, 0, 2, 3, 4, 5, 678));
    const created = await store().activesyncDevices.touch(accountId, clientUuid, IPHONE, first);
    expect(created).toEqual({
      record: {
        accountId,
        clientUuid,
        ...IPHONE,
        policyKey: null,
        pendingPolicyKey: null,
        folderSyncKey: '0',
        folders: '[]',
        information: null,
        created: first,
        lastSeen: first,
        ...NOTHING_YET,
      },
      replaced: null,
    });
    expect(await store().activesyncDevices.device(accountId, clientUuid)).toEqual(created.record);

    // The same DeviceId after a software update: its type, agent and version follow, the rest stays.
    await store().activesyncDevices.update(accountId, clientUuid, { policyKey: '1234', folderSyncKey: '3', folders: '[{"id":"c"}]' });
    const later = new Date(first.getTime() + 60_000);
    const upgraded = { ...IPHONE, deviceType: 'iPhone15', userAgent: 'Apple-iPhone15C2/2101.1', protocolVersion: '16.0' };
    const refreshed = await store().activesyncDevices.touch(accountId, clientUuid, upgraded, later);
    expect(refreshed).toEqual({
      record: { ...created.record, ...upgraded, policyKey: '1234', folderSyncKey: '3', folders: '[{"id":"c"}]', lastSeen: later },
      replaced: null,
    });
    expect(await store().activesyncDevices.device(accountId, clientUuid)).toEqual(refreshed.record);

    // Another account does not see it, and cannot record a phone on a client it does not own.
    const bob = await makeAccount(store(), 'bob');
    expect(await store().activesyncDevices.device(bob.id, clientUuid)).toBeUndefined();
    await expect(store().activesyncDevices.touch(bob.id, clientUuid, ANDROID, later)).rejects.toThrow();
    expect(await store().activesyncDevices.device(accountId, clientUuid)).toEqual(refreshed.record);
  });

  it('a new DeviceId replaces the phone and drops all the old one\'s state, and only its own', async () => {
    const { accountId, clientUuid } = await activesyncClient(store());
    const other = await store().activesync.create({ uuid: uid('as'), accountId, userId: 'u2', username: 'dev2', passwordHash: 'h', phoneNumber: '+2', modelUuid: 'm' });
    const t0 = new Date(Date.UTC(2025, 5, 1));
    await store().activesyncDevices.touch(accountId, clientUuid, IPHONE, t0);
    await store().activesyncDevices.touch(accountId, other.uuid, IPHONE, t0);
    await store().activesyncDevices.update(accountId, clientUuid, { policyKey: 'p', pendingPolicyKey: 'q', folderSyncKey: '2', folders: '[1]', information: '{"model":"x"}' });
    for (const id of ['contacts', 'calendar']) {
      await filled(accountId, clientUuid, id);
      await filled(accountId, other.uuid, id);
    }
    const othersBefore = await stateOf(accountId, other.uuid, 'contacts');

    const t1 = new Date(t0.getTime() + 1_000);
    const replaced = await store().activesyncDevices.touch(accountId, clientUuid, ANDROID, t1);
    expect(replaced).toEqual({
      record: {
        accountId,
        clientUuid,
        ...ANDROID,
        policyKey: null,
        pendingPolicyKey: null,
        folderSyncKey: '0',
        folders: '[]',
        information: null,
        created: t1,
        lastSeen: t1,
        ...NOTHING_YET,
        replaced: { deviceId: IPHONE.deviceId, at: t1 },
      },
      replaced: IPHONE.deviceId,
    });
    expect(await store().activesyncDevices.device(accountId, clientUuid)).toEqual(replaced.record);
    expect(await store().activesyncDevices.collections(accountId, clientUuid)).toEqual([]);
    for (const id of ['contacts', 'calendar']) {
      expect(await store().activesyncDevices.outboxSize(accountId, clientUuid, id)).toBe(0);
      expect(await store().activesyncDevices.items(accountId, clientUuid, id, ['c:0', 'c:1', 'c:2'])).toEqual(new Map());
    }
    // The other client's phone keeps everything.
    expect(await stateOf(accountId, other.uuid, 'contacts')).toEqual(othersBefore);
    expect(await store().activesyncDevices.collections(accountId, other.uuid)).toHaveLength(2);

    // The new phone builds state of its own; the old one coming back replaces it in turn.
    await filled(accountId, clientUuid, 'contacts');
    const back = await store().activesyncDevices.touch(accountId, clientUuid, IPHONE, new Date(t1.getTime() + 1_000));
    expect(back.replaced).toBe(ANDROID.deviceId);
    expect(back.record.replaced).toEqual({ deviceId: ANDROID.deviceId, at: new Date(t1.getTime() + 1_000) });
    expect(await store().activesyncDevices.collections(accountId, clientUuid)).toEqual([]);
  });

  it('of concurrent first requests of one new phone, one replaces the old and the others refresh it', async () => {
    const { accountId, clientUuid } = await activesyncClient(store());
    await store().activesyncDevices.touch(accountId, clientUuid, IPHONE, new Date());
    await filled(accountId, clientUuid, 'contacts');
    const results = await Promise.all(Array.from({ length: 6 }, () => store().activesyncDevices.touch(accountId, clientUuid, ANDROID, new Date())));
    expect(results.filter((r) => r.replaced === IPHONE.deviceId)).toHaveLength(1);
    expect(results.filter((r) => r.replaced === null)).toHaveLength(5);
    expect(results.every((r) => r.record.deviceId === ANDROID.deviceId)).toBe(true);
    expect(await store().activesyncDevices.collections(accountId, clientUuid)).toEqual([]);

    // And of concurrent first contacts of a client, one creates and none fails.
    const fresh = await store().activesync.create({ uuid: uid('as'), accountId, userId: 'u2', username: 'dev2', passwordHash: 'h', phoneNumber: '+2', modelUuid: 'm' });
    const firsts = await Promise.all(Array.from({ length: 6 }, () => store().activesyncDevices.touch(accountId, fresh.uuid, IPHONE, new Date())));
    expect(firsts.every((r) => r.replaced === null && r.record.deviceId === IPHONE.deviceId)).toBe(true);
  });

  it('updates only the fields given; null clears; nothing for a phone not recorded', async () => {
    const { accountId, clientUuid } = await activesyncClient(store());
    const { record } = await store().activesyncDevices.touch(accountId, clientUuid, IPHONE, new Date());
    const device = () => store().activesyncDevices.device(accountId, clientUuid);

    await store().activesyncDevices.update(accountId, clientUuid, { pendingPolicyKey: '3942919513' });
    expect(await device()).toEqual({ ...record, pendingPolicyKey: '3942919513' });
    // The acknowledgement: the pending key becomes the policy key.
    await store().activesyncDevices.update(accountId, clientUuid, { policyKey: '3942919513', pendingPolicyKey: null });
    expect(await device()).toEqual({ ...record, policyKey: '3942919513' });
    const information = JSON.stringify({ model: 'iPhone13,2', os: 'iOS 17.4', friendlyName: 'Alice’s iPhone' });
    await store().activesyncDevices.update(accountId, clientUuid, { folderSyncKey: '1', folders: '[{"serverId":"contacts"}]', information });
    const all = { ...record, policyKey: '3942919513', folderSyncKey: '1', folders: '[{"serverId":"contacts"}]', information };
    expect(await device()).toEqual(all);
    await store().activesyncDevices.update(accountId, clientUuid, {});
    await store().activesyncDevices.update(accountId, clientUuid, { policyKey: undefined, information: null });
    expect(await device()).toEqual({ ...all, information: null });

    // The last full Sync and Ping requests (for an empty or partial one) and since when the client is in no binding.
    const since = new Date(Date.UTC(2025, 3, 4, 5, 6, 7, 8));
    await store().activesyncDevices.update(accountId, clientUuid, { syncRequest: '{"sync":1}', pingRequest: '{"ping":2}', unboundSince: since });
    expect(await device()).toEqual({ ...all, information: null, syncRequest: '{"sync":1}', pingRequest: '{"ping":2}', unboundSince: since });
    await store().activesyncDevices.update(accountId, clientUuid, { pingRequest: null, unboundSince: null });
    expect(await device()).toEqual({ ...all, information: null, syncRequest: '{"sync":1}', pingRequest: null, unboundSince: null });

    await store().activesyncDevices.update(accountId, 'no-such-client', { policyKey: 'x' });
    expect(await store().activesyncDevices.device(accountId, 'no-such-client')).toBeUndefined();
  });

  it('saves collections (insert, then replace in place), lists them, and resets one alone', async () => {
    const { accountId, clientUuid } = await activesyncClient(store());
    await store().activesyncDevices.touch(accountId, clientUuid, IPHONE, new Date());
    const t = new Date(Date.UTC(2025, 2, 3, 4, 5, 6, 7));
    const contacts: Omit<ActivesyncCollectionRecord, 'updated'> = { accountId, clientUuid, collectionId: 'contacts', syncKey: '0', previousKey: null, lastReply: null, state: '{"class":"Contacts"}' };
    await store().activesyncDevices.saveCollection(contacts, t);
    expect(await store().activesyncDevices.collection(accountId, clientUuid, 'contacts')).toEqual({ ...contacts, updated: t });
    expect(await store().activesyncDevices.collection(accountId, clientUuid, 'calendar')).toBeUndefined();

    // A reply worth repeating, a few MB of it (a contact photo), replaces the row.
    const reply = JSON.stringify({ Commands: [{ Add: { ServerId: 'c:1', Picture: 'A'.repeat(3_000_000) } }] });
    const next = { ...contacts, syncKey: '2', previousKey: '1', lastReply: reply, state: '{"class":"Contacts","window":100}' };
    const t2 = new Date(t.getTime() + 5_000);
    await filled(accountId, clientUuid, 'calendar');
    await store().activesyncDevices.appendOutbox(accountId, clientUuid, 'contacts', adds(0, 3));
    await store().activesyncDevices.saveCollection(next, t2);
    expect(await store().activesyncDevices.collection(accountId, clientUuid, 'contacts')).toEqual({ ...next, updated: t2 });
    // Saving keeps what is queued.
    expect(await store().activesyncDevices.outboxSize(accountId, clientUuid, 'contacts')).toBe(3);
    expect((await store().activesyncDevices.collections(accountId, clientUuid)).map((c) => [c.collectionId, c.syncKey])).toEqual([
      ['calendar', '1'],
      ['contacts', '2'],
    ]);

    // Another account's client uuid of the same name sees nothing.
    const bob = await makeAccount(store(), 'bob');
    expect(await store().activesyncDevices.collections(bob.id, clientUuid)).toEqual([]);
    expect(await store().activesyncDevices.collection(bob.id, clientUuid, 'contacts')).toBeUndefined();

    // A SyncKey 0: the collection's row, outbox and items go; the other collection keeps its own.
    await store().activesyncDevices.putItems(accountId, clientUuid, 'contacts', [{ serverId: 'c:0', dataclass: 'Contacts', body: contact(0) }]);
    const calendar = await stateOf(accountId, clientUuid, 'calendar');
    await store().activesyncDevices.resetCollection(accountId, clientUuid, 'contacts');
    expect(await stateOf(accountId, clientUuid, 'contacts')).toEqual({ collection: undefined, outbox: [], items: new Map() });
    expect(await stateOf(accountId, clientUuid, 'calendar')).toEqual(calendar);
    expect(await store().activesyncDevices.collections(accountId, clientUuid)).toHaveLength(1);
    // Resetting what is not there is no error.
    await store().activesyncDevices.resetCollection(accountId, clientUuid, 'contacts');
  });

  it('queues changes in order over several appends, peeks a window, drops what was sent, and never reuses a seq', async () => {
    const { accountId, clientUuid } = await activesyncClient(store());
    await store().activesyncDevices.touch(accountId, clientUuid, IPHONE, new Date());
    const s = store().activesyncDevices;
    const changes: Change[] = [
      ...adds(0, 120),
      { op: 'replace', serverId: 'c:5', dataclass: 'Contacts', body: contact(5, ' Jr.') },
      { op: 'delete', serverId: 'c:6', dataclass: 'Contacts', body: '' },
    ];
    await s.appendOutbox(accountId, clientUuid, 'contacts', changes.slice(0, 1));
    await s.appendOutbox(accountId, clientUuid, 'contacts', changes.slice(1, 50));
    await s.appendOutbox(accountId, clientUuid, 'contacts', []);
    await s.appendOutbox(accountId, clientUuid, 'contacts', changes.slice(50));
    await s.appendOutbox(accountId, clientUuid, 'tasks', [{ op: 'add', serverId: 't:1', dataclass: 'Tasks', body: 'BEGIN:VTODO' }]);
    expect(await s.outboxSize(accountId, clientUuid, 'contacts')).toBe(changes.length);
    expect(await s.outboxSize(accountId, clientUuid, 'tasks')).toBe(1);
    expect(await s.outboxSize(accountId, clientUuid, 'notes')).toBe(0);

    const all = await s.peekOutbox(accountId, clientUuid, 'contacts', 1_000);
    expect(all.map(({ seq: _, ...change }) => change)).toEqual(changes);
    const seqs = all.map((row) => row.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(seqs.length);
    expect((await s.peekOutbox(accountId, clientUuid, 'tasks', 10)).map((row) => row.serverId)).toEqual(['t:1']);

    // A window of 50, acknowledged: dropped through its last seq; the next window follows on.
    const window = await s.peekOutbox(accountId, clientUuid, 'contacts', 50);
    expect(window).toEqual(all.slice(0, 50));
    await s.dropOutbox(accountId, clientUuid, 'contacts', window[49]!.seq);
    expect(await s.outboxSize(accountId, clientUuid, 'contacts')).toBe(changes.length - 50);
    expect(await s.peekOutbox(accountId, clientUuid, 'contacts', 50)).toEqual(all.slice(50, 100));
    expect(await s.outboxSize(accountId, clientUuid, 'tasks')).toBe(1);
    expect(await s.peekOutbox(accountId, clientUuid, 'contacts', 0)).toEqual([]);

    // Drained, then more: the new changes come after every seq handed out before.
    const last = all.at(-1)!.seq;
    await s.dropOutbox(accountId, clientUuid, 'contacts', last);
    expect(await s.outboxSize(accountId, clientUuid, 'contacts')).toBe(0);
    await s.appendOutbox(accountId, clientUuid, 'contacts', adds(500, 2));
    const more = await s.peekOutbox(accountId, clientUuid, 'contacts', 10);
    expect(more.map((row) => row.serverId)).toEqual(['c:500', 'c:501']);
    expect(more[0]!.seq).toBeGreaterThan(last);
    // Dropping through a seq already gone drops nothing more.
    await s.dropOutbox(accountId, clientUuid, 'contacts', last);
    expect(await s.outboxSize(accountId, clientUuid, 'contacts')).toBe(2);
  });

  it('queues more changes than one statement may bind, and concurrent appends never share a seq', async () => {
    const { accountId, clientUuid } = await activesyncClient(store());
    await store().activesyncDevices.touch(accountId, clientUuid, IPHONE, new Date());
    const s = store().activesyncDevices;
    // 8 columns a row: more than one statement on either dialect.
    const many = adds(0, 9_000);
    await s.appendOutbox(accountId, clientUuid, 'contacts', many);
    const queued = await s.peekOutbox(accountId, clientUuid, 'contacts', 10_000);
    expect(queued.map((row) => row.serverId)).toEqual(many.map((c) => c.serverId));
    expect(queued.at(-1)!.body).toBe(contact(8_999));

    // Six appends at once into two other collections.
    const collectionOf = (b: number) => (b % 2 === 0 ? 'tasks' : 'notes');
    const batches = Array.from({ length: 6 }, (_, b) => Array.from({ length: 40 }, (_, i): Change => ({ op: 'add', serverId: `b${b}:${i}`, dataclass: 'Notes', body: `note ${b}:${i}` })));
    await Promise.all(batches.map((batch, b) => s.appendOutbox(accountId, clientUuid, collectionOf(b), batch)));
    const tasks = await s.peekOutbox(accountId, clientUuid, 'tasks', 1_000);
    const notes = await s.peekOutbox(accountId, clientUuid, 'notes', 1_000);
    expect([tasks.length, notes.length]).toEqual([120, 120]);
    const seqs = [...queued, ...tasks, ...notes].map((row) => row.seq);
    expect(new Set(seqs).size).toBe(seqs.length);
    // Each batch landed whole, in its order, and one after another: never interleaved.
    for (const [b, batch] of batches.entries()) {
      const rows = (b % 2 === 0 ? tasks : notes).filter((row) => row.serverId.startsWith(`b${b}:`));
      expect(rows.map(({ seq: _, ...change }) => change)).toEqual(batch);
      expect(rows.at(-1)!.seq - rows[0]!.seq).toBe(batch.length - 1);
    }
  });

  it('refuses to queue for a phone not recorded', async () => {
    const { accountId, clientUuid } = await activesyncClient(store());
    await expect(store().activesyncDevices.appendOutbox(accountId, clientUuid, 'contacts', adds(0, 1))).rejects.toThrow(/no ActiveSync device recorded/);
    await expect(store().activesyncDevices.putItems(accountId, clientUuid, 'contacts', [{ serverId: 'c:0', dataclass: 'Contacts', body: '' }])).rejects.toThrow();
    expect(await store().activesyncDevices.outboxSize(accountId, clientUuid, 'contacts')).toBe(0);
  });

  it('keeps items as the phone holds them: 5,000 put, read by id, replaced, removed', async () => {
    const { accountId, clientUuid } = await activesyncClient(store());
    await store().activesyncDevices.touch(accountId, clientUuid, IPHONE, new Date());
    const s = store().activesyncDevices;
    const item = (n: number, extra = ''): ActivesyncDeviceItem => ({ serverId: `c:${n}`, dataclass: 'Contacts', body: contact(n, extra) });
    const items = Array.from({ length: 5_000 }, (_, n) => item(n));
    const ids = items.map((i) => i.serverId);

    await s.putItems(accountId, clientUuid, 'contacts', items);
    await s.putItems(accountId, clientUuid, 'calendar', [{ serverId: 'c:0', dataclass: 'Events', body: 'BEGIN:VEVENT' }]);
    const got = await s.items(accountId, clientUuid, 'contacts', [...ids, 'missing-1', 'missing-2']);
    expect(got.size).toBe(5_000);
    expect(got.get('c:4999')).toEqual(item(4_999));
    expect([...got.values()].sort((a, b) => Number(a.serverId.slice(2)) - Number(b.serverId.slice(2)))).toEqual(items);
    expect(await s.items(accountId, clientUuid, 'contacts', [])).toEqual(new Map());
    // Per collection, and per account.
    expect(await s.items(accountId, clientUuid, 'calendar', ['c:0', 'c:1'])).toEqual(new Map([['c:0', { serverId: 'c:0', dataclass: 'Events', body: 'BEGIN:VEVENT' }]]));
    const bob = await makeAccount(store(), 'bob');
    expect(await s.items(bob.id, clientUuid, 'contacts', ids)).toEqual(new Map());

    // Replaced by serverId, 5,000 again; of two with one serverId in a call, the later wins.
    const photo = 'P'.repeat(2_500_000);
    const replaced = items.map((i, n) => (n === 7 ? item(n, `\r\nPHOTO:${photo}`) : item(n, ' (edited)')));
    await s.putItems(accountId, clientUuid, 'contacts', [item(3, ' (first)'), ...replaced, item(3, ' (last)')]);
    const again = await s.items(accountId, clientUuid, 'contacts', ids);
    expect(again.size).toBe(5_000);
    expect(again.get('c:3')).toEqual(item(3, ' (last)'));
    expect(again.get('c:7')!.body).toBe(contact(7, `\r\nPHOTO:${photo}`));
    expect(again.get('c:4999')).toEqual(item(4_999, ' (edited)'));

    // Removed: 4,990 of them at once, then the rest; unknown ids are no error.
    await s.removeItems(accountId, clientUuid, 'contacts', ids.slice(10));
    expect([...(await s.items(accountId, clientUuid, 'contacts', ids)).keys()].sort()).toEqual(ids.slice(0, 10).sort());
    await s.removeItems(accountId, clientUuid, 'contacts', [...ids.slice(0, 10), 'missing']);
    await s.removeItems(accountId, clientUuid, 'contacts', []);
    expect(await s.items(accountId, clientUuid, 'contacts', ids)).toEqual(new Map());
    expect((await s.items(accountId, clientUuid, 'calendar', ['c:0'])).size).toBe(1);
  });

  it('in a transaction, a throw leaves nothing behind', async () => {
    const { accountId, clientUuid } = await activesyncClient(store());
    await store().activesyncDevices.touch(accountId, clientUuid, IPHONE, new Date());
    await filled(accountId, clientUuid, 'contacts');
    const before = {
      device: await store().activesyncDevices.device(accountId, clientUuid),
      contacts: await stateOf(accountId, clientUuid, 'contacts'),
    };
    await expect(
      store().transaction(async (tx) => {
        const s = tx.activesyncDevices;
        await s.update(accountId, clientUuid, { policyKey: 'p', folderSyncKey: '9' });
        await s.saveCollection({ accountId, clientUuid, collectionId: 'tasks', syncKey: '1', previousKey: null, lastReply: null, state: '{}' }, new Date());
        await s.appendOutbox(accountId, clientUuid, 'contacts', adds(100, 5_000));
        await s.dropOutbox(accountId, clientUuid, 'contacts', Number.MAX_SAFE_INTEGER);
        await s.putItems(accountId, clientUuid, 'tasks', [{ serverId: 't:1', dataclass: 'Tasks', body: 'x' }]);
        await s.removeItems(accountId, clientUuid, 'contacts', ['c:0', 'c:1']);
        await s.resetCollection(accountId, clientUuid, 'contacts');
        // A new phone, seen inside the transaction…
        expect((await s.touch(accountId, clientUuid, ANDROID, new Date())).replaced).toBe(IPHONE.deviceId);
        throw new Boom('no');
      }),
    ).rejects.toBeInstanceOf(Boom);
    // …and gone after it, with everything else.
    expect(await store().activesyncDevices.device(accountId, clientUuid)).toEqual(before.device);
    expect(await stateOf(accountId, clientUuid, 'contacts')).toEqual(before.contacts);
    expect(await store().activesyncDevices.collections(accountId, clientUuid)).toHaveLength(1);
    expect(await store().activesyncDevices.items(accountId, clientUuid, 'tasks', ['t:1'])).toEqual(new Map());

    // A first contact inside a rolled-back transaction leaves no device either.
    const fresh = await store().activesync.create({ uuid: uid('as'), accountId, userId: 'u2', username: 'dev2', passwordHash: 'h', phoneNumber: '+2', modelUuid: 'm' });
    await expect(
      store().transaction(async (tx) => {
        await tx.activesyncDevices.touch(accountId, fresh.uuid, IPHONE, new Date());
        await filled(accountId, fresh.uuid, 'contacts');
        throw new Boom('no');
      }),
    ).rejects.toBeInstanceOf(Boom);
    expect(await store().activesyncDevices.device(accountId, fresh.uuid)).toBeUndefined();
    expect(await stateOf(accountId, fresh.uuid, 'contacts')).toEqual({ collection: undefined, outbox: [], items: new Map() });
  });

  it('deleting the client drops its phone\'s state, and nothing of another client', async () => {
    const { accountId, clientUuid } = await activesyncClient(store());
    const other = await store().activesync.create({ uuid: uid('as'), accountId, userId: 'u2', username: 'dev2', passwordHash: 'h', phoneNumber: '+2', modelUuid: 'm' });
    for (const client of [clientUuid, other.uuid]) {
      await store().activesyncDevices.touch(accountId, client, IPHONE, new Date());
      await filled(accountId, client, 'contacts');
    }
    const kept = await stateOf(accountId, other.uuid, 'contacts');

    expect(await store().activesync.delete(accountId, clientUuid)).toBe(true);
    expect(await store().activesyncDevices.device(accountId, clientUuid)).toBeUndefined();
    expect(await store().activesyncDevices.collections(accountId, clientUuid)).toEqual([]);
    expect(await stateOf(accountId, clientUuid, 'contacts')).toEqual({ collection: undefined, outbox: [], items: new Map() });
    expect(await store().activesyncDevices.device(accountId, other.uuid)).toBeDefined();
    expect(await stateOf(accountId, other.uuid, 'contacts')).toEqual(kept);
  });

  it('deleting the account drops its phones\' state, and nothing of another account', async () => {
    const alice = await activesyncClient(store(), 'alice');
    const bob = await activesyncClient(store(), 'bob');
    for (const { accountId, clientUuid } of [alice, bob]) {
      await store().activesyncDevices.touch(accountId, clientUuid, IPHONE, new Date());
      await filled(accountId, clientUuid, 'contacts');
    }
    const bobs = await stateOf(bob.accountId, bob.clientUuid, 'contacts');

    expect(await store().accounts.delete(alice.accountId)).toBe(true);
    expect(await store().activesyncDevices.device(alice.accountId, alice.clientUuid)).toBeUndefined();
    expect(await store().activesyncDevices.collections(alice.accountId, alice.clientUuid)).toEqual([]);
    expect(await stateOf(alice.accountId, alice.clientUuid, 'contacts')).toEqual({ collection: undefined, outbox: [], items: new Map() });
    expect(await store().activesyncDevices.device(bob.accountId, bob.clientUuid)).toBeDefined();
    expect(await stateOf(bob.accountId, bob.clientUuid, 'contacts')).toEqual(bobs);
  });

  it('writes lastSeen only when it moved by more than a minute, or when the phone changed', async () => {
    const { accountId, clientUuid } = await activesyncClient(store());
    const t0 = new Date(Date.UTC(2025, 6, 1, 12));
    const at = (ms: number) => new Date(t0.getTime() + ms);
    const touch = (when: Date, phone = IPHONE) => store().activesyncDevices.touch(accountId, clientUuid, phone, when);
    await touch(t0);
    expect((await touch(at(WRITE_LAST_SEEN_AFTER_MS))).record.lastSeen).toEqual(t0);
    expect((await store().activesyncDevices.device(accountId, clientUuid))!.lastSeen).toEqual(t0);
    expect((await touch(at(WRITE_LAST_SEEN_AFTER_MS + 1))).record.lastSeen).toEqual(at(WRITE_LAST_SEEN_AFTER_MS + 1));
    expect((await store().activesyncDevices.device(accountId, clientUuid))!.lastSeen).toEqual(at(WRITE_LAST_SEEN_AFTER_MS + 1));
    // A new protocol version is written at once, lastSeen with it.
    const upgraded = await touch(at(WRITE_LAST_SEEN_AFTER_MS + 2), { ...IPHONE, protocolVersion: '14.1' });
    expect(upgraded.record).toMatchObject({ protocolVersion: '14.1', lastSeen: at(WRITE_LAST_SEEN_AFTER_MS + 2) });
    expect(await store().activesyncDevices.device(accountId, clientUuid)).toEqual(upgraded.record);
  });

  it('names, among the devices asked about, those with a wipe asked and not acknowledged, in one call across accounts', async () => {
    const alice = await activesyncClient(store(), 'alice');
    const bob = await activesyncClient(store(), 'bob');
    const carol = await activesyncClient(store(), 'carol');
    const s = () => store().activesyncDevices;
    const now = new Date();
    for (const d of [alice, bob, carol]) await s().touch(d.accountId, d.clientUuid, IPHONE, now);
    const asked = [alice, bob, carol].map((d) => ({ accountId: d.accountId, clientUuid: d.clientUuid }));
    expect(await s().pendingWipes(asked)).toEqual([]);
    expect(await s().pendingWipes([])).toEqual([]);
    const requested = (await s().requestWipe(bob.accountId, bob.clientUuid, 'device', now))!.wipe!.requested;
    await s().requestWipe(carol.accountId, carol.clientUuid, 'device', now);
    await s().acknowledgeWipe(carol.accountId, carol.clientUuid, now, now);
    expect(await s().pendingWipes(asked)).toEqual([{ accountId: bob.accountId, clientUuid: bob.clientUuid }]);
    // A device's client uuid under another account is not that device.
    expect(await s().pendingWipes([{ accountId: alice.accountId, clientUuid: bob.clientUuid }])).toEqual([]);
    await s().wipeSent(bob.accountId, bob.clientUuid, requested, now);
    expect(await s().pendingWipes(asked)).toEqual([{ accountId: bob.accountId, clientUuid: bob.clientUuid }]);
  });

  it('keeps a remote wipe: asked, sent, acknowledged once, cancelled; a new DeviceId replaces nothing while one is in force, and starts without one once it is cancelled', async () => {
    const { accountId, clientUuid } = await activesyncClient(store());
    const s = () => store().activesyncDevices;
    expect(await s().requestWipe(accountId, clientUuid, 'device', new Date())).toBeUndefined();
    const t0 = new Date(Date.UTC(2025, 7, 1, 9));
    const at = (ms: number) => new Date(t0.getTime() + ms);
    const { record } = await s().touch(accountId, clientUuid, IPHONE, t0);

    const asked = await s().requestWipe(accountId, clientUuid, 'account', at(1));
    expect(asked).toEqual({ ...record, wipe: { scope: 'account', requested: at(1), sent: null, acknowledged: null } });
    await s().wipeSent(accountId, clientUuid, at(1), at(2));
    expect((await s().device(accountId, clientUuid))!.wipe).toEqual({ scope: 'account', requested: at(1), sent: at(2), acknowledged: null });
    // An acknowledgement of a wipe asked at another time (cancelled and asked again meanwhile) is not this one's.
    expect(await s().acknowledgeWipe(accountId, clientUuid, at(0), at(3))).toBe(false);
    expect(await s().acknowledgeWipe(accountId, clientUuid, at(1), at(3))).toBe(true);
    expect(await s().acknowledgeWipe(accountId, clientUuid, at(1), at(4))).toBe(false);
    await s().wipeSent(accountId, clientUuid, at(1), at(5));
    expect((await s().device(accountId, clientUuid))!.wipe).toEqual({ scope: 'account', requested: at(1), sent: at(2), acknowledged: at(3) });

    // Asked again: it starts over.
    expect((await s().requestWipe(accountId, clientUuid, 'device', at(6)))!.wipe).toEqual({ scope: 'device', requested: at(6), sent: null, acknowledged: null });
    expect(await s().cancelWipe(accountId, clientUuid)).toEqual({ ...record, wipe: null });
    expect(await s().acknowledgeWipe(accountId, clientUuid, at(6), at(7))).toBe(false);
    expect((await s().device(accountId, clientUuid))!.wipe).toBeNull();
    expect(await s().cancelWipe(accountId, 'no-such-client')).toBeUndefined();

    // Another account cannot ask one on this client.
    const bob = await makeAccount(store(), 'bob');
    expect(await s().requestWipe(bob.id, clientUuid, 'device', at(8))).toBeUndefined();
    expect((await s().device(accountId, clientUuid))!.wipe).toBeNull();

    // Another device presenting the client's credentials while a wipe is in force replaces nothing:
    // the record, its wipe and its last contact stay the lost phone's (issue 20: a thief cannot undo a wipe).
    const held = await s().requestWipe(accountId, clientUuid, 'device', at(9));
    expect(await s().touch(accountId, clientUuid, ANDROID, at(10))).toEqual({ record: held, replaced: null });
    expect(await s().device(accountId, clientUuid)).toEqual(held);
    // Once the owner cancels it, a new phone replaces the old one and starts without a wipe.
    await s().cancelWipe(accountId, clientUuid);
    const replaced = await s().touch(accountId, clientUuid, ANDROID, at(11));
    expect([replaced.replaced, replaced.record.deviceId, replaced.record.wipe]).toEqual([IPHONE.deviceId, ANDROID.deviceId, null]);
  });

  it('keeps the items loop protection isolated until the phone takes a later change of one, the collection resets or the phone is replaced', async () => {
    const { accountId, clientUuid } = await activesyncClient(store());
    const other = await activesyncClient(store(), 'bob');
    const s = () => store().activesyncDevices;
    const t0 = new Date(Date.UTC(2025, 8, 1));
    await s().touch(accountId, clientUuid, IPHONE, t0);
    await s().touch(other.accountId, other.clientUuid, IPHONE, t0);
    const item = (collectionId: string, serverId: string, ms: number) => ({ collectionId, serverId, op: 'add' as const, bindingId: 7, since: new Date(t0.getTime() + ms) });
    await s().isolate(accountId, clientUuid, item('contacts', 'c:1', 2));
    await s().isolate(accountId, clientUuid, item('calendar', 'e:1', 1));
    await s().isolate(accountId, clientUuid, item('contacts', 'c:2', 3));
    await s().isolate(other.accountId, other.clientUuid, item('contacts', 'c:1', 1));
    // Isolated again: one row, the later time.
    await s().isolate(accountId, clientUuid, { ...item('contacts', 'c:2', 4), op: 'replace' });
    expect(await s().isolated(accountId, clientUuid)).toEqual(
      new Map([[clientUuid, [item('calendar', 'e:1', 1), item('contacts', 'c:1', 2), { ...item('contacts', 'c:2', 4), op: 'replace' }]]]),
    );
    expect(await s().isolated(other.accountId)).toEqual(new Map([[other.clientUuid, [item('contacts', 'c:1', 1)]]]));

    // The phone takes a later change of c:1 (queued, sent, acknowledged): c:1 syncs again; c:2 stays.
    await s().appendOutbox(accountId, clientUuid, 'contacts', [{ op: 'replace', serverId: 'c:1', dataclass: 'Contacts', body: contact(1) }, ...adds(10, 1)]);
    const [first] = await s().peekOutbox(accountId, clientUuid, 'contacts', 1);
    await s().dropOutbox(accountId, clientUuid, 'contacts', first!.seq);
    expect((await s().isolated(accountId, clientUuid)).get(clientUuid)!.map((i) => i.serverId)).toEqual(['e:1', 'c:2']);

    // The collection starts again: its isolated items go, the other collection's stay.
    await s().resetCollection(accountId, clientUuid, 'contacts');
    expect((await s().isolated(accountId, clientUuid)).get(clientUuid)!.map((i) => i.serverId)).toEqual(['e:1']);
    // A new phone has none; the other account's phone keeps its own.
    await s().touch(accountId, clientUuid, ANDROID, t0);
    expect(await s().isolated(accountId, clientUuid)).toEqual(new Map());
    expect(await s().isolated(other.accountId, other.clientUuid)).toEqual(new Map([[other.clientUuid, [item('contacts', 'c:1', 1)]]]));
    // Gone with the client.
    expect(await store().activesync.delete(other.accountId, other.clientUuid)).toBe(true);
    expect(await s().isolated(other.accountId)).toEqual(new Map());
  });

  it('lists the devices of an account, and of no other', async () => {
    const alice = await activesyncClient(store(), 'alice');
    const second = await store().activesync.create({ uuid: uid('as'), accountId: alice.accountId, userId: 'u2', username: 'dev2', passwordHash: 'h', phoneNumber: '+2', modelUuid: 'm' });
    const bob = await activesyncClient(store(), 'bob');
    const a = await store().activesyncDevices.touch(alice.accountId, alice.clientUuid, IPHONE, new Date());
    const b = await store().activesyncDevices.touch(alice.accountId, second.uuid, ANDROID, new Date());
    await store().activesyncDevices.touch(bob.accountId, bob.clientUuid, IPHONE, new Date());
    const expected = [a.record, b.record].sort((x, y) => (x.clientUuid < y.clientUuid ? -1 : 1));
    expect(await store().activesyncDevices.devices(alice.accountId)).toEqual(expected);
  });
});
