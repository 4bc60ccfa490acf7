/**
 * An event's times, one value of four rows (MS-ASCAL): `Calendar:Timezone`, `AllDayEvent`,
 * `StartTime`, `EndTime` ↔ DTSTART and DTEND (or DURATION) of a VEVENT.
 *
 * StartTime and EndTime are UTC, the Timezone the blob of the event's zone for its year
 * (timezone.ts); an all-day event (DTSTART a DATE) is midnight to midnight UTC with UTC's blob,
 * and a phone's all-day times are read as the days they start in its own zone. A floating time is
 * sent as its wall time in UTC. Coming back, a row left out is taken as we sent it; the event keeps
 * its zone while the phone sends back the blob we sent; another blob becomes an IANA zone with the
 * same rules (a VTIMEZONE written from the blob with it), or a zone of the blob's own. Times we
 * cannot send (a TZID we cannot resolve) are never replaced.
 */
import {
  type CalendarZones,
  type ItemComponent,
  type TimeForm,
  compactUtc,
  durationSeconds,
  first,
  formOf,
  instantOf,
  isTrue,
  localDay,
  msOf,
  newLine,
  readTime,
  removeLines,
  setLine,
  withValue,
  writeTimeIn,
} from '../../calendar-item.js';
import { type AirSyncProperty, textElement } from '../../properties.js';
import { type ItemZone, type TimeZoneInfo, type ZoneOffsets, UTC_TIME_ZONE, decodeTimeZone, encodeTimeZone, timeZoneOf, zoneOfTimeZone } from '../../timezone.js';
import type { Element, GroupKind } from '../walk.js';
import type { OnComponent } from '../ical.js';

const DAY = 86_400_000;

/** An event's times as the phone sees them, and the form its item writes them in. */
export interface Times {
  readonly allDay: boolean;
  readonly start: number;
  readonly end: number;
  readonly form: TimeForm;
  readonly tz: TimeZoneInfo;
}

/** What reading and writing times needs of the event: its calendar's zones, and the phone's zone. */
export interface Timed extends OnComponent {
  readonly ctx: {
    readonly zones: CalendarZones;
    /** The phone's zone, for the days of all-day times and a rule's Until. */
    readonly phoneOffsets: ZoneOffsets;
  };
}

/** The times of a VEVENT; withheld when its start cannot be placed. */
export function timesOf(c: ItemComponent, zones: CalendarZones): Times | 'withheld' | undefined {
  const startLine = first(c, 'DTSTART');
  if (!startLine) return undefined;
  const time = readTime(startLine, zones)!;
  const form = formOf(time, zones);
  const start = msOf(time);
  if (!form || start === null) return 'withheld';
  const allDay = form.kind === 'date';
  const endTime = readTime(first(c, 'DTEND'), zones);
  const duration = first(c, 'DURATION');
  const seconds = duration ? durationSeconds(duration.value) : null;
  let end = endTime ? msOf(endTime) : null;
  if (end === null && seconds !== null) end = start + seconds * 1000;
  if (end === null) end = start;
  // An all-day event ends at a midnight, a day after its start at least.
  if (allDay) end = Math.max(start + DAY, Math.ceil(end / DAY) * DAY);
  const tz = form.kind === 'zoned' ? timeZoneOf(form.offsets, start, zones.names(form.tzid), zones.key(form.tzid)) : UTC_TIME_ZONE;
  return { allDay, start, end: Math.max(end, start), form, tz };
}

/** The phone's Timezone, read against the event's: null when it is the one we sent (or none was sent). */
function phoneZone(tzText: string | undefined, before: Times | undefined, start: number): ItemZone | null {
  const phone = tzText === undefined ? null : decodeTimeZone(tzText);
  const sameZone = !phone || (before !== undefined && encodeTimeZone(phone) === encodeTimeZone(before.tz));
  return sameZone ? null : zoneOfTimeZone(phone!, start);
}

/**
 * The phone's zone, for the days it means (all-day times, a rule's Until): the zone of the
 * Timezone it sent, else the event's own; UTC when the event's times cannot be read.
 */
export function phoneOffsetsOf(c: ItemComponent, sent: SentTimes, zones: CalendarZones): ZoneOffsets {
  const before = timesOf(c, zones);
  if (before === 'withheld') return () => 0;
  const start = instantOf(sent('start') ?? '') ?? before?.start;
  if (start === undefined) return () => 0;
  const zone = phoneZone(sent('timezone'), before, start);
  return zone?.offsets ?? (before?.form.kind === 'zoned' ? before.form.offsets : () => 0);
}

/** The text the phone sent for a part of the times (undefined: left out). */
export type SentTimes = (part: Part) => string | undefined;

/** The phone's rows of a group of `times` rows, by part. */
export function sentTimes(rows: readonly Element[], sent: ReadonlyMap<string, AirSyncProperty>): SentTimes {
  return (part) => {
    const row = rows.find((r) => r.member === part);
    return row === undefined ? undefined : sent.get(row.name)?.text;
  };
}

/** The phone's times: each row it left out as we sent it; `zone` null for the event's own zone. */
interface PhoneTimes {
  readonly allDay: boolean;
  readonly start: number;
  readonly end: number;
  readonly zone: ItemZone | null;
}

/** Each row's part: the Timezone blob, AllDayEvent, StartTime, EndTime. */
export type Part = 'timezone' | 'allDay' | 'start' | 'end';

function partText(part: Part, times: Times): string {
  switch (part) {
    case 'timezone':
      return encodeTimeZone(times.tz);
    case 'allDay':
      return times.allDay ? '1' : '0';
    case 'start':
      return compactUtc(times.start);
    case 'end':
      return compactUtc(times.end);
  }
}

/** The four rows as one value (rows with `part` timezone, allDay, start, end, all `keep` and `guarded`). */
export const times: GroupKind<Timed, Element, Times | PhoneTimes> = {
  group: true,
  encode: (element, value) => [textElement(element.name, partText(element.member as Part, value as Times))],
  decodeGroup: (sent, before) => {
    if (before === 'withheld') return 'unusable';
    const held = before?.value as Times | undefined;
    const text: SentTimes = (part) => [...sent].find(([row]) => row.member === part)?.[1].text;
    const allDayText = text('allDay');
    const allDay = allDayText === undefined ? (held?.allDay ?? false) : isTrue(allDayText);
    const start = instantOf(text('start') ?? '') ?? held?.start;
    if (start === undefined) return 'unusable';
    const end = instantOf(text('end') ?? '') ?? (held && held.start === start ? held.end : start + (allDay ? DAY : 0));
    const zone = phoneZone(text('timezone'), held, start);
    if (held && zone === null && held.allDay === allDay && held.start === start && held.end === end) return { value: held };
    return { value: { allDay, start, end, zone } };
  },
  held: (_e, { c, ctx }) => {
    const value = timesOf(c, ctx.zones);
    return value === undefined || value === 'withheld' ? value : { value };
  },
  set: (_e, { c, ctx }, value) => {
    const { allDay, start, end, zone } = value as PhoneTimes;
    const before = timesOf(c, ctx.zones) as Times | undefined;
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
  },
  // Times are never deleted: every row is `keep`, and an empty one is read as left out.
  remove: () => undefined,
};

/**
 * The times of an occurrence (an Exception's rows): each row left out is the series' (AllDayEvent),
 * the occurrence's original start (StartTime), or its start and the series' length (EndTime).
 */
export function occurrenceTimes(sent: SentTimes, original: number, series: Times): { allDay: boolean; start: number; end: number } {
  const allDayText = sent('allDay');
  const allDay = allDayText === undefined ? series.allDay : isTrue(allDayText);
  const start = instantOf(sent('start') ?? '') ?? original;
  const end = instantOf(sent('end') ?? '') ?? start + (series.end - series.start);
  return { allDay, start, end };
}

/** DTSTART and DTEND in `form`; a line whose value stays is left as written, DURATION kept while it still holds. */
export function writeTimes(c: ItemComponent, allDay: boolean, start: number, end: number, form: TimeForm, offsets: ZoneOffsets): void {
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
