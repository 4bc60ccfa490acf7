/**
 * The namespaces of the DAV wire and the prefixes we write them with. Readers never rely on a
 * prefix (clients choose their own); the writer declares these five once on the multistatus root.
 */
export const DAV_NS = 'DAV:';
export const CARDDAV_NS = 'urn:ietf:params:xml:ns:carddav';
export const CALDAV_NS = 'urn:ietf:params:xml:ns:caldav';
/** CalendarServer's extensions: getctag, which macOS and older DAVx⁵ still ask for. */
export const CALENDARSERVER_NS = 'http://calendarserver.org/ns/';
/** Apple's iCal extensions: calendar-color, calendar-order. */
export const APPLE_ICAL_NS = 'http://apple.com/ns/ical/';

/** Prefix per namespace, as written by the multistatus and error writers. */
export const PREFIXES: ReadonlyMap<string, string> = new Map([
  [DAV_NS, 'd'],
  [CARDDAV_NS, 'card'],
  [CALDAV_NS, 'cal'],
  [CALENDARSERVER_NS, 'cs'],
  [APPLE_ICAL_NS, 'ical'],
]);

/** The declarations that go with PREFIXES, for a document's root element. */
export const PREFIX_DECLARATIONS = [...PREFIXES].map(([ns, prefix]) => ` xmlns:${prefix}="${ns}"`).join('');

/** A qualified name: a namespace and a local name (Clark notation `{ns}name` in messages). */
export interface QName {
  readonly ns: string;
  readonly name: string;
}

export const qname = (ns: string, name: string): QName => ({ ns, name });
export const clark = (q: QName): string => `{${q.ns}}${q.name}`;
export const sameName = (a: QName, b: QName): boolean => a.ns === b.ns && a.name === b.name;
