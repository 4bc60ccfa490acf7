/**
 * MKCALENDAR (RFC 4791 §5.3.1) in the calendar home and extended MKCOL (RFC 5689) in either home:
 * each makes a new datastore client of the account (one per collection asked for: the account
 * keeps as many calendars and address books as its clients make, as iOS, DAVx⁵ and Thunderbird
 * expect), named after the display name asked for (else the segment), with the properties the
 * request sets. The segment the client chose (often a random UUID) names that collection from
 * then on (dav_segments); our own layout still names its datastore's other collections.
 *
 * Which collection of the new datastore the segment names: an address book its Contacts; a
 * calendar whose supported-calendar-component-set is VTODO alone its Tasks; any other calendar
 * (none given, VEVENT, or VEVENT with VTODO) its Events — a mixed calendar is kept as events,
 * because our calendars hold one component each (iOS shows a mixed one as empty); its VTODOs go to
 * the datastore's tasks calendar, listed beside it. A set of VJOURNAL alone is refused.
 */
import {
  CALDAV_NS,
  CARDDAV_NS,
  DAV_NS,
  DavRequestError,
  MULTISTATUS_MEDIA_TYPE,
  mkcolResponseBody,
  planProppatch,
  readMkcalendar,
  readMkcol,
  writeMultistatus,
  type CollectionCreation,
  type PropStat,
  type PropertySet,
} from '@atomsync/dav';
import { readBytes } from '../http/body.js';
import { createClientNamed } from '../services/datastore-clients.js';
import { collectionNamed, type DavDataclass } from './collections.js';
import type { DavRequest } from './context.js';
import { collectionHref, type DavTarget, type Family } from './layout.js';
import { MAX_XML_BODY_BYTES } from './propfind.js';
import { applyPlan } from './proppatch.js';
import { notFound } from './resources.js';
import { davAnswer, type DavAnswer } from './answer.js';

/** The longest segment a client may name a collection by (clients use a UUID or a short name). */
export const MAX_SEGMENT_CHARS = 255;

export type CreationMethod = 'MKCOL' | 'MKCALENDAR';

/** Properties that could not be set: nothing was made. */
class NotMade extends Error {
  constructor(readonly propstats: PropStat[]) {
    super('the collection was not made');
  }
}

const mustBeNull = (why: string) => DavRequestError.failed('resource-must-be-null', why);

/** The resource types an extended MKCOL asks for must be those of our collections in that home. */
function checkResourceType(family: Family, creation: CollectionCreation | null): void {
  // A plain MKCOL (no body, RFC 4918 §9.3) makes the one kind this home holds: a client that asks for
  // "a collection" here (litmus, scripts) gets the only collection that can be here. One that names
  // another type in an extended MKCOL is refused below.
  if (creation === null) return;
  const wanted = family === 'addressbooks' ? `{${CARDDAV_NS}}addressbook` : `{${CALDAV_NS}}calendar`;
  const asked = new Set((creation?.resourcetype ?? []).map((t) => `{${t.ns}}${t.name}`));
  asked.delete(`{${DAV_NS}}collection`);
  if (asked.size !== 1 || !asked.has(wanted)) {
    const what = family === 'addressbooks' ? 'an address book (DAV:collection and CARDDAV:addressbook)' : 'a calendar (DAV:collection and CALDAV:calendar)';
    throw DavRequestError.failed('valid-resourcetype', `only ${what} is made here: a plain collection or another type has no place in this home`);
  }
}

const COMPONENT_SET = { ns: CALDAV_NS, name: 'supported-calendar-component-set' };
const isComponentSet = (s: PropertySet) => s.name.ns === COMPONENT_SET.ns && s.name.name === COMPONENT_SET.name;

/** The dataclass the new collection is, from the home and the components asked for. */
function dataclassOf(family: Family, sets: readonly PropertySet[]): DavDataclass {
  if (family === 'addressbooks') return 'Contacts';
  const set = sets.find(isComponentSet);
  if (set === undefined) return 'Events';
  const comps = new Set(
    set.node.children.filter((n) => n.ns === CALDAV_NS && n.name === 'comp').map((n) => (n.attributes.find((a) => a.name === 'name')?.value ?? '').toUpperCase()),
  );
  if (comps.has('VEVENT')) return 'Events';
  if (comps.has('VTODO')) return 'Tasks';
  throw DavRequestError.failed('supported-calendar-component', 'a calendar here keeps VEVENT or VTODO');
}

function failure(method: CreationMethod, href: string, propstats: PropStat[]): DavAnswer {
  // MKCALENDAR answers a multistatus (RFC 4791 §5.3.1.1); extended MKCOL a 403 with its mkcol-response (RFC 5689 §3.3).
  if (method === 'MKCALENDAR') return davAnswer(writeMultistatus([{ href, propstats }]), { status: 207, headers: { 'content-type': MULTISTATUS_MEDIA_TYPE } });
  return davAnswer(mkcolResponseBody(propstats), { status: 403, headers: { 'content-type': MULTISTATUS_MEDIA_TYPE } });
}

export async function makeCollection(req: DavRequest, method: CreationMethod, target: DavTarget): Promise<DavAnswer> {
  // The body first: one we do not understand (not XML, and not labelled XML) is 415 (RFC 4918
  // §9.3.1) wherever it is sent; a body labelled XML that does not parse stays the reader's 400.
  const body = await readBytes(req.event, MAX_XML_BODY_BYTES);
  let asked: CollectionCreation | null;
  try {
    asked = method === 'MKCALENDAR' ? readMkcalendar(body) : readMkcol(body);
  } catch (error) {
    const media = (req.event.req.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (error instanceof DavRequestError && error.status === 400 && media !== '' && !media.endsWith('/xml') && !media.endsWith('+xml')) {
      throw new DavRequestError(415, `a ${method} body is XML (application/xml), not ${media.slice(0, 100)}`);
    }
    throw error;
  }
  const { id: accountId, username } = req.account;
  if ('user' in target && target.user !== username) throw notFound('such principal');
  if (target.kind === 'member') {
    if (method === 'MKCALENDAR') throw DavRequestError.failed('calendar-collection-location-ok', 'calendars are made in the calendar home, not inside a collection');
    throw new DavRequestError(403, 'collections are made in a home, not inside a collection');
  }
  if (target.kind !== 'collection') throw mustBeNull('this resource exists');
  const family = target.family;
  if (method === 'MKCALENDAR' && family !== 'calendars') throw DavRequestError.failed('calendar-collection-location-ok', 'calendars are made in the calendar home');
  if (target.name.length > MAX_SEGMENT_CHARS) throw DavRequestError.badRequest(`a collection's name is at most ${MAX_SEGMENT_CHARS} characters`);
  if ((await collectionNamed(req.store, accountId, family, target.name)) !== undefined) throw mustBeNull('a collection exists at this URL');

  if (method === 'MKCOL') checkResourceType(family, asked);
  const creation: CollectionCreation = asked ?? { resourcetype: [], set: [] };
  const dataclass = dataclassOf(family, creation.set);
  // The component set is the collection's kind, consumed here; the rest are properties as PROPPATCH's.
  const sets = creation.set.filter((s) => !isComponentSet(s));
  const plan = planProppatch(sets, family === 'addressbooks' ? 'addressbook' : 'calendar');
  const href = collectionHref(family, username, target.name);
  if (!plan.apply) return failure(method, href, plan.propstats);
  const displayname = plan.live.get('displayname');
  const label = typeof displayname === 'string' && displayname.trim() !== '' ? displayname : target.name;

  try {
    await req.store.transaction(
      async (tx) => {
        const client = await createClientNamed(tx, accountId, label);
        if (!(await tx.davSegments.add({ accountId, family, segment: target.name, clientUuid: client.uuid, dataclass }))) throw mustBeNull('a collection exists at this URL');
        const propstats = await applyPlan(req.store, { accountId, uuid: client.uuid, dataclass }, plan, sets);
        if (propstats.some((p) => p.status !== 200)) throw new NotMade(propstats);
      },
      { retry: true },
    );
  } catch (error) {
    if (error instanceof NotMade) return failure(method, href, error.propstats);
    throw error;
  }
  return davAnswer(null, { status: 201, headers: { 'content-length': '0' } });
}
