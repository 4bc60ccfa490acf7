/**
 * What a PUT may store in a collection: one vCard in an address book, one iCalendar object whose
 * components are the calendar's one kind (RFC 6352 §6.3.2.1, RFC 4791 §5.3.2.1). Anything else is
 * refused with the RFC's precondition and nothing is stored.
 */
import { DavRequestError } from '@atomsync/dav';
import { componentsOf, parseCalendar, type ParsedCalendar } from '@atomsync/items';
import type { DavCollection } from './collections.js';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The body as text; bytes that are not UTF-8 are not a vCard or iCalendar object we can keep. */
export function bodyText(bytes: Uint8Array, c: DavCollection): string {
  try {
    return utf8.decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    throw c.component === undefined
      ? DavRequestError.failed('valid-address-data', 'the vCard is not UTF-8 text')
      : DavRequestError.failed('valid-calendar-data', 'the iCalendar object is not UTF-8 text');
  }
}

/**
 * Media types that name the other kind of item. Any other (none, text/plain, octet-stream: clients
 * and scripts label loosely) leaves the decision to the body.
 */
const CARD_TYPES = new Set(['text/vcard', 'text/x-vcard', 'text/directory']);
const CALENDAR_TYPES = new Set(['text/calendar', 'text/x-vcalendar']);

const count = (text: string, re: RegExp) => (text.match(re) ?? []).length;

/**
 * Throws the precondition the body breaks in collection `c`. An iCalendar object's parse is
 * returned: the description of what is stored reads it instead of parsing the body again.
 */
export function checkBody(body: string, contentType: string | null, c: DavCollection): ParsedCalendar | undefined {
  const media = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (c.component === undefined) {
    if (CALENDAR_TYPES.has(media)) throw DavRequestError.failed('supported-address-data', `an address book keeps vCards (text/vcard), not ${media}`);
    const trimmed = body.trim();
    if (!/^BEGIN:VCARD\r?\n/i.test(trimmed) || !/\r?\nEND:VCARD$/i.test(trimmed) || count(trimmed, /^BEGIN:VCARD\s*$/gim) !== 1) {
      throw DavRequestError.failed('valid-address-data', 'the body is not one vCard (BEGIN:VCARD … END:VCARD)');
    }
    if (!/^VERSION:/im.test(trimmed)) throw DavRequestError.failed('valid-address-data', 'the vCard has no VERSION');
    return undefined;
  }
  if (CARD_TYPES.has(media)) throw DavRequestError.failed('supported-calendar-data', `a calendar keeps iCalendar objects (text/calendar), not ${media}`);
  const trimmed = body.trim();
  if (!/^BEGIN:VCALENDAR\r?\n/i.test(trimmed) || !/\r?\nEND:VCALENDAR$/i.test(trimmed) || count(trimmed, /^BEGIN:VCALENDAR\s*$/gim) !== 1) {
    throw DavRequestError.failed('valid-calendar-data', 'the body is not one iCalendar object (BEGIN:VCALENDAR … END:VCALENDAR)');
  }
  let parsed: ParsedCalendar;
  try {
    parsed = parseCalendar(trimmed);
  } catch (error) {
    throw DavRequestError.failed('valid-calendar-data', `the iCalendar object does not parse: ${error instanceof Error ? error.message.slice(0, 200) : 'invalid'}`);
  }
  const parts = componentsOf(trimmed);
  const has = c.component === 'VEVENT' ? parts.vevent : parts.vtodo;
  const other = c.component === 'VEVENT' ? parts.vtodo : parts.vevent;
  if (!has || other) {
    throw DavRequestError.failed('supported-calendar-component', `this calendar keeps ${c.component} only (its tasks and events are separate calendars)`);
  }
  return parsed;
}
