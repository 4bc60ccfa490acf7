/**
 * What goes wrong, as typed values. DavRequestError: a request the server refuses — a body that
 * is not the XML we read (400), or a precondition of RFC 4918/3253/3744/6352/4791/6578 that does
 * not hold (403, 409, 415, 507), carrying the precondition so the server answers the RFC's
 * `DAV:error` body (errorBody in write/error.ts). DavResponseError: a server's answer the client
 * half cannot read (a multistatus that is not one, or past a bound). Nothing else is thrown.
 */
import { CALDAV_NS, CARDDAV_NS, DAV_NS, type QName } from './namespaces.js';

/** The preconditions we name, as data: where each is defined and the status it goes with. */
export const PRECONDITIONS = {
  // RFC 6578 §3.2: a token that is malformed, of another collection, or no longer known.
  'valid-sync-token': { ns: DAV_NS, status: 403 },
  // RFC 3253 §3.6: a REPORT the resource does not support.
  'supported-report': { ns: DAV_NS, status: 403 },
  // RFC 4918 §9.1: PROPFIND with Depth: infinity refused.
  'propfind-finite-depth': { ns: DAV_NS, status: 403 },
  // RFC 5323 §5.17 / RFC 6578 §3.2: a result past the server's (or the client's DAV:limit) bound.
  'number-of-matches-within-limits': { ns: DAV_NS, status: 507 },
  // RFC 3744 §7.1.1: the signed-in principal lacks a privilege (with the resource and privilege).
  'need-privileges': { ns: DAV_NS, status: 403 },
  // RFC 4918 §16: PROPPATCH of a live, protected property.
  'cannot-modify-protected-property': { ns: DAV_NS, status: 403 },
  // RFC 5689 §3.3 / RFC 4918: MKCOL where something exists, or of a resource type we do not make.
  'resource-must-be-null': { ns: DAV_NS, status: 405 },
  'valid-resourcetype': { ns: DAV_NS, status: 403 },
  // RFC 6352 §6.3.2.1 (CardDAV PUT/COPY/MOVE) and §8.6/8.7 (REPORTs).
  'supported-address-data': { ns: CARDDAV_NS, status: 403 },
  'supported-address-data-conversion': { ns: CARDDAV_NS, status: 403 },
  'valid-address-data': { ns: CARDDAV_NS, status: 403 },
  'addressbook-no-uid-conflict': { ns: CARDDAV_NS, status: 409 },
  'addressbook-max-resource-size': { ns: CARDDAV_NS, status: 403 },
  'addressbook-supported-filter': { ns: CARDDAV_NS, status: 403 },
  'addressbook-supported-collation': { ns: CARDDAV_NS, status: 403 },
  // RFC 4791 §5.3.2.1 (PUT), §7.8/7.9 (REPORTs), §5.3.1.2 (MKCALENDAR).
  'supported-calendar-data': { ns: CALDAV_NS, status: 403 },
  'valid-calendar-data': { ns: CALDAV_NS, status: 403 },
  'valid-calendar-object-resource': { ns: CALDAV_NS, status: 403 },
  'supported-calendar-component': { ns: CALDAV_NS, status: 403 },
  'calendar-no-uid-conflict': { ns: CALDAV_NS, status: 409 },
  'calendar-max-resource-size': { ns: CALDAV_NS, status: 403 },
  'valid-filter': { ns: CALDAV_NS, status: 403 },
  'calendar-supported-filter': { ns: CALDAV_NS, status: 403 },
  'calendar-supported-collation': { ns: CALDAV_NS, status: 403 },
  'calendar-collection-location-ok': { ns: CALDAV_NS, status: 403 },
} as const satisfies Record<string, { ns: string; status: number }>;

export type PreconditionKey = keyof typeof PRECONDITIONS;

/**
 * A precondition as written in the body. Keys prefixed with the protocol (addressbook-, calendar-)
 * name the same element in its own namespace: `no-uid-conflict` exists in both CardDAV and CalDAV.
 */
export interface Precondition {
  readonly key: PreconditionKey;
  /** The element's qualified name. */
  readonly element: QName;
  /** no-uid-conflict: the href that already holds the UID; need-privileges: the resource. */
  readonly href?: string;
  /** need-privileges: the privilege missing on `href` (DAV:read, DAV:write…). */
  readonly privilege?: QName;
}

const ELEMENT_NAME = /^(?:addressbook|calendar)-(no-uid-conflict|max-resource-size|supported-filter|supported-collation)$/;

export function precondition(key: PreconditionKey, extra: { href?: string; privilege?: QName } = {}): Precondition {
  const name = ELEMENT_NAME.exec(key)?.[1] ?? key;
  return { key, element: { ns: PRECONDITIONS[key].ns, name }, ...extra };
}

export type DavStatus = 400 | 403 | 404 | 405 | 409 | 412 | 415 | 507;

export class DavRequestError extends Error {
  override readonly name = 'DavRequestError';
  readonly status: DavStatus;
  readonly precondition: Precondition | undefined;

  constructor(status: DavStatus, message: string, precondition?: Precondition, options?: { cause?: unknown }) {
    super(message, options);
    this.status = status;
    this.precondition = precondition;
  }

  /** A 400: a body we do not read. */
  static badRequest(message: string, options?: { cause?: unknown }): DavRequestError {
    return new DavRequestError(400, message, undefined, options);
  }

  /** A failed precondition, with the status the RFC gives it (or the one the caller must use). */
  static failed(key: PreconditionKey, message: string, extra: { href?: string; privilege?: QName; status?: DavStatus } = {}): DavRequestError {
    const { status, ...rest } = extra;
    return new DavRequestError(status ?? PRECONDITIONS[key].status, message, precondition(key, rest));
  }
}

export class DavResponseError extends Error {
  override readonly name = 'DavResponseError';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}
