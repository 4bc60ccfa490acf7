/**
 * A wall-clock time in a zone resolves to one instant whichever form the zone came in (an IANA
 * name, the VTIMEZONE a client or our ActiveSync mapping wrote), including the hour the clock
 * repeats (its first occurrence) and the hour it skips (the offset before the gap), as RFC 5545
 * §3.3.5 reads them. Before this, a VTIMEZONE and the IANA name of the same zone disagreed on the
 * repeated hour, so an event ending then moved by an hour on its way through a phone.
 */
import { describe, expect, it } from 'vitest';
import { ianaToUtc } from '../../src/zones/iana.js';
import { calendarZones } from '../../src/zones/resolver.js';
import { writeTime } from '../../src/zones/time.js';

const wall = (text: string) => Date.parse(`${text}Z`);
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

const NEW_YORK = [
  'BEGIN:VTIMEZONE', 'TZID:America/New_York',
  'BEGIN:STANDARD', 'DTSTART:19701101T020000', 'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU', 'TZOFFSETFROM:-0400', 'TZOFFSETTO:-0500', 'END:STANDARD',
  'BEGIN:DAYLIGHT', 'DTSTART:19700308T020000', 'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU', 'TZOFFSETFROM:-0500', 'TZOFFSETTO:-0400', 'END:DAYLIGHT',
  'END:VTIMEZONE',
].join('\r\n');
const BERLIN = [
  'BEGIN:VTIMEZONE', 'TZID:Europe/Berlin',
  'BEGIN:STANDARD', 'DTSTART:19701025T030000', 'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU', 'TZOFFSETFROM:+0200', 'TZOFFSETTO:+0100', 'END:STANDARD',
  'BEGIN:DAYLIGHT', 'DTSTART:19700329T020000', 'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU', 'TZOFFSETFROM:+0100', 'TZOFFSETTO:+0200', 'END:DAYLIGHT',
  'END:VTIMEZONE',
].join('\r\n');

const fromVtimezone = calendarZones([
  { tzid: 'America/New_York', vtimezone: NEW_YORK },
  { tzid: 'Europe/Berlin', vtimezone: BERLIN },
]);

// [zone, wall time, instant]: west and east of Greenwich, the repeated hour, the skipped hour, and ordinary times beside them.
const CASES: [string, string, string][] = [
  ['America/New_York', '2034-11-05T01:00:00', '2034-11-05T05:00:00.000Z'], // repeated: EDT, the first
  ['America/New_York', '2034-11-05T01:59:59', '2034-11-05T05:59:59.000Z'],
  ['America/New_York', '2034-11-05T02:00:00', '2034-11-05T07:00:00.000Z'],
  ['America/New_York', '2034-11-04T23:00:00', '2034-11-05T03:00:00.000Z'],
  ['America/New_York', '2025-03-09T02:30:00', '2025-03-09T07:30:00.000Z'], // skipped: EST, the offset before
  ['America/New_York', '2025-03-09T03:30:00', '2025-03-09T07:30:00.000Z'],
  ['America/New_York', '2025-07-01T12:00:00', '2025-07-01T16:00:00.000Z'],
  ['Europe/Berlin', '2025-10-26T02:30:00', '2025-10-26T00:30:00.000Z'], // repeated: CEST, the first
  ['Europe/Berlin', '2025-10-26T03:00:00', '2025-10-26T02:00:00.000Z'],
  ['Europe/Berlin', '2025-03-30T02:30:00', '2025-03-30T01:30:00.000Z'], // skipped: CET, the offset before
  ['Europe/Berlin', '2025-03-30T03:00:00', '2025-03-30T01:00:00.000Z'],
  ['Europe/Berlin', '2025-01-15T09:00:00', '2025-01-15T08:00:00.000Z'],
];

describe('a wall-clock time in a zone', () => {
  it.each(CASES)('%s %s is %s by its IANA name', (zone, at, instant) => {
    expect(iso(ianaToUtc(zone, wall(at)))).toBe(instant);
  });

  it.each(CASES)('%s %s is %s by its VTIMEZONE', (zone, at, instant) => {
    expect(iso(fromVtimezone(zone, wall(at)))).toBe(instant);
  });
});

describe('an event ending in the second pass of a repeated hour', () => {
  it('keeps its end through a phone: written in UTC, which a wall time cannot say', async () => {
    const { eventFromAirSync, eventToAirSync } = await import('@atomsync/items');
    // 23:11 EDT + 185 min = 01:16 EST, the second 01:16 of the night the clock goes back.
    const ical = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VEVENT\r\nDTSTART;TZID=America/New_York:20131102T231100\r\nDURATION:PT185M\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n';
    const first = eventToAirSync(ical, { version: '16.0' });
    expect(first.find((p) => p.name === 'Calendar:EndTime')?.text).toBe('20131103T061600Z');
    const back = eventFromAirSync(first, { version: '16.0' });
    expect(back).toContain('DTEND:20131103T061600Z');
    expect(eventToAirSync(back, { version: '16.0' }).find((p) => p.name === 'Calendar:EndTime')?.text).toBe('20131103T061600Z');
  });
});

describe('a time written as a phone’s wall-clock time (vCalendar 1.0)', () => {
  it('is local where the wall time names one instant, and UTC in the hour the clocks go back', () => {
    const at = (iso: string) => writeTime({ kind: 'instant', ms: Date.parse(iso) }, 'Australia/Sydney');
    // Sydney goes from +11 to +10 at 03:00 local on 2027-04-04 (16:00Z): 02:00–03:00 comes twice.
    expect(at('2027-04-03T14:45:00Z')).toBe('20270404T014500');
    expect(at('2027-04-03T15:45:00Z')).toBe('20270403T154500Z');
    expect(at('2027-04-03T16:00:00Z')).toBe('20270403T160000Z');
    expect(at('2027-04-03T16:45:00Z')).toBe('20270403T164500Z');
    expect(at('2027-04-03T17:00:00Z')).toBe('20270404T030000');
    // The hour the clocks skip has no wall time to repeat: local as ever.
    expect(at('2026-10-03T16:00:00Z')).toBe('20261004T030000');
  });
});
