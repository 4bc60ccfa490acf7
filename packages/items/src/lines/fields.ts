/**
 * A property's value as data: text, the components of a structured value (N, ADR, ORG), the items
 * of a list (CATEGORIES), or raw (times, rules, binary, URIs: written as they are). Escapes differ
 * by family: 3.0/4.0 and iCalendar escape `\ ; , newline`; 2.1 and vCalendar 1.0 escape only `;`
 * inside compound values (2.1 §2.1.3), and carry line breaks in QUOTED-PRINTABLE instead.
 */
import { splitEscaped, unescapeValue } from './read.js';
import type { OutLine, Param, Prop } from './write.js';

export type Shape = 'text' | 'structured' | 'list' | 'raw';

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

export function readField(prop: Prop, legacy: boolean, shapeOf: (name: string) => Shape): Field {
  const shape = shapeOf(prop.name);
  const { group, name, params, value } = prop;
  switch (shape) {
    case 'raw':
      return { group, name, params, shape, parts: [value] };
    case 'text':
      return { group, name, params, shape, parts: [unescapeValue(value, legacy)] };
    case 'structured':
      return { group, name, params, shape, parts: splitEscaped(value, ';').map((v) => unescapeValue(v, legacy)) };
    case 'list': {
      // Legacy lists are `;`-separated, but phones write commas as well.
      const items = legacy ? splitEscaped(value, ';').flatMap((v) => v.split(',')) : splitEscaped(value, ',');
      return { group, name, params, shape, parts: items.map((v) => unescapeValue(v, legacy)) };
    }
  }
}

/** The field as a line for `modernLine` (3.0/4.0, iCalendar 2.0) or `legacyLine` (2.1, 1.0). */
export function outLine(field: Field, legacy: boolean): OutLine {
  return { group: field.group, name: field.name, params: field.params, value: valueText(field, legacy) };
}

function valueText(field: Field, legacy: boolean): string {
  switch (field.shape) {
    case 'raw':
      return field.parts.join('');
    case 'text':
      return legacy ? (field.parts[0] ?? '') : escapeModern(field.parts[0] ?? '');
    case 'structured':
      return field.parts.map((p) => (legacy ? escapeLegacy(p) : escapeModern(p))).join(';');
    case 'list':
      return legacy ? field.parts.map(escapeLegacy).join(';') : field.parts.map(escapeModern).join(',');
  }
}

function escapeModern(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\r?\n/g, '\\n').replace(/([;,])/g, '\\$1');
}

function escapeLegacy(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;');
}
