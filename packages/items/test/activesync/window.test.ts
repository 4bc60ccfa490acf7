/** FilterType's item questions: does an event (or its series) end after an instant; is a task complete. */
import { describe, expect, it } from 'vitest';
import { eventEndsAfter, MAX_OCCURRENCES, taskIsComplete } from '@atomsync/items';

const cal = (...lines: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', ...lines, 'END:VCALENDAR', ''].join('\r\n');
const event = (...lines: string[]) => cal('BEGIN:VEVENT', 'UID:e', 'SUMMARY:e', ...lines, 'END:VEVENT');
const at = (iso: string) => Date.parse(iso);

describe('eventEndsAfter', () => {
  const t = at('2026-06-15T12:00:00Z');
  it.each([
    ['ends before the instant', ['DTSTART:20260601T090000Z', 'DTEND:20260601T100000Z'], false],
    ['ends after it', ['DTSTART:20260615T110000Z', 'DTEND:20260615T130000Z'], true],
    ['starts after it', ['DTSTART:20260701T090000Z', 'DTEND:20260701T100000Z'], true],
    ['ends by DURATION after it', ['DTSTART:20260615T110000Z', 'DURATION:PT2H'], true],
    ['ends by DURATION before it', ['DTSTART:20260615T090000Z', 'DURATION:PT2H'], false],
    ['all day on the day before', ['DTSTART;VALUE=DATE:20260614', 'DTEND;VALUE=DATE:20260615'], false],
    ['all day on the day, no DTEND (a day long)', ['DTSTART;VALUE=DATE:20260615'], true],
    ['in a zone: 13:30 Berlin is 11:30Z, ends 12:30Z', ['DTSTART;TZID=Europe/Berlin:20260615T133000', 'DTEND;TZID=Europe/Berlin:20260615T143000'], true],
    ['in a zone: 12:00 Berlin is 10:00Z, ends 11:00Z', ['DTSTART;TZID=Europe/Berlin:20260615T120000', 'DTEND;TZID=Europe/Berlin:20260615T130000'], false],
    ['a series without end', ['DTSTART:20200101T090000Z', 'DTEND:20200101T100000Z', 'RRULE:FREQ=WEEKLY'], true],
    ['a series that ended (UNTIL)', ['DTSTART:20200101T090000Z', 'DTEND:20200101T100000Z', 'RRULE:FREQ=WEEKLY;UNTIL=20210101T000000Z'], false],
    ['a series still running (UNTIL)', ['DTSTART:20200101T090000Z', 'DTEND:20200101T100000Z', 'RRULE:FREQ=DAILY;UNTIL=20270101T000000Z'], true],
    ['a series that ended (COUNT)', ['DTSTART:20260101T090000Z', 'DTEND:20260101T100000Z', 'RRULE:FREQ=WEEKLY;COUNT=10'], false],
    ['a series still running (COUNT)', ['DTSTART:20260101T090000Z', 'DTEND:20260101T100000Z', 'RRULE:FREQ=WEEKLY;COUNT=30'], true],
    ['an added occurrence after it', ['DTSTART:20260101T090000Z', 'DTEND:20260101T100000Z', 'RDATE:20260620T090000Z'], true],
    ['no start: cannot place it, so sent', ['DESCRIPTION:x'], true],
  ])('%s', (_name, lines, expected) => {
    expect(eventEndsAfter(event(...lines), t)).toBe(expected);
  });

  it('counts an occurrence moved into the window (a RECURRENCE-ID VEVENT) though the series ended', () => {
    const ics = cal(
      'BEGIN:VEVENT', 'UID:s', 'DTSTART:20260101T090000Z', 'DTEND:20260101T100000Z', 'RRULE:FREQ=WEEKLY;COUNT=2', 'END:VEVENT',
      'BEGIN:VEVENT', 'UID:s', 'RECURRENCE-ID:20260108T090000Z', 'DTSTART:20260701T090000Z', 'DTEND:20260701T100000Z', 'END:VEVENT',
    );
    expect(eventEndsAfter(ics, t)).toBe(true);
  });

  it('stops walking a long bounded series at MAX_OCCURRENCES and counts it in', () => {
    // Minutely for years, ended long before t only after far more occurrences than are walked.
    const ics = event('DTSTART:20000101T000000Z', 'DTEND:20000101T000001Z', `RRULE:FREQ=MINUTELY;COUNT=${MAX_OCCURRENCES * 10}`);
    expect(eventEndsAfter(ics, t)).toBe(true);
  });

  it('sends what it cannot read', () => {
    expect(eventEndsAfter('not a calendar', t)).toBe(true);
  });
});

describe('taskIsComplete', () => {
  const task = (...lines: string[]) => cal('BEGIN:VTODO', 'UID:t', 'SUMMARY:t', ...lines, 'END:VTODO');
  it.each([
    ['STATUS:COMPLETED', [ 'STATUS:COMPLETED'], true],
    ['a COMPLETED time', ['COMPLETED:20260101T000000Z'], true],
    ['PERCENT-COMPLETE:100', ['PERCENT-COMPLETE:100'], true],
    ['STATUS:NEEDS-ACTION', ['STATUS:NEEDS-ACTION'], false],
    ['nothing said', [], false],
  ])('%s', (_name, lines, expected) => {
    expect(taskIsComplete(task(...lines))).toBe(expected);
  });
});
