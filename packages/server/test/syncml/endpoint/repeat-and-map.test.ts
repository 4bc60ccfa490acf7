/**
 * Two promises that keep a phone's data whole, on both stores: a repeated message (same session,
 * same MsgID: the phone lost our reply) gets the byte-identical reply and is never applied twice;
 * the phone's Map names the LUIDs of what we added, so its later Replace and Delete of those LUIDs
 * reach the same peer items, and a later peer edit reaches the phone as a Replace of its LUID; a
 * Map the phone could not send is taken in its next session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/server.js';
import { storeKinds } from '../../support/stores.js';
import { contact, nameOf } from '../support/items.js';
import { addPeerItem, closeAccounts, newAccount, peerItems, phoneOf, registerPhone } from '../support/registration.js';
import { codesFor, commandsOf, syncCommands } from '../support/replies.js';
import { PhoneDatastore, phoneDevInf, type Exchange } from '../support/scripted-phone.js';

describe.each(storeKinds)('repeated messages and the Map (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await closeAccounts();
    await server?.close();
  });

  it.each(['xml', 'wbxml'] as const)('answers every repeated message of a session (%s) with the same bytes, applying it once', async (encoding) => {
    const account = await newAccount(server, `repeat-${encoding}-${kind}`);
    const { datastoreClient, bindingId } = await registerPhone(server, account);
    await addPeerItem(account, datastoreClient, nameOf(contact(500)), contact(500));
    const phone = phoneOf(server, account, { encoding, auth: 'basic' });
    /** Sends, then sends the same bytes again: the replies are byte-identical. */
    const twice = async (send: () => Promise<Exchange>): Promise<Exchange> => {
      const first = await send();
      const again = await phone.resend();
      expect(again.status).toBe(200);
      expect(Buffer.from(again.bytes).equals(Buffer.from(first.bytes))).toBe(true);
      return first;
    };

    const init = await twice(() => phone.send((m) => m.putDevInf(phoneDevInf(phone.deviceId, phone.version)).alert(201, { target: 'contacts', source: './contacts', next: 'n1' })));
    const part = await twice(() =>
      phone.send((m) => m.statuses(init.reply).sync('contacts', './contacts', [1, 2, 3].map((n) => ({ op: 'add' as const, luid: `luid-${n}`, data: contact(n) }))), { final: false }),
    );
    const ours = await twice(() => phone.send((m) => m.statuses(part.reply).sync('contacts', './contacts', [{ op: 'add', luid: 'luid-4', data: contact(4) }])));
    const [add] = syncCommands(ours.reply);
    expect(add?.kind).toBe('Add');
    const end = await twice(() => phone.send((m) => m.statuses(ours.reply).map('contacts', './contacts', [{ target: add!.items[0]!.source!.locUri, source: 'luid-500' }])));
    expect(codesFor(end.reply, 'Map')).toEqual([200]);
    expect(end.reply.final).toBe(true);

    const items = await peerItems(account, datastoreClient);
    expect(items.map((i) => i.title).sort()).toEqual([1, 2, 3, 4, 500].map((n) => nameOf(contact(n))).sort());
    expect((await account.client.syncengine.bindingLog(bindingId)).entries).toHaveLength(1);
    const sessions = (await account.client.syncml.sessions()).entries;
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.session.datastores![0]!.statistics).toMatchObject({ addsIn: 1, addsOut: 4 });
  });

  it.each(['xml', 'wbxml'] as const)('maps our adds to the phone\'s LUIDs (%s): its Replace and Delete of them reach the same peer items, our edits go to its LUID', async (encoding) => {
    const account = await newAccount(server, `map-${encoding}-${kind}`);
    const { datastoreClient } = await registerPhone(server, account);
    const peerIds = [await addPeerItem(account, datastoreClient, nameOf(contact(1)), contact(1)), await addPeerItem(account, datastoreClient, nameOf(contact(2)), contact(2))];
    const phone = phoneOf(server, account, { encoding });
    const contacts = new PhoneDatastore('./contacts', 'contacts');

    const first = await phone.sync({ datastores: [{ store: contacts, code: 201 }] });
    const map = commandsOf(first.exchanges.at(-1)!.request, 'Map')[0]!;
    expect(map.mapItems).toHaveLength(2);
    expect(map.mapItems.every((m) => m.target.startsWith('pending:'))).toBe(true);
    const luidOf = (n: number) => [...contacts.items].find(([, item]) => nameOf(item.data) === nameOf(contact(n)))![0];

    contacts.replace(luidOf(1), contact(1, 'Edited on the phone after the Map'));
    contacts.delete(luidOf(2));
    const second = await phone.sync({ datastores: [{ store: contacts }] });
    expect(second.modes.get('./contacts')).toBe(200);
    expect(second.itemStatuses).toEqual([200, 200]);
    expect(second.received).toEqual([]);
    const items = await peerItems(account, datastoreClient);
    expect(items.map((i) => i.uuid)).toEqual([peerIds[0]]);
    expect(items[0]!.body).toContain('Edited on the phone after the Map');

    await account.client.datastore.contents(datastoreClient).update(peerIds[0]!, { title: nameOf(contact(1)), content: { type: 'text/vcard', value: contact(1, 'Edited on the server') } });
    const third = await phone.sync({ datastores: [{ store: contacts }] });
    expect(third.received.map((c) => [c.kind, c.items[0]!.target?.locUri])).toEqual([['Replace', luidOf(1)]]);
    expect(contacts.items.get(luidOf(1))!.data).toContain('Edited on the server');
    expect(contacts.items.size).toBe(1);
    expect(await peerItems(account, datastoreClient)).toHaveLength(1);
  });

  it('takes a Map the phone could not send in its session at the start of the next one', async () => {
    const account = await newAccount(server, `late-map-${kind}`);
    const { datastoreClient } = await registerPhone(server, account);
    const peerId = await addPeerItem(account, datastoreClient, nameOf(contact(1)), contact(1));
    const phone = phoneOf(server, account, { auth: 'basic' });
    const init = await phone.send((m) => m.putDevInf(phoneDevInf(phone.deviceId, phone.version)).alert(201, { target: 'contacts', source: './contacts', next: 'a1' }));
    const ours = await phone.send((m) => m.statuses(init.reply).sync('contacts', './contacts', []));
    const pending = syncCommands(ours.reply)[0]!.items[0]!.source!.locUri;
    // Package 5 without the Map: the phone lost it.
    expect((await phone.send((m) => m.statuses(ours.reply))).reply.final).toBe(true);

    phone.newSession();
    const alert = await phone.send((m) => m.alert(200, { target: 'contacts', source: './contacts', last: 'a1', next: 'a2' }));
    expect(codesFor(alert.reply, 'Alert')).toEqual([200]);
    const sync = await phone.send((m) =>
      m.statuses(alert.reply).map('contacts', './contacts', [{ target: pending, source: 'L1' }]).sync('contacts', './contacts', [{ op: 'replace', luid: 'L1', data: contact(1, 'Edited on the phone') }]),
    );
    expect([codesFor(sync.reply, 'Map'), codesFor(sync.reply, 'Replace'), syncCommands(sync.reply)]).toEqual([[200], [200], []]);
    await phone.send((m) => m.statuses(sync.reply));
    const items = await peerItems(account, datastoreClient);
    expect(items.map((i) => i.uuid)).toEqual([peerId]);
    expect(items[0]!.body).toContain('Edited on the phone');
  });
});
