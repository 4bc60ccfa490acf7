/**
 * @atomsync/items — item formats: vCard 2.1/3.0/4.0, vCalendar 1.0, iCalendar 2.0 and notes, read
 * and described (the canonical form, fingerprints and duplicate keys the sync engine pairs by).
 *
 *   lines/      content lines: folding, QUOTED-PRINTABLE, CHARSET, escaping; ical.js's jCal
 *   zones/      TZIDs (VTIMEZONE, then IANA), vCalendar 1.0 TZ/DAYLIGHT, canonical times
 *   vcard/      contacts: canonical reading, phone numbers
 *   icalendar/  events and tasks: canonical reading
 *   notes/      plain text and vNote
 *   describe/   the canonical form, fingerprints, duplicate keys
 */
export { ITEM_DATACLASSES, itemClassesOf, type ItemContent, type ItemDataclass } from './item.js';
export { describeItem, DUPLICATE_KEYS, type ItemDescription } from './describe/describe.js';
// Content-line and time-zone helpers the server's item renderer (SyncML items for phones) shares,
// so both read a QP value, an escaped value and a TZID the same way.
export { isLegacyVersion, unfoldLines, splitOutsideQuotes, decodeQuotedPrintable, splitEscaped, unescapeValue } from './lines/read.js';
export { zoneFormat, zoneOffsetAt, ianaToUtc } from './zones/time.js';
