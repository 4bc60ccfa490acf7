// Namespaces and qualified names.
export { APPLE_ICAL_NS, CALDAV_NS, CALENDARSERVER_NS, CARDDAV_NS, DAV_NS, PREFIXES, clark, qname, sameName } from './namespaces.js';
export type { QName } from './namespaces.js';

// Errors and preconditions.
export { DavRequestError, DavResponseError, PRECONDITIONS, precondition } from './errors.js';
export type { DavStatus, Precondition, PreconditionKey } from './errors.js';
