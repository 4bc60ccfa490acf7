/**
 * The IANA time-zone database, through Intl: a zone's offset at an instant, and a wall-clock time
 * in a zone as UTC.
 */
import { wallToUtc, type ZoneOffsets } from './offsets.js';

const formats = new Map<string, Intl.DateTimeFormat | null>();

/**
 * The formatter of the IANA zone `tzid` names, null when it names none. Exporters prefix IANA names
 * (`/mozilla.org/20050126_1/Europe/Berlin`): the last two or three segments are tried as well.
 */
export function zoneFormat(tzid: string): Intl.DateTimeFormat | null {
  if (formats.has(tzid)) return formats.get(tzid) ?? null;
  const candidates = [tzid, tzid.split('/').slice(-2).join('/'), tzid.split('/').slice(-3).join('/')];
  let format: Intl.DateTimeFormat | null = null;
  for (const zone of candidates) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric',
        hour: 'numeric', minute: 'numeric', second: 'numeric',
      });
      break;
    } catch {
      // Not an IANA name.
    }
  }
  if (formats.size >= 1024) formats.clear();
  formats.set(tzid, format);
  return format;
}

/** What `format` writes in en-US with h23: `1/31/2026, 13:05:09` (month, day, year, hour, minute, second). */
const FORMATTED = /^(\d{1,2})\/(\d{1,2})\/(\d{4}), (\d{2}):(\d{2}):(\d{2})$/;
/** 1000-01-01 and 10000-01-01 (UTC): between them every formatted year has four digits and no era. */
const FOUR_DIGIT_YEARS = [Date.UTC(1000, 0, 1), Date.UTC(10_000, 0, 1)] as const;

/**
 * The zone's offset from UTC at `utc`, in ms. The formatter drops milliseconds, so `utc` is taken
 * to the whole second too: an instant with milliseconds still gets the offset. Hot (every zoned
 * time read or written): the formatted string read with one regular expression costs a third of
 * `formatToParts`' objects (~3 against ~9 µs); any other shape, or a year outside 1000–9999 (an era,
 * fewer digits), takes `formatToParts`.
 */
export function zoneOffsetAt(format: Intl.DateTimeFormat, utc: number): number {
  const second = Math.floor(utc / 1000) * 1000;
  const m = utc >= FOUR_DIGIT_YEARS[0] && utc < FOUR_DIGIT_YEARS[1] ? FORMATTED.exec(format.format(utc)) : null;
  if (m) return Date.UTC(+m[3]!, +m[1]! - 1, +m[2]!, +m[4]!, +m[5]!, +m[6]!) - second;
  const parts: Record<string, number> = {};
  for (const p of format.formatToParts(utc)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const asUtc = Date.UTC(parts.year ?? 0, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0);
  return asUtc - second;
}

const ianaCache = new Map<string, ZoneOffsets | null>();

/** The offsets of an IANA zone (or a prefixed IANA name, as exporters write them); null when none. */
export function ianaOffsets(tzid: string): ZoneOffsets | null {
  if (ianaCache.has(tzid)) return ianaCache.get(tzid) ?? null;
  const format = zoneFormat(tzid);
  const offsets = format ? (utc: number) => zoneOffsetAt(format, utc) : null;
  if (ianaCache.size >= 512) ianaCache.clear();
  ianaCache.set(tzid, offsets);
  return offsets;
}

/** A wall-clock time (ms as if UTC) in the IANA zone `tzid` names as UTC ms; null for no zone. */
export function ianaToUtc(tzid: string, wall: number): number | null {
  const offsets = ianaOffsets(tzid);
  return offsets === null ? null : wallToUtc(offsets, wall);
}

/** Whether `tzid` names a zone we can convert to. */
export function isKnownZone(tzid: string): boolean {
  return tzid.trim() !== '' && zoneFormat(tzid) !== null;
}
