/**
 * The ical.js reader for vCard 3.0/4.0 and iCalendar 2.0: its jCard/jCal output turned into the
 * same `Block`/`Prop` shape the lenient reader gives (decoded.ts), so one canonicalizer serves both.
 */
import ICAL from 'ical.js';
import type { Block, Prop } from './decoded.js';

/** jCal component: [name, properties, subcomponents]. */
export type JCal = [string, JCalProp[], JCal[]];
type JCalProp = [string, Record<string, string | string[]>, string, ...unknown[]];

/**
 * A property whose value is only separators and blanks (`GEO:;`, `ORG:;;;`, `PHOTO;ENCODING=b:`),
 * not continued on a folded line (`(?![ \t])`: lines/fold.ts's rule): an empty property, which clients write for every field they know.
 * Dropped before parsing, since ical.js would read `GEO:;` as 0;0 and an empty PHOTO as a photo.
 */
const EMPTY_PROPERTY = /^[A-Za-z0-9-]+(?:;[^:\r\n]*)?:[;, \t]*\r?\n(?![ \t])/gm;

/** Parses with ical.js; throws what ical.js throws (the caller falls back to the lenient reader). */
export function parseJCal(text: string): JCal[] {
  return jcalOf(text.replace(EMPTY_PROPERTY, ''));
}

/** ical.js's parse of `text` as a list of components (it gives one component bare, several as a list). */
function jcalOf(text: string): JCal[] {
  const parsed = ICAL.parse(text) as unknown;
  if (!Array.isArray(parsed) || parsed.length === 0) return [];
  return (typeof parsed[0] === 'string' ? [parsed] : parsed) as JCal[];
}

/**
 * An iCalendar text as ical.js parsed it, as written (nothing dropped): what a CalDAV PUT checks
 * parses before it stores it. Handed to describeTitled, it is the description's reading too when
 * the body is that text (parsedFor): one ical.js parse per PUT instead of two.
 */
export interface ParsedCalendar {
  readonly text: string;
  readonly jcal: readonly JCal[];
}

/** Parses `text` as written; throws what ical.js throws (the object does not parse). */
export function parseCalendar(text: string): ParsedCalendar {
  return { text, jcal: jcalOf(text) };
}

/**
 * The parse of `body` that parseJCal would make, taken from `parsed` when it is one: the body is
 * the parsed text, at most a line end after it (ical.js reads a trailing line end as nothing), and
 * holds no empty property (parseJCal drops those first). undefined: parseJCal must read it.
 */
export function parsedFor(body: string, parsed: ParsedCalendar | undefined): readonly JCal[] | undefined {
  if (parsed === undefined || !body.startsWith(parsed.text)) return undefined;
  const rest = body.length - parsed.text.length;
  if (rest > 2 || (rest > 0 && !/^\r?\n$/.test(body.slice(parsed.text.length)))) return undefined;
  EMPTY_PROPERTY.lastIndex = 0;
  return EMPTY_PROPERTY.test(body) ? undefined : parsed.jcal;
}

export function blockOf(jcal: JCal): Block {
  const [name, props, comps] = jcal;
  return { name: name.toUpperCase(), props: props.map(propOf), blocks: comps.map(blockOf), stray: [] };
}

function propOf(prop: JCalProp): Prop {
  const name = prop[0];
  const rawParams = prop[1];
  const type = prop[2];
  const params: Record<string, string[]> = {};
  for (const key in rawParams) {
    const value = rawParams[key] as string | string[];
    const list = typeof value === 'string' ? [value] : value;
    params[key.toUpperCase()] = key === 'type' ? splitTypes(list) : list;
  }
  if (type === 'binary') params.ENCODING = ['B'];
  const flat: string[] = [];
  for (let i = 3; i < prop.length; i++) {
    const value = prop[i];
    // ical.js unescapes `\,` and `\n` in text but leaves `\;`: as a 2.1 reader gives it.
    if (typeof value === 'string') flat.push(type === 'text' ? value.replace(/\\;/g, ';') : value);
    else if (Array.isArray(value)) {
      // A period is one value; a structured value (N, ADR) is its components, a component with
      // several values joined.
      if (type === 'period') flat.push(value.join('/'));
      else for (const c of value) flat.push(Array.isArray(c) ? c.join(',') : String(c));
    } else if (value !== null && typeof value === 'object') flat.push(recurText(value as Record<string, unknown>));
    else flat.push(String(value ?? ''));
  }
  return { name: name.toUpperCase(), params, values: flat };
}

function splitTypes(list: readonly string[]): string[] {
  return list.some((v) => v.includes(',')) ? list.flatMap((v) => v.split(',')) : [...list];
}

/** jCal's recur object back to RRULE text; describe/canonical.ts orders and trims it. */
function recurText(recur: Record<string, unknown>): string {
  return Object.entries(recur)
    .map(([k, v]) => `${k.toUpperCase()}=${Array.isArray(v) ? v.join(',') : String(v)}`)
    .join(';');
}
