/**
 * Where DAV resources live (guide/protocol.md, "CardDAV and CalDAV"): clients find them by discovery from
 * `/.well-known/carddav|caldav` → `/dav/`, then store the paths, so these never change between
 * versions:
 *
 *   /dav/                                        the root
 *   /dav/principals/<user>/                      the account's principal
 *   /dav/addressbooks/<user>/                    its address-book home
 *   /dav/addressbooks/<user>/<datastore>/        a datastore client's Contacts
 *   /dav/calendars/<user>/                       its calendar home
 *   /dav/calendars/<user>/<datastore>/           a datastore client's Events (VEVENT)
 *   /dav/calendars/<user>/<datastore>-tasks/     its Tasks (VTODO), apart: iOS shows a mixed one as empty
 *   …/<collection>/<name>                        an item, under the name its client chose
 *
 * `<user>` is the account's username, `<datastore>` the datastore client's uuid. A collection a
 * DAV client made (MKCALENDAR, extended MKCOL) is found under the segment that client chose
 * (dav_segments, collections.ts), which it keeps; its datastore's other collections stay here.
 */
import { encodeSegment, hrefOf } from '@atomsync/dav';

export const DAV_PREFIX = 'dav';
export type Family = 'addressbooks' | 'calendars';

const TASKS_SUFFIX = '-tasks';

export type DavTarget =
  | { readonly kind: 'root' }
  | { readonly kind: 'principals' }
  | { readonly kind: 'principal'; readonly user: string }
  | { readonly kind: 'home'; readonly family: Family; readonly user: string }
  | { readonly kind: 'collection'; readonly family: Family; readonly user: string; readonly name: string }
  | { readonly kind: 'member'; readonly family: Family; readonly user: string; readonly name: string; readonly member: string };

/** The resource a request path names (decoded segments, as h3 gives the path), undefined when none of ours. */
export function targetOf(pathname: string): DavTarget | undefined {
  // A loop, not filter and map: V8 deoptimised this on map's array in a fresh server (as @atomsync/items trimComponents says).
  const segments: string[] = [];
  try {
    for (const s of pathname.split('/')) if (s !== '') segments.push(decodeURIComponent(s));
  } catch {
    return undefined;
  }
  if (segments[0] !== DAV_PREFIX || segments.some((s) => s === '.' || s === '..' || s.includes('/'))) return undefined;
  const [, area, user, name, member, ...rest] = segments;
  if (rest.length > 0) return undefined;
  if (area === undefined) return { kind: 'root' };
  if (area === 'principals') {
    if (user === undefined) return { kind: 'principals' };
    return name === undefined ? { kind: 'principal', user } : undefined;
  }
  if (area !== 'addressbooks' && area !== 'calendars') return undefined;
  if (user === undefined) return undefined;
  if (name === undefined) return { kind: 'home', family: area, user };
  if (member === undefined) return { kind: 'collection', family: area, user, name };
  return { kind: 'member', family: area, user, name, member };
}

export const rootHref = (): string => `/${DAV_PREFIX}/`;

/** Whether a request path is the DAV root or under it (what the endpoint's `/dav` and `/dav/**` routes take). */
export function underDavRoot(pathname: string): boolean {
  return pathname === `/${DAV_PREFIX}` || pathname.startsWith(`/${DAV_PREFIX}/`);
}
export const principalsHref = (): string => hrefOf([DAV_PREFIX, 'principals'], true);
export const principalHref = (user: string): string => hrefOf([DAV_PREFIX, 'principals', user], true);
export const homeHref = (family: Family, user: string): string => hrefOf([DAV_PREFIX, family, user], true);
export const collectionHref = (family: Family, user: string, name: string): string => hrefOf([DAV_PREFIX, family, user, name], true);
export const memberHref = (family: Family, user: string, name: string, member: string): string => hrefOf([DAV_PREFIX, family, user, name, member], false);

/** memberHref for many members of one collection: its path encoded once, then only each member's name. */
export function memberHrefs(family: Family, user: string, name: string): (member: string) => string {
  const prefix = collectionHref(family, user, name);
  return (member) => prefix + encodeSegment(member);
}

/** The DAV kind of a family's home. */
export const homeKindOf = (family: Family): 'addressbook-home' | 'calendar-home' => (family === 'addressbooks' ? 'addressbook-home' : 'calendar-home');

/** The collection segment of a datastore client's collection of this dataclass. */
export function collectionName(dataclass: 'Contacts' | 'Events' | 'Tasks', datastore: string): string {
  return dataclass === 'Tasks' ? `${datastore}${TASKS_SUFFIX}` : datastore;
}

/** The datastore client and dataclass a collection segment names in a family; undefined when none. */
export function collectionOfName(family: Family, name: string): { datastore: string; dataclass: 'Contacts' | 'Events' | 'Tasks' } | undefined {
  if (family === 'addressbooks') return { datastore: name, dataclass: 'Contacts' };
  if (name.endsWith(TASKS_SUFFIX)) return { datastore: name.slice(0, -TASKS_SUFFIX.length), dataclass: 'Tasks' };
  return { datastore: name, dataclass: 'Events' };
}
