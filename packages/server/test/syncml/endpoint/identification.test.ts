/**
 * Which SyncML client a phone is and where its datastores go (guide/protocol.md#phone-identification), on both
 * stores: the client whose imei is the DevID; else the account's only client with an empty imei,
 * which adopts the DevID; two such clients, a client in no binding and an unknown datastore URI
 * refuse the Alert with 404 and a reason in the session record; the Funambol-style aliases name
 * the same datastores.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/server.js';
import { storeKinds } from '../../support/stores.js';
import { contact, event } from '../support/items.js';
import { catalogueModel, closeAccounts, newAccount, peerItems, phoneOf, registerPhone } from '../support/registration.js';
import { codesFor, commandsOf } from '../support/replies.js';
import { PhoneDatastore, phoneDevInf, type ScriptedPhone } from '../support/scripted-phone.js';
import type { TestAccount } from '../../support/server.js';

/** A first slow sync of one contact (a new one per call). */
let cards = 0;
async function syncOneContact(phone: ScriptedPhone): Promise<string> {
  const body = contact(++cards);
  const contacts = new PhoneDatastore('./contacts', 'contacts');
  contacts.add(`luid-${cards}`, body);
  await phone.sync({ datastores: [{ store: contacts, code: 201 }] });
  return body;
}

/** Package 1 with one Alert (after the MD5 challenge, if any); the reply. */
async function alertOnly(phone: ScriptedPhone, target = 'contacts') {
  await phone.send((m) => m.putDevInf(phoneDevInf(phone.deviceId, phone.version)));
  const answer = await phone.send((m) => m.alert(201, { target, source: './contacts', next: 'n1' }));
  expect(answer.status).toBe(200);
  return answer.reply;
}

/** The account's one session record (GET /v2/services/syncml/sessions/). */
async function onlySession(account: TestAccount) {
  const entries = (await account.client.syncml.sessions()).entries;
  expect(entries).toHaveLength(1);
  return entries[0]!.session;
}

describe.each(storeKinds)('which SyncML client a phone is (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await closeAccounts();
    await server?.close();
  });

  it('the only client with an empty imei adopts the DevID; later the DevID finds it among new empty ones', async () => {
    const account = await newAccount(server, `adopt-${kind}`);
    const first = await registerPhone(server, account);
    const phoneA = phoneOf(server, account);
    const a1 = await syncOneContact(phoneA);
    expect((await account.client.syncml.get(first.syncmlClient)).client.imei).toBe(phoneA.deviceId);

    const second = await registerPhone(server, account);
    // A's DevID matches its own client's imei: the new client with an empty imei is not taken.
    const a2 = await syncOneContact(phoneA);
    expect((await peerItems(account, first.datastoreClient)).map((i) => i.body).sort()).toEqual([a1, a2].sort());
    expect(await peerItems(account, second.datastoreClient)).toEqual([]);
    expect((await account.client.syncml.get(second.syncmlClient)).client.imei ?? '').toBe('');

    const phoneB = phoneOf(server, account);
    const b1 = await syncOneContact(phoneB);
    expect((await account.client.syncml.get(second.syncmlClient)).client.imei).toBe(phoneB.deviceId);
    expect((await peerItems(account, second.datastoreClient)).map((i) => i.body)).toEqual([b1]);
    expect(await peerItems(account, first.datastoreClient)).toHaveLength(2);
  });

  it('two clients with an empty imei: Alert 404, the reason in the session record, neither adopts', async () => {
    const account = await newAccount(server, `two-empty-${kind}`);
    const clients = [await registerPhone(server, account), await registerPhone(server, account)];
    const phone = phoneOf(server, account);
    const reply = await alertOnly(phone);
    expect(codesFor(reply, 'Alert')).toEqual([404]);
    expect(commandsOf(reply, 'Alert')).toEqual([]);
    expect(reply.final).toBe(true);
    const session = await onlySession(account);
    expect(session).toMatchObject({ deviceId: phone.deviceId, status: 404, reason: expect.stringMatching(/2 have an empty imei/) });
    expect(session.ended).toBeInstanceOf(Date);
    for (const c of clients) expect((await account.client.syncml.get(c.syncmlClient)).client.imei ?? '').toBe('');
  });

  it('a phone in no binding: Alert 404 and the reason in the session record', async () => {
    const account = await newAccount(server, `unbound-${kind}`);
    const created = await account.client.syncml.create({ phoneNumber: '+447700900999', modelUuid: await catalogueModel(server), timezone: 'Europe/London' });
    const phone = phoneOf(server, account);
    const reply = await alertOnly(phone);
    expect(codesFor(reply, 'Alert')).toEqual([404]);
    expect(commandsOf(reply, 'Alert')).toEqual([]);
    expect(await onlySession(account)).toMatchObject({ status: 404, reason: expect.stringContaining('no sync binding') });
    expect((await account.client.syncml.get(created.client.uuid!)).client.datastores ?? []).toEqual([]);
  });

  it('an unknown server datastore URI: Alert 404 and the reason in the session record', async () => {
    const account = await newAccount(server, `unknown-uri-${kind}`);
    await registerPhone(server, account);
    const phone = phoneOf(server, account);
    const reply = await alertOnly(phone, 'bookmarks');
    expect(codesFor(reply, 'Alert')).toEqual([404]);
    expect(await onlySession(account)).toMatchObject({ status: 404, reason: expect.stringContaining('"bookmarks"') });
  });

  it.each([
    ['card', 'contacts'],
    ['addressbook', 'contacts'],
    ['./contacts', 'contacts'],
    ['Contacts/', 'contacts'],
    ['cal', 'calendar'],
    ['./calendar', 'calendar'],
  ])('the alias %s syncs the %s datastore', async (alias, canonical) => {
    const account = await newAccount(server, `alias-${alias.replace(/\W/g, '')}-${kind}`);
    const registered = await registerPhone(server, account);
    const phone = phoneOf(server, account);
    const calendar = canonical === 'calendar';
    const store = new PhoneDatastore(calendar ? './calendar' : './contacts', alias, calendar ? 'text/calendar' : 'text/vcard');
    const body = calendar ? event(1) : contact(1);
    store.add('1', body);
    const session = await phone.sync({ datastores: [{ store, code: 201 }] });
    expect([session.alertStatuses.get(store.phoneUri), session.modes.get(store.phoneUri)]).toEqual([200, 201]);
    // Our Alert names the datastore as the phone did.
    const ours = session.exchanges.flatMap((e) => commandsOf(e.reply, 'Alert'))[0]!;
    expect(ours.items[0]!.source?.locUri).toBe(alias);
    expect((await peerItems(account, registered.datastoreClient, calendar ? 'Calendar' : 'Contacts')).map((i) => i.body)).toEqual([body]);
    const client = await account.client.syncml.get(registered.syncmlClient);
    expect(client.client.datastores).toEqual([expect.objectContaining({ name: store.phoneUri, dataclass: calendar ? 'Calendar' : 'Contacts' })]);
  });
});
