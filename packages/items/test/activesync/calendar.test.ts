/**
 * The event mapping rule by rule (MS-ASCAL, MS-ASCMD ghosting): element names of
 * spec/activesync/code-pages.json in MS-ASCAL's order, times and zones, recurrence rules,
 * exceptions, reminders, attendees, bodies by version, and what the phone does not send.
 */
import { describe, expect, it } from 'vitest';
import {
  AIRSYNC_VERSIONS,
  EVENT_ELEMENTS,
  decodeTimeZone,
  describeItem,
  encodeTimeZone,
  eventFromAirSync,
  eventToAirSync,
  type AirSyncProperty,
  type AirSyncVersion,
} from '@atomsync/items';
import { ianaOffsets, timeZoneOf, UTC_TIME_ZONE } from '../../src/activesync/timezone.js';
import { BERLIN, TAGS, componentLines, container, countOf, namesIn, replaced, vcalendar, vevent, without } from './calendar-support.js';
import { crlf, elementOf, valueOf } from './support.js';

const v14 = { version: '14.0' } as const;
const event = (body: string) => ({ dataclass: 'Events', type: 'text/calendar', title: '', body }) as const;
const fingerprint = (body: string) => describeItem(event(body)).fingerprint;
const berlinBlob = (names = { standard: 'Europe/Berlin', daylight: 'Europe/Berlin' }, at = Date.UTC(2025, 1, 1)) =>
  encodeTimeZone(timeZoneOf(ianaOffsets('Europe/Berlin')!, at, names));

/** A Change the phone sends back: what we sent, with elements replaced (or removed: null). */
function change(ical: string, version: AirSyncVersion, edits: Readonly<Record<string, string | AirSyncProperty | null>> = {}): AirSyncProperty[] {
  let out = eventToAirSync(ical, { version });
  for (const [name, edit] of Object.entries(edits)) {
    out = edit === null ? out.filter((p) => p.name !== name) : replaced(out, typeof edit === 'string' ? { name, text: edit } : edit);
  }
  return out;
}

/** The VEVENT lines of the text (the first, or the index-th). */
const eventLines = (text: string, index = 0) => componentLines(text, 'VEVENT', index);

/** The meeting of the SyncEvolution capture, in Berlin, weekly on Mondays and Wednesdays, one deleted and one moved occurrence. */
const series = vevent(
  [
    'UID:series-1@example.com',
    'DTSTAMP:20250101T000000Z',
    'SUMMARY:Team meeting',
    'LOCATION:Room 1',
    'DTSTART;TZID=Europe/Berlin:20250203T090000',
    'DTEND;TZID=Europe/Berlin:20250203T100000',
    'RRULE:FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20250331T080000Z',
    'EXDATE;TZID=Europe/Berlin:20250205T090000',
    'X-CUSTOM:kept',
  ],
  [
    'BEGIN:VEVENT',
    'UID:series-1@example.com',
    'RECURRENCE-ID;TZID=Europe/Berlin:20250210T090000',
    'DTSTAMP:20250101T000000Z',
    'SUMMARY:Team meeting (moved)',
    'LOCATION:Room 1',
    'DTSTART;TZID=Europe/Berlin:20250210T110000',
    'DTEND;TZID=Europe/Berlin:20250210T120000',
    'END:VEVENT',
  ],
  BERLIN,
);

/** An event with every element, for the table tests. */
const everything = vevent(
  [
    'UID:all@example.com',
    'DTSTAMP:20250101T000000Z',
    'SUMMARY:Everything',
    'LOCATION:Room 1',
    'DESCRIPTION:Line one\\nLine two',
    'DTSTART;TZID=Europe/Berlin:20250203T090000',
    'DTEND;TZID=Europe/Berlin:20250203T100000',
    'CLASS:PRIVATE',
    'TRANSP:OPAQUE',
    'X-MICROSOFT-CDO-BUSYSTATUS:OOF',
    'X-MICROSOFT-DISALLOW-COUNTER:TRUE',
    'CATEGORIES:Work,Team',
    'ORGANIZER;CN=Anna:mailto:anna@example.com',
    'ATTENDEE;CN=Ben;PARTSTAT=ACCEPTED:mailto:ben@example.com',
    'RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=10;WKST=SU',
    'EXDATE;TZID=Europe/Berlin:20250210T090000',
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    'DESCRIPTION:Everything',
    'TRIGGER:-PT15M',
    'END:VALARM',
  ],
  [
    'BEGIN:VEVENT',
    'UID:all@example.com',
    'RECURRENCE-ID;TZID=Europe/Berlin:20250217T090000',
    'SUMMARY:Moved',
    'DTSTART;TZID=Europe/Berlin:20250217T100000',
    'DTEND;TZID=Europe/Berlin:20250217T110000',
    'END:VEVENT',
  ],
  BERLIN,
);

describe('the table', () => {
  it('names only elements of spec/activesync/code-pages.json, for the versions that have them', () => {
    for (const version of AIRSYNC_VERSIONS) {
      const sent = eventToAirSync(everything, { version, bodyPreference: { type: 1, truncationSize: 5 }, bodyTruncation: 5 });
      for (const name of namesIn(sent)) expect(TAGS.get(name), `${name} in ${version}`).toContain(version);
    }
    for (const element of EVENT_ELEMENTS) expect(TAGS.has(element.name), element.name).toBe(true);
  });

  it('sends the elements in the order of MS-ASCAL §2.2.2', () => {
    const order = EVENT_ELEMENTS.map((e) => e.name);
    for (const version of AIRSYNC_VERSIONS) {
      const sent = eventToAirSync(everything, { version }).map((p) => order.indexOf(p.name === 'Calendar:BodyTruncated' ? 'Calendar:Body' : p.name));
      expect(sent).toEqual([...sent].sort((a, b) => a - b));
    }
  });

  it('carries every element of a full event (14.1, 16.0)', () => {
    const names = (version: AirSyncVersion) => eventToAirSync(everything, { version }).map((p) => p.name);
    expect(names('14.1')).toEqual(EVENT_ELEMENTS.filter((e) => !['Calendar:Body', 'AirSyncBase:Location'].includes(e.name)).map((e) => e.name));
    expect(names('16.0')).toContain('AirSyncBase:Location');
    expect(names('16.0')).not.toContain('Calendar:Location');
    expect(valueOf(eventToAirSync(everything, { version: '16.0' }), 'AirSyncBase:Location')).toBe('Room 1');
  });

  it.each([
    ['Calendar:Subject', 'Everything'],
    ['Calendar:Location', 'Room 1'],
    ['Calendar:Sensitivity', '2'],
    ['Calendar:BusyStatus', '3'],
    ['Calendar:DisallowNewTimeProposal', '1'],
    ['Calendar:Categories', 'Work|Team'],
    ['Calendar:OrganizerName', 'Anna'],
    ['Calendar:OrganizerEmail', 'anna@example.com'],
    ['Calendar:UID', 'all@example.com'],
    ['Calendar:DtStamp', '20250101T000000Z'],
    ['Calendar:Reminder', '15'],
    ['Calendar:MeetingStatus', '1'],
    ['Calendar:AllDayEvent', '0'],
    ['Calendar:StartTime', '20250203T080000Z'],
    ['Calendar:EndTime', '20250203T090000Z'],
  ])('%s is %s', (name, value) => {
    expect(valueOf(eventToAirSync(everything, { version: '14.1' }), name)).toBe(value);
  });
});

describe('times and zones', () => {
  it('sends a zoned event’s blob for its year, named by the IANA zone where the VTIMEZONE has only abbreviations (CET: a phone may read it as another zone)', () => {
    const sent = eventToAirSync(everything, v14);
    const tz = decodeTimeZone(valueOf(sent, 'Calendar:Timezone')!)!;
    expect(tz).toMatchObject({ bias: -60, standardName: 'Europe/Berlin', daylightName: 'Europe/Berlin', standardDate: { month: 10, day: 5, hour: 3 }, daylightDate: { month: 3, day: 5, hour: 2 } });
  });

  it.each([
    ['UTC', ['DTSTART:20250203T080000Z', 'DTEND:20250203T090000Z'], '0', '20250203T080000Z', '20250203T090000Z', 0],
    ['a bare IANA TZID (Google)', ['DTSTART;TZID=America/New_York:20250203T090000', 'DURATION:PT90M'], '0', '20250203T140000Z', '20250203T153000Z', 300],
    ['a floating time, as its wall time', ['DTSTART:20250203T090000', 'DTEND:20250203T100000'], '0', '20250203T090000Z', '20250203T100000Z', 0],
    ['an all-day event, midnight to midnight UTC', ['DTSTART;VALUE=DATE:20251223', 'DTEND;VALUE=DATE:20251225'], '1', '20251223T000000Z', '20251225T000000Z', 0],
    ['an all-day event without DTEND: one day', ['DTSTART;VALUE=DATE:20251223'], '1', '20251223T000000Z', '20251224T000000Z', 0],
  ])('%s', (_, lines, allDay, start, end, bias) => {
    const sent = eventToAirSync(vevent(['UID:x', 'SUMMARY:x', ...lines]), v14);
    expect([valueOf(sent, 'Calendar:AllDayEvent'), valueOf(sent, 'Calendar:StartTime'), valueOf(sent, 'Calendar:EndTime')]).toEqual([allDay, start, end]);
    expect(decodeTimeZone(valueOf(sent, 'Calendar:Timezone')!)!.bias).toBe(bias);
  });

  it('reads a phone’s all-day event as the days it starts in the phone’s zone', () => {
    // Berlin's midnight of 23 and 25 December is 22:00 UTC the day before.
    const ical = eventFromAirSync(
      [
        { name: 'Calendar:Timezone', text: berlinBlob(undefined, Date.UTC(2025, 11, 1)) },
        { name: 'Calendar:AllDayEvent', text: '1' },
        { name: 'Calendar:StartTime', text: '20251222T230000Z' },
        { name: 'Calendar:EndTime', text: '20251224T230000Z' },
        { name: 'Calendar:Subject', text: 'Holidays' },
        { name: 'Calendar:UID', text: 'h@example.com' },
      ],
      v14,
    );
    expect(eventLines(ical)).toEqual(expect.arrayContaining(['DTSTART;VALUE=DATE:20251223', 'DTEND;VALUE=DATE:20251225']));
    expect(countOf(ical, 'VTIMEZONE')).toBe(0);
    expect(valueOf(eventToAirSync(ical, v14), 'Calendar:StartTime')).toBe('20251223T000000Z');
  });

  it('writes a phone’s Windows zone as the IANA zone with its rules, with a VTIMEZONE', () => {
    const blob = encodeTimeZone(timeZoneOf(ianaOffsets('America/New_York')!, Date.UTC(2025, 6, 1), { standard: 'Eastern Standard Time', daylight: 'Eastern Daylight Time' }));
    const ical = eventFromAirSync(
      [
        { name: 'Calendar:Timezone', text: blob },
        { name: 'Calendar:StartTime', text: '20250701T130000Z' },
        { name: 'Calendar:EndTime', text: '20250701T140000Z' },
        { name: 'Calendar:Subject', text: 'Call' },
        { name: 'Calendar:UID', text: 'call@example.com' },
      ],
      v14,
    );
    expect(eventLines(ical)).toEqual(expect.arrayContaining(['DTSTART;TZID=America/New_York:20250701T090000', 'DTEND;TZID=America/New_York:20250701T100000']));
    expect(componentLines(ical, 'VTIMEZONE')).toEqual(expect.arrayContaining(['TZID:America/New_York', 'TZNAME:Eastern Standard Time', 'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU']));
    // What we send back is the phone's own blob.
    expect(valueOf(eventToAirSync(ical, v14), 'Calendar:Timezone')).toBe(blob);
  });

  it('keeps the event’s zone and VTIMEZONE when the phone moves it and sends back our blob', () => {
    const moved = change(series, '14.0', { 'Calendar:StartTime': '20250203T090000Z', 'Calendar:EndTime': '20250203T103000Z' });
    const ical = eventFromAirSync(moved, { version: '14.0', previous: series });
    expect(eventLines(ical)).toEqual(expect.arrayContaining(['DTSTART;TZID=Europe/Berlin:20250203T100000', 'DTEND;TZID=Europe/Berlin:20250203T113000']));
    expect(componentLines(ical, 'VTIMEZONE')).toEqual(BERLIN.slice(1, -1));
  });

  it('moves the event to the zone the phone sends, dropping the VTIMEZONE nothing names any more', () => {
    const single = vevent(['UID:s', 'SUMMARY:s', 'DTSTART;TZID=Europe/Berlin:20250203T090000', 'DTEND;TZID=Europe/Berlin:20250203T100000'], [], BERLIN);
    const sydney = encodeTimeZone(timeZoneOf(ianaOffsets('Australia/Sydney')!, Date.UTC(2025, 1, 3), { standard: 'AUS Eastern Standard Time', daylight: 'AUS Eastern Daylight Time' }));
    const ical = eventFromAirSync(change(single, '14.0', { 'Calendar:Timezone': sydney }), { version: '14.0', previous: single });
    expect(eventLines(ical)).toEqual(expect.arrayContaining(['DTSTART;TZID=Australia/Sydney:20250203T190000', 'DTEND;TZID=Australia/Sydney:20250203T200000']));
    expect(componentLines(ical, 'VTIMEZONE')).toContain('TZID:Australia/Sydney');
    expect(countOf(ical, 'VTIMEZONE')).toBe(1);
    expect(fingerprint(ical)).toBe(fingerprint(single));
  });

  it('writes UTC for a phone in UTC, and keeps DURATION while it still holds', () => {
    const ical = eventFromAirSync(
      [{ name: 'Calendar:Timezone', text: encodeTimeZone(UTC_TIME_ZONE) }, { name: 'Calendar:StartTime', text: '20250203T080000Z' }, { name: 'Calendar:EndTime', text: '20250203T090000Z' }],
      v14,
    );
    expect(eventLines(ical)).toEqual(expect.arrayContaining(['DTSTART:20250203T080000Z', 'DTEND:20250203T090000Z']));
    const withDuration = vevent(['UID:d', 'DTSTART:20250203T080000Z', 'DURATION:PT1H']);
    const moved = eventFromAirSync(change(withDuration, '14.0', { 'Calendar:StartTime': '20250204T080000Z', 'Calendar:EndTime': '20250204T090000Z' }), { version: '14.0', previous: withDuration });
    expect(eventLines(moved)).toEqual(['UID:d', 'DTSTART:20250204T080000Z', 'DURATION:PT1H']);
  });

  it('changes nothing for times it cannot read, and sends none for a zone it cannot resolve', () => {
    const ical = eventFromAirSync(change(series, '14.0', { 'Calendar:StartTime': 'soon', 'Calendar:Timezone': '###' }), { version: '14.0', previous: series });
    expect(ical).toBe(eventFromAirSync(change(series, '14.0'), { version: '14.0', previous: series }));
    expect(eventLines(ical)).toContain('DTSTART;TZID=Europe/Berlin:20250203T090000');
    const unknown = vevent(['UID:u', 'SUMMARY:u', 'DTSTART;TZID=Nowhere/Land:20250203T090000']);
    const sent = eventToAirSync(unknown, v14);
    expect(sent.map((p) => p.name)).not.toContain('Calendar:StartTime');
    expect(eventFromAirSync([...sent, { name: 'Calendar:StartTime', text: '20250301T000000Z' }], { version: '14.0', previous: unknown })).toContain('DTSTART;TZID=Nowhere/Land:20250203T090000');
  });
});

describe('a weekly series with an exception and a deleted occurrence', () => {
  const sent = eventToAirSync(series, v14);

  it('sends the rule as Recurrence and the EXDATE and the override as Exceptions (the override’s changed fields only)', () => {
    expect(elementOf(sent, 'Calendar:Recurrence')).toEqual(
      container('Calendar:Recurrence', { 'Calendar:Type': '1', 'Calendar:Interval': '1', 'Calendar:DayOfWeek': '10', 'Calendar:Until': '20250331T080000Z' }),
    );
    expect(elementOf(sent, 'Calendar:Exceptions').children).toEqual([
      container('Calendar:Exception', { 'Calendar:Deleted': '1', 'Calendar:ExceptionStartTime': '20250205T080000Z' }),
      container('Calendar:Exception', {
        'Calendar:ExceptionStartTime': '20250210T080000Z',
        'Calendar:EndTime': '20250210T110000Z',
        'Calendar:Subject': 'Team meeting (moved)',
        'Calendar:StartTime': '20250210T100000Z',
      }),
    ]);
  });

  it('sends the original start as InstanceId from 16.0', () => {
    const exceptions = elementOf(eventToAirSync(series, { version: '16.0' }), 'Calendar:Exceptions').children!;
    expect(namesIn(exceptions)).not.toContain('Calendar:ExceptionStartTime');
    expect(valueOf(exceptions[0]!.children!, 'AirSyncBase:InstanceId')).toBe('2025-02-05T08:00:00.000Z');
  });

  it('leaves the calendar as written when the phone sends it back unchanged, with or without a Supported list', () => {
    for (const supported of [undefined, EVENT_ELEMENTS.map((e) => e.name), []]) {
      expect(eventFromAirSync(sent, { version: '14.0', previous: series, supported })).toBe(eventFromAirSync(eventToAirSync(series, v14), { version: '14.0', previous: series }));
      const back = eventFromAirSync(sent, { version: '14.0', previous: series, supported });
      expect(eventLines(back)).toEqual(eventLines(series));
      expect(eventLines(back, 1)).toEqual(eventLines(series, 1));
    }
  });

  it('a further deleted occurrence joins the EXDATE', () => {
    const exceptions = elementOf(sent, 'Calendar:Exceptions');
    const more = { ...exceptions, children: [...exceptions.children!, container('Calendar:Exception', { 'Calendar:Deleted': '1', 'Calendar:ExceptionStartTime': '20250217T080000Z' })] };
    const back = eventFromAirSync(replaced(sent, more), { version: '14.0', previous: series });
    expect(eventLines(back)).toContain('EXDATE;TZID=Europe/Berlin:20250205T090000,20250217T090000');
    expect(eventLines(back, 1)).toEqual(eventLines(series, 1));
  });

  it('a changed override changes only what the phone changed; a new one is made from the series; a dropped one goes', () => {
    const [deleted, moved] = elementOf(sent, 'Calendar:Exceptions').children!;
    const renamed = { ...moved!, children: replaced(moved!.children!, { name: 'Calendar:Subject', text: 'Renamed' }) };
    const added = container('Calendar:Exception', {
      'Calendar:ExceptionStartTime': '20250303T080000Z',
      'Calendar:EndTime': '20250303T100000Z',
      'Calendar:Location': 'Room 2',
      'Calendar:StartTime': '20250303T080000Z',
    });
    const back = eventFromAirSync(replaced(sent, { name: 'Calendar:Exceptions', children: [deleted!, renamed, added] }), { version: '14.0', previous: series });
    expect(eventLines(back, 1)).toEqual(eventLines(series, 1).map((l) => (l.startsWith('SUMMARY') ? 'SUMMARY:Renamed' : l)));
    expect(eventLines(back, 2)).toEqual([
      'UID:series-1@example.com',
      'RECURRENCE-ID;TZID=Europe/Berlin:20250303T090000',
      'DTSTAMP:20250101T000000Z',
      'SUMMARY:Team meeting',
      'LOCATION:Room 2',
      'DTSTART;TZID=Europe/Berlin:20250303T090000',
      'DTEND;TZID=Europe/Berlin:20250303T110000',
    ]);
    const dropped = eventFromAirSync(replaced(sent, { name: 'Calendar:Exceptions', children: [deleted!] }), { version: '14.0', previous: series });
    expect(countOf(dropped, 'VEVENT')).toBe(1);
    expect(eventLines(dropped)).toContain('EXDATE;TZID=Europe/Berlin:20250205T090000');
    // Left out while the phone carries it: no exceptions any more.
    const none = eventFromAirSync(without(sent, 'Calendar:Exceptions'), { version: '14.0', previous: series });
    expect(countOf(none, 'VEVENT')).toBe(1);
    expect(eventLines(none).some((l) => l.startsWith('EXDATE'))).toBe(false);
    // Ghosted: kept.
    const ghosted = eventFromAirSync(without(sent, 'Calendar:Exceptions'), { version: '14.0', previous: series, supported: ['Calendar:Subject'] });
    expect(countOf(ghosted, 'VEVENT')).toBe(2);
  });

  it('a phone’s new series becomes one VCALENDAR with the series, its EXDATE and its override', () => {
    const ical = eventFromAirSync(sent, v14);
    expect(countOf(ical, 'VEVENT')).toBe(2);
    expect(eventLines(ical)).toEqual(expect.arrayContaining(['RRULE:FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20250331T080000Z', 'EXDATE;TZID=Europe/Berlin:20250205T090000']));
    expect(eventLines(ical, 1)).toEqual(expect.arrayContaining(['RECURRENCE-ID;TZID=Europe/Berlin:20250210T090000', 'SUMMARY:Team meeting (moved)', 'DTSTART;TZID=Europe/Berlin:20250210T110000']));
    expect(eventToAirSync(ical, v14)).toEqual(sent);
  });
});

describe('recurrence rules', () => {
  // Monday 3 February 2025, 09:00 in Berlin.
  const rule = (rrule: string, version: AirSyncVersion = '14.1') =>
    eventToAirSync(vevent(['UID:r', 'DTSTART;TZID=Europe/Berlin:20250203T090000', `RRULE:${rrule}`], [], BERLIN), { version }).find((p) => p.name === 'Calendar:Recurrence');
  const fields = (p: AirSyncProperty | undefined) => (p ? Object.fromEntries(p.children!.map((c) => [c.name.slice(9), c.text])) : undefined);

  it.each<[string, Record<string, string>]>([
    ['FREQ=DAILY;INTERVAL=2;COUNT=10', { Type: '0', Occurrences: '10', Interval: '2' }],
    ['FREQ=WEEKLY;BYDAY=MO,WE,FR', { Type: '1', Interval: '1', DayOfWeek: '42' }],
    ['FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR', { Type: '1', Interval: '1', DayOfWeek: '62' }],
    ['FREQ=WEEKLY', { Type: '1', Interval: '1', DayOfWeek: '2' }],
    ['FREQ=WEEKLY;WKST=SU;BYDAY=SU,SA', { Type: '1', Interval: '1', DayOfWeek: '65', FirstDayOfWeek: '0' }],
    ['FREQ=MONTHLY;BYMONTHDAY=15', { Type: '2', Interval: '1', DayOfMonth: '15', CalendarType: '0' }],
    ['FREQ=MONTHLY', { Type: '2', Interval: '1', DayOfMonth: '3', CalendarType: '0' }],
    ['FREQ=MONTHLY;BYDAY=2TU;UNTIL=20251231T230000Z', { Type: '3', Interval: '1', WeekOfMonth: '2', DayOfWeek: '4', Until: '20251231T230000Z', CalendarType: '0' }],
    ['FREQ=MONTHLY;BYDAY=-1FR', { Type: '3', Interval: '1', WeekOfMonth: '5', DayOfWeek: '32', CalendarType: '0' }],
    ['FREQ=MONTHLY;BYMONTHDAY=-1', { Type: '3', Interval: '1', WeekOfMonth: '5', DayOfWeek: '127', CalendarType: '0' }],
    ['FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1', { Type: '3', Interval: '1', WeekOfMonth: '1', DayOfWeek: '62', CalendarType: '0' }],
    ['FREQ=YEARLY', { Type: '5', Interval: '1', MonthOfYear: '2', DayOfMonth: '3', CalendarType: '0' }],
    ['FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU', { Type: '6', Interval: '1', WeekOfMonth: '5', DayOfWeek: '1', MonthOfYear: '3', CalendarType: '0' }],
  ])('%s', (rrule, expected) => {
    expect(fields(rule(rrule))).toEqual(expected);
  });

  it('sends FirstDayOfWeek from 14.1 and CalendarType from 14.0 only', () => {
    expect(fields(rule('FREQ=WEEKLY;WKST=SU', '14.0'))).toEqual({ Type: '1', Interval: '1', DayOfWeek: '2' });
    expect(fields(rule('FREQ=MONTHLY', '12.1'))).toEqual({ Type: '2', Interval: '1', DayOfMonth: '3' });
  });

  it.each(['FREQ=HOURLY', 'FREQ=MONTHLY;BYDAY=5MO', 'FREQ=YEARLY;BYYEARDAY=100', 'FREQ=MONTHLY;BYMONTHDAY=1,15', 'FREQ=DAILY;INTERVAL=1000', 'FREQ=DAILY;BYHOUR=9,17', 'garbage'])(
    '%s has no ActiveSync form: not sent, and kept through a Change',
    (rrule) => {
      const ical = vevent(['UID:r', 'SUMMARY:r', 'DTSTART:20250203T080000Z', `RRULE:${rrule}`, 'EXDATE:20250204T080000Z']);
      const sent = eventToAirSync(ical, v14);
      expect(sent.map((p) => p.name)).not.toContain('Calendar:Recurrence');
      expect(sent.map((p) => p.name)).not.toContain('Calendar:Exceptions');
      const back = eventFromAirSync(replaced(sent, { name: 'Calendar:Subject', text: 'changed' }), { version: '14.0', previous: ical });
      expect(eventLines(back)).toEqual(eventLines(ical).map((l) => (l.startsWith('SUMMARY') ? 'SUMMARY:changed' : l)));
    },
  );

  it.each<[Record<string, string>, string]>([
    [{ 'Calendar:Type': '0', 'Calendar:Interval': '3', 'Calendar:Occurrences': '5' }, 'FREQ=DAILY;INTERVAL=3;COUNT=5'],
    [{ 'Calendar:Type': '0', 'Calendar:DayOfWeek': '62' }, 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR'],
    [{ 'Calendar:Type': '1', 'Calendar:Interval': '2', 'Calendar:DayOfWeek': '9', 'Calendar:Until': '20250630T080000Z' }, 'FREQ=WEEKLY;BYDAY=SU,WE;INTERVAL=2;UNTIL=20250630T080000Z'],
    [{ 'Calendar:Type': '1' }, 'FREQ=WEEKLY;BYDAY=MO'],
    [{ 'Calendar:Type': '2', 'Calendar:DayOfMonth': '31', 'Calendar:CalendarType': '1' }, 'FREQ=MONTHLY;BYMONTHDAY=31'],
    [{ 'Calendar:Type': '3', 'Calendar:WeekOfMonth': '5', 'Calendar:DayOfWeek': '127' }, 'FREQ=MONTHLY;BYDAY=SU,MO,TU,WE,TH,FR,SA;BYSETPOS=-1'],
    [{ 'Calendar:Type': '5', 'Calendar:MonthOfYear': '12', 'Calendar:DayOfMonth': '24' }, 'FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=24'],
    [{ 'Calendar:Type': '6', 'Calendar:MonthOfYear': '11', 'Calendar:WeekOfMonth': '4', 'Calendar:DayOfWeek': '16', 'Calendar:FirstDayOfWeek': '1' }, 'FREQ=YEARLY;BYMONTH=11;BYDAY=4TH;WKST=MO'],
  ])('the phone’s %j is %s', (children, rrule) => {
    const ical = eventFromAirSync(
      [{ name: 'Calendar:Timezone', text: berlinBlob() }, { name: 'Calendar:StartTime', text: '20250203T080000Z' }, { name: 'Calendar:EndTime', text: '20250203T090000Z' }, container('Calendar:Recurrence', children)],
      { version: '14.1' },
    );
    expect(eventLines(ical)).toContain(`RRULE:${rrule}`);
  });

  it('writes an all-day series’ Until as the day it falls on for the phone', () => {
    const ical = eventFromAirSync(
      [
        { name: 'Calendar:Timezone', text: berlinBlob() },
        { name: 'Calendar:AllDayEvent', text: '1' },
        { name: 'Calendar:StartTime', text: '20250202T230000Z' },
        { name: 'Calendar:EndTime', text: '20250203T230000Z' },
        container('Calendar:Recurrence', { 'Calendar:Type': '0', 'Calendar:Until': '20250209T230000Z' }),
      ],
      v14,
    );
    expect(eventLines(ical)).toEqual(expect.arrayContaining(['DTSTART;VALUE=DATE:20250203', 'RRULE:FREQ=DAILY;UNTIL=20250210']));
  });

  it('a rule the phone says in another calendar, or without its Type, changes nothing', () => {
    for (const bad of <Record<string, string>[]>[{ 'Calendar:Type': '2', 'Calendar:DayOfMonth': '1', 'Calendar:CalendarType': '6' }, { 'Calendar:Interval': '2' }, { 'Calendar:Type': '4' }]) {
      const back = eventFromAirSync(replaced(eventToAirSync(series, v14), container('Calendar:Recurrence', bad)), { version: '14.0', previous: series });
      expect(eventLines(back)).toEqual(eventLines(series));
    }
  });

  it('keeps WKST through a version without FirstDayOfWeek', () => {
    const ical = vevent(['UID:w', 'DTSTART:20250203T080000Z', 'RRULE:FREQ=WEEKLY;WKST=SU;BYDAY=MO']);
    const back = eventFromAirSync(
      replaced(eventToAirSync(ical, v14), container('Calendar:Recurrence', { 'Calendar:Type': '1', 'Calendar:Interval': '2', 'Calendar:DayOfWeek': '2' })),
      { version: '14.0', previous: ical },
    );
    expect(eventLines(back)).toContain('RRULE:FREQ=WEEKLY;BYDAY=MO;INTERVAL=2;WKST=SU');
  });
});

describe('reminders', () => {
  const alarm = (...lines: string[]) => ['BEGIN:VALARM', ...lines, 'END:VALARM'];
  const withAlarms = (...alarms: string[][]) => vevent(['UID:a', 'SUMMARY:Dentist', 'DTSTART:20250203T080000Z', 'DTEND:20250203T090000Z', ...alarms.flat()]);

  it.each<[string, string[][], string | undefined]>([
    ['a duration before the start', [alarm('ACTION:DISPLAY', 'TRIGGER:-PT15M', 'DESCRIPTION:x')], '15'],
    ['days', [alarm('ACTION:AUDIO', 'TRIGGER;RELATED=START:-P1D')], '1440'],
    ['at the start', [alarm('ACTION:DISPLAY', 'TRIGGER:PT0S', 'DESCRIPTION:x')], '0'],
    ['an absolute trigger', [alarm('ACTION:DISPLAY', 'TRIGGER;VALUE=DATE-TIME:20250203T073000Z', 'DESCRIPTION:x')], '30'],
    ['the first that rings before the start', [alarm('ACTION:EMAIL', 'TRIGGER:-PT5M'), alarm('ACTION:DISPLAY', 'TRIGGER;RELATED=END:-PT5M'), alarm('ACTION:DISPLAY', 'TRIGGER:-PT1H')], '60'],
    ['none that rings before the start', [alarm('ACTION:DISPLAY', 'TRIGGER:PT5M')], undefined],
  ])('%s', (_, alarms, minutes) => {
    expect(valueOf(eventToAirSync(withAlarms(...alarms), v14), 'Calendar:Reminder')).toBe(minutes);
  });

  it('a new reminder is a VALARM, a changed one moves its TRIGGER only, a dropped one goes; other alarms stay', () => {
    const none = withAlarms();
    const added = eventFromAirSync(change(none, '14.0', { 'Calendar:Reminder': '30' }), { version: '14.0', previous: none });
    expect(componentLines(added, 'VALARM')).toEqual(['ACTION:DISPLAY', 'DESCRIPTION:Dentist', 'TRIGGER:-PT30M']);

    const two = withAlarms(alarm('ACTION:DISPLAY', 'TRIGGER;VALUE=DURATION:-PT15M', 'DESCRIPTION:x', 'X-WR-ALARMUID:1'), alarm('ACTION:EMAIL', 'TRIGGER:-P1D', 'SUMMARY:s', 'DESCRIPTION:d', 'ATTENDEE:mailto:a@example.com'));
    const moved = eventFromAirSync(change(two, '14.0', { 'Calendar:Reminder': '120' }), { version: '14.0', previous: two });
    expect(componentLines(moved, 'VALARM')).toEqual(['ACTION:DISPLAY', 'TRIGGER:-PT2H', 'DESCRIPTION:x', 'X-WR-ALARMUID:1']);
    expect(componentLines(moved, 'VALARM', 1)).toEqual(componentLines(two, 'VALARM', 1));

    const dropped = eventFromAirSync(change(two, '14.0', { 'Calendar:Reminder': null }), { version: '14.0', previous: two });
    expect(countOf(dropped, 'VALARM')).toBe(1);
    expect(componentLines(dropped, 'VALARM')).toEqual(componentLines(two, 'VALARM', 1));

    for (const bad of ['soon', '-5', '99999999']) {
      expect(eventFromAirSync(change(two, '14.0', { 'Calendar:Reminder': bad }), { version: '14.0', previous: two })).toBe(eventFromAirSync(change(two, '14.0'), { version: '14.0', previous: two }));
    }
  });

  it('keeps alarms it cannot send whatever the phone says of Reminder', () => {
    const after = withAlarms(alarm('ACTION:DISPLAY', 'TRIGGER:PT5M', 'DESCRIPTION:x'));
    const back = eventFromAirSync(change(after, '14.0'), { version: '14.0', previous: after });
    expect(componentLines(back, 'VALARM')).toEqual(['ACTION:DISPLAY', 'TRIGGER:PT5M', 'DESCRIPTION:x']);
  });
});

describe('attendees, organizer, meeting status', () => {
  const meeting = vevent([
    'UID:m',
    'SUMMARY:Review',
    'DTSTART:20250203T080000Z',
    'ORGANIZER;CN="Anna Müller":mailto:anna@example.com',
    'ATTENDEE;CN=Ben;PARTSTAT=ACCEPTED;ROLE=REQ-PARTICIPANT:mailto:ben@example.com',
    'ATTENDEE;PARTSTAT=NEEDS-ACTION;RSVP=TRUE;ROLE=OPT-PARTICIPANT:mailto:Clara@Example.org',
    'ATTENDEE;CUTYPE=ROOM;PARTSTAT=TENTATIVE;CN=Room 4:mailto:room4@example.com',
    'ATTENDEE;CN=Group:urn:uuid:3c1e2a6b',
    'ATTENDEE;CN=Dora:mailto:dora@example.com',
  ]);
  const attendee = (email: string, name: string, status?: string, type?: string) =>
    container('Calendar:Attendee', {
      'Calendar:Email': email,
      'Calendar:Name': name,
      ...(status === undefined ? {} : { 'Calendar:AttendeeStatus': status }),
      ...(type === undefined ? {} : { 'Calendar:AttendeeType': type }),
    });

  it('sends each attendee with an address, status and type from 12.0', () => {
    expect(elementOf(eventToAirSync(meeting, v14), 'Calendar:Attendees').children).toEqual([
      attendee('ben@example.com', 'Ben', '3', '1'),
      attendee('Clara@Example.org', 'Clara@Example.org', '5', '2'),
      attendee('room4@example.com', 'Room 4', '2', '3'),
      attendee('dora@example.com', 'Dora', '0', '1'),
    ]);
    expect(elementOf(eventToAirSync(meeting, { version: '2.5' }), 'Calendar:Attendees').children![0]).toEqual(attendee('ben@example.com', 'Ben'));
    expect(valueOf(eventToAirSync(meeting, v14), 'Calendar:OrganizerName')).toBe('Anna Müller');
    expect(valueOf(eventToAirSync(meeting, v14), 'Calendar:MeetingStatus')).toBe('1');
  });

  it('changes only what the phone changed of an attendee; adds and drops by address; keeps what has no address', () => {
    const list = elementOf(eventToAirSync(meeting, v14), 'Calendar:Attendees').children!;
    const edited = [attendee('ben@example.com', 'Ben', '4', '1'), list[1]!, list[2]!, attendee('eve@example.com', 'Eve', '5', '2')];
    const back = eventFromAirSync(change(meeting, '14.0', { 'Calendar:Attendees': { name: 'Calendar:Attendees', children: edited } }), { version: '14.0', previous: meeting });
    expect(eventLines(back).filter((l) => l.startsWith('ATTENDEE'))).toEqual([
      'ATTENDEE;CN=Ben;PARTSTAT=DECLINED;ROLE=REQ-PARTICIPANT:mailto:ben@example.com',
      'ATTENDEE;PARTSTAT=NEEDS-ACTION;RSVP=TRUE;ROLE=OPT-PARTICIPANT:mailto:Clara@Example.org',
      'ATTENDEE;CUTYPE=ROOM;PARTSTAT=TENTATIVE;CN=Room 4:mailto:room4@example.com',
      'ATTENDEE;CN=Group:urn:uuid:3c1e2a6b',
      'ATTENDEE;CN=Eve;PARTSTAT=NEEDS-ACTION;ROLE=OPT-PARTICIPANT:mailto:eve@example.com',
    ]);
    // 2.5 carries no status: a name change keeps PARTSTAT and ROLE.
    const renamed = eventFromAirSync(
      change(meeting, '2.5', { 'Calendar:Attendees': { name: 'Calendar:Attendees', children: [attendee('ben@example.com', 'Benjamin'), ...elementOf(eventToAirSync(meeting, { version: '2.5' }), 'Calendar:Attendees').children!.slice(1)] } }),
      { version: '2.5', previous: meeting },
    );
    expect(eventLines(renamed)).toContain('ATTENDEE;CN=Benjamin;PARTSTAT=ACCEPTED;ROLE=REQ-PARTICIPANT:mailto:ben@example.com');
  });

  it.each<[string, string[]]>([
    ['3, a meeting received', ['X-ACTIVESYNC-MEETINGSTATUS:3']],
    ['5, a meeting cancelled', ['STATUS:CANCELLED']],
    ['7, a received meeting cancelled', ['STATUS:CANCELLED', 'X-ACTIVESYNC-MEETINGSTATUS:7']],
  ])('MeetingStatus %s', (status, added) => {
    const back = eventFromAirSync(change(meeting, '14.0', { 'Calendar:MeetingStatus': status.split(',')[0]! }), { version: '14.0', previous: meeting });
    expect(eventLines(back).filter((l) => !eventLines(meeting).includes(l))).toEqual(added);
    expect(valueOf(eventToAirSync(back, v14), 'Calendar:MeetingStatus')).toBe(status.split(',')[0]);
  });

  it('a name with a line break is one line (a parameter cannot hold one)', () => {
    const ical = eventFromAirSync(
      [{ name: 'Calendar:OrganizerName', text: 'Anna\r\nMüller' }, { name: 'Calendar:OrganizerEmail', text: 'anna@example.com' }, { name: 'Calendar:Attendees', children: [attendee('ben@example.com', 'Ben\nSchmidt', '3', '1')] }],
      v14,
    );
    expect(eventLines(ical)).toEqual(expect.arrayContaining(['ORGANIZER;CN=Anna Müller:mailto:anna@example.com', 'ATTENDEE;CN=Ben Schmidt;PARTSTAT=ACCEPTED:mailto:ben@example.com']));
  });

  it('the organizer’s name and address', () => {
    const back = eventFromAirSync(change(meeting, '14.0', { 'Calendar:OrganizerEmail': 'boss@example.com', 'Calendar:OrganizerName': 'Boss' }), { version: '14.0', previous: meeting });
    expect(eventLines(back)).toContain('ORGANIZER;CN=Boss:mailto:boss@example.com');
    const fresh = eventFromAirSync([{ name: 'Calendar:OrganizerName', text: 'Anna' }, { name: 'Calendar:OrganizerEmail', text: 'anna@example.com' }], v14);
    expect(eventLines(fresh)).toContain('ORGANIZER;CN=Anna:mailto:anna@example.com');
  });
});

describe('bodies by version', () => {
  const withBody = vevent(['UID:b', 'DTSTART:20250203T080000Z', 'DESCRIPTION:Agenda:\\n1. Status\\, blockers\\; 2. Next steps']);
  const text = 'Agenda:\n1. Status, blockers; 2. Next steps';

  it('2.5: Calendar:Body and BodyTruncated (Calendar has no BodySize)', () => {
    expect(eventToAirSync(withBody, { version: '2.5' }).filter((p) => p.name.includes('Body'))).toEqual([
      { name: 'Calendar:Body', text },
      { name: 'Calendar:BodyTruncated', text: '0' },
    ]);
    expect(eventToAirSync(withBody, { version: '2.5', bodyTruncation: 6 }).filter((p) => p.name.includes('Body'))).toEqual([
      { name: 'Calendar:Body', text: 'Agenda' },
      { name: 'Calendar:BodyTruncated', text: '1' },
    ]);
  });

  it('14.0: AirSyncBase:Body, plain or HTML, cut at TruncationSize', () => {
    expect(elementOf(eventToAirSync(withBody, v14), 'AirSyncBase:Body')).toEqual(
      container('AirSyncBase:Body', { 'AirSyncBase:Type': '1', 'AirSyncBase:EstimatedDataSize': String(Buffer.byteLength(text)), 'AirSyncBase:Data': text }),
    );
    expect(valueOf(elementOf(eventToAirSync(withBody, { version: '14.0', bodyPreference: { type: 2 } }), 'AirSyncBase:Body').children!, 'AirSyncBase:Data')).toContain('<br>');
    expect(valueOf(elementOf(eventToAirSync(withBody, { version: '14.0', bodyPreference: { type: 1, truncationSize: 6 } }), 'AirSyncBase:Body').children!, 'AirSyncBase:Truncated')).toBe('1');
  });

  it('a cut or RTF body from the phone changes nothing; a new one replaces DESCRIPTION; an empty one deletes it', () => {
    const cut = eventToAirSync(withBody, { version: '14.0', bodyPreference: { type: 1, truncationSize: 6 } });
    expect(eventLines(eventFromAirSync(cut, { version: '14.0', previous: withBody }))).toEqual(eventLines(withBody));
    const cut25 = eventToAirSync(withBody, { version: '2.5', bodyTruncation: 6 });
    expect(eventLines(eventFromAirSync(cut25, { version: '2.5', previous: withBody }))).toEqual(eventLines(withBody));
    const rtf = container('AirSyncBase:Body', { 'AirSyncBase:Type': '3', 'AirSyncBase:Data': 'e1xydGYx' });
    expect(eventLines(eventFromAirSync(change(withBody, '14.0', { 'AirSyncBase:Body': rtf }), { version: '14.0', previous: withBody }))).toEqual(eventLines(withBody));
    const html = container('AirSyncBase:Body', { 'AirSyncBase:Type': '2', 'AirSyncBase:Data': '<p>New &amp; better</p>' });
    expect(eventLines(eventFromAirSync(change(withBody, '14.0', { 'AirSyncBase:Body': html }), { version: '14.0', previous: withBody }))).toContain('DESCRIPTION:New & better\\n');
    const empty = container('AirSyncBase:Body', { 'AirSyncBase:Type': '1', 'AirSyncBase:Data': '' });
    expect(eventLines(eventFromAirSync(change(withBody, '14.0', { 'AirSyncBase:Body': empty }), { version: '14.0', previous: withBody })).some((l) => l.startsWith('DESCRIPTION'))).toBe(false);
  });
});

describe('simple properties', () => {
  it.each<[string[], string | undefined, string]>([
    [['CLASS:PUBLIC'], '0', 'CLASS:PUBLIC'],
    [['CLASS:X-PERSONAL'], '1', 'CLASS:X-PERSONAL'],
    [['CLASS:PRIVATE'], '2', 'CLASS:PRIVATE'],
    [['CLASS:CONFIDENTIAL'], '3', 'CLASS:CONFIDENTIAL'],
    [['CLASS:X-SECRET'], undefined, 'CLASS:X-SECRET'],
  ])('%j is Sensitivity %s', (lines, value, written) => {
    const ical = vevent(['UID:c', 'DTSTART:20250203T080000Z', ...lines]);
    expect(valueOf(eventToAirSync(ical, v14), 'Calendar:Sensitivity')).toBe(value);
    if (value !== undefined) expect(eventLines(eventFromAirSync([{ name: 'Calendar:Sensitivity', text: value }], v14))).toContain(written);
  });

  it.each<[string[], string, string[]]>([
    [[], '2', []],
    [['TRANSP:TRANSPARENT'], '0', ['TRANSP:TRANSPARENT']],
    [['TRANSP:OPAQUE', 'X-MICROSOFT-CDO-BUSYSTATUS:TENTATIVE'], '1', ['TRANSP:OPAQUE', 'X-MICROSOFT-CDO-BUSYSTATUS:TENTATIVE']],
    [['X-MICROSOFT-CDO-BUSYSTATUS:OOF'], '3', ['TRANSP:OPAQUE', 'X-MICROSOFT-CDO-BUSYSTATUS:OOF']],
    [['X-MICROSOFT-CDO-BUSYSTATUS:WORKINGELSEWHERE'], '4', ['TRANSP:OPAQUE', 'X-MICROSOFT-CDO-BUSYSTATUS:WORKINGELSEWHERE']],
  ])('%j is BusyStatus %s', (lines, value, written) => {
    const ical = vevent(['UID:t', 'DTSTART:20250203T080000Z', ...lines]);
    expect(valueOf(eventToAirSync(ical, v14), 'Calendar:BusyStatus')).toBe(value);
    expect(eventLines(eventFromAirSync([{ name: 'Calendar:BusyStatus', text: value }], v14)).filter((l) => /^(TRANSP|X-MICROSOFT)/.test(l))).toEqual(written);
  });

  it('categories from every CATEGORIES line, written back as one', () => {
    const ical = vevent(['UID:k', 'DTSTART:20250203T080000Z', 'CATEGORIES:Work,Team', 'CATEGORIES:Q1\\, 2025']);
    expect(valueOf(eventToAirSync(ical, v14), 'Calendar:Categories')).toBe('Work|Team|Q1, 2025');
    const back = eventFromAirSync(change(ical, '14.0', { 'Calendar:Categories': container('Calendar:Categories', { 'Calendar:Category': 'Home' }) }), { version: '14.0', previous: ical });
    expect(eventLines(back).filter((l) => l.startsWith('CATEGORIES'))).toEqual(['CATEGORIES:Home']);
  });
});

describe('what the phone does not send', () => {
  const rich = vevent(
    [
      'UID:rich@example.com',
      'DTSTAMP:20250101T000000Z',
      'SUMMARY:Rich',
      'LOCATION:Room 1',
      'DTSTART:20250203T080000Z',
      'DTEND:20250203T090000Z',
      'CLASS:PRIVATE',
      'X-CUSTOM;X-PARAM=1:keep me',
      'ATTACH;FMTTYPE=application/pdf:https://example.com/a.pdf',
      'RDATE:20250210T080000Z',
      'GEO:48.1;11.5',
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      'DESCRIPTION:Rich',
      'TRIGGER:-PT15M',
      'END:VALARM',
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      'DESCRIPTION:Again',
      'TRIGGER:-PT5M',
      'END:VALARM',
    ],
    ['BEGIN:VTODO', 'UID:other', 'SUMMARY:another item', 'END:VTODO'],
  );

  it('keeps what no element carries through a Change, and changes only the changed line', () => {
    const back = eventFromAirSync(change(rich, '14.0', { 'Calendar:Subject': 'Richer' }), { version: '14.0', previous: rich });
    expect(back).toBe(rich.replace('SUMMARY:Rich\r\n', 'SUMMARY:Richer\r\n'));
  });

  it('an element left out is deleted when the phone carries it, kept when its Supported list leaves it out', () => {
    const noLocation = change(rich, '14.0', { 'Calendar:Location': null, 'Calendar:Sensitivity': null });
    expect(eventLines(eventFromAirSync(noLocation, { version: '14.0', previous: rich })).some((l) => /^(LOCATION|CLASS)/.test(l))).toBe(false);
    expect(eventLines(eventFromAirSync(noLocation, { version: '14.0', previous: rich, supported: ['Subject', 'StartTime'] }))).toEqual(eventLines(rich));
    expect(eventLines(eventFromAirSync(noLocation, { version: '14.0', previous: rich, supported: ['Calendar:Location'] }))).not.toContain('LOCATION:Room 1');
  });

  it('never deletes UID, DTSTAMP or the times by their absence', () => {
    const bare = change(rich, '14.0', { 'Calendar:UID': null, 'Calendar:DtStamp': null, 'Calendar:StartTime': null, 'Calendar:EndTime': null, 'Calendar:Timezone': null, 'Calendar:AllDayEvent': null });
    expect(eventLines(eventFromAirSync(bare, { version: '14.0', previous: rich }))).toEqual(eventLines(rich));
  });

  it('a new event from the phone gets a UID and a DTSTAMP', () => {
    const ical = eventFromAirSync([{ name: 'Calendar:Subject', text: 'New' }, { name: 'Calendar:StartTime', text: '20250203T080000Z' }], v14);
    const lines = eventLines(ical);
    expect(lines[0]).toMatch(/^UID:[0-9a-f-]{36}$/);
    expect(lines[1]).toMatch(/^DTSTAMP:\d{8}T\d{6}Z$/);
    expect(ical.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//atomsync//ActiveSync//EN\r\n')).toBe(true);
  });

  it('reads vCalendar 1.0 (QUOTED-PRINTABLE, TZ/DAYLIGHT, AALARM, a basic rule, 1.0 attendees) and writes 2.0', () => {
    const v10 = crlf(
      'BEGIN:VCALENDAR',
      'VERSION:1.0',
      'TZ:+01',
      'DAYLIGHT:TRUE;+02;20250330T010000Z;20251026T010000Z;;',
      'BEGIN:VEVENT',
      'SUMMARY;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8:Besprechung B=C3=BCro',
      'DTSTART:20250602T100000',
      'DTEND:20250602T110000',
      'RRULE:W1 MO #4',
      'AALARM:20250602T094500;;;',
      'ATTENDEE;ROLE=ORGANIZER:Anna <anna@example.com>',
      'ATTENDEE;STATUS=ACCEPTED:Ben <ben@example.com>',
      'CATEGORIES:MEETING;WORK',
      'END:VEVENT',
      'END:VCALENDAR',
    );
    const sent = eventToAirSync(v10, v14);
    expect(valueOf(sent, 'Calendar:Subject')).toBe('Besprechung Büro');
    expect(valueOf(sent, 'Calendar:StartTime')).toBe('20250602T080000Z');
    expect(valueOf(sent, 'Calendar:Reminder')).toBe('15');
    expect(valueOf(sent, 'Calendar:OrganizerEmail')).toBe('anna@example.com');
    expect(valueOf(sent, 'Calendar:Categories')).toBe('MEETING|WORK');
    expect(fieldsOf(elementOf(sent, 'Calendar:Recurrence'))).toEqual({ Type: '1', Occurrences: '4', Interval: '1', DayOfWeek: '2' });
    expect(elementOf(sent, 'Calendar:Attendees').children![0]).toEqual(
      container('Calendar:Attendee', { 'Calendar:Email': 'ben@example.com', 'Calendar:Name': 'Ben', 'Calendar:AttendeeStatus': '3', 'Calendar:AttendeeType': '1' }),
    );
    const back = eventFromAirSync(sent, { version: '14.0', previous: v10 });
    expect(back).toContain('VERSION:2.0');
    expect(eventLines(back)).toEqual(expect.arrayContaining(['SUMMARY:Besprechung Büro', 'DTSTART:20250602T080000Z', 'RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=4', 'CATEGORIES:MEETING,WORK']));
    expect(eventToAirSync(back, v14)).toEqual(eventToAirSync(v10, v14));
  });
});

function fieldsOf(p: AirSyncProperty): Record<string, string | undefined> {
  return Object.fromEntries(p.children!.map((c) => [c.name.slice(c.name.indexOf(':') + 1), c.text]));
}

// Linear: a parser that backtracks or rescans is quadratic on a megabyte (10^12 steps) and does not
// finish within the test's timeout, the bound against a hang; how fast the linear one is, is the benchmarks' business.
it('every parser is linear: a megabyte of a value is read, and changes nothing it cannot use', () => {
  const huge = 'x'.repeat(1_000_000);
  const back = eventFromAirSync(
    change(series, '14.0', {
      'Calendar:Timezone': huge,
      'Calendar:StartTime': huge,
      'Calendar:Reminder': huge,
      'Calendar:Recurrence': container('Calendar:Recurrence', { 'Calendar:Type': huge, 'Calendar:Until': huge }),
      'Calendar:Exceptions': container('Calendar:Exceptions', { 'Calendar:Exception': huge }),
    }),
    { version: '14.0', previous: series },
  );
  expect(eventLines(back)).toEqual(eventLines(series));
  expect(eventToAirSync(vcalendar('BEGIN:VEVENT', `RRULE:${'FREQ=DAILY;'.repeat(100_000)}`, 'DTSTART:20250101T000000Z', 'END:VEVENT'), v14).map((p) => p.name)).not.toContain('Calendar:Recurrence');
});

/** `list` behind a proxy that counts reads of its elements into `reads`. */
function counted<T>(list: readonly T[], reads: { n: number }): T[] {
  return new Proxy(list as T[], {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads.n++;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
}

it('takes thousands of attendees and exceptions with lookups by address and by start: each read a bounded number of times', () => {
  const n = 5000;
  const start = Date.UTC(2025, 0, 6, 8);
  const attendees = Array.from({ length: n }, (_, i) => `ATTENDEE;CN=A${i}:mailto:a${i}@example.com`);
  const overrides = Array.from({ length: n }, (_, i) => [
    'BEGIN:VEVENT',
    'UID:big',
    `RECURRENCE-ID:${new Date(start + (i + 1) * 86_400_000).toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`,
    `SUMMARY:Day ${i}`,
    'END:VEVENT',
  ]).flat();
  const big = vevent(['UID:big', 'SUMMARY:Big', 'DTSTART:20250106T080000Z', 'DTEND:20250106T090000Z', 'RRULE:FREQ=DAILY', ...attendees], overrides);
  const sent = eventToAirSync(big, v14);
  expect(elementOf(sent, 'Calendar:Exceptions').children).toHaveLength(n);
  // The phone renames every attendee and every occurrence.
  const reads = { n: 0 };
  const renamed = sent.map((p) =>
    p.name === 'Calendar:Attendees' || p.name === 'Calendar:Exceptions'
      ? { ...p, children: counted(p.children!.map((e) => ({ ...e, children: e.children!.map((f) => (f.name === 'Calendar:Name' || f.name === 'Calendar:Subject' ? { ...f, text: `${f.text}!` } : f)) })), reads) }
      : p,
  );
  const back = eventFromAirSync(renamed, { version: '14.0', previous: big });
  // A lookup by scanning would read the lists n times over (25 million reads); by key, a few passes.
  expect(reads.n).toBeGreaterThanOrEqual(2 * n);
  expect(reads.n).toBeLessThan(20 * 2 * n);
  expect(eventLines(back)).toContain('ATTENDEE;CN=A4999!:mailto:a4999@example.com');
  expect(eventLines(back, n)).toContain('SUMMARY:Day 4999!');
});
