/**
 * A phone's whole life with the server, on both stores and in both encodings: a first slow sync
 * (Alert 201, its Sync with N Adds, our Sync with what the peer holds, its Map) puts its items in
 * the peer datastore, records its datastore on its SyncML client, a session record with
 * statistics and a sync log entry; a two-way sync with the right Last anchor carries only the
 * changes both ways; a wrong Last anchor is answered 508 with our Alert 201, and the slow sync
 * that follows doubles nothing.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../support/server.js';
import { storeKinds } from '../../support/stores.js';
import { contact, nameOf } from '../support/items.js';
import { addPeerItem, peerItems, phoneOf, registerPhone, type RegisteredPhone } from '../support/registration.js';
import { codesFor, commandsOf, syncCommands } from '../support/replies.js';
import { PhoneDatastore, type ScriptedPhone } from '../support/scripted-phone.js';

// scrypt's cost is not this file's question, only its answers: scrypt runs cheap here, the same answers
// (support/cheap-scrypt.ts); at full cost the accounts and phones signing in were much of its time.
vi.mock('node:crypto', async (importOriginal) => (await import('../../support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

const N = 25;

describe.each(storeKinds.flatMap((kind) => (['xml', 'wbxml'] as const).map((encoding) => [kind, encoding] as const)))('a phone slow-syncs, then two-way syncs (%s, %s)', (kind, encoding) => {
  let server: TestServer;
  let registered: RegisteredPhone;
  let phone: ScriptedPhone;
  const contacts = new PhoneDatastore('./contacts', 'contacts');
  let peerOnly: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    registered = await registerPhone(server, server.alice);
    phone = phoneOf(server, server.alice, { encoding });
    for (let n = 1; n <= N; n++) contacts.add(`luid-${n}`, contact(n));
    // One item the peer has before the phone's first session: our Sync brings it to the phone.
    peerOnly = await addPeerItem(server.alice, registered.datastoreClient, nameOf(contact(1000)), contact(1000));
  });
  afterAll(async () => {
    await server?.close();
  });

  it('slow-syncs: the peer holds the phone\'s items, the phone gets the peer\'s, and maps it', async () => {
    const session = await phone.sync({ datastores: [{ store: contacts, code: 201 }] });
    expect(session.alertStatuses.get('./contacts')).toBe(200);
    expect(session.modes.get('./contacts')).toBe(201);
    expect(session.itemStatuses).toEqual(Array(N).fill(201));
    // Our Sync: the one item only the peer had, as an Add with a provisional id for the Map.
    expect(session.received.map((c) => c.kind)).toEqual(['Add']);
    const sent = session.received[0]!.items[0]!;
    expect(sent.source?.locUri).toMatch(/^pending:/);
    expect(nameOf(sent.data!)).toBe(nameOf(contact(1000)));
    // Its Map was answered 200.
    const last = session.exchanges.at(-1)!;
    expect(commandsOf(last.request, 'Map')).toHaveLength(1);
    expect(codesFor(last.reply, 'Map')).toEqual([200]);

    const items = await peerItems(server.alice, registered.datastoreClient, 'Contacts');
    expect(items.map((i) => i.title).sort()).toEqual([...Array.from({ length: N }, (_, k) => nameOf(contact(k + 1))), nameOf(contact(1000))].sort());
    expect(items.map((i) => i.uuid)).toContain(peerOnly);
    expect(contacts.items.size).toBe(N + 1);
  });

  it('records the phone\'s datastore on its SyncML client, adopting its DevID as imei', async () => {
    const client = await server.alice.client.syncml.get(registered.syncmlClient);
    expect(client.client.imei).toBe(phone.deviceId);
    expect(client.client.datastores).toEqual([expect.objectContaining({ name: './contacts', dataclass: 'Contacts' })]);
  });

  it('records the session with its statistics, and a sync log entry', async () => {
    const sessions = (await server.alice.client.syncml.sessions()).entries.map((e) => e.session);
    expect(sessions).toHaveLength(1);
    const [session] = sessions;
    expect(session).toMatchObject({ deviceId: phone.deviceId, clientUuid: registered.syncmlClient, protocol: 'SyncML/1.2', encoding, status: 200 });
    expect(session!.ended).toBeInstanceOf(Date);
    // The phone's side: in = what went to the phone, out = what it sent.
    expect(session!.datastores).toEqual([
      expect.objectContaining({ uri: 'contacts', dataclass: 'Contacts', syncMode: 201, statistics: { addsIn: 1, replacesIn: 0, deletesIn: 0, addsOut: N, replacesOut: 0, deletesOut: 0 } }),
    ]);
    const log = (await server.alice.client.syncengine.bindingLog(registered.bindingId)).entries;
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ result: 'completed', dataclass: 'Contacts', syncMode: 201 });
  });

  it('two-way with the right Last anchor: only the changes go, both ways', async () => {
    contacts.replace('luid-3', contact(3, 'Edited on the phone'));
    contacts.delete('luid-4');
    contacts.add('luid-new', contact(2000));
    const fromPeer = await addPeerItem(server.alice, registered.datastoreClient, nameOf(contact(3000)), contact(3000));

    const session = await phone.sync({ datastores: [{ store: contacts }] });
    expect([session.alertStatuses.get('./contacts'), session.modes.get('./contacts')]).toEqual([200, 200]);
    // The phone's package carried three changes, not the whole address book.
    const phoneSync = session.exchanges.flatMap((e) => commandsOf(e.request, 'Sync')).flatMap((s) => s.commands);
    expect(phoneSync.map((c) => c.kind).sort()).toEqual(['Add', 'Delete', 'Replace']);
    // Ours carried the one new peer item, nothing the phone already had.
    expect(session.received.map((c) => [c.kind, nameOf(c.items[0]!.data!)])).toEqual([['Add', nameOf(contact(3000))]]);

    const items = await peerItems(server.alice, registered.datastoreClient, 'Contacts');
    expect(items).toHaveLength(N + 1 + 1 - 1 + 1);
    expect(items.map((i) => i.uuid)).toContain(fromPeer);
    expect(items.find((i) => i.title === nameOf(contact(3)))!.body).toContain('Edited on the phone');
    expect(items.some((i) => i.title === nameOf(contact(4)))).toBe(false);
    expect(items.some((i) => i.title === nameOf(contact(2000)))).toBe(true);
    const log = (await server.alice.client.syncengine.bindingLog(registered.bindingId)).entries;
    expect(log.map((e) => e.syncMode).sort()).toEqual([200, 201]);
  });

  it('a wrong Last anchor: Status 508 and our Alert 201; the slow sync that follows doubles nothing', async () => {
    const before = await peerItems(server.alice, registered.datastoreClient, 'Contacts');
    const session = await phone.sync({ datastores: [{ store: contacts, code: 200, last: 'an-anchor-the-server-never-saw' }] });
    expect(session.alertStatuses.get('./contacts')).toBe(508);
    expect(session.modes.get('./contacts')).toBe(201);
    // The phone sent everything; the server matched it all and sent nothing back.
    expect(session.itemStatuses).toHaveLength(contacts.items.size);
    expect(syncCommands(session.exchanges.at(-2)!.reply)).toEqual([]);
    expect(session.received).toEqual([]);
    const after = await peerItems(server.alice, registered.datastoreClient, 'Contacts');
    expect(after.map((i) => i.uuid).sort()).toEqual(before.map((i) => i.uuid).sort());
  });
});

describe.each(['xml', 'wbxml'] as const)('a SyncML 1.1 phone (%s)', (encoding) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('slow-syncs in SyncML 1.1: DevInf 1.1, no NumberOfChanges, package 4 over several messages', async () => {
    const registered = await registerPhone(server, server.alice);
    for (let n = 1; n <= 10; n++) await addPeerItem(server.alice, registered.datastoreClient, nameOf(contact(n)), contact(n));
    const phone = phoneOf(server, server.alice, { encoding, version: '1.1', maxMsgSize: 5000 });
    const contacts = new PhoneDatastore('./contacts', 'contacts');
    for (let n = 101; n <= 103; n++) contacts.add(`luid-${n}`, contact(n));
    const session = await phone.sync({ datastores: [{ store: contacts, code: 201 }] });

    expect(session.exchanges.every((e) => e.reply.header.verDTD === '1.1' && e.reply.header.verProto === 'SyncML/1.1')).toBe(true);
    const results = session.exchanges.flatMap((e) => commandsOf(e.reply, 'Results'));
    expect(results.map((r) => [r.items[0]!.source?.locUri, r.items[0]!.devinf?.verDTD])).toEqual([['./devinf11', '1.1']]);
    const syncs = session.exchanges.flatMap((e) => commandsOf(e.reply, 'Sync'));
    expect(syncs.length).toBeGreaterThan(1);
    expect(syncs.every((s) => s.numberOfChanges === undefined)).toBe(true);
    expect(session.received).toHaveLength(10);
    expect(await peerItems(server.alice, registered.datastoreClient)).toHaveLength(13);
  });
});
