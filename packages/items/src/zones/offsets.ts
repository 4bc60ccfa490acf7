/**
 * A zone as a function from an instant to its offset, and the one rule that turns a wall-clock
 * time in a zone into an instant. Every resolver (IANA names through Intl, VTIMEZONEs through
 * ical.js, a phone's ActiveSync blob) goes through `wallToUtc`, so the hour a clock repeats and
 * the hour it skips resolve to the same instant whichever form the zone came in.
 */
import type ICAL from 'ical.js';

/** The zone's offset from UTC (ms) at a UTC instant (ms). */
export type ZoneOffsets = (utc: number) => number;

const DAY = 86_400_000;

/**
 * UTC ms of a wall-clock time (ms as if UTC) in a zone, as RFC 5545 §3.3.5 reads one: a time the
 * clock shows twice is its first occurrence; a time it skips takes the offset before the gap. The
 * candidate offsets are the zone's a day before and a day after (no zone changes twice in a day).
 */
export function wallToUtc(offsets: ZoneOffsets, wall: number): number {
  const before = offsets(wall - DAY);
  const after = offsets(wall + DAY);
  const candidates = [wall - before, wall - after].filter((utc) => utc + offsets(utc) === wall);
  if (candidates.length > 0) return Math.min(...candidates);
  return wall - before;
}

/** ical.js keeps a zone's changes (UTC, offsets in seconds) behind a method it does not export. */
interface ExpandedTimezone {
  _ensureCoverage(year: number): void;
  changes: { year: number; month: number; day: number; hour: number; minute: number; second: number; utcOffset: number; prevUtcOffset: number }[];
}

/**
 * The offsets an ical.js Timezone (a VTIMEZONE) defines; null when it defines no change. Years
 * are expanded on demand between 1601 and 2200, which bounds the expansion.
 */
export function timezoneOffsets(timezone: ICAL.Timezone): ZoneOffsets | null {
  const tz = timezone as unknown as ExpandedTimezone;
  let covered = 0;
  let changes: { at: number; offset: number; before: number }[] = [];
  const cover = (year: number) => {
    if (year <= covered) return;
    tz._ensureCoverage(year);
    covered = year;
    changes = tz.changes
      .map((c) => ({ at: Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second), offset: c.utcOffset * 1000, before: c.prevUtcOffset * 1000 }))
      .sort((a, b) => a.at - b.at);
  };
  cover(2000);
  if (changes.length === 0) return null;
  return (utc) => {
    cover(Math.min(2200, Math.max(1601, new Date(utc).getUTCFullYear() + 1)));
    if (utc < changes[0]!.at) return changes[0]!.before;
    let lo = 0;
    let hi = changes.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (changes[mid]!.at <= utc) lo = mid;
      else hi = mid - 1;
    }
    return changes[lo]!.offset;
  };
}
