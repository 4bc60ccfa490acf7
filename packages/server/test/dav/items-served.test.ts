/**
 * What DAV clients get of items other protocols wrote (issue 21, "Items"), on both stores: a
 * phone's vCalendar 1.0 event and task as iCalendar 2.0, a Google-style event with a VTIMEZONE
 * for each bare TZID, what a client PUT byte for byte; vCard 4.0 when address-data or Accept asks
 * (one ETag for both forms); and an ActiveSync phone syncing a DAV-written card back unchanged
 * leaving its bytes, ETag and the sync token alone, while a real edit moves them. A REST PUT
 * stores what it sends.
 */
import { el, type AsElement } from '@atomsync/activesync';
import { CARDDAV_NS, DAV_NS, CALDAV_NS, foundProp, readErrorBody, readMultistatus, type ReadResponse } from '@atomsync/dav';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { childrenAt, ScriptedPhone, textOf } from '../activesync/support/scripted.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { storeKinds } from '../support/stores.js';

// Sign-in cost is not this file's question: scrypt runs cheap (support/cheap-scrypt.ts).
vi.mock('node:crypto', async (importOriginal) => (await import('../support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

const crlf = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const NS = 'xmlns:d="DAV:" xmlns:cal="urn:ietf:params:xml:ns:caldav" xmlns:card="urn:ietf:params:xml:ns:carddav"';

const nokiaEvent = crlf(
  'BEGIN:VCALENDAR', 'VERSION:1.0', 'TZ:+01', 'DAYLIGHT:TRUE;+02;20250330T010000Z;20251026T010000Z;;',
  'BEGIN:VEVENT', 'UID:nokia-event-1', 'SUMMARY;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Caf=C3=A9', 'DTSTART:20250612T090000', 'DTEND:20250612T100000',
  'RRULE:W1 TU #4', 'END:VEVENT', 'END:VCALENDAR',
);
const samsungTask = crlf('BEGIN:VCALENDAR', 'VERSION:1.0', 'BEGIN:VTODO', 'UID:samsung-task-1', 'SUMMARY:Steuer', 'DUE:20250731T220000Z', 'STATUS:NEEDS ACTION', 'END:VTODO', 'END:VCALENDAR');
const googleEvent = crlf(
  'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
  'BEGIN:VEVENT', 'UID:google-1@google.com', 'DTSTAMP:20250101T000000Z', 'DTSTART;TZID=America/New_York:20250715T090000', 'DTEND;TZID=America/New_York:20250715T100000',
  'SUMMARY:Standup', 'END:VEVENT', 'END:VCALENDAR',
);
const clientEvent = crlf(
  'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//client//EN', 'BEGIN:VEVENT', 'UID:client-1', 'DTSTAMP:20250101T000000Z',
  'DTSTART:20250301T100000Z', 'SUMMARY:As sent', 'X-CLIENT-OWN:kept', 'END:VEVENT', 'END:VCALENDAR',
);
const card30 = crlf('BEGIN:VCARD', 'VERSION:3.0', 'UID:dav-card-1', 'N:Lovelace;Ada;;;', 'FN:Ada Lovelace', 'TEL;TYPE=CELL,PREF:+44 20 1234', 'EMAIL;TYPE=INTERNET:ada@example.org', 'PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQ', 'END:VCARD');
const card21 = crlf('BEGIN:VCARD', 'VERSION:2.1', 'N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:M=C3=BCller;J=C3=BCrgen', 'TEL;CELL:+49 170 1', 'END:VCARD');

describe.each(storeKinds)('items other protocols wrote, as DAV serves them (%s)', (kind) => {
  let server: TestServer;
  let auth: string;
  let users = 0;

  const dav = (method: string, path: string, init: { body?: string; headers?: Record<string, string> } = {}) =>
    fetch(new URL(path, server.url), { method, redirect: 'manual', body: init.body, headers: { authorization: auth, ...init.headers } });
  const multistatus = async (res: Response): Promise<ReadResponse[]> => {
    expect(res.status).toBe(207);
    return readMultistatus(await res.text()).responses;
  };
  /** The members of a collection: href → getetag. */
  const members = async (collection: string) => {
    const body = `<?xml version="1.0"?><d:propfind ${NS}><d:prop><d:getetag/></d:prop></d:propfind>`;
    const listed = await multistatus(await dav('PROPFIND', collection, { body, headers: { depth: '1' } }));
    return new Map(listed.filter((r) => r.href !== collection).map((r) => [r.href, foundProp(r, DAV_NS, 'getetag')?.text]));
  };
  const syncToken = async (collection: string) => {
    const body = `<?xml version="1.0"?><d:propfind ${NS}><d:prop><d:sync-token/></d:prop></d:propfind>`;
    const [answer] = await multistatus(await dav('PROPFIND', collection, { body, headers: { depth: '0' } }));
    return foundProp(answer!, DAV_NS, 'sync-token')?.text;
  };
  const newDatastore = async () => (await server.alice.client.datastore.create({ userId: `served-${kind}-${++users}` })).client.uuid!;
  const restCreate = (datastore: string, type: string, value: string) => server.alice.client.datastore.contents(datastore).create({ title: 'x', content: { type, value } });

  beforeAll(async () => {
    server = await startTestServer(kind);
    auth = basic(server.alice.username, server.alice.password);
  });
  afterAll(async () => server?.close());

  it("serves a phone's vCalendar 1.0 event and task as iCalendar 2.0, a bare-TZID event with its VTIMEZONE, a client's own PUT byte for byte", async () => {
    const datastore = await newDatastore();
    const events = `/dav/calendars/alice/${datastore}/`;
    const tasks = `/dav/calendars/alice/${datastore}-tasks/`;
    await restCreate(datastore, 'text/x-vcalendar', nokiaEvent);
    await restCreate(datastore, 'text/x-vcalendar', samsungTask);
    await restCreate(datastore, 'text/calendar', googleEvent);
    const put = await dav('PUT', `${events}client-1.ics`, { body: clientEvent, headers: { 'content-type': 'text/calendar' } });
    expect(put.status).toBe(201);

    const listed = new Map([...(await members(events)), ...(await members(tasks))]);
    expect(listed.size).toBe(4);
    const served = new Map<string, string>();
    for (const [href, etag] of listed) {
      const got = await dav('GET', href);
      expect(got.status).toBe(200);
      expect(got.headers.get('content-type')).toMatch(/^text\/calendar; charset=utf-8; component=V(EVENT|TODO)$/);
      const body = await got.text();
      // The listing, the GET and its body agree: the ETag is of the bytes served.
      expect(got.headers.get('etag')).toBe(etag);
      expect(body).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2\.0\r\n/);
      expect(() => ICAL.parse(body)).not.toThrow();
      served.set(/UID:([^\r]+)/.exec(body)![1]!, body);
    }
    expect([...served.keys()].sort()).toEqual(['client-1', 'google-1@google.com', 'nokia-event-1', 'samsung-task-1']);

    // The client's own: byte for byte, and its PUT answered the ETag it is served with.
    expect(served.get('client-1')).toBe(clientEvent);
    expect(put.headers.get('etag')).toBe(listed.get(`${events}client-1.ics`));
    // The phone's 1.0: 2.0 forms, local times through TZ/DAYLIGHT to UTC, the basic rule an RRULE.
    const nokia = served.get('nokia-event-1')!;
    expect(nokia).toContain('\r\nDTSTART:20250612T070000Z\r\n');
    expect(nokia).toContain('\r\nRRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=4\r\n');
    expect(nokia).toContain('\r\nSUMMARY:Café\r\n');
    expect(served.get('samsung-task-1')).toContain('\r\nSTATUS:NEEDS-ACTION\r\n');
    // Google's: a VTIMEZONE for its TZID, everything else as stored; ical.js reads New York's summer time.
    const google = served.get('google-1@google.com')!;
    expect(google).toContain('BEGIN:VTIMEZONE\r\nTZID:America/New_York\r\n');
    expect(google.replace(/BEGIN:VTIMEZONE\r\n[\s\S]*?END:VTIMEZONE\r\n/, '')).toBe(googleEvent);
    const calendar = new ICAL.Component(ICAL.parse(google));
    for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(new ICAL.Timezone(zone));
    const start = calendar.getFirstSubcomponent('vevent')!.getFirstPropertyValue('dtstart') as ICAL.Time;
    expect(start.toUnixTime()).toBe(Date.UTC(2025, 6, 15, 13) / 1000);

    // A calendar-multiget answers the same bytes as GET.
    const hrefs = [...listed.keys()].filter((h) => h.startsWith(events));
    const multiget = `<?xml version="1.0"?><cal:calendar-multiget ${NS}><d:prop><d:getetag/><cal:calendar-data/></d:prop>${hrefs.map((h) => `<d:href>${h}</d:href>`).join('')}</cal:calendar-multiget>`;
    for (const r of await multistatus(await dav('REPORT', events, { body: multiget, headers: { depth: '1' } }))) {
      const data = foundProp(r, CALDAV_NS, 'calendar-data')?.text ?? '';
      expect(served.get(/UID:([^\r\n]+)/.exec(data)![1]!)).toBe(data.replace(/\r?\n/g, '\r\n'));
      expect(foundProp(r, DAV_NS, 'getetag')?.text).toBe(listed.get(r.href));
    }
  });

  it('serves every card, event and task with a UID: one written without gets its uuid, the same on every read, in both vCard forms, after a change', async () => {
    const datastore = await newDatastore();
    const book = `/dav/addressbooks/alice/${datastore}/`;
    const events = `/dav/calendars/alice/${datastore}/`;
    const nina = (fn: string) => crlf('BEGIN:VCARD', 'VERSION:3.0', `N:${fn};Nina;;;`, `FN:Nina ${fn}`, 'END:VCARD');
    const uuidOf = (entry: { id?: string }) => entry.id!.slice('urn:uuid:'.length);
    const card = uuidOf(await restCreate(datastore, 'text/vcard', nina('Nouid')));
    const event = uuidOf(
      await restCreate(datastore, 'text/calendar', crlf('BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//rest//EN', 'BEGIN:VEVENT', 'DTSTAMP:20250101T000000Z', 'DTSTART:20250301T100000Z', 'SUMMARY:No UID', 'BEGIN:VALARM', 'ACTION:DISPLAY', 'TRIGGER:-PT5M', 'END:VALARM', 'END:VEVENT', 'END:VCALENDAR')),
    );
    const [cardHref] = [...(await members(book)).keys()];
    const served = await (await dav('GET', cardHref!)).text();
    expect(served).toBe(crlf('BEGIN:VCARD', 'VERSION:3.0', 'N:Nouid;Nina;;;', 'FN:Nina Nouid', `UID:${card}`, 'END:VCARD'));
    expect(await (await dav('GET', cardHref!)).text()).toBe(served);
    const v4 = await (await dav('GET', cardHref!, { headers: { accept: 'text/vcard; version=4.0' } })).text();
    expect(v4.match(/^UID:[^\r\n]*/gm)).toEqual([`UID:${card}`]);
    // The event's UID in the VEVENT, not in its VALARM.
    const [eventHref] = [...(await members(events)).keys()];
    const eventBody = await (await dav('GET', eventHref!)).text();
    expect(eventBody.match(/^UID:[^\r\n]*/gm)).toEqual([`UID:${event}`]);
    expect(eventBody).toContain(`END:VALARM\r\nUID:${event}\r\nEND:VEVENT\r\n`);
    // Changed through the API: the same UID, so a client holds the same card, not a second.
    await server.alice.client.datastore.contents(datastore).update(card, { title: 'x', content: { type: 'text/vcard', value: nina('Renamed') } });
    expect((await (await dav('GET', cardHref!)).text()).match(/^UID:[^\r\n]*/gm)).toEqual([`UID:${card}`]);
    // A DAV client's PUT without one: stored as sent, served with one, so the PUT answers no ETag.
    const put = await dav('PUT', `${book}bare.vcf`, { body: nina('Bare'), headers: { 'content-type': 'text/vcard' } });
    expect([put.status, put.headers.get('etag')]).toEqual([201, null]);
    expect((await (await dav('GET', `${book}bare.vcf`)).text()).match(/^UID:[^\r\n]*/gm)).toEqual([expect.stringMatching(/^UID:[0-9a-f-]{36}$/)]);
  });

  it('serves vCard 4.0 when address-data or Accept asks for it, with the same ETag; a 3.0 client gets what was stored', async () => {
    const datastore = await newDatastore();
    const book = `/dav/addressbooks/alice/${datastore}/`;
    expect((await dav('PUT', `${book}ada.vcf`, { body: card30, headers: { 'content-type': 'text/vcard' } })).status).toBe(201);
    await restCreate(datastore, 'text/x-vcard', card21);
    const listed = await members(book);
    const phoneHref = [...listed.keys()].find((h) => h !== `${book}ada.vcf`)!;

    const supported = `<?xml version="1.0"?><d:propfind ${NS}><d:prop><card:supported-address-data/></d:prop></d:propfind>`;
    const [collection] = await multistatus(await dav('PROPFIND', book, { body: supported, headers: { depth: '0' } }));
    const types = foundProp(collection!, CARDDAV_NS, 'supported-address-data')!.node.children.map((c) => c.attributes.map((a) => a.value).join(' '));
    expect(types).toEqual(['text/vcard 3.0', 'text/vcard 4.0']);

    // No ask: as stored (2.1 as 3.0).
    const plain = await dav('GET', `${book}ada.vcf`);
    expect(await plain.text()).toBe(card30);
    expect(plain.headers.get('vary')).toBe('Accept');
    const phone3 = await (await dav('GET', phoneHref)).text();
    expect(phone3).toMatch(/^BEGIN:VCARD\r\nVERSION:3\.0\r\n/);
    expect(phone3).toContain('\r\nN:Müller;Jürgen\r\n');

    // Accept asks 4.0 (over 3.0 by q): 4.0, the same ETag.
    const asked = await dav('GET', `${book}ada.vcf`, { headers: { accept: 'text/vcard;version=3.0;q=0.5, text/vcard; version=4.0' } });
    const card4 = await asked.text();
    expect(card4).toBe(crlf('BEGIN:VCARD', 'VERSION:4.0', 'UID:dav-card-1', 'N:Lovelace;Ada;;;', 'FN:Ada Lovelace', 'TEL;TYPE=cell;PREF=1:+44 20 1234', 'EMAIL:ada@example.org', 'PHOTO:data:image/jpeg;base64,/9j/4AAQ', 'END:VCARD'));
    expect(asked.headers.get('etag')).toBe(plain.headers.get('etag'));
    expect(asked.headers.get('content-type')).toBe('text/vcard; charset=utf-8');
    // Preferring 3.0: as stored.
    expect(await (await dav('GET', `${book}ada.vcf`, { headers: { accept: 'text/vcard;version=4.0;q=0.3, text/vcard;version=3.0' } })).text()).toBe(card30);

    // address-data version="4.0" in a multiget and a sync-collection: 4.0 bodies, the ETags of the listing.
    const hrefs = [...listed.keys()];
    const multiget = `<?xml version="1.0"?><card:addressbook-multiget ${NS}><d:prop><d:getetag/><card:address-data content-type="text/vcard" version="4.0"/></d:prop>${hrefs.map((h) => `<d:href>${h}</d:href>`).join('')}</card:addressbook-multiget>`;
    const sync = `<?xml version="1.0"?><d:sync-collection ${NS}><d:sync-token/><d:sync-level>1</d:sync-level><d:prop><d:getetag/><card:address-data version="4.0"/></d:prop></d:sync-collection>`;
    for (const request of [['REPORT', multiget], ['REPORT', sync]] as const) {
      const answers = await multistatus(await dav(request[0], book, { body: request[1], headers: { depth: request[1] === multiget ? '1' : '0' } }));
      expect(answers.map((r) => r.href).sort()).toEqual(hrefs.sort());
      for (const r of answers) {
        const data = (foundProp(r, CARDDAV_NS, 'address-data')?.text ?? '').replace(/\r?\n/g, '\r\n');
        expect(data).toMatch(/^BEGIN:VCARD\r\nVERSION:4\.0\r\n/);
        expect(foundProp(r, DAV_NS, 'getetag')?.text).toBe(listed.get(r.href));
        if (r.href === `${book}ada.vcf`) expect(data).toBe(card4);
        else expect(data).toContain('\r\nFN:Jürgen Müller\r\n');
      }
    }
    // Without the version: 3.0, as stored.
    const multiget3 = multiget.replace(' version="4.0"', '');
    const answers3 = await multistatus(await dav('REPORT', book, { body: multiget3, headers: { depth: '1' } }));
    expect(answers3.find((r) => r.href === `${book}ada.vcf`) && foundProp(answers3.find((r) => r.href === `${book}ada.vcf`)!, CARDDAV_NS, 'address-data')?.text.replace(/\r?\n/g, '\r\n')).toBe(card30);

    // A type it cannot convert to: the RFC's precondition, before any 207.
    const json = multiget.replace('content-type="text/vcard" version="4.0"', 'content-type="application/vcard+json" version="4.0"');
    const refused = await dav('REPORT', book, { body: json, headers: { depth: '1' } });
    expect(refused.status).toBe(403);
    expect(readErrorBody(await refused.text()).map((e) => e.name)).toEqual(['supported-address-data-conversion']);
  });

  it('keeps bytes, ETag and sync token when an ActiveSync phone syncs a DAV-written card back unchanged; a real edit moves them', async () => {
    const sdk = server.alice.client;
    const username = `served-phone-${kind}@example.org`;
    const password = 'Birch-served-pw';
    const client = (await sdk.activesync.create({ username, password })).client.uuid!;
    const datastore = await newDatastore();
    await sdk.syncengine.create({ source: { syncSource: 'activesync', uuid: client }, target: { syncSource: 'datastore', uuid: datastore } });
    const book = `/dav/addressbooks/alice/${datastore}/`;
    const href = `${book}ada.vcf`;
    expect((await dav('PUT', href, { body: card30, headers: { 'content-type': 'text/vcard' } })).status).toBe(201);

    const phone = new ScriptedPhone({ url: server.url, username, password, version: '14.0' });
    await phone.provision();
    await phone.send('FolderSync', el('FolderHierarchy:FolderSync', [el('FolderHierarchy:SyncKey', '0')]));
    const syncOf = (key: string, collection: AsElement[] = []) =>
      el('AirSync:Sync', [el('AirSync:Collections', [el('AirSync:Collection', [el('AirSync:SyncKey', key), el('AirSync:CollectionId', 'contacts'), ...collection])])]);
    const collectionOf = (tree: AsElement | null) => childrenAt(tree, ['AirSync:Collections'], 'AirSync:Collection')[0];
    let key = textOf(collectionOf((await phone.send('Sync', syncOf('0'))).tree), 'AirSync:SyncKey')!;
    const down = await phone.send('Sync', syncOf(key, [el('AirSync:GetChanges')]));
    const [add] = childrenAt(down.tree, ['AirSync:Collections', 'AirSync:Collection', 'AirSync:Commands'], 'AirSync:Add');
    const serverId = textOf(add, 'AirSync:ServerId')!;
    const data = add!.children!.find((c) => c.tag === 'ApplicationData')!;
    key = textOf(collectionOf(down.tree), 'AirSync:SyncKey')!;

    const before = { etag: (await members(book)).get(href), token: await syncToken(book) };
    expect(before.etag).toBeDefined();
    // Back as it came: every element the phone got.
    const unchanged = await phone.send('Sync', syncOf(key, [el('AirSync:Commands', [el('AirSync:Change', [el('AirSync:ServerId', serverId), data])])]));
    expect(textOf(collectionOf(unchanged.tree), 'AirSync:Status')).toBe('1');
    key = textOf(collectionOf(unchanged.tree), 'AirSync:SyncKey')!;
    expect({ etag: (await members(book)).get(href), token: await syncToken(book) }).toEqual(before);
    expect(await (await dav('GET', href)).text()).toBe(card30);

    // A real edit: the first name changed, the rest as it came.
    const children = data.children!.map((c) => (c.tag === 'FirstName' ? el('Contacts:FirstName', 'Augusta') : c));
    expect(children.some((c) => c.tag === 'FirstName')).toBe(true);
    const renamed = el('AirSync:ApplicationData', children);
    const edited = await phone.send('Sync', syncOf(key, [el('AirSync:Commands', [el('AirSync:Change', [el('AirSync:ServerId', serverId), renamed])])]));
    expect(textOf(collectionOf(edited.tree), 'AirSync:Status')).toBe('1');
    const after = { etag: (await members(book)).get(href), token: await syncToken(book) };
    expect(after.etag).not.toBe(before.etag);
    expect(after.token).not.toBe(before.token);
    expect(await (await dav('GET', href)).text()).toContain('Augusta');
  });

  it('stores what a REST PUT sends, even when it describes as what is stored (one deliberate write)', async () => {
    const datastore = await newDatastore();
    const book = `/dav/addressbooks/alice/${datastore}/`;
    expect((await dav('PUT', `${book}ada.vcf`, { body: card30, headers: { 'content-type': 'text/vcard' } })).status).toBe(201);
    const before = (await members(book)).get(`${book}ada.vcf`);
    const contents = server.alice.client.datastore.contents(datastore);
    const [entry] = (await contents.list({ dataclass: 'Contacts' })).entries;
    // The same card to the fingerprint, with a UID of the integrator's own.
    const reworded = card30.replace('UID:dav-card-1', 'UID:integrator-7');
    await contents.update(entry!.id!.split(':').pop()!, { title: 'Ada', content: { type: 'text/vcard', value: reworded } });
    expect(await (await dav('GET', `${book}ada.vcf`)).text()).toBe(reworded);
    expect((await members(book)).get(`${book}ada.vcf`)).not.toBe(before);
  });
});
