/**
 * The one content-line reader of vCard (2.1, 3.0, 4.0), vCalendar 1.0, iCalendar 2.0 and vNote:
 * folding (its whitespace kept in 2.1 / 1.0, 2.1 §2.1.3), QUOTED-PRINTABLE values with soft line
 * breaks, CHARSET parameters, bare parameters such as `TEL;CELL;VOICE`, and the component tree.
 * ical.js reads the modern forms but not 2.1 / 1.0, and real 3.0 items carry bare parameters and
 * stray lines too, so everything that reads an item leniently reads it here: the canonical form
 * (decoded.ts) and the renderer (fields.ts) alike, so a phone's item and its fingerprint are read
 * the same way.
 *
 * A line's value comes out QP- and charset-decoded but still escaped as written: what an escape
 * means depends on the property and the version (values.ts). Each line keeps its source, so an
 * item we only cut is written back line for line, untouched lines as they were.
 */
import { continuationText, isContinuation } from './fold.js';
import iconv from 'iconv-lite';
import qp from 'quoted-printable';

export interface Param {
  /** Upper case. A bare 2.1 parameter (`CELL`, `QUOTED-PRINTABLE`) is read as TYPE or ENCODING. */
  readonly name: string;
  readonly values: readonly string[];
}

/** One content line. */
export interface ContentLine {
  /** `item1` of `item1.TEL`; '' when none. */
  readonly group: string;
  /** Upper case. */
  readonly name: string;
  /** In the order written; CHARSET and a QUOTED-PRINTABLE ENCODING are gone with the decoding. */
  readonly params: readonly Param[];
  /** QP-decoded, charset-decoded, still escaped. */
  readonly value: string;
  /** The logical line as written (unfolded), for writing an untouched property back. */
  readonly source: string;
}

/** A component (VCARD, VCALENDAR, VEVENT, VALARM, VNOTE…), or the root around them (name ''). */
export interface Component {
  /** Upper case; '' for the root. */
  readonly name: string;
  /** The BEGIN line; null for the root. */
  readonly begin: ContentLine | null;
  readonly props: ContentLine[];
  readonly components: Component[];
  /** Lines that are no content line at all, trimmed. */
  readonly stray: string[];
}

/** Bare parameters of vCard 2.1 / vCalendar 1.0 that name an encoding rather than a type. */
const BARE_ENCODINGS = new Set(['QUOTED-PRINTABLE', 'BASE64', '8BIT', '7BIT', 'B']);

/**
 * The root of `text`: its components, and the lines outside any. `legacy` (vCard 2.1 / vCalendar
 * 1.0, by default judged by the VERSION line) keeps the whitespace of folding.
 */
export function readContentLines(text: string, legacy = isLegacyVersion(text)): Component {
  const root: Component = { name: '', begin: null, props: [], components: [], stray: [] };
  const stack: Component[] = [root];
  for (const line of unfoldLines(text, legacy)) {
    const top = stack[stack.length - 1] ?? root;
    const prop = parseLine(line);
    if (!prop) {
      top.stray.push(line.trim());
      continue;
    }
    if (prop.name === 'BEGIN') {
      const component: Component = { name: prop.value.trim().toUpperCase(), begin: prop, props: [], components: [], stray: [] };
      top.components.push(component);
      stack.push(component);
    } else if (prop.name === 'END') {
      if (stack.length > 1) stack.pop();
    } else {
      top.props.push(prop);
    }
  }
  return root;
}

/** The top-level components of `text`; what lies outside any component is left out. */
export function readComponents(text: string, legacy = isLegacyVersion(text)): Component[] {
  return readContentLines(text, legacy).components;
}

/**
 * The logical lines of `text`, empty ones dropped: QUOTED-PRINTABLE soft line breaks joined first,
 * then whitespace folding (its whitespace kept when `legacy`, 2.1 §2.1.3).
 */
export function unfoldLines(text: string, legacy: boolean): string[] {
  const physical = text.replace(/\r\n?/g, '\n').split('\n');
  const logical: string[] = [];
  for (let i = 0; i < physical.length; i++) {
    let line = physical[i] ?? '';
    // QUOTED-PRINTABLE soft line breaks: a value line ending in '=' continues on the next line,
    // which need not start with whitespace.
    if (isQuotedPrintable(line)) {
      while (line.endsWith('=') && i + 1 < physical.length) line = line.slice(0, -1) + (physical[++i] ?? '');
    }
    if (isContinuation(line) && logical.length > 0) {
      logical[logical.length - 1] += continuationText(line, legacy);
      continue;
    }
    if (line.trim() !== '') logical.push(line);
  }
  return logical;
}

function isQuotedPrintable(line: string): boolean {
  const colon = line.indexOf(':');
  return colon > 0 && /QUOTED-PRINTABLE/i.test(line.slice(0, colon));
}

/** One logical line, or null when it is no content line (no ':' outside quotes, a bad name). */
function parseLine(line: string): ContentLine | null {
  const colon = headEnd(line);
  if (colon < 0) return null;
  const parts = splitOutsideQuotes(line.slice(0, colon), ';');
  const fullName = (parts[0] ?? '').trim();
  const dot = fullName.lastIndexOf('.');
  const name = fullName.slice(dot + 1).toUpperCase();
  if (!/^[A-Z0-9-]+$/.test(name)) return null;

  const params: Param[] = [];
  for (const part of parts.slice(1)) {
    const eq = part.indexOf('=');
    if (eq < 0) {
      const bare = part.trim().toUpperCase();
      if (bare !== '') params.push({ name: BARE_ENCODINGS.has(bare) ? 'ENCODING' : 'TYPE', values: [bare] });
      continue;
    }
    const values = splitOutsideQuotes(part.slice(eq + 1), ',').map((v) => v.trim().replace(/^"(.*)"$/, '$1'));
    params.push({ name: part.slice(0, eq).trim().toUpperCase(), values });
  }

  let value = line.slice(colon + 1);
  const encoding = params.find((p) => p.name === 'ENCODING')?.values[0]?.toUpperCase();
  const charset = params.find((p) => p.name === 'CHARSET')?.values[0];
  if (encoding === 'QUOTED-PRINTABLE') value = decodeQuotedPrintable(value, charset);
  // Decoded now: what stays says how to write the value, not how it was written.
  const kept = params.filter((p) => p.name !== 'CHARSET' && !(p.name === 'ENCODING' && encoding === 'QUOTED-PRINTABLE'));
  return { group: dot > 0 ? fullName.slice(0, dot) : '', name, params: kept, value, source: line };
}

/** The first ':' outside a quoted parameter value; -1 when none. */
function headEnd(line: string): number {
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '"') quoted = !quoted;
    else if (c === ':' && !quoted) return i;
  }
  return -1;
}

/** Splits a line's head (`NAME;P=a;Q="x;y"`) or a parameter's values on `separator` outside quotes. */
export function splitOutsideQuotes(text: string, separator: string): string[] {
  const out: string[] = [];
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (c === separator && !quoted) {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  out.push(text.slice(start));
  return out;
}

/**
 * QP bytes, then the CHARSET (default UTF-8, the charset every phone we know sends; also for a
 * CHARSET iconv does not know).
 */
export function decodeQuotedPrintable(value: string, charset: string | undefined): string {
  // The body reached us as a JS string: only an ASCII value is still QP-encoded bytes.
  if (!/^[\x00-\x7f]*$/.test(value)) return value;
  const bytes = Buffer.from(qp.decode(value), 'latin1');
  const cs = charset && iconv.encodingExists(charset) ? charset : 'utf-8';
  return iconv.decode(bytes, cs);
}

/** Splits a value on `separator` where no backslash escapes it; the parts stay escaped. */
export function splitEscaped(value: string, separator: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (c === '\\') i++;
    else if (c === separator) {
      out.push(value.slice(start, i));
      start = i + 1;
    }
  }
  out.push(value.slice(start));
  return out;
}

/**
 * A value's text: 2.1 / 1.0 (`legacy`) escape only `;` (and the backslash), 3.0/4.0 and
 * iCalendar also `,` and a line break as `\n`.
 */
export function unescapeValue(value: string, legacy: boolean): string {
  if (legacy) return value.replace(/\\([;\\])/g, '$1');
  return value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
}

/** vCard 2.1 / vCalendar 1.0, judged by the VERSION line. */
export function isLegacyVersion(text: string): boolean {
  return /^VERSION:\s*(2\.1|1\.0)\s*$/im.test(text);
}

/** Texts ical.js cannot read as written: QUOTED-PRINTABLE or CHARSET parameters. */
export function needsLegacyReader(text: string): boolean {
  return isLegacyVersion(text) || /;\s*(ENCODING=)?QUOTED-PRINTABLE|;\s*CHARSET=/i.test(text);
}

/** Every value of the parameters named `name`, in order. */
export function paramValues(params: readonly Param[], name: string): string[] {
  return params.filter((p) => p.name === name).flatMap((p) => p.values);
}
