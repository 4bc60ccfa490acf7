/**
 * The dataclass of an item from its media type and body (guide/protocol.md#dataclass-of-a-content-item):
 * given explicitly or inferred from the media type, and in both cases checked against the media
 * type and the body, so that an item's class always says what it holds.
 *
 *  media type                         inferred class
 *  text/vcard, text/x-vcard           Contacts
 *  text/calendar, text/x-vcalendar    Events if the body holds a VEVENT, Tasks if a VTODO
 *  text/plain (and Atom's `text`)     Notes
 *
 * `Calendar` is a filter (Events + Tasks), never an item's class: given for an item, it is resolved
 * to Events or Tasks from the body like an inferred calendar type.
 */
import type { Dataclass } from '@atomsync/atom';
import type { ItemDataclass } from '../item.js';

/** What a media type says about the class: a family, Calendar standing for Events or Tasks. */
type TypeFamily = 'Contacts' | 'Calendar' | 'Notes';

const FAMILY_OF_TYPE: Readonly<Record<string, TypeFamily>> = {
  'text/vcard': 'Contacts',
  'text/x-vcard': 'Contacts',
  'text/calendar': 'Calendar',
  'text/x-vcalendar': 'Calendar',
  'text/plain': 'Notes',
  // Atom's own `type="text"` (also its default when the attribute is absent) is plain text.
  text: 'Notes',
};

const FAMILY_OF_CLASS: Readonly<Record<ItemDataclass, TypeFamily>> = {
  Contacts: 'Contacts',
  Events: 'Calendar',
  Tasks: 'Calendar',
  Notes: 'Notes',
};

/** `Text/X-VCard; charset=utf-8` → `text/x-vcard`. */
export function normalizeMediaType(type: string): string {
  return type.split(';', 1)[0]!.trim().toLowerCase();
}

/** The vCard / iCalendar components a body holds (at the start of a line, as both formats put them). */
export interface BodyComponents {
  readonly vcard: boolean;
  readonly vevent: boolean;
  readonly vtodo: boolean;
}

const VCARD = /^BEGIN:VCARD[ \t]*\r?$/im;
const VEVENT = /^BEGIN:VEVENT[ \t]*\r?$/im;
const VTODO = /^BEGIN:VTODO[ \t]*\r?$/im;

export function componentsOf(body: string): BodyComponents {
  return { vcard: VCARD.test(body), vevent: VEVENT.test(body), vtodo: VTODO.test(body) };
}

/** A dataclass that could be decided, or why not (a message for the caller's refusal). */
export type DataclassResult = { readonly ok: true; readonly dataclass: ItemDataclass } | { readonly ok: false; readonly message: string };

function fail(message: string): DataclassResult {
  return { ok: false, message };
}

/** Events or Tasks from a calendar body; anything but exactly one of the two is not decidable. */
function calendarClass(parts: BodyComponents, why: string): DataclassResult {
  if (parts.vevent && !parts.vtodo) return { ok: true, dataclass: 'Events' };
  if (parts.vtodo && !parts.vevent) return { ok: true, dataclass: 'Tasks' };
  if (parts.vevent && parts.vtodo) return fail(`${why}: the body holds both a VEVENT and a VTODO, so it is neither Events nor Tasks; give Events or Tasks`);
  return fail(`${why}: the body holds neither a VEVENT nor a VTODO`);
}

/** Why `dataclass` contradicts the body, or undefined when they agree. */
function contradiction(dataclass: ItemDataclass, family: TypeFamily | undefined, parts: BodyComponents): string | undefined {
  const calendarBody = parts.vevent || parts.vtodo;
  switch (dataclass) {
    case 'Contacts':
      if (calendarBody) return 'a Contacts item cannot hold an iCalendar VEVENT or VTODO';
      if (family === 'Contacts' && !parts.vcard) return 'the body of a vCard media type holds no BEGIN:VCARD';
      return undefined;
    case 'Events':
      if (parts.vcard) return 'an Events item cannot hold a vCard';
      if (!parts.vevent && (parts.vtodo || family === 'Calendar')) return 'an Events item must hold a VEVENT';
      return undefined;
    case 'Tasks':
      if (parts.vcard) return 'a Tasks item cannot hold a vCard';
      if (!parts.vtodo && (parts.vevent || family === 'Calendar')) return 'a Tasks item must hold a VTODO';
      return undefined;
    case 'Notes':
      if (parts.vcard || calendarBody) return 'a Notes item cannot hold a vCard or an iCalendar component';
      return undefined;
  }
}

export interface DataclassOptions {
  /** The class the caller names (Calendar allowed: resolved from the body). */
  readonly given?: Dataclass | undefined;
  /**
   * The class to keep when none is given and the type says nothing (an update of an item whose
   * media type is not one of the table's keeps its class).
   */
  readonly fallback?: ItemDataclass | undefined;
  /** How a message shows a media type the table does not know (it echoes input); JSON by default. */
  readonly quote?: ((value: string) => string) | undefined;
}

/**
 * The class of an item of media `type` holding `body`. A given class must agree with the media
 * type (a known type of another family is refused) and with the body (Contacts with a VEVENT is
 * refused).
 */
export function inferDataclass(type: string, body: string, options: DataclassOptions = {}): DataclassResult {
  const { given, fallback, quote = JSON.stringify } = options;
  const media = normalizeMediaType(type);
  const family = FAMILY_OF_TYPE[media];
  const parts = componentsOf(body);
  let decided: DataclassResult;
  if (given === 'Calendar') {
    if (family !== undefined && family !== 'Calendar') return fail(`dataclass Calendar does not fit media type ${media}`);
    decided = calendarClass(parts, 'dataclass Calendar cannot be resolved to Events or Tasks');
  } else if (given !== undefined) {
    if (family !== undefined && family !== FAMILY_OF_CLASS[given]) return fail(`dataclass ${given} does not fit media type ${media}`);
    decided = { ok: true, dataclass: given };
  } else if (family === 'Calendar') {
    decided = calendarClass(parts, `the dataclass of a ${media} item cannot be inferred`);
  } else if (family !== undefined) {
    decided = { ok: true, dataclass: family };
  } else if (fallback !== undefined) {
    decided = { ok: true, dataclass: fallback };
  } else {
    return fail(`the dataclass of ${media === '' ? 'an untyped' : `a ${quote(media)}`} item cannot be inferred; name it (Contacts, Events, Tasks, Notes)`);
  }
  if (!decided.ok) return decided;
  const why = contradiction(decided.dataclass, family, parts);
  return why === undefined ? decided : fail(`${why} (dataclass ${decided.dataclass}, media type ${family === undefined ? quote(media) : media})`);
}

/**
 * The item class of a phone's item in a datastore of `dataclass`: a calendar datastore holds
 * events and tasks, told apart by a VTODO.
 */
export function itemClassOf(dataclass: Dataclass, data: string): ItemDataclass {
  if (dataclass !== 'Calendar') return dataclass;
  return /^BEGIN:VTODO\s*$/im.test(data) ? 'Tasks' : 'Events';
}
