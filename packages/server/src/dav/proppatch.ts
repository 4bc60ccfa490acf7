/**
 * PROPPATCH (RFC 4918 §9.2) of a collection: displayname, calendar-color, calendar-order, the
 * descriptions, calendar-timezone and any dead property, all or nothing as @atomsync/dav's
 * planProppatch decides, kept per collection in the store (dav_properties) as its storedChanges
 * says. Items and the other resources take none: their properties are computed.
 */
import {
  overflowPropstats,
  overflowsDeadProperties,
  planProppatch,
  propstatsReply,
  readProppatch,
  storedChanges,
  type PropStat,
  type PropertyUpdate,
  type ProppatchPlan,
} from '@atomsync/dav';
import { ServiceError } from '../errors.js';
import { readBytes } from '../http/body.js';
import type { CollectionKey, Store } from '@atomsync/store';
import type { DavRequest } from './context.js';
import { MAX_XML_BODY_BYTES } from './propfind.js';
import type { Resource } from './resources.js';
import { davAnswer, type DavAnswer } from './answer.js';

/**
 * The plan's changes written to the collection, unless they would leave it more than
 * MAX_DEAD_PROPERTIES dead properties: then nothing is written (overflowPropstats). Returns the
 * propstats to answer. Inside a caller's transaction it joins it.
 */
export async function applyPlan(store: Store, key: CollectionKey, plan: ProppatchPlan, updates: readonly PropertyUpdate[]): Promise<PropStat[]> {
  if (!plan.apply) return plan.propstats;
  const changes = storedChanges(plan);
  const full = await store.transaction(async (tx) => {
    if (overflowsDeadProperties((await tx.davProperties.get([key])).get(key), changes)) return true;
    await tx.davProperties.patch(key, changes.set, changes.remove);
    return false;
  });
  return full ? overflowPropstats(plan, updates) : plan.propstats;
}

export async function proppatch(req: DavRequest, resource: Resource): Promise<DavAnswer> {
  if (resource.kind !== 'collection') {
    throw new ServiceError(403, 'forbidden', 'only address books and calendars keep properties set by clients; the others are computed');
  }
  const c = resource.collection;
  const updates = readProppatch(await readBytes(req.event, MAX_XML_BODY_BYTES));
  const plan = planProppatch(updates, c.kind);
  const reply = propstatsReply(resource.href, await applyPlan(req.store, c.key, plan, updates));
  return davAnswer(reply.body, reply);
}
