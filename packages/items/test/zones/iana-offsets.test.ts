/**
 * A zone's offset at an instant (iana.ts zoneOffsetAt) reads the formatter's string with one
 * regular expression on its hot path. Checked here against the formatter's own parts, the reading
 * it replaced, for instants over the years it takes (1000–9999) and around their ends, in zones
 * with whole-hour, half-hour, 45-minute and negative offsets and with historic second offsets.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { zoneFormat, zoneOffsetAt } from '../../src/zones/iana.js';

const ZONES = ['Europe/Berlin', 'America/New_York', 'Australia/Sydney', 'Australia/Lord_Howe', 'Asia/Kolkata', 'Asia/Kathmandu', 'Pacific/Chatham', 'America/St_Johns', 'Africa/Monrovia', 'Pacific/Kiritimati', 'UTC'];

/** The offset from the formatter's parts, as zoneOffsetAt read it before. */
function offsetFromParts(format: Intl.DateTimeFormat, utc: number): number {
  const parts: Record<string, number> = {};
  for (const p of format.formatToParts(utc)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const asUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return asUtc - Math.floor(utc / 1000) * 1000;
}

describe('zoneOffsetAt', () => {
  it('agrees with the formatter’s parts for any instant in years 1000–9999', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), fc.integer({ min: Date.UTC(1000, 0, 1), max: Date.UTC(9999, 11, 31, 23, 59, 59, 999) }), (zone, utc) => {
        const format = zoneFormat(zone)!;
        expect(zoneOffsetAt(format, utc)).toBe(offsetFromParts(format, utc));
      }),
      { numRuns: 3000 },
    );
  });

  it('gives the offsets of known moments, transitions and the ends of the four-digit years', () => {
    const at = (zone: string, iso: string) => zoneOffsetAt(zoneFormat(zone)!, Date.parse(iso)) / 60_000;
    expect(at('Europe/Berlin', '2026-03-29T00:59:59Z')).toBe(60);
    expect(at('Europe/Berlin', '2026-03-29T01:00:00Z')).toBe(120);
    expect(at('Australia/Sydney', '2027-04-03T15:59:59Z')).toBe(660);
    expect(at('Australia/Sydney', '2027-04-03T16:00:00Z')).toBe(600);
    expect(at('Asia/Kathmandu', '2026-06-01T00:00:00Z')).toBe(345);
    expect(at('America/St_Johns', '2026-01-15T12:00:00.999Z')).toBe(-210);
    // Local time in year 999 or 10000 (five digits) while the instant is within 1000–9999: the parts are read.
    expect(at('America/New_York', '1000-01-01T00:00:00Z')).toBe(offsetFromParts(zoneFormat('America/New_York')!, Date.UTC(1000, 0, 1)) / 60_000);
    expect(at('Pacific/Kiritimati', '9999-12-31T23:00:00Z')).toBe(840);
  });
});
