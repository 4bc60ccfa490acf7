/**
 * TbSync's ActiveSync client (support/tbsync/, Debian's webext-eas4tbsync run as it ships)
 * syncing contacts through our endpoint, in EAS 2.5 and 14.0: a phone registered through the SDK
 * as a user would (an ActiveSync client with its username and password, bound to a datastore
 * client), contacts down and up, edits and deletes on two devices converging, a wrong password
 * refused with nothing changed, 500 contacts up from one device and down to another field by
 * field, a device reset (a new DeviceId) syncing again without doubles.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ContentEntryResponse } from '@atomsync/sdk';
import { startTestServer, type TestServer } from '../support/server.js';
import { TbsyncDevice, type Contact, type TbsyncDeviceOptions } from './support/tbsync/device.js';

// scrypt's cost is not this file's question, only its answers: scrypt runs cheap here, the same answers
// (support/cheap-scrypt.ts); at full cost the accounts and phones signing in were much of its time.
vi.mock('node:crypto', async (importOriginal) => (await import('../support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

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

/** The fields of a contact the bulk tests compare, as Thunderbird names them ('' when absent). */
const FIELDS = ['DisplayName', 'FirstName', 'LastName', 'PrimaryEmail', 'CellularNumber', 'WorkPhone', 'HomePhone'] as const;
type Person = Record<(typeof FIELDS)[number], string>;

const GIVEN = ['Ada', 'Zoë', 'Łukasz', 'Søren', 'Ngozi', 'Chloé', 'Jürgen', 'Åsa', 'Ольга', '美咲', 'Ηλέκτρα', 'Nuño', 'Grace'];
const FAMILY = ['Lovelace', 'Núñez', 'Dvořák', 'Ødegård', 'Okafor', 'Groß', 'Ivanova', '𠮷田', 'Παπαδοπούλου', 'Hopper', 'Nguyễn'];

/** `count` distinct people (`tag` keeps two batches apart): names partly non-ASCII (one outside the BMP), each an e-mail and a mobile, every other a work phone, every third a home phone. */
function people(count: number, tag: string): Person[] {
  return Array.from({ length: count }, (_, i) => {
    const n = String(i).padStart(4, '0');
    const FirstName = GIVEN[i % GIVEN.length]!;
    const LastName = `${FAMILY[i % FAMILY.length]!} ${tag}${n}`;
    return {
      DisplayName: `${FirstName} ${LastName}`,
      FirstName,
      LastName,
      PrimaryEmail: `${tag}.${n}@example.org`,
      CellularNumber: `+49 151 ${n}${i % 7}`,
      WorkPhone: i % 2 === 0 ? `+1 555 01${n}` : '',
      HomePhone: i % 3 === 0 ? `+33 1 44 ${n}` : '',
    };
  });
}

/** A person as a user types one into Thunderbird (the properties they left empty left out). */
const cardProperties = (person: Person): Record<string, string> => Object.fromEntries(Object.entries(person).filter(([, value]) => value !== ''));

/** A person as a vCard 3.0 in the datastore. */
function personCard(person: Person): string {
  const tel = (type: string, number: string) => (number ? [`TEL;TYPE=${type}:${number}`] : []);
  return [
    'BEGIN:VCARD', 'VERSION:3.0', `N:${person.LastName};${person.FirstName};;;`, `FN:${person.DisplayName}`, `EMAIL;TYPE=INTERNET:${person.PrimaryEmail}`,
    ...tel('CELL', person.CellularNumber), ...tel('WORK', person.WorkPhone), ...tel('HOME', person.HomePhone), 'END:VCARD', '',
  ].join('\r\n');
}

/** A contact of the device as those fields. */
const personOf = (contact: Contact): Person => Object.fromEntries(FIELDS.map((field) => [field, contact[field] ?? ''])) as Person;

/** A vCard of the datastore as those fields: FN, N's family and given names, the first EMAIL, the first TEL of each type. */
function personOfCard(card: string): Person {
  const lines = card.replace(/\r?\n[ \t]/g, '').split(/\r?\n/).flatMap((line) => {
    const match = /^([^:;]+)((?:;[^:]*)?):(.*)$/.exec(line);
    if (!match) return [];
    const types = [...match[2]!.matchAll(/;TYPE=([^;]*)/gi)].flatMap((type) => type[1]!.replace(/"/g, '').toUpperCase().split(','));
    return [{ name: match[1]!.toUpperCase(), types, value: match[3]! }];
  });
  const text = (value: string) => value.replace(/\\([\\;,nN])/g, (_, c: string) => (c.toLowerCase() === 'n' ? '\n' : c));
  const first = (name: string, type?: string) => lines.find((line) => line.name === name && (!type || line.types.includes(type)))?.value ?? '';
  const [family = '', given = ''] = first('N').split(/(?<!\\);/).map(text);
  return {
    DisplayName: text(first('FN')), FirstName: given, LastName: family, PrimaryEmail: text(first('EMAIL')),
    CellularNumber: first('TEL', 'CELL'), WorkPhone: first('TEL', 'WORK'), HomePhone: first('TEL', 'HOME'),
  };
}

/** People in one order (by e-mail, which is unique), to compare sets of them whatever order either side keeps. */
const byEmail = (persons: Person[]): Person[] => [...persons].sort((a, b) => (a.PrimaryEmail < b.PrimaryEmail ? -1 : a.PrimaryEmail > b.PrimaryEmail ? 1 : 0));

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
    // Every entry (500 in one test): a list call answers one page.
    const list = async () => {
      const all: ContentEntryResponse[] = [];
      for await (const entry of sdk.datastore.contents(uuid).iterateList({ dataclass: 'Contacts' })) all.push(entry);
      return all;
    };
    const contents = async () => (await list()).map((entry) => entry.content?.value ?? '');
    /** Every entry's id, time of change and vCard, in one order: what must not move when nothing changed. */
    const snapshot = async () => (await list()).map(({ id, updated, content }) => ({ id, updated: updated?.toISOString(), value: content?.value })).sort((a, b) => (a.id < b.id ? -1 : 1));
    return { uuid, contents, snapshot };
  }

  /** A phone as a user sets one up: an ActiveSync client with its own credentials, bound to the datastore client. */
  async function phone(datastoreUuid: string) {
    const sdk = server.alice.client;
    const username = `tbsync-${version}-${++phones}@example.org`;
    const password = `Birch-${randomBytes(6).toString('hex')}`;
    const client = (await sdk.activesync.create({ username, password })).client.uuid!;
    await sdk.syncengine.create({ source: { syncSource: 'activesync', uuid: client }, target: { syncSource: 'datastore', uuid: datastoreUuid } });
    const device = (pass = password, options: Partial<TbsyncDeviceOptions> = {}) =>
      new TbsyncDevice({ serverUrl: `${server.url}/Microsoft-Server-ActiveSync`, user: username, password: pass, version, ...options });
    return { username, password, client, device };
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

  it('takes 500 contacts added on one device up, and down to a second device field by field', async () => {
    const store = await datastore([]);
    // 500 contacts are ten windows of TbSync's 50 (its maxitems) each way. TbSync yields 10 ms
    // after each item it sends or takes (Thunderbird's UI), 10 s of waiting here: cut to 1 ms.
    const bulk = { syncTimeoutMs: 45_000, timerCapMs: 1 };
    const one = (await phone(store.uuid)).device(undefined, bulk);
    const two = (await phone(store.uuid)).device(undefined, bulk);
    expect((await one.sync()).ok).toBe(true);
    const expected = byEmail(people(500, 'bulk'));
    for (const person of expected) one.addContact(cardProperties(person));

    const up = await one.sync();
    expect(up, up.details).toMatchObject({ ok: true, status: 'success' });
    const cards = await store.contents();
    expect(cards).toHaveLength(500);
    expect(byEmail(cards.map(personOfCard))).toEqual(expected);
    expect(one.contacts()).toHaveLength(500);
    expect(new Set(one.contacts().map((contact) => contact['X-EAS-SERVERID'])).size).toBe(500);

    const down = await two.sync();
    expect(down, down.details).toMatchObject({ ok: true, status: 'success' });
    expect(two.contacts()).toHaveLength(500);
    expect(byEmail(two.contacts().map(personOf))).toEqual(expected);

    // A second sync of each moves nothing: the datastore keeps every entry as it was (id, time of
    // change, vCard), each device every contact as it was (its ServerId too).
    const cardsOf = (device: TbsyncDevice) => device.contacts().map((contact) => JSON.stringify(contact)).sort();
    const before = { store: await store.snapshot(), one: cardsOf(one), two: cardsOf(two) };
    expect((await one.sync()).ok).toBe(true);
    expect((await two.sync()).ok).toBe(true);
    expect({ store: await store.snapshot(), one: cardsOf(one), two: cardsOf(two) }).toEqual(before);
  });

  it('syncs a reset device (a new DeviceId) again without doubles, and takes its edits after', async () => {
    // 60 contacts from the datastore, 40 added on the device: 100 on each side, over two windows and more.
    const fromStore = people(60, 'store');
    const fromDevice = people(40, 'device');
    const store = await datastore(fromStore.map(personCard));
    const { client, device: setUp } = await phone(store.uuid);
    const device = setUp();
    const serverDevice = async () => (await server.store.activesyncDevices.device(server.alice.id, client))?.deviceId;
    expect((await device.sync()).ok).toBe(true);
    expect(device.contacts()).toHaveLength(60);
    for (const person of fromDevice) device.addContact(cardProperties(person));
    expect((await device.sync()).ok).toBe(true);
    const expected = byEmail([...fromStore, ...fromDevice]);
    expect(byEmail((await store.contents()).map(personOfCard))).toEqual(expected);
    expect(byEmail(device.contacts().map(personOf))).toEqual(expected);

    // The user removes the account and adds it again: TbSync forgets everything and comes back under a new DeviceId.
    const before = await store.snapshot();
    const oldDeviceId = device.deviceId;
    device.reset();
    expect(device.deviceId).not.toBe(oldDeviceId);
    expect(device.contacts()).toEqual([]);
    expect(await serverDevice()).toBe(oldDeviceId);
    const again = await device.sync();
    expect(again, again.details).toMatchObject({ ok: true, status: 'success' });
    expect(await serverDevice()).toBe(device.deviceId);
    expect(device.contacts()).toHaveLength(100);
    expect(byEmail(device.contacts().map(personOf))).toEqual(expected);
    // The datastore holds the same 100 entries as before, untouched.
    expect(await store.snapshot()).toEqual(before);

    // Edits made after the reset go up, in place: one contact that came from the datastore, one the device had added.
    const edits: Record<string, Partial<Person>> = {
      'store.0007@example.org': { LastName: 'Renamed', DisplayName: 'Åsa Renamed', CellularNumber: '+49 151 99999' },
      'device.0012@example.org': { PrimaryEmail: 'moved.0012@example.org', WorkPhone: '' },
    };
    for (const [email, edit] of Object.entries(edits)) device.editContact(device.contacts().find((contact) => contact.PrimaryEmail === email)!.UID!, edit);
    const edited = await device.sync();
    expect(edited, edited.details).toMatchObject({ ok: true, status: 'success' });
    const after = byEmail(expected.map((person) => ({ ...person, ...edits[person.PrimaryEmail] })));
    expect(byEmail((await store.contents()).map(personOfCard))).toEqual(after);
    expect((await store.snapshot()).map(({ id }) => id)).toEqual(before.map(({ id }) => id));

    // And stay so: nothing doubled on either side.
    expect((await device.sync()).ok).toBe(true);
    expect(byEmail(device.contacts().map(personOf))).toEqual(after);
    expect(byEmail((await store.contents()).map(personOfCard))).toEqual(after);
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
