/**
 * The live property values of each kind of DAV resource, computed from the account, its
 * datastores and their items; @atomsync/dav's table writes them. The data properties of the
 * REPORTs (CARDDAV:address-data, CALDAV:calendar-data) are the item's served body.
 */
import {
  CALDAV_NS,
  CARDDAV_NS,
  DAV_NS,
  answerSelection,
  formatCtag,
  formatSyncToken,
  PROPERTIES,
  WRITABLE,
  type LiveProperty,
  type LiveValues,
  type PropSelection,
  type PropStat,
  type PropValue,
  type QName,
  type RawXml,
  type ResourceKind,
} from '@atomsync/dav';
import type { ContentRecord } from '../store/records.js';
import { displayNameOf, type DavCollection } from './collections.js';
import { homeHref, principalHref, principalsHref, type Family } from './layout.js';
import type { Served } from './representation.js';

/** The largest item a PUT stores (advertised as max-resource-size; a card with several MB of photo fits). */
export const MAX_RESOURCE_BYTES = 10 * 1024 * 1024;

const privilege = (name: string): QName => ({ ns: DAV_NS, name });
/** Everything on what the account owns; read on the shared root. */
const OWNER_PRIVILEGES: readonly QName[] = ['read', 'write', 'write-properties', 'write-content', 'bind', 'unbind', 'read-current-user-privilege-set'].map(privilege);
const READ_PRIVILEGES: readonly QName[] = ['read', 'read-current-user-privilege-set'].map(privilege);

export interface Viewer {
  readonly username: string;
}

function common(viewer: Viewer): Partial<LiveValues> {
  const principal = principalHref(viewer.username);
  return { 'current-user-principal': principal, 'current-user-privilege-set': OWNER_PRIVILEGES, owner: principal };
}

export function rootValues(viewer: Viewer): Partial<LiveValues> {
  return {
    resourcetype: ['collection'],
    displayname: 'atomsync',
    'current-user-principal': principalHref(viewer.username),
    'current-user-privilege-set': READ_PRIVILEGES,
    'principal-collection-set': [principalsHref()],
    'supported-report-set': [],
  };
}

export function principalValues(viewer: Viewer): Partial<LiveValues> {
  const principal = principalHref(viewer.username);
  return {
    ...common(viewer),
    resourcetype: ['collection', 'principal'],
    displayname: viewer.username,
    'principal-URL': principal,
    'principal-collection-set': [principalsHref()],
    'addressbook-home-set': [homeHref('addressbooks', viewer.username)],
    'calendar-home-set': [homeHref('calendars', viewer.username)],
    'calendar-user-address-set': [principal],
    'supported-report-set': [],
  };
}

export function homeValues(viewer: Viewer, family: Family): Partial<LiveValues> {
  return { ...common(viewer), resourcetype: ['collection'], displayname: family === 'addressbooks' ? 'Address books' : 'Calendars', 'supported-report-set': [] };
}

/** The live properties a client may set, by their Clark name (how the store keeps them). */
const SETTABLE = new Map<string, LiveProperty>(
  (Object.keys(WRITABLE) as LiveProperty[]).map((key) => [`{${PROPERTIES[key].name.ns}}${PROPERTIES[key].name.name}`, key]),
);

/** What a client set on a collection, back as live values (the text kept, a number where the property is one). */
function settableValues(stored: ReadonlyMap<string, string>): Partial<LiveValues> {
  const values: Record<string, string | number> = {};
  for (const [clark, text] of stored) {
    const key = SETTABLE.get(clark);
    if (key === undefined) continue;
    values[key] = key === 'calendar-order' ? Number(text) : text;
  }
  return values as Partial<LiveValues>;
}

/** The dead properties a client set on a collection, by Clark name: the fragments as sent (answerSelection's `dead`). */
export function deadProperties(stored: ReadonlyMap<string, string> | undefined): Map<string, RawXml> {
  const dead = new Map<string, RawXml>();
  for (const [clark, raw] of stored ?? []) if (!SETTABLE.has(clark)) dead.set(clark, { raw });
  return dead;
}

/**
 * A collection's live values; `stored` is what clients set on it (PROPPATCH, MKCALENDAR, extended
 * MKCOL; Clark name → text): a displayname set there overrides the datastore's.
 */
export function collectionValues(viewer: Viewer, c: DavCollection, sequence: number, stored: ReadonlyMap<string, string> = new Map()): Partial<LiveValues> {
  const base: Partial<LiveValues> = {
    ...common(viewer),
    displayname: displayNameOf(c),
    ...settableValues(stored),
    'sync-token': formatSyncToken({ collection: c.id, sequence }),
    getctag: formatCtag({ collection: c.id, sequence }),
  };
  if (c.component === undefined) {
    return {
      ...base,
      resourcetype: ['collection', 'addressbook'],
      'supported-report-set': ['sync-collection', 'addressbook-multiget', 'addressbook-query'],
      'supported-address-data': [{ contentType: 'text/vcard', version: '3.0' }, { contentType: 'text/vcard', version: '4.0' }],
      'addressbook-max-resource-size': MAX_RESOURCE_BYTES,
    };
  }
  return {
    ...base,
    resourcetype: ['collection', 'calendar'],
    'supported-report-set': ['sync-collection', 'calendar-multiget', 'calendar-query', 'free-busy-query'],
    'supported-calendar-component-set': [c.component],
    'supported-calendar-data': [{ contentType: 'text/calendar', version: '2.0' }],
    'calendar-max-resource-size': MAX_RESOURCE_BYTES,
  };
}

export function itemValues(viewer: Viewer, item: ContentRecord, served: Served): Partial<LiveValues> {
  return {
    ...common(viewer),
    resourcetype: [],
    getetag: served.etag,
    getcontenttype: served.contentType,
    getcontentlength: Buffer.byteLength(served.body, 'utf8'),
    getlastmodified: item.updated.getTime(),
  };
}

const ADDRESS_DATA: QName = { ns: CARDDAV_NS, name: 'address-data' };
const CALENDAR_DATA: QName = { ns: CALDAV_NS, name: 'calendar-data' };
const isData = (n: QName) => (n.ns === ADDRESS_DATA.ns && n.name === ADDRESS_DATA.name) || (n.ns === CALENDAR_DATA.ns && n.name === CALENDAR_DATA.name);

/**
 * An item's propstats: its live properties, and its body as address-data / calendar-data when the
 * selection names them (the reports; PROPFIND too, as some clients ask there).
 */
export function itemPropstats(selection: PropSelection, kind: ResourceKind, values: Partial<LiveValues>, served: Served, minimal: boolean): PropStat[] {
  if (selection.kind !== 'prop') return answerSelection(selection, kind, values, undefined, minimal);
  const data = selection.names.filter(isData);
  if (data.length === 0) return answerSelection(selection, kind, values, undefined, minimal);
  const rest = answerSelection({ kind: 'prop', names: selection.names.filter((n) => !isData(n)) }, kind, values, undefined, minimal);
  const wanted: QName = kind === 'vcard' ? ADDRESS_DATA : CALENDAR_DATA;
  const found: PropValue[] = data.filter((n) => n.name === wanted.name && n.ns === wanted.ns).map((name) => ({ name, value: served.body }));
  const missing = data.filter((n) => !(n.name === wanted.name && n.ns === wanted.ns));
  const ok = rest.find((p) => p.status === 200);
  const others = rest.filter((p) => p.status !== 200);
  const merged: PropStat[] = [{ status: 200, props: [...(ok?.props ?? []), ...found] }];
  if (!minimal && missing.length > 0) {
    const notFound = others.find((p) => p.status === 404);
    const add = missing.map((name) => ({ name }));
    if (notFound) others.splice(others.indexOf(notFound), 1, { ...notFound, props: [...notFound.props, ...add] });
    else others.push({ status: 404, props: add });
  }
  return [...merged.filter((p) => p.props.length > 0), ...others];
}
