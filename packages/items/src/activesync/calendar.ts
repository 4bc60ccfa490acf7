/**
 * Events as ActiveSync ApplicationData (MS-ASCAL) and back, as data: `EVENT_ELEMENTS` says which
 * iCalendar property keeps each element, which elements an Exception carries too, and the versions
 * that have each; one codec walks it. Versions gate elements in the table (`Calendar:Body` 2.5,
 * `AirSyncBase:Body` 12.0+, `Calendar:Location` to 14.1, `AirSyncBase:Location` 16.0+), and the
 * children of Attendee and Recurrence in their own tables.
 *
 * Times: StartTime and EndTime in UTC, `Calendar:Timezone` the blob of the event's zone for its
 * year (timezone.ts); an all-day event (DTSTART a DATE) is midnight to midnight UTC with UTC's
 * blob, and a phone's all-day times are read as the days they start in its own zone. A floating
 * time is sent as its wall time in UTC. Coming back, the event keeps its zone while the phone
 * sends back the blob we sent; another blob becomes an IANA zone with the same rules (a VTIMEZONE
 * written from the blob with it), or a zone of the blob's own.
 *
 * Recurrence ↔ RRULE (recurrence.ts); Exceptions ↔ EXDATE (Deleted) and VEVENTs with
 * RECURRENCE-ID in the same VCALENDAR (a changed occurrence: StartTime and EndTime, and each
 * element whose value is not the series'). Reminder ↔ the first VALARM that rings a whole number of
 * minutes before the start; BusyStatus ↔ TRANSP (and X-MICROSOFT-CDO-BUSYSTATUS for tentative,
 * away and elsewhere); Sensitivity ↔ CLASS; MeetingStatus ↔ attendees and STATUS:CANCELLED (what
 * they cannot say, a meeting received, in X-ACTIVESYNC-MEETINGSTATUS).
 *
 * Coming back from the phone, the event is the previous item changed where the phone said so, as
 * for contacts: a sent element changes its property, an empty one deletes it, one left out is
 * deleted when the phone carries it (Supported) and kept otherwise; a value sent back as we sent
 * it leaves its lines as they were; what no element carries (X- properties, further VALARMs,
 * ATTACH, RDATE, other components) is kept; an unusable value changes nothing. UID, DtStamp,
 * MeetingStatus and the times are never deleted by their absence. A new event gets a UID and a
 * DTSTAMP, which iCalendar requires.
 */
import { randomUUID } from 'node:crypto';
import { paramValues } from '../lines/read.js';
import {
  type CalendarDoc,
  CalendarZones,
  type ItemComponent,
  type TimeForm,
  alarmTime,
  canonical,
  compactUtc,
  durationBefore,
  durationSeconds,
  extendedUtc,
  first,
  formOf,
  instantOf,
  isTrue,
  localDay,
  msOf,
  newAlarm,
  newLine,
  readCalendarDoc,
  readTime,
  readTimes,
  readTimeValue,
  removeLines,
  ringingAlarm,
  setLine,
  textOfLine,
  withParam,
  withValue,
  writeCalendarDoc,
  writeTimeIn,
} from './calendar-item.js';
import { type PropertyElement, SENSITIVITY_CODES, categories, propertyText, sensitivity } from './codec/ical.js';
import { attendees } from './codec/kinds/attendees.js';
import { body } from './codec/kinds/body.js';
import { instant } from './codec/kinds/dates.js';
import { list } from './codec/kinds/list.js';
import { keptWeekStart, recurrence, sentWeekStart } from './codec/kinds/recurrence.js';
import { address, addressOf, lineText, oneOf, saidText, text } from './codec/kinds/text.js';
import { type AnyKind, type Element, type Held, type ItemCodec, type Wire, applyElement, applyElements, carries, encodeItem, kind, sameValue } from './codec/walk.js';
import {
  type AirSyncProperty,
  type AirSyncVersion,
  type FromAirSyncOptions,
  type ToAirSyncOptions,
  type VersionRange,
  indexProperties,
  inVersion,
  isBlank,
  parentElement,
  phoneText,
  textElement,
} from './properties.js';
import {
  CALENDAR_RECURRENCE,
  type RecurrenceValue,
  type SeriesStart,
  recurrenceOfRule,
  ruleOfRecurrence,
  ruleParts,
} from './recurrence.js';
import { type TimeZoneInfo, type ZoneOffsets, UTC_TIME_ZONE, decodeTimeZone, encodeTimeZone, timeZoneOf, zoneOfTimeZone } from './timezone.js';

/**
 * How an element's value reads and writes. The times (`timezone`, `allDay`, `start`, `end`) are
 * read together, and `exceptions` after everything else.
 */
type Kind =
  | 'timezone' | 'allDay' | 'start' | 'end'
  | 'text' | 'body' | 'location' | 'busy' | 'organizerName' | 'organizerEmail' | 'stamp' | 'reminder'
  | 'sensitivity' | 'meetingStatus' | 'attendees' | 'categories' | 'recurrence' | 'exceptions' | 'flag';

export interface EventElement extends PropertyElement {
  readonly kind: Kind;
  /** Also a child of `Calendar:Exception` (a changed occurrence). */
  readonly exception?: true;
}

/** Every element we map, in the order MS-ASCAL §2.2.2 lists the top-level elements (which is the order we send). */
export const EVENT_ELEMENTS: readonly EventElement[] = [
  { name: 'Calendar:Timezone', kind: 'timezone', keep: true },
  { name: 'Calendar:AllDayEvent', kind: 'allDay', exception: true, keep: true },
  { name: 'AirSyncBase:Body', kind: 'body', property: 'DESCRIPTION', since: '12.0', exception: true },
  { name: 'Calendar:Body', kind: 'body', property: 'DESCRIPTION', until: '2.5', exception: true },
  { name: 'Calendar:BusyStatus', kind: 'busy', exception: true },
  { name: 'Calendar:OrganizerName', kind: 'organizerName' },
  { name: 'Calendar:OrganizerEmail', kind: 'organizerEmail' },
  { name: 'Calendar:DtStamp', kind: 'stamp', property: 'DTSTAMP', keep: true },
  { name: 'Calendar:EndTime', kind: 'end', exception: true, keep: true },
  { name: 'Calendar:Location', kind: 'text', property: 'LOCATION', until: '14.1', exception: true },
  { name: 'AirSyncBase:Location', kind: 'location', property: 'LOCATION', since: '16.0', exception: true },
  { name: 'Calendar:Reminder', kind: 'reminder', exception: true },
  { name: 'Calendar:Sensitivity', kind: 'sensitivity', exception: true },
  { name: 'Calendar:Subject', kind: 'text', property: 'SUMMARY', exception: true },
  { name: 'Calendar:StartTime', kind: 'start', exception: true, keep: true },
  // Fixed: the UID names the event for every other calendar; TbSync sends its ServerId there in
  // every Change, and taking it would rename the event everywhere.
  { name: 'Calendar:UID', kind: 'text', property: 'UID', keep: true, fixed: true },
  { name: 'Calendar:MeetingStatus', kind: 'meetingStatus', keep: true },
  { name: 'Calendar:Attendees', kind: 'attendees', exception: true },
  { name: 'Calendar:Categories', kind: 'categories', exception: true },
  { name: 'Calendar:Recurrence', kind: 'recurrence' },
  { name: 'Calendar:Exceptions', kind: 'exceptions' },
  { name: 'Calendar:DisallowNewTimeProposal', kind: 'flag', property: 'X-MICROSOFT-DISALLOW-COUNTER', since: '14.0' },
];

/** The original start of an occurrence: ExceptionStartTime to 14.1, InstanceId from 16.0. */
const EXCEPTION_START: readonly (VersionRange & { readonly name: string; readonly format: (ms: number) => string })[] = [
  { name: 'Calendar:ExceptionStartTime', until: '14.1', format: compactUtc },
  { name: 'AirSyncBase:InstanceId', since: '16.0', format: extendedUtc },
];

const TIME_KINDS = new Set<Kind>(['timezone', 'allDay', 'start', 'end']);
const DAY = 86_400_000;
const MEETING_STATUS = 'X-ACTIVESYNC-MEETINGSTATUS';
const BUSY_STATUS = 'X-MICROSOFT-CDO-BUSYSTATUS';
const BUSY: Readonly<Record<string, string>> = { FREE: '0', TENTATIVE: '1', BUSY: '2', OOF: '3', WORKINGELSEWHERE: '4' };
const BUSY_NAMES = ['FREE', 'TENTATIVE', 'BUSY', 'OOF', 'WORKINGELSEWHERE'];
const MEETING_VALUES = new Set(['0', '1', '3', '5', '7', '9', '11', '13', '15']);

interface Exception {
  /** The occurrence's original start, UTC ms. */
  readonly start: number;
  readonly deleted: boolean;
  /** Element name → value ('' for an element sent empty). */
  readonly fields: Readonly<Record<string, unknown>>;
}


interface Times {
  readonly allDay: boolean;
  readonly start: number;
  readonly end: number;
  readonly form: TimeForm;
  readonly tz: TimeZoneInfo;
}

interface Context {
  readonly version: AirSyncVersion;
  readonly doc: CalendarDoc;
  readonly zones: CalendarZones;
  readonly master: ItemComponent;
  /** The phone's zone, for the days of all-day times and Until (set when the times are read). */
  phoneOffsets: ZoneOffsets;
}

// ---- reading the item -----------------------------------------------------------------------------

function isRecurrenceId(c: ItemComponent): boolean {
  return c.lines.some((l) => l.name === 'RECURRENCE-ID');
}

/** The series (or single event): the first VEVENT without RECURRENCE-ID. */
function masterOf(doc: CalendarDoc, name: string): ItemComponent | undefined {
  const items = doc.components.filter((c) => c.name === name);
  return items.find((c) => !isRecurrenceId(c)) ?? items[0];
}

/** The changed occurrences of the series: VEVENTs with RECURRENCE-ID and the series' UID. */
function overridesOf(ctx: Context): ItemComponent[] {
  const uid = textOfLine(first(ctx.master, 'UID')).trim();
  return ctx.doc.components.filter((c) => c !== ctx.master && c.name === ctx.master.name && isRecurrenceId(c) && textOfLine(first(c, 'UID')).trim() === uid);
}

function timesOf(c: ItemComponent, ctx: Context): Times | 'withheld' | undefined {
  const startLine = first(c, 'DTSTART');
  if (!startLine) return undefined;
  const time = readTime(startLine, ctx.zones)!;
  const form = formOf(time, ctx.zones);
  const start = msOf(time);
  if (!form || start === null) return 'withheld';
  const allDay = form.kind === 'date';
  const endTime = readTime(first(c, 'DTEND'), ctx.zones);
  const duration = first(c, 'DURATION');
  const seconds = duration ? durationSeconds(duration.value) : null;
  let end = endTime ? msOf(endTime) : null;
  if (end === null && seconds !== null) end = start + seconds * 1000;
  if (end === null) end = start;
  // An all-day event ends at a midnight, a day after its start at least.
  if (allDay) end = Math.max(start + DAY, Math.ceil(end / DAY) * DAY);
  const tz = form.kind === 'zoned' ? timeZoneOf(form.offsets, start, ctx.zones.names(form.tzid), ctx.zones.key(form.tzid)) : UTC_TIME_ZONE;
  return { allDay, start, end: Math.max(end, start), form, tz };
}

/** The series' start in its own wall time (what a rule's missing BY parts are). */
function seriesStart(c: ItemComponent, ctx: Context): SeriesStart | null {
  const time = readTime(first(c, 'DTSTART'), ctx.zones);
  if (!time) return null;
  const wall = time.kind === 'zoned' || time.kind === 'floating' ? time.wall : msOf(time);
  if (wall === null) return null;
  const d = new Date(wall);
  return { month: d.getUTCMonth() + 1, day: d.getUTCDate(), weekday: d.getUTCDay() };
}

/** The alarm that is the Reminder: the first that rings a whole number of minutes (≥ 0) before the start. */
function reminderAlarm(c: ItemComponent, ctx: Context): { index: number; minutes: number } | 'withheld' | undefined {
  const alarms = c.components.filter((a) => a.name === 'VALARM');
  if (alarms.length === 0) return undefined;
  const times = timesOf(c, ctx);
  const start = times && times !== 'withheld' ? times.start : null;
  const end = times && times !== 'withheld' ? times.end : null;
  for (let index = 0; index < c.components.length; index++) {
    const alarm = c.components[index]!;
    if (!ringingAlarm(alarm) || start === null) continue;
    const at = alarmTime(alarm, start, end, ctx.zones);
    if (at === null) continue;
    const minutes = (start - at) / 60_000;
    if (Number.isInteger(minutes) && minutes >= 0 && minutes <= 999_999) return { index, minutes };
  }
  return 'withheld';
}

function derivedMeetingStatus(c: ItemComponent): string {
  if (!c.lines.some((l) => l.name === 'ATTENDEE')) return '0';
  return textOfLine(first(c, 'STATUS')).trim().toUpperCase() === 'CANCELLED' ? '5' : '1';
}

function recurrenceOf(c: ItemComponent, ctx: Context): Held<RecurrenceValue> {
  const rules = c.lines.filter((l) => l.name === 'RRULE');
  if (rules.length === 0) return undefined;
  const parts = rules.length === 1 ? ruleParts(rules[0]!.value) : null;
  const rule = parts ? recurrenceOfRule(parts, seriesStart(c, ctx)) : null;
  if (!parts || !rule) return 'withheld';
  let until: number | undefined;
  const untilText = parts.get('UNTIL');
  if (untilText !== undefined) {
    const tzid = paramValues(first(c, 'DTSTART')?.params ?? [], 'TZID')[0];
    const ms = msOf(readTimeValue(untilText, tzid, ctx.zones));
    if (ms === null) return 'withheld';
    until = ms;
  }
  return { value: { ...sentWeekStart(rule, CALENDAR_RECURRENCE, ctx.version), ...(until === undefined ? {} : { until }) } };
}

/** The event and what reading it needs: the item the walker and the kinds work on (the series, or an occurrence). */
interface EventItem {
  readonly c: ItemComponent;
  readonly ctx: Context;
  /** The series' times, read once when the event is sent. */
  readonly times?: Times | 'withheld' | undefined;
}

/**
 * Read with the others, never one element alone: the times (applyTimes, and each occurrence's own)
 * and the exceptions (applyExceptions, after everything else).
 */
const TOGETHER = { decode: () => 'unusable' as const, set: () => undefined, remove: () => undefined };

function timeKind(kindOfTime: Kind): AnyKind<EventItem, EventElement> {
  return {
    ...TOGETHER,
    encode: (element, value: string) => [textElement(element.name, value)],
    held: (_e, { times }) => (times && times !== 'withheld' ? { value: timeText(kindOfTime, times) } : undefined),
  };
}

/** AirSyncBase:Location (16.0): the place's DisplayName. */
const displayName: Wire<unknown, Element, string> = {
  encode: (element, value) => [parentElement(element.name, [textElement('AirSyncBase:DisplayName', value)])],
  decode: (_e, property) => saidText(phoneText(property.children?.find((c) => c.name === 'AirSyncBase:DisplayName')?.text ?? '')),
};

/** Reminder: minutes before the start, at most six digits. */
const minutes: Wire<unknown, Element, string> = {
  encode: (element, value) => [textElement(element.name, value)],
  decode: (_e, property) => {
    const value = phoneText(property.text ?? '');
    if (isBlank(value)) return 'blank';
    return /^\s*\d{1,6}\s*$/.test(value) ? { value: String(Number(value)) } : 'unusable';
  },
};

/** Each kind: its wire form, and where the VEVENT keeps it. */
const KINDS: { readonly [K in Kind]: AnyKind<EventItem, EventElement> } = {
  timezone: timeKind('timezone'),
  allDay: timeKind('allDay'),
  start: timeKind('start'),
  end: timeKind('end'),
  text: kind(text, propertyText),
  body: kind(body(true), propertyText),
  location: kind(displayName, propertyText),
  busy: kind(oneOf(['0', '1', '2', '3', '4']), {
    held: (_e, { c }) => {
      const cdo = BUSY[textOfLine(first(c, BUSY_STATUS)).trim().toUpperCase()];
      if (cdo !== undefined) return { value: cdo };
      return { value: textOfLine(first(c, 'TRANSP')).trim().toUpperCase() === 'TRANSPARENT' ? '0' : '2' };
    },
    set: (_e, { c }, value) => {
      setLine(c, newLine('TRANSP', value === '0' ? 'TRANSPARENT' : 'OPAQUE'));
      if (first(c, BUSY_STATUS) || value === '1' || value === '3' || value === '4') setLine(c, newLine(BUSY_STATUS, BUSY_NAMES[Number(value)] ?? 'BUSY'));
    },
    remove: (_e, { c }) => {
      removeLines(c, 'TRANSP');
      removeLines(c, BUSY_STATUS);
    },
  }),
  organizerName: kind(lineText, {
    held: (_e, { c }) => textHeld(paramValues(first(c, 'ORGANIZER')?.params ?? [], 'CN')[0] ?? ''),
    set: (_e, { c }, value) => {
      const organizer = first(c, 'ORGANIZER');
      setLine(c, organizer ? withValue(organizer, organizer.value, withParam(organizer.params, 'CN', value)) : newLine('ORGANIZER', 'mailto:', [{ name: 'CN', values: [value] }]));
    },
    remove: (_e, { c }) => {
      const organizer = first(c, 'ORGANIZER');
      if (organizer) setLine(c, withValue(organizer, organizer.value, withParam(organizer.params, 'CN')));
    },
  }),
  organizerEmail: kind(address, {
    held: (_e, { c }) => {
      const organizer = first(c, 'ORGANIZER');
      return organizer ? textHeld(addressOf(organizer.value)) : undefined;
    },
    set: (_e, { c }, value) => {
      const organizer = first(c, 'ORGANIZER');
      setLine(c, organizer ? withValue(organizer, `mailto:${value}`) : newLine('ORGANIZER', `mailto:${value}`));
    },
    remove: (_e, { c }) => removeLines(c, 'ORGANIZER'),
  }),
  stamp: kind(
    instant((value) => {
      const ms = instantOf(value);
      return ms === null ? null : compactUtc(ms);
    }),
    {
      held: (element, { c, ctx }) => {
        const line = first(c, element.property!);
        if (!line) return undefined;
        const time = readTime(line, ctx.zones)!;
        return time.kind === 'utc' ? { value: compactUtc(time.ms) } : 'withheld';
      },
      set: (element, { c }, value) => setLine(c, newLine(element.property!, value)),
      remove: (element, { c }) => removeLines(c, element.property!),
    },
  ),
  reminder: kind(minutes, {
    held: (_e, { c, ctx }) => {
      const alarm = reminderAlarm(c, ctx);
      return alarm === undefined || alarm === 'withheld' ? alarm : { value: String(alarm.minutes) };
    },
    set: (_e, { c, ctx }, value) => {
      const trigger = newLine('TRIGGER', durationBefore(Number(value)));
      const alarm = reminderAlarm(c, ctx);
      if (alarm && alarm !== 'withheld') {
        const target = c.components[alarm.index]!;
        const lines = target.lines.filter((l) => l.name !== 'TRIGGER');
        const at = target.lines.findIndex((l) => l.name === 'TRIGGER');
        lines.splice(Math.min(at, lines.length), 0, trigger);
        c.components[alarm.index] = { ...target, lines };
      } else {
        c.components.push(newAlarm(trigger, textOfLine(first(c, 'SUMMARY'))));
      }
    },
    remove: (_e, { c, ctx }) => {
      const alarm = reminderAlarm(c, ctx);
      if (alarm && alarm !== 'withheld') c.components.splice(alarm.index, 1);
    },
  }),
  sensitivity: kind(oneOf(SENSITIVITY_CODES), sensitivity),
  meetingStatus: kind(oneOf(MEETING_VALUES), {
    held: (_e, { c }) => {
      const own = textOfLine(first(c, MEETING_STATUS)).trim();
      return { value: MEETING_VALUES.has(own) ? own : derivedMeetingStatus(c) };
    },
    set: (_e, { c }, value) => {
      const status = Number(value);
      const cancelled = textOfLine(first(c, 'STATUS')).trim().toUpperCase() === 'CANCELLED';
      if ((status & 4) !== 0 && !cancelled) setLine(c, newLine('STATUS', 'CANCELLED'));
      if ((status & 4) === 0 && cancelled) removeLines(c, 'STATUS');
      if (derivedMeetingStatus(c) === value) removeLines(c, MEETING_STATUS);
      else setLine(c, newLine(MEETING_STATUS, value));
    },
    // A status, not a value: an empty element leaves it.
    remove: () => undefined,
  }),
  attendees,
  categories: kind(list(() => 'Calendar:Category', true), categories),
  recurrence: kind(
    recurrence('Calendar', CALENDAR_RECURRENCE, compactUtc, (_property, { item: { ctx } }) => seriesStart(ctx.master, ctx)),
    {
      held: (_e, { c, ctx }) => recurrenceOf(c, ctx),
      set: (_e, { c, ctx }, value) => setRecurrence(c, value, ctx),
      remove: (_e, { c }) => removeLines(c, 'RRULE'),
    },
  ),
  exceptions: {
    ...TOGETHER,
    encode: (element, value: readonly Exception[], options) => [parentElement(element.name, value.map((e) => encodeException(e, options)))],
    held: (_e, { ctx }) => exceptionsOf(ctx),
  },
  flag: kind(oneOf(['0', '1']), {
    held: (element, { c }) => {
      const flag = textOfLine(first(c, element.property!)).trim().toUpperCase();
      return flag === '' ? undefined : flag === 'TRUE' ? { value: '1' } : flag === 'FALSE' ? { value: '0' } : 'withheld';
    },
    set: (element, { c }, value) => setLine(c, newLine(element.property!, value === '1' ? 'TRUE' : 'FALSE')),
    remove: (element, { c }) => removeLines(c, element.property!),
  }),
};

const EVENTS: ItemCodec<EventItem, EventElement> = { elements: EVENT_ELEMENTS, kindOf: (element) => KINDS[element.kind] };

const textHeld = (value: string): Held<string> => (isBlank(value) ? undefined : { value });

/** What the component holds for an element (not the times, which `timesOf` reads). */
function held(element: EventElement, c: ItemComponent, ctx: Context): Held<unknown> {
  return KINDS[element.kind].held(element, { c, ctx });
}

/** The exceptions of the series: EXDATEs deleted, overrides with what differs from the series. */
function exceptionsOf(ctx: Context): Held<Exception[]> {
  const { master } = ctx;
  const overrides = overridesOf(ctx);
  const exdates = readTimes(master, 'EXDATE', ctx.zones);
  if (exdates.length === 0 && overrides.length === 0) return undefined;
  const recurrence = recurrenceOf(master, ctx);
  if (!recurrence || recurrence === 'withheld') return 'withheld';
  const series = timesOf(master, ctx);
  if (!series || series === 'withheld') return 'withheld';
  // The series' own values, read once: each occurrence sends what differs from them.
  const inherited = new Map<EventElement, Held<unknown>>(EVENT_ELEMENTS.filter((e) => e.exception && !TIME_KINDS.has(e.kind)).map((e) => [e, held(e, master, ctx)]));
  const byStart = new Map<number, Exception>();
  for (const time of exdates) {
    const ms = msOf(time);
    if (ms === null) return 'withheld';
    byStart.set(ms, { start: ms, deleted: true, fields: {} });
  }
  for (const override of overrides) {
    const id = first(override, 'RECURRENCE-ID')!;
    const start = msOf(readTime(id, ctx.zones)!);
    if (start === null || paramValues(id.params, 'RANGE').length > 0) return 'withheld';
    if (byStart.get(start)?.deleted) continue;
    byStart.set(start, { start, deleted: false, fields: overrideFields(override, start, series, inherited, ctx) });
  }
  return { value: [...byStart.values()].sort((a, b) => a.start - b.start) };
}

/** An occurrence's fields: its times, and each element whose value is not the series'. */
function overrideFields(override: ItemComponent, start: number, series: Times, inheritedValues: ReadonlyMap<EventElement, Held<unknown>>, ctx: Context): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  const own = timesOf(override, ctx);
  const times = own && own !== 'withheld' ? own : { allDay: series.allDay, start, end: start + (series.end - series.start) };
  for (const element of EVENT_ELEMENTS) {
    if (!element.exception || !inVersion(element, ctx.version)) continue;
    switch (element.kind) {
      case 'allDay':
        if (times.allDay !== series.allDay) fields[element.name] = times.allDay ? '1' : '0';
        continue;
      case 'start':
        fields[element.name] = compactUtc(times.start);
        continue;
      case 'end':
        fields[element.name] = compactUtc(times.end);
        continue;
    }
    const value = held(element, override, ctx);
    const inherited = inheritedValues.get(element);
    if (value && value !== 'withheld' && !(inherited && inherited !== 'withheld' && sameValue(value.value, inherited.value))) fields[element.name] = value.value;
  }
  return fields;
}

// ---- to the phone ---------------------------------------------------------------------------------

/** An event (iCalendar 2.0 or vCalendar 1.0 text) as ActiveSync ApplicationData, in the order MS-ASCAL lists the elements. */
export function eventToAirSync(ical: string, options: ToAirSyncOptions): AirSyncProperty[] {
  const doc = readCalendarDoc(ical);
  const master = masterOf(doc, 'VEVENT');
  if (!master) return [];
  const ctx: Context = { version: options.version, doc, zones: new CalendarZones(doc), master, phoneOffsets: () => 0 };
  return encodeItem(EVENTS, { c: master, ctx, times: timesOf(master, ctx) }, options);
}

function timeText(kind: Kind, times: Times): string {
  switch (kind) {
    case 'timezone':
      return encodeTimeZone(times.tz);
    case 'allDay':
      return times.allDay ? '1' : '0';
    case 'start':
      return compactUtc(times.start);
    default:
      return compactUtc(times.end);
  }
}

function encodeException(exception: Exception, options: ToAirSyncOptions): AirSyncProperty {
  const children: AirSyncProperty[] = [];
  if (exception.deleted) children.push(textElement('Calendar:Deleted', '1'));
  for (const id of EXCEPTION_START) if (inVersion(id, options.version)) children.push(textElement(id.name, id.format(exception.start)));
  for (const element of EVENT_ELEMENTS) {
    const value = exception.fields[element.name];
    if (value === undefined || !element.exception || !inVersion(element, options.version)) continue;
    children.push(...KINDS[element.kind].encode(element, value, options));
  }
  return parentElement('Calendar:Exception', children);
}

// ---- from the phone -------------------------------------------------------------------------------

/** ActiveSync ApplicationData (an Add or a Change) as an iCalendar 2.0 VCALENDAR, merged with `previous`. */
export function eventFromAirSync(properties: readonly AirSyncProperty[], options: FromAirSyncOptions): string {
  const doc = readCalendarDoc(options.previous);
  let master = masterOf(doc, 'VEVENT');
  const isNew = !master;
  if (!master) {
    master = { name: 'VEVENT', lines: [], components: [], stray: [] };
    doc.components.push(master);
  }
  const zones = new CalendarZones(doc);
  const ctx: Context = { version: options.version, doc, zones, master, phoneOffsets: () => 0 };
  const zonesBefore = zones.referenced();
  const sent = indexProperties(properties);
  // What we sent of the exceptions: read before the series changes (they are told apart from it).
  const exceptionsBefore = held(EXCEPTIONS, master, ctx);

  applyTimes(master, sent, ctx);
  const at = { sent, item: { c: master, ctx }, version: options.version, supported: options.supported };
  // MeetingStatus last: what it says is read against the attendees and STATUS the phone left.
  applyElements(EVENTS, at, (e) => !TIME_KINDS.has(e.kind) && e.kind !== 'exceptions' && e.kind !== 'meetingStatus');
  applyElements(EVENTS, at, (e) => e.kind === 'meetingStatus');
  // A new event needs both (RFC 5545); an old one without is left so (its UID is its duplicate key).
  if (isNew && !first(master, 'UID')) master.lines.unshift(newLine('UID', randomUUID()));
  if (isNew && !first(master, 'DTSTAMP')) master.lines.splice(1, 0, newLine('DTSTAMP', compactUtc(Math.floor(Date.now() / 1000) * 1000)));
  applyExceptions(sent.get(EXCEPTIONS.name), exceptionsBefore, ctx, options.supported);

  zones.prune(zonesBefore);
  return writeCalendarDoc(doc);
}

const EXCEPTIONS = EVENT_ELEMENTS.find((e) => e.kind === 'exceptions')!;

function setRecurrence(c: ItemComponent, r: RecurrenceValue, ctx: Context): void {
  const rule = keptWeekStart(r, c.lines.filter((l) => l.name === 'RRULE'), CALENDAR_RECURRENCE, ctx.version);
  setLine(c, newLine('RRULE', ruleOfRecurrence(rule, rule.until === undefined ? null : untilText(rule.until, c, ctx))));
}

/** UNTIL as the series writes its start: a day for all-day series (the day it falls on for the phone), else UTC (floating for a floating start). */
function untilText(until: number, c: ItemComponent, ctx: Context): string {
  const time = readTime(first(c, 'DTSTART'), ctx.zones);
  if (time?.kind === 'date') {
    const local = until + ctx.phoneOffsets(until);
    return compactUtc(Math.floor(local / DAY) * DAY).slice(0, 8);
  }
  return time?.kind === 'floating' ? compactUtc(until).slice(0, 15) : compactUtc(until);
}

// ---- times from the phone -------------------------------------------------------------------------------

/** The series' times: the phone's StartTime, EndTime, AllDayEvent and Timezone, each left out taken as we sent it. */
function applyTimes(c: ItemComponent, sent: Map<string, AirSyncProperty>, ctx: Context): void {
  const before = timesOf(c, ctx);
  if (before === 'withheld') return;
  const text = (name: string) => sent.get(name)?.text;
  const tzText = text('Calendar:Timezone');
  const phoneZone = tzText === undefined ? null : decodeTimeZone(tzText);
  const allDayText = text('Calendar:AllDayEvent');
  const allDay = allDayText === undefined ? (before?.allDay ?? false) : isTrue(allDayText);
  const start = instantOf(text('Calendar:StartTime') ?? '') ?? before?.start;
  if (start === undefined) return;
  const end = instantOf(text('Calendar:EndTime') ?? '') ?? (before && before.start === start ? before.end : start + (allDay ? DAY : 0));
  const sameZone = !phoneZone || (before !== undefined && encodeTimeZone(phoneZone) === encodeTimeZone(before.tz));
  const zone = sameZone ? null : zoneOfTimeZone(phoneZone!, start);
  ctx.phoneOffsets = zone?.offsets ?? (before?.form.kind === 'zoned' ? before.form.offsets : () => 0);
  if (before && sameZone && before.allDay === allDay && before.start === start && before.end === end) return;

  let form: TimeForm;
  if (allDay) form = { kind: 'date' };
  else if (zone) {
    if (zone.tzid === null) form = { kind: 'utc' };
    else {
      if (!ctx.zones.has(zone.tzid) && zone.vtimezone) ctx.zones.add(zone.vtimezone);
      form = { kind: 'zoned', tzid: zone.tzid, offsets: ctx.zones.offsets(zone.tzid) ?? zone.offsets };
    }
  } else form = before && before.form.kind !== 'date' ? before.form : { kind: 'utc' };
  writeTimes(c, allDay, start, end, form, ctx.phoneOffsets);
}

/** DTSTART and DTEND in `form`; a line whose value stays is left as written, DURATION kept while it still holds. */
function writeTimes(c: ItemComponent, allDay: boolean, start: number, end: number, form: TimeForm, offsets: ZoneOffsets): void {
  let from = start;
  let to = end;
  if (allDay) {
    from = localDay(start, offsets);
    to = localDay(end, offsets);
    if (to <= from) to = from + DAY;
  }
  writeTime(c, 'DTSTART', from, form);
  const duration = first(c, 'DURATION');
  const seconds = duration ? durationSeconds(duration.value) : null;
  if (!first(c, 'DTEND') && seconds !== null && from + seconds * 1000 === to) return;
  removeLines(c, 'DURATION');
  writeTime(c, 'DTEND', to, form);
}

function writeTime(c: ItemComponent, name: string, ms: number, form: TimeForm): void {
  const { value, params } = writeTimeIn(ms, form);
  const current = first(c, name);
  const kept = (current?.params ?? []).filter((p) => p.name !== 'TZID' && p.name !== 'VALUE');
  const next = [...kept, ...params];
  if (current && current.value === value && sameParams(current.params, next)) return;
  setLine(c, current ? withValue(current, value, next) : newLine(name, value, next));
}

function sameParams(a: readonly { name: string; values: readonly string[] }[], b: readonly { name: string; values: readonly string[] }[]): boolean {
  const key = (ps: typeof a) => ps.map((p) => `${p.name}=${p.values.join(',').toUpperCase()}`).sort().join(';');
  return key(a) === key(b);
}

// ---- exceptions from the phone ----------------------------------------------------------------------------

interface PhoneException extends Exception {
  readonly sent: Map<string, AirSyncProperty>;
}

/** The phone's exceptions; null when one of them has no original start we can read (then nothing changes). */
function readExceptions(property: AirSyncProperty, ctx: Context): PhoneException[] | null {
  const out = new Map<number, PhoneException>();
  for (const child of property.children ?? []) {
    if (child.name !== 'Calendar:Exception') continue;
    const sent = indexProperties(child.children ?? []);
    const id = EXCEPTION_START.map((e) => sent.get(e.name)?.text).find((t) => t !== undefined);
    const start = id === undefined ? null : instantOf(id);
    if (start === null) return null;
    const deleted = isTrue(sent.get('Calendar:Deleted')?.text);
    const fields: Record<string, unknown> = {};
    if (!deleted) {
      for (const element of EVENT_ELEMENTS) {
        const p = sent.get(element.name);
        if (!p || !element.exception || !inVersion(element, ctx.version)) continue;
        if (element.kind === 'allDay') fields[element.name] = isTrue(p.text) ? '1' : '0';
        else if (element.kind === 'start' || element.kind === 'end') {
          const ms = instantOf(p.text ?? '');
          if (ms !== null) fields[element.name] = compactUtc(ms);
        } else {
          const value = KINDS[element.kind].decode(element, p, { sent, item: { c: ctx.master, ctx }, version: ctx.version });
          if (value === 'blank') fields[element.name] = '';
          else if (value !== 'unusable') fields[element.name] = value.value;
        }
      }
    }
    const earlier = out.get(start);
    if (!earlier || deleted) out.set(start, { start, deleted, fields, sent });
  }
  return [...out.values()].sort((a, b) => a.start - b.start);
}

/**
 * The phone's exceptions: Deleted ones are the EXDATEs (in the series' form), each other one a
 * VEVENT with RECURRENCE-ID — an existing one changed element by element (what the phone left out
 * takes the series' value), a new one made from the series; an override the phone no longer sends
 * is removed. Nothing changes while the phone sends back what we sent.
 */
function applyExceptions(property: AirSyncProperty | undefined, before: Held<unknown>, ctx: Context, supported: readonly string[] | undefined): void {
  if (before === 'withheld') return;
  if (property === undefined && !carries(EXCEPTIONS, ctx.version, supported)) return;
  const phone = property ? readExceptions(property, ctx) : [];
  if (phone === null) return;
  const plain = phone.map(({ start, deleted, fields }) => ({ start, deleted, fields }));
  if (before ? sameValue(before.value, plain) : plain.length === 0) return;
  const series = timesOf(ctx.master, ctx);
  if (!series || series === 'withheld') return;
  const { master } = ctx;

  const deleted = phone.filter((e) => e.deleted).map((e) => e.start);
  const exdates = readTimes(master, 'EXDATE', ctx.zones).map(msOf);
  if (canonical([...exdates].sort()) !== canonical([...deleted].sort())) {
    const at = master.lines.findIndex((l) => l.name === 'EXDATE');
    removeLines(master, 'EXDATE');
    if (deleted.length > 0) {
      const written = deleted.map((ms) => writeTimeIn(ms, series.form));
      const line = newLine('EXDATE', written.map((w) => w.value).join(','), written[0]!.params);
      master.lines.splice(at < 0 ? master.lines.length : at, 0, line);
    }
  }

  const changed = phone.filter((e) => !e.deleted);
  const wanted = new Set(changed.map((e) => e.start));
  const byStart = new Map<number, ItemComponent>();
  const dropped = new Set<ItemComponent>();
  for (const override of overridesOf(ctx)) {
    const start = msOf(readTime(first(override, 'RECURRENCE-ID'), ctx.zones)!);
    if (start !== null && wanted.has(start) && !byStart.has(start)) byStart.set(start, override);
    else dropped.add(override);
  }
  const kept = ctx.doc.components.filter((component) => !dropped.has(component));
  ctx.doc.components.splice(0, ctx.doc.components.length, ...kept);
  // The series' own values, read once: what an occurrence leaves out takes them.
  const inherited = new Map<EventElement, Held<unknown>>(EVENT_ELEMENTS.filter((e) => e.exception && !TIME_KINDS.has(e.kind)).map((e) => [e, held(e, master, ctx)]));
  const made: ItemComponent[] = [];
  for (const exception of changed) {
    let override = byStart.get(exception.start);
    if (!override) {
      override = newOverride(exception.start, series, ctx);
      made.push(override);
    }
    applyOverride(override, exception, series, inherited, ctx, supported);
  }
  // New occurrences go after the series' last one (or the series), in the phone's order.
  const components = ctx.doc.components;
  const existing = new Set(byStart.values());
  let last = components.indexOf(master);
  components.forEach((component, i) => {
    if (existing.has(component)) last = Math.max(last, i);
  });
  components.splice(last + 1, 0, ...made);
}

/** Lines an occurrence takes from its series when it is made. */
const COPIED = new Set(['UID', 'DTSTAMP', 'SEQUENCE', 'SUMMARY', 'DESCRIPTION', 'LOCATION', 'CLASS', 'TRANSP', BUSY_STATUS, 'CATEGORIES', 'ORGANIZER', 'ATTENDEE', 'STATUS', 'PRIORITY']);

function newOverride(start: number, series: Times, ctx: Context): ItemComponent {
  const { master } = ctx;
  const lines = master.lines.filter((l) => COPIED.has(l.name));
  const id = writeTimeIn(start, series.form);
  lines.splice(1, 0, newLine('RECURRENCE-ID', id.value, id.params));
  const override: ItemComponent = { name: master.name, lines, components: master.components.filter((a) => a.name === 'VALARM').map((a) => ({ ...a, lines: [...a.lines] })), stray: [] };
  writeTimes(override, series.allDay, start, start + (series.end - series.start), series.form, () => 0);
  return override;
}

function applyOverride(
  override: ItemComponent,
  exception: PhoneException,
  series: Times,
  inherited: ReadonlyMap<EventElement, Held<unknown>>,
  ctx: Context,
  supported: readonly string[] | undefined,
): void {
  const field = (kind: Kind) => exception.fields[EVENT_ELEMENTS.find((e) => e.kind === kind)!.name] as string | undefined;
  const allDay = field('allDay') === undefined ? series.allDay : field('allDay') === '1';
  const start = instantOf(field('start') ?? '') ?? exception.start;
  const end = instantOf(field('end') ?? '') ?? start + (series.end - series.start);
  const own = timesOf(override, ctx);
  if (!own || own === 'withheld' || own.allDay !== allDay || own.start !== start || own.end !== end) {
    const form: TimeForm = allDay ? { kind: 'date' } : series.form.kind === 'date' ? { kind: 'utc' } : series.form;
    writeTimes(override, allDay, start, end, form, ctx.phoneOffsets);
  }
  for (const element of EVENT_ELEMENTS) {
    if (!element.exception || TIME_KINDS.has(element.kind)) continue;
    applyElement(EVENTS, element, { sent: exception.sent, item: { c: override, ctx }, version: ctx.version, supported }, { inherit: inherited.get(element) });
  }
}
