/**
 * @atomsync/items — everything about item formats, once: vCard 2.1/3.0/4.0, vCalendar 1.0,
 * iCalendar 2.0 and notes, read (one content-line reader, one time-zone resolver), described (the
 * canonical form, fingerprints and duplicate keys), classed (dataclass from media type and body) and
 * rewritten into the form a device asks for (vCard 2.1 with QUOTED-PRINTABLE, vCalendar 1.0, field
 * limits).
 *
 *   lines/      content lines: folding, QUOTED-PRINTABLE, CHARSET, escaping; the component tree; writing
 *   zones/      TZIDs (VTIMEZONE, then IANA), vCalendar 1.0 TZ/DAYLIGHT, DATE and DATE-TIME values
 *   vcard/      contacts: canonical reading, phone numbers, rewriting to 2.1 / 3.0
 *   icalendar/  events and tasks: canonical reading, rewriting to vCalendar 1.0, upgrading 1.0 to iCalendar 2.0 (with VTIMEZONEs)
 *   notes/      plain text and vNote
 *   describe/   the canonical form, fingerprints, duplicate keys, titles
 *   media/      the dataclass from media type and body
 *   render/     the form a device takes (SyncML DevInf and catalogue quirks) and the rewrite to it
 *   activesync/ the ActiveSync property mapping: contacts, notes, events and tasks as ApplicationData and back, with ghosting
 */
export { ITEM_DATACLASSES, itemClassesOf, type ItemContent, type ItemDataclass } from './item.js';
export {
  describeItem,
  describeTitled,
  DUPLICATE_KEYS,
  earlierFingerprints,
  isEarlierFingerprint,
  type DescribeTitledOptions,
  type ItemDescription,
  type TitledDescription,
} from './describe/describe.js';
export { parseCalendar, type ParsedCalendar } from './lines/jcal.js';
export { titleOf } from './describe/title.js';
export { MAX_UID_CHARS, uidOf } from './describe/uid.js';
export {
  componentsOf,
  inferDataclass,
  itemClassOf,
  normalizeMediaType,
  type BodyComponents,
  type DataclassOptions,
  type DataclassResult,
} from './media/dataclass.js';
export {
  phoneFormat,
  type DeviceContentType,
  type DeviceDataStore,
  type FormatQuirks,
  type PhoneFormat,
  type PhoneFormatInput,
} from './render/format.js';
export type { FieldLimits } from './render/limits.js';
export { renderForPhone, type RenderedItem } from './render/render.js';
export { davBody } from './render/dav.js';
export * from './files/index.js';
export {
  AIRSYNC_VERSIONS,
  type AirSyncBodyPreference,
  type AirSyncProperty,
  type AirSyncVersion,
  type FromAirSyncOptions,
  type ToAirSyncOptions,
} from './activesync/properties.js';
export {
  CONTACT_ELEMENTS,
  CONTACT_SLOTS,
  contactFromAirSync,
  contactToAirSync,
  type ContactElement,
  type SlotRule,
} from './activesync/contacts.js';
export { NOTE_ELEMENTS, noteFromAirSync, noteToAirSync, type NoteElement } from './activesync/notes.js';
export { EVENT_ELEMENTS, eventFromAirSync, eventToAirSync, type EventElement } from './activesync/calendar.js';
export { TASK_ELEMENTS, taskFromAirSync, taskToAirSync, type TaskElement } from './activesync/tasks.js';
export { eventEndsAfter, MAX_OCCURRENCES, taskIsComplete } from './activesync/window.js';
export { decodeTimeZone, encodeTimeZone, type TimeZoneInfo, type TransitionRule } from './activesync/timezone.js';
export { isLegacyVersion, readComponents, unescapeValue, type Component, type ContentLine, type Param } from './lines/read.js';
export {
  floatingZone,
  readCalendarObject,
  type CalendarInstance,
  type CalendarInstances,
  type CalendarObjectComponent,
  type CalendarObjectOptions,
  type CalendarObjectProperty,
  type InstantRange,
} from './icalendar/instances.js';
export { MAX_CANDIDATES, MAX_INSTANCES_EXAMINED } from './icalendar/recurrence-walk.js';
export { withTimezones } from './icalendar/timezones.js';
export { upgradeVCalendar } from './vcalendar/upgrade.js';
export { CALDAV_PRODID, expandCalendar, writeFreeBusy, type Expansion, type FreeBusyPeriod } from './icalendar/expand.js';
