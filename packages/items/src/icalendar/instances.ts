/**
 * A calendar object read for questions about time (CalDAV's calendar-query, expand and free-busy):
 * its components and properties, and the instances of each component near a range — a recurring
 * one's from its RRULEs and RDATEs, less its EXDATEs and the instances other components of the
 * object override (RECURRENCE-ID: those are their own components, with their own times), and a
 * VALARM's from the instances of what it is in.
 *
 * Times are read through the object's VTIMEZONEs, then IANA names (zones/); floating times and
 * dates in the zone the caller names (CalDAV: the query's CALDAV:timezone), else as UTC. An instance
 * moves on its own clock: a weekly 09:00 Europe/Berlin stays at 09:00 Berlin time across the DST
 * change, and its end keeps its wall-clock distance (a DATE event of two days stays two days).
 *
 * The walk is bounded (recurrence-walk.ts): at most MAX_INSTANCES_EXAMINED instances per rule, endless
 * rules started at the range, never at DTSTART. What a walk could not reach is reported as
 * `truncated`.
 */
import {
  CalendarZones,
  first,
  readCalendarDoc,
  readTime,
  readTimeValue,
  textOfLine,
  type ItemComponent,
  type ItemLine,
  type ItemTime,
} from '../activesync/calendar-item.js';
import { paramValues } from '../lines/read.js';
import { parseRule, walkRule } from './recurrence-walk.js';

const DAY = 86_400_000;
/** Repetitions of one alarm considered (REPEAT); more would only ring more often. */
const MAX_ALARM_REPEATS = 100;

/** A UTC interval in ms; an open end is ±Infinity. */
export interface InstantRange {
  readonly start: number;
  readonly end: number;
}

/** One instance of a component, times in UTC ms (see @atomsync/dav's CalInstance, which this fulfils). */
export interface CalendarInstance {
  readonly start: number | undefined;
  readonly startIsDate: boolean;
  /** DTEND, or DTSTART + DURATION; for a VEVENT/VJOURNAL with neither, the next day of a DATE, else the start. VTODO: DTSTART + DURATION only. */
  readonly end: number | undefined;
  readonly due: number | undefined;
  readonly completed: number | undefined;
  readonly created: number | undefined;
  /** VALARM: when this instance rings. */
  readonly trigger: number | undefined;
  /** The start the series gave this instance (its RECURRENCE-ID), for a recurring component or an override. */
  readonly recurrenceId: number | undefined;
  /** The values that are DATEs, as `YYYYMMDD`, for writing the instance back (expand). */
  readonly dates: { readonly start?: string; readonly end?: string; readonly due?: string; readonly recurrenceId?: string };
}

export interface CalendarInstances {
  readonly instances: readonly CalendarInstance[];
  /** A walk stopped at its cap before the range's end: there may be more. */
  readonly truncated: boolean;
  /** Instances the rules' walks examined (bounded by MAX_OCCURRENCES per rule). */
  readonly examined: number;
}

export interface CalendarObjectProperty {
  readonly name: string;
  readonly params: ReadonlyMap<string, readonly string[]>;
  readonly text: string;
  readonly instant: number | undefined;
}

export interface CalendarObjectComponent {
  readonly name: string;
  readonly properties: readonly CalendarObjectProperty[];
  readonly components: readonly CalendarObjectComponent[];
  /** The lines as read (for writing an expansion). */
  readonly source: ItemComponent;
  /** Whether the component recurs (RRULE or RDATE, and is no override). */
  readonly recurring: boolean;
  instancesNear(range: InstantRange): CalendarInstances;
}

export interface CalendarObjectOptions {
  /** A VCALENDAR holding one VTIMEZONE (CALDAV:timezone): floating times and dates are read in it. */
  readonly timezone?: string | undefined;
}

/** Floating times and dates in the zone of a VCALENDAR's first VTIMEZONE; as UTC without one. */
export function floatingZone(timezone: string | undefined): (wall: number) => number {
  if (timezone === undefined || timezone.trim() === '') return (wall) => wall;
  const doc = readCalendarDoc(timezone);
  const definition = doc.components.find((c) => c.name === 'VTIMEZONE');
  const tzid = definition && textOfLine(first(definition, 'TZID')).trim();
  if (!tzid) return (wall) => wall;
  const zones = new CalendarZones(doc);
  return (wall) => zones.toUtc(tzid, wall) ?? wall;
}

const DATE_OR_DATE_TIME = /^\d{8}(T\d{6}Z?)?$/i;

/** The reading context of one object: its zones and the floating zone. */
class Clocks {
  constructor(
    readonly zones: CalendarZones,
    readonly floating: (wall: number) => number,
  ) {}

  /** The wall of a time on its own clock (a DATE: its midnight). */
  wallOf(t: ItemTime): number | undefined {
    switch (t.kind) {
      case 'date':
        return Date.UTC(+t.date.slice(0, 4), +t.date.slice(4, 6) - 1, +t.date.slice(6, 8));
      case 'utc':
        return t.ms;
      case 'zoned':
      case 'floating':
        return t.wall;
      default:
        return undefined;
    }
  }

  /** The instant of `wall` on the clock of `t`. */
  instantAt(t: ItemTime, wall: number): number | undefined {
    switch (t.kind) {
      case 'utc':
        return wall;
      case 'zoned':
        return this.zones.toUtc(t.tzid, wall) ?? undefined;
      case 'date':
      case 'floating':
        return this.floating(wall);
      default:
        return undefined;
    }
  }

  instantOf(t: ItemTime | undefined): number | undefined {
    if (t === undefined) return undefined;
    const wall = this.wallOf(t);
    return wall === undefined ? undefined : this.instantAt(t, wall);
  }

  time(line: ItemLine | undefined): ItemTime | undefined {
    const t = readTime(line, this.zones);
    return t === undefined || t.kind === 'unknown' ? undefined : t;
  }
}

/** Whether two times run on one clock (so a distance between them is kept in wall time). */
function sameClock(a: ItemTime, b: ItemTime): boolean {
  const local = (t: ItemTime) => t.kind === 'date' || t.kind === 'floating';
  if (local(a) && local(b)) return true;
  if (a.kind === 'zoned' && b.kind === 'zoned') return a.tzid === b.tzid;
  return a.kind === 'utc' && b.kind === 'utc';
}

/** An iCalendar DURATION as nominal days (weeks and days: kept in wall time) and exact ms. */
function readDuration(value: string): { days: number; ms: number } | undefined {
  const m = /^([+-])?P(?:(\d{1,6})W)?(?:(\d{1,6})D)?(?:T(?:(\d{1,6})H)?(?:(\d{1,6})M)?(?:(\d{1,8})S)?)?$/i.exec(value.trim());
  if (!m || /^[+-]?PT?$/i.test(value.trim())) return undefined;
  const sign = m[1] === '-' ? -1 : 1;
  return { days: sign * (+(m[2] ?? 0) * 7 + +(m[3] ?? 0)), ms: sign * ((+(m[4] ?? 0) * 60 + +(m[5] ?? 0)) * 60 + +(m[6] ?? 0)) * 1000 };
}

function dateText(wall: number): string {
  return new Date(wall).toISOString().slice(0, 10).replace(/-/g, '');
}

function propertiesOf(component: ItemComponent, clocks: Clocks): CalendarObjectProperty[] {
  return component.lines.map((line) => {
    const params = new Map<string, string[]>();
    for (const p of line.params) params.set(p.name, [...(params.get(p.name) ?? []), ...p.values]);
    const firstValue = line.value.split(',')[0]?.trim() ?? '';
    const instant = DATE_OR_DATE_TIME.test(firstValue) ? clocks.instantOf(readTimeValue(firstValue, paramValues(line.params, 'TZID')[0], clocks.zones)) : undefined;
    return { name: line.name, params, text: textOfLine(line), instant };
  });
}

class ObjectComponent implements CalendarObjectComponent {
  readonly name: string;
  readonly properties: readonly CalendarObjectProperty[];
  readonly components: readonly CalendarObjectComponent[];
  readonly recurring: boolean;

  constructor(
    readonly source: ItemComponent,
    private readonly clocks: Clocks,
    /** The other components of the object (an override's master, a master's overrides). */
    private readonly siblings: readonly ItemComponent[],
    private readonly parent: ObjectComponent | undefined,
  ) {
    this.name = source.name;
    this.properties = propertiesOf(source, clocks);
    this.components = source.components.map((c) => new ObjectComponent(c, clocks, source.components, this));
    this.recurring = first(source, 'RECURRENCE-ID') === undefined && source.lines.some((l) => l.name === 'RRULE' || l.name === 'RDATE');
  }

  instancesNear(range: InstantRange): CalendarInstances {
    if (this.name === 'VALARM') return this.alarmInstances(range);
    const clocks = this.clocks;
    const start = clocks.time(first(this.source, 'DTSTART'));
    const startWall = start && clocks.wallOf(start);
    if (start === undefined || startWall === undefined) return { instances: [this.unplaced()], truncated: false, examined: 0 };
    const make = this.instanceMaker(start, startWall);
    const own = make(startWall);
    if (!this.recurring) {
      const recurrenceId = clocks.time(first(this.source, 'RECURRENCE-ID'));
      const dates = recurrenceId?.kind === 'date' ? { ...own.dates, recurrenceId: recurrenceId.date } : own.dates;
      return { instances: [{ ...own, recurrenceId: clocks.instantOf(recurrenceId), dates }], truncated: false, examined: 0 };
    }
    return this.seriesNear(range, start, startWall, make, own);
  }

  /** A component without a (readable) DTSTART: one instance of whatever times it has. */
  private unplaced(): CalendarInstance {
    const c = this.clocks;
    const at = (name: string) => c.instantOf(c.time(first(this.source, name)));
    return {
      start: undefined,
      startIsDate: false,
      end: this.name === 'VFREEBUSY' ? at('DTEND') : undefined,
      due: at('DUE'),
      completed: at('COMPLETED'),
      created: at('CREATED'),
      trigger: undefined,
      recurrenceId: undefined,
      dates: {},
    };
  }

  /** Makes the instance that starts at `wall` (on DTSTART's clock), its other times moved along. */
  private instanceMaker(start: ItemTime, startWall: number): (wall: number) => CalendarInstance {
    const c = this.clocks;
    const startInstant = c.instantAt(start, startWall);
    const end = this.name === 'VTODO' ? undefined : c.time(first(this.source, 'DTEND'));
    const durationLine = first(this.source, 'DURATION');
    const duration = durationLine && readDuration(durationLine.value);
    const due = this.name === 'VTODO' ? c.time(first(this.source, 'DUE')) : undefined;
    const completed = c.instantOf(c.time(first(this.source, 'COMPLETED')));
    const created = c.instantOf(c.time(first(this.source, 'CREATED')));
    const isDate = start.kind === 'date';
    /** `t` moved as the instance moved from DTSTART to `wall`: in wall time on one clock, else by its distance. */
    const moved = (t: ItemTime, wall: number, instant: number): { at: number | undefined; date?: string } => {
      const tWall = c.wallOf(t);
      if (tWall === undefined) return { at: undefined };
      if (sameClock(t, start)) {
        const w = wall + (tWall - startWall);
        return { at: c.instantAt(t, w), ...(t.kind === 'date' ? { date: dateText(w) } : {}) };
      }
      const t0 = c.instantAt(t, tWall);
      return { at: t0 === undefined || startInstant === undefined ? undefined : instant + (t0 - startInstant) };
    };
    return (wall) => {
      const instant = c.instantAt(start, wall);
      const dates: { start?: string; end?: string; due?: string } = isDate ? { start: dateText(wall) } : {};
      let endAt: number | undefined;
      if (instant !== undefined) {
        if (end !== undefined) {
          const m = moved(end, wall, instant);
          endAt = m.at;
          if (m.date !== undefined) dates.end = m.date;
        } else if (duration !== undefined) {
          const w = wall + Math.max(0, duration.days) * DAY;
          endAt = (c.instantAt(start, w) ?? instant) + Math.max(0, duration.ms);
        } else if (this.name !== 'VTODO') {
          endAt = isDate ? c.instantAt(start, wall + DAY) : instant;
        }
      }
      let dueAt: number | undefined;
      if (due !== undefined && instant !== undefined) {
        const m = moved(due, wall, instant);
        dueAt = m.at;
        if (m.date !== undefined) dates.due = m.date;
      }
      return { start: instant, startIsDate: isDate, end: endAt, due: dueAt, completed, created, trigger: undefined, recurrenceId: this.recurring ? instant : undefined, dates: this.recurring && isDate ? { ...dates, recurrenceId: dates.start } : dates };
    };
  }

  /** RECURRENCE-IDs of the components that override instances of this series, as instants. */
  private overridden(): Set<number> {
    const uid = textOfLine(first(this.source, 'UID')).trim();
    const out = new Set<number>();
    for (const s of this.siblings) {
      if (s === this.source || s.name !== this.name || textOfLine(first(s, 'UID')).trim() !== uid) continue;
      const at = this.clocks.instantOf(this.clocks.time(first(s, 'RECURRENCE-ID')));
      if (at !== undefined) out.add(at);
    }
    return out;
  }

  private seriesNear(range: InstantRange, start: ItemTime, startWall: number, make: (wall: number) => CalendarInstance, own: CalendarInstance): CalendarInstances {
    const c = this.clocks;
    const excluded = this.overridden();
    for (const line of this.source.lines) {
      if (line.name !== 'EXDATE') continue;
      for (const v of line.value.split(',')) {
        const at = c.instantOf(readTimeValue(v, paramValues(line.params, 'TZID')[0], c.zones));
        if (at !== undefined) excluded.add(at);
      }
    }
    const latest = (i: CalendarInstance) => Math.max(i.start ?? -Infinity, i.end ?? -Infinity, i.due ?? -Infinity);
    // Where a walk may begin: the earliest start an instance reaching into the range can have, as a
    // wall on DTSTART's clock (its offset taken at both ends, in case the zone changes between).
    const earliest = range.start - Math.max(0, latest(own) - (own.start ?? 0));
    const offset = (x: number) => {
      const at = c.instantAt(start, x);
      return at === undefined ? undefined : x - at;
    };
    const offsets = Number.isFinite(earliest) ? [offset(earliest), offset(range.start)] : [undefined];
    const skipTo = offsets.some((o) => o === undefined) ? -Infinity : earliest + Math.min(...(offsets as number[])) - 1000;
    const seen = new Set<number>();
    const instances: CalendarInstance[] = [];
    const take = (i: CalendarInstance) => {
      if (i.start === undefined || seen.has(i.start) || excluded.has(i.start)) return;
      seen.add(i.start);
      if (i.start <= range.end && latest(i) >= range.start) instances.push(i);
    };
    let truncated = false;
    let examined = 0;
    const rules = this.source.lines.filter((l) => l.name === 'RRULE').map((l) => parseRule(l.value));
    if (rules.length === 0 || rules.some((r) => r === null)) take(own);
    for (const rule of rules) {
      if (rule === null) continue;
      const until = rule.until === undefined ? undefined : readTimeValue(rule.until, start.kind === 'zoned' ? start.tzid : undefined, c.zones);
      const pastUntil = (wall: number, instant: number): boolean => {
        if (until === undefined || until.kind === 'unknown') return false;
        if (until.kind === 'date') return wall >= (c.wallOf(until) ?? Infinity) + (start.kind === 'date' ? 1 : DAY);
        if (until.kind === 'floating') return wall > until.wall;
        return instant > until.ms;
      };
      const walk = walkRule(rule, startWall, start.kind === 'date', skipTo, (wall) => {
        const i = make(wall);
        if (i.start === undefined) return true;
        if (pastUntil(wall, i.start) || i.start > range.end) return false;
        take(i);
        return true;
      });
      examined += walk.examined;
      truncated ||= walk.truncated;
    }
    for (const line of this.source.lines) if (line.name === 'RDATE') this.rdates(line, start, make, own).forEach(take);
    instances.sort((a, b) => (a.start ?? 0) - (b.start ?? 0));
    return { instances, truncated, examined };
  }

  /** The instances an RDATE line adds: on DTSTART's clock when it is the same, else moved by distance; a PERIOD has its own end. */
  private rdates(line: ItemLine, start: ItemTime, make: (wall: number) => CalendarInstance, own: CalendarInstance): CalendarInstance[] {
    const c = this.clocks;
    const tzid = paramValues(line.params, 'TZID')[0];
    const out: CalendarInstance[] = [];
    for (const value of line.value.split(',').slice(0, 1000)) {
      const [from = '', to] = value.split('/');
      const t = readTimeValue(from, tzid, c.zones);
      const wall = c.wallOf(t);
      const at = c.instantOf(t);
      if (wall === undefined || at === undefined) continue;
      let instance: CalendarInstance;
      if (sameClock(t, start)) instance = make(wall);
      else {
        const shift = at - (own.start ?? at);
        const by = (x: number | undefined) => (x === undefined ? undefined : x + shift);
        instance = { ...own, start: at, end: by(own.end), due: by(own.due), recurrenceId: at, dates: {} };
      }
      if (to !== undefined) {
        const endTime = readTimeValue(to, tzid, c.zones);
        const duration = endTime.kind === 'unknown' ? readDuration(to) : undefined;
        const end = endTime.kind === 'unknown' ? (duration === undefined ? undefined : at + duration.days * DAY + duration.ms) : c.instantOf(endTime);
        if (end !== undefined) instance = { ...instance, end };
      }
      out.push(instance);
    }
    return out;
  }

  /** A VALARM rings relative to each instance of what it is in (or once, at an absolute time), and again per REPEAT. */
  private alarmInstances(range: InstantRange): CalendarInstances {
    const c = this.clocks;
    const trigger = first(this.source, 'TRIGGER');
    const none = { instances: [], truncated: false, examined: 0 };
    if (trigger === undefined) return none;
    const repeatCount = Math.min(MAX_ALARM_REPEATS, Math.max(0, Number.parseInt(textOfLine(first(this.source, 'REPEAT')), 10) || 0));
    const repeatDuration = readDuration(textOfLine(first(this.source, 'DURATION')));
    const every = repeatDuration === undefined ? 0 : repeatDuration.days * DAY + repeatDuration.ms;
    const repeats = every > 0 ? repeatCount : 0;
    const rings = (at: number): CalendarInstance[] =>
      Array.from({ length: repeats + 1 }, (_, k) => ({ start: undefined, startIsDate: false, end: undefined, due: undefined, completed: undefined, created: undefined, trigger: at + k * every, recurrenceId: undefined, dates: {} }));
    const absolute = paramValues(trigger.params, 'VALUE')[0]?.toUpperCase() === 'DATE-TIME' || /^\d{8}T/.test(trigger.value.trim());
    if (absolute) {
      const at = c.instantOf(readTimeValue(trigger.value, undefined, c.zones));
      return at === undefined ? none : { instances: rings(at), truncated: false, examined: 0 };
    }
    const offset = readDuration(trigger.value);
    if (offset === undefined || this.parent === undefined) return none;
    const offsetMs = offset.days * DAY + offset.ms;
    const widen = Math.abs(offsetMs) + repeats * every + DAY;
    const parent = this.parent.instancesNear({ start: range.start - widen, end: range.end + widen });
    const fromEnd = paramValues(trigger.params, 'RELATED')[0]?.toUpperCase() === 'END';
    const instances: CalendarInstance[] = [];
    for (const p of parent.instances) {
      const base = fromEnd ? (p.end ?? p.due ?? p.start) : (p.start ?? p.due);
      if (base !== undefined) instances.push(...rings(base + offsetMs));
    }
    return { instances, truncated: parent.truncated, examined: parent.examined };
  }
}

/** The VCALENDAR of an iCalendar object, read for calendar-query, expand and free-busy. */
export function readCalendarObject(body: string, options: CalendarObjectOptions = {}): CalendarObjectComponent {
  const doc = readCalendarDoc(body);
  const clocks = new Clocks(new CalendarZones(doc), floatingZone(options.timezone));
  const root: ItemComponent = { name: 'VCALENDAR', lines: doc.props, components: doc.components, stray: doc.stray };
  return new ObjectComponent(root, clocks, [], undefined);
}

