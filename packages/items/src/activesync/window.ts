/**
 * What the ActiveSync FilterType asks of an item, as item knowledge: does an event (or any
 * occurrence of its series) end after an instant, and is a task complete. The rule of which
 * FilterType means which instant lives in @atomsync/activesync (rules/filter.ts).
 *
 * Bounded and linear in the item: a series without end is in every window; a series with COUNT
 * or UNTIL is walked with ical.js until an occurrence ends after the instant, at most
 * MAX_OCCURRENCES of them — past that it counts as in the window (sending one item too many is
 * harmless, leaving one out is not). EXDATEs are not subtracted, for the same reason.
 */
import ICAL from 'ical.js';
import { paramValues } from '../lines/read.js';
import { CalendarZones, durationSeconds, first, type ItemComponent, type ItemTime, msOf, readCalendarDoc, readTime, readTimes, readTimeValue } from './calendar-item.js';
import { boundedIterator } from '../icalendar/recurrence-walk.js';
import { ruleParts } from './recurrence.js';
import { isComplete } from './tasks.js';

/** How many occurrences of a bounded series are walked before it simply counts as in the window. */
export const MAX_OCCURRENCES = 5000;

const DAY = 86_400_000;

/** Whether the event (any VEVENT of the calendar: the series, its moved occurrences) ends after `instant` (epoch ms). Unreadable: true. */
export function eventEndsAfter(ical: string, instant: number): boolean {
  let doc;
  try {
    doc = readCalendarDoc(ical);
  } catch {
    return true;
  }
  const zones = new CalendarZones(doc);
  const events = doc.components.filter((c) => c.name === 'VEVENT');
  if (events.length === 0) return true;
  return events.some((event) => componentEndsAfter(event, zones, instant));
}

/** Whether the task is complete (FilterType 8 sends only those that are not). Unreadable: false. */
export function taskIsComplete(ical: string): boolean {
  try {
    const task = readCalendarDoc(ical).components.find((c) => c.name === 'VTODO');
    return task !== undefined && isComplete(task);
  } catch {
    return false;
  }
}

/** The length of one occurrence, in ms: DTEND − DTSTART, DURATION, a day for a date, else nothing. */
function lengthOf(event: ItemComponent, start: ItemTime, startMs: number, zones: CalendarZones): number {
  const end = readTime(first(event, 'DTEND'), zones);
  const endMs = end === undefined ? null : msOf(end);
  if (endMs !== null) return Math.max(0, endMs - startMs);
  const duration = first(event, 'DURATION');
  const seconds = duration === undefined ? null : durationSeconds(duration.value);
  if (seconds !== null) return Math.max(0, seconds * 1000);
  return start.kind === 'date' ? DAY : 0;
}

function componentEndsAfter(event: ItemComponent, zones: CalendarZones, instant: number): boolean {
  const start = readTime(first(event, 'DTSTART'), zones);
  const startMs = start === undefined ? null : msOf(start);
  // Without a start we cannot place it: the phone gets it.
  if (start === undefined || startMs === null) return true;
  const length = lengthOf(event, start, startMs, zones);
  if (startMs + length > instant) return true;
  // Added occurrences: each is an occurrence of the same length.
  for (const t of readTimes(event, 'RDATE', zones)) {
    const ms = msOf(t);
    if (ms === null || ms + length > instant) return true;
  }
  const rules = event.lines.filter((l) => l.name === 'RRULE');
  return rules.some((rule) => seriesEndsAfter(rule.value, event, start, length, zones, instant));
}

function seriesEndsAfter(rule: string, event: ItemComponent, start: ItemTime, length: number, zones: CalendarZones, instant: number): boolean {
  const parts = ruleParts(rule);
  if (parts === null) return true;
  // A series without end reaches every window.
  if (!parts.has('UNTIL') && !parts.has('COUNT')) return true;
  const until = parts.get('UNTIL');
  if (until !== undefined) {
    const last = msOf(readTimeValueOf(until, event, zones));
    // No occurrence starts after UNTIL, so none ends after UNTIL + its length.
    if (last !== null && last + length <= instant) return false;
  }
  return walk(rule, start, length, zones, instant);
}

/** UNTIL is UTC or, for a date series, a date; read in the zone of DTSTART otherwise. */
function readTimeValueOf(value: string, event: ItemComponent, zones: CalendarZones): ItemTime {
  const line = first(event, 'DTSTART');
  return readTimeValue(value, line === undefined ? undefined : paramValues(line.params, 'TZID')[0], zones);
}

/** Walks the series' starts (wall times, as the rule counts them) until one ends after `instant`. */
function walk(rule: string, start: ItemTime, length: number, zones: CalendarZones, instant: number): boolean {
  const wall = start.kind === 'zoned' || start.kind === 'floating' ? start.wall : msOf(start);
  if (wall === null) return true;
  let iterator;
  try {
    const d = new Date(wall);
    const dtstart = ICAL.Time.fromData({
      year: d.getUTCFullYear(),
      month: d.getUTCMonth() + 1,
      day: d.getUTCDate(),
      ...(start.kind === 'date' ? { isDate: true } : { hour: d.getUTCHours(), minute: d.getUTCMinutes(), second: d.getUTCSeconds() }),
    });
    // Counted: ical.js loops forever on a rule no date satisfies (FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30).
    iterator = boundedIterator(ICAL.Recur.fromString(rule), dtstart);
  } catch {
    return true;
  }
  for (let n = 0; n < MAX_OCCURRENCES; n++) {
    let next;
    try {
      next = iterator.next();
    } catch {
      return true;
    }
    if (!next) return false;
    const occurrenceWall = Date.UTC(next.year, next.month - 1, next.day, next.hour, next.minute, next.second);
    const ms = start.kind === 'zoned' ? zones.toUtc(start.tzid, occurrenceWall) : occurrenceWall;
    if (ms === null || ms + length > instant) return true;
  }
  return true;
}
