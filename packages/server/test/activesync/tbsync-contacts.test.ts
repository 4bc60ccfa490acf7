/**
 * TbSync's ActiveSync client (support/tbsync/, Debian's webext-eas4tbsync run as it ships)
 * syncing contacts through our endpoint, in EAS 2.5 and 14.0: a phone registered through the SDK
 * as a user would (an ActiveSync client with its username and password, bound to a datastore
 * client), contacts down and up, edits and deletes on two devices converging, a wrong password
 * refused with nothing changed.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { TbsyncDevice, type Contact } from './support/tbsync/device.js';

const vcard = (given: string, family: string, email: string) =>
  ['BEGIN:VCARD', 'VERSION:3.0', `N:${family};${given};;;`, `FN:${given} ${family}`, `EMAIL;TYPE=INTERNET:${email}`, 'END:VCARD', ''].join('\r\n');

/** What the tests compare of a contact, on the device: "Given Family <email>". */
const named = (contact: Contact): string => `${contact.FirstName ?? ''} ${contact.LastName ?? ''} <${contact.PrimaryEmail ?? ''}>`;

/** The same of a vCard in the datastore: N's given and family names, the first EMAIL. */
function namedCard(card: string): string {
  const unfolded = card.replace(/\r?\n[ \t]/g, '');
  const [family = '', given = ''] = (/^N[;:](?:[^:\r\n]*:)?([^\r\n]*)$/m.exec(unfolded)?.[1] ?? '').split(';');
  const email = /^EMAIL[^:\r\n]*:([^\r\n]*)$/m.exec(unfolded)?.[1] ?? '';
  return `${given} ${family} <${email}>`;
}

let phones = 0;

describe.each(['2.5', '14.0'] as const)('TbSync syncing contacts with our server, EAS %s', (version) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A datastore client of alice's holding `cards`, and a way to read it back. */
  async function datastore(cards: string[]) {
    const sdk = server.alice.client;
    const uuid = (await sdk.datastore.create({ userId: `tbsync-${version}-${++phones}` })).client.uuid!;
    for (const card of cards) await sdk.datastore.contents(uuid).create({ title: 'contact', content: { type: 'text/vcard', value: card } });
    const contents = async () => (await sdk.datastore.contents(uuid).list({ dataclass: 'Contacts' })).entries.map((entry) => entry.content?.value ?? '');
    return { uuid, contents };
  }

  /** A phone as a user sets one up: an ActiveSync client with its own credentials, bound to the datastore client. */
  async function phone(datastoreUuid: string) {
    const sdk = server.alice.client;
    const username = `tbsync-${version}-${++phones}@example.org`;
    const password = `Birch-${randomBytes(6).toString('hex')}`;
    const client = (await sdk.activesync.create({ username, password })).client.uuid!;
    await sdk.syncengine.create({ source: { syncSource: 'activesync', uuid: client }, target: { syncSource: 'datastore', uuid: datastoreUuid } });
    const device = (pass = password) => new TbsyncDevice({ serverUrl: `${server.url}/Microsoft-Server-ActiveSync`, user: username, password: pass, version });
    return { username, password, device };
  }

  const sorted = (names: string[]) => [...names].sort();

  it('takes the contacts of the datastore down to the device', async () => {
    const store = await datastore([vcard('Ada', 'Lovelace', 'ada@example.org'), vcard('Alan', 'Turing', 'alan@example.org'), vcard('Grace', 'Hopper', 'grace@example.org')]);
    const device = (await phone(store.uuid)).device();
    const result = await device.sync();
    expect(result, result.details).toMatchObject({ ok: true, status: 'success' });
    expect(sorted(device.contacts().map(named))).toEqual(['Ada Lovelace <ada@example.org>', 'Alan Turing <alan@example.org>', 'Grace Hopper <grace@example.org>']);

    // Nothing changed: the next sync brings nothing twice.
    expect((await device.sync()).ok).toBe(true);
    expect(device.contacts()).toHaveLength(3);
    expect(await store.contents()).toHaveLength(3);
  });

  it('sends the contacts added on the device up to the datastore', async () => {
    const store = await datastore([]);
    const device = (await phone(store.uuid)).device();
    expect((await device.sync()).ok).toBe(true);
    expect(device.contacts()).toEqual([]);

    device.addContact({ FirstName: 'Katherine', LastName: 'Johnson', PrimaryEmail: 'kj@example.org' });
    device.addContact({ FirstName: 'Dorothy', LastName: 'Vaughan', PrimaryEmail: 'dv@example.org', CellularNumber: '+1 555 0101' });
    const result = await device.sync();
    expect(result, result.details).toMatchObject({ ok: true, status: 'success' });

    const cards = await store.contents();
    expect(sorted(cards.map(namedCard))).toEqual(['Dorothy Vaughan <dv@example.org>', 'Katherine Johnson <kj@example.org>']);
    expect(cards.find((card) => card.includes('Vaughan'))).toContain('+1 555 0101');
    // Each now has the ServerId the server gave it, and the next sync echoes nothing back.
    expect(device.contacts().every((contact) => contact['X-EAS-SERVERID'] && !/^[0-9a-f-]{36}$/.test(contact['X-EAS-SERVERID']))).toBe(true);
    expect((await device.sync()).ok).toBe(true);
    expect(device.contacts()).toHaveLength(2);
    expect(await store.contents()).toHaveLength(2);
  });

  it('converges edits and deletes made on two devices, with exact counts', async () => {
    const store = await datastore([vcard('Ada', 'Lovelace', 'ada@example.org'), vcard('Alan', 'Turing', 'alan@example.org'), vcard('Grace', 'Hopper', 'grace@example.org')]);
    const one = (await phone(store.uuid)).device();
    const two = (await phone(store.uuid)).device();
    expect((await one.sync()).ok).toBe(true);
    expect((await two.sync()).ok).toBe(true);
    expect(one.contacts()).toHaveLength(3);
    expect(two.contacts()).toHaveLength(3);
    const idOn = (device: TbsyncDevice, lastName: string) => device.contacts().find((contact) => contact.LastName === lastName)!.UID!;

    // One: Ada renamed, Alan deleted.
    one.editContact(idOn(one, 'Lovelace'), { LastName: 'King' });
    one.deleteContact(idOn(one, 'Turing'));
    expect((await one.sync()).ok).toBe(true);
    expect(sorted((await store.contents()).map(namedCard))).toEqual(['Ada King <ada@example.org>', 'Grace Hopper <grace@example.org>']);

    // Two: Grace's address changed, Mary added; it takes one's changes down.
    two.editContact(idOn(two, 'Hopper'), { PrimaryEmail: 'grace@navy.example' });
    two.addContact({ FirstName: 'Mary', LastName: 'Jackson', PrimaryEmail: 'mj@example.org' });
    const twoResult = await two.sync();
    expect(twoResult, twoResult.details).toMatchObject({ ok: true });
    const expected = ['Ada King <ada@example.org>', 'Grace Hopper <grace@navy.example>', 'Mary Jackson <mj@example.org>'];
    expect(sorted(two.contacts().map(named))).toEqual(expected);

    // One takes two's changes down; all three hold the same three.
    expect((await one.sync()).ok).toBe(true);
    expect(sorted(one.contacts().map(named))).toEqual(expected);
    expect(sorted((await store.contents()).map(namedCard))).toEqual(expected);

    // And stay so.
    expect((await two.sync()).ok).toBe(true);
    expect((await one.sync()).ok).toBe(true);
    expect(one.contacts()).toHaveLength(3);
    expect(two.contacts()).toHaveLength(3);
    expect(await store.contents()).toHaveLength(3);
  });

  it('refuses a wrong password, and nothing changes', async () => {
    const store = await datastore([vcard('Ada', 'Lovelace', 'ada@example.org')]);
    const { device } = await phone(store.uuid);
    const intruder = device('not-the-password');
    const result = await intruder.sync();
    expect(result).toMatchObject({ ok: false, status: '401', requests: ['OPTIONS'] });
    expect(intruder.contacts()).toEqual([]);
    expect((await store.contents()).map(namedCard)).toEqual(['Ada Lovelace <ada@example.org>']);
    // The right one still syncs.
    const owner = device();
    expect((await owner.sync()).ok).toBe(true);
    expect(owner.contacts().map(named)).toEqual(['Ada Lovelace <ada@example.org>']);
  });
});
