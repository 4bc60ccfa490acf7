/**
 * An event or task as lines to edit, for the ActiveSync mapping: iCalendar 2.0 read as its content
 * lines (each kept as written until changed, icalendar/doc.ts), vCalendar 1.0 read into iCalendar
 * 2.0's forms by the one 1.0 reader (vcalendar/upgrade.ts), and written back as iCalendar 2.0.
 * Times are read through the calendar's VTIMEZONEs, then IANA names (zones/), as the canonical
 * form reads them.
 */
import { type CalendarDoc, type ItemComponent, type ItemLine, componentText, first, modernDoc, newLine, textLine, textOfLine } from '../icalendar/doc.js';
import { durationSeconds, durationText } from '../icalendar/duration.js';
import { type Param, isLegacyVersion, paramValues, readContentLines } from '../lines/read.js';
import { splitValue } from '../lines/values.js';
import { legacyDoc } from '../vcalendar/upgrade.js';
import { zoneFormat } from '../zones/iana.js';
import { type ZoneOffsets, wallToUtc } from '../zones/offsets.js';
import { calendarZones, type ZoneResolver, zoneOffsets } from '../zones/resolver.js';
import { utcText } from '../zones/time.js';
import { airSyncInstant, utcInstant } from './dates.js';
import { vtimezoneNames } from './timezone.js';
import { WINDOWS_ZONES } from './timezone-names.js';

export { durationSeconds } from '../icalendar/duration.js';
export {
  type CalendarDoc, type ItemComponent, type ItemLine, componentText, first, newLine, PRODID, textLine, textOfLine, writeCalendarDoc, writeLine,
} from '../icalendar/doc.js';

const DAY = 86_400_000;

// ---- reading ---------------------------------------------------------------------------------------

/** The first VCALENDAR of `text` (or its components, when there is no VCALENDAR); empty for none. */
export function readCalendarDoc(text: string | undefined): CalendarDoc {
  const empty: CalendarDoc = { props: [], components: [], stray: [] };
  if (text === undefined || text.trim() === '') return empty;
  const legacy = isLegacyVersion(text);
  const root = readContentLines(text, legacy);
  const calendar = root.components.find((c) => c.name === 'VCALENDAR') ?? (root.components.length > 0 ? { ...root, props: [] } : undefined);
  if (!calendar) return empty;
  return legacy ? legacyDoc(calendar) : modernDoc(calendar);
}

// ---- lines -------------------------------------------------------------------------------------------

/** The items of every line of a list property (CATEGORIES), blanks left out. */
export function listOf(component: ItemComponent, name: string): string[] {
  return component.lines.filter((l) => l.name === name).flatMap((l) => splitValue(l.value, 'list', false)).map((s) => s.trim()).filter((s) => s !== '');
}

/** Replaces the first line named like `line` in place (or adds it at the end), removing the others of its name. */
export function setLine(component: ItemComponent, line: ItemLine): void {
  const at = component.lines.findIndex((l) => l.name === line.name);
  if (at < 0) {
    component.lines.push(line);
    return;
  }
  component.lines = component.lines.filter((l, i) => i === at || l.name !== line.name);
  component.lines[at] = line;
}

/** The line with its value (and params) changed; the group and other params kept. */
export function withValue(line: ItemLine, value: string, params: readonly Param[] = line.params): ItemLine {
  return { group: line.group, name: line.name, params, value };
}

export function removeLines(component: ItemComponent, name: string): void {
  component.lines = component.lines.filter((l) => l.name !== name);
}

/** Params with `name=value` (in the place of the first `name`, else at the end), or without `name` when no value is given. */
export function withParam(params: readonly Param[], name: string, value?: string): Param[] {
  const at = params.findIndex((p) => p.name === name);
  const kept = params.filter((p, i) => p.name !== name || (i === at && value !== undefined));
  if (value === undefined) return kept;
  if (at < 0) return [...kept, { name, values: [value] }];
  return kept.map((p) => (p.name === name ? { name, values: [value] } : p));
}

// ---- times -----------------------------------------------------------------------------------------

/** A time as the item writes it. */
export type ItemTime =
  | { readonly kind: 'date'; readonly date: string }
  | { readonly kind: 'utc'; readonly ms: number }
  | { readonly kind: 'zoned'; readonly tzid: string; readonly ms: number; readonly wall: number }
  | { readonly kind: 'floating'; readonly wall: number }
  | { readonly kind: 'unknown' };

/** The zones of one calendar: its VTIMEZONEs (by TZID), then IANA names. */
/** "CET", "EDT", "+03", or nothing: a name many zones share, which a phone may read as another of them. */
function isAbbreviation(name: string): boolean {
  return name.trim() === '' || /^[A-Z]{1,6}$|^[+-]\d{2,4}$/.test(name.trim());
}

export class CalendarZones {
  private readonly texts = new Map<string, string>();
  private resolver: ZoneResolver;

  constructor(private readonly doc: CalendarDoc) {
    for (const c of doc.components) if (c.name === 'VTIMEZONE') this.register(c);
    this.resolver = this.makeResolver();
  }

  private register(c: ItemComponent): void {
    const tzid = textOfLine(first(c, 'TZID')).trim();
    if (tzid !== '') this.texts.set(tzid, componentText(c));
  }

  private makeResolver(): ZoneResolver {
    return calendarZones([...this.texts].map(([tzid, vtimezone]) => ({ tzid, vtimezone })));
  }

  has(tzid: string): boolean {
    return this.texts.has(tzid);
  }

  /** Adds a VTIMEZONE (text) to the calendar, before its first item. */
  add(vtimezone: string): void {
    const component = readCalendarDoc(`BEGIN:VCALENDAR\r\nVERSION:2.0\r\n${vtimezone}\r\nEND:VCALENDAR\r\n`).components[0];
    if (!component) return;
    const at = this.doc.components.findIndex((c) => c.name !== 'VTIMEZONE');
    this.doc.components.splice(at < 0 ? this.doc.components.length : at, 0, component);
    this.register(component);
    this.resolver = this.makeResolver();
  }

  /** UTC of a wall time in `tzid`; null when the zone is unknown. */
  toUtc(tzid: string, wall: number): number | null {
    return this.resolver(tzid, wall);
  }

  offsets(tzid: string): ZoneOffsets | null {
    return zoneOffsets(tzid, this.texts.get(tzid));
  }

  /** A key for caches: the definition the TZID stands for. */
  key(tzid: string): string {
    return this.texts.get(tzid) ?? `iana:${tzid}`;
  }

  /**
   * Names for the blob. A phone finds the zone by them (TbSync: a Windows name, then an IANA name,
   * then an abbreviation — and "CET" gives it whichever zone uses CET last: Europe/Zurich for
   * Berlin). So the VTIMEZONE's TZNAMEs when they are names (a phone's own, "W. Europe Standard
   * Time", come back as they went), but for abbreviations or none: the IANA name when it fits the
   * blob's 32 characters, else its Windows name, else the TZID.
   */
  names(tzid: string): { standard: string; daylight: string } {
    const text = this.texts.get(tzid);
    const names = text === undefined ? { standard: '', daylight: '' } : vtimezoneNames(text);
    if (!isAbbreviation(names.standard)) return { standard: names.standard, daylight: names.daylight || names.standard };
    const iana = zoneFormat(tzid)?.resolvedOptions().timeZone;
    if (iana !== undefined && iana.length <= 31) return { standard: iana, daylight: iana };
    const windows = iana === undefined ? undefined : Object.entries(WINDOWS_ZONES).find(([, zone]) => zone === iana)?.[0];
    const name = windows !== undefined && windows.length <= 31 ? windows : tzid;
    return { standard: name, daylight: name };
  }

  /** TZIDs the calendar's lines name. */
  referenced(): Set<string> {
    const out = new Set<string>();
    const visit = (c: ItemComponent) => {
      if (c.name === 'VTIMEZONE') return;
      for (const l of c.lines) for (const t of paramValues(l.params, 'TZID')) out.add(t);
      c.components.forEach(visit);
    };
    this.doc.components.forEach(visit);
    return out;
  }

  /** Drops VTIMEZONEs of `tzids` that no line names any more. */
  prune(tzids: Iterable<string>): void {
    const used = this.referenced();
    for (const tzid of tzids) {
      if (used.has(tzid)) continue;
      const at = this.doc.components.findIndex((c) => c.name === 'VTIMEZONE' && textOfLine(first(c, 'TZID')).trim() === tzid);
      if (at >= 0) this.doc.components.splice(at, 1);
      this.texts.delete(tzid);
    }
    this.resolver = this.makeResolver();
  }
}

const DATE = /^(\d{4})(\d{2})(\d{2})$/;
const DATE_TIME = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})?(Z?)$/;

function daysIn(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function validWall(y: number, mo: number, d: number, h = 0, mi = 0, s = 0): number | null {
  if (y < 1 || mo < 1 || mo > 12 || d < 1 || d > daysIn(y, mo) || h > 24 || mi > 59 || s > 60) return null;
  const at = new Date(0);
  at.setUTCFullYear(y, mo - 1, d);
  at.setUTCHours(h, mi, s, 0);
  return at.getTime();
}

/** One DATE or DATE-TIME value, with the line's TZID. */
export function readTimeValue(value: string, tzid: string | undefined, zones: CalendarZones): ItemTime {
  const v = value.trim().replace(/[-:]/g, '').toUpperCase();
  if (v.length > 32) return { kind: 'unknown' };
  const d = DATE.exec(v);
  if (d) return validWall(+d[1]!, +d[2]!, +d[3]!) === null ? { kind: 'unknown' } : { kind: 'date', date: v };
  const m = DATE_TIME.exec(v);
  if (!m) return { kind: 'unknown' };
  const wall = validWall(+m[1]!, +m[2]!, +m[3]!, +m[4]!, +m[5]!, +(m[6] ?? 0));
  if (wall === null) return { kind: 'unknown' };
  if (m[7] === 'Z') return { kind: 'utc', ms: wall };
  if (!tzid) return { kind: 'floating', wall };
  const ms = zones.toUtc(tzid, wall);
  return ms === null ? { kind: 'unknown' } : { kind: 'zoned', tzid, ms, wall };
}

/** The time of a line (its first value). */
export function readTime(line: ItemLine | undefined, zones: CalendarZones): ItemTime | undefined {
  if (!line) return undefined;
  return readTimeValue(line.value.split(',')[0] ?? '', paramValues(line.params, 'TZID')[0], zones);
}

/** Every value of every line named `name` (EXDATE, RDATE). */
export function readTimes(component: ItemComponent, name: string, zones: CalendarZones): ItemTime[] {
  return component.lines
    .filter((l) => l.name === name)
    .flatMap((l) => l.value.split(',').filter((v) => v.trim() !== '').map((v) => readTimeValue(v, paramValues(l.params, 'TZID')[0], zones)));
}

/** The instant ActiveSync gives a time: a date is its midnight UTC, a floating time its wall time as UTC. */
export function msOf(time: ItemTime): number | null {
  switch (time.kind) {
    case 'date':
      return Date.UTC(+time.date.slice(0, 4), +time.date.slice(4, 6) - 1, +time.date.slice(6, 8));
    case 'utc':
    case 'zoned':
      return time.ms;
    case 'floating':
      return time.wall;
    case 'unknown':
      return null;
  }
}

/** How an item writes its times: dates, UTC, a TZID's wall time, or floating. */
export type TimeForm =
  | { readonly kind: 'date' }
  | { readonly kind: 'utc' }
  | { readonly kind: 'zoned'; readonly tzid: string; readonly offsets: ZoneOffsets }
  | { readonly kind: 'floating' };

export function formOf(time: ItemTime, zones: CalendarZones): TimeForm | null {
  switch (time.kind) {
    case 'date':
      return { kind: 'date' };
    case 'utc':
      return { kind: 'utc' };
    case 'floating':
      return { kind: 'floating' };
    case 'zoned': {
      const offsets = zones.offsets(time.tzid);
      return offsets ? { kind: 'zoned', tzid: time.tzid, offsets } : null;
    }
    case 'unknown':
      return null;
  }
}

/** `20250201T103000Z`. */
export const compactUtc = utcText;

/** MS-ASDTYPE dateTime: `2025-02-01T10:30:00.000Z` (dates.ts writes it). */
export function extendedUtc(ms: number): string {
  return airSyncInstant(compactUtc(ms));
}

/**
 * An ActiveSync date-time as UTC ms: compact (`20250201T103000Z`) or MS-ASDTYPE's
 * (`2025-02-01T10:30:00.000Z`), read by dates.ts (a time without a zone is UTC); null for anything
 * else, and for times before 1601 (Windows' epoch: no phone means them).
 */
export function instantOf(text: string): number | null {
  const basic = utcInstant(text);
  if (basic === null || +basic.slice(0, 4) < 1601) return null;
  return Date.UTC(+basic.slice(0, 4), +basic.slice(4, 6) - 1, +basic.slice(6, 8), +basic.slice(9, 11), +basic.slice(11, 13), +basic.slice(13, 15));
}

/** The value (and params) of an instant written in a form; a date form writes the day of `ms` in UTC. */
export function writeTimeIn(ms: number, form: TimeForm): { value: string; params: Param[] } {
  switch (form.kind) {
    case 'date':
      return { value: compactUtc(ms).slice(0, 8), params: [{ name: 'VALUE', values: ['DATE'] }] };
    case 'utc':
      return { value: compactUtc(ms), params: [] };
    case 'floating':
      return { value: compactUtc(ms).slice(0, 15), params: [] };
    case 'zoned': {
      // The second pass of an hour the clock repeats has no wall time of its own (a wall time there
      // reads as the first pass, RFC 5545 §3.3.5): it is written in UTC.
      const wall = ms + form.offsets(ms);
      if (wallToUtc(form.offsets, wall) !== ms) return { value: compactUtc(ms), params: [] };
      return { value: compactUtc(wall).slice(0, 15), params: [{ name: 'TZID', values: [form.tzid] }] };
    }
  }
}

/** The day (midnight UTC ms) nearest the local time of `ms` with `offsets`. */
export function localDay(ms: number, offsets: ZoneOffsets): number {
  const local = ms + offsets(ms);
  return Math.floor((local + DAY / 2) / DAY) * DAY;
}

/** `-PT15M` for 15 minutes before, in days or hours when whole. */
export function durationBefore(minutes: number): string {
  return durationText(-minutes * 60);
}

// ---- shared properties ----------------------------------------------------------------------------

/** CLASS as Sensitivity: 0 normal, 1 personal, 2 private, 3 confidential. */
export const SENSITIVITY: Readonly<Record<string, string>> = { PUBLIC: '0', 'X-PERSONAL': '1', PRIVATE: '2', CONFIDENTIAL: '3' };
export const CLASS_OF_SENSITIVITY: Readonly<Record<string, string>> = { 0: 'PUBLIC', 1: 'X-PERSONAL', 2: 'PRIVATE', 3: 'CONFIDENTIAL' };

/** The VALARMs of a component that ring or show (ACTION DISPLAY or AUDIO, or none). */
export function ringingAlarm(alarm: ItemComponent): boolean {
  const action = textOfLine(first(alarm, 'ACTION')).trim().toUpperCase();
  return alarm.name === 'VALARM' && (action === '' || action === 'DISPLAY' || action === 'AUDIO');
}

/**
 * When an alarm rings: an absolute trigger, or a duration from the start (or from `end` with
 * RELATED=END); null when it cannot be placed.
 */
export function alarmTime(alarm: ItemComponent, start: number | null, end: number | null, zones: CalendarZones): number | null {
  const trigger = first(alarm, 'TRIGGER');
  if (!trigger) return null;
  const absolute = paramValues(trigger.params, 'VALUE')[0]?.toUpperCase() === 'DATE-TIME' || /^\d{8}T/.test(trigger.value.trim());
  if (absolute) return msOf(readTimeValue(trigger.value, undefined, zones));
  const seconds = durationSeconds(trigger.value);
  const base = paramValues(trigger.params, 'RELATED')[0]?.toUpperCase() === 'END' ? end : start;
  return seconds === null || base === null ? null : base + seconds * 1000;
}

/** A new alarm that shows `description`, with `trigger` (a TRIGGER line). */
export function newAlarm(trigger: ItemLine, description: string): ItemComponent {
  return { name: 'VALARM', lines: [newLine('ACTION', 'DISPLAY'), textLine('DESCRIPTION', description || 'Reminder'), trigger], components: [], stray: [] };
}

// ---- values --------------------------------------------------------------------------------------

/** `1` or `true` (a phone's boolean). */
export function isTrue(text: string | undefined): boolean {
  const value = text?.trim().toLowerCase();
  return value === '1' || value === 'true';
}

/** A value as text by content (object keys sorted): equal values, equal texts. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
