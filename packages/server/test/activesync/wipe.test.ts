/**
 * Remote wipe, on both stores: asked through the SDK, told to the scripted phone at its next
 * request (449 before 14.0, Status 140 from 14.0), ordered in its Provision (RemoteWipe, or on 16.1
 * AccountOnlyRemoteWipe), its acknowledgement recorded, the phone refused afterwards (403) until
 * the owner cancels — whatever device presents the client's credentials meanwhile, the lost phone
 * or another, is told of the wipe and ordered too; a cancel before the acknowledgement; the server's
 * data untouched; and the wipe endpoint's refusals in the contract's error body.
 */
import { el, type AsElement } from '@atomsync/activesync';
import type { AirSyncVersion } from '@atomsync/items';
import type { WipeScope } from '@atomsync/atom';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { refusal, startTestServer, type TestServer } from '../support/server.js';
import { storeKinds } from '../support/stores.js';
import { ScriptedPhone, textAt } from './support/scripted.js';

// scrypt's cost is not this file's question, only its answers: scrypt runs cheap here, the same answers
// (support/cheap-scrypt.ts); at full cost the accounts and phones signing in were much of its time.
vi.mock('node:crypto', async (importOriginal) => (await import('../support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

const vcard = (given: string) => ['BEGIN:VCARD', 'VERSION:3.0', `N:Wipe;${given};;;`, `FN:${given} Wipe`, 'END:VCARD', ''].join('\r\n');

let users = 0;

describe.each(storeKinds)('remote wipe of an ActiveSync phone (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A provisioned phone of alice's, bound to a datastore of two contacts, past its first FolderSync. */
  async function syncedPhone(version: AirSyncVersion) {
    const username = `wipe-${kind}-${++users}@example.org`;
    const password = `pw-${users}-Aspen`;
    const sdk = server.alice.client;
    const client = (await sdk.activesync.create({ username, password })).client.uuid!;
    const datastore = (await sdk.datastore.create({ userId: `wipe-user-${kind}-${users}` })).client.uuid!;
    for (const given of ['Ada', 'Alan']) await sdk.datastore.contents(datastore).create({ title: 'c', content: { type: 'text/vcard', value: vcard(given) } });
    await sdk.syncengine.create({ source: { syncSource: 'activesync', uuid: client }, target: { syncSource: 'datastore', uuid: datastore } });
    const phone = new ScriptedPhone({ url: server.url, username, password, version });
    await phone.provision();
    expect(textAt((await phone.send('FolderSync', folderSync('0'))).tree, 'FolderHierarchy:Status')).toBe('1');
    const device = async () => (await sdk.activesync.get(client)).client.device!;
    const contents = async () => (await sdk.datastore.contents(datastore).list({ dataclass: 'Contacts' })).entries.map((e) => e.content?.value).sort();
    return { phone, client, device, contents, username, password };
  }

  const folderSync = (key: string) => el('FolderHierarchy:FolderSync', [el('FolderHierarchy:SyncKey', key)]);
  const wipe = (client: string, scope?: WipeScope) => server.alice.client.activesync.wipe(client, scope === undefined ? { links: [] } : { links: [], wipe: { scope } });
  const names = (tree: AsElement | null) => (tree?.children ?? []).map((c) => `${c.page}:${c.tag}`);
  /** What a phone sends after a wipe status (MS-ASPROV §3.1.5.1.1): an empty Provision. */
  const emptyProvision = el('Provision:Provision');
  const acknowledge = (scope: 'RemoteWipe' | 'AccountOnlyRemoteWipe', status = '1') => el('Provision:Provision', [el(`Provision:${scope}`, [el('Provision:Status', status)])]);

  it('tells a 14.0 phone (Status 140), orders the wipe in its Provision, records the acknowledgement and refuses it afterwards; the data stays', async () => {
    const { phone, client, device, contents } = await syncedPhone('14.0');
    const before = await contents();

    const asked = await wipe(client);
    expect(asked.client.device?.wipe).toEqual({ scope: 'device', requested: expect.any(Date) });
    const requested = asked.client.device!.wipe!.requested;

    // Any command: "a remote wipe is requested" in its own status.
    const told = await phone.send('FolderSync', folderSync('0'));
    expect(told.status).toBe(200);
    expect(textAt(told.tree, 'FolderHierarchy:Status')).toBe('140');

    // The Provision that follows gets the order, and no policy.
    const order = await phone.send('Provision', emptyProvision);
    expect(names(order.tree)).toEqual(['Provision:Status', 'Provision:RemoteWipe']);
    expect(textAt(order.tree, 'Provision:Status')).toBe('1');
    expect((await device()).wipe).toEqual({ scope: 'device', requested, sent: expect.any(Date) });

    const done = await phone.send('Provision', acknowledge('RemoteWipe'));
    expect(names(done.tree)).toEqual(['Provision:Status']);
    expect(textAt(done.tree, 'Provision:Status')).toBe('1');
    const wiped = (await device()).wipe!;
    expect(wiped.acknowledged).toBeInstanceOf(Date);

    // From then on: refused, in the contract's error body; its Provision gets the order again.
    const refused = await fetch(`${server.url}/Microsoft-Server-ActiveSync?Cmd=FolderSync&User=u&DeviceId=${phone.deviceId}&DeviceType=ScriptedPhone`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${phone.options.username}:${phone.options.password}`).toString('base64')}`, 'ms-asprotocolversion': '14.0', 'x-ms-policykey': phone.policyKey! },
    });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('<code>forbidden</code>');
    expect((await phone.send('Provision', emptyProvision)).tree?.children?.some((c) => c.tag === 'RemoteWipe')).toBe(true);
    expect((await device()).wipe).toEqual(wiped);
    expect(await contents()).toEqual(before);

    // The owner cancels: the phone is served again.
    const cancelled = await server.alice.client.activesync.cancelWipe(client);
    expect(cancelled.client.device?.wipe).toBeUndefined();
    expect(textAt((await phone.send('FolderSync', folderSync('0'))).tree, 'FolderHierarchy:Status')).toBe('1');
  });

  it('ends a Ping held when the wipe is asked: the phone is told now (Status 140), not at the end of its heartbeat', async () => {
    const { phone, client } = await syncedPhone('14.0');
    const sync = (key: string) => el('AirSync:Sync', [el('AirSync:Collections', [el('AirSync:Collection', [el('AirSync:SyncKey', key), el('AirSync:CollectionId', 'contacts')])])]);
    const collectionKey = (tree: AsElement | null) => textAt(tree, 'AirSync:Collections', 'AirSync:Collection', 'AirSync:SyncKey');
    const key = collectionKey((await phone.send('Sync', sync('0'))).tree);
    collectionKey((await phone.send('Sync', sync(key))).tree);
    // A heartbeat of 20 minutes, and nothing will change in the datastore.
    const ping = phone.send('Ping', el('Ping:Ping', [el('Ping:HeartbeatInterval', '1200'), el('Ping:Folders', [el('Ping:Folder', [el('Ping:Id', 'contacts'), el('Ping:Class', 'Contacts')])])]));
    // The Ping is past the wipe gate once its request is on the device record: it is held from then on.
    const device = () => server.store.activesyncDevices.device(server.alice.id, client);
    while ((await device())?.pingRequest == null) await new Promise((r) => setTimeout(r, 20));
    await wipe(client);
    const told = await ping;
    expect(told.status).toBe(200);
    expect(textAt(told.tree, 'Ping:Status')).toBe('140');
    const order = await phone.send('Provision', emptyProvision);
    expect(names(order.tree)).toEqual(['Provision:Status', 'Provision:RemoteWipe']);
  }, 30_000);

  it('answers 449 to a phone before 14.0, and a failed wipe gets the order again', async () => {
    const { phone, device } = await syncedPhone('12.1');
    await wipe((await server.alice.client.activesync.list()).entries.find((e) => e.client.device?.id === phone.deviceId)!.client.uuid!);
    expect((await phone.send('FolderSync', folderSync('0'))).status).toBe(449);
    const order = await phone.send('Provision', el('Provision:Provision', [el('Provision:Policies', [el('Provision:Policy', [el('Provision:PolicyType', 'MS-EAS-Provisioning-WBXML')])])]));
    expect(names(order.tree)).toEqual(['Provision:Status', 'Provision:RemoteWipe']);
    const failed = await phone.send('Provision', acknowledge('RemoteWipe', '2'));
    expect(names(failed.tree)).toEqual(['Provision:Status', 'Provision:RemoteWipe']);
    expect(textAt(failed.tree, 'Provision:Status')).toBe('2');
    expect((await device()).wipe?.acknowledged).toBeUndefined();
    expect((await phone.send('FolderSync', folderSync('0'))).status).toBe(449);
  });

  it('a wipe cancelled before the phone acknowledges is never sent, and the phone syncs on', async () => {
    const { phone, client, device } = await syncedPhone('14.1');
    await wipe(client);
    expect(textAt((await phone.send('FolderSync', folderSync('0'))).tree, 'FolderHierarchy:Status')).toBe('140');
    await server.alice.client.activesync.cancelWipe(client);
    expect((await device()).wipe).toBeUndefined();
    expect(textAt((await phone.send('FolderSync', folderSync('0'))).tree, 'FolderHierarchy:Status')).toBe('1');
    // Its empty Provision, sent before it learnt of the cancel, gets no order.
    const late = await phone.send('Provision', emptyProvision);
    expect(names(late.tree)).toEqual(['Provision:Status']);
    // A cancel with nothing to cancel answers the entry as it is.
    expect((await server.alice.client.activesync.cancelWipe(client)).client.device?.id).toBe(phone.deviceId);
  });

  it('orders an account-only wipe to a 16.1 phone, and refuses one for a phone before 16.1', async () => {
    const modern = await syncedPhone('16.1');
    expect((await wipe(modern.client, 'account')).client.device?.wipe?.scope).toBe('account');
    const told = await modern.phone.send('FolderSync', folderSync('0'));
    expect(textAt(told.tree, 'FolderHierarchy:Status')).toBe('140');
    const order = await modern.phone.send('Provision', emptyProvision);
    expect(names(order.tree)).toEqual(['Provision:Status', 'Provision:AccountOnlyRemoteWipe']);
    await modern.phone.send('Provision', acknowledge('AccountOnlyRemoteWipe'));
    expect((await modern.device()).wipe).toMatchObject({ scope: 'account', acknowledged: expect.any(Date) });
    expect((await modern.phone.send('FolderSync', folderSync('0'))).status).toBe(403);

    const older = await syncedPhone('14.1');
    const error = await refusal(wipe(older.client, 'account'));
    expect([error.status, error.code]).toEqual([409, 'conflict']);
    expect(error.message).toContain('16.1');
    expect((await older.device()).wipe).toBeUndefined();
    expect(textAt((await older.phone.send('FolderSync', folderSync('0'))).tree, 'FolderHierarchy:Status')).toBe('1');
  });

  /** The same credentials on another phone: what a thief does with the lost phone's password. */
  const otherPhone = (username: string, password: string, version: AirSyncVersion = '14.0') => new ScriptedPhone({ url: server.url, username, password, version });

  it('a wipe cannot be undone by another device: the same credentials under another DeviceId are wiped too, and the lost phone returning is still wiped', async () => {
    const { phone, client, device, username, password } = await syncedPhone('14.0');
    const lost = phone.deviceId;
    await wipe(client);
    expect(textAt((await phone.send('FolderSync', folderSync('0'))).tree, 'FolderHierarchy:Status')).toBe('140');

    // A thief sets the credentials up on another device: every command is told of the wipe, its
    // Provision gets the order, and the client still shows the lost phone with its wipe.
    const thief = otherPhone(username, password);
    for (const command of ['FolderSync', 'Sync'] as const) {
      const answer = await thief.send(command, command === 'FolderSync' ? folderSync('0') : el('AirSync:Sync'));
      expect(answer.status).toBe(200);
      expect(answer.tree?.children?.find((c) => c.tag === 'Status')?.text).toBe('140');
    }
    const ordered = await thief.send('Provision', el('Provision:Provision', [el('Provision:Policies', [el('Provision:Policy', [el('Provision:PolicyType', 'MS-EAS-Provisioning-WBXML')])])]));
    expect(names(ordered.tree)).toEqual(['Provision:Status', 'Provision:RemoteWipe']);
    // A phone before 14.0 is sent to Provision by 449, as any command is while a wipe is asked.
    expect((await otherPhone(username, password, '12.1').send('FolderSync', folderSync('0'))).status).toBe(449);
    expect(await device()).toMatchObject({ id: lost, wipe: { scope: 'device', requested: expect.any(Date) } });
    expect((await device()).replaced).toBeUndefined();

    // Its acknowledgement does not stand for the lost phone's: the wipe the owner asked stays pending.
    expect(textAt((await thief.send('Provision', acknowledge('RemoteWipe'))).tree, 'Provision:Status')).toBe('1');
    expect((await device()).wipe?.acknowledged).toBeUndefined();
    expect(textAt((await thief.send('FolderSync', folderSync('0'))).tree, 'FolderHierarchy:Status')).toBe('140');

    // The lost phone returns: still told, still ordered; its acknowledgement is recorded.
    expect(textAt((await phone.send('FolderSync', folderSync('0'))).tree, 'FolderHierarchy:Status')).toBe('140');
    expect(names((await phone.send('Provision', emptyProvision)).tree)).toEqual(['Provision:Status', 'Provision:RemoteWipe']);
    await phone.send('Provision', acknowledge('RemoteWipe'));
    const done = (await device()).wipe!;
    expect(done.acknowledged).toBeInstanceOf(Date);

    // Wiped and not cancelled: any device with these credentials is refused, and its Provision gets the order.
    for (const who of [phone, thief, otherPhone(username, password)]) {
      expect((await who.send('FolderSync', folderSync('0'))).status).toBe(403);
      expect(names((await who.send('Provision', emptyProvision)).tree)).toEqual(['Provision:Status', 'Provision:RemoteWipe']);
    }
    expect(await device()).toMatchObject({ id: lost, wipe: done });

    // Once the owner cancels, a new phone signs in as the client and replaces the lost one.
    await server.alice.client.activesync.cancelWipe(client);
    const next = otherPhone(username, password);
    await next.provision();
    expect(textAt((await next.send('FolderSync', folderSync('0'))).tree, 'FolderHierarchy:Status')).toBe('1');
    expect(await device()).toMatchObject({ id: next.deviceId, replaced: { deviceId: lost } });
    expect((await device()).wipe).toBeUndefined();
  });

  it('an account-only wipe is not lifted by another device either: one before 16.1 is refused, one of 16.1 gets the account-only order', async () => {
    const { phone, client, device, username, password } = await syncedPhone('16.1');
    await wipe(client, 'account');
    const older = otherPhone(username, password, '14.1');
    expect((await older.send('FolderSync', folderSync('0'))).status).toBe(403);
    expect((await older.send('Provision', emptyProvision)).status).toBe(403);
    const modern = otherPhone(username, password, '16.1');
    expect(textAt((await modern.send('FolderSync', folderSync('0'))).tree, 'FolderHierarchy:Status')).toBe('140');
    expect(names((await modern.send('Provision', emptyProvision)).tree)).toEqual(['Provision:Status', 'Provision:AccountOnlyRemoteWipe']);
    expect(await device()).toMatchObject({ id: phone.deviceId, wipe: { scope: 'account' } });
  });

  it('refuses a wipe with no device (409), of an unknown or another account\'s client (404), and a malformed body (400), in the contract\'s error body', async () => {
    const sdk = server.alice.client;
    const fresh = (await sdk.activesync.create({ username: `wipe-none-${kind}@example.org`, password: 'pw-Larch-1' })).client.uuid!;
    const none = await refusal(wipe(fresh));
    expect([none.status, none.code]).toEqual([409, 'conflict']);

    const { client } = await syncedPhone('14.0');
    for (const call of [
      () => server.bob.client.activesync.wipe(client, { links: [] }),
      () => server.bob.client.activesync.cancelWipe(client),
      () => sdk.activesync.wipe('3f0c1a52-8f4e-4c59-9d53-5b8f3f7d2a10', { links: [] }),
      () => sdk.activesync.cancelWipe('not-a-uuid'),
    ]) {
      const error = await refusal(call());
      expect([error.status, error.code]).toEqual([404, 'not_found']);
    }
    expect((await sdk.activesync.get(client)).client.device?.wipe).toBeUndefined();

    const post = (body: string) =>
      fetch(`${server.url}/v2/services/activesync/${client}/wipe`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from(`${server.alice.username}:${server.alice.password}`).toString('base64')}`, 'content-type': 'application/atom+xml' },
        body,
      });
    const entry = (inner: string) => `<entry xmlns="http://www.w3.org/2005/Atom" xmlns:s="http://schemas.atomsync.dev/2009/sync">${inner}</entry>`;
    for (const [body, code] of [
      ['<entry xmlns="http://www.w3.org/2005/Atom"><unclosed>', 'invalid_xml'],
      [entry('<s:wipe scope="everything"/>'), 'validation_failed'],
    ] as const) {
      const answer = await post(body);
      expect(answer.status).toBe(400);
      expect(answer.headers.get('content-type')).toMatch(/xml/);
      expect(await answer.text()).toContain(`<code>${code}</code>`);
    }
    expect((await sdk.activesync.get(client)).client.device?.wipe).toBeUndefined();
    // The same body well-formed is taken.
    expect((await post(entry('<s:wipe scope="device"/>'))).status).toBe(202);
    expect((await sdk.activesync.get(client)).client.device?.wipe?.scope).toBe('device');
  });
});
