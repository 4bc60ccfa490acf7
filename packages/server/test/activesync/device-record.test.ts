/**
 * The device record of an ActiveSync client through the API, on both stores: what the phone
 * reported and when we saw it, and its open problems as they come and go — no binding (FolderSync
 * gives no folders), a replacement by another DeviceId, an item loop protection isolated (cleared
 * when the phone starts the folder again) — in GET of the client and in the list.
 */
import { el, type AsElement } from '@atomsync/activesync';
import type { AirSyncVersion } from '@atomsync/items';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { storeKinds } from '../support/stores.js';
import { childrenAt, ScriptedPhone, textAt, textOf } from './support/scripted.js';

// scrypt's cost is not this file's question, only its answers: scrypt runs cheap here, the same answers
// (support/cheap-scrypt.ts); at full cost the accounts and phones signing in were much of its time.
vi.mock('node:crypto', async (importOriginal) => (await import('../support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

const vcard = (given: string) => ['BEGIN:VCARD', 'VERSION:3.0', `N:Record;${given};;;`, `FN:${given} Record`, `EMAIL;TYPE=INTERNET:${given.toLowerCase()}@example.org`, 'END:VCARD', ''].join('\r\n');

let users = 0;

describe.each(storeKinds)('the ActiveSync device record (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** An ActiveSync client of alice's, bound (or not) to a datastore client holding `cards`. */
  async function phoneOf(version: AirSyncVersion, cards: string[] = [], bind = true) {
    const username = `record-${kind}-${++users}@example.org`;
    const password = `pw-${users}-Rowan`;
    const sdk = server.alice.client;
    const client = (await sdk.activesync.create({ username, password })).client.uuid!;
    const datastore = (await sdk.datastore.create({ userId: `record-user-${kind}-${users}` })).client.uuid!;
    for (const card of cards) await sdk.datastore.contents(datastore).create({ title: 'c', content: { type: 'text/vcard', value: card } });
    const bindTo = async () => Number((await sdk.syncengine.create({ source: { syncSource: 'activesync', uuid: client }, target: { syncSource: 'datastore', uuid: datastore } })).title);
    const binding = bind ? await bindTo() : undefined;
    const phone = new ScriptedPhone({ url: server.url, username, password, version, deviceType: 'SmartPhone' });
    const device = async () => (await sdk.activesync.get(client)).client.device;
    return { phone, client, datastore, binding, bindTo, device, username, password };
  }

  const folderSync = (key: string) => el('FolderHierarchy:FolderSync', [el('FolderHierarchy:SyncKey', key)]);
  const sync = (key: string, collection: AsElement[] = [], windowSize?: number) =>
    el('AirSync:Sync', [
      el('AirSync:Collections', [
        el('AirSync:Collection', [
          el('AirSync:SyncKey', key),
          el('AirSync:CollectionId', 'contacts'),
          ...(windowSize === undefined ? [] : [el('AirSync:WindowSize', String(windowSize))]),
          ...collection,
        ]),
      ]),
    ]);
  const collectionOf = (tree: AsElement | null) => childrenAt(tree, ['AirSync:Collections'], 'AirSync:Collection')[0];
  const keyOf = (tree: AsElement | null) => textOf(collectionOf(tree), 'AirSync:SyncKey')!;
  const addsOf = (tree: AsElement | null) => childrenAt(tree, ['AirSync:Collections', 'AirSync:Collection', 'AirSync:Commands'], 'AirSync:Add');

  it('shows no device before the phone signs in, then the phone as it reported itself, in GET and in the list', async () => {
    const { phone, client, device } = await phoneOf('14.1');
    expect(await device()).toBeUndefined();
    const before = Date.now();
    await phone.send(
      'Provision',
      el('Provision:Provision', [
        el('Settings:DeviceInformation', [el('Settings:Set', [el('Settings:Model', 'Pixel 9'), el('Settings:OS', 'Android 15'), el('Settings:FriendlyName', 'Work phone')])]),
        el('Provision:Policies', [el('Provision:Policy', [el('Provision:PolicyType', 'MS-EAS-Provisioning-WBXML')])]),
      ]),
    );
    const shown = await device();
    expect(shown).toEqual({
      id: phone.deviceId,
      type: 'SmartPhone',
      protocolVersion: '14.1',
      firstContact: expect.any(Date),
      lastContact: expect.any(Date),
      userAgent: 'atomsync-scripted/1',
      model: 'Pixel 9',
      os: 'Android 15',
      friendlyName: 'Work phone',
      // The decoder gives a repeated element as a list, empty when there is none.
      isolatedItems: [],
    });
    // The encoders write seconds: the contact times are this request's, to the second.
    expect(shown!.firstContact.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(shown!.lastContact).toEqual(shown!.firstContact);
    const listed = (await server.alice.client.activesync.list()).entries.find((e) => e.client.uuid === client);
    expect(listed?.client.device).toEqual(shown);
    // Bob's list does not show alice's phone.
    expect((await server.bob.client.activesync.list()).entries.some((e) => e.client.uuid === client)).toBe(false);
  });

  it('records since when a phone without a binding gets no folders, and clears it once the client is bound', async () => {
    const { phone, device, bindTo } = await phoneOf('14.0', [vcard('Ada')], false);
    await phone.provision();
    const none = await phone.send('FolderSync', folderSync('0'));
    expect(textAt(none.tree, 'FolderHierarchy:Changes', 'FolderHierarchy:Count')).toBe('0');
    const unbound = (await device())!.unbound;
    expect(unbound?.since).toBeInstanceOf(Date);
    // Asked again, still unbound: the first time stays.
    const key = textAt(none.tree, 'FolderHierarchy:SyncKey');
    await phone.send('FolderSync', folderSync(key));
    expect((await device())!.unbound).toEqual(unbound);

    await bindTo();
    const bound = await phone.send('FolderSync', folderSync(key));
    const adds = childrenAt(bound.tree, ['FolderHierarchy:Changes'], 'FolderHierarchy:Add').map((a) => textOf(a, 'FolderHierarchy:ServerId'));
    expect(adds).toContain('contacts');
    expect((await device())!.unbound).toBeUndefined();
  });

  it('records the device another DeviceId replaced, and keeps it while the new one syncs', async () => {
    const { phone, device, username, password } = await phoneOf('14.0', [vcard('Alan')]);
    await phone.provision();
    await phone.send('FolderSync', folderSync('0'));
    expect((await device())!.replaced).toBeUndefined();

    const reset = new ScriptedPhone({ url: server.url, username, password, version: '16.1', deviceType: 'iPhone' });
    await reset.provision();
    const shown = (await device())!;
    expect(shown).toMatchObject({ id: reset.deviceId, type: 'iPhone', protocolVersion: '16.1', replaced: { deviceId: phone.deviceId, at: shown.firstContact } });
    await reset.send('FolderSync', folderSync('0'));
    expect((await device())!.replaced).toEqual(shown.replaced);
  });

  it('shows the item loop protection left out, with its folder, binding and time, until the phone starts the folder again', async () => {
    const { phone, device, binding } = await phoneOf('14.0', ['Ada', 'Alan', 'Grace', 'Edsger'].map(vcard));
    await phone.provision();
    await phone.send('FolderSync', folderSync('0'));
    const start = keyOf((await phone.send('Sync', sync('0'))).tree);
    const request = sync(start, [el('AirSync:GetChanges')], 4);
    const first = await phone.send('Sync', request);
    const broken = textOf(addsOf(first.tree)[0], 'AirSync:ServerId')!;
    // The phone fails on the reply and sends the same request until the reply is cut to nothing (endpoint.test.ts).
    for (let i = 0; i < 9; i++) await phone.send('Sync', request);
    const isolated = (await device())!.isolatedItems;
    expect(isolated).toEqual([{ collection: 'contacts', folder: 'Contacts', serverId: broken, op: 'add', binding, since: expect.any(Date) }]);
    // The rest syncs on; the item stays reported.
    const rest = await phone.send('Sync', sync(keyOf(first.tree), [el('AirSync:GetChanges')], 4));
    expect(addsOf(rest.tree)).toHaveLength(3);
    expect((await device())!.isolatedItems).toEqual(isolated);

    // The phone starts the folder again (SyncKey 0): every item comes again, the one left out too, and the report is gone.
    const again = keyOf((await phone.send('Sync', sync('0'))).tree);
    expect((await device())!.isolatedItems).toEqual([]);
    const all = await phone.send('Sync', sync(again, [el('AirSync:GetChanges')], 10));
    // A new start hands out new ServerIds: the four contacts, the one left out among them.
    expect(addsOf(all.tree)).toHaveLength(4);
  });
});
