/**
 * Zone offsets (items/src/zones): every zoned time read, fingerprinted or written for a phone asks
 * the IANA database through Intl for an offset, and a phone's wall time written in vCalendar 1.0
 * asks three or four times (writeTime checks the hour a zone's clocks go back). Measured against
 * the reading it replaced in the same run: the formatter's parts (`formatToParts`, an object per
 * part), and writeTime against writing the same instants in UTC (no zone asked at all).
 */
import { zoneFormat, zoneOffsetAt } from '../packages/items/src/zones/iana.js';
import { utcText, writeTime } from '../packages/items/src/zones/time.js';
import { measure, report } from './harness.js';

const ZONES = ['Europe/Berlin', 'America/New_York', 'Australia/Sydney'].map((zone) => ({ zone, format: zoneFormat(zone)! }));
/** 500 instants an hour apart from 2026-01-01: three weeks, zones cycled. */
const INSTANTS = Array.from({ length: 500 }, (_, i) => Date.UTC(2026, 0, 1) + i * 3_600_000);

function offsetFromParts(format: Intl.DateTimeFormat, utc: number): number {
  const parts: Record<string, number> = {};
  for (const p of format.formatToParts(utc)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!) - Math.floor(utc / 1000) * 1000;
}

export function runZonesBench(): boolean {
  const each = (f: (format: Intl.DateTimeFormat, zone: string, utc: number) => number | string) => () => {
    let sink = 0;
    for (let i = 0; i < INSTANTS.length; i++) {
      const { zone, format } = ZONES[i % ZONES.length]!;
      const out = f(format, zone, INSTANTS[i]!);
      sink += typeof out === 'number' ? out : out.length;
    }
    return sink;
  };
  if (each((format, _, utc) => zoneOffsetAt(format, utc))() !== each((format, _, utc) => offsetFromParts(format, utc))()) throw new Error('zoneOffsetAt and the parts disagree');
  const parts = measure('offset from formatToParts (500)', each((format, _, utc) => offsetFromParts(format, utc)));
  const ours = measure('zoneOffsetAt (500)', each((format, _, utc) => zoneOffsetAt(format, utc)));
  const utc = measure('utcText (500)', each((_, __, ms) => utcText(ms)));
  const local = measure('writeTime in the zone (500)', each((_, zone, ms) => writeTime({ kind: 'instant', ms }, zone)));
  return report('zones: an offset at an instant, a wall time written for a phone', [parts, ours, utc, local], [
    { label: 'zoneOffsetAt / formatToParts reading', value: ours.ms / parts.ms, floor: '<= 0.70', ok: ours.ms / parts.ms <= 0.7 },
    // Context, no floor: a local time costs its offset lookups (1 + the repeated-hour check's 2–3).
    { label: 'writeTime in the zone / in UTC (context)', value: local.ms / utc.ms, floor: 'none', ok: true },
  ]);
}
