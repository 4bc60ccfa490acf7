/**
 * What a collection keeps of what clients set on it (PROPPATCH, RFC 4918 §9.2; MKCALENDAR, RFC 4791
 * §5.3.1; extended MKCOL, RFC 5689): one text per property, by Clark name (`{ns}name`). A settable
 * live property (WRITABLE) keeps its checked value, a dead property the fragment the client sent.
 * The store holds the map; these rules read it back and say what a plan writes to it.
 */
import { MAX_DEAD_PROPERTY_CHARS } from '../limits.js';
import { clark } from '../namespaces.js';
import type { PropStat } from '../multistatus/model.js';
import { PROPERTIES, type LiveProperty, type LiveValues } from '../properties.js';
import type { PropertyUpdate } from '../requests/proppatch.js';
import { WRITABLE, type ProppatchPlan } from '../rules/proppatch.js';
import type { RawXml } from '../xml/write.js';

/**
 * The most dead properties one collection keeps (each at most MAX_DEAD_PROPERTY_CHARS): clients
 * set a handful; past this a set is answered 507 Insufficient Storage (RFC 4918 §9.2.1).
 */
export const MAX_DEAD_PROPERTIES = 64;

/** The live properties a client may set, by their Clark name (how they are kept). */
const SETTABLE = new Map<string, LiveProperty>((Object.keys(WRITABLE) as LiveProperty[]).map((key) => [clark(PROPERTIES[key].name), key]));

/** What a client set on a collection, back as live values (the text kept, a number where the property is one). */
export function settableValues(stored: ReadonlyMap<string, string>): Partial<LiveValues> {
  const values: Record<string, string | number> = {};
  for (const [name, text] of stored) {
    const key = SETTABLE.get(name);
    if (key === undefined) continue;
    values[key] = key === 'calendar-order' ? Number(text) : text;
  }
  return values as Partial<LiveValues>;
}

/** The dead properties a client set on a collection, by Clark name: the fragments as sent (answerSelection's `dead`). */
export function deadProperties(stored: ReadonlyMap<string, string> | undefined): Map<string, RawXml> {
  const dead = new Map<string, RawXml>();
  for (const [name, raw] of stored ?? []) if (!SETTABLE.has(name)) dead.set(name, { raw });
  return dead;
}

export interface StoredChanges {
  readonly set: { name: string; value: string }[];
  readonly remove: string[];
}

/** What a plan writes: live values as text, dead ones as their fragments, in the order the request gave them (the last word on a name wins). */
export function storedChanges(plan: ProppatchPlan): StoredChanges {
  const final = new Map<string, string | null>();
  for (const [key, value] of plan.live) final.set(clark(PROPERTIES[key].name), value === null ? null : String(value));
  for (const update of plan.dead) final.set(clark(update.name), update.op === 'set' ? update.value.raw : null);
  const set: { name: string; value: string }[] = [];
  const remove: string[] = [];
  for (const [name, value] of final) {
    if (value === null) remove.push(name);
    else set.push({ name, value });
  }
  return { set, remove };
}

/** Whether writing `changes` to what the collection keeps now would leave it more than MAX_DEAD_PROPERTIES dead properties. */
export function overflowsDeadProperties(stored: ReadonlyMap<string, string> | undefined, changes: StoredChanges): boolean {
  const dead = new Set(deadProperties(stored).keys());
  for (const name of changes.remove) dead.delete(name);
  for (const { name } of changes.set) if (!SETTABLE.has(name)) dead.add(name);
  return dead.size > MAX_DEAD_PROPERTIES;
}

/**
 * The propstats when the dead properties would overflow: nothing is written, the dead properties
 * set are 507 (RFC 4918 §9.2.1), every other instruction 424 (all or nothing, §9.2).
 */
export function overflowPropstats(plan: ProppatchPlan, updates: readonly PropertyUpdate[]): PropStat[] {
  const deadSet = new Set(plan.dead.filter((u) => u.op === 'set').map((u) => clark(u.name)));
  const insufficient = updates.filter((u) => deadSet.has(clark(u.name))).map((u) => ({ name: u.name }));
  const failed = updates.filter((u) => !deadSet.has(clark(u.name))).map((u) => ({ name: u.name }));
  return [
    { status: 507, props: insufficient, description: `a collection keeps at most ${MAX_DEAD_PROPERTIES} properties of its clients’ own, each at most ${MAX_DEAD_PROPERTY_CHARS} characters` },
    ...(failed.length > 0 ? [{ status: 424, props: failed }] : []),
  ];
}
