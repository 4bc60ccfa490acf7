/**
 * The client half's request bodies: what the extdata DAV connector sends (PROPFIND, sync-collection,
 * the multigets, calendar-query). Written with the same prefixes as our answers; read back by this
 * package's own readers in the tests, so both halves agree.
 */
import { CALDAV_NS, CARDDAV_NS, DAV_NS, PREFIX_DECLARATIONS, type QName } from '../namespaces.js';
import { escapeText, writeContent, type XmlElement } from '../xml/write.js';
import { formatUtcDateTime, type TimeRange } from './filters.js';

const XML_DECLARATION = '<?xml version="1.0" encoding="utf-8"?>\n';

const propElement = (names: readonly QName[]): string => `<d:prop>${names.map((n) => writeContent({ ns: n.ns, name: n.name })).join('')}</d:prop>`;

function document(root: string, inner: string): string {
  return `${XML_DECLARATION}<${root}${PREFIX_DECLARATIONS}>${inner}</${root}>\n`;
}

export function propfindBody(names: readonly QName[] | 'allprop' | 'propname'): string {
  if (names === 'allprop') return document('d:propfind', '<d:allprop/>');
  if (names === 'propname') return document('d:propfind', '<d:propname/>');
  return document('d:propfind', propElement(names));
}

export function syncCollectionBody(options: { syncToken: string; props: readonly QName[]; limit?: number; syncLevel?: '1' | 'infinite' }): string {
  const limit = options.limit === undefined ? '' : `<d:limit><d:nresults>${options.limit}</d:nresults></d:limit>`;
  return document('d:sync-collection', `<d:sync-token>${escapeText(options.syncToken)}</d:sync-token><d:sync-level>${options.syncLevel ?? '1'}</d:sync-level>${limit}${propElement(options.props)}`);
}

export function multigetBody(report: 'addressbook-multiget' | 'calendar-multiget', hrefs: readonly string[], props: readonly QName[]): string {
  const root = report === 'addressbook-multiget' ? 'card:addressbook-multiget' : 'cal:calendar-multiget';
  return document(root, propElement(props) + hrefs.map((h) => `<d:href>${escapeText(h)}</d:href>`).join(''));
}

/** calendar-query for one component type (VEVENT or VTODO), optionally within a time range. */
export function calendarQueryBody(options: { component: string; timeRange?: Partial<TimeRange>; props: readonly QName[] }): string {
  const range = options.timeRange;
  const attributes: Record<string, string> = {};
  if (range?.start !== undefined && Number.isFinite(range.start)) attributes.start = formatUtcDateTime(range.start);
  if (range?.end !== undefined && Number.isFinite(range.end)) attributes.end = formatUtcDateTime(range.end);
  const inner: XmlElement = {
    ns: CALDAV_NS,
    name: 'comp-filter',
    attributes: { name: options.component },
    ...(range === undefined ? {} : { content: { ns: CALDAV_NS, name: 'time-range', attributes } }),
  };
  const filter = writeContent({ ns: CALDAV_NS, name: 'filter', content: { ns: CALDAV_NS, name: 'comp-filter', attributes: { name: 'VCALENDAR' }, content: inner } });
  return document('cal:calendar-query', propElement(options.props) + filter);
}

/** The names the connector asks for, as data. */
export const CLIENT_PROPS = {
  collection: [
    { ns: DAV_NS, name: 'resourcetype' },
    { ns: DAV_NS, name: 'displayname' },
    { ns: DAV_NS, name: 'sync-token' },
    { ns: 'http://calendarserver.org/ns/', name: 'getctag' },
    { ns: DAV_NS, name: 'supported-report-set' },
    { ns: CALDAV_NS, name: 'supported-calendar-component-set' },
  ],
  etag: [{ ns: DAV_NS, name: 'getetag' }],
  vcard: [
    { ns: DAV_NS, name: 'getetag' },
    { ns: CARDDAV_NS, name: 'address-data' },
  ],
  icalendar: [
    { ns: DAV_NS, name: 'getetag' },
    { ns: CALDAV_NS, name: 'calendar-data' },
  ],
} as const satisfies Record<string, readonly QName[]>;
