/**
 * PROPPATCH (RFC 4918 §9.2) of a collection: displayname, calendar-color, calendar-order, the
 * descriptions, calendar-timezone and any dead property, all or nothing as @atomsync/dav's
 * planProppatch decides, kept per collection in the store (dav_properties). Items and the other
 * resources take none: their properties are computed.
 */
import { MAX_DEAD_PROPERTY_CHARS, planProppatch, readProppatch, writeMultistatus, MULTISTATUS_MEDIA_TYPE, type PropStat, type PropertyUpdate, type ProppatchPlan, type QName } from '@atomsync/dav';
import { PROPERTIES } from '@atomsync/dav';
import { ServiceError } from '../errors.js';
import { readBytes } from '../http/body.js';
import type { CollectionKey, Store } from '@atomsync/store';
import type { DavRequest } from './context.js';
import { MAX_XML_BODY_BYTES } from './propfind.js';
import { deadProperties } from './properties.js';
import type { Resource } from './resources.js';
import { davAnswer, type DavAnswer } from './answer.js';

/**
 * The most dead properties one collection keeps (each at most MAX_DEAD_PROPERTY_CHARS): clients
 * set a handful; past this a set is answered 507 Insufficient Storage (RFC 4918 §9.2.1).
 */
export const MAX_DEAD_PROPERTIES = 64;

export const clarkOf = (name: QName): string => `{${name.ns}}${name.name}`;

/** What a plan writes: live values as text, dead ones as their fragments, in the order the request gave them. */
export function storedChanges(plan: ProppatchPlan): { set: { name: string; value: string }[]; remove: string[] } {
  const final = new Map<string, string | null>();
  for (const [key, value] of plan.live) final.set(clarkOf(PROPERTIES[key].name), value === null ? null : String(value));
  for (const update of plan.dead) final.set(clarkOf(update.name), update.op === 'set' ? update.value.raw : null);
  const set: { name: string; value: string }[] = [];
  const remove: string[] = [];
  for (const [name, value] of final) {
    if (value === null) remove.push(name);
    else set.push({ name, value });
  }
  return { set, remove };
}

/**
 * The plan's changes written to the collection, unless they would leave it more than
 * MAX_DEAD_PROPERTIES dead properties: then nothing is written and the propstats say 507 for the
 * dead properties set, 424 for the rest. Returns the propstats to answer. Inside a caller's
 * transaction it joins it.
 */
export async function applyPlan(store: Store, key: CollectionKey, plan: ProppatchPlan, updates: readonly PropertyUpdate[]): Promise<PropStat[]> {
  if (!plan.apply) return plan.propstats;
  const { set, remove } = storedChanges(plan);
  const full = await store.transaction(async (tx) => {
    const dead = deadProperties((await tx.davProperties.get([key])).get(key));
    for (const name of remove) dead.delete(name);
    const live = new Set(plan.live.keys());
    for (const { name, value } of set) if (![...live].some((k) => clarkOf(PROPERTIES[k].name) === name)) dead.set(name, { raw: value });
    if (dead.size > MAX_DEAD_PROPERTIES) return true;
    await tx.davProperties.patch(key, set, remove);
    return false;
  });
  if (!full) return plan.propstats;
  const deadSet = new Set(plan.dead.filter((u) => u.op === 'set').map((u) => clarkOf(u.name)));
  const insufficient = updates.filter((u) => deadSet.has(clarkOf(u.name))).map((u) => ({ name: u.name }));
  const failed = updates.filter((u) => !deadSet.has(clarkOf(u.name))).map((u) => ({ name: u.name }));
  return [
    { status: 507, props: insufficient, description: `a collection keeps at most ${MAX_DEAD_PROPERTIES} properties of its clients’ own, each at most ${MAX_DEAD_PROPERTY_CHARS} characters` },
    ...(failed.length > 0 ? [{ status: 424, props: failed }] : []),
  ];
}

export async function proppatch(req: DavRequest, resource: Resource): Promise<DavAnswer> {
  if (resource.kind !== 'collection') {
    throw new ServiceError(403, 'forbidden', 'only address books and calendars keep properties set by clients; the others are computed');
  }
  const c = resource.collection;
  const updates = readProppatch(await readBytes(req.event, MAX_XML_BODY_BYTES));
  const plan = planProppatch(updates, c.component === undefined ? 'addressbook' : 'calendar');
  const propstats = await applyPlan(req.store, c.key, plan, updates);
  return davAnswer(writeMultistatus([{ href: resource.href, propstats }]), { status: 207, headers: { 'content-type': MULTISTATUS_MEDIA_TYPE } });
}
