/**
 * vCalendar 1.0's zone: the calendar's `TZ` (standard offset) and `DAYLIGHT` lines (one per
 * summer-time period), read to resolve the calendar's local times, and written for a phone's zone
 * so a reader of the local times we send (our own engine among them) can tell the instants again.
 */
import { zoneFormat, zoneOffsetAt } from './iana.js';
import { canonicalTime, utcText } from './time.js';

// ---- reading ----------------------------------------------------------------------------------

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

// ---- writing ----------------------------------------------------------------------------------

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
    lines.push(`DAYLIGHT:TRUE;${offsetText(change.offset)};${utcText(change.at)};${utcText(next.at)};;`);
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
