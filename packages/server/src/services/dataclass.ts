/**
 * The dataclass of a content item (DESIGN.md "dataclass of a content item"): given explicitly
 * (`?dataclass=`, the entry's `dataclass`, a batch `content@dataclass`) or inferred from the media
 * type, and in both cases checked against the media type and the body, so that a stored item's
 * class always says what it holds.
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
import { itemClassesOf } from '@atomsync/items';
import type { ItemDataclass } from '../store/records.js';
import { quote } from '../http/safe-text.js';

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

/** A dataclass that could be decided, or why not (the message of a 400 `validation_failed`). */
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

/**
 * The class of an item of media `type` holding `body`.
 *
 * - `given`: the class the request names (Calendar allowed: resolved from the body).
 * - `fallback`: the class to keep when none is given and the type says nothing (an update of an
 *   item whose media type is not one of the table's keeps its class).
 *
 * A given class must agree with the media type (a known type of another family is refused) and
 * with the body (Contacts with a VEVENT is refused).
 */
export function resolveDataclass(type: string, body: string, given?: Dataclass, fallback?: ItemDataclass): DataclassResult {
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

/** The item classes a listing filter selects: Calendar = Events + Tasks; `all` or none = every class (undefined). */
export function classesOfFilter(filter: Dataclass | 'all' | undefined): readonly ItemDataclass[] | undefined {
  return filter === undefined || filter === 'all' ? undefined : itemClassesOf(filter);
}
