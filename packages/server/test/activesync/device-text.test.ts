/**
 * What an ActiveSync phone sends is checked before it is stored, on both stores (issue 20, item 5):
 * text XML cannot carry (C0 controls but TAB/LF/CR, U+FFFE/U+FFFF) in the DeviceInformation of
 * Settings or Provision is recorded with each such character replaced by U+FFFD; an Add or Change
 * whose ApplicationData holds one gets that command's Status 6 and nothing is stored. And nothing
 * stored can make the owner's API fail: a record or an item written before these checks is shown
 * with U+FFFD too. After each, the owner's GET of the client, the list of clients, a wipe request
 * and its cancel, a password change and the datastore's contents listing all answer 200.
 */
import { el, type AsElement } from '@atomsync/activesync';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { storeKinds } from '../support/stores.js';
import { childrenAt, ScriptedPhone, textAt, textOf } from './support/scripted.js';

// scrypt's cost is not this file's question, only its answers: scrypt runs cheap here, the same answers
// (support/cheap-scrypt.ts); at full cost the accounts and phones signing in were much of its time.
vi.mock('node:crypto', async (importOriginal) => (await import('../support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

const vcard = (given: string) => ['BEGIN:VCARD', 'VERSION:3.0', `N:Text;${given};;;`, `FN:${given} Text`, 'END:VCARD', ''].join('\r\n');

/** Characters XML 1.0 cannot carry that a WBXML string can (a lone surrogate does not survive UTF-8). */
const BAD = ['\u0001', '\u000B', '\uFFFE', '\uFFFF', '\u001F'] as const;

let users = 0;

describe.each(storeKinds)('text a phone sends that XML cannot carry (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  const folderSync = (key: string) => el('FolderHierarchy:FolderSync', [el('FolderHierarchy:SyncKey', key)]);
  const sync = (key: string, collection: AsElement[] = []) =>
    el('AirSync:Sync', [el('AirSync:Collections', [el('AirSync:Collection', [el('AirSync:SyncKey', key), el('AirSync:CollectionId', 'contacts'), ...collection])])]);
  const collectionOf = (tree: AsElement | null) => childrenAt(tree, ['AirSync:Collections'], 'AirSync:Collection')[0];
  const keyOf = (tree: AsElement | null) => textOf(collectionOf(tree), 'AirSync:SyncKey')!;
  const responsesOf = (tree: AsElement | null, kind: string) => childrenAt(tree, ['AirSync:Collections', 'AirSync:Collection', 'AirSync:Responses'], kind);
  const information = (fields: Record<string, string>) => el('Settings:DeviceInformation', [el('Settings:Set', Object.entries(fields).map(([tag, value]) => el(`Settings:${tag}` as never, value)))]);

  /** A phone of alice's, bound to a datastore of one contact, past FolderSync and its first Sync; `provision: false` leaves Provision to the test. */
  async function phoneOf(options: { provision?: boolean } = {}) {
    const username = `text-${kind}-${++users}@example.org`;
    let password = `pw-${users}-Hawthorn`;
    const sdk = server.alice.client;
    const client = (await sdk.activesync.create({ username, password })).client.uuid!;
    const datastore = (await sdk.datastore.create({ userId: `text-user-${kind}-${users}` })).client.uuid!;
    await sdk.datastore.contents(datastore).create({ title: 'c', content: { type: 'text/vcard', value: vcard('Ada') } });
    await sdk.syncengine.create({ source: { syncSource: 'activesync', uuid: client }, target: { syncSource: 'datastore', uuid: datastore } });
    const phone = new ScriptedPhone({ url: server.url, username, password, version: '14.1' });
    if (options.provision !== false) await phone.provision();
    const contents = async () => (await sdk.datastore.contents(datastore).list({ dataclass: 'Contacts' })).entries.map((e) => e.content?.value ?? '');

    /** Every read and write of the owner's that shows this client or its datastore: each must answer (the SDK throws on anything but 2xx). */
    async function ownerStillServed() {
      const got = await sdk.activesync.get(client);
      const listed = (await sdk.activesync.list()).entries.find((e) => e.client.uuid === client);
      expect(listed?.client.device).toEqual(got.client.device);
      expect((await sdk.activesync.wipe(client, { links: [] })).client.device?.wipe?.scope).toBe('device');
      expect((await sdk.activesync.cancelWipe(client)).client.device?.wipe).toBeUndefined();
      const next = `${password}-next`;
      await sdk.activesync.update(client, { oldPassword: password, password: next });
      password = next;
      await contents();
      return got.client.device;
    }
    return { phone, client, datastore, contents, ownerStillServed };
  }

  it('Settings: DeviceInformation is recorded with U+FFFD for each character XML cannot carry; the owner is served', async () => {
    const { phone, ownerStillServed } = await phoneOf();
    const answer = await phone.send('Settings', el('Settings:Settings', [information({ FriendlyName: 'a\u0001b', Model: `Pixel${BAD[1]}9`, OS: `Android${BAD[2]}15`, UserAgent: `ua${BAD[3]}${BAD[4]}` })]));
    expect(textAt(answer.tree, 'Settings:Status')).toBe('1');
    expect(textAt(answer.tree, 'Settings:DeviceInformation', 'Settings:Status')).toBe('1');
    const device = await ownerStillServed();
    expect(device).toMatchObject({ friendlyName: 'a\uFFFDb', model: 'Pixel\uFFFD9', os: 'Android\uFFFD15' });
  });

  it('Provision: DeviceInformation is recorded with U+FFFD for each character XML cannot carry; the owner is served', async () => {
    const { phone, client, ownerStillServed } = await phoneOf({ provision: false });
    const answer = await phone.send(
      'Provision',
      el('Provision:Provision', [
        information({ FriendlyName: 'a\u000Bb', Model: 'M\uFFFEodel', OS: 'O\u0001S' }),
        el('Provision:Policies', [el('Provision:Policy', [el('Provision:PolicyType', 'MS-EAS-Provisioning-WBXML')])]),
      ]),
    );
    expect(textAt(answer.tree, 'Provision:Status')).toBe('1');
    const stored = await server.store.activesyncDevices.device(server.alice.id, client);
    expect(JSON.parse(stored!.information!)).toEqual({ FriendlyName: 'a\uFFFDb', Model: 'M\uFFFDodel', OS: 'O\uFFFDS' });
    expect(await ownerStillServed()).toMatchObject({ friendlyName: 'a\uFFFDb', model: 'M\uFFFDodel', os: 'O\uFFFDS' });
  });

  it('Sync: an Add or Change whose data holds such a character gets Status 6 and stores nothing; the rest of the request is taken; the owner is served', async () => {
    const { phone, contents, ownerStillServed } = await phoneOf();
    expect(textAt((await phone.send('FolderSync', folderSync('0'))).tree, 'FolderHierarchy:Status')).toBe('1');
    let key = keyOf((await phone.send('Sync', sync('0'))).tree);
    const down = await phone.send('Sync', sync(key, [el('AirSync:GetChanges', '1')]));
    key = keyOf(down.tree);
    const ada = textOf(childrenAt(down.tree, ['AirSync:Collections', 'AirSync:Collection', 'AirSync:Commands'], 'AirSync:Add')[0], 'AirSync:ServerId')!;
    const before = await contents();

    for (const bad of BAD) {
      const up = el('AirSync:Commands', [
        el('AirSync:Add', [el('AirSync:ClientId', 'bad'), el('AirSync:ApplicationData', [el('Contacts:FirstName', `Gr${bad}ace`), el('Contacts:LastName', 'Hopper')])]),
        el('AirSync:Change', [el('AirSync:ServerId', ada), el('AirSync:ApplicationData', [el('Contacts:FirstName', 'Ada'), el('Contacts:LastName', `Text${bad}`)])]),
        el('AirSync:Add', [el('AirSync:ClientId', `good-${bad.charCodeAt(0)}`), el('AirSync:ApplicationData', [el('Contacts:FirstName', 'Katherine'), el('Contacts:LastName', `Johnson${bad.charCodeAt(0)}`)])]),
      ]);
      const answer = await phone.send('Sync', sync(key, [up]));
      expect(answer.status).toBe(200);
      key = keyOf(answer.tree);
      const adds = responsesOf(answer.tree, 'AirSync:Add');
      expect(adds.map((a) => [textOf(a, 'AirSync:ClientId'), textOf(a, 'AirSync:Status')])).toEqual([
        ['bad', '6'],
        [`good-${bad.charCodeAt(0)}`, '1'],
      ]);
      expect(responsesOf(answer.tree, 'AirSync:Change').map((c) => [textOf(c, 'AirSync:ServerId'), textOf(c, 'AirSync:Status')])).toEqual([[ada, '6']]);
    }
    const after = await contents();
    expect(after.filter((c) => !before.includes(c))).toHaveLength(BAD.length);
    expect(after.some((c) => c.includes('Grace') || c.includes('Gr'))).toBe(false);
    expect(after.filter((c) => c.includes('Ada'))).toEqual(before.filter((c) => c.includes('Ada')));
    await ownerStillServed();
  });

  it('a device record and an item stored before these checks are shown with U+FFFD: the owner is served', async () => {
    const { phone, client, datastore, contents, ownerStillServed } = await phoneOf();
    // What a phone could store before: written straight to the store.
    await server.store.activesyncDevices.update(server.alice.id, client, { information: JSON.stringify({ FriendlyName: 'a\u0001b', Model: 'M\u000Bx', OS: 'O\uFFFEs', UserAgent: 'u\uFFFF' }) });
    await server.store.contents.insertMany([
      { uuid: randomUUID(), accountId: server.alice.id, clientUuid: datastore, dataclass: 'Contacts', title: 'Gr\u0001ace', type: 'text/vcard', body: vcard('Gr\u0001ace') },
    ]);
    expect(await ownerStillServed()).toMatchObject({ id: phone.deviceId, friendlyName: 'a\uFFFDb', model: 'M\uFFFDx', os: 'O\uFFFDs' });
    expect(await contents()).toContain(vcard('Gr\uFFFDace'));
    const changes = await server.alice.client.datastore.contents(datastore).changes({ since: '2000-01-01T00:00:00' });
    expect(changes.entries.some((e) => e.title === 'Gr\uFFFDace')).toBe(true);
  });
});
