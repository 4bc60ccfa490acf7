/**
 * REPORT bodies (RFC 6578 sync-collection; RFC 6352 addressbook-query and -multiget; RFC 4791
 * calendar-query, -multiget and free-busy-query), read into one union by their document element.
 * A report we do not know is refused with 403 DAV:supported-report (RFC 3253 §3.6), which is how
 * clients learn to fall back.
 */
import { DavRequestError } from '../errors.js';
import { MAX_MULTIGET_HREFS } from '../limits.js';
import { CALDAV_NS, CARDDAV_NS, DAV_NS, type QName } from '../namespaces.js';
import { childNamed, childrenNamed, type XmlNode } from '../xml/tree.js';
import { REQUEST_LIMITS, isEmptyBody, readCount, readSelection, ALLPROP, type Body, type PropSelection } from './common.js';
import {
  readAddressData,
  readCalendarData,
  readCalFilter,
  readCardFilter,
  readTimeRange,
  type AddressDataRequest,
  type CalendarDataRequest,
  type CardFilter,
  type CompFilter,
  type TimeRange,
} from './filters.js';
import { readTree } from '../xml/tree.js';

/** What a REPORT asks, besides its own fields: the properties, and how to write the item data. */
interface Asks {
  readonly props: PropSelection;
  /** CARDDAV:address-data among the props, with what it selects. */
  readonly addressData: AddressDataRequest | undefined;
  /** CALDAV:calendar-data among the props, with what it selects. */
  readonly calendarData: CalendarDataRequest | undefined;
}

export interface SyncCollectionReport extends Asks {
  readonly report: 'sync-collection';
  /** The token sent; '' asks for the initial listing (RFC 6578 §3.8). */
  readonly syncToken: string;
  readonly syncLevel: '1' | 'infinite';
  /** DAV:limit/DAV:nresults, when the client set one. */
  readonly limit: number | undefined;
}

export interface MultigetReport extends Asks {
  readonly report: 'addressbook-multiget' | 'calendar-multiget';
  readonly hrefs: readonly string[];
}

export interface AddressbookQueryReport extends Asks {
  readonly report: 'addressbook-query';
  readonly filter: CardFilter;
  readonly limit: number | undefined;
}

export interface CalendarQueryReport extends Asks {
  readonly report: 'calendar-query';
  readonly filter: CompFilter;
  /** The timezone a floating time is read in (CALDAV:timezone, a VCALENDAR text), if sent. */
  readonly timezone: string | undefined;
}

export interface FreeBusyQueryReport {
  readonly report: 'free-busy-query';
  readonly timeRange: TimeRange;
}

export type Report = SyncCollectionReport | MultigetReport | AddressbookQueryReport | CalendarQueryReport | FreeBusyQueryReport;
export type ReportName = Report['report'];

/** The qualified name of each report we read: what supported-report-set lists. */
export const REPORT_NAMES: Readonly<Record<ReportName, QName>> = {
  'sync-collection': { ns: DAV_NS, name: 'sync-collection' },
  'addressbook-multiget': { ns: CARDDAV_NS, name: 'addressbook-multiget' },
  'addressbook-query': { ns: CARDDAV_NS, name: 'addressbook-query' },
  'calendar-multiget': { ns: CALDAV_NS, name: 'calendar-multiget' },
  'calendar-query': { ns: CALDAV_NS, name: 'calendar-query' },
  'free-busy-query': { ns: CALDAV_NS, name: 'free-busy-query' },
};

function asks(root: XmlNode, fallback: PropSelection | undefined): Asks {
  const props = readSelection(root, fallback);
  const prop = childNamed(root, DAV_NS, 'prop');
  const address = prop && childNamed(prop, CARDDAV_NS, 'address-data');
  const calendar = prop && childNamed(prop, CALDAV_NS, 'calendar-data');
  return { props, addressData: address && readAddressData(address), calendarData: calendar && readCalendarData(calendar) };
}

/** DAV:limit/DAV:nresults (RFC 5323 §5.17, used by RFC 6578 and CardDAV's CARDDAV:limit). */
function readLimit(root: XmlNode, ns: string): number | undefined {
  const limit = childNamed(root, ns, 'limit');
  if (limit === undefined) return undefined;
  const nresults = childNamed(limit, ns, 'nresults');
  if (nresults === undefined) throw DavRequestError.badRequest('<limit> without <nresults>');
  return readCount(nresults.text, 'nresults');
}

function readSyncCollection(root: XmlNode): SyncCollectionReport {
  const token = childNamed(root, DAV_NS, 'sync-token');
  const level = childNamed(root, DAV_NS, 'sync-level');
  // RFC 6578 requires sync-level; clients written against its drafts omit it and mean 1.
  const levelText = level?.text.trim() ?? '1';
  if (levelText !== '1' && levelText !== 'infinite') throw DavRequestError.badRequest(`sync-level ${JSON.stringify(levelText.slice(0, 20))} is neither 1 nor infinite`);
  return { report: 'sync-collection', syncToken: token?.text.trim() ?? '', syncLevel: levelText, limit: readLimit(root, DAV_NS), ...asks(root, undefined) };
}

function readMultiget(root: XmlNode, report: MultigetReport['report']): MultigetReport {
  const hrefs = childrenNamed(root, DAV_NS, 'href');
  if (hrefs.length === 0) throw DavRequestError.badRequest(`<${report}> names no href`);
  if (hrefs.length > MAX_MULTIGET_HREFS) throw DavRequestError.badRequest(`<${report}> names more than ${MAX_MULTIGET_HREFS} hrefs`);
  return { report, hrefs: hrefs.map((h) => h.text.trim()), ...asks(root, ALLPROP) };
}

function readAddressbookQuery(root: XmlNode): AddressbookQueryReport {
  const filter = childNamed(root, CARDDAV_NS, 'filter');
  if (filter === undefined) throw DavRequestError.badRequest('<addressbook-query> without <filter>');
  return { report: 'addressbook-query', filter: readCardFilter(filter), limit: readLimit(root, CARDDAV_NS), ...asks(root, ALLPROP) };
}

function readCalendarQuery(root: XmlNode): CalendarQueryReport {
  const filter = childNamed(root, CALDAV_NS, 'filter');
  if (filter === undefined) throw DavRequestError.badRequest('<calendar-query> without <filter>');
  const timezone = childNamed(root, CALDAV_NS, 'timezone');
  return { report: 'calendar-query', filter: readCalFilter(filter), timezone: timezone?.text, ...asks(root, ALLPROP) };
}

function readFreeBusyQuery(root: XmlNode): FreeBusyQueryReport {
  const range = childNamed(root, CALDAV_NS, 'time-range');
  if (range === undefined) throw DavRequestError.badRequest('<free-busy-query> without <time-range>');
  return { report: 'free-busy-query', timeRange: readTimeRange(range) };
}

export function readReport(body: Body): Report {
  if (isEmptyBody(body)) throw DavRequestError.badRequest('a REPORT needs a body');
  const root = readTree(body!, { ...REQUEST_LIMITS, fail: (message, cause) => DavRequestError.badRequest(message, { cause }) });
  const key = `{${root.ns}}${root.name}`;
  switch (key) {
    case `{${DAV_NS}}sync-collection`:
      return readSyncCollection(root);
    case `{${CARDDAV_NS}}addressbook-multiget`:
      return readMultiget(root, 'addressbook-multiget');
    case `{${CALDAV_NS}}calendar-multiget`:
      return readMultiget(root, 'calendar-multiget');
    case `{${CARDDAV_NS}}addressbook-query`:
      return readAddressbookQuery(root);
    case `{${CALDAV_NS}}calendar-query`:
      return readCalendarQuery(root);
    case `{${CALDAV_NS}}free-busy-query`:
      return readFreeBusyQuery(root);
    default:
      throw DavRequestError.failed('supported-report', `the report ${key} is not supported`);
  }
}
