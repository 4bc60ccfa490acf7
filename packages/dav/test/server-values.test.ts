/**
 * What each kind of resource answers, from plain facts and no store (src/server/values.ts,
 * stored.ts, items.ts): the discovery properties of RFC 5397 (current-user-principal), RFC 3744
 * (owner, privileges), RFC 6352 §6.2/§7.1 and RFC 4791 §5.2/§6.2 (homes, supported data, component
 * sets, max-resource-size), RFC 3253 §3.1.5 (supported-report-set), RFC 6578 §4 (sync-token); what
 * a collection keeps of PROPPATCH (RFC 4918 §9.2, §9.2.1's 507); and the members' answer with
 * address-data (RFC 6352 §10.4) and calendar-data (RFC 4791 §9.6).
 */
import { describe, expect, it } from 'vitest';
import {
  APPLE_ICAL_NS,
  CALDAV_NS,
  CALENDARSERVER_NS,
  CARDDAV_NS,
  DAV_NS,
  MAX_DEAD_PROPERTIES,
  MAX_RESOURCE_BYTES,
  SUPPORTED_REPORTS,
  answerSelection,
  collectionValues,
  deadProperties,
  defaultMemberId,
  defaultMemberName,
  homeValues,
  itemAnswer,
  overflowPropstats,
  overflowsDeadProperties,
  planProppatch,
  principalValues,
  readProppatch,
  rootValues,
  settableValues,
  storedChanges,
  writeMultistatus,
  writeResponse,
  type PrincipalFacts,
  type PropSelection,
  type ResourceKind,
} from '../src/index.js';

const D = (name: string) => ({ ns: DAV_NS, name });
const ALICE: PrincipalFacts = {
  href: '/dav/principals/alice/',
  collection: '/dav/principals/',
  displayname: 'alice',
  addressbookHome: '/dav/addressbooks/alice/',
  calendarHome: '/dav/calendars/alice/',
};
const ALLPROP: PropSelection = { kind: 'allprop', include: [] };
/** The names a resource of this kind answers allprop or a prop list with (200 propstat). */
const found = (kind: ResourceKind, values: Parameters<typeof answerSelection>[2], names: { ns: string; name: string }[]) =>
  answerSelection({ kind: 'prop', names }, kind, values).find((ps) => ps.status === 200)?.props.map((p) => p.name.name) ?? [];
/** The whole answer written, to compare with what clients read. */
const written = (kind: ResourceKind, values: Parameters<typeof answerSelection>[2], names: { ns: string; name: string }[]) =>
  writeMultistatus([{ href: '/x/', propstats: answerSelection({ kind: 'prop', names }, kind, values) }]);

describe('discovery: what the root, the principal and the homes answer', () => {
  const discovery = [D('current-user-principal'), D('principal-URL'), { ns: CARDDAV_NS, name: 'addressbook-home-set' }, { ns: CALDAV_NS, name: 'calendar-home-set' }, D('owner')];

  it.each<[string, ResourceKind, () => ReturnType<typeof rootValues>, string[]]>([
    // RFC 6764 §6: current-user-principal where discovery starts; the root is nobody's (no owner).
    ['the root', 'root', () => rootValues(ALICE), ['current-user-principal']],
    // RFC 6352 §7.1.1, RFC 4791 §6.2.1: the homes on the principal.
    ['the principal', 'principal', () => principalValues(ALICE), ['current-user-principal', 'principal-URL', 'addressbook-home-set', 'calendar-home-set', 'owner']],
    ['the address-book home', 'addressbook-home', () => homeValues(ALICE.href, 'addressbook-home'), ['current-user-principal', 'owner']],
    ['the calendar home', 'calendar-home', () => homeValues(ALICE.href, 'calendar-home'), ['current-user-principal', 'owner']],
  ])('%s', (_what, kind, values, expected) => {
    expect(found(kind, values(), discovery)).toEqual(expected);
  });

  it('writes the principal as clients read it: its homes and its calendar user address are hrefs', () => {
    const body = written('principal', principalValues(ALICE), [{ ns: CARDDAV_NS, name: 'addressbook-home-set' }, { ns: CALDAV_NS, name: 'calendar-user-address-set' }, D('displayname')]);
    expect(body).toContain('<card:addressbook-home-set><d:href>/dav/addressbooks/alice/</d:href></card:addressbook-home-set>');
    expect(body).toContain('<cal:calendar-user-address-set><d:href>/dav/principals/alice/</d:href></cal:calendar-user-address-set>');
    expect(body).toContain('<d:displayname>alice</d:displayname>');
  });

  it.each<[string, () => ReturnType<typeof rootValues>, ResourceKind, string]>([
    // RFC 3744 §5.4: the root is read only; what the principal owns, everything.
    ['the root grants read only', () => rootValues(ALICE), 'root', '<d:current-user-privilege-set><d:privilege><d:read/></d:privilege><d:privilege><d:read-current-user-privilege-set/></d:privilege></d:current-user-privilege-set>'],
    ['a home grants bind and unbind', () => homeValues(ALICE.href, 'calendar-home'), 'calendar-home', '<d:privilege><d:bind/></d:privilege><d:privilege><d:unbind/></d:privilege>'],
  ])('%s', (_what, values, kind, expected) => {
    expect(written(kind, values(), [D('current-user-privilege-set')])).toContain(expected);
  });

  it.each<[string, ResourceKind, () => ReturnType<typeof rootValues>]>([
    ['the root', 'root', () => rootValues(ALICE)],
    ['the principal', 'principal', () => principalValues(ALICE)],
    ['a home', 'addressbook-home', () => homeValues(ALICE.href, 'addressbook-home')],
  ])('%s supports no report, and says so (an empty supported-report-set)', (_what, kind, values) => {
    expect(written(kind, values(), [D('supported-report-set')])).toContain('<d:supported-report-set/>');
  });
});

describe('a collection', () => {
  const book = { component: undefined, id: 'contacts.c1', sequence: 7, displayname: 'alice' } as const;
  const tasks = { component: 'VTODO', id: 'tasks.c1', sequence: 0, displayname: 'alice (tasks)' } as const;

  it.each<[string, ResourceKind, ReturnType<typeof collectionValues>, { ns: string; name: string }, string]>([
    ['an address book is a collection and an address book', 'addressbook', collectionValues(ALICE.href, book), D('resourcetype'), '<d:resourcetype><d:collection/><card:addressbook/></d:resourcetype>'],
    ['a tasks calendar keeps VTODO alone (RFC 4791 §5.2.3)', 'calendar', collectionValues(ALICE.href, tasks), { ns: CALDAV_NS, name: 'supported-calendar-component-set' }, '<cal:supported-calendar-component-set><cal:comp name="VTODO"/></cal:supported-calendar-component-set>'],
    ['an address book serves vCard 3.0 and 4.0 (RFC 6352 §6.2.2)', 'addressbook', collectionValues(ALICE.href, book), { ns: CARDDAV_NS, name: 'supported-address-data' }, 'version="3.0"/><card:address-data-type content-type="text/vcard" version="4.0"/>'],
    ['max-resource-size is what a PUT takes', 'addressbook', collectionValues(ALICE.href, book), { ns: CARDDAV_NS, name: 'max-resource-size' }, `<card:max-resource-size>${MAX_RESOURCE_BYTES}</card:max-resource-size>`],
    ['the sync token names the collection and its sequence (RFC 6578 §4)', 'addressbook', collectionValues(ALICE.href, book), D('sync-token'), '<d:sync-token>http://atomsync.dev/ns/sync/contacts.c1/7</d:sync-token>'],
    ['getctag moves with the same sequence', 'calendar', collectionValues(ALICE.href, tasks), { ns: CALENDARSERVER_NS, name: 'getctag' }, '<cs:getctag>http://atomsync.dev/ns/sync/tasks.c1/0</cs:getctag>'],
    [
      'supported-report-set lists its reports in the RFC 3253 shape',
      'calendar',
      collectionValues(ALICE.href, tasks),
      D('supported-report-set'),
      '<d:supported-report><d:report><cal:calendar-multiget/></d:report></d:supported-report><d:supported-report><d:report><cal:calendar-query/></d:report></d:supported-report><d:supported-report><d:report><cal:free-busy-query/></d:report></d:supported-report>',
    ],
  ])('%s', (_what, kind, values, name, expected) => {
    expect(written(kind, values, [name])).toContain(expected);
  });

  it.each<['addressbook' | 'calendar', string[]]>([
    ['addressbook', ['sync-collection', 'addressbook-multiget', 'addressbook-query']],
    ['calendar', ['sync-collection', 'calendar-multiget', 'calendar-query', 'free-busy-query']],
  ])('an %s supports %j', (kind, reports) => {
    expect(SUPPORTED_REPORTS[kind]).toEqual(reports);
  });

  it('answers what clients set on it over its own name and values', () => {
    const stored = new Map([
      [`{${DAV_NS}}displayname`, 'Work'],
      [`{${APPLE_ICAL_NS}}calendar-order`, '3'],
      [`{${APPLE_ICAL_NS}}calendar-color`, '#FF2968FF'],
      ['{urn:vendor}tag', '<x0:tag xmlns:x0="urn:vendor">x</x0:tag>'],
    ]);
    const values = collectionValues(ALICE.href, { ...tasks, component: 'VEVENT' }, stored);
    expect(values.displayname).toBe('Work');
    expect(values['calendar-order']).toBe(3);
    expect(values['calendar-color']).toBe('#FF2968FF');
    // A dead property is no live value: it is answered from deadProperties.
    expect(Object.keys(values)).not.toContain('tag');
    expect([...deadProperties(stored)]).toEqual([['{urn:vendor}tag', { raw: '<x0:tag xmlns:x0="urn:vendor">x</x0:tag>' }]]);
  });
});

describe('what a collection keeps of a PROPPATCH', () => {
  const update = (sets: string, removes = '') =>
    readProppatch(`<D:propertyupdate xmlns:D="DAV:" xmlns:I="${APPLE_ICAL_NS}" xmlns:V="urn:vendor">${sets ? `<D:set><D:prop>${sets}</D:prop></D:set>` : ''}${removes ? `<D:remove><D:prop>${removes}</D:prop></D:remove>` : ''}</D:propertyupdate>`);

  it.each<[string, string, string, { set: [string, string][]; remove: string[] }]>([
    ['a live value as its checked text', '<I:calendar-order> 4 </I:calendar-order>', '', { set: [[`{${APPLE_ICAL_NS}}calendar-order`, '4']], remove: [] }],
    ['a dead one as its self-contained fragment', '<V:tag>x</V:tag>', '', { set: [['{urn:vendor}tag', '<x0:tag xmlns:x0="urn:vendor">x</x0:tag>']], remove: [] }],
    ['a removal by name', '', '<D:displayname/><V:tag/>', { set: [], remove: [`{${DAV_NS}}displayname`, '{urn:vendor}tag'] }],
    ['the last word on a name (RFC 4918 §9.2: in document order)', '<V:tag>x</V:tag>', '<V:tag/>', { set: [], remove: ['{urn:vendor}tag'] }],
  ])('%s', (_what, sets, removes, expected) => {
    const changes = storedChanges(planProppatch(update(sets, removes), 'calendar'));
    expect({ set: changes.set.map((s) => [s.name, s.value]), remove: changes.remove }).toEqual(expected);
  });

  const kept = (n: number) => new Map(Array.from({ length: n }, (_, i) => [`{urn:vendor}p${i}`, `<V:p${i} xmlns:V="urn:vendor"/>`]));

  it.each<[string, number, string, string, boolean]>([
    ['one more dead property up to the bound', MAX_DEAD_PROPERTIES - 1, '<V:new>x</V:new>', '', false],
    ['one past the bound', MAX_DEAD_PROPERTIES, '<V:new>x</V:new>', '', true],
    ['a replaced one at the bound', MAX_DEAD_PROPERTIES, '<V:p0>y</V:p0>', '', false],
    ['one in for one out at the bound', MAX_DEAD_PROPERTIES, '<V:new>x</V:new>', '<V:p1/>', false],
    ['live values, which do not count', MAX_DEAD_PROPERTIES, '<D:displayname>W</D:displayname><I:calendar-order>1</I:calendar-order>', '', false],
  ])('%s overflows: %s', (_what, n, sets, removes, expected) => {
    expect(overflowsDeadProperties(kept(n), storedChanges(planProppatch(update(sets, removes), 'calendar')))).toBe(expected);
  });

  it('answers an overflow 507 for the dead properties set and 424 for the rest: nothing is kept (RFC 4918 §9.2, §9.2.1)', () => {
    const updates = update('<D:displayname>W</D:displayname><V:new>x</V:new>', '<V:old/>');
    const answer = overflowPropstats(planProppatch(updates, 'calendar'), updates);
    expect(answer.map((ps) => [ps.status, ps.props.map((p) => p.name.name)])).toEqual([
      [507, ['new']],
      [424, ['displayname', 'old']],
    ]);
  });

  it('reads nothing but the settable live properties back as values', () => {
    expect(settableValues(new Map([[`{${DAV_NS}}getetag`, '"x"'], [`{${CALDAV_NS}}calendar-description`, 'Team']]))).toEqual({ 'calendar-description': 'Team' });
  });
});

describe("a collection's members", () => {
  it.each<[string, 'addressbook' | 'calendar', string | undefined]>([
    ['0f8e0c2a-1111-4222-8333-944455556666.vcf', 'addressbook', '0f8e0c2a-1111-4222-8333-944455556666'],
    ['0f8e0c2a-1111-4222-8333-944455556666.ics', 'calendar', '0f8e0c2a-1111-4222-8333-944455556666'],
    ['0f8e0c2a-1111-4222-8333-944455556666.ics', 'addressbook', undefined],
    ['abc@host.ics', 'calendar', 'abc@host'],
    ['card', 'addressbook', undefined],
  ])('the default name %j in an %s stands for %j', (name, kind, id) => {
    expect(defaultMemberId(name, kind)).toBe(id);
    if (id !== undefined) expect(defaultMemberName(id, kind)).toBe(name);
  });

  const served = { body: 'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Zoë\r\nEND:VCARD\r\n', contentType: 'text/vcard; charset=utf-8', etag: '"e1"' };
  const item = { updated: new Date(Date.UTC(2026, 10, 28, 9, 5, 7)) };
  const answered = (selection: PropSelection, kind: 'vcard' | 'icalendar', minimal = false, data?: string) => {
    const answer = itemAnswer(ALICE.href, selection, kind, minimal);
    return { needsBody: answer.needsBody, body: writeMultistatus([{ href: '/m', propstats: answer.propstats(item, served, data) }]) };
  };

  it.each<[string, PropSelection, 'vcard' | 'icalendar', boolean, string[], string[]]>([
    // A listing of ETags reads no body: the store's ETag is enough.
    ['a listing of ETags', { kind: 'prop', names: [D('getetag'), D('getcontenttype')] }, 'vcard', false, ['<d:getetag>"e1"</d:getetag>'], []],
    // getcontentlength is bytes, not characters (RFC 4918 §15.4): ë is two.
    ['the length in bytes', { kind: 'prop', names: [D('getcontentlength')] }, 'vcard', true, [`<d:getcontentlength>${Buffer.byteLength(served.body)}</d:getcontentlength>`], []],
    ['address-data as the body (RFC 6352 §10.4)', { kind: 'prop', names: [D('getetag'), { ns: CARDDAV_NS, name: 'address-data' }] }, 'vcard', true, ['<card:address-data>BEGIN:VCARD'], ['<d:status>HTTP/1.1 404']],
    // calendar-data asked of a vCard: not found, in the 404 propstat beside the unknown.
    ['calendar-data of a vCard is not found', { kind: 'prop', names: [{ ns: CALDAV_NS, name: 'calendar-data' }, D('nope')] }, 'vcard', true, ['<d:prop><d:nope/><cal:calendar-data/></d:prop><d:status>HTTP/1.1 404 Not Found</d:status>'], ['HTTP/1.1 200']],
    ['allprop: the item properties and the date (RFC 1123)', ALLPROP, 'vcard', true, ['<d:getlastmodified>Sat, 28 Nov 2026 09:05:07 GMT</d:getlastmodified>', '<d:resourcetype/>'], ['owner']],
  ])('%s', (_what, selection, kind, needsBody, contains, lacks) => {
    const { needsBody: needs, body } = answered(selection, kind);
    expect(needs).toBe(needsBody);
    for (const text of contains) expect(body).toContain(text);
    for (const text of lacks) expect(body).not.toContain(text);
  });

  it('writes calendar-data from what the caller gives (an expansion), the ETag staying the stored one', () => {
    const { body } = answered({ kind: 'prop', names: [D('getetag'), { ns: CALDAV_NS, name: 'calendar-data' }] }, 'icalendar', false, 'EXPANDED');
    expect(body).toContain('<d:getetag>"e1"</d:getetag><cal:calendar-data>EXPANDED</cal:calendar-data>');
  });

  // write() is the listings' path (a template per request, no objects per member): it must give
  // writeResponse's bytes for every selection, kind and value, escaping included.
  describe('written from the template, byte for byte as writeResponse writes the propstats', () => {
    const selections: [string, PropSelection][] = [
      ['getetag', { kind: 'prop', names: [D('getetag')] }],
      ['the four varying', { kind: 'prop', names: [D('getlastmodified'), D('getetag'), D('getcontentlength'), D('getcontenttype')] }],
      ['shared, varying, unknown and foreign', { kind: 'prop', names: [D('owner'), D('getetag'), D('nope'), { ns: 'urn:x', name: 'y' }, D('resourcetype'), { ns: CALENDARSERVER_NS, name: 'getctag' }] }],
      ['address-data with getetag', { kind: 'prop', names: [D('getetag'), { ns: CARDDAV_NS, name: 'address-data' }] }],
      ['both data properties and an unknown', { kind: 'prop', names: [{ ns: CALDAV_NS, name: 'calendar-data' }, D('nope'), { ns: CARDDAV_NS, name: 'address-data' }, D('getcontentlength')] }],
      ['nothing found', { kind: 'prop', names: [D('nope')] }],
      ['allprop', ALLPROP],
      ['propname', { kind: 'propname' }],
    ];
    const members: [string, { updated: Date }, { body: string; contentType: string; etag: string }, string | undefined][] = [
      ['/dav/a%20b/c&d<e>.vcf', item, served, undefined],
      ['/d😀&x\ud800', item, served, undefined],
      ['/m', { updated: new Date(0) }, { body: 'A & <B> ]]> \r\n\u0001 ë 😀', contentType: 'text/calendar; x="<&>"', etag: '"&"' }, undefined],
      ['/empty', item, { body: '', contentType: '', etag: '""' }, undefined],
      ['/expanded', item, served, 'EXPANDED & <more>'],
      ['/expanded-empty', item, served, ''],
    ];
    for (const [what, selection] of selections) {
      for (const kind of ['vcard', 'icalendar'] as const) {
        for (const minimal of [false, true]) {
          it(`${what}, ${kind}${minimal ? ', minimal' : ''}`, () => {
            const answer = itemAnswer(ALICE.href, selection, kind, minimal);
            for (const [href, it, s, data] of members) {
              const expected = writeResponse({ href, propstats: answer.propstats(it, s, data) });
              expect(answer.write(href, it, s, data)).toBe(expected);
              // Under a head (a collection's path) cut anywhere, a surrogate pair's halves included.
              for (const cut of [0, 1, 3, 5, href.length]) expect(answer.writeUnder(href.slice(0, cut))(href.slice(cut), it, s, data)).toBe(expected);
            }
          });
        }
      }
    }
  });

  it('leaves the 404 propstat out under return=minimal (RFC 8144 §2.1)', () => {
    const { body } = answered({ kind: 'prop', names: [{ ns: CALDAV_NS, name: 'calendar-data' }, { ns: CARDDAV_NS, name: 'address-data' }] }, 'vcard', true);
    expect(body).not.toContain('404');
  });
});
