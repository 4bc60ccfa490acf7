/**
 * A property's value as data for rewriting an item (render/): text, the components of a structured
 * value (N, ADR, ORG), the items of a list (CATEGORIES), or raw (times, rules, binary, URIs:
 * written as they are), by the vCard and the iCalendar table of shapes; read from a content line
 * (read.ts) and written back in either family's escaping (values.ts).
 */
import type { ContentLine, Param } from './read.js';
import { type Shape, joinValue, splitValue } from './values.js';
import type { OutLine } from './write.js';

export type { Shape } from './values.js';

export interface Field {
  readonly group: string;
  readonly name: string;
  readonly params: readonly Param[];
  readonly shape: Shape;
  /** One element for text and raw; the components or items otherwise; unescaped. */
  readonly parts: readonly string[];
}

const CARD_STRUCTURED = new Set(['N', 'ADR', 'ORG', 'GENDER', 'CLIENTPIDMAP']);
const CARD_LISTS = new Set(['CATEGORIES', 'NICKNAME']);
const CARD_RAW = new Set(['VERSION', 'BDAY', 'ANNIVERSARY', 'REV', 'PHOTO', 'LOGO', 'SOUND', 'KEY', 'TZ', 'GEO', 'URL', 'UID']);

const CALENDAR_LISTS = new Set(['CATEGORIES', 'RESOURCES']);
const CALENDAR_TEXT = new Set(['SUMMARY', 'DESCRIPTION', 'LOCATION', 'COMMENT', 'CONTACT', 'STATUS', 'CLASS', 'TZNAME']);

export function cardShape(name: string): Shape {
  if (CARD_STRUCTURED.has(name)) return 'structured';
  if (CARD_LISTS.has(name)) return 'list';
  if (CARD_RAW.has(name)) return 'raw';
  return 'text';
}

/** Calendars: only what is known to be text is unescaped; times, rules, alarms pass as written. */
export function calendarShape(name: string): Shape {
  if (CALENDAR_LISTS.has(name)) return 'list';
  if (CALENDAR_TEXT.has(name) || name.startsWith('X-')) return 'text';
  return 'raw';
}

export function readField(prop: ContentLine, legacy: boolean, shapeOf: (name: string) => Shape): Field {
  const shape = shapeOf(prop.name);
  const { group, name, params, value } = prop;
  return { group, name, params, shape, parts: splitValue(value, shape, legacy) };
}

/** The field as a line for `modernLine` (3.0/4.0, iCalendar 2.0) or `legacyLine` (2.1, 1.0). */
export function outLine(field: Field, legacy: boolean): OutLine {
  return { group: field.group, name: field.name, params: field.params, value: joinValue(field.parts, field.shape, legacy) };
}
