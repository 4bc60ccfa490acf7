/**
 * Notes as ActiveSync ApplicationData (MS-ASNOTE, 14.0 and later) and back. A note in the store is
 * plain text or a phone's vNote 1.1; either way its text is the body, and a vNote's SUMMARY,
 * CATEGORIES and LAST-MODIFIED are Subject, Categories and LastModifiedDate. A plain-text note's
 * Subject is its first line.
 *
 * Coming back, as for contacts: an element the phone changed changes the note; one it left out is
 * deleted when it carries it (Supported, or no list) and kept otherwise; a truncated or RTF body
 * never replaces the text; a vNote's other lines stay as they were. A note the phone made or
 * changed stays plain text while it is only text (its Subject its first line, no categories, no
 * date); else it becomes a vNote 1.1, which is what carries the rest.
 */
import { readField } from '../lines/fields.js';
import { type ContentLine, readContentLines } from '../lines/read.js';
import { joinValue } from '../lines/values.js';
import { legacyLine } from '../lines/write.js';
import { airSyncBase, readAirSyncBase } from './body.js';
import { airSyncInstant, utcInstant } from './dates.js';
import {
  type AirSyncProperty,
  type FromAirSyncOptions,
  type ToAirSyncOptions,
  type VersionRange,
  indexProperties,
  inVersion,
  isBlank,
  parentElement,
  phoneText,
  supports,
  textElement,
} from './properties.js';

/** The message class of every note (MS-ASNOTE §2.2.2.5: `IPM.StickyNote` or `IPM.StickyNote.*`). */
const STICKY_NOTE = 'IPM.StickyNote';

type NoteField = 'text' | 'categories' | 'modified' | 'messageClass' | 'subject';

export interface NoteElement extends VersionRange {
  readonly name: string;
  /** What of the note it carries. */
  readonly field: NoteField;
  /** The vNote property that keeps it. */
  readonly property: string;
}

/** Every element, in the order MS-ASNOTE §2.2.2 lists them. */
export const NOTE_ELEMENTS: readonly NoteElement[] = [
  { name: 'AirSyncBase:Body', field: 'text', property: 'BODY', since: '14.0' },
  { name: 'Notes:Categories', field: 'categories', property: 'CATEGORIES', since: '14.0' },
  { name: 'Notes:LastModifiedDate', field: 'modified', property: 'LAST-MODIFIED', since: '14.0' },
  { name: 'Notes:MessageClass', field: 'messageClass', property: 'X-MESSAGE-CLASS', since: '14.0' },
  { name: 'Notes:Subject', field: 'subject', property: 'SUMMARY', since: '14.0' },
];

/** A note's parts: its text and what a vNote adds. */
interface Note {
  text: string;
  /** SUMMARY; undefined: the text's first line. */
  subject: string | undefined;
  categories: string[];
  /** LAST-MODIFIED, UTC in basic form. */
  modified: string | undefined;
  /** A class other than IPM.StickyNote. */
  messageClass: string | undefined;
  /** A vNote's lines that carry none of the above, as written. */
  readonly kept: readonly ContentLine[];
  readonly stray: readonly string[];
  readonly vnote: boolean;
  /** The vNote had a BODY (an empty one counts: without it, a reader takes SUMMARY for the text). */
  readonly body: boolean;
}

const CARRIED = new Set(NOTE_ELEMENTS.map((e) => e.property));

function readNoteItem(text: string | undefined): Note {
  const note: Note = { text: '', subject: undefined, categories: [], modified: undefined, messageClass: undefined, kept: [], stray: [], vnote: false, body: false };
  if (text === undefined) return note;
  if (!/^\s*BEGIN:VNOTE/i.test(text)) return { ...note, text: phoneText(text) };
  const component = readContentLines(text, true).components.find((c) => c.name === 'VNOTE');
  if (!component) return { ...note, text: phoneText(text) };
  const kept: ContentLine[] = [];
  const seen = new Set<string>();
  const value = (line: ContentLine) => readField(line, true, () => 'text').parts[0] ?? '';
  for (const line of component.props) {
    if (line.name === 'VERSION') continue;
    if (!CARRIED.has(line.name) || (seen.has(line.name) && line.name !== 'CATEGORIES')) {
      kept.push(line);
      continue;
    }
    seen.add(line.name);
    switch (line.name) {
      case 'BODY':
        note.text = phoneText(value(line));
        break;
      case 'SUMMARY':
        note.subject = phoneText(value(line));
        break;
      case 'CATEGORIES':
        note.categories.push(...readField(line, true, () => 'list').parts.filter((c) => !isBlank(c)));
        break;
      case 'LAST-MODIFIED': {
        const instant = utcInstant(value(line));
        if (instant === null) kept.push(line);
        else note.modified = instant;
        break;
      }
      case 'X-MESSAGE-CLASS':
        note.messageClass = value(line);
        break;
    }
  }
  return { ...note, kept, stray: component.stray, vnote: true, body: seen.has('BODY') };
}

/** The Subject a note without SUMMARY has: its first line. */
function firstLine(text: string): string {
  const end = text.indexOf('\n');
  return (end < 0 ? text : text.slice(0, end)).trim();
}

/** What the note holds for an element, as the phone would send it back; undefined: nothing. */
function held(note: Note, field: NoteField): string | readonly string[] | undefined {
  switch (field) {
    case 'text':
      return isBlank(note.text) ? undefined : note.text;
    case 'categories':
      return note.categories.length === 0 ? undefined : note.categories;
    case 'modified':
      return note.modified === undefined ? undefined : airSyncInstant(note.modified);
    case 'messageClass':
      return note.messageClass ?? STICKY_NOTE;
    case 'subject': {
      const subject = note.subject ?? firstLine(note.text);
      return isBlank(subject) ? undefined : subject;
    }
  }
}

/** A note (plain text or vNote) as ActiveSync ApplicationData (14.0+; nothing for older versions). */
export function noteToAirSync(text: string, options: ToAirSyncOptions): AirSyncProperty[] {
  const note = readNoteItem(text);
  const out: AirSyncProperty[] = [];
  for (const element of NOTE_ELEMENTS) {
    if (!inVersion(element, options.version)) continue;
    const value = held(note, element.field);
    if (value === undefined) continue;
    if (element.field === 'text') out.push(airSyncBase(value as string, options.bodyPreference));
    else if (typeof value === 'string') out.push(textElement(element.name, value));
    else out.push(parentElement(element.name, value.map((c) => textElement('Notes:Category', c))));
  }
  return out;
}

/** ActiveSync ApplicationData of a note as the note's text (plain text, or vNote 1.1), merged with `previous`. */
export function noteFromAirSync(properties: readonly AirSyncProperty[], options: FromAirSyncOptions): string {
  const note = readNoteItem(options.previous);
  const sent = indexProperties(properties);
  for (const element of NOTE_ELEMENTS) {
    const property = sent.get(element.name);
    if (property === undefined) {
      // MessageClass says what the item is, not what the user wrote: never deleted.
      if (element.field === 'messageClass' || !inVersion(element, options.version)) continue;
      if (options.supported !== undefined && !supports(options.supported, element.name)) continue;
      set(note, element.field, undefined);
      continue;
    }
    const value = said(element.field, property);
    if (value === 'unusable') continue;
    const before = held(note, element.field);
    if (value !== undefined && before !== undefined && same(before, value)) continue;
    set(note, element.field, value);
  }
  return writeNote(note);
}

/** The phone's value; undefined for an empty element; 'unusable' for one we cannot take. */
function said(field: NoteField, property: AirSyncProperty): string | readonly string[] | undefined | 'unusable' {
  const text = phoneText(property.text ?? '');
  switch (field) {
    case 'text': {
      const body = readAirSyncBase(property);
      return body.kind === 'unusable' ? 'unusable' : isBlank(body.text) ? undefined : body.text;
    }
    case 'categories': {
      const items = (property.children ?? []).filter((c) => c.name === 'Notes:Category').map((c) => phoneText(c.text ?? '')).filter((c) => !isBlank(c));
      return items.length === 0 ? undefined : items;
    }
    case 'modified': {
      if (isBlank(text)) return undefined;
      const instant = utcInstant(text);
      return instant === null ? 'unusable' : airSyncInstant(instant);
    }
    default:
      return isBlank(text) ? undefined : text;
  }
}

function same(a: string | readonly string[], b: string | readonly string[]): boolean {
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function set(note: Note, field: NoteField, value: string | readonly string[] | undefined): void {
  const text = typeof value === 'string' ? value : undefined;
  switch (field) {
    case 'text':
      note.text = text ?? '';
      return;
    case 'categories':
      note.categories = typeof value === 'object' ? [...value] : [];
      return;
    case 'modified':
      note.modified = text === undefined ? undefined : (utcInstant(text) ?? undefined);
      return;
    case 'messageClass':
      note.messageClass = text === undefined || text === STICKY_NOTE ? undefined : text;
      return;
    case 'subject':
      note.subject = text;
      return;
  }
}

/** Plain text while the note is only its text; else a vNote 1.1 that carries the rest. */
function writeNote(note: Note): string {
  const subject = note.subject !== undefined && note.subject !== firstLine(note.text) ? note.subject : undefined;
  const onlyText = subject === undefined && note.categories.length === 0 && note.modified === undefined && note.messageClass === undefined;
  if (!note.vnote && onlyText) return note.text;
  // vNote 1.1 is vCard 2.1's encoding: `\` and `;` escaped (a one-component value), lists
  // `;`-separated, QUOTED-PRINTABLE for what is not one ASCII line.
  const line = (name: string, parts: readonly string[], list = false): string =>
    legacyLine({ name, params: [], value: joinValue(parts, list ? 'list' : 'structured', true) });
  const lines = ['BEGIN:VNOTE', 'VERSION:1.1', ...note.kept.map((l) => l.source)];
  if (subject !== undefined || (note.vnote && note.subject !== undefined)) lines.push(line('SUMMARY', [note.subject ?? '']));
  if (note.text !== '' || note.body) lines.push(line('BODY', [note.text]));
  if (note.categories.length > 0) lines.push(line('CATEGORIES', note.categories, true));
  if (note.modified !== undefined) lines.push(`LAST-MODIFIED:${note.modified}`);
  if (note.messageClass !== undefined) lines.push(line('X-MESSAGE-CLASS', [note.messageClass]));
  lines.push(...note.stray, 'END:VNOTE');
  return `${lines.join('\r\n')}\r\n`;
}
