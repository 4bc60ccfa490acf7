/**
 * A content line's value as data and back: text, the components of a structured value (N, ADR,
 * ORG), the items of a list (CATEGORIES), or raw (written as it is). Escapes differ by family:
 * 3.0/4.0 and iCalendar escape `\ ; , newline`; 2.1 and vCalendar 1.0 (`legacy`) escape only `;`
 * inside compound values (2.1 §2.1.3), and carry line breaks in QUOTED-PRINTABLE instead. Which
 * shape a property has is the reader's call: the canonical form and the renderer each keep a table.
 */
import { splitEscaped, unescapeValue } from './read.js';

export type Shape = 'text' | 'structured' | 'list' | 'raw';

/** The value's parts, unescaped: one for text and raw, the components or items otherwise. */
export function splitValue(value: string, shape: Shape, legacy: boolean): string[] {
  switch (shape) {
    case 'raw':
      return [value];
    case 'text':
      return [unescapeValue(value, legacy)];
    case 'structured':
      return splitEscaped(value, ';').map((v) => unescapeValue(v, legacy));
    case 'list': {
      // Legacy lists are `;`-separated (vCalendar 1.0), but phones write commas as well.
      const items = legacy ? splitEscaped(value, ';').flatMap((v) => v.split(',')) : splitEscaped(value, ',');
      return items.map((v) => unescapeValue(v, legacy));
    }
  }
}

/** The parts as a value, escaped for the family. */
export function joinValue(parts: readonly string[], shape: Shape, legacy: boolean): string {
  switch (shape) {
    case 'raw':
      return parts.join('');
    case 'text':
      return legacy ? (parts[0] ?? '') : escapeModern(parts[0] ?? '');
    case 'structured':
      return parts.map((p) => (legacy ? escapeLegacy(p) : escapeModern(p))).join(';');
    case 'list':
      return legacy ? parts.map(escapeLegacy).join(';') : parts.map(escapeModern).join(',');
  }
}

/** What escapeModern rewrites (a lone CR is kept): most values hold none of it. */
const MODERN_SPECIAL = /[\\\n;,]/;

function escapeModern(text: string): string {
  // Tested once and returned as is when there is nothing to escape: three regex passes over
  // every value of every card were an eighth of rendering a vCard 2.1 as 3.0 (the ETag of each
  // phone contact stored, davBody).
  if (!MODERN_SPECIAL.test(text)) return text;
  return text.replace(/\\/g, '\\\\').replace(/\r?\n/g, '\\n').replace(/([;,])/g, '\\$1');
}

function escapeLegacy(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;');
}
