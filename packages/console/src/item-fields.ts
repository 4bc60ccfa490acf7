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
 *
 * A contact's emails and phone numbers are lists (REPEATED): every EMAIL and TEL line is an entry
 * with its kind (its TYPE values), each written back in place when changed (its other parameters
 * and its group kept), left exactly as written when not, removed when the form removes it; a new
 * one goes after the property's last line (before END when it had none).
 */
import { foldLine, isContinuation } from '@atomsync/items/files';

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

/** A property an item may hold several of, each with its kind: a list of entries in the form. */
export interface Repeated {
  readonly property: 'EMAIL' | 'TEL';
  /** What one entry is called ("Email", "Phone"), numbered in the form. */
  readonly label: string;
  readonly kind: 'email' | 'tel';
  /** The kinds the form offers (TYPE values, comma-separated, upper case) and their names; '' is none. */
  readonly types: readonly { readonly type: string; readonly name: string }[];
}

export const REPEATED: Readonly<Record<ItemClass, readonly Repeated[]>> = {
  Contacts: [
    {
      property: 'EMAIL',
      label: 'Email',
      kind: 'email',
      types: [
        { type: '', name: 'Any' },
        { type: 'HOME', name: 'Home' },
        { type: 'WORK', name: 'Work' },
        { type: 'INTERNET', name: 'Internet' },
      ],
    },
    {
      property: 'TEL',
      label: 'Phone',
      kind: 'tel',
      // What ActiveSync phones tell apart (@atomsync/items' contact slots read these TYPE values).
      types: [
        { type: '', name: 'Any' },
        { type: 'CELL', name: 'Mobile' },
        { type: 'HOME', name: 'Home' },
        { type: 'WORK', name: 'Work' },
        { type: 'HOME,FAX', name: 'Home fax' },
        { type: 'WORK,FAX', name: 'Work fax' },
        { type: 'PAGER', name: 'Pager' },
        { type: 'CAR', name: 'Car' },
      ],
    },
  ],
  Events: [],
  Tasks: [],
};

/** One EMAIL or TEL of the item as the form shows it. */
export interface ListEntry {
  /** Its TYPE values but PREF, upper case, comma-separated ('' when none). */
  readonly type: string;
  readonly value: string;
  /** Which of the item's lines of the property it was read from (0 the first); undefined: added in the form. */
  readonly line?: number | undefined;
}

/** The entries of each REPEATED property, keyed by the property. */
export type Lists = Readonly<Record<string, readonly ListEntry[]>>;

/** The component whose properties the fields edit. */
const COMPONENT: Readonly<Record<ItemClass, string>> = { Contacts: 'VCARD', Events: 'VEVENT', Tasks: 'VTODO' };

/** The statuses a task may have (RFC 5545 3.8.1.11). */
export const TASK_STATUSES = ['NEEDS-ACTION', 'IN-PROCESS', 'COMPLETED', 'CANCELLED'] as const;

interface Line {
  /** The group written before the name (`item1.`), '' when none. */
  readonly group: string;
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
    if (isContinuation(raw) && last >= 0) out[last] += raw.slice(1);
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
      const qualified = semi < 0 ? head : head.slice(0, semi);
      const dot = qualified.indexOf('.');
      const name = qualified.slice(dot + 1).toUpperCase();
      return { group: qualified.slice(0, dot + 1), name, params: semi < 0 ? '' : head.slice(semi), value: line.slice(i + 1) };
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

/** A vCard 2.1 encoding written as a bare parameter (`TEL;QUOTED-PRINTABLE:`), not a TYPE. */
const BARE_ENCODING = /^(QUOTED-PRINTABLE|BASE64|8BIT|7BIT)$/i;

/** The parameters, split where no quoted value holds the semicolon (the leading ';' dropped). */
function paramsOf(params: string): string[] {
  const out: string[] = [];
  let current = '';
  let quoted = false;
  for (const c of params.slice(1)) {
    if (c === '"') quoted = !quoted;
    if (c === ';' && !quoted) {
      out.push(current);
      current = '';
    } else current += c;
  }
  if (params !== '') out.push(current);
  return out;
}

/** A parameter that says a kind: `TYPE=…`, or a bare one (vCard 2.1's `TEL;CELL;VOICE:`) that is no encoding. */
const isTypeParam = (param: string): boolean => /^TYPE=/i.test(param) || (!param.includes('=') && !BARE_ENCODING.test(param));

/** The TYPE values of a line, upper case, in order (quotes and commas undone). */
function typesOf(line: Line): string[] {
  return paramsOf(line.params)
    .filter(isTypeParam)
    .flatMap((p) => p.replace(/^TYPE=/i, '').split(','))
    .map((t) => t.replace(/"/g, '').trim().toUpperCase())
    .filter((t) => t !== '');
}

const entryOf = (line: Line, index: number): ListEntry => ({ type: typesOf(line).filter((t) => t !== 'PREF').join(','), value: unescape(valueOf(line)), line: index });

/** The entries of the item's REPEATED properties: every line of each, in the item's order. */
export function readLists(text: string, itemClass: ItemClass): Record<string, ListEntry[]> {
  const lines = logicalLines(text);
  const range = componentRange(lines, COMPONENT[itemClass]);
  const own = range === undefined ? [] : ownProperties(lines, range);
  const lists: Record<string, ListEntry[]> = {};
  for (const { property } of REPEATED[itemClass]) lists[property] = own.filter((p) => p.line.name === property).map((p, i) => entryOf(p.line, i));
  return lists;
}

/**
 * The line of `entry` (a REPEATED property's), from its line as written (`was`) or new: its value
 * written plain (a vCard 2.1 encoding dropped), its group and other parameters kept; its kind's
 * parameters rewritten only when the kind changed (PREF kept), bare in vCard 2.1 as its phones write them.
 */
function entryLine(property: string, was: Line | undefined, wasType: string | undefined, entry: ListEntry, version21: boolean): string {
  const value = version21 ? entry.value.replace(/\r\n|\r|\n/g, ' ') : escape(entry.value);
  let params = paramsOf(was?.params ?? '').filter((p) => !/^(ENCODING|CHARSET)=/i.test(p) && !BARE_ENCODING.test(p));
  if (entry.type !== wasType) {
    const types = entry.type === '' ? [] : entry.type.split(',');
    if (was !== undefined && typesOf(was).includes('PREF')) types.push('PREF');
    params = params.filter((p) => !isTypeParam(p));
    if (types.length > 0) params.push(...(version21 ? types : [`TYPE=${types.join(',')}`]));
  }
  const charset = version21 && /[^\x00-\x7f]/.test(value) ? ['CHARSET=UTF-8'] : [];
  return `${was?.group ?? ''}${property}${[...params, ...charset].map((p) => `;${p}`).join('')}:${value}`;
}

export const keyOf = (field: Field): string => (field.part === undefined ? field.property : `${field.property}.${field.part}`);

/**
 * `text` with the fields of `values` and the entries of `lists` (readLists' entries, changed, removed
 * or added; by default as they are) written into it; lines no field names are kept as they are.
 */
export function writeFields(text: string, itemClass: ItemClass, values: Readonly<Record<string, string>>, lists: Lists = readLists(text, itemClass)): string {
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
    const line = value === '' ? null : `${found?.line.group ?? ''}${property}${params}${charset}:${value}`;
    if (found !== undefined) replaced.set(found.index, line);
    else if (line !== null) added.push(line);
  }
  // New entries of a list, after the line they follow (its property's last).
  const following = new Map<number, string[]>();
  for (const { property } of REPEATED[itemClass]) {
    const written = own.filter((p) => p.line.name === property);
    const wanted = lists[property] ?? [];
    const kept = new Map(wanted.flatMap((e) => (e.line === undefined ? [] : [[e.line, e] as const])));
    written.forEach((p, i) => {
      const entry = kept.get(i);
      const was = entryOf(p.line, i);
      if (entry === undefined || entry.value.trim() === '') replaced.set(p.index, null);
      else if (entry.value !== was.value || entry.type !== was.type) replaced.set(p.index, entryLine(property, p.line, was.type, entry, version21));
    });
    const fresh = wanted.filter((e) => e.line === undefined && e.value.trim() !== '').map((e) => entryLine(property, undefined, undefined, e, version21));
    if (fresh.length === 0) continue;
    if (written.length === 0) added.push(...fresh);
    else following.set(written.at(-1)!.index, fresh);
  }
  if (replaced.size === 0 && added.length === 0 && following.size === 0) return text;
  const out: string[] = [];
  lines.forEach((l, i) => {
    if (i === range.end) out.push(...added);
    if (!replaced.has(i)) out.push(l);
    else if (replaced.get(i) !== null) out.push(replaced.get(i)!);
    out.push(...(following.get(i) ?? []));
  });
  // A quoted-printable line is left long: a space folded into it would become part of its value.
  return `${out.map((l) => (/ENCODING=QUOTED-PRINTABLE/i.test(l.split(':')[0]!) ? l : foldLine(l))).join('\r\n')}\r\n`;
}

/** The item's title after the edit: the name or the summary, as the API's titles are. */
export function titleAfter(itemClass: ItemClass, values: Readonly<Record<string, string>>, fallback: string): string {
  const title = itemClass === 'Contacts' ? values.FN ?? '' : values.SUMMARY ?? '';
  return title.trim() === '' ? fallback : title.trim();
}
