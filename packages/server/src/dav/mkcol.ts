/**
 * MKCALENDAR (RFC 4791 §5.3.1) in the calendar home and extended MKCOL (RFC 5689) in either home:
 * each makes a new datastore client of the account (one per collection asked for: the account
 * keeps as many calendars and address books as its clients make, as iOS, DAVx⁵ and Thunderbird
 * expect), named after the display name asked for (else the segment), with the properties the
 * request sets. The segment the client chose (often a random UUID) names that collection from
 * then on (dav_segments); our own layout still names its datastore's other collections.
 *
 * What may be made where, of which kind, and the answers are @atomsync/dav's (checkCreationPlace,
 * planCreation, creationFailure); here the collection becomes a datastore: an address book its
 * Contacts, a VTODO calendar its Tasks, a VEVENT one its Events — a mixed calendar is kept as
 * events, its VTODOs going to the datastore's tasks calendar, listed beside it.
 */
import { CREATED, checkCreationIn, collectionExists, creationFailure, creationRefusedAt, planCreation, readCreation, type CreationMethod, type DavReply, type PropStat } from '@atomsync/dav';
import { readBytes } from '../http/body.js';
import { createClientNamed } from '../services/datastore-clients.js';
import { collectionNamed, type DavDataclass } from './collections.js';
import type { DavRequest } from './context.js';
import { collectionHref, homeKindOf, type DavTarget } from './layout.js';
import { MAX_XML_BODY_BYTES } from './propfind.js';
import { applyPlan } from './proppatch.js';
import { notFound } from './resources.js';
import { davAnswer, type DavAnswer } from './answer.js';

/** Properties that could not be set: nothing was made. */
class NotMade extends Error {
  constructor(readonly propstats: PropStat[]) {
    super('the collection was not made');
  }
}

const reply = (r: DavReply): DavAnswer => davAnswer(r.body, r);

export async function makeCollection(req: DavRequest, method: CreationMethod, target: DavTarget): Promise<DavAnswer> {
  // The body first: one we do not understand is 415 wherever it is sent.
  const asked = readCreation(method, await readBytes(req.event, MAX_XML_BODY_BYTES), req.event.req.headers.get('content-type'));
  const { id: accountId, username } = req.account;
  if ('user' in target && target.user !== username) throw notFound('such principal');
  if (target.kind === 'member') throw creationRefusedAt(method, 'member');
  if (target.kind !== 'collection') throw creationRefusedAt(method, 'existing');
  const family = target.family;
  const home = homeKindOf(family);
  checkCreationIn(method, home, target.name);
  if ((await collectionNamed(req.store, accountId, family, target.name)) !== undefined) throw collectionExists();

  const { component, sets, plan, label } = planCreation(method, home, asked, target.name);
  const dataclass: DavDataclass = component === undefined ? 'Contacts' : component === 'VTODO' ? 'Tasks' : 'Events';
  const href = collectionHref(family, username, target.name);
  if (!plan.apply) return reply(creationFailure(method, href, plan.propstats));

  try {
    await req.store.transaction(
      async (tx) => {
        const client = await createClientNamed(tx, accountId, label);
        if (!(await tx.davSegments.add({ accountId, family, segment: target.name, clientUuid: client.uuid, dataclass }))) throw collectionExists();
        const propstats = await applyPlan(req.store, { accountId, uuid: client.uuid, dataclass }, plan, sets);
        if (propstats.some((p) => p.status !== 200)) throw new NotMade(propstats);
      },
      { retry: true },
    );
  } catch (error) {
    if (error instanceof NotMade) return reply(creationFailure(method, href, error.propstats));
    throw error;
  }
  return reply(CREATED);
}
