/**
 * The live property values a DAV server gives each kind of resource, computed from plain facts the
 * server looked up (its hrefs, a collection's id, change sequence and component, what clients set
 * on it); the PROPERTIES table writes them. Which properties each kind answers is here once: the
 * reports a collection supports (RFC 3253 §3.1.5) are the ones the REPORT dispatch accepts
 * (reports.ts), the data types and the resource size are what a PUT is checked against.
 */
import { DAV_NS, type QName } from '../namespaces.js';
import { formatCtag, formatSyncToken } from '../rules/sync-token.js';
import type { ReportName } from '../requests/report.js';
import type { CalendarComponent, LiveValues, MediaTypeVersion } from '../properties.js';
import type { ResourceKind } from '../rules/options.js';
import { settableValues } from './stored.js';

/** The two kinds of collection a home holds (the same as the client's CollectionKind). */
export type CollectionKind = Extract<ResourceKind, 'addressbook' | 'calendar'>;

/** The largest item a PUT stores (advertised as max-resource-size: a card with several MB of photo fits). */
export const MAX_RESOURCE_BYTES = 10 * 1024 * 1024;

/** The REPORTs answered on each kind of collection, in the order supported-report-set lists them. */
export const SUPPORTED_REPORTS: Readonly<Record<CollectionKind, readonly ReportName[]>> = {
  addressbook: ['sync-collection', 'addressbook-multiget', 'addressbook-query'],
  calendar: ['sync-collection', 'calendar-multiget', 'calendar-query', 'free-busy-query'],
};

/** The vCard forms an address book serves (RFC 6352 §6.2.2): 3.0 by default, 4.0 when asked. */
export const SUPPORTED_ADDRESS_DATA: readonly MediaTypeVersion[] = [
  { contentType: 'text/vcard', version: '3.0' },
  { contentType: 'text/vcard', version: '4.0' },
];
export const SUPPORTED_CALENDAR_DATA: readonly MediaTypeVersion[] = [{ contentType: 'text/calendar', version: '2.0' }];

const privilege = (name: string): QName => ({ ns: DAV_NS, name });
/** Everything on what the signed-in principal owns (RFC 3744 §5.4). */
export const OWNER_PRIVILEGES: readonly QName[] = ['read', 'write', 'write-properties', 'write-content', 'bind', 'unbind', 'read-current-user-privilege-set'].map(privilege);
/** What the shared root grants: it is read, never written. */
export const READ_PRIVILEGES: readonly QName[] = ['read', 'read-current-user-privilege-set'].map(privilege);

/** The signed-in principal, as every resource names it. */
export interface PrincipalFacts {
  /** The principal's href (current-user-principal, owner, principal-URL). */
  readonly href: string;
  /** The collection holding the principals (principal-collection-set). */
  readonly collection: string;
  readonly displayname: string;
  readonly addressbookHome: string;
  readonly calendarHome: string;
}

/** What every resource the principal owns answers alike (RFC 5397, RFC 3744 §5.1, §5.4). */
export function ownedValues(principal: string): Partial<LiveValues> {
  return { 'current-user-principal': principal, 'current-user-privilege-set': OWNER_PRIVILEGES, owner: principal };
}

/** The DAV root: current-user-principal is answered here, where discovery starts (RFC 6764 §6). */
export function rootValues(principal: Pick<PrincipalFacts, 'href' | 'collection'>): Partial<LiveValues> {
  return {
    resourcetype: ['collection'],
    displayname: 'atomsync',
    'current-user-principal': principal.href,
    'current-user-privilege-set': READ_PRIVILEGES,
    'principal-collection-set': [principal.collection],
    'supported-report-set': [],
  };
}

/** The principal: its homes (RFC 6352 §7.1.1, RFC 4791 §6.2.1) and its calendar user address. */
export function principalValues(principal: PrincipalFacts): Partial<LiveValues> {
  return {
    ...ownedValues(principal.href),
    resourcetype: ['collection', 'principal'],
    displayname: principal.displayname,
    'principal-URL': principal.href,
    'principal-collection-set': [principal.collection],
    'addressbook-home-set': [principal.addressbookHome],
    'calendar-home-set': [principal.calendarHome],
    'calendar-user-address-set': [principal.href],
    'supported-report-set': [],
  };
}

/** A home: a plain collection of collections. */
export function homeValues(principal: string, kind: 'addressbook-home' | 'calendar-home'): Partial<LiveValues> {
  return { ...ownedValues(principal), resourcetype: ['collection'], displayname: kind === 'addressbook-home' ? 'Address books' : 'Calendars', 'supported-report-set': [] };
}

/** What the server knows of one address book or calendar. */
export interface CollectionFacts {
  /** A calendar's one component; undefined for an address book. */
  readonly component: CalendarComponent | undefined;
  /** Its id in sync tokens (URI-unreserved: see formatSyncToken). */
  readonly id: string;
  /** Its change sequence now: the sync token and the ctag. */
  readonly sequence: number;
  /** Its name unless a client set one (PROPPATCH, MKCALENDAR, extended MKCOL). */
  readonly displayname: string;
}

export const collectionKindOf = (component: CalendarComponent | undefined): CollectionKind => (component === undefined ? 'addressbook' : 'calendar');

/**
 * A collection's live values; `stored` is what clients set on it (Clark name → text, as kept): a
 * displayname set there overrides the server's, and the other settable live properties are read
 * back from it.
 */
export function collectionValues(principal: string, c: CollectionFacts, stored: ReadonlyMap<string, string> = new Map()): Partial<LiveValues> {
  const base: Partial<LiveValues> = {
    ...ownedValues(principal),
    displayname: c.displayname,
    ...settableValues(stored),
    'sync-token': formatSyncToken({ collection: c.id, sequence: c.sequence }),
    getctag: formatCtag({ collection: c.id, sequence: c.sequence }),
  };
  if (c.component === undefined) {
    return {
      ...base,
      resourcetype: ['collection', 'addressbook'],
      'supported-report-set': SUPPORTED_REPORTS.addressbook,
      'supported-address-data': SUPPORTED_ADDRESS_DATA,
      'addressbook-max-resource-size': MAX_RESOURCE_BYTES,
    };
  }
  return {
    ...base,
    resourcetype: ['collection', 'calendar'],
    'supported-report-set': SUPPORTED_REPORTS.calendar,
    'supported-calendar-component-set': [c.component],
    'supported-calendar-data': SUPPORTED_CALENDAR_DATA,
    'calendar-max-resource-size': MAX_RESOURCE_BYTES,
  };
}
