/**
 * What a client reads of one collection (PROPFIND Depth 0, CLIENT_PROPS.collection): its kind, its
 * sync token and ctag, whether it offers sync-collection, and the calendar components it holds.
 * Pure: read from a ReadResponse.
 */
import { CALDAV_NS, CALENDARSERVER_NS, CARDDAV_NS, DAV_NS } from '../namespaces.js';
import { foundProp, type ReadResponse } from '../multistatus/read.js';
import type { XmlNode } from '../xml/tree.js';

export type CollectionKind = 'addressbook' | 'calendar';

export interface CollectionState {
  /** addressbook or calendar; undefined: a plain collection or no collection at all. */
  readonly kind: CollectionKind | undefined;
  readonly isCollection: boolean;
  readonly displayName: string | undefined;
  readonly syncToken: string | undefined;
  readonly ctag: string | undefined;
  /** The server lists sync-collection among the collection's reports (RFC 6578 §3.1). */
  readonly syncCollection: boolean;
  /** VEVENT, VTODO…; empty when the server does not say (then any, RFC 4791 §5.2.3). */
  readonly components: readonly string[];
}

const descendants = function* (node: XmlNode): Generator<XmlNode> {
  for (const child of node.children) {
    yield child;
    yield* descendants(child);
  }
};

export function collectionStateOf(response: ReadResponse): CollectionState {
  const types = foundProp(response, DAV_NS, 'resourcetype')?.node.children ?? [];
  const has = (ns: string, name: string) => types.some((t) => t.ns === ns && t.name === name);
  const kind: CollectionKind | undefined = has(CARDDAV_NS, 'addressbook') ? 'addressbook' : has(CALDAV_NS, 'calendar') ? 'calendar' : undefined;
  const reports = foundProp(response, DAV_NS, 'supported-report-set')?.node;
  const syncCollection = reports !== undefined && [...descendants(reports)].some((n) => n.ns === DAV_NS && n.name === 'sync-collection');
  const componentSet = foundProp(response, CALDAV_NS, 'supported-calendar-component-set')?.node;
  const components = (componentSet?.children ?? [])
    .filter((c) => c.ns === CALDAV_NS && c.name === 'comp')
    .map((c) => c.attributes.find((a) => a.name === 'name')?.value.toUpperCase())
    .filter((c): c is string => c !== undefined);
  const text = (ns: string, name: string) => {
    const value = foundProp(response, ns, name)?.text.trim();
    return value === undefined || value === '' ? undefined : value;
  };
  return {
    kind,
    isCollection: has(DAV_NS, 'collection'),
    displayName: text(DAV_NS, 'displayname'),
    syncToken: text(DAV_NS, 'sync-token'),
    ctag: text(CALENDARSERVER_NS, 'getctag'),
    syncCollection,
    components,
  };
}

/** The text of an href property (current-user-principal, the home sets): every href in it. */
export function hrefsOf(response: ReadResponse, ns: string, name: string): string[] {
  const node = foundProp(response, ns, name)?.node;
  return (node?.children ?? []).filter((c) => c.ns === DAV_NS && c.name === 'href').map((c) => c.text.trim()).filter((h) => h !== '');
}
