/**
 * An RRULE walked with ical.js, bounded whatever the rule says:
 *
 * - at most MAX_INSTANCES_EXAMINED instances are examined per walk (ical.js takes tens of µs for
 *   each: a walk stays within tens of ms);
 * - a rule of fixed-length periods (SECONDLY … WEEKLY) without COUNT starts its walk at the period
 *   just before the first instance wanted, instead of at DTSTART: a weekly series from 1990 or a
 *   SECONDLY rule from 1970 asked about today costs a handful of steps. A COUNT of such a rule
 *   without BY parts (one instance per period) is turned into the last instance's time first, so
 *   COUNT=1000000000 skips ahead too;
 * - ical.js tests candidates against the rule's limiting parts in a loop of its own, which never
 *   ends for a rule no date satisfies (FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30): candidates are counted
 *   and the walk stops after MAX_CANDIDATES.
 *
 * A walk that stops at a cap before its caller is done says so (`truncated`).
 *
 * Times here are walls: ms as if UTC, on the clock DTSTART is written in (its TZID, floating, or
 * UTC); the caller turns them into instants, so a weekly 09:00 in Europe/Berlin stays 09:00 across
 * the DST change.
 */
import ICAL from 'ical.js';
import { ruleParts } from '../activesync/recurrence.js';

/**
 * Instances one walk examines at most. With the skip ahead, a query examines the instances from
 * its range's start to its end: an hourly series over a month fits, a year of it does not.
 */
export const MAX_INSTANCES_EXAMINED = 2000;
/** Candidates ical.js may test against a rule's limiting parts in one walk. */
export const MAX_CANDIDATES = 10_000;

const DAY = 86_400_000;
/** The wall length of one period of a rule whose periods have a fixed length. */
const FIXED_PERIODS: Readonly<Record<string, number>> = { SECONDLY: 1000, MINUTELY: 60_000, HOURLY: 3_600_000, DAILY: DAY, WEEKLY: 7 * DAY };
/** BY parts: with none, a fixed-period rule has exactly one instance per period. */
const BY_PARTS = ['BYSECOND', 'BYMINUTE', 'BYHOUR', 'BYDAY', 'BYMONTHDAY', 'BYYEARDAY', 'BYWEEKNO', 'BYMONTH', 'BYSETPOS'];
/** The last wall a Date can hold (year 275760): a COUNT reaching past it is endless in practice. */
const LAST_WALL = 8.64e15;

class OutOfCandidates extends Error {}

/** ical.js's iterator with its candidate loop counted (see above). */
class BoundedIterator extends ICAL.RecurIterator {
  private tested?: number;

  override check_contracting_rules(): boolean {
    this.tested = (this.tested ?? 0) + 1;
    if (this.tested > MAX_CANDIDATES) throw new OutOfCandidates();
    return super.check_contracting_rules();
  }
}

/**
 * ical.js's iterator of `rule` from `dtstart`, its candidate loop counted: past MAX_CANDIDATES its
 * `next` throws, where ical.js's own would loop forever on a rule no date satisfies.
 */
export function boundedIterator(rule: ICAL.Recur, dtstart: ICAL.Time): ICAL.RecurIterator {
  return new BoundedIterator({ rule, dtstart });
}

export interface WalkResult {
  /** Instances ical.js gave (the ones skipped by whole periods not counted). */
  readonly examined: number;
  /** Stopped at a cap (or at an error of ical.js mid-walk) before `visit` asked to stop. */
  readonly truncated: boolean;
}

/** A rule read for a walk; null when ical.js cannot read it (the component is then not recurring). */
export interface ParsedRule {
  readonly recur: ICAL.Recur;
  /** The UNTIL as written (the caller reads it in DTSTART's zone), if any. */
  readonly until: string | undefined;
  readonly parts: ReadonlyMap<string, string>;
}

export function parseRule(rule: string): ParsedRule | null {
  const parts = ruleParts(rule);
  if (parts === null || !parts.has('FREQ')) return null;
  try {
    const recur = ICAL.Recur.fromString(rule.trim());
    // UNTIL is checked by the caller against instants: ical.js would compare a UTC UNTIL with the
    // floating walls walked here.
    recur.until = null as unknown as ICAL.Time;
    return { recur, until: parts.get('UNTIL'), parts };
  } catch {
    return null;
  }
}

function timeOfWall(wall: number, isDate: boolean): ICAL.Time {
  const d = new Date(wall);
  return ICAL.Time.fromData({
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    ...(isDate ? { isDate: true } : { hour: d.getUTCHours(), minute: d.getUTCMinutes(), second: d.getUTCSeconds() }),
  });
}

/**
 * Walks the rule's instances from `startWall` (DTSTART), ascending, calling `visit` with each wall
 * until it returns false. Instances before `skipTo` (a wall) may be left out.
 */
export function walkRule(rule: ParsedRule, startWall: number, isDate: boolean, skipTo: number, visit: (wall: number) => boolean): WalkResult {
  const recur = rule.recur.clone();
  const period = FIXED_PERIODS[recur.freq] !== undefined ? FIXED_PERIODS[recur.freq]! * Math.max(1, recur.interval || 1) : undefined;
  let lastWall = Infinity;
  if (period !== undefined && recur.count && !BY_PARTS.some((p) => rule.parts.has(p))) {
    lastWall = startWall + (recur.count - 1) * period;
    if (lastWall > LAST_WALL) lastWall = Infinity;
    recur.count = null as unknown as number;
  }
  let from = startWall;
  let dropFirst = false;
  if (period !== undefined && !recur.count && Number.isFinite(skipTo)) {
    // Whole periods before the one wanted, keeping one period to spare. The walk's first instance
    // is then the shifted start, which need not be an instance of the rule: dropped (it lies before
    // `skipTo` anyway).
    const periods = Math.floor((skipTo - startWall) / period) - 1;
    if (periods >= 1) {
      from = startWall + periods * period;
      dropFirst = true;
    }
  }
  let examined = 0;
  try {
    const iterator = new BoundedIterator({ rule: recur, dtstart: timeOfWall(from, isDate) });
    while (examined < MAX_INSTANCES_EXAMINED) {
      const next = iterator.next();
      if (!next) return { examined, truncated: false };
      examined++;
      if (dropFirst) {
        dropFirst = false;
        continue;
      }
      const wall = Date.UTC(next.year, next.month - 1, next.day, next.hour, next.minute, next.second);
      if (wall > lastWall) return { examined, truncated: false };
      if (!visit(wall)) return { examined, truncated: false };
    }
  } catch {
    // OutOfCandidates, or ical.js giving up on the rule: what was walked stands, the rest is unknown.
  }
  return { examined, truncated: true };
}
