/**
 * Calendar objects written for questions about time: a recurring object as its instances in a range
 * (CalDAV's expand, RFC 4791 §9.6.5) and busy periods as a VFREEBUSY (§7.10).
 *
 * An expansion has one component per instance kept, with RECURRENCE-ID, times in UTC (DATE values
 * stay DATEs: an all-day instance has no UTC time) and no RRULE, RDATE, EXDATE or EXRULE; an
 * override is written as its instance; VTIMEZONEs no line names any more are left out.
 */
import { compactUtc, newLine, writeCalendarDoc, type ItemComponent, type ItemLine } from '../activesync/calendar-item.js';
import { readCalendarObject, type CalendarInstance, type CalendarObjectOptions, type InstantRange } from './instances.js';

export const CALDAV_PRODID = '-//atomsync//CalDAV//EN';

/** The components an expansion writes instance by instance; others are copied. */
const EXPANDED = new Set(['VEVENT', 'VTODO', 'VJOURNAL']);
const RECURRENCE_LINES = new Set(['RRULE', 'RDATE', 'EXDATE', 'EXRULE']);

/** A time line with the instance's value: a DATE as a DATE, anything else in UTC; its other parameters kept. */
function timeLine(line: ItemLine, name: string, instant: number | undefined, date: string | undefined): ItemLine {
  if (instant === undefined && date === undefined) return line;
  const params = line.params.filter((p) => p.name !== 'TZID' && p.name !== 'VALUE' && p.name !== 'RANGE');
  if (date !== undefined) return newLine(name, date, [...params, { name: 'VALUE', values: ['DATE'] }]);
  return newLine(name, compactUtc(instant!), params);
}

function instanceComponent(source: ItemComponent, i: CalendarInstance, recurring: boolean): ItemComponent {
  const lines: ItemLine[] = [];
  for (const line of source.lines) {
    if (RECURRENCE_LINES.has(line.name)) continue;
    switch (line.name) {
      case 'DTSTART':
        lines.push(timeLine(line, 'DTSTART', i.start, i.dates.start));
        if (recurring) lines.push(timeLine(line, 'RECURRENCE-ID', i.recurrenceId, i.dates.recurrenceId));
        break;
      case 'DTEND':
        lines.push(timeLine(line, 'DTEND', i.end, i.dates.end));
        break;
      case 'DUE':
        lines.push(timeLine(line, 'DUE', i.due, i.dates.due));
        break;
      case 'RECURRENCE-ID':
        lines.push(timeLine(line, 'RECURRENCE-ID', i.recurrenceId, i.dates.recurrenceId));
        break;
      default:
        lines.push(line);
    }
  }
  return { name: source.name, lines, components: source.components, stray: source.stray };
}

function namedZones(components: readonly ItemComponent[], out = new Set<string>()): Set<string> {
  for (const c of components) {
    for (const line of c.lines) for (const p of line.params) if (p.name === 'TZID') p.values.forEach((v) => out.add(v));
    namedZones(c.components, out);
  }
  return out;
}

/** An expansion: the object written as its instances, and whether a walk stopped at its cap (MAX_INSTANCES_EXAMINED) first. */
export interface Expansion {
  readonly body: string;
  /** Some rule has instances in the range beyond what was walked: `body` lacks them, and must not be served as the whole. */
  readonly truncated: boolean;
}

/**
 * The object with its recurring components written as their instances near `range` that `keep`
 * accepts (the caller's overlap rule), and its other timed components kept when `keep` accepts
 * their one instance.
 */
export function expandCalendar(body: string, range: InstantRange, keep: (componentName: string, instance: CalendarInstance) => boolean, options: CalendarObjectOptions = {}): Expansion {
  const calendar = readCalendarObject(body, options);
  const written: ItemComponent[] = [];
  const zones: ItemComponent[] = [];
  let truncated = false;
  for (const component of calendar.components) {
    const source = component.source;
    if (source.name === 'VTIMEZONE') zones.push(source);
    else if (!EXPANDED.has(source.name)) written.push(source);
    else {
      const near = component.instancesNear(range);
      truncated ||= near.truncated;
      for (const i of near.instances) if (keep(source.name, i)) written.push(instanceComponent(source, i, component.recurring));
    }
  }
  const named = namedZones(written);
  const kept = zones.filter((z) => z.lines.some((l) => l.name === 'TZID' && named.has(l.value.trim())));
  return { body: writeCalendarDoc({ props: calendar.source.lines, components: [...kept, ...written], stray: calendar.source.stray }), truncated };
}

export interface FreeBusyPeriod {
  readonly start: number;
  readonly end: number;
  /** FBTYPE: BUSY, BUSY-TENTATIVE, BUSY-UNAVAILABLE. */
  readonly type: string;
}

/** A VCALENDAR holding one VFREEBUSY of `range` with these periods (RFC 4791 §7.10, RFC 5545 §3.6.4). */
export function writeFreeBusy(range: InstantRange, periods: readonly FreeBusyPeriod[], stamp: number): string {
  const lines: ItemLine[] = [newLine('DTSTAMP', compactUtc(stamp))];
  if (Number.isFinite(range.start)) lines.push(newLine('DTSTART', compactUtc(range.start)));
  if (Number.isFinite(range.end)) lines.push(newLine('DTEND', compactUtc(range.end)));
  for (const p of periods) lines.push(newLine('FREEBUSY', `${compactUtc(p.start)}/${compactUtc(p.end)}`, [{ name: 'FBTYPE', values: [p.type] }]));
  return writeCalendarDoc({ props: [newLine('PRODID', CALDAV_PRODID)], components: [{ name: 'VFREEBUSY', lines, components: [], stray: [] }], stray: [] });
}
