/**
 * XML escaping, once for every writer of the project (Atom, SyncML's XML, Autodiscover): `&`, `<`,
 * `>` as entities, a CR as `&#13;` (a raw one would be normalized away by every reader: a vCard's
 * CRLF would not survive), and in attributes `"`, tab and LF as references. Characters XML 1.0
 * cannot carry at all are refused (`'refuse'`, the Atom API's: the caller gets AtomEncodeError)
 * or written as U+FFFD (`'replace'`, the device protocols': one stray byte in an item must not
 * make a whole message unreadable for the phone).
 */
import { AtomEncodeError } from '../errors.js';

/** What a writer does with a character XML 1.0 cannot carry. */
export type IllegalCharacters = 'refuse' | 'replace';

// Characters XML 1.0 cannot carry at all, even escaped (C0 controls but TAB/LF/CR, U+FFFE/U+FFFF,
// unpaired surrogates). Writers refuse them rather than emit a document no reader accepts.
const ILLEGAL =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

// ILLEGAL's characters as one class, any surrogate among them (paired or not): a plain scan finds
// them, where ILLEGAL's look-arounds cost more at every character.
const MAYBE_ILLEGAL_CLASS = '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\uD800-\\uDFFF\\uFFFE\\uFFFF';
// The fast test: most values need no work at all, so one scan decides.
const TEXT_WORK = new RegExp(`[&<>\\r${MAYBE_ILLEGAL_CLASS}]`);
const ATTR_WORK = new RegExp(`[&<>"\\t\\n\\r${MAYBE_ILLEGAL_CLASS}]`);
const ATTR_SPECIAL = /[&<>"\t\n\r]/g;

const REPLACEMENT: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\t': '&#9;',
  '\n': '&#10;',
  // A raw CR would be normalized away by every reader; the reference keeps it.
  '\r': '&#13;',
};
const ILLEGAL_ALL = new RegExp(ILLEGAL.source, 'g');
// ILLEGAL decides only when one of its characters is there (a control, an emoji).
const MAYBE_ILLEGAL = new RegExp(`[${MAYBE_ILLEGAL_CLASS}]`);
const replace = (c: string): string => REPLACEMENT[c]!;

function legal(value: string, illegal: IllegalCharacters): string {
  if (!MAYBE_ILLEGAL.test(value) || !ILLEGAL.test(value)) return value;
  if (illegal === 'replace') return value.replace(ILLEGAL_ALL, '\ufffd');
  throw new AtomEncodeError('value holds a character XML cannot carry', 'text');
}

const AMPERSANDS = /&/g;
const LESS_THANS = /</g;
const GREATER_THANS = />/g;
const CRS = /\r/g;

/** Escapes character data (element text). */
export function escapeText(value: string, illegal: IllegalCharacters = 'refuse'): string {
  if (!TEXT_WORK.test(value)) return value;
  // `&`, `<`, `>` and CR replaced one character at a time, each only when it is there, `&` first
  // (the others bring theirs): a vCard or an iCalendar object (a multiget's 100) holds a CR on
  // every line and rarely `&`, `<` or `>`, and a replacement by string costs about half one that
  // calls back per match.
  let out = legal(value, illegal);
  if (out.includes('&')) out = out.replace(AMPERSANDS, REPLACEMENT['&']!);
  if (out.includes('<')) out = out.replace(LESS_THANS, REPLACEMENT['<']!);
  if (out.includes('>')) out = out.replace(GREATER_THANS, REPLACEMENT['>']!);
  if (out.includes('\r')) out = out.replace(CRS, REPLACEMENT['\r']!);
  return out;
}

/** Escapes an attribute value written between double quotes; keeps whitespace exact. */
export function escapeAttr(value: string, illegal: IllegalCharacters = 'refuse'): string {
  if (!ATTR_WORK.test(value)) return value;
  return legal(value, illegal).replace(ATTR_SPECIAL, replace);
}
