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
import { airSyncInstant, utcInstant } from './dates.js';
import { body } from './codec/kinds/body.js';
import { instant } from './codec/kinds/dates.js';
import { list } from './codec/kinds/list.js';
import { text } from './codec/kinds/text.js';
import { type AnyKind, type Element, type ItemCodec, applyElements, encodeItem, kind } from './codec/walk.js';
import { type AirSyncProperty, type FromAirSyncOptions, type ToAirSyncOptions, indexProperties, isBlank, phoneText } from './properties.js';

/** The message class of every note (MS-ASNOTE §2.2.2.5: `IPM.StickyNote` or `IPM.StickyNote.*`). */
const STICKY_NOTE = 'IPM.StickyNote';

type NoteField = 'text' | 'categories' | 'modified' | 'messageClass' | 'subject';

export interface NoteElement extends Element {
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
  // MessageClass says what the item is, not what the user wrote: never deleted by its absence.
  { name: 'Notes:MessageClass', field: 'messageClass', property: 'X-MESSAGE-CLASS', since: '14.0', keep: true },
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

const modifiedInstant = instant((text) => {
  const value = utcInstant(text);
  return value === null ? null : airSyncInstant(value);
});

/** Each field's kind, and where the note keeps it: what it holds (as the phone would send it back), and how it changes. */
const KINDS: { readonly [F in NoteField]: AnyKind<Note, NoteElement> } = {
  text: kind(body(), {
    held: (_e, note) => (isBlank(note.text) ? undefined : { value: note.text }),
    set: (_e, note, value) => void (note.text = value),
    remove: (_e, note) => void (note.text = ''),
  }),
  categories: kind(list(() => 'Notes:Category', false), {
    held: (_e, note) => (note.categories.length === 0 ? undefined : { value: note.categories }),
    set: (_e, note, value) => void (note.categories = [...value]),
    remove: (_e, note) => void (note.categories = []),
  }),
  modified: kind(modifiedInstant, {
    held: (_e, note) => (note.modified === undefined ? undefined : { value: airSyncInstant(note.modified) }),
    set: (_e, note, value) => void (note.modified = utcInstant(value) ?? undefined),
    remove: (_e, note) => void (note.modified = undefined),
  }),
  messageClass: kind(text, {
    held: (_e, note) => ({ value: note.messageClass ?? STICKY_NOTE }),
    set: (_e, note, value) => void (note.messageClass = value === STICKY_NOTE ? undefined : value),
    remove: (_e, note) => void (note.messageClass = undefined),
  }),
  subject: kind(text, {
    held: (_e, note) => {
      const subject = note.subject ?? firstLine(note.text);
      return isBlank(subject) ? undefined : { value: subject };
    },
    set: (_e, note, value) => void (note.subject = value),
    remove: (_e, note) => void (note.subject = undefined),
  }),
};

const NOTES: ItemCodec<Note, NoteElement> = { elements: NOTE_ELEMENTS, kindOf: (element) => KINDS[element.field] };

/** A note (plain text or vNote) as ActiveSync ApplicationData (14.0+; nothing for older versions). */
export function noteToAirSync(text: string, options: ToAirSyncOptions): AirSyncProperty[] {
  return encodeItem(NOTES, readNoteItem(text), options);
}

/** ActiveSync ApplicationData of a note as the note's text (plain text, or vNote 1.1), merged with `previous`. */
export function noteFromAirSync(properties: readonly AirSyncProperty[], options: FromAirSyncOptions): string {
  const note = readNoteItem(options.previous);
  applyElements(NOTES, { sent: indexProperties(properties), item: note, version: options.version, supported: options.supported });
  return writeNote(note);
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
