/**
 * DATE and DATE-TIME values, resolved through a zone resolver (resolver.ts): read, moved and
 * written for a phone (`Time`), and in the one canonical form the fingerprint hashes, so a time
 * written in UTC, with TZID and a VTIMEZONE, with a bare IANA TZID, or in vCalendar 1.0's
 * TZ/DAYLIGHT form is one value. Canonical forms:
 * - `20250201T103000Z`: a UTC instant (every form whose zone we can resolve);
 * - `20250201`: a DATE (all-day);
 * - `20250201T113000`: a floating time (no zone at all: the same wall-clock time everywhere);
 * - `20250201T113000;TZID=X`: a zone we cannot resolve, kept as written.
 */
import { zoneFormat, zoneOffsetAt } from './iana.js';
import type { ZoneResolver } from './resolver.js';

const DATE = /^(\d{4})(\d{2})(\d{2})$/;
const LOCAL = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})?$/;
const DATE_TIME = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})?(Z?)$/;

/** A written time in basic format: no `-` or `:`, upper case. */
function basic(value: string): string {
  return value.trim().replace(/[-:]/g, '').toUpperCase();
}

/** `20250201T103000Z` for a UTC instant (ms). */
export function utcText(ms: number): string {
  const iso = new Date(ms).toISOString();
  // Sliced for the years 0000-9999 (hot: every time of every item written); others are rare.
  if (iso.length !== 24) return iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
}

/** `20250201T103000` for a wall-clock time (ms as if UTC). */
export function wallText(ms: number): string {
  return utcText(ms).slice(0, -1);
}

/**
 * The canonical form of one DATE or DATE-TIME value. `tzid` is the TZID parameter; `floating`
 * resolves times that carry no zone (vCalendar 1.0's TZ property), null keeps them floating.
 */
export function canonicalTime(
  value: string,
  tzid: string | undefined,
  zones: ZoneResolver,
  floating: ((wallMs: number) => number | null) | null = null,
): string {
  const v = basic(value);
  if (/^\d{8}$/.test(v)) return v;
  if (/^\d{8}T\d{6}Z$/.test(v)) return v;
  if (/^\d{8}T\d{4}Z$/.test(v)) return `${v.slice(0, 13)}00Z`;
  const m = LOCAL.exec(v);
  if (!m) return v;
  const wall = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +(m[6] ?? 0));
  const local = `${v.slice(0, 13)}${m[6] ?? '00'}`;
  if (tzid) {
    const utc = zones(tzid, wall);
    return utc === null ? `${local};TZID=${tzid}` : utcText(utc);
  }
  const utc = floating?.(wall) ?? null;
  return utc === null ? local : utcText(utc);
}

/** One DATE or DATE-TIME value, resolved as far as we can. */
export type Time =
  | { readonly kind: 'date'; readonly date: string }
  /** An absolute time, ms since the epoch. */
  | { readonly kind: 'instant'; readonly ms: number }
  /** No zone at all: the same wall-clock time everywhere (ms of that wall time read as UTC). */
  | { readonly kind: 'floating'; readonly wall: number }
  /** Not a time we can read, or a zone we cannot resolve: written as it came. */
  | { readonly kind: 'unknown'; readonly raw: string };

export function readTime(value: string, tzid: string | undefined, zones: ZoneResolver): Time {
  const v = basic(value);
  const date = DATE.exec(v);
  if (date) return { kind: 'date', date: v };
  const m = DATE_TIME.exec(v);
  if (!m) return { kind: 'unknown', raw: value.trim() };
  const wall = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +(m[6] ?? 0));
  if (m[7] === 'Z') return { kind: 'instant', ms: wall };
  if (!tzid) return { kind: 'floating', wall };
  const ms = zones(tzid, wall);
  return ms === null ? { kind: 'unknown', raw: value.trim() } : { kind: 'instant', ms };
}

/** `time` moved by `seconds`; a date moved by whole days stays a date. */
export function addSeconds(time: Time, seconds: number): Time {
  switch (time.kind) {
    case 'instant':
      return { kind: 'instant', ms: time.ms + seconds * 1000 };
    case 'floating':
      return { kind: 'floating', wall: time.wall + seconds * 1000 };
    case 'date': {
      const m = DATE.exec(time.date)!;
      const wall = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!) + seconds * 1000;
      return seconds % 86_400 === 0 ? { kind: 'date', date: wallText(wall).slice(0, 8) } : { kind: 'floating', wall };
    }
    case 'unknown':
      return time;
  }
}

/** UTC (`20250201T103000Z`) or, with `localZone`, the wall-clock time there (`20250201T113000`; UTC still where that wall time is ambiguous). */
export function writeTime(time: Time, localZone: string | null): string {
  switch (time.kind) {
    case 'date':
      return time.date;
    case 'floating':
      return wallText(time.wall);
    case 'unknown':
      return time.raw;
    case 'instant': {
      const format = localZone ? zoneFormat(localZone) : null;
      if (!format) return utcText(time.ms);
      const offset = zoneOffsetAt(format, time.ms);
      return oneInstantAt(format, time.ms + offset, offset) ? wallText(time.ms + offset) : utcText(time.ms);
    }
  }
}

const DAY_MS = 86_400_000;

/**
 * Whether the wall time `wall` (at `offset`) names one instant only. In the hour a zone's clocks
 * go back it names two, and a reader takes the first: an end at 02:00 after a start at 02:45
 * would come back before it. Such a time is written in UTC instead, which every reader places exactly.
 */
function oneInstantAt(format: Intl.DateTimeFormat, wall: number, offset: number): boolean {
  const utc = wall - offset;
  for (const other of [zoneOffsetAt(format, utc - DAY_MS), zoneOffsetAt(format, utc + DAY_MS)]) {
    if (other !== offset && zoneOffsetAt(format, wall - other) === other) return false;
  }
  return true;
}
