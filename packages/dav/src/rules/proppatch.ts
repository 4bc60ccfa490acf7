/**
 * PROPPATCH is all or nothing (RFC 4918 §9.2): every instruction is checked first; if one fails,
 * nothing is applied, the failing ones carry their status (403 for a protected property, with
 * DAV:cannot-modify-protected-property; 409 for a value the property cannot hold) and all the others
 * 424 Failed Dependency. The live properties a client may set are checked here, as data; anything
 * else on a collection is a dead property, kept as sent.
 */
import { precondition } from '../errors.js';
import type { QName } from '../namespaces.js';
import { liveProperty, isProtected, type LiveProperty } from '../properties.js';
import type { PropStat } from '../multistatus/model.js';
import { propstats } from '../multistatus/model.js';
import type { PropertyUpdate } from '../requests/proppatch.js';
import type { ResourceKind } from './options.js';

/** The longest displayname or description kept (a label, not a document). */
export const MAX_LABEL_CHARS = 1024;

/**
 * The value a client may set on each writable live property, from the text it sent: undefined when
 * the property cannot hold it (409). Removing one of these resets it to the server's default.
 */
export const WRITABLE: Partial<Record<LiveProperty, (text: string) => string | number | undefined>> = {
  displayname: (text) => (text.length <= MAX_LABEL_CHARS ? text : undefined),
  'addressbook-description': (text) => (text.length <= MAX_LABEL_CHARS ? text : undefined),
  'calendar-description': (text) => (text.length <= MAX_LABEL_CHARS ? text : undefined),
  // Apple writes #RRGGBBAA, others #RRGGBB.
  'calendar-color': (text) => (/^#[0-9A-Fa-f]{6}(?:[0-9A-Fa-f]{2})?$/.test(text.trim()) ? text.trim() : undefined),
  'calendar-order': (text) => (/^-?[0-9]{1,9}$/.test(text.trim()) ? Number(text.trim()) : undefined),
  // RFC 4791 §5.2.2: a VCALENDAR holding one VTIMEZONE. Its full parse is the item layer's.
  'calendar-timezone': (text) => {
    const t = text.trim();
    return /^BEGIN:VCALENDAR\r?\n/i.test(t) && /\r?\nBEGIN:VTIMEZONE\r?\n/i.test(t) && /\r?\nEND:VCALENDAR$/i.test(t) ? text : undefined;
  },
};

export interface ProppatchPlan {
  /** True when every instruction may be applied; false: apply none. */
  readonly apply: boolean;
  /** Live properties to set, with their checked values (and null for a removal: back to the default). */
  readonly live: ReadonlyMap<LiveProperty, string | number | null>;
  /** Dead properties to set (the updates as read) or remove (by Clark name). */
  readonly dead: readonly PropertyUpdate[];
  /** The multistatus propstats for the request-URI. */
  readonly propstats: PropStat[];
}

export function planProppatch(updates: readonly PropertyUpdate[], kind: ResourceKind): ProppatchPlan {
  const verdicts: { name: QName; status: number }[] = [];
  const live = new Map<LiveProperty, string | number | null>();
  const dead: PropertyUpdate[] = [];
  for (const update of updates) {
    const key = liveProperty(update.name);
    if (key === undefined) {
      dead.push(update);
      verdicts.push({ name: update.name, status: 200 });
      continue;
    }
    const check = WRITABLE[key];
    if (isProtected(update.name, kind) || check === undefined) {
      verdicts.push({ name: update.name, status: 403 });
      continue;
    }
    const value = update.op === 'remove' ? null : check(update.text);
    if (value === undefined) verdicts.push({ name: update.name, status: 409 });
    else {
      live.set(key, value);
      verdicts.push({ name: update.name, status: 200 });
    }
  }
  const apply = verdicts.every((v) => v.status === 200);
  const statuses = apply ? verdicts : verdicts.map((v) => (v.status === 200 ? { ...v, status: 424 } : v));
  const grouped = propstats(
    statuses.filter((v) => v.status === 200).map((v) => ({ name: v.name })),
    statuses.filter((v) => v.status !== 200),
  ).map((ps) => (ps.status === 403 ? { ...ps, error: precondition('cannot-modify-protected-property') } : ps));
  return { apply, live: apply ? live : new Map(), dead: apply ? dead : [], propstats: grouped };
}
