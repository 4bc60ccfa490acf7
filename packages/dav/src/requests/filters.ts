/**
 * The query filters of CardDAV (RFC 6352 §10.5) and CalDAV (RFC 4791 §9.7), and the time ranges
 * (§9.9) and data selections (address-data §10.4, calendar-data §9.6) that go with them, read into
 * plain values the server evaluates. What the RFCs leave to the server (a collation we do not
 * implement, a match-type we do not know) is refused with the protocol's precondition.
 */
import { DavRequestError } from '../errors.js';
import { CALDAV_NS, CARDDAV_NS } from '../namespaces.js';
import { attribute, childNamed, childrenNamed, type XmlNode } from '../xml/tree.js';

/** Collations of RFC 4790 the RFCs require (i;ascii-casemap, i;octet) and CardDAV's default. */
export const SUPPORTED_COLLATIONS = ['i;ascii-casemap', 'i;octet', 'i;unicode-casemap'] as const;
export type Collation = (typeof SUPPORTED_COLLATIONS)[number];

export type MatchType = 'equals' | 'contains' | 'starts-with' | 'ends-with';
const MATCH_TYPES: readonly string[] = ['equals', 'contains', 'starts-with', 'ends-with'];

export interface TextMatch {
  readonly text: string;
  readonly collation: Collation;
  readonly negate: boolean;
  /** CardDAV's match-type; CalDAV text-match is always "contains". */
  readonly matchType: MatchType;
}

/** A UTC interval in milliseconds since the epoch; an open end is ±Infinity (RFC 4791 §9.9). */
export interface TimeRange {
  readonly start: number;
  readonly end: number;
}

type Protocol = 'carddav' | 'caldav';

function filterError(protocol: Protocol, message: string): DavRequestError {
  return protocol === 'carddav' ? DavRequestError.failed('addressbook-supported-filter', message) : DavRequestError.failed('valid-filter', message);
}

function readName(node: XmlNode, protocol: Protocol): string {
  const name = attribute(node, 'name');
  if (name === undefined || name.trim() === '') throw filterError(protocol, `<${node.name}> without a name`);
  return name.trim().toUpperCase();
}

function readTest(node: XmlNode, protocol: Protocol): 'anyof' | 'allof' {
  const test = attribute(node, 'test') ?? 'anyof';
  if (test !== 'anyof' && test !== 'allof') throw filterError(protocol, `test="${test}" is neither anyof nor allof`);
  return test;
}

export function readTextMatch(node: XmlNode, protocol: Protocol): TextMatch {
  const collation = attribute(node, 'collation') ?? (protocol === 'carddav' ? 'i;unicode-casemap' : 'i;ascii-casemap');
  if (!(SUPPORTED_COLLATIONS as readonly string[]).includes(collation)) {
    throw DavRequestError.failed(protocol === 'carddav' ? 'addressbook-supported-collation' : 'calendar-supported-collation', `the collation ${JSON.stringify(collation)} is not supported`);
  }
  const negate = attribute(node, 'negate-condition') ?? 'no';
  if (negate !== 'yes' && negate !== 'no') throw filterError(protocol, `negate-condition="${negate}"`);
  const matchType = protocol === 'carddav' ? (attribute(node, 'match-type') ?? 'contains') : 'contains';
  if (!MATCH_TYPES.includes(matchType)) throw filterError(protocol, `match-type="${matchType}" is not one we know`);
  return { text: node.text, collation: collation as Collation, negate: negate === 'yes', matchType: matchType as MatchType };
}

const UTC_DATE_TIME = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/;

/** An iCalendar UTC date-time (`20060104T000000Z`, RFC 5545 §3.3.5 form 2) in ms; undefined if it is not one. */
export function parseUtcDateTime(text: string): number | undefined {
  const m = UTC_DATE_TIME.exec(text.trim());
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const ms = Date.UTC(y, mo - 1, d, h, mi, s);
  const back = new Date(ms);
  // Date.UTC rolls 20060231 over into March: a date that does not exist is not one.
  if (back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59 || s > 60) return undefined;
  return ms;
}

/** The iCalendar UTC form of a time in ms (for writing time ranges back, in the client half). */
export function formatUtcDateTime(ms: number): string {
  return new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** A time-range (or expand, limit-recurrence-set…) element: at least one of start and end, start before end. */
export function readTimeRange(node: XmlNode, protocol: Protocol = 'caldav'): TimeRange {
  const startText = attribute(node, 'start');
  const endText = attribute(node, 'end');
  if (startText === undefined && endText === undefined) throw filterError(protocol, `<${node.name}> has neither start nor end`);
  const start = startText === undefined ? -Infinity : parseUtcDateTime(startText);
  const end = endText === undefined ? Infinity : parseUtcDateTime(endText);
  if (start === undefined || end === undefined) throw filterError(protocol, `<${node.name}> start/end must be UTC date-times such as 20060104T000000Z`);
  if (!(start < end)) throw filterError(protocol, `<${node.name}> ends before it starts`);
  return { start, end };
}

// CardDAV (RFC 6352 §10.5).

export interface CardParamFilter {
  readonly name: string;
  readonly isNotDefined: boolean;
  readonly textMatch: TextMatch | undefined;
}

export interface CardPropFilter {
  readonly name: string;
  readonly test: 'anyof' | 'allof';
  readonly isNotDefined: boolean;
  readonly textMatches: readonly TextMatch[];
  readonly paramFilters: readonly CardParamFilter[];
}

export interface CardFilter {
  readonly test: 'anyof' | 'allof';
  readonly propFilters: readonly CardPropFilter[];
}

function readCardParamFilter(node: XmlNode): CardParamFilter {
  const match = childNamed(node, CARDDAV_NS, 'text-match');
  return { name: readName(node, 'carddav'), isNotDefined: childNamed(node, CARDDAV_NS, 'is-not-defined') !== undefined, textMatch: match && readTextMatch(match, 'carddav') };
}

export function readCardFilter(node: XmlNode): CardFilter {
  return {
    test: readTest(node, 'carddav'),
    propFilters: childrenNamed(node, CARDDAV_NS, 'prop-filter').map((p) => ({
      name: readName(p, 'carddav'),
      test: readTest(p, 'carddav'),
      isNotDefined: childNamed(p, CARDDAV_NS, 'is-not-defined') !== undefined,
      textMatches: childrenNamed(p, CARDDAV_NS, 'text-match').map((t) => readTextMatch(t, 'carddav')),
      paramFilters: childrenNamed(p, CARDDAV_NS, 'param-filter').map(readCardParamFilter),
    })),
  };
}

// CalDAV (RFC 4791 §9.7).

export interface CalParamFilter {
  readonly name: string;
  readonly isNotDefined: boolean;
  readonly textMatch: TextMatch | undefined;
}

export interface CalPropFilter {
  readonly name: string;
  readonly isNotDefined: boolean;
  readonly timeRange: TimeRange | undefined;
  readonly textMatch: TextMatch | undefined;
  readonly paramFilters: readonly CalParamFilter[];
}

export interface CompFilter {
  readonly name: string;
  readonly isNotDefined: boolean;
  readonly timeRange: TimeRange | undefined;
  readonly propFilters: readonly CalPropFilter[];
  readonly compFilters: readonly CompFilter[];
}

function readCalParamFilter(node: XmlNode): CalParamFilter {
  const match = childNamed(node, CALDAV_NS, 'text-match');
  return { name: readName(node, 'caldav'), isNotDefined: childNamed(node, CALDAV_NS, 'is-not-defined') !== undefined, textMatch: match && readTextMatch(match, 'caldav') };
}

function readCalPropFilter(node: XmlNode): CalPropFilter {
  const range = childNamed(node, CALDAV_NS, 'time-range');
  const match = childNamed(node, CALDAV_NS, 'text-match');
  return {
    name: readName(node, 'caldav'),
    isNotDefined: childNamed(node, CALDAV_NS, 'is-not-defined') !== undefined,
    timeRange: range && readTimeRange(range),
    textMatch: match && readTextMatch(match, 'caldav'),
    paramFilters: childrenNamed(node, CALDAV_NS, 'param-filter').map(readCalParamFilter),
  };
}

export function readCompFilter(node: XmlNode): CompFilter {
  const range = childNamed(node, CALDAV_NS, 'time-range');
  return {
    name: readName(node, 'caldav'),
    isNotDefined: childNamed(node, CALDAV_NS, 'is-not-defined') !== undefined,
    timeRange: range && readTimeRange(range),
    propFilters: childrenNamed(node, CALDAV_NS, 'prop-filter').map(readCalPropFilter),
    compFilters: childrenNamed(node, CALDAV_NS, 'comp-filter').map(readCompFilter),
  };
}

/** CALDAV:filter: exactly one comp-filter, and it names VCALENDAR (RFC 4791 §9.7). */
export function readCalFilter(node: XmlNode): CompFilter {
  const comps = childrenNamed(node, CALDAV_NS, 'comp-filter');
  if (comps.length !== 1) throw filterError('caldav', `<filter> holds ${comps.length} comp-filters, one (VCALENDAR) expected`);
  const top = readCompFilter(comps[0]!);
  if (top.name !== 'VCALENDAR') throw filterError('caldav', `the top comp-filter names ${top.name}, not VCALENDAR`);
  return top;
}

// What data to return: address-data (RFC 6352 §10.4) and calendar-data (RFC 4791 §9.6).

export interface AddressDataRequest {
  readonly contentType: string;
  readonly version: string;
  /** The vCard properties asked for (upper case), or all of them. */
  readonly props: 'all' | readonly string[];
}

export interface CompSelection {
  readonly name: string;
  readonly props: 'all' | readonly { readonly name: string; readonly novalue: boolean }[];
  readonly comps: 'all' | readonly CompSelection[];
}

export interface CalendarDataRequest {
  readonly contentType: string;
  readonly version: string;
  readonly comp: CompSelection | undefined;
  /** Recurrences expanded into instances within this range (RFC 4791 §9.6.5). */
  readonly expand: TimeRange | undefined;
  readonly limitRecurrenceSet: TimeRange | undefined;
  readonly limitFreebusySet: TimeRange | undefined;
}

export function readAddressData(node: XmlNode): AddressDataRequest {
  const props = childrenNamed(node, CARDDAV_NS, 'prop').map((p) => readName(p, 'carddav'));
  return {
    contentType: attribute(node, 'content-type') ?? 'text/vcard',
    version: attribute(node, 'version') ?? '3.0',
    props: props.length === 0 || childNamed(node, CARDDAV_NS, 'allprop') ? 'all' : props,
  };
}

function readCompSelection(node: XmlNode): CompSelection {
  const props = childrenNamed(node, CALDAV_NS, 'prop').map((p) => ({ name: readName(p, 'caldav'), novalue: attribute(p, 'novalue') === 'yes' }));
  const comps = childrenNamed(node, CALDAV_NS, 'comp').map(readCompSelection);
  return {
    name: readName(node, 'caldav'),
    props: childNamed(node, CALDAV_NS, 'allprop') || (props.length === 0 && !childNamed(node, CALDAV_NS, 'prop')) ? 'all' : props,
    comps: childNamed(node, CALDAV_NS, 'allcomp') || comps.length === 0 ? 'all' : comps,
  };
}

export function readCalendarData(node: XmlNode): CalendarDataRequest {
  const comp = childNamed(node, CALDAV_NS, 'comp');
  const range = (name: string) => {
    const child = childNamed(node, CALDAV_NS, name);
    return child && readTimeRange(child);
  };
  return {
    contentType: attribute(node, 'content-type') ?? 'text/calendar',
    version: attribute(node, 'version') ?? '2.0',
    comp: comp && readCompSelection(comp),
    expand: range('expand'),
    limitRecurrenceSet: range('limit-recurrence-set'),
    limitFreebusySet: range('limit-freebusy-set'),
  };
}

