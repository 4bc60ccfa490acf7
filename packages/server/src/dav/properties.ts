/**
 * The live property values of each kind of DAV resource, computed from the account, its
 * datastores and their items; @atomsync/dav's table writes them. The data properties of the
 * REPORTs (CARDDAV:address-data, CALDAV:calendar-data) are the item's served body.
 */
import {
  CALDAV_NS,
  CARDDAV_NS,
  DAV_NS,
  planSelection,
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
import type { ContentRecord } from '@atomsync/store';
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

/** The live values of an item that differ from item to item; the rest are the same for all the viewer's items. */
const ITEM_VARYING = ['getetag', 'getcontenttype', 'getcontentlength', 'getlastmodified'] as const;

const ADDRESS_DATA: QName = { ns: CARDDAV_NS, name: 'address-data' };
const CALENDAR_DATA: QName = { ns: CALDAV_NS, name: 'calendar-data' };
const isData = (n: QName) => (n.ns === ADDRESS_DATA.ns && n.name === ADDRESS_DATA.name) || (n.ns === CALENDAR_DATA.ns && n.name === CALENDAR_DATA.name);

/** How a selection is answered for each item of one kind: worked out once per request, not per item. */
export interface ItemAnswer {
  /** Whether the answer writes anything of the body (its data, its length), not only the ETag and type. */
  readonly needsBody: boolean;
  /**
   * An item's propstats: its live properties, and `data` (its served body unless the caller says
   * otherwise: an expanded calendar) as address-data / calendar-data when the selection names them.
   */
  propstats(item: Pick<ContentRecord, 'updated'>, served: Served, data?: string): PropStat[];
}

/**
 * The answer to `selection` for the viewer's items of a kind (the reports' data properties, and
 * PROPFIND's too, as some clients ask there). What every item shares — the owner and principal,
 * the privileges, which properties are found and which are not — is worked out here once, so a
 * listing of 100,000 items computes only each one's ETag, type, length and date (and only those asked).
 */
export function itemAnswer(viewer: Viewer, selection: PropSelection, kind: ResourceKind, minimal: boolean): ItemAnswer {
  const shared: Partial<LiveValues> = { ...common(viewer), resourcetype: [] };
  const data = selection.kind === 'prop' ? selection.names.filter(isData) : [];
  const live: PropSelection = data.length === 0 ? selection : { kind: 'prop', names: selection.kind === 'prop' ? selection.names.filter((n) => !isData(n)) : [] };
  const plan = planSelection(live, kind, shared, ITEM_VARYING, minimal);
  const length = plan.wants('getcontentlength');
  const modified = plan.wants('getlastmodified');
  const values = (item: Pick<ContentRecord, 'updated'>, served: Served) =>
    plan.answer({
      getetag: served.etag,
      getcontenttype: served.contentType,
      // Only when asked: the length is a pass over the body, the date an allocation.
      getcontentlength: length ? Buffer.byteLength(served.body, 'utf8') : 0,
      getlastmodified: modified ? item.updated.getTime() : 0,
    });
  if (data.length === 0) return { needsBody: length, propstats: values };
  const wanted: QName = kind === 'vcard' ? ADDRESS_DATA : CALENDAR_DATA;
  const asked = data.filter((n) => n.name === wanted.name && n.ns === wanted.ns);
  const missing = data.filter((n) => !(n.name === wanted.name && n.ns === wanted.ns));
  return {
    needsBody: true,
    propstats(item, served, body = served.body) {
      const rest = values(item, served);
      const found: PropValue[] = asked.map((name) => ({ name, value: body }));
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
    },
  };
}
