/**
 * Collections a DAV client manages, end to end on both stores: PROPPATCH kept (all or nothing) and
 * answered by PROPFIND; MKCALENDAR and extended MKCOL making a datastore client found under the
 * segment the client chose; a second item with a UID its collection holds refused with
 * no-uid-conflict naming the item that holds it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLE_ICAL_NS, CALDAV_NS, CARDDAV_NS, DAV_NS, foundProp, readErrorBody, readMultistatus, type ReadResponse } from '@atomsync/dav';
import { startTestServer, type TestServer } from '../support/server.js';
import { storeKinds } from '../support/stores.js';
import { basic, davClient, multistatus as readStatus, statuses } from './support.js';

const NS = 'xmlns:d="DAV:" xmlns:cal="urn:ietf:params:xml:ns:caldav" xmlns:card="urn:ietf:params:xml:ns:carddav" xmlns:ical="http://apple.com/ns/ical/"';
const PROPS = `<?xml version="1.0"?><d:propfind ${NS} xmlns:x="urn:example:x"><d:prop><d:displayname/><ical:calendar-color/><ical:calendar-order/><cal:calendar-description/><card:addressbook-description/><x:flag/><d:resourcetype/><cal:supported-calendar-component-set/></d:prop></d:propfind>`;

const card = (uid: string, name: string) => `BEGIN:VCARD\r\nVERSION:3.0\r\nUID:${uid}\r\nFN:${name}\r\nN:${name};;;;\r\nEND:VCARD\r\n`;
const event = (uid: string, summary = 'Kick-off') => `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VEVENT\r\nUID:${uid}\r\nDTSTAMP:20250101T000000Z\r\nDTSTART:20250301T100000Z\r\nDTEND:20250301T110000Z\r\nSUMMARY:${summary}\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n`;
const todo = (uid: string) => `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VTODO\r\nUID:${uid}\r\nDTSTAMP:20250101T000000Z\r\nSUMMARY:Buy milk\r\nEND:VTODO\r\nEND:VCALENDAR\r\n`;

describe.each(storeKinds)('DAV collections a client manages (%s)', (kind) => {
  let server: TestServer;
  let datastore: string;
  let auth: string;

  const dav = davClient(() => server.url, () => auth);
  const multistatus = async (res: Response): Promise<ReadResponse[]> => (await readStatus(res)).responses;
  const props = async (path: string, depth = '0') => multistatus(await dav('PROPFIND', path, { body: PROPS, headers: { depth } }));
  const text = (r: ReadResponse, ns: string, name: string) => foundProp(r, ns, name)?.text;

  beforeAll(async () => {
    server = await startTestServer(kind);
    auth = basic(server.alice.username, server.alice.password);
    datastore = (await server.alice.client.datastore.create({ userId: 'home' })).client.uuid!;
  });
  afterAll(async () => server?.close());

  it('keeps what PROPPATCH sets on a calendar and PROPFIND answers it; a removal goes back to the default', async () => {
    const cal = `/dav/calendars/alice/${datastore}/`;
    const patch = `<?xml version="1.0"?><d:propertyupdate ${NS} xmlns:x="urn:example:x"><d:set><d:prop>
      <d:displayname>Work</d:displayname><ical:calendar-color>#FF8800FF</ical:calendar-color><ical:calendar-order>3</ical:calendar-order>
      <cal:calendar-description>Meetings &amp; more</cal:calendar-description><x:flag x:kind="a"><x:inner>kept</x:inner></x:flag>
    </d:prop></d:set></d:propertyupdate>`;
    const [answer] = await multistatus(await dav('PROPPATCH', cal, { body: patch }));
    expect(statuses(answer!)).toEqual({ displayname: 200, 'calendar-color': 200, 'calendar-order': 200, 'calendar-description': 200, flag: 200 });
    const [found] = await props(cal);
    expect(text(found!, DAV_NS, 'displayname')).toBe('Work');
    expect(text(found!, APPLE_ICAL_NS, 'calendar-color')).toBe('#FF8800FF');
    expect(text(found!, APPLE_ICAL_NS, 'calendar-order')).toBe('3');
    expect(text(found!, CALDAV_NS, 'calendar-description')).toBe('Meetings & more');
    const flag = foundProp(found!, 'urn:example:x', 'flag');
    expect(flag?.node.children.map((c) => [c.name, c.text])).toEqual([['inner', 'kept']]);
    expect(flag?.node.attributes.map((a) => a.value)).toEqual(['a']);
    // The tasks calendar of the same datastore is another collection: untouched.
    const [tasks] = await props(`/dav/calendars/alice/${datastore}-tasks/`);
    expect(text(tasks!, DAV_NS, 'displayname')).toBe('home (tasks)');
    expect(statuses(tasks!).flag).toBe(404);

    const remove = `<?xml version="1.0"?><d:propertyupdate ${NS} xmlns:x="urn:example:x"><d:remove><d:prop><d:displayname/><x:flag/></d:prop></d:remove></d:propertyupdate>`;
    expect(statuses((await multistatus(await dav('PROPPATCH', cal, { body: remove })))[0]!)).toEqual({ displayname: 200, flag: 200 });
    const [after] = await props(cal);
    expect(text(after!, DAV_NS, 'displayname')).toBe('home');
    expect(statuses(after!).flag).toBe(404);
    expect(text(after!, APPLE_ICAL_NS, 'calendar-color')).toBe('#FF8800FF');
    // A home listing answers them too (read for every collection at once).
    const listed = await props('/dav/calendars/alice/', '1');
    expect(text(listed.find((r) => r.href === cal)!, APPLE_ICAL_NS, 'calendar-color')).toBe('#FF8800FF');
  });

  it('applies nothing when one property is refused: 403 for a protected one, 409 for a bad value, 424 for the rest', async () => {
    const book = `/dav/addressbooks/alice/${datastore}/`;
    const patch = `<?xml version="1.0"?><d:propertyupdate ${NS} xmlns:x="urn:example:x"><d:set><d:prop>
      <d:displayname>Never</d:displayname><d:getetag>"mine"</d:getetag><x:flag>never</x:flag>
    </d:prop></d:set></d:propertyupdate>`;
    const refused = await dav('PROPPATCH', book, { body: patch });
    expect(refused.status).toBe(207);
    const xml = await refused.text();
    expect(statuses(readMultistatus(xml).responses[0]!)).toEqual({ displayname: 424, getetag: 403, flag: 424 });
    expect(xml).toMatch(/403 Forbidden<\/d:status><d:error><d:cannot-modify-protected-property\/><\/d:error>/);
    const [book0] = await props(book);
    expect(text(book0!, DAV_NS, 'displayname')).toBe('home');
    expect(statuses(book0!).flag).toBe(404);
    const badColor = `<?xml version="1.0"?><d:propertyupdate ${NS}><d:set><d:prop><ical:calendar-color>red</ical:calendar-color><d:displayname>X</d:displayname></d:prop></d:set></d:propertyupdate>`;
    expect(statuses((await multistatus(await dav('PROPPATCH', `/dav/calendars/alice/${datastore}-tasks/`, { body: badColor })))[0]!)).toEqual({ 'calendar-color': 409, displayname: 424 });
    // An address book keeps its description; PROPPATCH of anything but a collection is not allowed.
    const describe = `<?xml version="1.0"?><d:propertyupdate ${NS}><d:set><d:prop><card:addressbook-description>Friends</card:addressbook-description></d:prop></d:set></d:propertyupdate>`;
    expect(statuses((await multistatus(await dav('PROPPATCH', book, { body: describe })))[0]!)).toEqual({ 'addressbook-description': 200 });
    expect(text((await props(book))[0]!, CARDDAV_NS, 'addressbook-description')).toBe('Friends');
    const home = await dav('PROPPATCH', '/dav/addressbooks/alice/', { body: describe });
    expect(home.status).toBe(405);
    expect(home.headers.get('allow')).not.toContain('PROPPATCH');
  });

  it('MKCALENDAR under a segment the client chose makes a datastore found there, with the properties it set', async () => {
    const segment = '4f0b2e64-2c1b-11ef-9d2b-0242ac120002';
    const cal = `/dav/calendars/alice/${segment}/`;
    const body = `<?xml version="1.0"?><cal:mkcalendar ${NS}><d:set><d:prop><d:displayname>Holidays</d:displayname>
      <ical:calendar-color>#00AA00</ical:calendar-color>
      <cal:supported-calendar-component-set><cal:comp name="VEVENT"/></cal:supported-calendar-component-set></d:prop></d:set></cal:mkcalendar>`;
    const made = await dav('MKCALENDAR', cal, { body });
    expect(made.status).toBe(201);
    const [found] = await props(cal);
    expect(found!.href).toBe(cal);
    expect(text(found!, DAV_NS, 'displayname')).toBe('Holidays');
    expect(text(found!, APPLE_ICAL_NS, 'calendar-color')).toBe('#00AA00');
    expect(foundProp(found!, CALDAV_NS, 'supported-calendar-component-set')?.node.children.map((c) => c.attributes[0]?.value)).toEqual(['VEVENT']);
    // Items go in under it and are listed there.
    const put = await dav('PUT', `${cal}summer.ics`, { body: event('summer-1', 'Summer'), headers: { 'content-type': 'text/calendar' } });
    expect(put.status).toBe(201);
    const listing = await props(cal, '1');
    expect(listing.map((r) => r.href)).toEqual([cal, `${cal}summer.ics`]);
    expect(await (await dav('GET', `${cal}summer.ics`)).text()).toBe(event('summer-1', 'Summer'));
    // The home lists it under the segment, and the REST API sees a new datastore named after it.
    expect((await props('/dav/calendars/alice/', '1')).map((r) => r.href)).toContain(cal);
    const clients = (await server.alice.client.datastore.list()).entries.filter((e) => e.title === 'Holidays');
    expect(clients).toHaveLength(1);
    const uuid = clients[0]!.client.uuid!;
    expect((await server.alice.client.datastore.contents(uuid).list()).entries.map((e) => e.content?.value)).toEqual([event('summer-1', 'Summer')]);
    // A second one named alike gets a user_id of its own.
    expect((await dav('MKCALENDAR', '/dav/calendars/alice/second/', { body })).status).toBe(201);
    expect((await server.alice.client.datastore.list()).entries.map((e) => e.title ?? '').filter((t) => t.startsWith('Holidays')).sort()).toEqual(['Holidays', 'Holidays (2)']);
    // Another account finds nothing there.
    const bob = basic(server.bob.username, server.bob.password);
    expect((await dav('PROPFIND', cal, { as: bob, body: PROPS, headers: { depth: '0' } })).status).toBe(404);
  });

  it('MKCALENDAR of VTODO alone makes a tasks calendar; the segment holds todos, not events', async () => {
    const cal = '/dav/calendars/alice/chores/';
    const body = `<?xml version="1.0"?><cal:mkcalendar ${NS}><d:set><d:prop><cal:supported-calendar-component-set><cal:comp name="VTODO"/></cal:supported-calendar-component-set></d:prop></d:set></cal:mkcalendar>`;
    expect((await dav('MKCALENDAR', cal, { body })).status).toBe(201);
    const [found] = await props(cal);
    expect(foundProp(found!, CALDAV_NS, 'supported-calendar-component-set')?.node.children.map((c) => c.attributes[0]?.value)).toEqual(['VTODO']);
    expect((await dav('PUT', `${cal}milk.ics`, { body: todo('milk-1') })).status).toBe(201);
    expect((await dav('PUT', `${cal}party.ics`, { body: event('party-1') })).status).toBe(403);
    expect((await server.alice.client.datastore.list()).entries.map((e) => e.title)).toContain('chores');
  });

  it('extended MKCOL makes an address book; a plain collection type or a calendar in the address-book home is refused', async () => {
    const book = '/dav/addressbooks/alice/Friends%20%26%20Family/';
    const body = `<?xml version="1.0"?><d:mkcol ${NS}><d:set><d:prop><d:resourcetype><d:collection/><card:addressbook/></d:resourcetype>
      <d:displayname>Friends</d:displayname><card:addressbook-description>close ones</card:addressbook-description></d:prop></d:set></d:mkcol>`;
    expect((await dav('MKCOL', book, { body })).status).toBe(201);
    const [found] = await props(book);
    // The same segment (an `&` may stand unencoded in a path).
    expect(decodeURIComponent(found!.href)).toBe('/dav/addressbooks/alice/Friends & Family/');
    expect(foundProp(found!, DAV_NS, 'resourcetype')?.node.children.map((c) => c.name).sort()).toEqual(['addressbook', 'collection']);
    expect(text(found!, CARDDAV_NS, 'addressbook-description')).toBe('close ones');
    expect((await dav('PUT', `${book}ann.vcf`, { body: card('ann-1', 'Ann') })).status).toBe(201);
    expect(await (await dav('GET', `${book}ann.vcf`)).text()).toBe(card('ann-1', 'Ann'));

    // An extended MKCOL naming a plain collection: a type this home does not hold.
    const plainType = body.replace('<card:addressbook/>', '');
    const plain = await dav('MKCOL', '/dav/addressbooks/alice/plain/', { body: plainType });
    expect(plain.status).toBe(403);
    expect(readErrorBody(await plain.text()).map((e) => e.name)).toEqual(['valid-resourcetype']);
    // A MKCOL without a body makes the home's one kind (litmus, scripts): an address book here.
    expect((await dav('MKCOL', '/dav/addressbooks/alice/bare/')).status).toBe(201);
    const [bare] = await props('/dav/addressbooks/alice/bare/');
    expect(foundProp(bare!, DAV_NS, 'resourcetype')?.node.children.map((c) => c.name).sort()).toEqual(['addressbook', 'collection']);
    const calendarHere = body.replace('<card:addressbook/>', '<cal:calendar/>');
    const wrong = await dav('MKCOL', '/dav/addressbooks/alice/cal-here/', { body: calendarHere });
    expect(wrong.status).toBe(403);
    expect(readErrorBody(await wrong.text()).map((e) => e.name)).toEqual(['valid-resourcetype']);
    const mkcalendarHere = await dav('MKCALENDAR', '/dav/addressbooks/alice/cal-here/');
    expect(mkcalendarHere.status).toBe(403);
    expect(readErrorBody(await mkcalendarHere.text()).map((e) => e.name)).toEqual(['calendar-collection-location-ok']);
    // A property that cannot be set: nothing is made, the mkcol-response says why.
    const refused = await dav('MKCOL', '/dav/addressbooks/alice/refused/', { body: body.replace('<d:displayname>Friends</d:displayname>', '<d:getetag>"x"</d:getetag>') });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('mkcol-response');
    expect((await dav('PROPFIND', '/dav/addressbooks/alice/refused/', { body: PROPS, headers: { depth: '0' } })).status).toBe(404);
    expect((await server.alice.client.datastore.list()).entries.map((e) => e.title)).not.toContain('refused');
  });

  it('refuses to make a collection where one is: 405 resource-must-be-null', async () => {
    for (const [method, path] of [
      ['MKCALENDAR', `/dav/calendars/alice/${datastore}/`],
      ['MKCALENDAR', `/dav/calendars/alice/${datastore}-tasks/`],
      ['MKCALENDAR', '/dav/calendars/alice/chores/'],
      ['MKCOL', `/dav/addressbooks/alice/${datastore}/`],
      ['MKCALENDAR', '/dav/calendars/alice/'],
    ] as const) {
      const res = await dav(method, path);
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(readErrorBody(await res.text()).map((e) => e.name)).toEqual(['resource-must-be-null']);
    }
  });

  it('refuses a second item with a UID the collection holds, naming the item that holds it (409 no-uid-conflict)', async () => {
    const book = `/dav/addressbooks/alice/${datastore}/`;
    expect((await dav('PUT', `${book}first%20one.vcf`, { body: card('same-uid', 'First') })).status).toBe(201);
    const second = await dav('PUT', `${book}second.vcf`, { body: card('same-uid', 'Second') });
    expect(second.status).toBe(409);
    const error = await second.text();
    expect(readErrorBody(error)).toEqual([{ ns: CARDDAV_NS, name: 'no-uid-conflict' }]);
    expect(error).toContain(`<d:href>${book}first%20one.vcf</d:href>`);
    expect((await dav('GET', `${book}second.vcf`)).status).toBe(404);
    // Replacing the item that holds the UID is fine; then the UID is free where it was moved from.
    expect((await dav('PUT', `${book}first%20one.vcf`, { body: card('same-uid', 'First, edited') })).status).toBe(204);
    expect((await dav('PUT', `${book}first%20one.vcf`, { body: card('other-uid', 'First, renamed') })).status).toBe(204);
    expect((await dav('PUT', `${book}second.vcf`, { body: card('same-uid', 'Second') })).status).toBe(201);
    // The same UID in another collection is another item; and in a calendar the CalDAV element is named.
    expect((await dav('PUT', '/dav/addressbooks/alice/Friends%20%26%20Family/twin.vcf', { body: card('same-uid', 'Twin') })).status).toBe(201);
    const cal = `/dav/calendars/alice/${datastore}/`;
    expect((await dav('PUT', `${cal}a.ics`, { body: event('ev-uid') })).status).toBe(201);
    const clash = await dav('PUT', `${cal}b.ics`, { body: event('ev-uid') });
    expect(clash.status).toBe(409);
    expect(readErrorBody(await clash.text())).toEqual([{ ns: CALDAV_NS, name: 'no-uid-conflict' }]);
    // An item another protocol wrote holds its UID too: named by its default name.
    const made = await server.alice.client.datastore.contents(datastore).create({ title: 'Rest', content: { type: 'text/vcard', value: card('rest-uid', 'Rest') } });
    const uuid = made.id!.slice('urn:uuid:'.length);
    const fromRest = await dav('PUT', `${book}rest-copy.vcf`, { body: card('rest-uid', 'Copy') });
    expect(fromRest.status).toBe(409);
    expect(await fromRest.text()).toContain(`<d:href>${book}${uuid}.vcf</d:href>`);
  });

  it('deletes a calendar a client made, with its datastore, and nothing else', async () => {
    const made = '/dav/calendars/alice/to-delete/';
    expect((await dav('MKCALENDAR', made)).status).toBe(201);
    expect((await dav('PUT', `${made}e.ics`, { body: event('to-delete-1') })).status).toBe(201);
    const before = (await server.alice.client.datastore.list()).entries.length;
    expect((await dav('DELETE', made)).status).toBe(204);
    expect((await dav('PROPFIND', made, { headers: { depth: '0' } })).status).toBe(404);
    expect((await server.alice.client.datastore.list()).entries.length).toBe(before - 1);
    // A datastore made through the API keeps its collections.
    const apiMade = (await server.alice.client.datastore.create({ userId: 'api-made' })).client.uuid!;
    const refused = await dav('DELETE', `/dav/calendars/alice/${apiMade}/`);
    expect(refused.status).toBe(403);
    expect((await dav('PROPFIND', `/dav/calendars/alice/${apiMade}/`, { headers: { depth: '0' } })).status).toBe(207);
    // One whose datastore's other collection holds items stays too.
    const busy = '/dav/calendars/alice/busy/';
    expect((await dav('MKCALENDAR', busy)).status).toBe(201);
    const busyStore = (await server.alice.client.datastore.list()).entries.find((e) => e.title === 'busy')!.client!.uuid!;
    expect((await dav('PUT', `/dav/calendars/alice/${busyStore}-tasks/t.ics`, { body: todo('busy-todo') })).status).toBe(201);
    const kept = await dav('DELETE', busy);
    expect(kept.status).toBe(403);
    expect((await dav('PROPFIND', busy, { headers: { depth: '0' } })).status).toBe(207);
  });
});
