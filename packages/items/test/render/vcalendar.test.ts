/**
 * renderForPhone for events and tasks: iCalendar 2.0 (as SyncEvolution and Evolution write it,
 * with VTIMEZONE) to vCalendar 1.0 in UTC or in the phone's local time (TZ/DAYLIGHT), all-day
 * events, recurrence rules, alarms; each still the same item to the engine.
 */
import { describeItem, renderForPhone, type ItemContent, type ItemDataclass, type PhoneFormat } from '@atomsync/items';
import { TWIN_PAIRS } from '@atomsync/items/fixtures';
import { describe, expect, it } from 'vitest';

const crlf = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;
const utc: PhoneFormat = { type: 'text/x-vcalendar', version: '1.0', localTime: null, maxFieldLength: {} };
const berlin: PhoneFormat = { ...utc, localTime: 'Europe/Berlin' };
const icalendar: PhoneFormat = { type: 'text/calendar', version: '2.0', localTime: null, maxFieldLength: {} };
const item = (body: string, dataclass: ItemDataclass = 'Events'): ItemContent => ({ dataclass, type: 'text/calendar', title: '', body });

/** Logical lines of the rendered text (QP soft breaks joined). */
const linesOf = (text: string) => text.replace(/=\r\n/g, '').split('\r\n').filter((l) => l !== '');

/** The lines of the first VEVENT/VTODO, without BEGIN/END. */
function componentLines(text: string): string[] {
  const lines = linesOf(text);
  const begin = lines.findIndex((l) => /^BEGIN:V(EVENT|TODO)$/.test(l));
  const end = lines.findIndex((l, i) => i > begin && /^END:V(EVENT|TODO)$/.test(l));
  return lines.slice(begin + 1, end);
}

/** The VTIMEZONE SyncEvolution sends for Europe/Berlin (samples/xml-calendar-slow). */
const berlinTimezone = [
  'BEGIN:VTIMEZONE', 'TZID:Europe/Berlin',
  'BEGIN:STANDARD', 'DTSTART:19671029T030000', 'RRULE:FREQ=MONTHLY;INTERVAL=12;BYDAY=-1SU', 'TZOFFSETFROM:+0200', 'TZOFFSETTO:+0100', 'TZNAME:CET', 'END:STANDARD',
  'BEGIN:DAYLIGHT', 'DTSTART:19870329T020000', 'RRULE:FREQ=MONTHLY;INTERVAL=12;BYDAY=-1SU', 'TZOFFSETFROM:+0100', 'TZOFFSETTO:+0200', 'TZNAME:CEST', 'END:DAYLIGHT',
  'END:VTIMEZONE',
];
const newYorkTimezone = [
  'BEGIN:VTIMEZONE', 'TZID:America/New_York',
  'BEGIN:STANDARD', 'DTSTART:20071104T020000', 'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU', 'TZOFFSETFROM:-0400', 'TZOFFSETTO:-0500', 'TZNAME:EST', 'END:STANDARD',
  'BEGIN:DAYLIGHT', 'DTSTART:20070311T020000', 'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU', 'TZOFFSETFROM:-0500', 'TZOFFSETTO:-0400', 'TZNAME:EDT', 'END:DAYLIGHT',
  'END:VTIMEZONE',
];

const event = (props: string[], timezone: string[] = berlinTimezone) =>
  crlf('BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Synthesis AG//NONSGML SyncML Engine V3.4.0.47//EN', ...timezone, 'BEGIN:VEVENT', ...props, 'END:VEVENT', 'END:VCALENDAR');

describe('iCalendar 2.0 to vCalendar 1.0: the same item to the engine', () => {
  const items = TWIN_PAIRS.filter((p) => p.dataclass !== 'Contacts' && p.dataclass !== 'Notes').flatMap((p) => [
    { name: `${p.name} (a)`, dataclass: p.dataclass, body: p.a },
    { name: `${p.name} (b)`, dataclass: p.dataclass, body: p.b },
  ]);
  /**
   * What has no 1.0 form that the engine reads as the 2.0 one: a rule in 1.0 grammar, VALARM as
   * AALARM, TRANSP as a number, attendees as `Name <address>`. Those keep their key only.
   */
  const reshaped = (body: string) => /^(RRULE|BEGIN:VALARM|TRANSP|ATTENDEE|ORGANIZER)/m.test(body) && /^VERSION:2\.0/m.test(body);

  for (const [zone, format] of [['UTC', utc], ['local time', berlin]] as const) {
    it.each(items)(`in ${zone}: $name`, ({ dataclass, body }) => {
      const before = describeItem(item(body, dataclass));
      const out = renderForPhone(item(body, dataclass), format);
      const after = describeItem({ ...item(body, dataclass), type: out.type, body: out.data });
      expect(out.type).toBe('text/x-vcalendar');
      expect(out.data).toMatch(/VERSION:1\.0/);
      expect(after.key).toBe(before.key);
      if (!reshaped(body)) expect(after.fingerprint).toBe(before.fingerprint);
    });
  }

  it('keeps the key of an event without UID (summary and start) in local time', () => {
    const body = event(['SUMMARY:Stand-up', 'DTSTART;TZID=Europe/Berlin:20250701T093000', 'DTEND;TZID=Europe/Berlin:20250701T094500']);
    const before = describeItem(item(body));
    const after = describeItem(item(renderForPhone(item(body), berlin).data));
    expect(before.key).toBe('Events|summary="stand-up"|start="20250701T073000Z"');
    expect(after).toEqual(before);
  });
});

describe('times', () => {
  const standUp = (start: string, end: string, timezone = berlinTimezone, tzid = 'Europe/Berlin') =>
    event(['UID:standup@example.com', 'SUMMARY:Stand-up', `DTSTART;TZID=${tzid}:${start}`, `DTEND;TZID=${tzid}:${end}`], timezone);

  it.each([
    ['summer (CEST, +02)', '20250701T093000', '20250701T073000Z', '20250701T093000'],
    ['winter (CET, +01)', '20250115T093000', '20250115T083000Z', '20250115T093000'],
    ['the night clocks go forward, after 03:00', '20250330T033000', '20250330T013000Z', '20250330T033000'],
    ['the night clocks go back, after the second 02:00', '20251026T033000', '20251026T023000Z', '20251026T033000'],
  ])('Europe/Berlin in %s: UTC, or the same wall time for a local-time phone', (_, wall, asUtc, asLocal) => {
    expect(componentLines(renderForPhone(item(standUp(wall, wall)), utc).data)).toContain(`DTSTART:${asUtc}`);
    expect(componentLines(renderForPhone(item(standUp(wall, wall)), berlin).data)).toContain(`DTSTART:${asLocal}`);
  });

  it('a local-time phone gets TZ and the DAYLIGHT period of each year the item touches', () => {
    const out = renderForPhone(item(standUp('20251222T093000', '20260105T100000')), berlin).data;
    expect(linesOf(out).slice(0, 5)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:1.0',
      'TZ:+01',
      'DAYLIGHT:TRUE;+02;20250330T010000Z;20251026T010000Z;;',
      'DAYLIGHT:TRUE;+02;20260329T010000Z;20261025T010000Z;;',
    ]);
    expect(componentLines(out)).toEqual(['UID:standup@example.com', 'SUMMARY:Stand-up', 'DTSTART:20251222T093000', 'DTEND:20260105T100000']);
  });

  it('converts a New York time to Berlin wall time for a Berlin phone, across both zones’ DST', () => {
    // 2025-03-20: New York already on EDT (-04), Berlin still on CET (+01): 5 hours apart, not 6.
    const out = renderForPhone(item(standUp('20250320T090000', '20250320T100000', newYorkTimezone, 'America/New_York')), berlin).data;
    expect(componentLines(out)).toContain('DTSTART:20250320T140000');
    expect(describeItem(item(out))).toEqual(describeItem(item(standUp('20250320T090000', '20250320T100000', newYorkTimezone, 'America/New_York'))));
  });

  it('a zone without summer time gets DAYLIGHT:FALSE; a southern one a period across the new year', () => {
    const tokyo = renderForPhone(item(standUp('20250701T093000', '20250701T100000')), { ...berlin, localTime: 'Asia/Tokyo' }).data;
    expect(linesOf(tokyo).slice(2, 4)).toEqual(['TZ:+09', 'DAYLIGHT:FALSE']);
    expect(componentLines(tokyo)).toContain('DTSTART:20250701T163000');

    const body = standUp('20250115T093000', '20250115T100000');
    const sydney = renderForPhone(item(body), { ...berlin, localTime: 'Australia/Sydney' }).data;
    expect(linesOf(sydney).slice(2, 5)).toEqual([
      'TZ:+10',
      'DAYLIGHT:TRUE;+11;20241005T160000Z;20250405T160000Z;;',
      'DAYLIGHT:TRUE;+11;20251004T160000Z;20260404T160000Z;;',
    ]);
    expect(componentLines(sydney)).toContain('DTSTART:20250115T193000');
    expect(describeItem(item(sydney))).toEqual(describeItem(item(body)));
  });

  it('keeps all-day events date-only and floating times floating, with no TZ for them', () => {
    const body = event(['UID:holiday@example.com', 'SUMMARY:Feiertag', 'DTSTART;VALUE=DATE:20251225', 'DTEND;VALUE=DATE:20251226'], []);
    const out = renderForPhone(item(body), berlin).data;
    expect(linesOf(out)).toEqual(['BEGIN:VCALENDAR', 'VERSION:1.0', 'BEGIN:VEVENT', 'UID:holiday@example.com', 'SUMMARY:Feiertag', 'DTSTART:20251225', 'DTEND:20251226', 'END:VEVENT', 'END:VCALENDAR']);
    expect(describeItem(item(out))).toEqual(describeItem(item(body)));

    const floating = event(['SUMMARY:Wake up', 'DTSTART:20250701T070000'], []);
    const rendered = renderForPhone(item(floating), berlin).data;
    expect(componentLines(rendered)).toEqual(['SUMMARY:Wake up', 'DTSTART:20250701T070000']);
    expect(describeItem(item(rendered))).toEqual(describeItem(item(floating)));
  });

  it('writes DURATION out as DTEND, and a task’s as DUE', () => {
    const body = event(['UID:d@example.com', 'SUMMARY:Call', 'DTSTART;TZID=Europe/Berlin:20250701T093000', 'DURATION:PT1H30M']);
    expect(componentLines(renderForPhone(item(body), utc).data)).toEqual(['UID:d@example.com', 'SUMMARY:Call', 'DTSTART:20250701T073000Z', 'DTEND:20250701T090000Z']);
    const task = crlf('BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VTODO', 'SUMMARY:Report', 'DTSTART:20250701T080000Z', 'DURATION:P2D', 'END:VTODO', 'END:VCALENDAR');
    expect(componentLines(renderForPhone(item(task, 'Tasks'), utc).data)).toEqual(['SUMMARY:Report', 'DTSTART:20250701T080000Z', 'DUE:20250703T080000Z']);
  });
});

describe('recurrence rules', () => {
  const weekly = (rule: string, start = 'DTSTART;TZID=Europe/Berlin:20250203T113000') =>
    event(['UID:r@example.com', 'SUMMARY:Series', start, `RRULE:${rule}`]);
  const ruleOf = (body: string, format: PhoneFormat = utc) => componentLines(renderForPhone(item(body), format).data).find((l) => l.startsWith('RRULE')) ?? null;

  it.each([
    ['FREQ=DAILY', 'RRULE:D1 #0'],
    ['FREQ=DAILY;INTERVAL=2;COUNT=10', 'RRULE:D2 #10'],
    ['FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR', 'RRULE:W1 MO TU WE TH FR #0'],
    ['FREQ=WEEKLY;INTERVAL=1;UNTIL=20250315T103000Z', 'RRULE:W1 20250315T103000Z'],
    ['FREQ=WEEKLY;BYDAY=MO,WE;WKST=SU', 'RRULE:W1 MO WE #0'],
    ['FREQ=WEEKLY;INTERVAL=2;BYDAY=FR;COUNT=4', 'RRULE:W2 FR #4'],
    ['FREQ=MONTHLY', 'RRULE:MD1 #0'],
    ['FREQ=MONTHLY;BYMONTHDAY=1,15', 'RRULE:MD1 1 15 #0'],
    ['FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=6', 'RRULE:MD1 1- #6'],
    ['FREQ=MONTHLY;BYDAY=1MO', 'RRULE:MP1 1+ MO #0'],
    ['FREQ=MONTHLY;INTERVAL=3;BYDAY=-1FR', 'RRULE:MP3 1- FR #0'],
    ['FREQ=YEARLY', 'RRULE:YM1 #0'],
    ['FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=3', 'RRULE:YM1 2 #0'],
    ['FREQ=YEARLY;BYMONTH=6,7;COUNT=4', 'RRULE:YM1 6 7 #4'],
    ['FREQ=YEARLY;BYYEARDAY=100', 'RRULE:YD1 100 #0'],
    // No 1.0 form: the phone gets the first occurrence rather than a wrong series.
    ['FREQ=MONTHLY;BYDAY=MO,TU;BYSETPOS=-1', null],
    ['FREQ=MONTHLY;BYDAY=TU', null],
    ['FREQ=YEARLY;BYMONTH=5;BYDAY=2SU', null],
    ['FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=14', null],
    ['FREQ=HOURLY;INTERVAL=4', null],
    ['FREQ=WEEKLY;BYHOUR=9,17', null],
    ['FREQ=DAILY;INTERVAL=x', null],
  ])('%s → %s', (rule, expected) => {
    expect(ruleOf(weekly(rule))).toBe(expected);
  });

  it('writes UNTIL in the phone’s wall time for a local-time phone, and an all-day UNTIL as its day', () => {
    expect(ruleOf(weekly('FREQ=WEEKLY;UNTIL=20250315T103000Z'), berlin)).toBe('RRULE:W1 20250315T113000');
    expect(ruleOf(weekly('FREQ=WEEKLY;UNTIL=20250315', 'DTSTART;VALUE=DATE:20250203'))).toBe('RRULE:W1 20250315T000000');
  });

  it('sends the master of a recurring event, not its exceptions (1.0 has no RECURRENCE-ID)', () => {
    const body = crlf(
      'BEGIN:VCALENDAR', 'VERSION:2.0', ...berlinTimezone,
      'BEGIN:VEVENT', 'UID:s@example.com', 'SUMMARY:Jour fixe', 'DTSTART;TZID=Europe/Berlin:20250203T100000', 'RRULE:FREQ=WEEKLY;COUNT=5', 'END:VEVENT',
      'BEGIN:VEVENT', 'UID:s@example.com', 'RECURRENCE-ID;TZID=Europe/Berlin:20250210T100000', 'SUMMARY:Jour fixe (moved)', 'DTSTART;TZID=Europe/Berlin:20250211T100000', 'END:VEVENT',
      'END:VCALENDAR',
    );
    const out = renderForPhone(item(body), utc).data;
    expect(linesOf(out).filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(componentLines(out)).toEqual(['UID:s@example.com', 'SUMMARY:Jour fixe', 'DTSTART:20250203T090000Z', 'RRULE:W1 #5']);
    expect(describeItem(item(out)).key).toBe(describeItem(item(body)).key);
  });

  it('converts the SyncEvolution sample event: EXDATE, attendees, organizer, QP location', () => {
    const dentist = TWIN_PAIRS.find((p) => p.name.startsWith('event: property order'))!.a;
    expect(componentLines(renderForPhone(item(dentist), utc).data)).toEqual([
      'LAST-MODIFIED:20250401T000000Z',
      'UID:gen-event-000003-3499aafd@example.com',
      'SEQUENCE:0',
      'SUMMARY:Dentist',
      'LOCATION;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Z=C3=BCrich HB',
      'DTSTART:20250201T103000Z',
      'RRULE:W1 20250315T103000Z',
      'EXDATE:20250215T103000Z',
      'DTEND:20250201T123000Z',
      'ATTENDEE;STATUS=ACCEPTED:Ben Schmidt <ben3@example.com>',
      'ATTENDEE;RSVP=YES:Clara Weber <clara3@example.org>',
      'ATTENDEE;ROLE=ORGANIZER;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Anna M=C3=BCller <anna.mueller@example.com>',
    ]);
  });
});

describe('alarms', () => {
  const withAlarm = (...alarm: string[]) =>
    event(['UID:a@example.com', 'SUMMARY:Dentist', 'DTSTART;TZID=Europe/Berlin:20250701T113000', 'DTEND;TZID=Europe/Berlin:20250701T123000', 'BEGIN:VALARM', ...alarm, 'END:VALARM']);
  const alarmsOf = (body: string, format: PhoneFormat = utc) => componentLines(renderForPhone(item(body), format).data).filter((l) => /^[AD]ALARM/.test(l));

  it.each([
    ['a DISPLAY alarm 15 minutes before: AALARM and DALARM with its text', ['TRIGGER;VALUE=DURATION:-PT15M', 'ACTION:DISPLAY', 'DESCRIPTION:Zahnarzt\\, Karte mitnehmen'],
      ['AALARM:20250701T091500Z;;;', 'DALARM:20250701T091500Z;;;Zahnarzt, Karte mitnehmen']],
    ['an AUDIO alarm: AALARM only', ['TRIGGER:-PT1H', 'ACTION:AUDIO'], ['AALARM:20250701T083000Z;;;']],
    ['relative to the end', ['TRIGGER;RELATED=END:PT5M', 'ACTION:AUDIO'], ['AALARM:20250701T103500Z;;;']],
    ['at an absolute time', ['TRIGGER;VALUE=DATE-TIME:20250701T080000Z', 'ACTION:AUDIO'], ['AALARM:20250701T080000Z;;;']],
    ['snooze and repeat', ['TRIGGER:-PT10M', 'ACTION:AUDIO', 'DURATION:PT5M', 'REPEAT:2'], ['AALARM:20250701T092000Z;PT5M;2;']],
    ['an EMAIL alarm: none', ['TRIGGER:-PT10M', 'ACTION:EMAIL', 'DESCRIPTION:x', 'SUMMARY:y', 'ATTENDEE:mailto:a@example.com'], []],
    ['a trigger we cannot read: none', ['TRIGGER:soon', 'ACTION:AUDIO'], []],
  ])('%s', (_, alarm, expected) => {
    expect(alarmsOf(withAlarm(...alarm))).toEqual(expected);
  });

  it('is in the phone’s wall time for a local-time phone', () => {
    expect(alarmsOf(withAlarm('TRIGGER:-PT15M', 'ACTION:AUDIO'), berlin)).toEqual(['AALARM:20250701T111500;;;']);
  });
});

describe('tasks', () => {
  it('take 1.0 spellings: STATUS NEEDS ACTION, priority and class kept', () => {
    const body = crlf('BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VTODO', 'UID:t@example.com', 'SUMMARY:Steuererklärung abgeben', 'DUE;VALUE=DATE:20250731', 'PRIORITY:1', 'STATUS:NEEDS-ACTION', 'CLASS:PRIVATE', 'CATEGORIES:Finanzen,Privat', 'END:VTODO', 'END:VCALENDAR');
    const out = renderForPhone(item(body, 'Tasks'), utc).data;
    expect(componentLines(out)).toEqual([
      'UID:t@example.com',
      'SUMMARY;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Steuererkl=C3=A4rung abgeben',
      'DUE:20250731',
      'PRIORITY:1',
      'STATUS:NEEDS ACTION',
      'CLASS:PRIVATE',
      'CATEGORIES:Finanzen;Privat',
    ]);
    expect(describeItem(item(out, 'Tasks'))).toEqual(describeItem(item(body, 'Tasks')));
  });

  it('a completed task keeps its COMPLETED time', () => {
    const body = crlf('BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VTODO', 'SUMMARY:Done', 'STATUS:COMPLETED', 'COMPLETED:20250701T120000Z', 'END:VTODO', 'END:VCALENDAR');
    expect(componentLines(renderForPhone(item(body, 'Tasks'), berlin).data)).toEqual(['SUMMARY:Done', 'STATUS:COMPLETED', 'COMPLETED:20250701T140000']);
  });
});

describe('items already in the target form, or upgraded', () => {
  it('an iCalendar 2.0 item goes to an iCalendar phone byte for byte', () => {
    const body = TWIN_PAIRS.find((p) => p.name.startsWith('event: property order'))!.a;
    expect(renderForPhone(item(body), icalendar)).toEqual({ type: 'text/calendar', data: body });
  });

  it('a vCalendar 1.0 item goes to a 1.0 phone byte for byte', () => {
    const body = TWIN_PAIRS.find((p) => p.name.includes('(Sony Ericsson) vs UTC'))!.a;
    expect(renderForPhone({ ...item(body), type: 'text/plain' }, berlin)).toEqual({ type: 'text/x-vcalendar', data: body });
  });

  it('a vCalendar 1.0 item for an iCalendar-only phone is upgraded to iCalendar 2.0, the same item to the engine', () => {
    const body = TWIN_PAIRS.find((p) => p.name.includes('(Samsung)'))!.a;
    const out = renderForPhone({ ...item(body, 'Tasks'), type: 'text/calendar' }, icalendar);
    expect(out.type).toBe('text/calendar');
    expect(out.data).toBe(crlf(
      'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//atomsync//vCalendar 1.0 upgrade//EN', 'BEGIN:VTODO', 'SUMMARY:Steuererklärung abgeben',
      'DUE:20250731T220000Z', 'PRIORITY:1', 'STATUS:NEEDS-ACTION', 'CLASS:PRIVATE', 'END:VTODO', 'END:VCALENDAR',
    ));
    expect(describeItem({ ...item(out.data, 'Tasks') })).toEqual(describeItem(item(body, 'Tasks')));
  });
});
