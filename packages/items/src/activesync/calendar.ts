/**
 * Events as ActiveSync ApplicationData (MS-ASCAL) and back, as data: `EVENT_ELEMENTS` says which
 * iCalendar property keeps each element, which elements an Exception carries too, and the versions
 * that have each; one codec walks it (codec/walk.ts). Versions gate elements in the table
 * (`Calendar:Body` 2.5, `AirSyncBase:Body` 12.0+, `Calendar:Location` to 14.1,
 * `AirSyncBase:Location` 16.0+), and the children of Attendee and Recurrence in their own tables.
 *
 * The value kinds (codec/kinds/): the times (Timezone, AllDayEvent, StartTime, EndTime as one
 * value, times.ts), Recurrence ↔ RRULE (recurrence.ts), Exceptions ↔ EXDATE and VEVENTs with
 * RECURRENCE-ID (exceptions.ts), Reminder ↔ the first VALARM that rings a whole number of minutes
 * before the start (reminder.ts), attendees, body, text. What is the event's own, here: BusyStatus
 * ↔ TRANSP (and X-MICROSOFT-CDO-BUSYSTATUS for tentative, away and elsewhere); the organizer;
 * MeetingStatus ↔ attendees and STATUS:CANCELLED (what they cannot say, a meeting received, in
 * X-ACTIVESYNC-MEETINGSTATUS); the rule's UNTIL in the series' form.
 *
 * Coming back from the phone, the event is the previous item changed where the phone said so, by
 * the walker's rules; what no element carries (X- properties, further VALARMs, ATTACH, RDATE, other
 * components) is kept. UID, DtStamp, MeetingStatus and the times are never deleted by their
 * absence. A new event gets a UID and a DTSTAMP, which iCalendar requires.
 */
import { randomUUID } from 'node:crypto';
import { paramValues } from '../lines/read.js';
import type { ZoneOffsets } from '../zones/offsets.js';
import {
  type CalendarDoc,
  CalendarZones,
  type ItemComponent,
  compactUtc,
  first,
  instantOf,
  msOf,
  newLine,
  readCalendarDoc,
  readTime,
  removeLines,
  setLine,
  textOfLine,
  withParam,
  withValue,
  writeCalendarDoc,
} from './calendar-item.js';
import { type PropertyElement, SENSITIVITY_CODES, categories, propertyText, sensitivity } from './codec/ical.js';
import { attendees } from './codec/kinds/attendees.js';
import { body } from './codec/kinds/body.js';
import { instant } from './codec/kinds/dates.js';
import { exceptions, masterOf } from './codec/kinds/exceptions.js';
import { list } from './codec/kinds/list.js';
import { keptWeekStart, recurrence, ruleOf } from './codec/kinds/recurrence.js';
import { type Anchors, minutesBefore } from './codec/kinds/reminder.js';
import { address, addressOf, lineText, oneOf, saidText, text } from './codec/kinds/text.js';
import { phoneOffsetsOf, sentTimes, times, timesOf } from './codec/kinds/times.js';
import { type AnyKind, type Element, type Held, type ItemCodec, type Wire, applyElements, encodeItem, heldOf, kind } from './codec/walk.js';
import {
  type AirSyncProperty,
  type AirSyncVersion,
  type FromAirSyncOptions,
  type ToAirSyncOptions,
  indexProperties,
  isBlank,
  parentElement,
  phoneText,
  textElement,
} from './properties.js';
import { CALENDAR_RECURRENCE, type RecurrenceValue, type SeriesStart, ruleOfRecurrence } from './recurrence.js';

/** How an element's value reads and writes (codec/kinds/, or the event's own below). */
type Kind =
  | 'times' | 'text' | 'body' | 'location' | 'busy' | 'organizerName' | 'organizerEmail' | 'stamp' | 'reminder'
  | 'sensitivity' | 'meetingStatus' | 'attendees' | 'categories' | 'recurrence' | 'exceptions' | 'flag';

export interface EventElement extends PropertyElement {
  readonly kind: Kind;
  /** Also a child of `Calendar:Exception` (a changed occurrence). */
  readonly exception?: true;
}

/** The times: one value of four rows, read before the rest (a rule's Until and a reminder are read against them). */
const TIMES = { kind: 'times', group: 'times', phase: -1, keep: true, guarded: true } as const;

/** Every element we map, in the order MS-ASCAL §2.2.2 lists the top-level elements (which is the order we send). */
export const EVENT_ELEMENTS: readonly EventElement[] = [
  { name: 'Calendar:Timezone', ...TIMES, member: 'timezone' },
  { name: 'Calendar:AllDayEvent', ...TIMES, member: 'allDay', exception: true },
  { name: 'AirSyncBase:Body', kind: 'body', property: 'DESCRIPTION', since: '12.0', exception: true },
  { name: 'Calendar:Body', kind: 'body', property: 'DESCRIPTION', until: '2.5', exception: true },
  { name: 'Calendar:BusyStatus', kind: 'busy', exception: true },
  { name: 'Calendar:OrganizerName', kind: 'organizerName' },
  { name: 'Calendar:OrganizerEmail', kind: 'organizerEmail' },
  { name: 'Calendar:DtStamp', kind: 'stamp', property: 'DTSTAMP', keep: true },
  { name: 'Calendar:EndTime', ...TIMES, member: 'end', exception: true },
  { name: 'Calendar:Location', kind: 'text', property: 'LOCATION', until: '14.1', exception: true },
  { name: 'AirSyncBase:Location', kind: 'location', property: 'LOCATION', since: '16.0', exception: true },
  { name: 'Calendar:Reminder', kind: 'reminder', exception: true },
  { name: 'Calendar:Sensitivity', kind: 'sensitivity', exception: true },
  { name: 'Calendar:Subject', kind: 'text', property: 'SUMMARY', exception: true },
  { name: 'Calendar:StartTime', ...TIMES, member: 'start', exception: true },
  // Fixed: the UID names the event for every other calendar; TbSync sends its ServerId there in
  // every Change, and taking it would rename the event everywhere.
  { name: 'Calendar:UID', kind: 'text', property: 'UID', keep: true, fixed: true },
  // Read after the rest: what it says is read against the attendees and STATUS the phone left.
  { name: 'Calendar:MeetingStatus', kind: 'meetingStatus', keep: true, phase: 1 },
  { name: 'Calendar:Attendees', kind: 'attendees', exception: true },
  { name: 'Calendar:Categories', kind: 'categories', exception: true },
  { name: 'Calendar:Recurrence', kind: 'recurrence' },
  // Last, after a new event's UID: an occurrence is the series' changed (exceptions.ts).
  { name: 'Calendar:Exceptions', kind: 'exceptions', phase: 2, guarded: true },
  { name: 'Calendar:DisallowNewTimeProposal', kind: 'flag', property: 'X-MICROSOFT-DISALLOW-COUNTER', since: '14.0' },
];

const DAY = 86_400_000;
const MEETING_STATUS = 'X-ACTIVESYNC-MEETINGSTATUS';
const BUSY_STATUS = 'X-MICROSOFT-CDO-BUSYSTATUS';
const BUSY: Readonly<Record<string, string>> = { FREE: '0', TENTATIVE: '1', BUSY: '2', OOF: '3', WORKINGELSEWHERE: '4' };
const BUSY_NAMES = ['FREE', 'TENTATIVE', 'BUSY', 'OOF', 'WORKINGELSEWHERE'];
const MEETING_VALUES = new Set(['0', '1', '3', '5', '7', '9', '11', '13', '15']);

interface Context {
  readonly version: AirSyncVersion;
  readonly doc: CalendarDoc;
  readonly zones: CalendarZones;
  readonly master: ItemComponent;
  /** The phone's zone, for the days of all-day times and Until. */
  readonly phoneOffsets: ZoneOffsets;
}

/** The item the walker and the kinds work on: the series (or single event), or an occurrence. */
interface EventItem {
  readonly c: ItemComponent;
  readonly ctx: Context;
}

// ---- reading the event ----------------------------------------------------------------------------

/** The series' start in its own wall time (what a rule's missing BY parts are). */
function seriesStart(c: ItemComponent, ctx: Context): SeriesStart | null {
  const time = readTime(first(c, 'DTSTART'), ctx.zones);
  if (!time) return null;
  const wall = time.kind === 'zoned' || time.kind === 'floating' ? time.wall : msOf(time);
  if (wall === null) return null;
  const d = new Date(wall);
  return { month: d.getUTCMonth() + 1, day: d.getUTCDate(), weekday: d.getUTCDay() };
}

function derivedMeetingStatus(c: ItemComponent): string {
  if (!c.lines.some((l) => l.name === 'ATTENDEE')) return '0';
  return textOfLine(first(c, 'STATUS')).trim().toUpperCase() === 'CANCELLED' ? '5' : '1';
}

function recurrenceOf(c: ItemComponent, ctx: Context): Held<RecurrenceValue> {
  return ruleOf(c, ctx.zones, seriesStart(c, ctx), CALENDAR_RECURRENCE, ctx.version);
}

/** Where the event's (or occurrence's) alarms ring from: its times. */
function anchors({ c, ctx }: EventItem): Anchors {
  const times = timesOf(c, ctx.zones);
  const readable = times !== undefined && times !== 'withheld';
  return { start: readable ? times.start : null, end: readable ? times.end : null, zones: ctx.zones };
}

/** AirSyncBase:Location (16.0): the place's DisplayName. */
const displayName: Wire<unknown, Element, string> = {
  encode: (element, value) => [parentElement(element.name, [textElement('AirSyncBase:DisplayName', value)])],
  decode: (_e, property) => saidText(phoneText(property.children?.find((c) => c.name === 'AirSyncBase:DisplayName')?.text ?? '')),
};

/** Each kind: its wire form, and where the VEVENT keeps it. */
const KINDS: { readonly [K in Kind]: AnyKind<EventItem, EventElement> } = {
  times,
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
  reminder: minutesBefore(anchors),
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
  exceptions: exceptions<EventItem, EventElement>({
    codec: () => EVENTS,
    inException: (element) => element.exception === true,
    isTime: (element) => element.kind === 'times',
    rule: ({ c, ctx }) => recurrenceOf(c, ctx),
    itemOf: ({ ctx }, c) => ({ c, ctx }),
  }),
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

// ---- to the phone ---------------------------------------------------------------------------------

/** An event (iCalendar 2.0 or vCalendar 1.0 text) as ActiveSync ApplicationData, in the order MS-ASCAL lists the elements. */
export function eventToAirSync(ical: string, options: ToAirSyncOptions): AirSyncProperty[] {
  const doc = readCalendarDoc(ical);
  const master = masterOf(doc, 'VEVENT');
  if (!master) return [];
  const ctx: Context = { version: options.version, doc, zones: new CalendarZones(doc), master, phoneOffsets: () => 0 };
  return encodeItem(EVENTS, { c: master, ctx }, options);
}

// ---- from the phone -------------------------------------------------------------------------------

const EXCEPTIONS = EVENT_ELEMENTS.find((e) => e.kind === 'exceptions')!;
const TIME_ROWS = EVENT_ELEMENTS.filter((e) => e.kind === 'times');

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
  const sent = indexProperties(properties);
  const ctx: Context = { version: options.version, doc, zones, master, phoneOffsets: phoneOffsetsOf(master, sentTimes(TIME_ROWS, sent), zones) };
  const zonesBefore = zones.referenced();
  const item = { c: master, ctx };
  // What we sent of the exceptions: read before the series changes (they are told apart from it).
  const earlier = new Map([[EXCEPTIONS, heldOf(EVENTS, EXCEPTIONS, item)]]);

  const at = { sent, item, version: options.version, supported: options.supported };
  applyElements(EVENTS, at, (e) => e !== EXCEPTIONS);
  // A new event needs both (RFC 5545); an old one without is left so (its UID is its duplicate key).
  if (isNew && !first(master, 'UID')) master.lines.unshift(newLine('UID', randomUUID()));
  if (isNew && !first(master, 'DTSTAMP')) master.lines.splice(1, 0, newLine('DTSTAMP', compactUtc(Math.floor(Date.now() / 1000) * 1000)));
  applyElements(EVENTS, at, (e) => e === EXCEPTIONS, earlier);

  zones.prune(zonesBefore);
  return writeCalendarDoc(doc);
}

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
