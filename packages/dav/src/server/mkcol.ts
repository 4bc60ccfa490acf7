/**
 * MKCALENDAR (RFC 4791 §5.3.1) and extended MKCOL (RFC 5689) on the server side, without a store:
 * the body read (415 for one that is not XML, RFC 4918 §9.3.1), where a collection may be made
 * (a new URL in a home: MKCALENDAR in the calendar home alone, §5.3.1.2
 * calendar-collection-location-ok; never inside a collection; never over a resource, RFC 4918
 * §9.3.1 resource-must-be-null), the resource type asked (RFC 5689 §3.3 valid-resourcetype), the
 * calendar's component, the properties it sets (all or nothing, as PROPPATCH's: rules/proppatch.ts)
 * and the answer when they cannot be set.
 *
 * A calendar here holds one component: a supported-calendar-component-set of VTODO alone makes a
 * VTODO calendar; any other (none given, VEVENT, or VEVENT with VTODO) a VEVENT one — iOS shows a
 * mixed calendar as empty; a set of neither (VJOURNAL alone) is refused
 * (CALDAV:supported-calendar-component).
 */
import { DavRequestError } from '../errors.js';
import { CALDAV_NS, CARDDAV_NS, DAV_NS, clark } from '../namespaces.js';
import { MULTISTATUS_MEDIA_TYPE, mkcolResponseBody } from '../multistatus/write.js';
import type { PropStat } from '../multistatus/model.js';
import type { Body } from '../requests/common.js';
import { readMkcalendar, readMkcol, type CollectionCreation, type PropertySet } from '../requests/proppatch.js';
import { planProppatch, type ProppatchPlan } from '../rules/proppatch.js';
import { propstatsReply, type DavReply } from './reply.js';
import type { CollectionKind } from './values.js';

export type CreationMethod = 'MKCOL' | 'MKCALENDAR';

/** The longest segment a client may name a collection or an item by (clients use a UUID, a UID or a short name). */
export const MAX_SEGMENT_CHARS = 255;

/** Refuses a segment past MAX_SEGMENT_CHARS (400); `what` names it in the message. */
export function checkSegmentLength(segment: string, what: string): void {
  if (segment.length > MAX_SEGMENT_CHARS) throw DavRequestError.badRequest(`${what} is at most ${MAX_SEGMENT_CHARS} characters`);
}

const mustBeNull = (why: string) => DavRequestError.failed('resource-must-be-null', why);

/** MKCOL or MKCALENDAR where a collection is already (405 resource-must-be-null). */
export const collectionExists = (): DavRequestError => mustBeNull('a collection exists at this URL');

/**
 * The creation a body asks for: null for a plain MKCOL (no body, RFC 4918 §9.3). A body we do not
 * understand — not XML, and not labelled XML — is 415 (RFC 4918 §9.3.1); a body labelled XML that
 * does not parse stays the reader's 400.
 */
export function readCreation(method: CreationMethod, body: Body, contentType: string | null): CollectionCreation | null {
  try {
    return method === 'MKCALENDAR' ? readMkcalendar(body) : readMkcol(body);
  } catch (error) {
    const media = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
    if (error instanceof DavRequestError && error.status === 400 && media !== '' && !media.endsWith('/xml') && !media.endsWith('+xml')) {
      throw new DavRequestError(415, `a ${method} body is XML (application/xml), not ${media.slice(0, 100)}`);
    }
    throw error;
  }
}

/**
 * The refusal of a creation at a URL that is not a new name in a home: a name inside a collection
 * (`member`) or a resource that exists (the root, a principal, a home).
 */
export function creationRefusedAt(method: CreationMethod, place: 'member' | 'existing'): DavRequestError {
  if (place === 'existing') return mustBeNull('this resource exists');
  if (method === 'MKCALENDAR') return DavRequestError.failed('calendar-collection-location-ok', 'calendars are made in the calendar home, not inside a collection');
  return new DavRequestError(403, 'collections are made in a home, not inside a collection');
}

/** Refuses a creation at a new name in a home where it is not made: a calendar outside the calendar home, a name too long. (Whether a collection is at that name already is the caller's to look up: collectionExists.) */
export function checkCreationIn(method: CreationMethod, home: 'addressbook-home' | 'calendar-home', segment: string): void {
  if (method === 'MKCALENDAR' && home !== 'calendar-home') throw DavRequestError.failed('calendar-collection-location-ok', 'calendars are made in the calendar home');
  checkSegmentLength(segment, "a collection's name");
}

/** The resource types an extended MKCOL asks for must be those of the collections of that home. */
function checkResourceType(home: 'addressbook-home' | 'calendar-home', creation: CollectionCreation | null): void {
  // A plain MKCOL (no body, RFC 4918 §9.3) makes the one kind this home holds: a client that asks for
  // "a collection" here (litmus, scripts) gets the only collection that can be here. One that names
  // another type in an extended MKCOL is refused below.
  if (creation === null) return;
  const wanted = home === 'addressbook-home' ? `{${CARDDAV_NS}}addressbook` : `{${CALDAV_NS}}calendar`;
  const asked = new Set(creation.resourcetype.map(clark));
  asked.delete(`{${DAV_NS}}collection`);
  if (asked.size !== 1 || !asked.has(wanted)) {
    const what = home === 'addressbook-home' ? 'an address book (DAV:collection and CARDDAV:addressbook)' : 'a calendar (DAV:collection and CALDAV:calendar)';
    throw DavRequestError.failed('valid-resourcetype', `only ${what} is made here: a plain collection or another type has no place in this home`);
  }
}

const COMPONENT_SET = `{${CALDAV_NS}}supported-calendar-component-set`;
const isComponentSet = (s: PropertySet) => clark(s.name) === COMPONENT_SET;

/** A new calendar's one component, from the supported-calendar-component-set asked for (see above). */
function componentOf(sets: readonly PropertySet[]): 'VEVENT' | 'VTODO' {
  const set = sets.find(isComponentSet);
  if (set === undefined) return 'VEVENT';
  const comps = new Set(
    set.node.children.filter((n) => n.ns === CALDAV_NS && n.name === 'comp').map((n) => (n.attributes.find((a) => a.name === 'name')?.value ?? '').toUpperCase()),
  );
  if (comps.has('VEVENT')) return 'VEVENT';
  if (comps.has('VTODO')) return 'VTODO';
  throw DavRequestError.failed('supported-calendar-component', 'a calendar here keeps VEVENT or VTODO');
}

export interface CreationPlan {
  readonly kind: CollectionKind;
  /** A calendar's one component; undefined for an address book. */
  readonly component: 'VEVENT' | 'VTODO' | undefined;
  /** The properties to keep, as PROPPATCH's (the component set is the collection's kind, consumed here). */
  readonly sets: readonly PropertySet[];
  readonly plan: ProppatchPlan;
  /** What to name the new collection by: the displayname asked for, else its segment. */
  readonly label: string;
}

/** What a creation in `home` at `segment` makes; `plan.apply` false: nothing (answer creationFailure). */
export function planCreation(method: CreationMethod, home: 'addressbook-home' | 'calendar-home', asked: CollectionCreation | null, segment: string): CreationPlan {
  if (method === 'MKCOL') checkResourceType(home, asked);
  const creation: CollectionCreation = asked ?? { resourcetype: [], set: [] };
  const kind: CollectionKind = home === 'addressbook-home' ? 'addressbook' : 'calendar';
  const component = kind === 'addressbook' ? undefined : componentOf(creation.set);
  const sets = creation.set.filter((s) => !isComponentSet(s));
  const plan = planProppatch(sets, kind);
  const displayname = plan.live.get('displayname');
  const label = typeof displayname === 'string' && displayname.trim() !== '' ? displayname : segment;
  return { kind, component, sets, plan, label };
}

/** The answer when the properties could not be set and nothing was made: MKCALENDAR a multistatus (RFC 4791 §5.3.1.1), extended MKCOL a 403 with its mkcol-response (RFC 5689 §3.3). */
export function creationFailure(method: CreationMethod, href: string, propstats: readonly PropStat[]): DavReply {
  if (method === 'MKCALENDAR') return propstatsReply(href, propstats);
  return { status: 403, headers: { 'content-type': MULTISTATUS_MEDIA_TYPE }, body: mkcolResponseBody(propstats) };
}

/** A collection made: 201, no body. */
export const CREATED: DavReply = { status: 201, headers: { 'content-length': '0' }, body: null };
