/**
 * One datastore, every protocol (issue 21): a DAV client (plain requests: PUT, If-Match,
 * sync-collection), TbSync's ActiveSync client (Debian's webext-eas4tbsync under Node, as the
 * ActiveSync tests run it) and SyncEvolution over SyncML, all of alice's, all on ONE datastore
 * client — the phones reach it through their bindings, as a user sets them up through the API.
 * Each adds, edits and deletes contacts in turn; every change reaches the other two exactly once,
 * each side's counts are exact, all four (the datastore itself too) end holding the same 14
 * contacts with no doubles, and a last round moves nothing.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TbsyncDevice, type Contact } from '../activesync/support/tbsync/device.js';
import { datastoreItems } from '../interop/support/atomsync.js';
import { addDevice, expectSynced, startInteropServer, type Device, type InteropServer } from '../interop/support/scenario.js';
import { discover } from './clients/discovery.js';
import { FetchDavClient } from './clients/fetch-client.js';
import type { DavTarget } from './clients/target.js';

const NONE = { added: 0, updated: 0, removed: 0, rejected: 0 };

const vcard = (given: string, family: string, email: string) =>
  ['BEGIN:VCARD', 'VERSION:3.0', `N:${family};${given};;;`, `FN:${given} ${family}`, `EMAIL;TYPE=INTERNET:${email}`, 'END:VCARD', ''].join('\r\n');

/** What is compared of a contact everywhere: "Given Family <email>" (the e-mail is each one's own). */
function namedCard(card: string): string {
  const unfolded = card.replace(/\r?\n[ \t]/g, '');
  const [family = '', given = ''] = (/^N[;:](?:[^:\r\n]*:)?([^\r\n]*)$/m.exec(unfolded)?.[1] ?? '').split(';');
  const email = /^EMAIL[^:\r\n]*:([^\r\n]*)$/m.exec(unfolded)?.[1] ?? '';
  return `${given} ${family} <${email}>`;
}
const named = (contact: Contact): string => `${contact.FirstName ?? ''} ${contact.LastName ?? ''} <${contact.PrimaryEmail ?? ''}>`;

/** A vCard as read, renamed (N and FN), everything else kept: how a client edits one. */
const renamed = (card: string, given: string, family: string) =>
  card.replace(/\r?\n[ \t]/g, '').replace(/^N[;:].*$/m, `N:${family};${given};;;`).replace(/^FN[;:].*$/m, `FN:${given} ${family}`);

const sorted = (names: Iterable<string>) => [...names].sort();

describe('one datastore, every protocol: DAV, ActiveSync (TbSync) and SyncML (SyncEvolution)', () => {
  let setting: InteropServer;
  beforeAll(async () => {
    setting = await startInteropServer('every-protocol');
  });
  afterAll(async () => {
    await setting?.close();
  });

  it('each adds, edits and deletes; all converge on the same 14 contacts, each change moved once', { timeout: 240_000 }, async () => {
    const { server } = setting;
    const sdk = server.alice.client;

    // SyncML: a phone bound for the user id `everyone` (its binding makes the datastore client).
    const syncml: Device = await addDevice(setting, { user: 'everyone', encoding: 'xml' });
    const datastore = syncml.binding.datastoreClient;

    // ActiveSync: a client with its own credentials, bound to the same datastore client.
    const easUser = 'every-protocol@example.org';
    const easPassword = `Birch-${randomBytes(6).toString('hex')}`;
    const eas = (await sdk.activesync.create({ username: easUser, password: easPassword })).client.uuid!;
    await sdk.syncengine.create({ source: { syncSource: 'activesync', uuid: eas }, target: { syncSource: 'datastore', uuid: datastore } });
    const tbsync = new TbsyncDevice({ serverUrl: `${server.url}/Microsoft-Server-ActiveSync`, user: easUser, password: easPassword, version: '14.0' });

    // DAV: the datastore client's address book, found by discovery.
    const target: DavTarget = { name: 'atomsync', url: server.url.replace(/\/$/, ''), username: server.alice.username, password: server.alice.password, stop: async () => undefined };
    const book = (await discover(target)).addressBooks.find((b) => b.name === datastore);
    expect(book, `no address book for the datastore client ${datastore}`).toBeDefined();
    const dav = new FetchDavClient(target, book!.url, 'text/vcard; charset=utf-8');

    const expected = new Map<string, string>(); // e-mail → "Given Family <email>"
    const person = (given: string, family: string, email: string) => {
      expected.set(email, `${given} ${family} <${email}>`);
      return vcard(given, family, email);
    };
    const serverNames = async () => (await datastoreItems(sdk, datastore, 'Contacts')).map(namedCard);
    const davPath = (email: string) => [...dav.members.values()].find((m) => m.text.includes(email))!.href;
    const easId = (email: string) => tbsync.contacts().find((c) => c.PrimaryEmail === email)!.UID!;
    const syncmlFile = async (email: string) => [...(await syncml.phone.items('contacts'))].find(([, text]) => text.includes(email))![0];

    // 1. SyncML adds ten.
    const ten = Array.from({ length: 10 }, (_, i) => person('Sam', `Syncml ${i}`, `syncml.${i}@example.org`));
    await syncml.phone.addItems('contacts', ten, 'contact');
    const first = await syncml.phone.sync('contacts', 'slow');
    expectSynced(first);
    expect(first.report.server).toMatchObject({ added: 10, rejected: 0 });
    expect(await serverNames()).toHaveLength(10);

    // 2. DAV reads all ten, adds four, renames syncml.0, deletes syncml.1.
    const davFirst = await dav.sync();
    expect(davFirst.changed).toHaveLength(10);
    expect(davFirst.deleted).toEqual([]);
    for (let i = 0; i < 4; i++) await dav.add(`dav-${i}.vcf`, person('Dana', `Dav ${i}`, `dav.${i}@example.org`));
    await dav.change(davPath('syncml.0@example.org'), renamed(dav.members.get(davPath('syncml.0@example.org'))!.text, 'Sam', 'Renamed by DAV'));
    expected.set('syncml.0@example.org', 'Sam Renamed by DAV <syncml.0@example.org>');
    await dav.remove(davPath('syncml.1@example.org'));
    expected.delete('syncml.1@example.org');
    expect(sorted(await serverNames())).toEqual(sorted(expected.values()));
    // Its next delta is its own writes, exactly: four adds and the rename; the delete.
    const own = await dav.sync();
    expect(own.changed).toHaveLength(5);
    expect(own.deleted).toHaveLength(1);

    // 3. ActiveSync takes all 13 down, then adds three, renames syncml.2, deletes dav.0.
    const easFirst = await tbsync.sync();
    expect(easFirst, easFirst.details).toMatchObject({ ok: true, status: 'success' });
    expect(sorted(tbsync.contacts().map(named))).toEqual(sorted(expected.values()));
    for (let i = 0; i < 3; i++) {
      tbsync.addContact({ FirstName: 'Ash', LastName: `Eas ${i}`, PrimaryEmail: `eas.${i}@example.org` });
      expected.set(`eas.${i}@example.org`, `Ash Eas ${i} <eas.${i}@example.org>`);
    }
    tbsync.editContact(easId('syncml.2@example.org'), { LastName: 'Renamed by EAS' });
    expected.set('syncml.2@example.org', 'Sam Renamed by EAS <syncml.2@example.org>');
    tbsync.deleteContact(easId('dav.0@example.org'));
    expected.delete('dav.0@example.org');
    const easUp = await tbsync.sync();
    expect(easUp, easUp.details).toMatchObject({ ok: true, status: 'success' });
    expect(sorted(await serverNames())).toEqual(sorted(expected.values()));

    // 4. SyncML renames syncml.3 and deletes syncml.4, and takes DAV's and ActiveSync's changes down.
    await syncml.phone.writeItem('contacts', await syncmlFile('syncml.3@example.org'), vcard('Sam', 'Renamed by SyncML', 'syncml.3@example.org'));
    expected.set('syncml.3@example.org', 'Sam Renamed by SyncML <syncml.3@example.org>');
    await syncml.phone.removeItem('contacts', await syncmlFile('syncml.4@example.org'));
    expected.delete('syncml.4@example.org');
    const both = await syncml.phone.sync('contacts', 'two-way');
    expectSynced(both);
    expect(both.report).toMatchObject({
      mode: 'two-way',
      server: { added: 0, updated: 1, removed: 1, rejected: 0 },
      // DAV's four adds and ActiveSync's three but dav.0 (added and deleted before SyncML synced);
      // DAV's and ActiveSync's renames; DAV's and ActiveSync's deletes of syncml.1 and dav.0 (the
      // second never reached the phone: only syncml.1 is removed there).
      client: { added: 6, updated: 2, removed: 1, rejected: 0 },
    });

    // 5. DAV's delta: ActiveSync's three adds and its rename, SyncML's rename; ActiveSync's and SyncML's deletes.
    const davDelta = await dav.sync();
    expect(davDelta.changed).toHaveLength(5);
    expect(davDelta.deleted).toHaveLength(2);
    // 6. ActiveSync takes SyncML's rename and delete.
    const easDown = await tbsync.sync();
    expect(easDown, easDown.details).toMatchObject({ ok: true, status: 'success' });

    // All four hold the same 14, no doubles.
    const want = sorted(expected.values());
    expect(want).toHaveLength(14);
    expect(sorted(await serverNames())).toEqual(want);
    expect(sorted([...dav.members.values()].map((m) => namedCard(m.text)))).toEqual(want);
    expect(sorted(tbsync.contacts().map(named))).toEqual(want);
    expect(sorted([...(await syncml.phone.items('contacts')).values()].map(namedCard))).toEqual(want);

    // A last round moves nothing anywhere.
    const idle = await syncml.phone.sync('contacts', 'two-way');
    expectSynced(idle);
    expect(idle.report).toMatchObject({ server: NONE, client: NONE });
    expect(await dav.sync()).toMatchObject({ changed: [], deleted: [] });
    const easIdle = await tbsync.sync();
    expect(easIdle, easIdle.details).toMatchObject({ ok: true, status: 'success' });
    expect(tbsync.contacts()).toHaveLength(14);
    expect(await serverNames()).toHaveLength(14);
  });
});
