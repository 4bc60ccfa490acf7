/**
 * The live properties as data: each written in the shape its RFC (and the clients that read it)
 * expects — golden per row —, the table's own invariants, and answerSelection's propstats for
 * PROPFIND's three forms on each kind of resource.
 */
import { describe, expect, it } from 'vitest';
import {
  APPLE_ICAL_NS,
  CALDAV_NS,
  CALENDARSERVER_NS,
  CARDDAV_NS,
  DAV_NS,
  LIVE_PROPERTIES,
  PROPERTIES,
  RESOURCE_KINDS,
  answerSelection,
  isProtected,
  planSelection,
  liveProperty,
  liveValue,
  readProppatch,
  writeContent,
  writeMultistatus,
  type LiveProperty,
  type LiveValues,
  type PropSelection,
} from '../src/index.js';

const D = (name: string) => ({ ns: DAV_NS, name });
const written = <K extends LiveProperty>(key: K, value: LiveValues[K]) => {
  const v = liveValue(key, value);
  return writeContent({ ns: v.name.ns, name: v.name.name, ...(v.value === undefined ? {} : { content: v.value }) });
};

describe('each live property is written as its RFC has it', () => {
  it.each<[string, () => string, string]>([
    ['resourcetype of an address book', () => written('resourcetype', ['collection', 'addressbook']), '<d:resourcetype><d:collection/><card:addressbook/></d:resourcetype>'],
    ['resourcetype of a calendar', () => written('resourcetype', ['collection', 'calendar']), '<d:resourcetype><d:collection/><cal:calendar/></d:resourcetype>'],
    ['resourcetype of a principal', () => written('resourcetype', ['collection', 'principal']), '<d:resourcetype><d:collection/><d:principal/></d:resourcetype>'],
    ['resourcetype of an item', () => written('resourcetype', []), '<d:resourcetype/>'],
    ['current-user-principal', () => written('current-user-principal', '/dav/principals/alice/'), '<d:current-user-principal><d:href>/dav/principals/alice/</d:href></d:current-user-principal>'],
    ['current-user-principal, signed out', () => written('current-user-principal', null), '<d:current-user-principal><d:unauthenticated/></d:current-user-principal>'],
    ['addressbook-home-set', () => written('addressbook-home-set', ['/dav/addressbooks/alice/']), '<card:addressbook-home-set><d:href>/dav/addressbooks/alice/</d:href></card:addressbook-home-set>'],
    ['calendar-home-set', () => written('calendar-home-set', ['/dav/calendars/alice/']), '<cal:calendar-home-set><d:href>/dav/calendars/alice/</d:href></cal:calendar-home-set>'],
    [
      'supported-report-set (RFC 3253 §3.1.5)',
      () => written('supported-report-set', ['sync-collection', 'addressbook-multiget', 'addressbook-query']),
      '<d:supported-report-set><d:supported-report><d:report><d:sync-collection/></d:report></d:supported-report><d:supported-report><d:report><card:addressbook-multiget/></d:report></d:supported-report><d:supported-report><d:report><card:addressbook-query/></d:report></d:supported-report></d:supported-report-set>',
    ],
    [
      'supported-address-data (RFC 6352 §6.2.2)',
      () => written('supported-address-data', [{ contentType: 'text/vcard', version: '3.0' }, { contentType: 'text/vcard', version: '4.0' }]),
      '<card:supported-address-data><card:address-data-type content-type="text/vcard" version="3.0"/><card:address-data-type content-type="text/vcard" version="4.0"/></card:supported-address-data>',
    ],
    ['supported-calendar-component-set (RFC 4791 §5.2.3)', () => written('supported-calendar-component-set', ['VTODO']), '<cal:supported-calendar-component-set><cal:comp name="VTODO"/></cal:supported-calendar-component-set>'],
    [
      'supported-calendar-data (RFC 4791 §5.2.4)',
      () => written('supported-calendar-data', [{ contentType: 'text/calendar', version: '2.0' }]),
      '<cal:supported-calendar-data><cal:calendar-data content-type="text/calendar" version="2.0"/></cal:supported-calendar-data>',
    ],
    ['max-resource-size (CardDAV)', () => written('addressbook-max-resource-size', 10485760), '<card:max-resource-size>10485760</card:max-resource-size>'],
    ['max-resource-size (CalDAV)', () => written('calendar-max-resource-size', 10485760), '<cal:max-resource-size>10485760</cal:max-resource-size>'],
    ['sync-token', () => written('sync-token', 'http://atomsync.dev/ns/sync/c/3'), '<d:sync-token>http://atomsync.dev/ns/sync/c/3</d:sync-token>'],
    ['getctag', () => written('getctag', 'http://atomsync.dev/ns/sync/c/3'), '<cs:getctag>http://atomsync.dev/ns/sync/c/3</cs:getctag>'],
    ['getetag', () => written('getetag', '"a1b2"'), '<d:getetag>"a1b2"</d:getetag>'],
    ['getlastmodified (RFC 1123)', () => written('getlastmodified', Date.UTC(2026, 10, 28, 9, 5, 7)), '<d:getlastmodified>Sat, 28 Nov 2026 09:05:07 GMT</d:getlastmodified>'],
    [
      'current-user-privilege-set (RFC 3744 §5.4)',
      () => written('current-user-privilege-set', [D('read'), D('write'), D('write-properties'), D('write-content'), D('bind'), D('unbind')]),
      '<d:current-user-privilege-set><d:privilege><d:read/></d:privilege><d:privilege><d:write/></d:privilege><d:privilege><d:write-properties/></d:privilege><d:privilege><d:write-content/></d:privilege><d:privilege><d:bind/></d:privilege><d:privilege><d:unbind/></d:privilege></d:current-user-privilege-set>',
    ],
    ['calendar-user-address-set', () => written('calendar-user-address-set', ['mailto:alice@example.com']), '<cal:calendar-user-address-set><d:href>mailto:alice@example.com</d:href></cal:calendar-user-address-set>'],
    ['calendar-color', () => written('calendar-color', '#FF2968FF'), '<ical:calendar-color>#FF2968FF</ical:calendar-color>'],
    ['calendar-order', () => written('calendar-order', 2), '<ical:calendar-order>2</ical:calendar-order>'],
    ['owner', () => written('owner', '/dav/principals/alice/'), '<d:owner><d:href>/dav/principals/alice/</d:href></d:owner>'],
  ])('%s', (_what, write, expected) => {
    expect(write()).toBe(expected);
  });
});

describe('the table', () => {
  it('names each property once, and finds each by its qualified name', () => {
    const names = LIVE_PROPERTIES.map((key) => `{${PROPERTIES[key].name.ns}}${PROPERTIES[key].name.name}`);
    expect(new Set(names).size).toBe(names.length);
    for (const key of LIVE_PROPERTIES) expect(liveProperty(PROPERTIES[key].name)).toBe(key);
    expect(liveProperty({ ns: CALDAV_NS, name: 'schedule-inbox-URL' })).toBeUndefined();
  });

  it('gives discovery what clients ask everywhere: current-user-principal on every kind, resourcetype on every kind', () => {
    expect(PROPERTIES['current-user-principal'].on).toEqual(expect.arrayContaining([...RESOURCE_KINDS]));
    expect(PROPERTIES.resourcetype.on).toEqual(expect.arrayContaining([...RESOURCE_KINDS]));
  });

  it.each<[string, { ns: string; name: string }, string, boolean]>([
    ['displayname on an address book', D('displayname'), 'addressbook', false],
    ['calendar-color on a calendar', { ns: APPLE_ICAL_NS, name: 'calendar-color' }, 'calendar', false],
    ['calendar-timezone on a calendar', { ns: CALDAV_NS, name: 'calendar-timezone' }, 'calendar', false],
    ['addressbook-description on an address book', { ns: CARDDAV_NS, name: 'addressbook-description' }, 'addressbook', false],
    ['a dead property', { ns: 'urn:vendor', name: 'x' }, 'calendar', false],
    ['getctag', { ns: CALENDARSERVER_NS, name: 'getctag' }, 'addressbook', true],
    ['sync-token', D('sync-token'), 'calendar', true],
    ['resourcetype', D('resourcetype'), 'addressbook', true],
    ['supported-calendar-component-set', { ns: CALDAV_NS, name: 'supported-calendar-component-set' }, 'calendar', true],
    ['calendar-color on an address book (not its kind)', { ns: APPLE_ICAL_NS, name: 'calendar-color' }, 'addressbook', true],
  ])('PROPPATCH of %s: protected %s', (_what, name, kind, expected) => {
    expect(isProtected(name, kind as never)).toBe(expected);
  });
});

describe('answerSelection', () => {
  const calendar: Partial<LiveValues> = {
    resourcetype: ['collection', 'calendar'],
    displayname: 'Work',
    'current-user-principal': '/dav/principals/alice/',
    'supported-calendar-component-set': ['VEVENT'],
    'sync-token': 'http://atomsync.dev/ns/sync/c/9',
    getctag: 'http://atomsync.dev/ns/sync/c/9',
    getetag: '"not for a collection"',
  };
  const dead = new Map(
    readProppatch('<D:propertyupdate xmlns:D="DAV:"><D:set><D:prop><V:tag xmlns:V="urn:vendor">x</V:tag></D:prop></D:set></D:propertyupdate>').map((u) => [
      `{${u.name.ns}}${u.name.name}`,
      u.op === 'set' ? u.value : { raw: '' },
    ]),
  );

  it('answers what was asked; the unknown, and live ones of other kinds, in a 404 propstat', () => {
    const asked = [D('displayname'), { ns: CALENDARSERVER_NS, name: 'getctag' }, D('getetag'), { ns: CALDAV_NS, name: 'schedule-inbox-URL' }, { ns: 'urn:vendor', name: 'tag' }, { ns: 'urn:vendor', name: 'other' }];
    const result = answerSelection({ kind: 'prop', names: asked }, 'calendar', calendar, dead);
    expect(result.map((ps) => [ps.status, ps.props.map((p) => p.name.name)])).toEqual([
      [200, ['displayname', 'getctag', 'tag']],
      [404, ['getetag', 'schedule-inbox-URL', 'other']],
    ]);
    expect(writeMultistatus([{ href: '/dav/calendars/alice/work/', propstats: result }])).toContain('<d:prop><d:displayname>Work</d:displayname><cs:getctag>http://atomsync.dev/ns/sync/c/9</cs:getctag><x0:tag xmlns:x0="urn:vendor">x</x0:tag></d:prop>');
  });

  it('leaves the 404 propstat out under Prefer: return=minimal', () => {
    expect(answerSelection({ kind: 'prop', names: [D('displayname'), D('nope')] }, 'calendar', calendar, dead, true).map((ps) => ps.status)).toEqual([200]);
  });

  it('allprop: the DAV live properties and every dead one, plus what include names', () => {
    const result = answerSelection({ kind: 'allprop', include: [{ ns: CALDAV_NS, name: 'supported-calendar-component-set' }, D('nothing-here')] }, 'calendar', calendar, dead);
    expect(result.map((ps) => [ps.status, ps.props.map((p) => p.name.name)])).toEqual([
      [200, ['resourcetype', 'displayname', 'tag', 'supported-calendar-component-set']],
      [404, ['nothing-here']],
    ]);
  });

  it('propname: the names of what the resource has, without values', () => {
    const result = answerSelection({ kind: 'propname' }, 'calendar', calendar, dead);
    expect(result).toHaveLength(1);
    expect(result[0]!.props.every((p) => p.value === undefined && p.element === undefined)).toBe(true);
    expect(result[0]!.props.map((p) => p.name.name)).toEqual(['resourcetype', 'displayname', 'current-user-principal', 'sync-token', 'getctag', 'supported-calendar-component-set', 'tag']);
  });
});

describe('planSelection (a listing\'s members answered from a plan made once)', () => {
  const shared: Partial<LiveValues> = {
    'current-user-principal': '/dav/principals/alice/',
    owner: '/dav/principals/alice/',
    'current-user-privilege-set': [D('read'), D('write')],
    resourcetype: [],
  };
  const varying = ['getetag', 'getcontenttype', 'getcontentlength', 'getlastmodified'] as const;
  const items = [
    { getetag: '"a"', getcontenttype: 'text/vcard; charset=utf-8', getcontentlength: 120, getlastmodified: 1_700_000_000_000 },
    { getetag: '"b&<c>"', getcontenttype: 'text/calendar; charset=utf-8; component=VEVENT', getcontentlength: 0, getlastmodified: 0 },
  ];
  const selections: [string, PropSelection][] = [
    ['prop of one varying', { kind: 'prop', names: [D('getetag')] }],
    ['prop of shared, varying, unknown, another kind’s, twice', { kind: 'prop', names: [D('owner'), D('getetag'), { ns: 'urn:x', name: 'y' }, D('displayname'), D('getetag'), D('resourcetype'), D('getlastmodified')] }],
    ['prop of nothing found', { kind: 'prop', names: [D('displayname'), { ns: CARDDAV_NS, name: 'addressbook-home-set' }] }],
    ['allprop', { kind: 'allprop', include: [] }],
    ['allprop with include', { kind: 'allprop', include: [D('owner'), { ns: 'urn:x', name: 'y' }] }],
    ['propname', { kind: 'propname' }],
  ];
  it.each(selections)('answers %s as answerSelection does, byte for byte', (_, selection) => {
    for (const minimal of [false, true]) {
      for (const kind of ['vcard', 'icalendar'] as const) {
        const plan = planSelection(selection, kind, shared, varying, minimal);
        for (const values of items) {
          const expected = answerSelection(selection, kind, { ...shared, ...values }, undefined, minimal);
          const planned = plan.answer(values);
          expect(writeMultistatus([{ href: '/x', propstats: planned }])).toBe(writeMultistatus([{ href: '/x', propstats: expected }]));
          expect(planned.map((p) => p.status)).toEqual(expected.map((p) => p.status));
        }
      }
    }
  });
  it('says which varying values the answer writes', () => {
    const plan = planSelection({ kind: 'prop', names: [D('getetag'), D('owner')] }, 'vcard', shared, varying);
    expect(varying.filter((k) => plan.wants(k))).toEqual(['getetag']);
    expect(varying.filter((k) => planSelection({ kind: 'allprop', include: [] }, 'vcard', shared, varying).wants(k))).toEqual([...varying]);
  });
});
