/**
 * The ActiveSync TimeZone blob (MS-ASDTYPE §2.7.6): built from an IANA zone or a VTIMEZONE for a
 * year, read back to the IANA zone whose rules match (its names tried first, then Windows names,
 * then every zone), else to a VTIMEZONE of its own; bad blobs are no zone.
 */
import { describe, expect, it } from 'vitest';
import { decodeTimeZone, encodeTimeZone, type TimeZoneInfo } from '@atomsync/items';
import {
  timeZoneOf,
  timeZoneOffsets,
  UTC_TIME_ZONE,
  vtimezoneOfTimeZone,
  zoneOfTimeZone,
} from '../../src/activesync/timezone.js';
import { ianaOffsets } from '../../src/zones/iana.js';
import { vtimezoneOffsets } from '../../src/zones/resolver.js';

const MAY_2024 = Date.UTC(2024, 4, 1, 12);
const blobOf = (zone: string, at = MAY_2024, names = { standard: zone, daylight: zone }) => timeZoneOf(ianaOffsets(zone)!, at, names);
const rule = (month: number, dayOfWeek: number, day: number, hour: number) => ({ year: 0, month, dayOfWeek, day, hour, minute: 0, second: 0, milliseconds: 0 });
const NONE = rule(0, 0, 0, 0);

describe('the blob of a zone for a year', () => {
  it.each<[string, Partial<TimeZoneInfo>]>([
    // Last Sunday of October at 03:00 summer time back to standard, last Sunday of March at 02:00 into summer time.
    ['Europe/Berlin', { bias: -60, standardDate: rule(10, 0, 5, 3), daylightDate: rule(3, 0, 5, 2), standardBias: 0, daylightBias: -60 }],
    // First Sunday of November at 02:00, second Sunday of March at 02:00.
    ['America/New_York', { bias: 300, standardDate: rule(11, 0, 1, 2), daylightDate: rule(3, 0, 2, 2), standardBias: 0, daylightBias: -60 }],
    // No summer time: both transitions month 0.
    ['Asia/Kolkata', { bias: -330, standardDate: NONE, daylightDate: NONE, standardBias: 0, daylightBias: 0 }],
    // Southern hemisphere: standard from the first Sunday of April, summer time from the first Sunday of October.
    ['Australia/Sydney', { bias: -600, standardDate: rule(4, 0, 1, 3), daylightDate: rule(10, 0, 1, 2), standardBias: 0, daylightBias: -60 }],
  ])('%s', (zone, expected) => {
    const tz = blobOf(zone);
    expect(tz).toMatchObject({ ...expected, standardName: zone, daylightName: zone });
    expect(Buffer.from(encodeTimeZone(tz), 'base64')).toHaveLength(172);
  });

  it.each(['Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Australia/Sydney'])('%s: blob → zone → blob is the identity, the zone is the IANA zone', (zone) => {
    const tz = blobOf(zone);
    const text = encodeTimeZone(tz);
    expect(decodeTimeZone(text)).toEqual(tz);
    const back = zoneOfTimeZone(decodeTimeZone(text)!, MAY_2024);
    expect(back.tzid).toBe(zone);
    // The VTIMEZONE written for it gives the same blob again (names from its TZNAMEs).
    const offsets = vtimezoneOffsets(back.vtimezone!)!;
    expect(encodeTimeZone(timeZoneOf(offsets, MAY_2024, { standard: zone, daylight: zone }))).toBe(text);
    // The blob's own offsets are the zone's, all year, on both sides of each change.
    const own = timeZoneOffsets(tz);
    for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2025, 0, 1); t += 3_600_000) expect(own(t), new Date(t).toISOString()).toBe(ianaOffsets(zone)!(t));
  });

  it('builds the blob of the year asked for (US rules before and after 2007)', () => {
    expect(blobOf('America/New_York', Date.UTC(2005, 6, 1)).daylightDate).toEqual(rule(4, 0, 1, 2));
    expect(blobOf('America/New_York', Date.UTC(2010, 6, 1)).daylightDate).toEqual(rule(3, 0, 2, 2));
  });

  it('reads a VTIMEZONE as ical.js expands it (Thunderbird’s Berlin, rules from 1967)', () => {
    const vtimezone = [
      'BEGIN:VTIMEZONE', 'TZID:Europe/Berlin',
      'BEGIN:STANDARD', 'DTSTART:19671029T030000', 'RRULE:FREQ=MONTHLY;INTERVAL=12;BYDAY=-1SU', 'TZOFFSETFROM:+0200', 'TZOFFSETTO:+0100', 'TZNAME:CET', 'END:STANDARD',
      'BEGIN:DAYLIGHT', 'DTSTART:19870329T020000', 'RRULE:FREQ=MONTHLY;INTERVAL=12;BYDAY=-1SU', 'TZOFFSETFROM:+0100', 'TZOFFSETTO:+0200', 'TZNAME:CEST', 'END:DAYLIGHT',
      'END:VTIMEZONE',
    ].join('\r\n');
    const tz = timeZoneOf(vtimezoneOffsets(vtimezone)!, MAY_2024, { standard: 'CET', daylight: 'CEST' });
    expect(tz).toEqual({ ...blobOf('Europe/Berlin'), standardName: 'CET', daylightName: 'CEST' });
    expect(zoneOfTimeZone(tz, MAY_2024).tzid).toBe('Europe/Berlin');
    expect(vtimezoneOffsets('BEGIN:VTIMEZONE\r\nTZID:x\r\nEND:VTIMEZONE')).toBeNull();
    expect(vtimezoneOffsets('not a time zone')).toBeNull();
  });
});

describe('a phone’s blob as a zone', () => {
  it.each([
    ['W. Europe Standard Time', 'Europe/Berlin', 'Europe/Berlin'],
    ['Eastern Standard Time', 'America/New_York', 'America/New_York'],
    ['India Standard Time', 'Asia/Kolkata', 'Asia/Kolkata'],
    ['AUS Eastern Standard Time', 'Australia/Sydney', 'Australia/Sydney'],
    // Windows names Romance Standard Time Paris: the rules are Berlin's, the name decides.
    ['Romance Standard Time', 'Europe/Berlin', 'Europe/Paris'],
  ])('a Windows blob named %s is %s', (name, rules, expected) => {
    const tz = blobOf(rules, MAY_2024, { standard: name, daylight: name.replace('Standard', 'Daylight') });
    expect(zoneOfTimeZone(tz, MAY_2024).tzid).toBe(expected);
  });

  it('a blob without names is a zone whose rules are its own, the zones Windows names first', () => {
    for (const zone of ['Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Australia/Sydney']) {
      const found = zoneOfTimeZone(blobOf(zone, MAY_2024, { standard: '', daylight: '' }), MAY_2024).tzid!;
      expect(encodeTimeZone(blobOf(found, MAY_2024, { standard: '', daylight: '' }))).toBe(encodeTimeZone(blobOf(zone, MAY_2024, { standard: '', daylight: '' })));
    }
    expect(zoneOfTimeZone(blobOf('Asia/Kolkata', MAY_2024, { standard: '', daylight: '' }), MAY_2024).tzid).toBe('Asia/Kolkata');
  });

  it('UTC without summer time is UTC (no TZID)', () => {
    expect(zoneOfTimeZone(UTC_TIME_ZONE, MAY_2024).tzid).toBeNull();
    expect(zoneOfTimeZone({ ...UTC_TIME_ZONE, standardName: 'GMT Standard Time' }, MAY_2024).tzid).toBeNull();
  });

  it('rules no zone has become a VTIMEZONE of the blob’s own, named by it', () => {
    // +01:00, summer time +03:00 from the second Friday of May to the first Monday of September.
    const tz: TimeZoneInfo = {
      bias: -60, standardName: 'Nowhere Standard Time', standardDate: rule(9, 1, 1, 4), standardBias: 0,
      daylightName: 'Nowhere Daylight Time', daylightDate: rule(5, 5, 2, 1), daylightBias: -120,
    };
    const zone = zoneOfTimeZone(tz, MAY_2024);
    expect(zone.tzid).toBe('Nowhere Standard Time');
    expect(zone.vtimezone).toBe(vtimezoneOfTimeZone(tz, 'Nowhere Standard Time'));
    expect(zone.vtimezone).toContain('RRULE:FREQ=YEARLY;BYMONTH=5;BYDAY=2FR');
    expect(encodeTimeZone(timeZoneOf(vtimezoneOffsets(zone.vtimezone!)!, MAY_2024, { standard: tz.standardName, daylight: tz.daylightName }))).toBe(encodeTimeZone(tz));
    const unnamed = zoneOfTimeZone({ ...tz, standardName: '', daylightName: '' }, MAY_2024);
    expect(unnamed.tzid).toBe('UTC+01:00');
  });

  it.each([
    ['not base64', '###'],
    ['too short', Buffer.alloc(100).toString('base64')],
    ['a month 13', (() => { const b = Buffer.from(encodeTimeZone(blobOf('Europe/Berlin')), 'base64'); b.writeUInt16LE(13, 70); return b.toString('base64'); })()],
    ['a bias of two days', (() => { const b = Buffer.alloc(172); b.writeInt32LE(2880, 0); return b.toString('base64'); })()],
    ['huge', 'A'.repeat(100_000)],
  ])('a blob that is %s is none', (_, text) => {
    expect(decodeTimeZone(text)).toBeNull();
  });

  it('one transition without the other is no summer time', () => {
    const b = Buffer.from(encodeTimeZone(blobOf('Europe/Berlin')), 'base64');
    b.writeUInt16LE(0, 154); // DaylightDate.wMonth
    expect(decodeTimeZone(b.toString('base64'))).toMatchObject({ bias: -60, standardDate: NONE, daylightDate: NONE });
  });
});
