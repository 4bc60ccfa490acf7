/**
 * Date-times as instants, so a time written in UTC, with TZID and a VTIMEZONE, with a bare IANA
 * TZID, or in vCalendar 1.0's TZ/DAYLIGHT form is one value. Canonical forms:
 * - `20250201T103000Z`: a UTC instant (every form whose zone we can resolve);
 * - `20250201`: a DATE (all-day);
 * - `20250201T113000`: a floating time (no zone at all: the same wall-clock time everywhere);
 * - `20250201T113000;TZID=X`: a zone we cannot resolve, kept as written.
 */
import ICAL from 'ical.js';
import type { JCal } from '../lines/jcal.js';

/** Resolves a local wall-clock time (ms as if UTC) in a zone to UTC ms; null when it cannot. */
export type ZoneResolver = (tzid: string, wallMs: number) => number | null;

const LOCAL = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})?$/;

function basic(value: string): string {
  return value.trim().replace(/[-:]/g, '').toUpperCase();
}

function formatUtc(ms: number): string {
  return new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
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
    return utc === null ? `${local};TZID=${tzid}` : formatUtc(utc);
  }
  const utc = floating?.(wall) ?? null;
  return utc === null ? local : formatUtc(utc);
}

// ---- iCalendar 2.0: VTIMEZONE first, else the IANA database ---------------------------------

/**
 * ical.js expands a VTIMEZONE's rules from their first DTSTART (often 1967) on first use, which
 * costs milliseconds; the expansion lives in the Timezone object, so objects are cached by the
 * VTIMEZONE's content (clients send the same definitions over and over).
 */
const vtimezones = new Map<string, ICAL.Timezone>();

function timezoneOf(jcal: JCal): ICAL.Timezone {
  const id = JSON.stringify(jcal);
  let tz = vtimezones.get(id);
  if (!tz) {
    tz = new ICAL.Timezone(new ICAL.Component(jcal));
    if (vtimezones.size >= 256) vtimezones.clear();
    vtimezones.set(id, tz);
  }
  return tz;
}

/** A resolver for one calendar: its own VTIMEZONEs, then IANA names (Google omits VTIMEZONE). */
export function calendarZones(definitions: readonly JCal[]): ZoneResolver {
  const byId = new Map<string, JCal>();
  for (const def of definitions) {
    const tzid = def[1].find((p) => p[0] === 'tzid')?.[3];
    if (typeof tzid === 'string') byId.set(tzid, def);
  }
  const resolved = new Map<string, ICAL.Timezone>();
  return (tzid, wall) => {
    const def = byId.get(tzid);
    if (def) {
      try {
        let tz = resolved.get(tzid);
        if (!tz) resolved.set(tzid, (tz = timezoneOf(def)));
        const d = new Date(wall);
        const time = ICAL.Time.fromData({
          year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(),
          hour: d.getUTCHours(), minute: d.getUTCMinutes(), second: d.getUTCSeconds(), isDate: false,
        });
        return wall - tz.utcOffset(time) * 1000;
      } catch {
        // A broken VTIMEZONE: try the name.
      }
    }
    return ianaToUtc(tzid, wall);
  };
}

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

/**
 * The zone's offset from UTC at `utc`, in ms. The formatter drops milliseconds, so `utc` is taken
 * to the whole second too (the server's item renderer's copy did; the engine's did not, but only
 * asks at whole seconds, where both agree): an instant with milliseconds still gets the offset.
 */
export function zoneOffsetAt(format: Intl.DateTimeFormat, utc: number): number {
  const parts: Record<string, number> = {};
  for (const p of format.formatToParts(utc)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const asUtc = Date.UTC(parts.year ?? 0, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0);
  return asUtc - Math.floor(utc / 1000) * 1000;
}

/** A wall-clock time (ms as if UTC) in the IANA zone `tzid` names as UTC ms; null for no zone. */
export function ianaToUtc(tzid: string, wall: number): number | null {
  const format = zoneFormat(tzid);
  if (!format) return null;
  // The offset at the wall time read as UTC, then at the instant that gives: right across a change.
  const first = wall - zoneOffsetAt(format, wall);
  return wall - zoneOffsetAt(format, first);
}

// ---- vCalendar 1.0: TZ and DAYLIGHT -----------------------------------------------------------

function parseOffset(text: string): number | null {
  const m = /^([+-])(\d{1,2})(?::?(\d{2}))?$/.exec(text.trim());
  if (!m) return null;
  const ms = (Number(m[2]) * 60 + Number(m[3] ?? 0)) * 60_000;
  return m[1] === '-' ? -ms : ms;
}

/**
 * vCalendar 1.0 local times: the TZ offset, or a DAYLIGHT period's offset when the time falls in
 * it (`DAYLIGHT:TRUE;+02;20090329T010000Z;20091025T010000Z;CEST;CET`, one line per year). Without
 * TZ the times float.
 */
export function vcalendarZone(tz: string | undefined, daylight: readonly string[]): ((wall: number) => number | null) | null {
  const standard = tz === undefined ? null : parseOffset(tz);
  if (standard === null) return null;
  const periods = daylight
    .map((d) => d.split(';'))
    .filter((p) => (p[0] ?? '').trim().toUpperCase() === 'TRUE')
    .map((p) => {
      const offset = parseOffset(p[1] ?? '');
      const start = canonicalTime(p[2] ?? '', undefined, () => null, (w) => w - standard);
      const end = canonicalTime(p[3] ?? '', undefined, () => null, (w) => w - standard);
      return { offset, start: Date.parse(iso(start)), end: Date.parse(iso(end)) };
    })
    .filter((p) => p.offset !== null && !Number.isNaN(p.start) && !Number.isNaN(p.end));
  return (wall) => {
    for (const p of periods) {
      const utc = wall - (p.offset ?? 0);
      if (utc >= p.start && utc < p.end) return utc;
    }
    return wall - standard;
  };
}

function iso(basicUtc: string): string {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(basicUtc);
  return m ? `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z` : 'invalid';
}
