/**
 * iCalendar 2.0 for CalDAV clients: a phone's vCalendar 1.0 upgraded (the same item to the engine,
 * read by ical.js), and an iCalendar 2.0 body's bare IANA TZIDs given the VTIMEZONE each lacks,
 * every other byte kept.
 */
import { describeItem, renderForPhone, upgradeVCalendar, withTimezones, type ItemDataclass } from '@atomsync/items';
import { TWIN_PAIRS } from '@atomsync/items/fixtures';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';

const crlf = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;

/** Every instant ical.js reads for DTSTART/DTEND/DUE in the body's first VEVENT/VTODO. */
function instants(body: string): Record<string, number> {
  const calendar = new ICAL.Component(ICAL.parse(body));
  const item = calendar.getFirstSubcomponent('vevent') ?? calendar.getFirstSubcomponent('vtodo');
  const out: Record<string, number> = {};
  for (const name of ['dtstart', 'dtend', 'due']) {
    const prop = item?.getFirstProperty(name);
    if (prop) out[name] = (prop.getFirstValue() as ICAL.Time).toUnixTime();
  }
  return out;
}

const nokiaEvent = crlf(
  'BEGIN:VCALENDAR', 'VERSION:1.0', 'TZ:+01', 'DAYLIGHT:TRUE;+02;20250330T010000Z;20251026T010000Z;;',
  'BEGIN:VEVENT', 'UID:nokia-1', 'SUMMARY;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Caf=C3=A9 mit Jo',
  'DTSTART:20250612T090000', 'DTEND:20250612T100000', 'RRULE:D1 #5', 'AALARM:20250612T085000;;;', 'END:VEVENT', 'END:VCALENDAR',
);

describe('upgradeVCalendar: vCalendar 1.0 to iCalendar 2.0', () => {
  it('writes 2.0 forms: local times through TZ/DAYLIGHT in UTC, the basic rule as an RRULE, the alarm as a VALARM, text decoded', () => {
    const out = upgradeVCalendar(nokiaEvent)!;
    expect(out).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2\.0\r\n/);
    expect(out).not.toMatch(/^(TZ|DAYLIGHT|AALARM):/m);
    expect(out).toContain('\r\nDTSTART:20250612T070000Z\r\n');
    expect(out).toContain('\r\nRRULE:FREQ=DAILY;COUNT=5\r\n');
    expect(out).toContain('\r\nSUMMARY:Café mit Jo\r\n');
    expect(out).toMatch(/BEGIN:VALARM\r\nACTION:AUDIO\r\nTRIGGER;VALUE=DATE-TIME:20250612T065000Z\r\nEND:VALARM/);
    expect(instants(out)).toEqual({ dtstart: Date.UTC(2025, 5, 12, 7) / 1000, dtend: Date.UTC(2025, 5, 12, 8) / 1000 });
  });

  /**
   * The canonical form reads 1.0 alarms and rules with a reader of its own (issue 23), so an item
   * with an AALARM/DALARM or RRULE keeps its duplicate key only; the others keep their fingerprint.
   */
  const legacyTwins = TWIN_PAIRS.filter((p) => /^VERSION:1\.0/m.test(p.a) && p.dataclass !== 'Notes');
  it.each(legacyTwins)('keeps the item to the engine: $name', ({ dataclass, a }) => {
    const item = (body: string) => ({ dataclass: dataclass as ItemDataclass, type: 'text/calendar', title: '', body });
    const out = upgradeVCalendar(a)!;
    expect(out).toMatch(/^VERSION:2\.0$/m);
    expect(() => ICAL.parse(out)).not.toThrow();
    const [before, after] = [describeItem(item(a)), describeItem(item(out))];
    expect(after.key).toBe(before.key);
    if (!/^(AALARM|DALARM|RRULE)/m.test(a)) expect(after.fingerprint).toBe(before.fingerprint);
  });

  it('answers null for what is no vCalendar 1.0', () => {
    expect(upgradeVCalendar(crlf('BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', 'UID:x', 'END:VEVENT', 'END:VCALENDAR'))).toBeNull();
    expect(upgradeVCalendar(crlf('BEGIN:VCARD', 'VERSION:2.1', 'N:Doe;Jo', 'END:VCARD'))).toBeNull();
    expect(upgradeVCalendar('garbage')).toBeNull();
  });

  it('is what an iCalendar-only phone gets of a 1.0 item (there was no converter)', () => {
    const out = renderForPhone({ dataclass: 'Events', type: 'text/x-vcalendar', title: '', body: nokiaEvent }, { type: 'text/calendar', version: '2.0', localTime: null, maxFieldLength: {} });
    expect(out).toEqual({ type: 'text/calendar', data: upgradeVCalendar(nokiaEvent) });
  });
});

describe('withTimezones: a VTIMEZONE for every bare IANA TZID', () => {
  const google = crlf(
    'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
    'BEGIN:VEVENT', 'UID:g-1', 'DTSTART;TZID=Europe/Berlin:20250115T090000', 'DTEND;TZID=America/New_York:20250715T100000',
    'SUMMARY:Zones', 'END:VEVENT', 'END:VCALENDAR',
  );

  it('adds one VTIMEZONE per missing TZID before the first component; ical.js reads the same instants as the IANA zones give', () => {
    const out = withTimezones(google);
    const zones = [...out.matchAll(/BEGIN:VTIMEZONE\r\nTZID:([^\r]+)/g)].map((m) => m[1]);
    expect(zones.sort()).toEqual(['America/New_York', 'Europe/Berlin']);
    expect(out.startsWith(crlf('BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Google Inc//Google Calendar 70.9054//EN', 'BEGIN:VTIMEZONE'))).toBe(true);
    // Everything else byte for byte.
    expect(out.replace(/BEGIN:VTIMEZONE\r\n[\s\S]*?END:VTIMEZONE\r\n/g, '')).toBe(google);
    expect(instants(out)).toEqual({ dtstart: Date.UTC(2025, 0, 15, 8) / 1000, dtend: Date.UTC(2025, 6, 15, 14) / 1000 });
  });

  it('leaves a body alone that has its VTIMEZONEs, names no zone, or names none we know', () => {
    const twin = TWIN_PAIRS.find((p) => p.name.startsWith('event: TZID with VTIMEZONE'))!;
    expect(withTimezones(twin.a)).toBe(twin.a);
    const utc = crlf('BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', 'UID:u', 'DTSTART:20250101T100000Z', 'END:VEVENT', 'END:VCALENDAR');
    expect(withTimezones(utc)).toBe(utc);
    const unknown = utc.replace('DTSTART:20250101T100000Z', 'DTSTART;TZID=Not a zone:20250101T100000');
    expect(withTimezones(unknown)).toBe(unknown);
  });

  it('keeps LF line ends and adds only the missing one of two', () => {
    const withBerlin = withTimezones(google);
    const berlinOnly = withBerlin.replace(/BEGIN:VTIMEZONE\r\nTZID:America\/New_York[\s\S]*?END:VTIMEZONE\r\n/, '');
    expect(withTimezones(berlinOnly)).toBe(withBerlin.replace(/(BEGIN:VTIMEZONE\r\nTZID:Europe\/Berlin[\s\S]*?END:VTIMEZONE\r\n)(BEGIN:VTIMEZONE\r\nTZID:America\/New_York[\s\S]*?END:VTIMEZONE\r\n)/, '$2$1'));
    const lf = google.replace(/\r\n/g, '\n');
    const out = withTimezones(lf);
    expect(out).not.toContain('\r');
    expect(out).toContain('BEGIN:VTIMEZONE\nTZID:Europe/Berlin\n');
  });
});
