/**
 * The ActiveSync endpoint with our scripted client, on both stores: OPTIONS, credentials,
 * Provision before anything else (449 for 12.1, Status 142 for 14.0), FolderSync (one folder per
 * class of the bound datastore; none without a binding), and contacts through Sync — down in
 * windows with MoreAvailable, up with ClientId → ServerId, changed and deleted, a resent SyncKey
 * answered the same without applying twice, a stale key refused with Status 3.
 */
import { el, type AsElement } from '@atomsync/activesync';
import { decodeTimeZone, type AirSyncVersion } from '@atomsync/items';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { storeKinds } from '../support/stores.js';
import { childrenAt, ScriptedPhone, textAt, textOf } from './support/scripted.js';

// What the endpoint answers is this file's question, not what a password check costs: scrypt
// runs cheap here (support/cheap-scrypt.ts), with the same answers.
vi.mock('node:crypto', async (importOriginal) => (await import('../support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

const vcard = (given: string, family: string, email: string) =>
  ['BEGIN:VCARD', 'VERSION:3.0', `N:${family};${given};;;`, `FN:${given} ${family}`, `EMAIL;TYPE=INTERNET:${email}`, 'END:VCARD', ''].join('\r\n');

let users = 0;

describe.each(storeKinds)('the ActiveSync endpoint (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** An ActiveSync client of alice's, bound to a datastore client of hers holding `cards`. */
  async function boundPhone(version: AirSyncVersion, cards: string[] = [], bind = true, conflictWinner: 'source' | 'target' = 'source') {
    const username = `phone-${kind}-${++users}@example.org`;
    const password = `pw-${users}-Birch`;
    const sdk = server.alice.client;
    const client = (await sdk.activesync.create({ username, password })).client.uuid!;
    const datastore = (await sdk.datastore.create({ userId: `as-user-${kind}-${users}` })).client.uuid!;
    for (const card of cards) await sdk.datastore.contents(datastore).create({ title: 'c', content: { type: 'text/vcard', value: card } });
    const binding = bind
      ? Number((await sdk.syncengine.create({ source: { syncSource: 'activesync', uuid: client }, target: { syncSource: 'datastore', uuid: datastore }, conflictWinner })).title)
      : undefined;
    const phone = new ScriptedPhone({ url: server.url, username, password, version });
    const contents = async () => (await sdk.datastore.contents(datastore).list({ dataclass: 'Contacts' })).entries.map((e) => e.content?.value ?? '');
    return { phone, client, datastore, contents, binding };
  }

  const folderSync = (key: string) => el('FolderHierarchy:FolderSync', [el('FolderHierarchy:SyncKey', key)]);
  /** A Sync of one folder. */
  const syncIn = (collectionId: string, key: string, collection: AsElement[] = [], windowSize?: number) =>
    el('AirSync:Sync', [
      el('AirSync:Collections', [
        el('AirSync:Collection', [
          el('AirSync:SyncKey', key),
          el('AirSync:CollectionId', collectionId),
          ...(windowSize === undefined ? [] : [el('AirSync:WindowSize', String(windowSize))]),
          ...collection,
        ]),
      ]),
    ]);
  const sync = (key: string, collection: AsElement[] = [], windowSize?: number) => syncIn('contacts', key, collection, windowSize);
  const collectionOf = (tree: AsElement | null) => childrenAt(tree, ['AirSync:Collections'], 'AirSync:Collection')[0];
  const keyOf = (tree: AsElement | null) => textOf(collectionOf(tree), 'AirSync:SyncKey')!;

  it('answers OPTIONS with the versions and commands it serves, to the phone whose password is right', async () => {
    const { phone } = await boundPhone('14.0');
    const ok = await phone.sendOptions();
    expect(ok.status).toBe(200);
    expect(ok.headers.get('ms-asprotocolversions')).toBe('2.5,12.0,12.1,14.0,14.1,16.0,16.1');
    expect(ok.headers.get('ms-asprotocolcommands')?.split(',')).toEqual(expect.arrayContaining(['Sync', 'FolderSync', 'Provision', 'GetItemEstimate', 'Settings']));
    const wrong = await phone.sendOptions('not-the-password');
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toMatch(/^Basic /);
  });

  it('records the DeviceInformation a 14.1 phone sends with Provision', async () => {
    const { phone, client } = await boundPhone('14.1');
    const ask = el('Provision:Provision', [
      el('Settings:DeviceInformation', [el('Settings:Set', [el('Settings:Model', 'Pixel 9'), el('Settings:OS', 'Android 15')])]),
      el('Provision:Policies', [el('Provision:Policy', [el('Provision:PolicyType', 'MS-EAS-Provisioning-WBXML')])]),
    ]);
    const answer = await phone.send('Provision', ask);
    expect(textAt(answer.tree, 'Settings:DeviceInformation', 'Settings:Status')).toBe('1');
    const device = await server.store.activesyncDevices.device(server.alice.id, client);
    expect(JSON.parse(device!.information!)).toEqual({ Model: 'Pixel 9', OS: 'Android 15' });
  });

  it('refuses a wrong password with 401 and records nothing', async () => {
    const { phone, client } = await boundPhone('14.0');
    const answer = await phone.send('FolderSync', folderSync('0'), { password: 'wrong' });
    expect(answer.status).toBe(401);
    expect(await server.store.activesyncDevices.device(server.alice.id, client)).toBeUndefined();
  });

  it('sends a phone that has not provisioned to Provision: 449 before 14.0, Status 142 from 14.0', async () => {
    const old = (await boundPhone('12.1')).phone;
    expect((await old.send('FolderSync', folderSync('0'))).status).toBe(449);
    const current = (await boundPhone('14.0')).phone;
    const answer = await current.send('FolderSync', folderSync('0'));
    expect(answer.status).toBe(200);
    expect(textAt(answer.tree, 'FolderHierarchy:Status')).toBe('142');
    await current.provision();
    const after = await current.send('FolderSync', folderSync('0'));
    expect(textAt(after.tree, 'FolderHierarchy:Status')).toBe('1');
  });

  it('gives a bound phone a Contacts folder, and an unbound one none', async () => {
    const bound = (await boundPhone('14.0')).phone;
    await bound.provision();
    const answer = await bound.send('FolderSync', folderSync('0'));
    const adds = childrenAt(answer.tree, ['FolderHierarchy:Changes'], 'FolderHierarchy:Add');
    expect(adds.map((a) => [textOf(a, 'FolderHierarchy:ServerId'), textOf(a, 'FolderHierarchy:Type')])).toContainEqual(['contacts', '9']);
    // The same key again: nothing changed, the same key back.
    const key = textAt(answer.tree, 'FolderHierarchy:SyncKey');
    const again = await bound.send('FolderSync', folderSync(key));
    expect(textAt(again.tree, 'FolderHierarchy:SyncKey')).toBe(key);
    expect(textAt(again.tree, 'FolderHierarchy:Changes', 'FolderHierarchy:Count')).toBe('0');

    const unbound = (await boundPhone('14.0', [], false)).phone;
    await unbound.provision();
    const none = await unbound.send('FolderSync', folderSync('0'));
    expect(textAt(none.tree, 'FolderHierarchy:Changes', 'FolderHierarchy:Count')).toBe('0');
  });

  it.each(['2.5', '12.0', '12.1', '14.0', '14.1', '16.0', '16.1'] as const)('syncs contacts down in windows and up, changed and deleted (%s)', async (version) => {
    const cards = [vcard('Ada', 'Lovelace', 'ada@example.org'), vcard('Alan', 'Turing', 'alan@example.org'), vcard('Grace', 'Hopper', 'grace@example.org')];
    const { phone, contents, client } = await boundPhone(version, cards);
    await phone.provision();
    await phone.send('FolderSync', folderSync('0'));
    const started = await phone.send('Sync', sync('0'));
    expect(textOf(collectionOf(started.tree), 'AirSync:Status')).toBe('1');
    let key = keyOf(started.tree);

    // Down, two at a time: 2 and MoreAvailable, then 1.
    const first = await phone.send('Sync', sync(key, [el('AirSync:GetChanges')], 2));
    const firstAdds = childrenAt(first.tree, ['AirSync:Collections', 'AirSync:Collection', 'AirSync:Commands'], 'AirSync:Add');
    expect(firstAdds).toHaveLength(2);
    expect(collectionOf(first.tree)?.children?.some((c) => c.tag === 'MoreAvailable')).toBe(true);
    key = keyOf(first.tree);
    const second = await phone.send('Sync', sync(key, [el('AirSync:GetChanges')], 2));
    const secondAdds = childrenAt(second.tree, ['AirSync:Collections', 'AirSync:Collection', 'AirSync:Commands'], 'AirSync:Add');
    expect(secondAdds).toHaveLength(1);
    expect(collectionOf(second.tree)?.children?.some((c) => c.tag === 'MoreAvailable')).toBe(false);
    key = keyOf(second.tree);
    const names = [...firstAdds, ...secondAdds].map((a) => textOf(a.children?.find((c) => c.tag === 'ApplicationData'), 'Contacts:LastName')).sort();
    expect(names).toEqual(['Hopper', 'Lovelace', 'Turing']);
    const serverIds = [...firstAdds, ...secondAdds].map((a) => textOf(a, 'AirSync:ServerId')!);

    // Up: an Add with a ClientId gets a ServerId, and the datastore has it.
    const add = el('AirSync:Commands', [
      el('AirSync:Add', [el('AirSync:ClientId', 'c-1'), el('AirSync:ApplicationData', [el('Contacts:FirstName', 'Katherine'), el('Contacts:LastName', 'Johnson'), el('Contacts:Email1Address', 'kj@example.org')])]),
    ]);
    const added = await phone.send('Sync', sync(key, [add]));
    const response = childrenAt(added.tree, ['AirSync:Collections', 'AirSync:Collection', 'AirSync:Responses'], 'AirSync:Add')[0];
    expect(textOf(response, 'AirSync:ClientId')).toBe('c-1');
    expect(textOf(response, 'AirSync:Status')).toBe('1');
    const newId = textOf(response, 'AirSync:ServerId');
    // A ServerId as we give them: 12 base64url characters.
    expect(newId).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect((await contents()).filter((c) => c.includes('Johnson'))).toHaveLength(1);

    // The same request again (our answer was lost): the same answer, nothing added twice.
    const resent = await phone.send('Sync', sync(key, [add]));
    expect(textOf(childrenAt(resent.tree, ['AirSync:Collections', 'AirSync:Collection', 'AirSync:Responses'], 'AirSync:Add')[0], 'AirSync:ServerId')).toBe(newId);
    expect((await contents()).filter((c) => c.includes('Johnson'))).toHaveLength(1);
    key = keyOf(added.tree);

    // Changed on the phone: the datastore has the change; deleted: gone.
    const change = el('AirSync:Commands', [
      el('AirSync:Change', [el('AirSync:ServerId', serverIds[0]!), el('AirSync:ApplicationData', [el('Contacts:FirstName', 'Changed'), el('Contacts:LastName', 'Person')])]),
      el('AirSync:Delete', [el('AirSync:ServerId', serverIds[1]!)]),
    ]);
    const changed = await phone.send('Sync', sync(key, [change]));
    expect(textOf(collectionOf(changed.tree), 'AirSync:Status')).toBe('1');
    const now = await contents();
    expect(now).toHaveLength(3);
    expect(now.some((c) => c.includes('Person'))).toBe(true);

    // ItemOperations fetches an item the phone holds; an unknown one is "not found" (6); a mail operation "store not supported" (9).
    const fetch = await phone.send(
      'ItemOperations',
      el('ItemOperations:ItemOperations', [
        el('ItemOperations:Fetch', [el('ItemOperations:Store', 'Mailbox'), el('AirSync:CollectionId', 'contacts'), el('AirSync:ServerId', newId!)]),
        el('ItemOperations:Fetch', [el('ItemOperations:Store', 'Mailbox'), el('AirSync:CollectionId', 'contacts'), el('AirSync:ServerId', 'no-such-item')]),
        el('ItemOperations:EmptyFolderContents', [el('AirSync:CollectionId', 'contacts')]),
      ]),
    );
    expect(textAt(fetch.tree, 'ItemOperations:Status')).toBe('1');
    const fetched = childrenAt(fetch.tree, ['ItemOperations:Response'], 'ItemOperations:Fetch');
    expect(fetched.map((f) => textOf(f, 'ItemOperations:Status'))).toEqual(['1', '6']);
    expect(textOf(fetched[0]?.children?.find((c) => c.tag === 'Properties'), 'Contacts:LastName')).toBe('Johnson');
    expect(textOf(childrenAt(fetch.tree, ['ItemOperations:Response'], 'ItemOperations:EmptyFolderContents')[0], 'ItemOperations:Status')).toBe('9');

    // GetItemEstimate: nothing waits for the phone now.
    const estimate = await phone.send(
      'GetItemEstimate',
      el('GetItemEstimate:GetItemEstimate', [el('GetItemEstimate:Collections', [el('GetItemEstimate:Collection', [el('AirSync:SyncKey', keyOf(changed.tree)), el('GetItemEstimate:CollectionId', 'contacts')])])]),
    );
    expect(textAt(estimate.tree, 'GetItemEstimate:Response', 'GetItemEstimate:Status')).toBe('1');
    expect(textAt(estimate.tree, 'GetItemEstimate:Response', 'GetItemEstimate:Collection', 'GetItemEstimate:Estimate')).toBe('0');

    // The client entry says when the phone last synced.
    const entry = await server.alice.client.activesync.get(client);
    expect(entry.client.lastSync).toBeInstanceOf(Date);

    // A key of no life of this collection: Status 3, the phone starts again from 0.
    const stale = await phone.send('Sync', sync('bogus:7', [el('AirSync:GetChanges')]));
    expect(textOf(collectionOf(stale.tree), 'AirSync:Status')).toBe('3');

    // From 0 again (a phone that lost its data): everything comes down once more, nothing on the server doubles or goes.
    key = keyOf((await phone.send('Sync', sync('0'))).tree);
    const again = await phone.send('Sync', sync(key, [el('AirSync:GetChanges')], 100));
    const againAdds = childrenAt(again.tree, ['AirSync:Collections', 'AirSync:Collection', 'AirSync:Commands'], 'AirSync:Add');
    expect(againAdds.map((a) => textOf(a.children?.find((c) => c.tag === 'ApplicationData'), 'Contacts:LastName')).sort()).toEqual(['Hopper', 'Johnson', 'Person']);
    expect(childrenAt(again.tree, ['AirSync:Collections', 'AirSync:Collection', 'AirSync:Commands'], 'AirSync:Delete')).toEqual([]);
    expect(await contents()).toHaveLength(3);
  });

  it('tells a phone set up with an e-mail address where its server is (Autodiscover), once its password is right', async () => {
    const { phone } = await boundPhone('14.0');
    const request = (email: string) =>
      '<?xml version="1.0" encoding="utf-8"?><Autodiscover xmlns="http://schemas.microsoft.com/exchange/autodiscover/mobilesync/requestschema/2006">' +
      `<Request><EMailAddress>${email}</EMailAddress><AcceptableResponseSchema>http://schemas.microsoft.com/exchange/autodiscover/mobilesync/responseschema/2006</AcceptableResponseSchema></Request></Autodiscover>`;
    const post = (body: string, password = phone.options.password) =>
      fetch(`${server.url}/autodiscover/autodiscover.xml`, {
        method: 'POST',
        headers: { 'content-type': 'text/xml', authorization: `Basic ${Buffer.from(`${phone.options.username}:${password}`).toString('base64')}` },
        body,
      });
    const ok = await post(request(phone.options.username));
    expect(ok.status).toBe(200);
    const xml = await ok.text();
    expect(xml).toContain('<Type>MobileSync</Type>');
    expect(xml).toContain(`<Url>${server.url}/Microsoft-Server-ActiveSync</Url>`);
    expect((await post(request(phone.options.username), 'wrong')).status).toBe(401);
    const hostile = await post(`<!DOCTYPE x [<!ENTITY a "b">]>${request('x@example.org')}`);
    expect(await hostile.text()).toContain('<ErrorCode>600</ErrorCode>');
    const deep = await post('<a>'.repeat(10_000));
    expect(await deep.text()).toContain('<ErrorCode>600</ErrorCode>');
  });

  it('gives a 14.0 phone a Notes folder (a 2.5 phone none), and syncs notes both ways', async () => {
    const old = (await boundPhone('2.5')).phone;
    await old.provision();
    const oldFolders = childrenAt((await old.send('FolderSync', folderSync('0'))).tree, ['FolderHierarchy:Changes'], 'FolderHierarchy:Add');
    expect(oldFolders.map((f) => textOf(f, 'FolderHierarchy:ServerId'))).toEqual(['contacts', 'calendar', 'tasks']);

    const { phone, datastore } = await boundPhone('14.0');
    await server.alice.client.datastore.contents(datastore).create({ title: 'n', content: { type: 'text/plain', value: 'Buy milk\nand bread' } });
    await phone.provision();
    const folders = childrenAt((await phone.send('FolderSync', folderSync('0'))).tree, ['FolderHierarchy:Changes'], 'FolderHierarchy:Add');
    expect(folders.map((f) => [textOf(f, 'FolderHierarchy:ServerId'), textOf(f, 'FolderHierarchy:Type')])).toContainEqual(['notes', '10']);
    const notes = (key: string, extra: AsElement[] = []) => syncIn('notes', key, extra);
    let key = keyOf((await phone.send('Sync', notes('0'))).tree);
    const down = await phone.send('Sync', notes(key, [el('AirSync:GetChanges')]));
    const adds = childrenAt(down.tree, ['AirSync:Collections', 'AirSync:Collection', 'AirSync:Commands'], 'AirSync:Add');
    expect(adds.map((a) => textOf(a.children?.find((c) => c.tag === 'ApplicationData'), 'Notes:Subject'))).toEqual(['Buy milk']);
    key = keyOf(down.tree);
    const up = el('AirSync:Commands', [
      el('AirSync:Add', [
        el('AirSync:ClientId', 'n-1'),
        el('AirSync:ApplicationData', [el('Notes:Subject', 'Call Ada'), el('AirSyncBase:Body', [el('AirSyncBase:Type', '1'), el('AirSyncBase:Data', 'Call Ada\nabout the engine')])]),
      ]),
    ]);
    await phone.send('Sync', notes(key, [up]));
    const stored = (await server.alice.client.datastore.contents(datastore).list({ dataclass: 'Notes' })).entries.map((e) => e.content?.value ?? '');
    expect(stored.some((n) => n.includes('Call Ada'))).toBe(true);
    expect(stored).toHaveLength(2);
  });

  it('cuts the reply of a phone that keeps failing on it, down to the one item, which is left out and logged; the rest syncs', async () => {
    const cards = ['Ada', 'Alan', 'Grace', 'Edsger'].map((given) => vcard(given, 'Loop', `${given.toLowerCase()}@example.org`));
    const { phone, binding } = await boundPhone('14.0', cards);
    await phone.provision();
    await phone.send('FolderSync', folderSync('0'));
    const start = keyOf((await phone.send('Sync', sync('0'))).tree);
    const request = sync(start, [el('AirSync:GetChanges')], 4);
    const addsOf = (tree: AsElement | null) => childrenAt(tree, ['AirSync:Collections', 'AirSync:Collection', 'AirSync:Commands'], 'AirSync:Add');
    const more = (tree: AsElement | null) => collectionOf(tree)?.children?.some((c) => c.tag === 'MoreAvailable') === true;
    const first = await phone.send('Sync', request);
    expect(addsOf(first.tree)).toHaveLength(4);
    const next = keyOf(first.tree);
    // The phone fails on the reply and sends the same request again, and again: a lost answer at first…
    const counts: number[] = [];
    for (let i = 0; i < 9; i++) {
      const again = await phone.send('Sync', request);
      expect(keyOf(again.tree)).toBe(next);
      counts.push(addsOf(again.tree).length);
    }
    // …then half, then one, then none: that one is left out.
    expect(counts).toEqual([4, 4, 2, 2, 2, 1, 1, 1, 0]);
    const broken = textOf(addsOf(first.tree)[0], 'AirSync:ServerId');
    const log = await server.store.syncLog.list(server.alice.id, binding);
    expect(log.some((entry) => entry.result === 'failed' && entry.reason?.includes(`item ${broken}`))).toBe(true);
    // The phone takes the cut reply: the rest of the folder comes, without the broken item.
    const rest = await phone.send('Sync', sync(next, [el('AirSync:GetChanges')], 4));
    const restIds = addsOf(rest.tree).map((a) => textOf(a, 'AirSync:ServerId'));
    expect(restIds).toHaveLength(3);
    expect(restIds).not.toContain(broken);
    expect(more(rest.tree)).toBe(false);
  });

  it('keeps what a phone does not support (its Supported list) when its Change leaves it out', async () => {
    const card = ['BEGIN:VCARD', 'VERSION:3.0', 'N:Ghost;Gus;;;', 'FN:Gus Ghost', 'TITLE:Haunter', 'EMAIL;TYPE=INTERNET:gus@example.org', 'X-CUSTOM:kept', 'END:VCARD', ''].join('\r\n');
    const { phone, contents } = await boundPhone('14.0', [card]);
    await phone.provision();
    await phone.send('FolderSync', folderSync('0'));
    // The phone supports names and e-mail only: JobTitle is not on it.
    const supported = el('AirSync:Supported', [el('Contacts:FirstName'), el('Contacts:LastName'), el('Contacts:Email1Address'), el('Contacts:FileAs')]);
    let key = keyOf((await phone.send('Sync', sync('0', [supported]))).tree);
    const down = await phone.send('Sync', sync(key, [el('AirSync:GetChanges')]));
    const id = textOf(childrenAt(down.tree, ['AirSync:Collections', 'AirSync:Collection', 'AirSync:Commands'], 'AirSync:Add')[0], 'AirSync:ServerId')!;
    key = keyOf(down.tree);
    const change = el('AirSync:Commands', [
      el('AirSync:Change', [el('AirSync:ServerId', id), el('AirSync:ApplicationData', [el('Contacts:FirstName', 'Gustav'), el('Contacts:LastName', 'Ghost'), el('Contacts:FileAs', 'Gustav Ghost')])]),
    ]);
    await phone.send('Sync', sync(key, [change]));
    const [stored] = await contents();
    expect(stored).toContain('Gustav');
    // Not supported, left out: kept. Supported, left out (the e-mail): deleted. No ActiveSync element: kept.
    expect(stored).toContain('TITLE:Haunter');
    expect(stored).not.toContain('gus@example.org');
    expect(stored).toContain('X-CUSTOM:kept');
  });

  it('syncs events both ways in a Calendar folder, their time zone and UID kept', async () => {
    const event = [
      'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN',
      'BEGIN:VTIMEZONE', 'TZID:Europe/Berlin',
      'BEGIN:DAYLIGHT', 'TZOFFSETFROM:+0100', 'TZOFFSETTO:+0200', 'TZNAME:CEST', 'DTSTART:19700329T020000', 'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU', 'END:DAYLIGHT',
      'BEGIN:STANDARD', 'TZOFFSETFROM:+0200', 'TZOFFSETTO:+0100', 'TZNAME:CET', 'DTSTART:19701025T030000', 'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU', 'END:STANDARD',
      'END:VTIMEZONE',
      'BEGIN:VEVENT', 'UID:standup-1@example.org', 'DTSTAMP:20261101T000000Z', 'DTSTART;TZID=Europe/Berlin:20261201T093000', 'DTEND;TZID=Europe/Berlin:20261201T094500',
      'SUMMARY:Stand-up', 'RRULE:FREQ=WEEKLY;BYDAY=TU', 'END:VEVENT',
      'END:VCALENDAR', '',
    ].join('\r\n');
    const { phone, datastore } = await boundPhone('14.0');
    await server.alice.client.datastore.contents(datastore).create({ title: 'e', content: { type: 'text/calendar', value: event } });
    await phone.provision();
    const folders = childrenAt((await phone.send('FolderSync', folderSync('0'))).tree, ['FolderHierarchy:Changes'], 'FolderHierarchy:Add');
    expect(folders.map((f) => [textOf(f, 'FolderHierarchy:ServerId'), textOf(f, 'FolderHierarchy:Type')])).toContainEqual(['calendar', '8']);
    const calendar = (key: string, extra: AsElement[] = []) => syncIn('calendar', key, extra);
    let key = keyOf((await phone.send('Sync', calendar('0'))).tree);
    const down = await phone.send('Sync', calendar(key, [el('AirSync:GetChanges')]));
    const [add] = childrenAt(down.tree, ['AirSync:Collections', 'AirSync:Collection', 'AirSync:Commands'], 'AirSync:Add');
    const data = add?.children?.find((c) => c.tag === 'ApplicationData');
    expect(textOf(data, 'Calendar:Subject')).toBe('Stand-up');
    expect(textOf(data, 'Calendar:StartTime')).toBe('20261201T083000Z');
    // Berlin's zone: an hour east of UTC in winter (bias -60), named by its IANA name.
    expect(decodeTimeZone(textOf(data, 'Calendar:Timezone')!)).toMatchObject({ bias: -60, standardName: 'Europe/Berlin' });
    key = keyOf(down.tree);
    // The phone renames it, sending its own id as the UID (as TbSync does): the title changes, the UID does not.
    const changed = (data?.children ?? []).map((c) => (c.tag === 'Subject' ? el('Calendar:Subject', 'Daily stand-up') : c.tag === 'UID' ? el('Calendar:UID', 'phone-own-id') : c));
    await phone.send('Sync', calendar(key, [el('AirSync:Commands', [el('AirSync:Change', [el('AirSync:ServerId', textOf(add, 'AirSync:ServerId')!), el('AirSync:ApplicationData', changed)])])]));
    const [stored] = (await server.alice.client.datastore.contents(datastore).list({ dataclass: 'Events' })).entries.map((e) => e.content?.value ?? '');
    expect(stored).toContain('SUMMARY:Daily stand-up');
    expect(stored).toContain('UID:standup-1@example.org');
    expect(stored).toMatch(/RRULE:FREQ=WEEKLY;.*BYDAY=TU/);
  });

  it('syncs tasks both ways in a Tasks folder', async () => {
    const task = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', 'BEGIN:VTODO', 'UID:task-1@example.org', 'DTSTAMP:20261101T000000Z', 'SUMMARY:File taxes', 'DUE;VALUE=DATE:20261215', 'PRIORITY:1', 'END:VTODO', 'END:VCALENDAR', ''].join('\r\n');
    const { phone, datastore } = await boundPhone('14.0');
    await server.alice.client.datastore.contents(datastore).create({ title: 't', content: { type: 'text/calendar', value: task } });
    await phone.provision();
    const folders = childrenAt((await phone.send('FolderSync', folderSync('0'))).tree, ['FolderHierarchy:Changes'], 'FolderHierarchy:Add');
    expect(folders.map((f) => [textOf(f, 'FolderHierarchy:ServerId'), textOf(f, 'FolderHierarchy:Type')])).toContainEqual(['tasks', '7']);
    const tasks = (key: string, extra: AsElement[] = []) => syncIn('tasks', key, extra);
    let key = keyOf((await phone.send('Sync', tasks('0'))).tree);
    const down = await phone.send('Sync', tasks(key, [el('AirSync:GetChanges')]));
    const [add] = childrenAt(down.tree, ['AirSync:Collections', 'AirSync:Collection', 'AirSync:Commands'], 'AirSync:Add');
    const data = add?.children?.find((c) => c.tag === 'ApplicationData');
    expect(textOf(data, 'Tasks:Subject')).toBe('File taxes');
    expect(textOf(data, 'Tasks:Complete')).toBe('0');
    key = keyOf(down.tree);
    // Done on the phone: the datastore's task is completed.
    const done = (data?.children ?? []).filter((c) => c.tag !== 'Complete').concat([el('Tasks:Complete', '1'), el('Tasks:DateCompleted', '2026-12-10T10:00:00.000Z')]);
    await phone.send('Sync', tasks(key, [el('AirSync:Commands', [el('AirSync:Change', [el('AirSync:ServerId', textOf(add, 'AirSync:ServerId')!), el('AirSync:ApplicationData', done)])])]));
    const [stored] = (await server.alice.client.datastore.contents(datastore).list({ dataclass: 'Tasks' })).entries.map((e) => e.content?.value ?? '');
    expect(stored).toContain('STATUS:COMPLETED');
    expect(stored).toContain('UID:task-1@example.org');
    expect(stored).toContain('SUMMARY:File taxes');
  });

  it.each(['source', 'target'] as const)('settles a contact changed on the phone and in the datastore by conflict_winner (%s wins)', async (winner) => {
    const { phone, datastore, contents } = await boundPhone('14.0', [vcard('Conny', 'Flict', 'conny@example.org')], true, winner);
    await phone.provision();
    await phone.send('FolderSync', folderSync('0'));
    let key = keyOf((await phone.send('Sync', sync('0'))).tree);
    const down = await phone.send('Sync', sync(key, [el('AirSync:GetChanges')]));
    const id = textOf(childrenAt(down.tree, ['AirSync:Collections', 'AirSync:Collection', 'AirSync:Commands'], 'AirSync:Add')[0], 'AirSync:ServerId')!;
    key = keyOf(down.tree);
    // Both sides change the same contact before the phone's next Sync.
    const [stored] = (await server.alice.client.datastore.contents(datastore).list({ dataclass: 'Contacts' })).entries;
    const uuid = stored!.id!.replace(/^urn:uuid:/, '');
    await server.alice.client.datastore.contents(datastore).update(uuid, { title: 'c', content: { type: 'text/vcard', value: vcard('Conny', 'Server', 'server@example.org') } });
    const change = el('AirSync:Commands', [
      el('AirSync:Change', [el('AirSync:ServerId', id), el('AirSync:ApplicationData', [el('Contacts:FirstName', 'Conny'), el('Contacts:LastName', 'Phone'), el('Contacts:Email1Address', 'phone@example.org')])]),
    ]);
    const answer = await phone.send('Sync', sync(key, [change, el('AirSync:GetChanges')]));
    const sentBack = childrenAt(answer.tree, ['AirSync:Collections', 'AirSync:Collection', 'AirSync:Commands'], 'AirSync:Change');
    const [now] = await contents();
    if (winner === 'source') {
      // The phone (the binding's source) wins: the datastore takes its version, the phone gets nothing back.
      expect(now).toContain('phone@example.org');
      expect(sentBack).toEqual([]);
    } else {
      // The datastore wins: it keeps its version, and the phone gets it.
      expect(now).toContain('server@example.org');
      expect(sentBack.map((c) => textOf(c.children?.find((d) => d.tag === 'ApplicationData'), 'Contacts:LastName'))).toEqual(['Server']);
    }
  });

  it('answers hostile WBXML with 400, never a 500 or a hang', async () => {
    const { phone } = await boundPhone('14.0');
    await phone.provision();
    const header = [0x03, 0x01, 0x6a];
    const bodies = {
      truncated: new Uint8Array([...header, 0x00, 0x45, 0x5c, 0x4f]),
      endlessInteger: new Uint8Array([...header, ...new Array(4096).fill(0x80)]),
      hugeStringTable: new Uint8Array([...header, 0x8f, 0xff, 0xff, 0xff, 0x7f]),
      deepNesting: new Uint8Array([...header, 0x00, ...new Array(100_000).fill(0x5c)]),
    };
    for (const [name, bytes] of Object.entries(bodies)) {
      const answer = await phone.send('Sync', bytes);
      expect(answer.status, name).toBe(400);
    }
  });

  it('answers 400 to a body that is not WBXML, and 501 to a mail command', async () => {
    const { phone } = await boundPhone('14.0');
    await phone.provision();
    expect((await phone.send('Sync', new Uint8Array([0x03, 0x01, 0x6a]))).status).toBe(400);
    expect((await phone.send('SendMail', new Uint8Array(0))).status).toBe(501);
  });
});
