/**
 * What real phones do with our calendar data, found with TbSync's client: a Change that does not
 * say an attendee's answer (TbSync never sends AttendeeStatus in one) keeps it; the time zone blob
 * names the zone by its IANA name, not by an abbreviation a phone resolves to another zone.
 */
import { describe, expect, it } from 'vitest';
import { decodeTimeZone, eventFromAirSync, eventToAirSync, type AirSyncProperty } from '../../src/index.js';

const BERLIN = [
  'BEGIN:VTIMEZONE', 'TZID:Europe/Berlin',
  'BEGIN:DAYLIGHT', 'TZOFFSETFROM:+0100', 'TZOFFSETTO:+0200', 'TZNAME:CEST', 'DTSTART:19700329T020000', 'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU', 'END:DAYLIGHT',
  'BEGIN:STANDARD', 'TZOFFSETFROM:+0200', 'TZOFFSETTO:+0100', 'TZNAME:CET', 'DTSTART:19701025T030000', 'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU', 'END:STANDARD',
  'END:VTIMEZONE',
];
const MEETING = [
  'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...BERLIN,
  'BEGIN:VEVENT', 'UID:meeting-7@example.org', 'DTSTAMP:20260101T000000Z', 'DTSTART;TZID=Europe/Berlin:20261201T090000', 'DTEND;TZID=Europe/Berlin:20261201T100000',
  'SUMMARY:Planning', 'ORGANIZER;CN=Ada:mailto:ada@example.org',
  'ATTENDEE;CN=Bob Builder;ROLE=OPT-PARTICIPANT;PARTSTAT=ACCEPTED:mailto:bob@example.org',
  'END:VEVENT', 'END:VCALENDAR', '',
].join('\r\n');

/** The properties with every Attendee's status and type left out, as TbSync sends a Change. */
function withoutAnswers(properties: AirSyncProperty[]): AirSyncProperty[] {
  return properties.map((p) =>
    p.name !== 'Calendar:Attendees'
      ? p
      : { ...p, children: p.children?.map((a) => ({ ...a, children: a.children?.filter((f) => f.name !== 'Calendar:AttendeeStatus' && f.name !== 'Calendar:AttendeeType') })) },
  );
}

describe('calendar data as phones handle it', () => {
  it('keeps an attendee\'s answer and role when a Change does not say them', () => {
    const sent = withoutAnswers(eventToAirSync(MEETING, { version: '14.0' }));
    const merged = eventFromAirSync(sent, { version: '14.0', previous: MEETING });
    expect(merged).toMatch(/ATTENDEE;[^\r\n]*PARTSTAT=ACCEPTED/);
    expect(merged).toMatch(/ATTENDEE;[^\r\n]*ROLE=OPT-PARTICIPANT/);
  });

  it('names the time zone by its IANA name in the blob', () => {
    const blob = eventToAirSync(MEETING, { version: '14.0' }).find((p) => p.name === 'Calendar:Timezone')!.text!;
    const zone = decodeTimeZone(blob);
    expect(zone?.standardName).toBe('Europe/Berlin');
    expect(zone?.daylightName).toBe('Europe/Berlin');
  });
});
