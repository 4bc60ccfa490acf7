/**
 * A scripted client of our own, replaying what real clients send that vdirsyncer, litmus and
 * python3-caldav do not: the requests of iOS/macOS (dataaccessd, CalendarAgent) and of DAVx⁵
 * (dav4jvm), sync-token edge cases, hostile XML and iCalendar, and isolation between accounts for
 * every method. On both stores.
 *
 * Where the requests come from (captured from the clients, quoted in public threads):
 * - iOS 18 discovery: `PROPFIND /.well-known/caldav` with `Brief: t`, `Prefer: return=minimal`,
 *   Depth 0, asking current-user-principal, principal-URL, resourcetype; then OPTIONS on the
 *   principal (emersion/go-webdav#150);
 * - the principal PROPFIND of macOS CalendarAgent and iOS dataaccessd (sabre-io/dav#813,
 *   jelmer/xandikos#166, stalwartlabs/stalwart#1796);
 * - the calendar-home Depth 1 listing of macOS Calendar with its CalendarServer/Apple/me.com
 *   properties (owncloud/core#25351, jelmer/xandikos#166 and #173);
 * - DAVx⁵: home-set asked on every URL, 404 expected (sabre-io/dav#1153); a collection's
 *   max-resource-size, supported-report-set, getctag, sync-token (Kozea/Radicale#2097);
 *   sync-collection as dav4jvm's DavCollection.reportChanges writes it (sync-token, sync-level,
 *   limit/nresults, prop) with Depth 0.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLE_ICAL_NS, CALDAV_NS, CALENDARSERVER_NS, CARDDAV_NS, DAV_NS, readErrorBody, type ReadResponse } from '@atomsync/dav';
import { startTestServer, type TestServer } from '../support/server.js';
import { storeKinds } from '../support/stores.js';
import { basic, card, davClient, event, hrefIn, multistatus, prop, statuses, todo, type Multistatus } from './support.js';

const APPLE_HEADERS = { brief: 't', prefer: 'return=minimal', 'content-type': 'text/xml', 'user-agent': 'iOS/18.1.1 (22B91) dataaccessd/1.0' };

const IOS_ENTRY = `<?xml version="1.0" encoding="UTF-8"?>
<A:propfind xmlns:A="DAV:">
  <A:prop>
    <A:current-user-principal/>
    <A:principal-URL/>
    <A:resourcetype/>
  </A:prop>
</A:propfind>`;

const APPLE_PRINCIPAL = `<?xml version="1.0" encoding="UTF-8"?>
<A:propfind xmlns:A="DAV:">
  <A:prop>
    <B:calendar-home-set xmlns:B="urn:ietf:params:xml:ns:caldav"/>
    <B:calendar-user-address-set xmlns:B="urn:ietf:params:xml:ns:caldav"/>
    <A:current-user-principal/>
    <A:displayname/>
    <C:dropbox-home-URL xmlns:C="http://calendarserver.org/ns/"/>
    <C:email-address-set xmlns:C="http://calendarserver.org/ns/"/>
    <B:max-attendees-per-instance xmlns:B="urn:ietf:params:xml:ns:caldav"/>
    <C:notification-URL xmlns:C="http://calendarserver.org/ns/"/>
    <A:principal-collection-set/>
    <A:principal-URL/>
    <A:resource-id/>
    <B:schedule-inbox-URL xmlns:B="urn:ietf:params:xml:ns:caldav"/>
    <B:schedule-outbox-URL xmlns:B="urn:ietf:params:xml:ns:caldav"/>
    <A:supported-report-set/>
  </A:prop>
</A:propfind>`;

/** What macOS Calendar asks of the calendar home and each calendar in it (Depth 1). */
const APPLE_HOME_LISTING = `<?xml version="1.0" encoding="UTF-8"?>
<A:propfind xmlns:A="DAV:">
  <A:prop>
    <A:add-member/>
    <C:allowed-sharing-modes xmlns:C="http://calendarserver.org/ns/"/>
    <D:autoprovisioned xmlns:D="http://apple.com/ns/ical/"/>
    <E:bulk-requests xmlns:E="http://me.com/_namespace/"/>
    <B:calendar-alarm xmlns:B="urn:ietf:params:xml:ns:caldav"/>
    <D:calendar-color xmlns:D="http://apple.com/ns/ical/"/>
    <B:calendar-description xmlns:B="urn:ietf:params:xml:ns:caldav"/>
    <B:calendar-free-busy-set xmlns:B="urn:ietf:params:xml:ns:caldav"/>
    <D:calendar-order xmlns:D="http://apple.com/ns/ical/"/>
    <B:calendar-timezone xmlns:B="urn:ietf:params:xml:ns:caldav"/>
    <A:current-user-privilege-set/>
    <B:default-alarm-vevent-date xmlns:B="urn:ietf:params:xml:ns:caldav"/>
    <B:default-alarm-vevent-datetime xmlns:B="urn:ietf:params:xml:ns:caldav"/>
    <A:displayname/>
    <C:getctag xmlns:C="http://calendarserver.org/ns/"/>
    <C:invite xmlns:C="http://calendarserver.org/ns/"/>
    <D:language-code xmlns:D="http://apple.com/ns/ical/"/>
    <D:location-code xmlns:D="http://apple.com/ns/ical/"/>
    <A:owner/>
    <C:pre-publish-url xmlns:C="http://calendarserver.org/ns/"/>
    <C:publish-url xmlns:C="http://calendarserver.org/ns/"/>
    <C:push-transports xmlns:C="http://calendarserver.org/ns/"/>
    <C:pushkey xmlns:C="http://calendarserver.org/ns/"/>
    <A:quota-available-bytes/>
    <A:quota-used-bytes/>
    <D:refreshrate xmlns:D="http://apple.com/ns/ical/"/>
    <A:resource-id/>
    <A:resourcetype/>
    <B:schedule-calendar-transp xmlns:B="urn:ietf:params:xml:ns:caldav"/>
    <B:schedule-default-calendar-URL xmlns:B="urn:ietf:params:xml:ns:caldav"/>
    <C:source xmlns:C="http://calendarserver.org/ns/"/>
    <C:subscribed-strip-alarms xmlns:C="http://calendarserver.org/ns/"/>
    <C:subscribed-strip-attachments xmlns:C="http://calendarserver.org/ns/"/>
    <C:subscribed-strip-todos xmlns:C="http://calendarserver.org/ns/"/>
    <B:supported-calendar-component-set xmlns:B="urn:ietf:params:xml:ns:caldav"/>
    <B:supported-calendar-component-sets xmlns:B="urn:ietf:params:xml:ns:caldav"/>
    <A:supported-report-set/>
    <A:sync-token/>
  </A:prop>
</A:propfind>`;

/** What macOS Contacts asks of the address-book home and each address book (Depth 1). */
const APPLE_CONTACTS_LISTING = `<?xml version="1.0" encoding="UTF-8"?>
<A:propfind xmlns:A="DAV:">
  <A:prop>
    <A:add-member/>
    <B:addressbook-description xmlns:B="urn:ietf:params:xml:ns:carddav"/>
    <E:bulk-requests xmlns:E="http://me.com/_namespace/"/>
    <A:current-user-privilege-set/>
    <A:displayname/>
    <C:getctag xmlns:C="http://calendarserver.org/ns/"/>
    <B:max-image-size xmlns:B="urn:ietf:params:xml:ns:carddav"/>
    <B:max-resource-size xmlns:B="urn:ietf:params:xml:ns:carddav"/>
    <C:me-card xmlns:C="http://calendarserver.org/ns/"/>
    <C:push-transports xmlns:C="http://calendarserver.org/ns/"/>
    <C:pushkey xmlns:C="http://calendarserver.org/ns/"/>
    <A:quota-available-bytes/>
    <A:quota-used-bytes/>
    <A:resource-id/>
    <A:resourcetype/>
    <A:supported-report-set/>
    <A:sync-token/>
  </A:prop>
</A:propfind>`;

/** DAVx⁵'s first PROPFIND of the base URL and of the principal: home-sets asked wherever it stands. */
const DAVX5_ENTRY = `<?xml version='1.0' encoding='UTF-8' ?><propfind xmlns="DAV:" xmlns:CARD="urn:ietf:params:xml:ns:carddav" xmlns:CAL="urn:ietf:params:xml:ns:caldav"><prop><resourcetype /><displayname /><current-user-privilege-set /><current-user-principal /><CARD:addressbook-home-set /><CAL:calendar-home-set /></prop></propfind>`;
/** DAVx⁵'s listing of a home (Depth 1): what it shows in its collection list. */
const DAVX5_HOME = `<?xml version='1.0' encoding='UTF-8' ?><propfind xmlns="DAV:" xmlns:CARD="urn:ietf:params:xml:ns:carddav" xmlns:CAL="urn:ietf:params:xml:ns:caldav" xmlns:n0="http://apple.com/ns/ical/" xmlns:n1="http://calendarserver.org/ns/"><prop><resourcetype /><displayname /><owner /><current-user-privilege-set /><CARD:addressbook-description /><CARD:supported-address-data /><CAL:calendar-description /><n0:calendar-color /><CAL:supported-calendar-component-set /><n1:source /></prop></propfind>`;
/** DAVx⁵'s PROPFIND of a collection before each sync (Depth 0). */
const DAVX5_COLLECTION = `<?xml version='1.0' encoding='UTF-8' ?><propfind xmlns="DAV:" xmlns:CAL="urn:ietf:params:xml:ns:caldav" xmlns:CARD="urn:ietf:params:xml:ns:carddav"><prop><CAL:max-resource-size /><supported-report-set /><n0:getctag xmlns:n0="http://calendarserver.org/ns/" /><sync-token /></prop></propfind>`;

/** sync-collection as dav4jvm writes it: sync-token, sync-level, limit?, prop. */
const syncCollection = (token: string | undefined, limit?: number, props = '<getetag />') =>
  `<?xml version='1.0' encoding='UTF-8' ?><sync-collection xmlns="DAV:">${token === undefined ? '<sync-token />' : `<sync-token>${token}</sync-token>`}<sync-level>1</sync-level>${
    limit === undefined ? '' : `<limit><nresults>${limit}</nresults></limit>`
  }<prop>${props}</prop></sync-collection>`;

const calendarMultiget = (hrefs: readonly string[]) =>
  `<?xml version='1.0' encoding='UTF-8' ?><CAL:calendar-multiget xmlns="DAV:" xmlns:CAL="urn:ietf:params:xml:ns:caldav"><prop><getcontenttype /><getetag /><CAL:calendar-data /></prop>${hrefs.map((h) => `<href>${h}</href>`).join('')}</CAL:calendar-multiget>`;

const timeRangeQuery = (start: string, end: string, expand = false) =>
  `<?xml version="1.0" encoding="UTF-8"?><C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><D:getetag/>${
    expand ? `<C:calendar-data><C:expand start="${start}" end="${end}"/></C:calendar-data>` : ''
  }</D:prop><C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VEVENT"><C:time-range start="${start}" end="${end}"/></C:comp-filter></C:comp-filter></C:filter></C:calendar-query>`;

const EVERY_METHOD = ['OPTIONS', 'PROPFIND', 'PROPPATCH', 'REPORT', 'GET', 'HEAD', 'PUT', 'DELETE', 'MKCOL', 'MKCALENDAR'] as const;

/** The statuses of every propstat in a response. */
const propstatStatuses = (r: ReadResponse) => r.propstats.map((ps) => ps.status);

describe.each(storeKinds)('scripted clients against the DAV endpoint (%s)', (kind) => {
  let server: TestServer;
  let auth: string;
  let bobAuth: string;
  /** Alice's datastore "home": one address book, an events calendar and a tasks calendar. */
  let home: string;
  let bobHome: string;

  const dav = davClient(() => server.url, () => auth);
  const report = (path: string, body: string, headers: Record<string, string> = {}) => dav('REPORT', path, { body, headers: { depth: '0', 'content-type': 'application/xml; charset=utf-8', ...headers } });
  const sync = async (path: string, token: string | undefined, limit?: number): Promise<Multistatus> => multistatus(await report(path, syncCollection(token, limit)));
  const newDatastore = async (userId: string) => (await server.alice.client.datastore.create({ userId })).client.uuid!;
  const healthy = async () => expect((await fetch(new URL('/healthz', server.url))).status).toBe(200);

  beforeAll(async () => {
    server = await startTestServer(kind);
    auth = basic(server.alice.username, server.alice.password);
    bobAuth = basic(server.bob.username, server.bob.password);
    home = await newDatastore('home');
    bobHome = (await server.bob.client.datastore.create({ userId: 'home' })).client.uuid!;
  });
  afterAll(async () => server?.close());

  describe('iOS and macOS', () => {
    it('walks discovery as iOS does: PROPFIND of the well-known URL with Brief and Prefer, the root, then OPTIONS on the principal', async () => {
      const redirected = await dav('PROPFIND', '/.well-known/caldav', { body: IOS_ENTRY, headers: { ...APPLE_HEADERS, depth: '0' } });
      expect(redirected.status).toBe(301);
      const target = redirected.headers.get('location')!;
      const root = await dav('PROPFIND', target, { body: IOS_ENTRY, headers: { ...APPLE_HEADERS, depth: '0' } });
      expect(root.headers.get('preference-applied')).toBe('return=minimal');
      const [entry] = (await multistatus(root)).responses;
      // Minimal: the found properties only; principal-URL (not a property of the root) is left out, not refused.
      expect(propstatStatuses(entry!)).toEqual([200]);
      expect(hrefIn(entry!, DAV_NS, 'current-user-principal')).toBe('/dav/principals/alice/');
      expect(prop(entry!, DAV_NS, 'principal-URL')).toBeUndefined();

      const options = await dav('OPTIONS', '/dav/principals/alice/', { headers: { 'user-agent': APPLE_HEADERS['user-agent'] } });
      expect(options.status).toBe(200);
      const classes = options.headers.get('dav')!.split(',').map((c) => c.trim());
      expect(classes).toEqual(expect.arrayContaining(['1', '3', 'extended-mkcol', 'addressbook', 'calendar-access']));
      const allow = options.headers.get('allow')!.split(',').map((m) => m.trim());
      expect(allow).toEqual(expect.arrayContaining(['OPTIONS', 'PROPFIND', 'REPORT']));
    });

    it('answers the principal PROPFIND of CalendarAgent: the homes found, the CalendarServer properties 404 or left out under minimal', async () => {
      const full = await multistatus(await dav('PROPFIND', '/dav/principals/alice/', { body: APPLE_PRINCIPAL, headers: { depth: '0', 'content-type': 'text/xml' } }));
      expect(full.responses).toHaveLength(1);
      const p = full.responses[0]!;
      expect(hrefIn(p, CALDAV_NS, 'calendar-home-set')).toBe('/dav/calendars/alice/');
      expect(hrefIn(p, DAV_NS, 'principal-URL')).toBe('/dav/principals/alice/');
      expect(hrefIn(p, DAV_NS, 'current-user-principal')).toBe('/dav/principals/alice/');
      const byName = statuses(p);
      for (const unknown of ['dropbox-home-URL', 'email-address-set', 'notification-URL', 'schedule-inbox-URL', 'schedule-outbox-URL', 'resource-id', 'max-attendees-per-instance']) {
        expect(byName[unknown], unknown).toBe(404);
      }
      // Nothing but found and not found: no 403, 500 or 424 for a property the server does not keep.
      expect(new Set(propstatStatuses(p))).toEqual(new Set([200, 404]));

      const brief = await dav('PROPFIND', '/dav/principals/alice/', { body: APPLE_PRINCIPAL, headers: { ...APPLE_HEADERS, depth: '0' } });
      const minimal = (await multistatus(brief)).responses[0]!;
      expect(propstatStatuses(minimal)).toEqual([200]);
      expect(minimal.propstats[0]!.props.map((x) => x.name.name).sort()).toEqual(p.propstats.find((ps) => ps.status === 200)!.props.map((x) => x.name.name).sort());
      // Brief alone (older macOS, no Prefer) is minimal too.
      const briefOnly = await dav('PROPFIND', '/dav/principals/alice/', { body: APPLE_PRINCIPAL, headers: { brief: 't', depth: '0' } });
      expect(briefOnly.headers.get('preference-applied')).toBeNull();
      expect(propstatStatuses((await multistatus(briefOnly)).responses[0]!)).toEqual([200]);
    });

    it('lists the calendar home at Depth 1 with every Apple and CalendarServer property asked: the calendars with getctag and sync-token, the rest 404', async () => {
      const cal = `/dav/calendars/alice/${home}/`;
      const tasks = `/dav/calendars/alice/${home}-tasks/`;
      const color = `<?xml version="1.0"?><d:propertyupdate xmlns:d="DAV:" xmlns:ical="http://apple.com/ns/ical/"><d:set><d:prop><ical:calendar-color>#FF2968FF</ical:calendar-color><ical:calendar-order>1</ical:calendar-order></d:prop></d:set></d:propertyupdate>`;
      expect(statuses((await multistatus(await dav('PROPPATCH', cal, { body: color, headers: { 'content-type': 'text/xml' } }))).responses[0]!)).toEqual({ 'calendar-color': 200, 'calendar-order': 200 });

      const listing = await multistatus(await dav('PROPFIND', '/dav/calendars/alice/', { body: APPLE_HOME_LISTING, headers: { depth: '1', 'content-type': 'text/xml' } }));
      expect(listing.responses.map((r) => r.href)).toEqual(['/dav/calendars/alice/', cal, tasks]);
      for (const r of listing.responses) expect(new Set(propstatStatuses(r)), r.href).toEqual(new Set([200, 404]));
      const events = listing.responses[1]!;
      expect(prop(events, CALENDARSERVER_NS, 'getctag')?.text).toMatch(/^http:\/\/atomsync\.dev\/ns\/sync\//);
      expect(prop(events, DAV_NS, 'sync-token')?.text).toMatch(/^http:\/\//);
      expect(prop(events, APPLE_ICAL_NS, 'calendar-color')?.text).toBe('#FF2968FF');
      expect(prop(events, APPLE_ICAL_NS, 'calendar-order')?.text).toBe('1');
      expect(prop(events, DAV_NS, 'resourcetype')?.node.children.map((c) => c.name).sort()).toEqual(['calendar', 'collection']);
      expect(prop(events, CALDAV_NS, 'supported-calendar-component-set')?.node.children.map((c) => c.attributes[0]?.value)).toEqual(['VEVENT']);
      expect(prop(listing.responses[2]!, CALDAV_NS, 'supported-calendar-component-set')?.node.children.map((c) => c.attributes[0]?.value)).toEqual(['VTODO']);
      const byName = statuses(events);
      for (const unknown of ['pushkey', 'push-transports', 'source', 'subscribed-strip-alarms', 'subscribed-strip-attachments', 'subscribed-strip-todos', 'schedule-calendar-transp', 'schedule-default-calendar-URL', 'allowed-sharing-modes', 'bulk-requests', 'refreshrate', 'invite', 'supported-calendar-component-sets']) {
        expect(byName[unknown], unknown).toBe(404);
      }

      // The same with Brief and Prefer: the same resources, only what was found.
      const minimal = await multistatus(await dav('PROPFIND', '/dav/calendars/alice/', { body: APPLE_HOME_LISTING, headers: { ...APPLE_HEADERS, depth: '1' } }));
      expect(minimal.responses.map((r) => r.href)).toEqual(['/dav/calendars/alice/', cal, tasks]);
      for (const r of minimal.responses) expect(propstatStatuses(r), r.href).toEqual([200]);
      expect(prop(minimal.responses[1]!, CALENDARSERVER_NS, 'getctag')?.text).toBe(prop(events, CALENDARSERVER_NS, 'getctag')?.text);
      expect(prop(minimal.responses[1]!, CALENDARSERVER_NS, 'pushkey')).toBeUndefined();
    });

    it('lists the address-book home as macOS Contacts does, and getctag moves with a change', async () => {
      const book = `/dav/addressbooks/alice/${home}/`;
      const list = async () => multistatus(await dav('PROPFIND', '/dav/addressbooks/alice/', { body: APPLE_CONTACTS_LISTING, headers: { ...APPLE_HEADERS, depth: '1' } }));
      const before = await list();
      // macOS uses only the first address book: the home, then the default one.
      expect(before.responses.map((r) => r.href)).toEqual(['/dav/addressbooks/alice/', book]);
      for (const r of before.responses) expect(propstatStatuses(r), r.href).toEqual([200]);
      const b = before.responses[1]!;
      expect(Number(prop(b, CARDDAV_NS, 'max-resource-size')?.text)).toBeGreaterThanOrEqual(5 * 1024 * 1024);
      expect(prop(b, CARDDAV_NS, 'me-card')).toBeUndefined();
      expect((await dav('PUT', `${book}mac-1.vcf`, { body: card('mac-1', 'Mac User'), headers: { 'content-type': 'text/vcard' } })).status).toBe(201);
      const after = (await list()).responses[1]!;
      expect(prop(after, CALENDARSERVER_NS, 'getctag')?.text).not.toBe(prop(b, CALENDARSERVER_NS, 'getctag')?.text);
      expect(prop(after, DAV_NS, 'sync-token')?.text).not.toBe(prop(b, DAV_NS, 'sync-token')?.text);
    });
  });

  describe('DAVx⁵', () => {
    it('discovers as DAVx⁵ does: home-sets asked of the root (404 there), then of the principal, then the homes at Depth 1 and each collection', async () => {
      const redirected = await dav('PROPFIND', '/.well-known/carddav', { body: DAVX5_ENTRY, headers: { depth: '0', 'content-type': 'application/xml; charset=utf-8' } });
      expect(redirected.status).toBe(301);
      const [root] = (await multistatus(await dav('PROPFIND', redirected.headers.get('location')!, { body: DAVX5_ENTRY, headers: { depth: '0' } }))).responses;
      const principal = hrefIn(root!, DAV_NS, 'current-user-principal')!;
      expect(principal).toBe('/dav/principals/alice/');
      expect(statuses(root!)['addressbook-home-set']).toBe(404);
      expect(statuses(root!)['calendar-home-set']).toBe(404);

      const [p] = (await multistatus(await dav('PROPFIND', principal, { body: DAVX5_ENTRY, headers: { depth: '0' } }))).responses;
      const bookHome = hrefIn(p!, CARDDAV_NS, 'addressbook-home-set')!;
      const calHome = hrefIn(p!, CALDAV_NS, 'calendar-home-set')!;
      expect([bookHome, calHome]).toEqual(['/dav/addressbooks/alice/', '/dav/calendars/alice/']);
      expect(prop(p!, DAV_NS, 'resourcetype')?.node.children.map((c) => c.name)).toContain('principal');

      const books = await multistatus(await dav('PROPFIND', bookHome, { body: DAVX5_HOME, headers: { depth: '1' } }));
      const book = books.responses.find((r) => prop(r, DAV_NS, 'resourcetype')?.node.children.some((c) => c.name === 'addressbook'));
      expect(book?.href).toBe(`/dav/addressbooks/alice/${home}/`);
      expect(prop(book!, CARDDAV_NS, 'supported-address-data')?.node.children.map((c) => c.attributes.find((a) => a.name === 'version')?.value)).toContain('3.0');
      // Privileges: DAVx⁵ shows a collection read-only unless write-content is granted.
      const privileges = JSON.stringify(prop(book!, DAV_NS, 'current-user-privilege-set')?.node);
      expect(privileges).toMatch(/"(all|write|write-content)"/);
      const cals = await multistatus(await dav('PROPFIND', calHome, { body: DAVX5_HOME, headers: { depth: '1' } }));
      expect(cals.responses.filter((r) => prop(r, DAV_NS, 'resourcetype')?.node.children.some((c) => c.name === 'calendar')).map((r) => r.href)).toEqual([
        `/dav/calendars/alice/${home}/`,
        `/dav/calendars/alice/${home}-tasks/`,
      ]);

      // Its max-resource-size in the collection's own namespace (CardDAV for an address book).
      for (const [collection, body] of [[book!.href, DAVX5_COLLECTION.replace('<CAL:max-resource-size />', '<CARD:max-resource-size />')], [`/dav/calendars/alice/${home}/`, DAVX5_COLLECTION]] as const) {
        const [c] = (await multistatus(await dav('PROPFIND', collection, { body, headers: { depth: '0' } }))).responses;
        expect(propstatStatuses(c!), collection).toEqual([200]);
        // RFC 3253's shape, or DAVx⁵ falls back to full listings.
        const reports = prop(c!, DAV_NS, 'supported-report-set')!.node.children.filter((s) => s.name === 'supported-report').map((s) => s.children.find((x) => x.name === 'report')?.children[0]?.name);
        expect(reports).toContain('sync-collection');
        expect(prop(c!, DAV_NS, 'sync-token')?.text).toMatch(/^http:\/\/atomsync\.dev\/ns\/sync\//);
        expect(prop(c!, CALENDARSERVER_NS, 'getctag')?.text).toMatch(/^http:\/\/atomsync\.dev\/ns\/sync\//);
      }
    });

    it('pages a delta of 35 changes with limit 10: 507 and a token each time, every change once and in order, then multigets in tens', async () => {
      const ds = await newDatastore('paging');
      const cal = `/dav/calendars/alice/${ds}/`;
      const start = await sync(cal, undefined);
      expect(start.responses).toHaveLength(0);
      const written: { href: string; body: string; etag: string }[] = [];
      for (let i = 1; i <= 35; i++) {
        const name = `${String(i).padStart(2, '0')}-${crypto.randomUUID()}.ics`;
        const body = event(`paging-${i}`, `DESCRIPTION:item ${i}\r\n`);
        const put = await dav('PUT', `${cal}${name}`, { body, headers: { 'content-type': 'text/calendar; charset=utf-8', 'if-none-match': '*' } });
        expect(put.status).toBe(201);
        written.push({ href: `${cal}${name}`, body, etag: put.headers.get('etag')! });
      }
      // Two of them change again and one is deleted: the delta holds each at its last change.
      const edited = written[3]!;
      edited.body = event('paging-4', 'DESCRIPTION:item 4, edited\r\n');
      const edit = await dav('PUT', edited.href, { body: edited.body, headers: { 'if-match': edited.etag } });
      expect(edit.status).toBe(204);
      edited.etag = edit.headers.get('etag')!;
      const gone = written[10]!;
      expect((await dav('DELETE', gone.href, { headers: { 'if-match': gone.etag } })).status).toBe(204);
      const expected = [...written.filter((w) => w !== edited && w !== gone).map((w) => w.href), edited.href, gone.href];

      let token = start.syncToken!;
      const seen: string[] = [];
      const pages: number[] = [];
      for (let round = 0; round < 10; round++) {
        const page = await sync(cal, token, 10);
        const truncated = page.responses.filter((r) => r.status === 507);
        const members = page.responses.filter((r) => r.status !== 507);
        expect(members.length).toBeLessThanOrEqual(10);
        seen.push(...members.map((r) => r.href));
        pages.push(members.length);
        expect(page.syncToken).toMatch(/^http:\/\/atomsync\.dev\/ns\/sync\//);
        token = page.syncToken!;
        if (truncated.length === 0) break;
        expect(truncated.map((r) => r.href)).toEqual([cal]);
        expect(truncated[0]!.errors.map((e) => e.name)).toEqual(['number-of-matches-within-limits']);
      }
      expect(pages).toEqual([10, 10, 10, 5]);
      expect(seen).toEqual(expected);
      // Done: the last token's delta is empty.
      expect((await sync(cal, token, 10)).responses).toHaveLength(0);

      // The deleted one comes as 404, the rest are fetched as DAVx⁵ does: calendar-multiget in tens.
      const live = written.filter((w) => w !== gone);
      const fetched = new Map<string, { etag?: string; data?: string }>();
      for (let i = 0; i < live.length; i += 10) {
        const chunk = live.slice(i, i + 10).map((w) => w.href);
        const answer = await multistatus(await report(cal, calendarMultiget(chunk), { depth: '1' }));
        expect(answer.responses.map((r) => r.href)).toEqual(chunk);
        for (const r of answer.responses) fetched.set(r.href, { etag: prop(r, DAV_NS, 'getetag')?.text, data: prop(r, CALDAV_NS, 'calendar-data')?.text });
      }
      expect(fetched.size).toBe(34);
      for (const w of live) expect(fetched.get(w.href), w.href).toEqual({ etag: w.etag, data: w.body });
    });
  });

  describe('sync tokens', () => {
    let cal: string;
    let tasks: string;
    let token: string;

    beforeAll(async () => {
      const ds = await newDatastore('tokens');
      cal = `/dav/calendars/alice/${ds}/`;
      tasks = `/dav/calendars/alice/${ds}-tasks/`;
      for (const n of ['a', 'b', 'c']) expect((await dav('PUT', `${cal}${n}.ics`, { body: event(`tokens-${n}`) })).status).toBe(201);
      expect((await dav('PUT', `${tasks}t.ics`, { body: todo('tokens-t') })).status).toBe(201);
      token = (await sync(cal, undefined)).syncToken!;
    });

    const refused = async (path: string, bad: string) => {
      const res = await report(path, syncCollection(bad));
      expect(res.status, bad).toBe(403);
      expect(readErrorBody(await res.text()), bad).toEqual([{ ns: DAV_NS, name: 'valid-sync-token' }]);
    };

    it('takes an empty token as an initial sync: every live member and a token', async () => {
      const initial = await sync(cal, undefined);
      expect(initial.responses.map((r) => r.href).sort()).toEqual([`${cal}a.ics`, `${cal}b.ics`, `${cal}c.ics`]);
      expect(initial.responses.every((r) => propstatStatuses(r).includes(200))).toBe(true);
      expect(initial.syncToken).toBe(token);
      // `<sync-token></sync-token>` and whitespace alike (RFC 6578 §3.8: empty means initial).
      expect((await sync(cal, '')).responses).toHaveLength(3);
      expect((await sync(cal, '  ')).responses).toHaveLength(3);
      expect((await sync(cal, token)).responses).toHaveLength(0);
    });

    it('refuses a token of another collection of the account, of another account, malformed or ahead: 403 valid-sync-token', async () => {
      const tasksToken = (await sync(tasks, undefined)).syncToken!;
      const bookToken = (await sync(`/dav/addressbooks/alice/${home}/`, undefined)).syncToken!;
      const homeToken = (await sync(`/dav/calendars/alice/${home}/`, undefined)).syncToken!;
      const bobs = await multistatus(await dav('REPORT', `/dav/calendars/bob/${bobHome}/`, { as: bobAuth, body: syncCollection(undefined), headers: { depth: '0' } }));
      for (const other of [tasksToken, bookToken, homeToken, bobs.syncToken!]) await refused(cal, other);
      const sequence = Number(token.slice(token.lastIndexOf('/') + 1));
      const base = token.slice(0, token.lastIndexOf('/') + 1);
      for (const malformed of ['bogus', 'http://atomsync.dev/ns/sync/', base, `${base}-1`, `${base}1.5`, `${base}0${sequence}`, `${base}99999999999999999999`, `data:,${token}`, token.replace('http://', 'https://'), `${token}/1`]) {
        await refused(cal, malformed);
      }
      for (const ahead of [sequence + 1, sequence + 1000]) await refused(cal, `${base}${ahead}`);
      // The collection's own token still works after all that.
      expect((await sync(cal, token)).responses).toHaveLength(0);
    });

    it('lists a name deleted and made again once, as it is now; one made and deleted at most once, as 404', async () => {
      expect((await dav('DELETE', `${cal}a.ics`)).status).toBe(204);
      const again = event('tokens-a2', 'DESCRIPTION:made again\r\n');
      expect((await dav('PUT', `${cal}a.ics`, { body: again })).status).toBe(201);
      expect((await dav('PUT', `${cal}brief.ics`, { body: event('tokens-brief') })).status).toBe(201);
      expect((await dav('DELETE', `${cal}brief.ics`)).status).toBe(204);
      const delta = await multistatus(await report(cal, syncCollection(token, undefined, '<getetag /><C:calendar-data xmlns:C="urn:ietf:params:xml:ns:caldav" />')));
      const hrefs = delta.responses.map((r) => r.href);
      expect(hrefs.filter((h) => h === `${cal}a.ics`)).toHaveLength(1);
      const a = delta.responses.find((r) => r.href === `${cal}a.ics`)!;
      expect(a.status).toBeUndefined();
      expect(prop(a, CALDAV_NS, 'calendar-data')?.text).toBe(again);
      const brief = delta.responses.filter((r) => r.href === `${cal}brief.ics`);
      expect(brief.length).toBeLessThanOrEqual(1);
      for (const r of brief) expect(r.status).toBe(404);
      // Nothing else: the deleted item's tombstone gave up the name, and is not listed under another
      // (its <uuid>.ics, a name the client never knew, was once listed as a stray 404).
      expect(delta.responses.filter((r) => r.href !== `${cal}a.ics` && r.href !== `${cal}brief.ics`)).toEqual([]);
      // The same through limit-paging: still once.
      const paged: string[] = [];
      let t = token;
      for (let round = 0; round < 10; round++) {
        const page = await sync(cal, t, 1);
        paged.push(...page.responses.filter((r) => r.status !== 507).map((r) => r.href));
        t = page.syncToken!;
        if (!page.responses.some((r) => r.status === 507)) break;
      }
      expect(paged.filter((h) => h === `${cal}a.ics`)).toHaveLength(1);
      expect(paged.filter((h) => h === `${cal}brief.ics`).length).toBeLessThanOrEqual(1);
    });
  });

  describe('hostile input', () => {
    const cal = () => `/dav/calendars/alice/${home}/`;

    it('refuses deep XML nesting with 400, in every method that reads XML', async () => {
      // Deep, yet well inside the 1 MiB a PROPFIND or REPORT body may have: the depth cap answers, not the size cap.
      const depth = 10_000;
      const deep = `<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop>${'<x:a xmlns:x="urn:x">'.repeat(depth)}${'</x:a>'.repeat(depth)}</d:prop></d:propfind>`;
      const deepPatch = `<?xml version="1.0"?><d:propertyupdate xmlns:d="DAV:"><d:set><d:prop>${'<x:a xmlns:x="urn:x">'.repeat(depth)}${'</x:a>'.repeat(depth)}</d:prop></d:set></d:propertyupdate>`;
      const deepMkcalendar = `<?xml version="1.0"?><C:mkcalendar xmlns:d="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><d:set><d:prop>${'<x:a xmlns:x="urn:x">'.repeat(depth)}${'</x:a>'.repeat(depth)}</d:prop></d:set></C:mkcalendar>`;
      const deepReport = `<?xml version="1.0"?><C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><D:getetag/></D:prop><C:filter>${'<C:comp-filter name="VCALENDAR">'.repeat(depth)}${'</C:comp-filter>'.repeat(depth)}</C:filter></C:calendar-query>`;
      for (const [method, body, depthHeader] of [['PROPFIND', deep, '0'], ['PROPPATCH', deepPatch, '0'], ['REPORT', deepReport, '1'], ['MKCALENDAR', deepMkcalendar, '0']] as const) {
        const path = method === 'MKCALENDAR' ? '/dav/calendars/alice/deep/' : cal();
        const res = await dav(method, path, { body, headers: { depth: depthHeader, 'content-type': 'application/xml' } });
        expect(res.status, method).toBe(400);
      }
      expect((await dav('PROPFIND', '/dav/calendars/alice/deep/', { headers: { depth: '0' } })).status).toBe(404);
      await healthy();
    });

    it('refuses a DOCTYPE with entity expansion with 400, expanding nothing', async () => {
      const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`).join('')}]>`;
      const bodies = [
        `${laughs}<d:propfind xmlns:d="DAV:"><d:prop><d:displayname>&lol9;</d:displayname></d:prop></d:propfind>`,
        `${laughs}<d:propertyupdate xmlns:d="DAV:"><d:set><d:prop><d:displayname>&lol9;</d:displayname></d:prop></d:set></d:propertyupdate>`,
        // An external entity: never fetched, never read from disk.
        `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><d:propertyupdate xmlns:d="DAV:"><d:set><d:prop><d:displayname>&xxe;</d:displayname></d:prop></d:set></d:propertyupdate>`,
      ];
      expect((await dav('PROPFIND', cal(), { body: bodies[0], headers: { depth: '0' } })).status).toBe(400);
      for (const body of bodies.slice(1)) expect((await dav('PROPPATCH', cal(), { body })).status).toBe(400);
      const [after] = (await multistatus(await dav('PROPFIND', cal(), { body: `<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop><d:displayname/></d:prop></d:propfind>`, headers: { depth: '0' } }))).responses;
      expect(prop(after!, DAV_NS, 'displayname')?.text).toBe('home');
      await healthy();
    });

    it('answers a 50 MB PROPFIND body 413, and a 50 MB PUT 403 max-resource-size, with the connection kept for the answer', async () => {
      const fifty = 50 * 1024 * 1024;
      const propfindBody = Buffer.alloc(fifty, ' ');
      propfindBody.write('<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop><d:displayname/></d:prop>', 0);
      const big = await dav('PROPFIND', cal(), { body: propfindBody, headers: { depth: '0', 'content-type': 'application/xml' } });
      expect(big.status).toBe(413);
      await big.arrayBuffer();

      const photo = Buffer.alloc(fifty, 'A');
      const head = Buffer.from('BEGIN:VCARD\r\nVERSION:3.0\r\nUID:big-1\r\nFN:Big\r\nPHOTO;ENCODING=b;TYPE=JPEG:');
      head.copy(photo);
      Buffer.from('\r\nEND:VCARD\r\n').copy(photo, fifty - 13);
      const book = `/dav/addressbooks/alice/${home}/`;
      const put = await dav('PUT', `${book}big.vcf`, { body: photo, headers: { 'content-type': 'text/vcard' } });
      expect(put.status).toBe(403);
      expect(readErrorBody(await put.text())).toEqual([{ ns: CARDDAV_NS, name: 'max-resource-size' }]);
      // Streamed without a declared length (chunked): refused the same way once it passes the limit.
      const chunks = (function* () {
        for (let sent = 0; sent < fifty; sent += 1024 * 1024) yield photo.subarray(sent, sent + 1024 * 1024);
      })();
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          const next = chunks.next();
          if (next.done) controller.close();
          else controller.enqueue(next.value);
        },
      });
      const streamed = await fetch(new URL(`${book}big.vcf`, server.url), { method: 'PUT', body: stream, duplex: 'half', headers: { authorization: auth, 'content-type': 'text/vcard' } } as RequestInit);
      expect(streamed.status).toBe(403);
      expect(readErrorBody(await streamed.text())).toEqual([{ ns: CARDDAV_NS, name: 'max-resource-size' }]);
      expect((await dav('GET', `${book}big.vcf`)).status).toBe(404);
      await healthy();
    }, 60_000);

    it('keeps an endless RRULE (SECONDLY, COUNT=10⁹) and answers a time-range query far in the future without walking it', async () => {
      const ds = await newDatastore('endless');
      const c = `/dav/calendars/alice/${ds}/`;
      // A second long, so a range of five seconds holds five instances.
      const endless = event('endless-1', 'RRULE:FREQ=SECONDLY;COUNT=1000000000\r\n').replace('DTEND:20250301T110000Z', 'DTEND:20250301T100001Z');
      expect((await dav('PUT', `${c}endless.ics`, { body: endless })).status).toBe(201);
      expect((await dav('PUT', `${c}plain.ics`, { body: event('plain-1') })).status).toBe(201);
      // 10⁹ seconds from 2025-03-01 10:00Z ends in 2056-11: an instance at 2040, none in 2100.
      const at = async (start: string, end: string, expand = false) => multistatus(await report(c, timeRangeQuery(start, end, expand), { depth: '1' }));
      expect((await at('20400101T000000Z', '20400101T000010Z')).responses.map((r) => r.href)).toEqual([`${c}endless.ics`]);
      expect((await at('21000101T000000Z', '21000102T000000Z')).responses).toHaveLength(0);
      expect((await at('99990101T000000Z', '99991231T000000Z')).responses).toHaveLength(0);
      const expanded = await at('20400101T000000Z', '20400101T000005Z', true);
      const data = prop(expanded.responses[0]!, CALDAV_NS, 'calendar-data')?.text ?? '';
      expect(data.match(/BEGIN:VEVENT/g)).toHaveLength(5);
      await healthy();
    });

    it('keeps an impossible RRULE (February 30) and answers time-range queries over it', async () => {
      const ds = await newDatastore('impossible');
      const c = `/dav/calendars/alice/${ds}/`;
      const never = event('feb30-1', 'RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30\r\n');
      expect((await dav('PUT', `${c}feb30.ics`, { body: never })).status).toBe(201);
      const daily = event('feb30-2', 'RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30\r\n');
      expect((await dav('PUT', `${c}feb30-daily.ics`, { body: daily })).status).toBe(201);
      const found = async (start: string, end: string) => (await multistatus(await report(c, timeRangeQuery(start, end), { depth: '1' }))).responses.map((r) => r.href).sort();
      // Whether a DTSTART the rule does not produce counts is undefined (RFC 5545 §3.8.5.3): the query is answered either way.
      expect((await found('20250301T000000Z', '20250302T000000Z')).length).toBeLessThanOrEqual(2);
      // A walk that runs out of candidates cannot tell "no instance" from "not reached yet": the
      // filter errs on the side of listing the item (cal-filter.ts componentOverlaps), never of a
      // hang or an error; an event of no rule stays out.
      expect((await dav('PUT', `${c}once.ics`, { body: event('feb30-3') })).status).toBe(201);
      const later = await found('20260101T000000Z', '20400101T000000Z');
      expect(later).not.toContain(`${c}once.ics`);
      expect(later.every((h) => h.startsWith(`${c}feb30`))).toBe(true);
      await healthy();
    });
  });

  describe('isolation between accounts', () => {
    it('answers every method on another account’s principal, homes, collections and items 404, and changes nothing', async () => {
      const book = `/dav/addressbooks/alice/${home}/`;
      const cal = `/dav/calendars/alice/${home}/`;
      expect((await dav('PUT', `${book}private.vcf`, { body: card('private-1', 'Private') })).status).toBe(201);
      expect((await dav('PUT', `${cal}private.ics`, { body: event('private-2') })).status).toBe(201);
      const snapshot = async () => {
        const listings = [];
        for (const path of ['/dav/addressbooks/alice/', '/dav/calendars/alice/']) {
          const listed = await multistatus(await dav('PROPFIND', path, { body: `<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:cs="http://calendarserver.org/ns/"><d:prop><d:displayname/><d:sync-token/><cs:getctag/></d:prop></d:propfind>`, headers: { depth: '1' } }));
          listings.push(listed.responses.map((r) => [r.href, JSON.stringify(r.propstats)]));
        }
        const items = [];
        for (const path of [book, cal]) {
          const listed = await multistatus(await dav('PROPFIND', path, { body: `<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop><d:getetag/></d:prop></d:propfind>`, headers: { depth: '1' } }));
          items.push(listed.responses.map((r) => [r.href, prop(r, DAV_NS, 'getetag')?.text]));
        }
        const datastores = (await server.alice.client.datastore.list()).entries.map((e) => [e.client.uuid, e.title]).sort();
        return { listings, items, datastores };
      };
      const before = await snapshot();

      const targets = [
        '/dav/principals/alice/',
        '/dav/addressbooks/alice/',
        '/dav/calendars/alice/',
        book,
        cal,
        `/dav/calendars/alice/${home}-tasks/`,
        `${book}private.vcf`,
        `${cal}private.ics`,
        // Where nothing is yet: no hint that alice's home exists.
        `/dav/calendars/alice/new-one/`,
        `${cal}new.ics`,
      ];
      const bodies: Record<(typeof EVERY_METHOD)[number], string | undefined> = {
        OPTIONS: undefined,
        PROPFIND: `<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop><d:displayname/><d:getetag/></d:prop></d:propfind>`,
        PROPPATCH: `<?xml version="1.0"?><d:propertyupdate xmlns:d="DAV:"><d:set><d:prop><d:displayname>bob was here</d:displayname></d:prop></d:set></d:propertyupdate>`,
        REPORT: syncCollection(undefined),
        GET: undefined,
        HEAD: undefined,
        PUT: event('bob-was-here'),
        DELETE: undefined,
        MKCOL: `<?xml version="1.0"?><d:mkcol xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav"><d:set><d:prop><d:resourcetype><d:collection/><card:addressbook/></d:resourcetype></d:prop></d:set></d:mkcol>`,
        MKCALENDAR: undefined,
      };
      const answers: string[] = [];
      for (const method of EVERY_METHOD) {
        for (const path of targets) {
          const res = await dav(method, path, { as: bobAuth, body: bodies[method], headers: { depth: '0', 'content-type': 'application/xml' } });
          await res.arrayBuffer();
          answers.push(`${method} ${path} ${res.status}`);
        }
      }
      expect(answers).toEqual(EVERY_METHOD.flatMap((method) => targets.map((path) => `${method} ${path} 404`)));
      expect(await snapshot()).toEqual(before);
      expect(await (await dav('GET', `${cal}private.ics`)).text()).toBe(event('private-2'));
      // Bob's own collections are untouched by what he tried, and hold nothing of alice's.
      const bobs = await multistatus(await dav('PROPFIND', `/dav/calendars/bob/${bobHome}/`, { as: bobAuth, headers: { depth: '1' } }));
      expect(bobs.responses.map((r) => r.href)).toEqual([`/dav/calendars/bob/${bobHome}/`]);
    });
  });
});
