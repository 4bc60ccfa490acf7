/**
 * Content lines of vCard (2.1, 3.0, 4.0), vCalendar 1.0 and iCalendar 2.0, read leniently into a
 * tree and written back in either family's encoding. ical.js reads the modern forms but not 2.1 /
 * 1.0 (QUOTED-PRINTABLE, CHARSET, bare parameters), and real 3.0 items carry bare parameters too;
 * one reader for all keeps each property's source line, so an item we only truncate is written
 * back line for line, untouched lines as they were.
 *
 * Values come out QP-decoded but still escaped as written: what an escape means depends on the
 * property and the version, which `fields.ts` knows.
 */
import { decodeQuotedPrintable, isLegacyVersion, splitOutsideQuotes, unfoldLines } from './read.js';
import qp from 'quoted-printable';

export interface Param {
  /** Upper case. A bare 2.1 parameter (`CELL`, `QUOTED-PRINTABLE`) is read as TYPE or ENCODING. */
  readonly name: string;
  readonly values: readonly string[];
}

export interface Prop {
  /** `item1` of `item1.TEL`; '' when none. */
  readonly group: string;
  /** Upper case. */
  readonly name: string;
  readonly params: readonly Param[];
  /** QP-decoded, charset-decoded, still escaped. */
  readonly value: string;
  /** The logical line as written (unfolded), for writing an untouched property back. */
  readonly source: string;
}

export interface Component {
  /** Upper case (VCARD, VCALENDAR, VEVENT, VALARM, ...). */
  readonly name: string;
  readonly props: Prop[];
  readonly components: Component[];
}

/** Bare parameters of 2.1 / 1.0 that name an encoding rather than a type. */
const BARE_ENCODINGS = new Set(['QUOTED-PRINTABLE', 'BASE64', '8BIT', '7BIT', 'B']);

// ---- reading ----------------------------------------------------------------------------------

/** The top-level components of `text`; lines outside any component and stray lines are dropped. */
export function readComponents(text: string): Component[] {
  const legacy = isLegacyVersion(text);
  const root: Component = { name: '', props: [], components: [] };
  const stack: Component[] = [root];
  for (const line of unfoldLines(text, legacy)) {
    const prop = parseLine(line);
    if (!prop) continue;
    const top = stack[stack.length - 1] ?? root;
    if (prop.name === 'BEGIN') {
      const component: Component = { name: prop.value.trim().toUpperCase(), props: [], components: [] };
      top.components.push(component);
      stack.push(component);
    } else if (prop.name === 'END') {
      if (stack.length > 1) stack.pop();
    } else if (top !== root) {
      top.props.push(prop);
    }
  }
  return root.components;
}

function parseLine(line: string): Prop | null {
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

/** The first ':' outside a quoted parameter value. */
function headEnd(line: string): number {
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '"') quoted = !quoted;
    else if (c === ':' && !quoted) return i;
  }
  return -1;
}

// ---- writing ----------------------------------------------------------------------------------

/** One content line to write; `value` is already escaped for the target version. */
export interface OutLine {
  readonly group?: string;
  readonly name: string;
  readonly params: readonly Param[];
  readonly value: string;
}

/**
 * vCard 3.0/4.0, iCalendar 2.0: `NAME;PARAM=a,b:value`, folded at 75 octets (RFC 5545 §3.1) without
 * splitting a UTF-8 sequence or a surrogate pair.
 */
export function modernLine(line: OutLine): string {
  const params = line.params.map((p) => `;${p.name}=${p.values.map(quoteParam).join(',')}`).join('');
  return fold(`${line.group ? `${line.group}.` : ''}${line.name}${params}:${line.value}`);
}

function quoteParam(value: string): string {
  return /[:;,]/.test(value) ? `"${value.replace(/"/g, "'")}"` : value;
}

function fold(line: string): string {
  if (Buffer.byteLength(line, 'utf8') <= 75) return line;
  const out: string[] = [];
  let current = '';
  let bytes = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    const limit = out.length === 0 ? 75 : 74; // continuation lines start with a space
    if (bytes + size > limit) {
      out.push(current);
      current = '';
      bytes = 0;
    }
    current += char;
    bytes += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

/**
 * vCard 2.1, vCalendar 1.0: TYPE values as bare parameters (`TEL;CELL;PREF`), and a value that is
 * not plain ASCII on one line written `CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE` (line breaks as
 * `=0D=0A`, soft breaks as `=` CRLF). No whitespace folding: 2.1 readers keep the whitespace.
 */
export function legacyLine(line: OutLine): string {
  const params: string[] = [];
  for (const p of line.params) {
    if (p.name === 'TYPE') params.push(...p.values.filter((v) => v !== '').map((v) => v.toUpperCase()));
    else params.push(`${p.name}=${p.values.join(',')}`);
  }
  let value = line.value;
  if (/[^\x20-\x7e\t]/.test(value)) {
    params.push('CHARSET=UTF-8', 'ENCODING=QUOTED-PRINTABLE');
    value = qp.encode(Buffer.from(value.replace(/\r?\n/g, '\r\n'), 'utf8').toString('latin1'));
  }
  return `${line.group ? `${line.group}.` : ''}${line.name}${params.map((p) => `;${p}`).join('')}:${value}`;
}

/** 2.1 BASE64 data: the value on lines of its own, indented, then an empty line (2.1 §2.1.3). */
export function legacyBase64(head: string, base64: string): string {
  const chunks = base64.match(/.{1,72}/g) ?? [''];
  return `${head}:\r\n${chunks.map((c) => `  ${c}`).join('\r\n')}\r\n`;
}

export function paramValues(params: readonly Param[], name: string): string[] {
  return params.filter((p) => p.name === name).flatMap((p) => p.values);
}
