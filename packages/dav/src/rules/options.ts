/**
 * What OPTIONS answers on every DAV URL: the `DAV` header (compliance classes and the CardDAV /
 * CalDAV / extended MKCOL tokens — DAVx⁵ rejects a principal whose OPTIONS lacks `addressbook` or
 * `calendar-access`) and `Allow`, per kind of resource.
 */

/** RFC 4918 classes 1 and 3 (no locking: class 2 is not claimed), RFC 5689, RFC 6352, RFC 4791. */
export const DAV_COMPLIANCE = '1, 3, extended-mkcol, addressbook, calendar-access';

export type ResourceKind = 'root' | 'principal' | 'addressbook-home' | 'calendar-home' | 'addressbook' | 'calendar' | 'vcard' | 'icalendar';

export const RESOURCE_KINDS: readonly ResourceKind[] = ['root', 'principal', 'addressbook-home', 'calendar-home', 'addressbook', 'calendar', 'vcard', 'icalendar'];

/**
 * What every resource takes. GET and HEAD are for items only: a collection has no representation
 * here (RFC 4918 §9.4 leaves GET of a collection to the server), so they answer 405 with this
 * Allow — not 404, which says the URL is not there (Thunderbird's calendar detection HEADs and GETs
 * the URL it was given, and then PROPFINDs it).
 */
const READ = ['OPTIONS', 'PROPFIND', 'REPORT'] as const;

/**
 * The methods each kind answers. Homes create collections (extended MKCOL; MKCALENDAR in the
 * calendar home); collections take PROPPATCH (displayname, colour, order, description, timezone and
 * dead properties) and PUT of members goes to the member's URL; items are read, written and deleted.
 * A collection a DAV client made may be deleted (the server says when it may not).
 */
export const ALLOWED_METHODS: Readonly<Record<ResourceKind, readonly string[]>> = {
  root: READ,
  principal: READ,
  'addressbook-home': [...READ, 'MKCOL'],
  'calendar-home': [...READ, 'MKCOL', 'MKCALENDAR'],
  addressbook: [...READ, 'PROPPATCH', 'DELETE'],
  calendar: [...READ, 'PROPPATCH', 'DELETE'],
  vcard: ['OPTIONS', 'GET', 'HEAD', 'PUT', 'DELETE', 'PROPFIND'],
  icalendar: ['OPTIONS', 'GET', 'HEAD', 'PUT', 'DELETE', 'PROPFIND'],
};

/** The OPTIONS headers of a resource of this kind. */
export function optionsHeaders(kind: ResourceKind): { readonly DAV: string; readonly Allow: string } {
  return { DAV: DAV_COMPLIANCE, Allow: ALLOWED_METHODS[kind].join(', ') };
}
