/**
 * The Alert codes a phone may open a datastore with, after a first slow sync, on both stores: the
 * server-alerted forms 206–210 (a phone answering a notification) are performed as the modes
 * they stand for, and a resume (225) runs as a two-way sync. Each is answered 200 with our Alert
 * in the performed mode, recorded as that mode, and moves what that mode moves.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../support/server.js';
import { storeKinds } from '../../support/stores.js';
import { contact, nameOf } from '../support/items.js';
import { addPeerItem, closeAccounts, newAccount, peerItems, phoneOf, registerPhone } from '../support/registration.js';
import { PhoneDatastore } from '../support/scripted-phone.js';

// scrypt's cost is not this file's question, only its answers: scrypt runs cheap here, the same answers
// (support/cheap-scrypt.ts); at full cost the accounts and phones signing in were much of its time.
vi.mock('node:crypto', async (importOriginal) => (await import('../../support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

/** Alert code → the mode performed, and which way changes move in it. */
const CODES = [
  { code: 206, mode: 200, name: 'two-way, server-alerted', up: true, down: true },
  { code: 207, mode: 202, name: 'one-way from the phone, server-alerted', up: true, down: false },
  { code: 208, mode: 203, name: 'refresh from the phone, server-alerted', up: true, down: false },
  { code: 209, mode: 204, name: 'one-way from the server, server-alerted', up: false, down: true },
  { code: 210, mode: 205, name: 'refresh from the server, server-alerted', up: false, down: true },
  { code: 225, mode: 200, name: 'resume', up: true, down: true },
] as const;

describe.each(storeKinds)('Alert codes (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await closeAccounts();
    await server?.close();
  });

  it.each(CODES)('performs Alert $code ($name) as $mode', async ({ code, mode, up, down }) => {
    const account = await newAccount(server, `alert-${code}-${kind}`);
    const { datastoreClient, bindingId } = await registerPhone(server, account);
    const phone = phoneOf(server, account, { auth: 'basic' });
    const contacts = new PhoneDatastore('./contacts', 'contacts');
    contacts.add('luid-1', contact(1));
    await phone.sync({ datastores: [{ store: contacts, code: 201 }] });

    // A change on each side since.
    contacts.add('luid-2', contact(2));
    await addPeerItem(account, datastoreClient, nameOf(contact(3)), contact(3));
    const session = await phone.sync({ datastores: [{ store: contacts, code }] });
    expect([session.alertStatuses.get('./contacts'), session.modes.get('./contacts')]).toEqual([200, mode]);

    const onPeer = (await peerItems(account, datastoreClient)).map((i) => i.title);
    const onPhone = [...contacts.items.values()].map((i) => nameOf(i.data));
    expect(onPeer.includes(nameOf(contact(2)))).toBe(up);
    expect(onPhone.includes(nameOf(contact(3)))).toBe(down);
    // Refreshes leave both sides equal to the side they refresh from.
    if (mode === 203) expect(onPeer.sort()).toEqual([1, 2].map((n) => nameOf(contact(n))).sort());
    if (mode === 205) expect(onPhone.sort()).toEqual([1, 3].map((n) => nameOf(contact(n))).sort());

    const [record] = (await account.client.syncml.sessions()).entries.map((e) => e.session).filter((s) => s.datastores?.[0]?.syncMode !== 201);
    expect(record!.datastores).toEqual([expect.objectContaining({ uri: 'contacts', syncMode: mode })]);
    const log = (await account.client.syncengine.bindingLog(bindingId)).entries;
    expect(log.map((e) => e.syncMode).sort()).toEqual([201, mode].sort());
  });
});
