/**
 * Date-times of calendar items as the phone wants them: a TZID'd time resolved (the item's own
 * VTIMEZONE first, then the IANA name, as the engine's describe does, so the instant we send is
 * the one the item's fingerprint and duplicate key hold), written in UTC (`...Z`) or as the
 * wall-clock time in the phone's zone; and vCalendar 1.0's TZ / DAYLIGHT lines for that zone, so a
 * reader of the local times (our own engine among them) can tell the instants again.
 */
import { ianaToUtc, zoneFormat, zoneOffsetAt } from './time.js';
import ICAL from 'ical.js';
import type { Component } from '../lines/write.js';

/** One DATE or DATE-TIME value, resolved as far as we can. */
export type Time =
  | { readonly kind: 'date'; readonly date: string }
  /** An absolute time, ms since the epoch. */
  | { readonly kind: 'instant'; readonly ms: number }
  /** No zone at all: the same wall-clock time everywhere (ms of that wall time read as UTC). */
  | { readonly kind: 'floating'; readonly wall: number }
  /** Not a time we can read, or a zone we cannot resolve: written as it came. */
  | { readonly kind: 'unknown'; readonly raw: string };

/** Resolves a wall-clock time (ms as if UTC) in a zone to UTC ms; null when it cannot. */
export type ZoneResolver = (tzid: string, wall: number) => number | null;

const DATE = /^(\d{4})(\d{2})(\d{2})$/;
const DATE_TIME = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})?(Z?)$/;

export function readTime(value: string, tzid: string | undefined, zones: ZoneResolver): Time {
  const v = value.trim().replace(/[-:]/g, '').toUpperCase();
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
      return seconds % 86_400 === 0 ? { kind: 'date', date: basic(wall).slice(0, 8) } : { kind: 'floating', wall };
    }
    case 'unknown':
      return time;
  }
}

/** UTC (`20250201T103000Z`) or, with `localZone`, the wall-clock time there (`20250201T113000`). */
export function writeTime(time: Time, localZone: string | null): string {
  switch (time.kind) {
    case 'date':
      return time.date;
    case 'floating':
      return basic(time.wall);
    case 'unknown':
      return time.raw;
    case 'instant': {
      const format = localZone ? zoneFormat(localZone) : null;
      return format ? basic(time.ms + zoneOffsetAt(format, time.ms)) : `${basic(time.ms)}Z`;
    }
  }
}

function basic(ms: number): string {
  return new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, '');
}

// ---- resolving TZIDs ---------------------------------------------------------------------------

/**
 * ical.js expands a VTIMEZONE's rules from their first DTSTART on first use (milliseconds): the
 * objects are cached by the definition's text, since clients send the same few over and over.
 */
const vtimezones = new Map<string, ICAL.Timezone>();

function timezoneOf(text: string): ICAL.Timezone {
  let tz = vtimezones.get(text);
  if (!tz) {
    tz = new ICAL.Timezone(new ICAL.Component(ICAL.parse(text) as unknown as [string, unknown[], unknown[]]));
    if (vtimezones.size >= 256) vtimezones.clear();
    vtimezones.set(text, tz);
  }
  return tz;
}

function textOf(component: Component): string {
  const lines = [`BEGIN:${component.name}`, ...component.props.map((p) => p.source)];
  for (const child of component.components) lines.push(textOf(child));
  lines.push(`END:${component.name}`);
  return lines.join('\r\n');
}

/** A resolver for one calendar: its own VTIMEZONEs, then IANA names (Google sends none). */
export function calendarZones(definitions: readonly Component[]): ZoneResolver {
  const byId = new Map<string, string>();
  for (const def of definitions) {
    const tzid = def.props.find((p) => p.name === 'TZID')?.value.trim();
    if (tzid) byId.set(tzid, textOf(def));
  }
  return (tzid, wall) => {
    const text = byId.get(tzid);
    if (text) {
      try {
        const d = new Date(wall);
        const time = ICAL.Time.fromData({
          year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(),
          hour: d.getUTCHours(), minute: d.getUTCMinutes(), second: d.getUTCSeconds(), isDate: false,
        });
        return wall - timezoneOf(text).utcOffset(time) * 1000;
      } catch {
        // A broken VTIMEZONE: the name may still be an IANA zone.
      }
    }
    return ianaToUtc(tzid, wall);
  };
}

/** Whether `tzid` names a zone we can convert to. */
export function isKnownZone(tzid: string): boolean {
  return tzid.trim() !== '' && zoneFormat(tzid) !== null;
}

// ---- vCalendar 1.0 TZ and DAYLIGHT -------------------------------------------------------------

const DAY = 86_400_000;

/**
 * `TZ` (the standard offset) and one `DAYLIGHT` line per summer-time period that overlaps the
 * years `from`..`to` (`DAYLIGHT:TRUE;+02;20250330T010000Z;20251026T010000Z;;`, start and end in
 * UTC), or `DAYLIGHT:FALSE` for a zone without summer time. Standard is the year's smaller offset.
 */
export function vcalendarZoneLines(zone: string, from: number, to: number): readonly string[] {
  // A day-by-day scan costs milliseconds; a sync sends many items of the same few years.
  const key = `${zone}|${from}|${to}`;
  let lines = zoneLines.get(key);
  if (!lines) {
    lines = scanZone(zone, from, to);
    if (zoneLines.size >= 256) zoneLines.clear();
    zoneLines.set(key, lines);
  }
  return lines;
}

const zoneLines = new Map<string, readonly string[]>();

function scanZone(zone: string, from: number, to: number): string[] {
  const format = zoneFormat(zone);
  if (!format) return [];
  const start = Date.UTC(from - 1, 6, 1);
  const end = Date.UTC(to + 1, 6, 1);
  // Offsets by day, then each change bisected to the second.
  const changes: { at: number; offset: number }[] = [];
  let previous = zoneOffsetAt(format, start);
  const offsets = new Set([previous]);
  for (let t = start + DAY; t <= end; t += DAY) {
    const offset = zoneOffsetAt(format, t);
    if (offset === previous) continue;
    let lo = t - DAY;
    let hi = t;
    while (hi - lo > 1000) {
      const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
      if (zoneOffsetAt(format, mid) === previous) lo = mid;
      else hi = mid;
    }
    changes.push({ at: hi, offset });
    offsets.add(offset);
    previous = offset;
  }
  const standard = Math.min(...offsets);
  const lines = [`TZ:${offsetText(standard)}`];
  const yearStart = Date.UTC(from, 0, 1);
  const yearEnd = Date.UTC(to + 1, 0, 1);
  for (let i = 0; i < changes.length; i++) {
    const change = changes[i]!;
    const next = changes[i + 1];
    if (change.offset === standard || !next) continue;
    if (next.at <= yearStart || change.at >= yearEnd) continue;
    lines.push(`DAYLIGHT:TRUE;${offsetText(change.offset)};${basic(change.at)}Z;${basic(next.at)}Z;;`);
  }
  if (lines.length === 1) lines.push('DAYLIGHT:FALSE');
  return lines;
}

function offsetText(ms: number): string {
  const minutes = Math.round(Math.abs(ms) / 60_000);
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = minutes % 60;
  return `${ms < 0 ? '-' : '+'}${hh}${mm === 0 ? '' : `:${String(mm).padStart(2, '0')}`}`;
}
