/**
 * The common fields of a contact, an event or a task, read from its vCard or iCalendar text and
 * written back into it, for the console's edit form. Only the properties a field names change:
 * every other line (photos, custom X- properties, alarms, time zones) stays as the phone wrote it,
 * so an edit in the browser loses nothing a phone keeps.
 *
 * A property is replaced where it stands (its first occurrence, with its parameters, except the
 * encoding of a vCard 2.1 value, which is written plain), added before the component's END when
 * it was missing, and removed when its field is emptied. Values are escaped as RFC 6350 / 5545 ask
 * (backslash, newline, comma, semicolon); a structured one (N) is written component by component.
 */

export type FieldKind = 'text' | 'multiline' | 'email' | 'tel' | 'datetime' | 'status';

export interface Field {
  /** The property it edits, and for N the component (0 family, 1 given). */
  readonly property: string;
  readonly part?: number;
  readonly label: string;
  readonly kind: FieldKind;
}

export type ItemClass = 'Contacts' | 'Events' | 'Tasks';

export const FIELDS: Readonly<Record<ItemClass, readonly Field[]>> = {
  Contacts: [
    { property: 'FN', label: 'Full name', kind: 'text' },
    { property: 'N', part: 1, label: 'Given name', kind: 'text' },
    { property: 'N', part: 0, label: 'Family name', kind: 'text' },
    { property: 'EMAIL', label: 'Email', kind: 'email' },
    { property: 'TEL', label: 'Phone', kind: 'tel' },
    { property: 'ORG', label: 'Organization', kind: 'text' },
    { property: 'NOTE', label: 'Note', kind: 'multiline' },
  ],
  Events: [
    { property: 'SUMMARY', label: 'Title', kind: 'text' },
    { property: 'LOCATION', label: 'Location', kind: 'text' },
    { property: 'DTSTART', label: 'Starts', kind: 'datetime' },
    { property: 'DTEND', label: 'Ends', kind: 'datetime' },
    { property: 'DESCRIPTION', label: 'Description', kind: 'multiline' },
  ],
  Tasks: [
    { property: 'SUMMARY', label: 'Title', kind: 'text' },
    { property: 'DUE', label: 'Due', kind: 'datetime' },
    { property: 'STATUS', label: 'Status', kind: 'status' },
    { property: 'DESCRIPTION', label: 'Description', kind: 'multiline' },
  ],
};

/** The component whose properties the fields edit. */
const COMPONENT: Readonly<Record<ItemClass, string>> = { Contacts: 'VCARD', Events: 'VEVENT', Tasks: 'VTODO' };

/** The statuses a task may have (RFC 5545 3.8.1.11). */
export const TASK_STATUSES = ['NEEDS-ACTION', 'IN-PROCESS', 'COMPLETED', 'CANCELLED'] as const;

interface Line {
  readonly name: string;
  /** The parameters as written (`;TYPE=CELL`), '' when none. */
  readonly params: string;
  readonly value: string;
}

/** The logical lines (folding undone; a vCard 2.1 quoted-printable soft break joined). */
function logicalLines(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split(/\r\n|\n|\r/)) {
    const last = out.length - 1;
    if ((raw.startsWith(' ') || raw.startsWith('\t')) && last >= 0) out[last] += raw.slice(1);
    else if (last >= 0 && /ENCODING=QUOTED-PRINTABLE/i.test(out[last]!.split(':')[0]!) && out[last]!.endsWith('=')) out[last] = out[last]!.slice(0, -1) + raw;
    else out.push(raw);
  }
  return out;
}

function parse(line: string): Line | undefined {
  // The name and parameters end at the first colon outside a quoted parameter value.
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '"') quoted = !quoted;
    else if (c === ':' && !quoted) {
      const head = line.slice(0, i);
      const semi = head.indexOf(';');
      const name = (semi < 0 ? head : head.slice(0, semi)).replace(/^[^.]*\./, '').toUpperCase();
      return { name, params: semi < 0 ? '' : head.slice(semi), value: line.slice(i + 1) };
    }
  }
  return undefined;
}

function decodeQuotedPrintable(value: string, charset: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < value.length; i++) {
    if (value[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(value.slice(i + 1, i + 3))) {
      bytes.push(parseInt(value.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(value.charCodeAt(i) & 0xff);
  }
  try {
    return new TextDecoder(charset).decode(new Uint8Array(bytes));
  } catch {
    return new TextDecoder().decode(new Uint8Array(bytes));
  }
}

/** Splits on `sep` where no backslash escapes it. */
function splitEscaped(value: string, sep: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < value.length; i++) {
    if (value[i] === '\\' && i + 1 < value.length) {
      current += value[i]! + value[i + 1]!;
      i++;
    } else if (value[i] === sep) {
      parts.push(current);
      current = '';
    } else current += value[i];
  }
  parts.push(current);
  return parts;
}

const unescape = (value: string): string => value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
const escape = (value: string): string => value.replace(/\\/g, '\\\\').replace(/\r\n|\r|\n/g, '\\n').replace(/([;,])/g, '\\$1');

function valueOf(line: Line): string {
  const encoding = /;ENCODING=QUOTED-PRINTABLE/i.test(line.params);
  const charset = /;CHARSET=([^;:]+)/i.exec(line.params)?.[1] ?? 'utf-8';
  return encoding ? decodeQuotedPrintable(line.value, charset) : line.value;
}

/** The lines of the item's component (a VCALENDAR's first VEVENT or VTODO), as indexes into `lines`. */
function componentRange(lines: readonly string[], component: string): { begin: number; end: number } | undefined {
  const begin = lines.findIndex((l) => l.toUpperCase() === `BEGIN:${component}`);
  if (begin < 0) return undefined;
  let depth = 0;
  for (let i = begin + 1; i < lines.length; i++) {
    const upper = lines[i]!.toUpperCase();
    if (upper.startsWith('BEGIN:')) depth++;
    else if (upper.startsWith('END:')) {
      if (depth === 0) return { begin, end: i };
      depth--;
    }
  }
  return undefined;
}

/** The component's own properties (not those of a VALARM inside it): index and parsed line. */
function ownProperties(lines: readonly string[], range: { begin: number; end: number }): { index: number; line: Line }[] {
  const out: { index: number; line: Line }[] = [];
  let depth = 0;
  for (let i = range.begin + 1; i < range.end; i++) {
    const upper = lines[i]!.toUpperCase();
    if (upper.startsWith('BEGIN:')) depth++;
    else if (upper.startsWith('END:')) depth--;
    else if (depth === 0) {
      const line = parse(lines[i]!);
      if (line !== undefined) out.push({ index: i, line });
    }
  }
  return out;
}

/** `20240105T090000Z` / `20240105` → the value of a datetime-local input (`2024-01-05T09:00`) or a date input. */
function toInput(value: string): string {
  const m = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})?Z?)?$/.exec(value.trim());
  if (m === null) return '';
  return m[4] === undefined ? `${m[1]}-${m[2]}-${m[3]}` : `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}`;
}

function fromInput(input: string, before: string): string {
  const digits = input.replace(/[-:]/g, '');
  if (!digits.includes('T')) return digits;
  return `${digits.padEnd(15, '0').slice(0, 15)}${/Z$/i.test(before.trim()) ? 'Z' : ''}`;
}

/** Whether a date field holds a whole day (VALUE=DATE): its input is a date, not a time. */
export function isWholeDay(text: string, itemClass: ItemClass, property: string): boolean {
  const lines = logicalLines(text);
  const range = componentRange(lines, COMPONENT[itemClass]);
  const found = range === undefined ? undefined : ownProperties(lines, range).find((p) => p.line.name === property);
  return found !== undefined && /^\d{8}$/.test(found.line.value.trim());
}

/** The fields' values as the form shows them, keyed `PROPERTY` or `PROPERTY.part`. */
export function readFields(text: string, itemClass: ItemClass): Record<string, string> {
  const lines = logicalLines(text);
  const range = componentRange(lines, COMPONENT[itemClass]);
  const own = range === undefined ? [] : ownProperties(lines, range);
  const values: Record<string, string> = {};
  for (const field of FIELDS[itemClass]) {
    const line = own.find((p) => p.line.name === field.property)?.line;
    const raw = line === undefined ? '' : valueOf(line);
    const key = keyOf(field);
    if (field.kind === 'datetime') values[key] = toInput(raw);
    else if (field.part !== undefined) values[key] = unescape(splitEscaped(raw, ';')[field.part] ?? '');
    else if (field.property === 'ORG') values[key] = unescape(splitEscaped(raw, ';')[0] ?? '');
    else values[key] = unescape(raw);
  }
  return values;
}

export const keyOf = (field: Field): string => (field.part === undefined ? field.property : `${field.property}.${field.part}`);

/** `text` with the fields of `values` written into it; lines no field names are kept as they are. */
export function writeFields(text: string, itemClass: ItemClass, values: Readonly<Record<string, string>>): string {
  const lines = logicalLines(text).filter((l, i, all) => l !== '' || i < all.length - 1);
  const range = componentRange(lines, COMPONENT[itemClass]);
  if (range === undefined) throw new Error(`this item has no ${COMPONENT[itemClass]} to edit`);
  const version21 = lines.some((l) => /^VERSION:2\.1$/i.test(l));
  const before = readFields(text, itemClass);
  const own = ownProperties(lines, range);
  const replaced = new Map<number, string | null>();
  const added: string[] = [];
  for (const property of new Set(FIELDS[itemClass].map((f) => f.property))) {
    const fields = FIELDS[itemClass].filter((f) => f.property === property);
    if (fields.every((f) => (values[keyOf(f)] ?? '') === (before[keyOf(f)] ?? ''))) continue;
    const found = own.find((p) => p.line.name === property);
    const params = (found?.line.params ?? '').replace(/;(ENCODING|CHARSET)=[^;:]*/gi, '');
    let value: string;
    if (fields[0]!.part !== undefined) {
      // N: the other components (additional names, prefix, suffix) kept as they were.
      const parts = splitEscaped(found === undefined ? '' : valueOf(found.line), ';');
      while (parts.length < 5) parts.push('');
      for (const f of fields) parts[f.part!] = escape(values[keyOf(f)] ?? '');
      value = parts.join(';');
      if (parts.every((p) => p === '')) value = '';
    } else if (fields[0]!.kind === 'datetime') {
      const input = values[keyOf(fields[0]!)] ?? '';
      value = input === '' ? '' : fromInput(input, found?.line.value ?? '');
    } else if (property === 'ORG') {
      const parts = splitEscaped(found === undefined ? '' : valueOf(found.line), ';');
      parts[0] = escape(values.ORG ?? '');
      value = parts[0] === '' && parts.length === 1 ? '' : parts.join(';');
    } else {
      const input = values[keyOf(fields[0]!)] ?? '';
      // vCard 2.1 escapes nothing and has no plain newline: one line.
      value = version21 ? input.replace(/\r\n|\r|\n/g, ' ') : escape(input);
    }
    const charset = version21 && /[^\x00-\x7f]/.test(value) ? ';CHARSET=UTF-8' : '';
    const line = value === '' ? null : `${property}${params}${charset}:${value}`;
    if (found !== undefined) replaced.set(found.index, line);
    else if (line !== null) added.push(line);
  }
  if (replaced.size === 0 && added.length === 0) return text;
  const out: string[] = [];
  lines.forEach((l, i) => {
    if (i === range.end) out.push(...added);
    if (!replaced.has(i)) out.push(l);
    else if (replaced.get(i) !== null) out.push(replaced.get(i)!);
  });
  // A quoted-printable line is left long: a space folded into it would become part of its value.
  return `${out.map((l) => (/ENCODING=QUOTED-PRINTABLE/i.test(l.split(':')[0]!) ? l : fold(l))).join('\r\n')}\r\n`;
}

/** A line folded at 75 octets, as RFC 6350 and 5545 ask (never inside a UTF-8 sequence). */
function fold(line: string): string {
  const encoder = new TextEncoder();
  if (encoder.encode(line).length <= 75) return line;
  const out: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const n = encoder.encode(char).length;
    if (size + n > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += n;
  }
  out.push(current);
  return out.join('\r\n ');
}

/** The item's title after the edit: the name or the summary, as the API's titles are. */
export function titleAfter(itemClass: ItemClass, values: Readonly<Record<string, string>>, fallback: string): string {
  const title = itemClass === 'Contacts' ? values.FN ?? '' : values.SUMMARY ?? '';
  return title.trim() === '' ? fallback : title.trim();
}
