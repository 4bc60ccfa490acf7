/**
 * Content lines decoded for the canonical form (describe/): parameters by name, a property's
 * values split and unescaped, inline data without its whitespace. The lenient reader (read.ts) and
 * ical.js (jcal.ts) both give this shape, so one canonicalizer serves both.
 */
import { type Component, type ContentLine, readContentLines } from './read.js';
import { type Shape, splitValue } from './values.js';

/** One property, its values decoded: what the canonicalizers consume from either reader. */
export interface Prop {
  /** Upper case, group prefix (`item1.`) removed. */
  readonly name: string;
  /** Upper-case names; values as written (TYPE values are split on commas). */
  readonly params: Readonly<Record<string, readonly string[]>>;
  /** Structured components (N, ADR, ORG…) or the values of a multi-valued property, unescaped. */
  readonly values: readonly string[];
}

/** A component (VCARD, VCALENDAR, VEVENT, VALARM…), decoded. */
export interface Block {
  readonly name: string;
  readonly props: Prop[];
  readonly blocks: Block[];
  /** Lines that are no content line at all; they still count in the fingerprint. */
  readonly stray: string[];
}

/** Properties whose value has `;`-separated components, in every version. */
const STRUCTURED = new Set(['N', 'ADR', 'ORG', 'GEO', 'CLIENTPIDMAP', 'GENDER', 'REQUEST-STATUS']);
/** Properties whose value is a list (comma separated from vCard 3.0 / iCalendar 2.0 on). */
const LISTS = new Set(['CATEGORIES', 'NICKNAME', 'RESOURCES', 'EXDATE', 'RDATE']);

function shapeOf(name: string): Shape {
  return STRUCTURED.has(name) ? 'structured' : LISTS.has(name) ? 'list' : 'text';
}

/**
 * Reads `text` into components; text without any is one nameless block of its lines. `legacy` is
 * vCard 2.1 / vCalendar 1.0: folding keeps the whitespace (2.1 §2.1.3), backslash escapes only
 * `;`, and lists are `;`-separated.
 */
export function readBlocks(text: string, legacy: boolean): Block[] {
  const root = readContentLines(text, legacy);
  const blockOf = (component: Component): Block => ({
    name: component.begin === null ? '' : (propOf(component.begin, legacy).values[0] ?? '').trim().toUpperCase(),
    props: component.props.map((line) => propOf(line, legacy)),
    blocks: component.components.map(blockOf),
    stray: component.stray,
  });
  return root.components.length > 0 ? root.components.map(blockOf) : [blockOf(root)];
}

function propOf(line: ContentLine, legacy: boolean): Prop {
  const params: Record<string, string[]> = {};
  for (const p of line.params) (params[p.name] ??= []).push(...p.values);
  let value = line.value;
  const encoding = (params.ENCODING?.[0] ?? '').toUpperCase();
  if (encoding === 'BASE64' || encoding === 'B') {
    params.ENCODING = ['B'];
    value = value.replace(/\s+/g, '');
  }
  return { name: line.name, params, values: splitValue(value, shapeOf(line.name), legacy) };
}
