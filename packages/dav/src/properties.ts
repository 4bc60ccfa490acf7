/**
 * The live properties the server answers, as data: one row per property with its qualified name,
 * whether a client may set it (protected or not), the kinds of resource that have it, whether an
 * allprop answer includes it, and how its value is written. The server computes the values (from
 * the account, the datastore, the item) and hands them over typed as LiveValues; this table writes
 * them. Anything not in the table is a dead property (kept as the client's fragment, on collections)
 * or unknown (404 in its own propstat).
 *
 * Left out on purpose: the scheduling properties (schedule-inbox-URL, schedule-outbox-URL,
 * schedule-default-calendar-URL — RFC 6638 is not supported, and advertising it would make iOS
 * and macOS try implicit scheduling) and the quota ones (RFC 4331: no quota to report; a 404
 * propstat is what clients expect of a server without one).
 */
import { APPLE_ICAL_NS, CALDAV_NS, CALENDARSERVER_NS, CARDDAV_NS, DAV_NS, type QName } from './namespaces.js';
import type { PropStat, PropValue } from './multistatus/model.js';
import { propstats } from './multistatus/model.js';
import type { PropSelection } from './requests/common.js';
import { REPORT_NAMES, type ReportName } from './requests/report.js';
import type { ResourceKind } from './rules/options.js';
import { writeContent, type RawXml, type XmlContent, type XmlElement } from './xml/write.js';

export type ResourceType = 'collection' | 'principal' | 'addressbook' | 'calendar';
export interface MediaTypeVersion {
  readonly contentType: string;
  readonly version: string;
}
export type CalendarComponent = 'VEVENT' | 'VTODO' | 'VJOURNAL';

/** The value the server gives each live property. */
export interface LiveValues {
  resourcetype: readonly ResourceType[];
  displayname: string;
  getetag: string;
  getcontenttype: string;
  getcontentlength: number;
  /** ms since the epoch, written as an RFC 1123 date. */
  getlastmodified: number;
  /** The signed-in principal's href; null writes DAV:unauthenticated. */
  'current-user-principal': string | null;
  'principal-URL': string;
  'principal-collection-set': readonly string[];
  owner: string;
  'current-user-privilege-set': readonly QName[];
  'supported-report-set': readonly ReportName[];
  'sync-token': string;
  getctag: string;
  'addressbook-home-set': readonly string[];
  'addressbook-description': string;
  'supported-address-data': readonly MediaTypeVersion[];
  'addressbook-max-resource-size': number;
  'calendar-home-set': readonly string[];
  'calendar-user-address-set': readonly string[];
  'calendar-description': string;
  /** A VCALENDAR holding one VTIMEZONE (RFC 4791 §5.2.2). */
  'calendar-timezone': string;
  'supported-calendar-component-set': readonly CalendarComponent[];
  'supported-calendar-data': readonly MediaTypeVersion[];
  'calendar-max-resource-size': number;
  /** `#RRGGBB` or `#RRGGBBAA`, as Apple writes it. */
  'calendar-color': string;
  'calendar-order': number;
}

export type LiveProperty = keyof LiveValues;

export interface PropertyDefinition<V> {
  readonly name: QName;
  /** A client may not set it (PROPPATCH answers 403 cannot-modify-protected-property). */
  readonly protected: boolean;
  /** The kinds of resource that have it. */
  readonly on: readonly ResourceKind[];
  /** Returned by allprop (RFC 4918 §9.1: its own live properties; the CardDAV/CalDAV RFCs keep theirs out). */
  readonly allprop: boolean;
  readonly write: (value: V) => XmlContent;
}

const dav = (name: string, content?: XmlContent): XmlElement => ({ ns: DAV_NS, name, ...(content === undefined ? {} : { content }) });
const hrefs = (list: readonly string[]) => list.map((h) => dav('href', h));
const text = (value: string | number) => String(value);

const COLLECTIONS: readonly ResourceKind[] = ['root', 'principal', 'addressbook-home', 'calendar-home', 'addressbook', 'calendar'];
const ITEMS: readonly ResourceKind[] = ['vcard', 'icalendar'];
const EVERY: readonly ResourceKind[] = [...COLLECTIONS, ...ITEMS];
const SYNCED: readonly ResourceKind[] = ['addressbook', 'calendar'];

const RESOURCE_TYPE_NAMES: Readonly<Record<ResourceType, QName>> = {
  collection: { ns: DAV_NS, name: 'collection' },
  principal: { ns: DAV_NS, name: 'principal' },
  addressbook: { ns: CARDDAV_NS, name: 'addressbook' },
  calendar: { ns: CALDAV_NS, name: 'calendar' },
};

type Table = { readonly [K in LiveProperty]: PropertyDefinition<LiveValues[K]> };

export const PROPERTIES: Table = {
  // RFC 4918 §15.
  resourcetype: { name: { ns: DAV_NS, name: 'resourcetype' }, protected: true, on: EVERY, allprop: true, write: (types) => types.map((t) => ({ ...RESOURCE_TYPE_NAMES[t] })) },
  displayname: { name: { ns: DAV_NS, name: 'displayname' }, protected: false, on: COLLECTIONS, allprop: true, write: text },
  getetag: { name: { ns: DAV_NS, name: 'getetag' }, protected: true, on: ITEMS, allprop: true, write: text },
  getcontenttype: { name: { ns: DAV_NS, name: 'getcontenttype' }, protected: true, on: ITEMS, allprop: true, write: text },
  getcontentlength: { name: { ns: DAV_NS, name: 'getcontentlength' }, protected: true, on: ITEMS, allprop: true, write: text },
  getlastmodified: { name: { ns: DAV_NS, name: 'getlastmodified' }, protected: true, on: ITEMS, allprop: true, write: (ms) => new Date(ms).toUTCString() },
  // RFC 5397 (current-user-principal), RFC 3744 §4–5 (principal-URL, owner, privileges).
  'current-user-principal': { name: { ns: DAV_NS, name: 'current-user-principal' }, protected: true, on: EVERY, allprop: false, write: (href) => (href === null ? dav('unauthenticated') : dav('href', href)) },
  'principal-URL': { name: { ns: DAV_NS, name: 'principal-URL' }, protected: true, on: ['principal'], allprop: false, write: (href) => dav('href', href) },
  'principal-collection-set': { name: { ns: DAV_NS, name: 'principal-collection-set' }, protected: true, on: ['root', 'principal'], allprop: false, write: hrefs },
  owner: { name: { ns: DAV_NS, name: 'owner' }, protected: true, on: [...COLLECTIONS.filter((k) => k !== 'root'), ...ITEMS], allprop: false, write: (href) => dav('href', href) },
  'current-user-privilege-set': {
    name: { ns: DAV_NS, name: 'current-user-privilege-set' },
    protected: true,
    on: EVERY,
    allprop: false,
    write: (privileges) => privileges.map((p) => dav('privilege', { ns: p.ns, name: p.name })),
  },
  // RFC 3253 §3.1.5, in the shape DAVx⁵ and Thunderbird read: supported-report/report/<name>.
  'supported-report-set': {
    name: { ns: DAV_NS, name: 'supported-report-set' },
    protected: true,
    on: COLLECTIONS,
    allprop: false,
    write: (reports) => reports.map((r) => dav('supported-report', dav('report', { ...REPORT_NAMES[r] }))),
  },
  // RFC 6578 §4.
  'sync-token': { name: { ns: DAV_NS, name: 'sync-token' }, protected: true, on: SYNCED, allprop: false, write: text },
  // CalendarServer's ctag: the same position as the sync token.
  getctag: { name: { ns: CALENDARSERVER_NS, name: 'getctag' }, protected: true, on: SYNCED, allprop: false, write: text },
  // RFC 6352 §6.2, §7.1.
  'addressbook-home-set': { name: { ns: CARDDAV_NS, name: 'addressbook-home-set' }, protected: true, on: ['principal'], allprop: false, write: hrefs },
  'addressbook-description': { name: { ns: CARDDAV_NS, name: 'addressbook-description' }, protected: false, on: ['addressbook'], allprop: false, write: text },
  'supported-address-data': {
    name: { ns: CARDDAV_NS, name: 'supported-address-data' },
    protected: true,
    on: ['addressbook'],
    allprop: false,
    write: (types) => types.map((t) => ({ ns: CARDDAV_NS, name: 'address-data-type', attributes: { 'content-type': t.contentType, version: t.version } })),
  },
  'addressbook-max-resource-size': { name: { ns: CARDDAV_NS, name: 'max-resource-size' }, protected: true, on: ['addressbook'], allprop: false, write: text },
  // RFC 4791 §5.2, §6.2; RFC 6638 §2.4.1 (calendar-user-address-set, which clients read without scheduling).
  'calendar-home-set': { name: { ns: CALDAV_NS, name: 'calendar-home-set' }, protected: true, on: ['principal'], allprop: false, write: hrefs },
  'calendar-user-address-set': { name: { ns: CALDAV_NS, name: 'calendar-user-address-set' }, protected: true, on: ['principal'], allprop: false, write: hrefs },
  'calendar-description': { name: { ns: CALDAV_NS, name: 'calendar-description' }, protected: false, on: ['calendar'], allprop: false, write: text },
  'calendar-timezone': { name: { ns: CALDAV_NS, name: 'calendar-timezone' }, protected: false, on: ['calendar'], allprop: false, write: text },
  'supported-calendar-component-set': {
    name: { ns: CALDAV_NS, name: 'supported-calendar-component-set' },
    protected: true,
    on: ['calendar'],
    allprop: false,
    write: (comps) => comps.map((c) => ({ ns: CALDAV_NS, name: 'comp', attributes: { name: c } })),
  },
  'supported-calendar-data': {
    name: { ns: CALDAV_NS, name: 'supported-calendar-data' },
    protected: true,
    on: ['calendar'],
    allprop: false,
    write: (types) => types.map((t) => ({ ns: CALDAV_NS, name: 'calendar-data', attributes: { 'content-type': t.contentType, version: t.version } })),
  },
  'calendar-max-resource-size': { name: { ns: CALDAV_NS, name: 'max-resource-size' }, protected: true, on: ['calendar'], allprop: false, write: text },
  // Apple's iCal extensions.
  'calendar-color': { name: { ns: APPLE_ICAL_NS, name: 'calendar-color' }, protected: false, on: ['calendar'], allprop: false, write: text },
  'calendar-order': { name: { ns: APPLE_ICAL_NS, name: 'calendar-order' }, protected: false, on: ['calendar'], allprop: false, write: text },
};

export const LIVE_PROPERTIES = Object.keys(PROPERTIES) as LiveProperty[];

const BY_NAME = new Map<string, LiveProperty>(LIVE_PROPERTIES.map((key) => [`{${PROPERTIES[key].name.ns}}${PROPERTIES[key].name.name}`, key]));

/** The live property a qualified name is, if it is one of the table's. */
export function liveProperty(name: QName): LiveProperty | undefined {
  return BY_NAME.get(`{${name.ns}}${name.name}`);
}

/** Whether a PROPPATCH of this name on this kind is refused (protected, or live but not on this kind). */
export function isProtected(name: QName, kind: ResourceKind): boolean {
  const key = liveProperty(name);
  if (key === undefined) return false;
  const def = PROPERTIES[key];
  return def.protected || !def.on.includes(kind);
}

/** A live property written as a PropValue, ready for a propstat. */
export function liveValue<K extends LiveProperty>(key: K, value: LiveValues[K]): PropValue {
  const def = PROPERTIES[key];
  return { name: def.name, value: def.write(value) };
}

/** What a selection finds on a resource: live properties by key (their values written later), dead ones and names as they are. */
interface Resolved {
  readonly found: (LiveProperty | PropValue)[];
  readonly missing: { name: QName; status: number }[];
}

function resolveSelection(selection: PropSelection, kind: ResourceKind, present: (key: LiveProperty) => boolean, dead: ReadonlyMap<string, RawXml>): Resolved {
  const has = (key: LiveProperty) => present(key) && PROPERTIES[key].on.includes(kind);
  if (selection.kind === 'propname') {
    const names: PropValue[] = LIVE_PROPERTIES.filter(has).map((key) => ({ name: PROPERTIES[key].name }));
    for (const clarkName of dead.keys()) names.push({ name: fromClark(clarkName) });
    return { found: names, missing: [] };
  }
  const wanted: QName[] =
    selection.kind === 'prop'
      ? [...selection.names]
      : [...LIVE_PROPERTIES.filter((key) => PROPERTIES[key].allprop).map((key) => PROPERTIES[key].name), ...[...dead.keys()].map(fromClark), ...selection.include];
  const found: (LiveProperty | PropValue)[] = [];
  const missing: { name: QName; status: number }[] = [];
  const seen = new Set<string>();
  for (const name of wanted) {
    const clarkName = `{${name.ns}}${name.name}`;
    if (seen.has(clarkName)) continue;
    seen.add(clarkName);
    const key = liveProperty(name);
    if (key !== undefined) {
      if (has(key)) found.push(key);
      else if (selection.kind === 'prop') missing.push({ name, status: 404 });
      continue;
    }
    const fragment = dead.get(clarkName);
    if (fragment !== undefined) found.push({ name, element: fragment });
    else if (selection.kind === 'prop' || selection.include.some((n) => n.ns === name.ns && n.name === name.name)) missing.push({ name, status: 404 });
  }
  return { found, missing };
}

/**
 * The propstats answering a selection on one resource: `values` are the live properties the server
 * computed for it (only those of its kind are answered), `dead` its dead properties by Clark name
 * (`{ns}name` → the fragment as sent). allprop gives the allprop live properties, every dead one
 * and what DAV:include names; propname gives names only; prop gives what was asked, the rest 404.
 */
export function answerSelection(
  selection: PropSelection,
  kind: ResourceKind,
  values: Partial<LiveValues>,
  dead: ReadonlyMap<string, RawXml> = new Map(),
  minimal = false,
): PropStat[] {
  const { found, missing } = resolveSelection(selection, kind, (key) => values[key] !== undefined, dead);
  const props = found.map((f) => (typeof f === 'string' ? liveValue(f, values[f] as never) : f));
  return selection.kind === 'propname' ? propstats(props) : propstats(props, missing, minimal);
}

/**
 * A selection answered for many resources of one kind that have the same live properties (a
 * collection's members, thousands to a listing): what is found and what is not is worked out once,
 * the values every resource shares (`shared`: owner, privileges…) are written once, and `answer`
 * gives each resource's propstats from its own values (`varying`) alone — the very propstats
 * answerSelection gives for the shared and the resource's values together (no dead properties).
 */
export interface SelectionPlan<K extends LiveProperty> {
  /** Whether the answer writes this varying property: a value nobody reads need not be computed. */
  wants(key: K): boolean;
  answer(values: Pick<LiveValues, K>): PropStat[];
}

export function planSelection<K extends LiveProperty>(
  selection: PropSelection,
  kind: ResourceKind,
  shared: Partial<LiveValues>,
  varying: readonly K[],
  minimal = false,
): SelectionPlan<K> {
  const isVarying = (key: LiveProperty): key is K => (varying as readonly LiveProperty[]).includes(key);
  const { found, missing } = resolveSelection(selection, kind, (key) => isVarying(key) || shared[key] !== undefined, new Map());
  // A shared value written once, as the multistatus writer would write it (its element, raw).
  const parts = found.map((f): K | PropValue => {
    if (typeof f !== 'string') return f;
    if (isVarying(f)) return f;
    const value = liveValue(f, shared[f] as never);
    return { name: value.name, element: { raw: writeContent({ ns: value.name.ns, name: value.name.name, ...(value.value === undefined ? {} : { content: value.value }) }) } };
  });
  const others = selection.kind === 'propname' ? [] : propstats([], missing, minimal);
  const wanted = new Set(parts.filter((p): p is K => typeof p === 'string'));
  return {
    wants: (key) => wanted.has(key),
    answer(values) {
      if (parts.length === 0) return [...others];
      const props: PropValue[] = new Array(parts.length);
      for (let i = 0; i < parts.length; i++) {
        const p = parts[i]!;
        props[i] = typeof p === 'string' ? liveValue(p, values[p] as never) : p;
      }
      return [{ status: 200, props }, ...others];
    },
  };
}

function fromClark(clarkName: string): QName {
  const close = clarkName.indexOf('}');
  return { ns: clarkName.slice(1, close), name: clarkName.slice(close + 1) };
}
