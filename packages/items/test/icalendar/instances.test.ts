/**
 * The instances of a calendar object's components near a range, as CalDAV's time-range queries,
 * expand and free-busy read them: recurrence (RRULE, RDATE, EXDATE, overridden instances), time
 * zones (VTIMEZONE, IANA names, floating times in the query's zone), all-day events, events
 * without DTEND, tasks, alarms — and bounded walks for rules without end.
 */
import { describe, expect, it } from 'vitest';
import { MAX_INSTANCES_EXAMINED, expandCalendar, readCalendarObject, writeFreeBusy, type CalendarInstance, type CalendarObjectComponent } from '../../src/index.js';

const BERLIN = [
  'BEGIN:VTIMEZONE', 'TZID:Europe/Berlin',
  'BEGIN:STANDARD', 'DTSTART:19701025T030000', 'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU', 'TZOFFSETFROM:+0200', 'TZOFFSETTO:+0100', 'END:STANDARD',
  'BEGIN:DAYLIGHT', 'DTSTART:19700329T020000', 'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU', 'TZOFFSETFROM:+0100', 'TZOFFSETTO:+0200', 'END:DAYLIGHT',
  'END:VTIMEZONE',
];

function calendar(...components: string[][]): string {
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...components.flat(), 'END:VCALENDAR', ''].join('\r\n');
}

function event(...lines: string[]): string[] {
  return ['BEGIN:VEVENT', 'UID:e1', 'DTSTAMP:20250101T000000Z', ...lines, 'END:VEVENT'];
}

const ms = (iso: string) => Date.parse(iso);
const iso = (t: number | undefined) => (t === undefined ? undefined : new Date(t).toISOString().replace('.000', ''));
const range = (start: string, end: string) => ({ start: ms(start), end: ms(end) });

function first(body: string, name = 'VEVENT', timezone?: string): CalendarObjectComponent {
  const c = readCalendarObject(body, { timezone }).components.find((x) => x.name === name);
  if (c === undefined) throw new Error(`no ${name}`);
  return c;
}

/** The RFC 4791 §9.9 VEVENT rule, restated here so these tests read instances without @atomsync/dav. */
function overlaps(i: CalendarInstance, r: { start: number; end: number }): boolean {
  if (i.start === undefined) return false;
  const end = i.end ?? i.start;
  return (r.start < end || r.start <= i.start) && r.end > i.start;
}

/** Starts (UTC ISO) of the instances of every VEVENT of the object that overlap the range. */
function startsIn(body: string, r: { start: number; end: number }, timezone?: string): string[] {
  const object = readCalendarObject(body, { timezone });
  return object.components
    .filter((c) => c.name === 'VEVENT')
    .flatMap((c) => c.instancesNear(r).instances.filter((i) => overlaps(i, r)))
    .map((i) => iso(i.start)!)
    .sort();
}

describe('recurring events near a range', () => {
  const weeklyBerlin = calendar(BERLIN, event('DTSTART;TZID=Europe/Berlin:20250303T090000', 'DTEND;TZID=Europe/Berlin:20250303T100000', 'RRULE:FREQ=WEEKLY'));
  const weeklyNewYork = calendar(event('DTSTART;TZID=America/New_York:20250303T090000', 'DURATION:PT1H', 'RRULE:FREQ=WEEKLY;COUNT=10'));
  const cases: { name: string; body: string; range: [string, string]; timezone?: string; starts: string[] }[] = [
    { name: 'a weekly 09:00 Berlin, before the DST change (UTC+1)', body: weeklyBerlin, range: ['2025-03-24T00:00:00Z', '2025-03-25T00:00:00Z'], starts: ['2025-03-24T08:00:00Z'] },
    { name: 'the same series after the DST change is still 09:00 Berlin (UTC+2)', body: weeklyBerlin, range: ['2025-03-31T00:00:00Z', '2025-04-01T00:00:00Z'], starts: ['2025-03-31T07:00:00Z'] },
    { name: 'the Berlin series a year later, found without walking from its start', body: weeklyBerlin, range: ['2026-06-01T00:00:00Z', '2026-06-02T00:00:00Z'], starts: ['2026-06-01T07:00:00Z'] },
    { name: 'a range between two instances finds none', body: weeklyBerlin, range: ['2025-03-25T00:00:00Z', '2025-03-30T00:00:00Z'], starts: [] },
    { name: 'a range ending as an instance starts does not hold it', body: weeklyBerlin, range: ['2025-03-30T00:00:00Z', '2025-03-31T07:00:00Z'], starts: [] },
    { name: 'New York by its IANA name (no VTIMEZONE) across its DST change (9 March)', body: weeklyNewYork, range: ['2025-03-10T00:00:00Z', '2025-03-11T00:00:00Z'], starts: ['2025-03-10T13:00:00Z'] },
    { name: 'New York before the change', body: weeklyNewYork, range: ['2025-03-03T00:00:00Z', '2025-03-04T00:00:00Z'], starts: ['2025-03-03T14:00:00Z'] },
    { name: 'COUNT ends the series', body: weeklyNewYork, range: ['2025-05-12T00:00:00Z', '2025-05-13T00:00:00Z'], starts: [] },
    { name: 'the last of COUNT=10', body: weeklyNewYork, range: ['2025-05-05T00:00:00Z', '2025-05-06T00:00:00Z'], starts: ['2025-05-05T13:00:00Z'] },
    {
      name: 'EXDATE removes an instance',
      body: calendar(BERLIN, event('DTSTART;TZID=Europe/Berlin:20250303T090000', 'DTEND;TZID=Europe/Berlin:20250303T100000', 'RRULE:FREQ=WEEKLY', 'EXDATE;TZID=Europe/Berlin:20250310T090000')),
      range: ['2025-03-09T00:00:00Z', '2025-03-18T00:00:00Z'],
      starts: ['2025-03-17T08:00:00Z'],
    },
    {
      name: 'EXDATE written in UTC removes the same instance',
      body: calendar(BERLIN, event('DTSTART;TZID=Europe/Berlin:20250303T090000', 'RRULE:FREQ=WEEKLY', 'EXDATE:20250310T080000Z')),
      range: ['2025-03-09T00:00:00Z', '2025-03-11T00:00:00Z'],
      starts: [],
    },
    {
      name: 'an instance moved into the range is found there',
      body: calendar(BERLIN, event('DTSTART;TZID=Europe/Berlin:20250303T090000', 'DTEND;TZID=Europe/Berlin:20250303T100000', 'RRULE:FREQ=WEEKLY;COUNT=4'),
        event('RECURRENCE-ID;TZID=Europe/Berlin:20250310T090000', 'DTSTART;TZID=Europe/Berlin:20250312T150000', 'DTEND;TZID=Europe/Berlin:20250312T160000')),
      range: ['2025-03-12T00:00:00Z', '2025-03-13T00:00:00Z'],
      starts: ['2025-03-12T14:00:00Z'],
    },
    {
      name: 'an instance moved out of the range is not found where the series had it',
      body: calendar(BERLIN, event('DTSTART;TZID=Europe/Berlin:20250303T090000', 'DTEND;TZID=Europe/Berlin:20250303T100000', 'RRULE:FREQ=WEEKLY;COUNT=4'),
        event('RECURRENCE-ID;TZID=Europe/Berlin:20250310T090000', 'DTSTART;TZID=Europe/Berlin:20250312T150000', 'DTEND;TZID=Europe/Berlin:20250312T160000')),
      range: ['2025-03-10T00:00:00Z', '2025-03-11T00:00:00Z'],
      starts: [],
    },
    {
      name: 'RDATE adds an instance',
      body: calendar(event('DTSTART:20250303T090000Z', 'DTEND:20250303T100000Z', 'RRULE:FREQ=WEEKLY;COUNT=2', 'RDATE:20250405T120000Z')),
      range: ['2025-04-05T00:00:00Z', '2025-04-06T00:00:00Z'],
      starts: ['2025-04-05T12:00:00Z'],
    },
    {
      name: 'an all-day event covers its day (in UTC without a query zone)',
      body: calendar(event('DTSTART;VALUE=DATE:20250310', 'DTEND;VALUE=DATE:20250311')),
      range: ['2025-03-10T23:00:00Z', '2025-03-11T00:00:00Z'],
      starts: ['2025-03-10T00:00:00Z'],
    },
    {
      name: 'an all-day event without DTEND lasts its day',
      body: calendar(event('DTSTART;VALUE=DATE:20250310')),
      range: ['2025-03-10T12:00:00Z', '2025-03-10T13:00:00Z'],
      starts: ['2025-03-10T00:00:00Z'],
    },
    {
      name: 'an all-day event is read in the query zone: Berlin midnight is 23:00 UTC the day before',
      body: calendar(event('DTSTART;VALUE=DATE:20250310', 'DTEND;VALUE=DATE:20250311')),
      timezone: calendar(BERLIN),
      range: ['2025-03-09T23:00:00Z', '2025-03-09T23:30:00Z'],
      starts: ['2025-03-09T23:00:00Z'],
    },
    {
      name: 'a yearly all-day birthday ten years on',
      body: calendar(event('DTSTART;VALUE=DATE:20150310', 'RRULE:FREQ=YEARLY')),
      range: ['2025-03-10T06:00:00Z', '2025-03-10T07:00:00Z'],
      starts: ['2025-03-10T00:00:00Z'],
    },
    {
      name: 'a date-time event without DTEND or DURATION is an instant: in a range that holds it',
      body: calendar(event('DTSTART:20250310T100000Z')),
      range: ['2025-03-10T10:00:00Z', '2025-03-10T10:00:01Z'],
      starts: ['2025-03-10T10:00:00Z'],
    },
    {
      name: 'a date-time event without end is not in a range after it',
      body: calendar(event('DTSTART:20250310T100000Z')),
      range: ['2025-03-10T10:00:01Z', '2025-03-10T11:00:00Z'],
      starts: [],
    },
    {
      name: 'a floating time is read in the query zone',
      body: calendar(event('DTSTART:20250310T090000', 'DURATION:PT1H')),
      timezone: calendar(BERLIN),
      range: ['2025-03-10T08:00:00Z', '2025-03-10T08:30:00Z'],
      starts: ['2025-03-10T08:00:00Z'],
    },
    {
      name: 'an endless daily series from 1990 is found today',
      body: calendar(event('DTSTART:19900101T120000Z', 'DURATION:PT30M', 'RRULE:FREQ=DAILY')),
      range: ['2025-06-01T00:00:00Z', '2025-06-03T00:00:00Z'],
      starts: ['2025-06-01T12:00:00Z', '2025-06-02T12:00:00Z'],
    },
    {
      name: 'COUNT=1000000000 daily from 1990',
      body: calendar(event('DTSTART:19900101T120000Z', 'DURATION:PT30M', 'RRULE:FREQ=DAILY;COUNT=1000000000')),
      range: ['2025-06-01T00:00:00Z', '2025-06-02T00:00:00Z'],
      starts: ['2025-06-01T12:00:00Z'],
    },
    {
      name: 'weekdays of a weekly series with BYDAY, decades on',
      body: calendar(BERLIN, event('DTSTART;TZID=Europe/Berlin:20000103T090000', 'DURATION:PT15M', 'RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR')),
      range: ['2025-03-28T00:00:00Z', '2025-04-01T00:00:00Z'],
      starts: ['2025-03-28T08:00:00Z', '2025-03-31T07:00:00Z'],
    },
    {
      name: 'UNTIL ends the series',
      body: calendar(event('DTSTART:20250303T090000Z', 'RRULE:FREQ=DAILY;UNTIL=20250305T090000Z')),
      range: ['2025-03-01T00:00:00Z', '2025-03-10T00:00:00Z'],
      starts: ['2025-03-03T09:00:00Z', '2025-03-04T09:00:00Z', '2025-03-05T09:00:00Z'],
    },
  ];
  it.each(cases)('$name', ({ body, range: [start, end], timezone, starts }) => {
    expect(startsIn(body, range(start, end), timezone)).toEqual(starts);
  });

  it('walks an endless SECONDLY rule from 1970 in a few steps, not by the second', () => {
    const body = calendar(event('DTSTART:19700101T000000Z', 'RRULE:FREQ=SECONDLY;INTERVAL=7'));
    const r = range('2025-01-01T00:00:00Z', '2025-01-01T00:00:20Z');
    const found = first(body).instancesNear(r);
    expect(found.instances.map((i) => iso(i.start))).toEqual(['2025-01-01T00:00:06Z', '2025-01-01T00:00:13Z', '2025-01-01T00:00:20Z']);
    expect(found.truncated).toBe(false);
    expect(found.examined).toBeLessThan(100);
  });

  it('walks COUNT=10^9 daily from 1990 in a few steps', () => {
    const found = first(calendar(event('DTSTART:19900101T120000Z', 'RRULE:FREQ=DAILY;COUNT=1000000000'))).instancesNear(range('2025-06-01T00:00:00Z', '2025-06-02T00:00:00Z'));
    expect(found.examined).toBeLessThan(100);
    expect(found.truncated).toBe(false);
  });

  it('stops a walk it cannot skip at MAX_INSTANCES_EXAMINED and says so', () => {
    // BY parts and COUNT: no skipping ahead (COUNT counts from the start).
    const found = first(calendar(event('DTSTART:19900101T120000Z', 'RRULE:FREQ=DAILY;BYHOUR=1,2,3,4,5,6,7,8;COUNT=1000000000'))).instancesNear(range('2025-06-01T00:00:00Z', '2025-06-02T00:00:00Z'));
    expect(found.examined).toBe(MAX_INSTANCES_EXAMINED);
    expect(found.truncated).toBe(true);
    expect(found.instances).toEqual([]);
  });

  it('gives up on a rule no date satisfies, instead of looping in ical.js', () => {
    const found = first(calendar(event('DTSTART:20200101T090000Z', 'RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30'))).instancesNear(range('2025-06-01T00:00:00Z', '2025-06-02T00:00:00Z'));
    expect(found.truncated).toBe(true);
    expect(found.instances).toEqual([]);
  });

  it('reads a malformed RRULE as no rule: the start alone', () => {
    const found = first(calendar(event('DTSTART:20250101T090000Z', 'RRULE:FREQ=SOMETIMES'))).instancesNear(range('2024-01-01T00:00:00Z', '2026-01-01T00:00:00Z'));
    expect(found.instances.map((i) => iso(i.start))).toEqual(['2025-01-01T09:00:00Z']);
  });
});

describe('tasks and alarms', () => {
  const todo = (...lines: string[]) => ['BEGIN:VTODO', 'UID:t1', 'DTSTAMP:20250101T000000Z', ...lines, 'END:VTODO'];
  it('a task keeps DUE, COMPLETED and CREATED apart, DTSTART+DURATION as its end', () => {
    const [i] = first(calendar(todo('DTSTART:20250310T090000Z', 'DUE:20250312T090000Z', 'COMPLETED:20250311T100000Z', 'CREATED:20250301T000000Z')), 'VTODO').instancesNear(range('2025-01-01T00:00:00Z', '2026-01-01T00:00:00Z')).instances;
    expect([iso(i!.start), i!.end, iso(i!.due), iso(i!.completed), iso(i!.created)]).toEqual(['2025-03-10T09:00:00Z', undefined, '2025-03-12T09:00:00Z', '2025-03-11T10:00:00Z', '2025-03-01T00:00:00Z']);
    const [j] = first(calendar(todo('DTSTART:20250310T090000Z', 'DURATION:P1D')), 'VTODO').instancesNear(range('2025-01-01T00:00:00Z', '2026-01-01T00:00:00Z')).instances;
    expect(iso(j!.end)).toBe('2025-03-11T09:00:00Z');
  });

  it('a recurring task moves its DUE with each instance', () => {
    const found = first(calendar(todo('DTSTART:20250303T090000Z', 'DUE:20250303T170000Z', 'RRULE:FREQ=WEEKLY')), 'VTODO').instancesNear(range('2025-03-17T00:00:00Z', '2025-03-18T00:00:00Z'));
    expect(found.instances.map((i) => [iso(i.start), iso(i.due)])).toEqual([['2025-03-17T09:00:00Z', '2025-03-17T17:00:00Z']]);
  });

  it('a task without DTSTART has its DUE', () => {
    const [i] = first(calendar(todo('DUE:20250312T090000Z')), 'VTODO').instancesNear(range('2025-01-01T00:00:00Z', '2026-01-01T00:00:00Z')).instances;
    expect([i!.start, iso(i!.due)]).toEqual([undefined, '2025-03-12T09:00:00Z']);
  });

  it('an alarm rings relative to each instance of its event, and again per REPEAT', () => {
    const body = calendar(event('DTSTART:20250303T090000Z', 'DURATION:PT1H', 'RRULE:FREQ=DAILY', 'BEGIN:VALARM', 'ACTION:DISPLAY', 'DESCRIPTION:x', 'TRIGGER:-PT15M', 'REPEAT:1', 'DURATION:PT5M', 'END:VALARM'));
    const alarm = first(body).components[0]!;
    const rings = alarm.instancesNear(range('2025-03-10T08:00:00Z', '2025-03-10T09:00:00Z')).instances.map((i) => iso(i.trigger));
    expect(rings).toContain('2025-03-10T08:45:00Z');
    expect(rings).toContain('2025-03-10T08:50:00Z');
  });
});

describe('expand', () => {
  const keepOverlapping = (r: { start: number; end: number }) => (_: string, i: CalendarInstance) => overlaps(i, r);

  it('writes a zoned weekly series as its instances in UTC, with RECURRENCE-ID and without RRULE/EXDATE/VTIMEZONE', () => {
    const body = calendar(BERLIN, event('DTSTART;TZID=Europe/Berlin:20250303T090000', 'DTEND;TZID=Europe/Berlin:20250303T100000', 'SUMMARY:Standup', 'RRULE:FREQ=WEEKLY', 'EXDATE;TZID=Europe/Berlin:20250317T090000'));
    const r = range('2025-03-09T00:00:00Z', '2025-04-01T00:00:00Z');
    const { body: out, truncated } = expandCalendar(body, r, keepOverlapping(r));
    expect(truncated).toBe(false);
    expect(out).not.toMatch(/RRULE|EXDATE|VTIMEZONE|TZID/);
    const starts = [...out.matchAll(/^DTSTART:(.*)\r$/gm)].map((m) => m[1]);
    const ids = [...out.matchAll(/^RECURRENCE-ID:(.*)\r$/gm)].map((m) => m[1]);
    const ends = [...out.matchAll(/^DTEND:(.*)\r$/gm)].map((m) => m[1]);
    expect(starts).toEqual(['20250310T080000Z', '20250324T080000Z', '20250331T070000Z']);
    expect(ids).toEqual(starts);
    expect(ends).toEqual(['20250310T090000Z', '20250324T090000Z', '20250331T080000Z']);
    expect(out.match(/SUMMARY:Standup/g)).toHaveLength(3);
  });

  it('writes an override as its own instance, in UTC', () => {
    const body = calendar(BERLIN, event('DTSTART;TZID=Europe/Berlin:20250303T090000', 'DURATION:PT1H', 'RRULE:FREQ=WEEKLY;COUNT=3'),
      event('RECURRENCE-ID;TZID=Europe/Berlin:20250310T090000', 'DTSTART;TZID=Europe/Berlin:20250311T140000', 'DURATION:PT1H', 'SUMMARY:moved'));
    const r = range('2025-03-09T00:00:00Z', '2025-03-13T00:00:00Z');
    const { body: out, truncated } = expandCalendar(body, r, keepOverlapping(r));
    expect(truncated).toBe(false);
    expect([...out.matchAll(/^DTSTART:(.*)\r$/gm)].map((m) => m[1])).toEqual(['20250311T130000Z']);
    expect(out).toMatch(/RECURRENCE-ID:20250310T080000Z\r\n/);
    expect(out).toContain('SUMMARY:moved');
  });

  it('says when a walk stopped at its cap before the range was walked, and not when the range fits', () => {
    const body = calendar(event('DTSTART:20250101T000000Z', 'DURATION:PT30M', 'RRULE:FREQ=HOURLY'));
    const year = range('2025-01-01T00:00:00Z', '2026-01-01T00:00:00Z');
    expect(expandCalendar(body, year, keepOverlapping(year)).truncated).toBe(true);
    const month = range('2025-01-01T00:00:00Z', '2025-02-01T00:00:00Z');
    const fits = expandCalendar(body, month, keepOverlapping(month));
    expect(fits.truncated).toBe(false);
    expect(fits.body.match(/^BEGIN:VEVENT\r$/gm)).toHaveLength(31 * 24);
  });

  it('keeps DATE values as DATEs', () => {
    const body = calendar(event('DTSTART;VALUE=DATE:20250310', 'DTEND;VALUE=DATE:20250311', 'RRULE:FREQ=DAILY;COUNT=5'));
    const r = range('2025-03-11T00:00:00Z', '2025-03-13T00:00:00Z');
    const { body: out, truncated } = expandCalendar(body, r, keepOverlapping(r));
    expect(truncated).toBe(false);
    expect([...out.matchAll(/^DTSTART;VALUE=DATE:(.*)\r$/gm)].map((m) => m[1])).toEqual(['20250311', '20250312']);
    expect([...out.matchAll(/^RECURRENCE-ID;VALUE=DATE:(.*)\r$/gm)].map((m) => m[1])).toEqual(['20250311', '20250312']);
  });
});

describe('free-busy', () => {
  it('writes a VFREEBUSY of the range with its periods', () => {
    const out = writeFreeBusy(range('2025-03-10T00:00:00Z', '2025-03-11T00:00:00Z'), [{ start: ms('2025-03-10T08:00:00Z'), end: ms('2025-03-10T09:00:00Z'), type: 'BUSY' }], ms('2025-03-01T00:00:00Z'));
    expect(out).toContain('BEGIN:VFREEBUSY\r\nDTSTAMP:20250301T000000Z\r\nDTSTART:20250310T000000Z\r\nDTEND:20250311T000000Z\r\nFREEBUSY;FBTYPE=BUSY:20250310T080000Z/20250310T090000Z\r\nEND:VFREEBUSY');
  });
});
