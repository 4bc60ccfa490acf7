/**
 * REPORT bodies: the RFCs' examples (RFC 6578 §6.1 and §6.3, RFC 6352 §8.6.4 and §8.7.2, RFC 4791
 * §7.8.1–7.8.9, §7.9.1, §7.10.1) and DAVx⁵'s and vdirsyncer's requests, read into typed reports;
 * unknown reports, filters and collations refused with their preconditions.
 */
import { describe, expect, it } from 'vitest';
import {
  CALDAV_NS,
  CARDDAV_NS,
  DAV_NS,
  MAX_MULTIGET_HREFS,
  calendarQueryBody,
  multigetBody,
  readReport,
  syncCollectionBody,
  type CompFilter,
  type Report,
} from '../src/index.js';
import { refusal } from './support/refusal.js';

/** The report type whose `report` field can be K. */
type ReportOf<K extends Report['report']> = Report extends infer R ? (R extends { report: infer N } ? (K extends N ? R : never) : never) : never;

const ms = (iso: string) => Date.parse(iso);

function as<K extends Report['report']>(report: Report, kind: K): ReportOf<K> {
  expect(report.report).toBe(kind);
  return report as ReportOf<K>;
}

describe('sync-collection (RFC 6578)', () => {
  it('reads the initial request: an empty token, level 1, the properties (§6.1)', () => {
    const body = `<?xml version="1.0" encoding="utf-8" ?>
      <D:sync-collection xmlns:D="DAV:"><D:sync-token/><D:sync-level>1</D:sync-level>
        <D:prop xmlns:R="urn:ns.example.com:boxschema"><D:getetag/><R:bigbox/></D:prop></D:sync-collection>`;
    const report = as(readReport(body), 'sync-collection');
    expect(report).toMatchObject({ syncToken: '', syncLevel: '1', limit: undefined });
    expect(report.props).toEqual({ kind: 'prop', names: [{ ns: DAV_NS, name: 'getetag' }, { ns: 'urn:ns.example.com:boxschema', name: 'bigbox' }] });
  });

  it('reads a delta with a limit (§6.3), and a body without sync-level as level 1', () => {
    const body = `<D:sync-collection xmlns:D="DAV:"><D:sync-token>http://example.com/ns/sync/1232</D:sync-token>
      <D:sync-level>1</D:sync-level><D:limit><D:nresults>100</D:nresults></D:limit><D:prop><D:getetag/></D:prop></D:sync-collection>`;
    expect(readReport(body)).toMatchObject({ report: 'sync-collection', syncToken: 'http://example.com/ns/sync/1232', limit: 100 });
    expect(readReport('<sync-collection xmlns="DAV:"><sync-token/><prop><getetag/></prop></sync-collection>')).toMatchObject({ syncLevel: '1' });
  });

  it('reads what our client half writes', () => {
    const body = syncCollectionBody({ syncToken: 'http://atomsync.dev/ns/sync/c1/7', props: [{ ns: DAV_NS, name: 'getetag' }], limit: 50 });
    expect(readReport(body)).toMatchObject({ report: 'sync-collection', syncToken: 'http://atomsync.dev/ns/sync/c1/7', limit: 50, syncLevel: '1' });
  });

  it.each([
    ['a sync-level that is neither 1 nor infinite', '<sync-collection xmlns="DAV:"><sync-token/><sync-level>2</sync-level><prop/></sync-collection>'],
    ['no prop', '<sync-collection xmlns="DAV:"><sync-token/><sync-level>1</sync-level></sync-collection>'],
    ['a limit that is no count', '<sync-collection xmlns="DAV:"><sync-token/><limit><nresults>-1</nresults></limit><prop/></sync-collection>'],
  ])('refuses %s with a 400', (_what, body) => {
    expect(refusal(() => readReport(body)).status).toBe(400);
  });
});

describe('addressbook-multiget and calendar-multiget', () => {
  it('reads the hrefs and address-data with its properties (RFC 6352 §8.7.2)', () => {
    const body = `<?xml version="1.0" encoding="utf-8" ?>
      <C:addressbook-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav">
        <D:prop><D:getetag/><C:address-data><C:prop name="VERSION"/><C:prop name="UID"/><C:prop name="NICKNAME"/><C:prop name="EMAIL"/><C:prop name="FN"/></C:address-data></D:prop>
        <D:href>/home/bernard/addressbook/vcf102.vcf</D:href>
        <D:href>/home/bernard/addressbook/vcf1.vcf</D:href>
      </C:addressbook-multiget>`;
    const report = as(readReport(body), 'addressbook-multiget');
    expect(report.hrefs).toEqual(['/home/bernard/addressbook/vcf102.vcf', '/home/bernard/addressbook/vcf1.vcf']);
    expect(report.addressData).toEqual({ contentType: 'text/vcard', version: '3.0', props: ['VERSION', 'UID', 'NICKNAME', 'EMAIL', 'FN'] });
    expect(report.calendarData).toBeUndefined();
  });

  it('reads address-data asking for vCard 4.0', () => {
    const body = '<C:addressbook-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav"><D:prop><C:address-data content-type="text/vcard" version="4.0"/></D:prop><D:href>/a.vcf</D:href></C:addressbook-multiget>';
    expect(as(readReport(body), 'addressbook-multiget').addressData).toEqual({ contentType: 'text/vcard', version: '4.0', props: 'all' });
  });

  it('reads calendar-multiget with calendar-data (RFC 4791 §7.9.1)', () => {
    const body = `<?xml version="1.0" encoding="utf-8" ?>
      <C:calendar-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
        <D:prop><D:getetag/><C:calendar-data/></D:prop>
        <D:href>/bernard/work/abcd1.ics</D:href><D:href>/bernard/work/mtg1.ics</D:href>
      </C:calendar-multiget>`;
    const report = as(readReport(body), 'calendar-multiget');
    expect(report.hrefs).toHaveLength(2);
    expect(report.calendarData).toEqual({ contentType: 'text/calendar', version: '2.0', comp: undefined, expand: undefined, limitRecurrenceSet: undefined, limitFreebusySet: undefined });
  });

  it(`reads a multiget of ${MAX_MULTIGET_HREFS} hrefs (what our client writes) and refuses one more`, () => {
    const hrefs = Array.from({ length: MAX_MULTIGET_HREFS }, (_, i) => `/dav/c/${i}@host.ics`);
    const props = [{ ns: DAV_NS, name: 'getetag' }, { ns: CALDAV_NS, name: 'calendar-data' }];
    expect(as(readReport(multigetBody('calendar-multiget', hrefs, props)), 'calendar-multiget').hrefs).toEqual(hrefs);
    expect(refusal(() => readReport(multigetBody('calendar-multiget', [...hrefs, '/one-more.ics'], props))).status).toBe(400);
  });

  it('refuses a multiget without hrefs', () => {
    expect(refusal(() => readReport('<C:addressbook-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav"><D:prop><D:getetag/></D:prop></C:addressbook-multiget>')).status).toBe(400);
  });
});

describe('addressbook-query (RFC 6352 §8.6)', () => {
  it('reads prop-filters with text-match and param-filter, anyof/allof and a limit', () => {
    const body = `<?xml version="1.0" encoding="utf-8" ?>
      <C:addressbook-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav">
        <D:prop><D:getetag/><C:address-data><C:prop name="VERSION"/><C:prop name="UID"/></C:address-data></D:prop>
        <C:filter test="anyof">
          <C:prop-filter name="FN"><C:text-match collation="i;unicode-casemap" match-type="contains">daboo</C:text-match></C:prop-filter>
          <C:prop-filter name="email" test="allof"><C:text-match match-type="ends-with" negate-condition="yes">@example.com</C:text-match>
            <C:param-filter name="TYPE"><C:text-match match-type="equals">work</C:text-match></C:param-filter></C:prop-filter>
          <C:prop-filter name="NICKNAME"><C:is-not-defined/></C:prop-filter>
        </C:filter>
        <C:limit><C:nresults>10</C:nresults></C:limit>
      </C:addressbook-query>`;
    const report = as(readReport(body), 'addressbook-query');
    expect(report.limit).toBe(10);
    expect(report.filter).toEqual({
      test: 'anyof',
      propFilters: [
        { name: 'FN', test: 'anyof', isNotDefined: false, textMatches: [{ text: 'daboo', collation: 'i;unicode-casemap', negate: false, matchType: 'contains' }], paramFilters: [] },
        {
          name: 'EMAIL',
          test: 'allof',
          isNotDefined: false,
          textMatches: [{ text: '@example.com', collation: 'i;unicode-casemap', negate: true, matchType: 'ends-with' }],
          paramFilters: [{ name: 'TYPE', isNotDefined: false, textMatch: { text: 'work', collation: 'i;unicode-casemap', negate: false, matchType: 'equals' } }],
        },
        { name: 'NICKNAME', test: 'anyof', isNotDefined: true, textMatches: [], paramFilters: [] },
      ],
    });
  });

  it.each([
    ['an unknown collation', '<C:text-match collation="i;klingon">x</C:text-match>', 403, 'supported-collation', CARDDAV_NS],
    ['an unknown match-type', '<C:text-match match-type="regex">x</C:text-match>', 403, 'supported-filter', CARDDAV_NS],
  ])('refuses %s with its precondition', (_what, match, status, element, ns) => {
    const body = `<C:addressbook-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav"><D:prop><D:getetag/></D:prop><C:filter><C:prop-filter name="FN">${match}</C:prop-filter></C:filter></C:addressbook-query>`;
    const error = refusal(() => readReport(body));
    expect(error.status).toBe(status);
    expect(error.precondition?.element).toEqual({ ns, name: element });
  });
});

describe('calendar-query (RFC 4791 §7.8)', () => {
  it('reads a time-range query with expand (§7.8.3)', () => {
    const body = `<?xml version="1.0" encoding="utf-8" ?>
      <C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
        <D:prop><C:calendar-data><C:expand start="20060103T000000Z" end="20060105T000000Z"/></C:calendar-data></D:prop>
        <C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VEVENT">
          <C:time-range start="20060104T000000Z" end="20060105T000000Z"/></C:comp-filter></C:comp-filter></C:filter>
      </C:calendar-query>`;
    const report = as(readReport(body), 'calendar-query');
    expect(report.calendarData?.expand).toEqual({ start: ms('2006-01-03T00:00:00Z'), end: ms('2006-01-05T00:00:00Z') });
    expect(report.filter).toEqual<CompFilter>({
      name: 'VCALENDAR',
      isNotDefined: false,
      timeRange: undefined,
      propFilters: [],
      compFilters: [{ name: 'VEVENT', isNotDefined: false, timeRange: { start: ms('2006-01-04T00:00:00Z'), end: ms('2006-01-05T00:00:00Z') }, propFilters: [], compFilters: [] }],
    });
  });

  it('reads the partial retrieval of §7.8.1: comp, prop with novalue, allprop', () => {
    const body = `<C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><D:getetag/>
        <C:calendar-data><C:comp name="VCALENDAR"><C:prop name="VERSION"/>
          <C:comp name="VEVENT"><C:prop name="SUMMARY"/><C:prop name="UID"/><C:prop name="DTSTART"/><C:prop name="ATTENDEE" novalue="yes"/></C:comp>
          <C:comp name="VTIMEZONE"/></C:comp></C:calendar-data></D:prop>
        <C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VEVENT"><C:time-range start="20060104T000000Z" end="20060105T000000Z"/></C:comp-filter></C:comp-filter></C:filter>
      </C:calendar-query>`;
    const comp = as(readReport(body), 'calendar-query').calendarData?.comp;
    expect(comp).toEqual({
      name: 'VCALENDAR',
      props: [{ name: 'VERSION', novalue: false }],
      comps: [
        { name: 'VEVENT', props: [{ name: 'SUMMARY', novalue: false }, { name: 'UID', novalue: false }, { name: 'DTSTART', novalue: false }, { name: 'ATTENDEE', novalue: true }], comps: 'all' },
        { name: 'VTIMEZONE', props: 'all', comps: 'all' },
      ],
    });
  });

  it('reads prop-filter, param-filter, text-match and is-not-defined (§7.8.6–7.8.9)', () => {
    const body = `<C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><D:getetag/></D:prop>
        <C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VTODO">
          <C:comp-filter name="VALARM"><C:time-range start="20060106T100000Z" end="20060107T100000Z"/></C:comp-filter>
          <C:prop-filter name="COMPLETED"><C:is-not-defined/></C:prop-filter>
          <C:prop-filter name="ATTENDEE"><C:text-match collation="i;ascii-casemap">mailto:lisa@example.com</C:text-match>
            <C:param-filter name="PARTSTAT"><C:text-match collation="i;ascii-casemap">NEEDS-ACTION</C:text-match></C:param-filter></C:prop-filter>
          <C:prop-filter name="STATUS"><C:text-match negate-condition="yes">CANCELLED</C:text-match></C:prop-filter>
        </C:comp-filter></C:comp-filter></C:filter></C:calendar-query>`;
    const todo = as(readReport(body), 'calendar-query').filter.compFilters[0]!;
    expect(todo.name).toBe('VTODO');
    expect(todo.compFilters[0]!.timeRange).toEqual({ start: ms('2006-01-06T10:00:00Z'), end: ms('2006-01-07T10:00:00Z') });
    expect(todo.propFilters.map((p) => [p.name, p.isNotDefined, p.textMatch?.text, p.textMatch?.negate, p.paramFilters.map((f) => f.textMatch?.text)])).toEqual([
      ['COMPLETED', true, undefined, undefined, []],
      ['ATTENDEE', false, 'mailto:lisa@example.com', false, ['NEEDS-ACTION']],
      ['STATUS', false, 'CANCELLED', true, []],
    ]);
  });

  it('reads an open-ended time range, and what our client half writes', () => {
    const body = calendarQueryBody({ component: 'VTODO', timeRange: { start: ms('2026-01-01T00:00:00Z') }, props: [{ ns: DAV_NS, name: 'getetag' }] });
    const filter = as(readReport(body), 'calendar-query').filter;
    expect(filter.compFilters[0]).toMatchObject({ name: 'VTODO', timeRange: { start: ms('2026-01-01T00:00:00Z'), end: Infinity } });
  });

  it.each([
    ['a filter not on VCALENDAR', '<C:comp-filter name="VEVENT"/>'],
    ['two top comp-filters', '<C:comp-filter name="VCALENDAR"/><C:comp-filter name="VCALENDAR"/>'],
    ['a time-range with neither end', '<C:comp-filter name="VCALENDAR"><C:comp-filter name="VEVENT"><C:time-range/></C:comp-filter></C:comp-filter>'],
    ['a time-range in local time', '<C:comp-filter name="VCALENDAR"><C:comp-filter name="VEVENT"><C:time-range start="20060104T000000"/></C:comp-filter></C:comp-filter>'],
    ['a date that does not exist', '<C:comp-filter name="VCALENDAR"><C:comp-filter name="VEVENT"><C:time-range start="20060231T000000Z"/></C:comp-filter></C:comp-filter>'],
    ['a range that ends before it starts', '<C:comp-filter name="VCALENDAR"><C:comp-filter name="VEVENT"><C:time-range start="20060105T000000Z" end="20060104T000000Z"/></C:comp-filter></C:comp-filter>'],
    ['a comp-filter without a name', '<C:comp-filter name="VCALENDAR"><C:comp-filter/></C:comp-filter>'],
  ])('refuses %s: 403 CALDAV:valid-filter', (_what, filter) => {
    const body = `<C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><D:getetag/></D:prop><C:filter>${filter}</C:filter></C:calendar-query>`;
    const error = refusal(() => readReport(body));
    expect(error.status).toBe(403);
    expect(error.precondition?.element).toEqual({ ns: CALDAV_NS, name: 'valid-filter' });
  });

  it('refuses a collation it does not implement: 403 CALDAV:supported-collation', () => {
    const body = `<C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop/><C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VEVENT"><C:prop-filter name="SUMMARY"><C:text-match collation="i;basic">x</C:text-match></C:prop-filter></C:comp-filter></C:comp-filter></C:filter></C:calendar-query>`;
    expect(refusal(() => readReport(body)).precondition?.element).toEqual({ ns: CALDAV_NS, name: 'supported-collation' });
  });
});

describe('free-busy-query (RFC 4791 §7.10)', () => {
  it('reads its time range', () => {
    const body = '<C:free-busy-query xmlns:C="urn:ietf:params:xml:ns:caldav"><C:time-range start="20060104T140000Z" end="20060105T220000Z"/></C:free-busy-query>';
    expect(readReport(body)).toEqual({ report: 'free-busy-query', timeRange: { start: ms('2006-01-04T14:00:00Z'), end: ms('2006-01-05T22:00:00Z') } });
  });

  it('refuses one without a time range', () => {
    expect(refusal(() => readReport('<C:free-busy-query xmlns:C="urn:ietf:params:xml:ns:caldav"/>')).status).toBe(400);
  });
});

describe('reports we do not know', () => {
  it.each([
    ['expand-property (RFC 3253)', '<D:expand-property xmlns:D="DAV:"><D:property name="owner"/></D:expand-property>'],
    ['principal-property-search', '<D:principal-property-search xmlns:D="DAV:"/>'],
    ['a report of a foreign namespace', '<X:report xmlns:X="urn:x"/>'],
  ])('refuses %s: 403 DAV:supported-report', (_what, body) => {
    const error = refusal(() => readReport(body));
    expect(error.status).toBe(403);
    expect(error.precondition?.element).toEqual({ ns: DAV_NS, name: 'supported-report' });
  });

  it('skips unknown elements of foreign namespaces inside a known report', () => {
    const body = '<D:sync-collection xmlns:D="DAV:" xmlns:X="urn:vendor"><X:hint>fast</X:hint><D:sync-token/><D:sync-level>1</D:sync-level><D:prop><D:getetag/></D:prop><X:more><X:x/></X:more></D:sync-collection>';
    expect(readReport(body)).toMatchObject({ report: 'sync-collection', syncToken: '' });
  });
});
