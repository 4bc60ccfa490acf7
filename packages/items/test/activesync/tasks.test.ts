/**
 * The task mapping rule by rule (MS-ASTASK, MS-ASCMD ghosting): element names of
 * spec/activesync/code-pages.json in MS-ASTASK's order, start and due dates local and UTC,
 * completion, importance, reminders, recurrence, bodies by version, what the phone does not send.
 */
import { describe, expect, it } from 'vitest';
import { AIRSYNC_VERSIONS, TASK_ELEMENTS, taskFromAirSync, taskToAirSync, type AirSyncProperty, type AirSyncVersion } from '@atomsync/items';
import { BERLIN, TAGS, componentLines, container, countOf, namesIn, replaced, vcalendar, vtodo } from './calendar-support.js';
import { crlf, elementOf, valueOf } from './support.js';

const v14 = { version: '14.0' } as const;
const todoLines = (text: string) => componentLines(text, 'VTODO');

function change(ical: string, version: AirSyncVersion, edits: Readonly<Record<string, string | AirSyncProperty | null>> = {}): AirSyncProperty[] {
  let out = taskToAirSync(ical, { version });
  for (const [name, edit] of Object.entries(edits)) {
    out = edit === null ? out.filter((p) => p.name !== name) : replaced(out, typeof edit === 'string' ? { name, text: edit } : edit);
  }
  return out;
}

const full = vcalendar(
  ...BERLIN,
  'BEGIN:VTODO',
  'UID:task-1@example.com',
  'DTSTAMP:20250101T000000Z',
  'SUMMARY:Steuererklärung',
  'DESCRIPTION:Belege\\nsammeln',
  'DTSTART;TZID=Europe/Berlin:20250601T090000',
  'DUE;TZID=Europe/Berlin:20250731T180000',
  'PRIORITY:1',
  'CLASS:CONFIDENTIAL',
  'CATEGORIES:Finanzen,Privat',
  'RRULE:FREQ=YEARLY;COUNT=5',
  'X-CUSTOM:kept',
  'BEGIN:VALARM',
  'ACTION:DISPLAY',
  'DESCRIPTION:Steuererklärung',
  'TRIGGER;RELATED=END:-P1D',
  'END:VALARM',
  'END:VTODO',
);

describe('the table', () => {
  it('names only elements of spec/activesync/code-pages.json, for the versions that have them, in MS-ASTASK’s order', () => {
    const order = TASK_ELEMENTS.map((e) => e.name);
    for (const version of AIRSYNC_VERSIONS) {
      const sent = taskToAirSync(full, { version, bodyTruncation: 3, bodyPreference: { type: 1, truncationSize: 3 } });
      for (const name of namesIn(sent)) expect(TAGS.get(name), `${name} in ${version}`).toContain(version);
      const at = sent.map((p) => order.indexOf(p.name.startsWith('Tasks:Body') ? 'Tasks:Body' : p.name));
      expect(at).toEqual([...at].sort((a, b) => a - b));
    }
    for (const element of TASK_ELEMENTS) expect(TAGS.has(element.name), element.name).toBe(true);
  });

  it('sends every element of a full task', () => {
    const sent = taskToAirSync(full, v14);
    expect(sent.map((p) => p.name)).toEqual(TASK_ELEMENTS.filter((e) => e.name !== 'Tasks:Body' && e.name !== 'Tasks:DateCompleted').map((e) => e.name));
    expect(Object.fromEntries(sent.filter((p) => !p.children).map((p) => [p.name, p.text]))).toEqual({
      'Tasks:Complete': '0',
      'Tasks:DueDate': '2025-07-31T18:00:00.000Z',
      'Tasks:Importance': '2',
      'Tasks:ReminderSet': '1',
      'Tasks:ReminderTime': '2025-07-30T16:00:00.000Z',
      'Tasks:Sensitivity': '3',
      'Tasks:StartDate': '2025-06-01T09:00:00.000Z',
      'Tasks:Subject': 'Steuererklärung',
      'Tasks:UtcDueDate': '2025-07-31T16:00:00.000Z',
      'Tasks:UtcStartDate': '2025-06-01T07:00:00.000Z',
    });
    expect(valueOf(sent, 'Tasks:Categories')).toBe('Finanzen|Privat');
    expect(elementOf(sent, 'Tasks:Recurrence')).toEqual(
      container('Tasks:Recurrence', {
        'Tasks:Type': '5',
        'Tasks:Start': '2025-06-01T09:00:00.000Z',
        'Tasks:Occurrences': '5',
        'Tasks:Interval': '1',
        'Tasks:DayOfMonth': '1',
        'Tasks:MonthOfYear': '6',
        'Tasks:Regenerate': '0',
        'Tasks:DeadOccur': '0',
        'Tasks:CalendarType': '0',
      }),
    );
  });

  it('leaves the task as written when the phone sends it back, with or without a Supported list', () => {
    for (const version of AIRSYNC_VERSIONS) {
      for (const supported of [undefined, TASK_ELEMENTS.map((e) => e.name), []]) {
        expect(taskFromAirSync(taskToAirSync(full, { version }), { version, previous: full, supported })).toBe(full.replace('PRODID:-//test//EN\r\n', 'PRODID:-//test//EN\r\n'));
      }
    }
  });
});

describe('start and due dates', () => {
  it.each<[string, string, string, string]>([
    ['a day', 'DUE;VALUE=DATE:20250731', '2025-07-31T00:00:00.000Z', '2025-07-31T00:00:00.000Z'],
    ['UTC', 'DUE:20250731T160000Z', '2025-07-31T16:00:00.000Z', '2025-07-31T16:00:00.000Z'],
    ['a zone (bare IANA TZID)', 'DUE;TZID=America/New_York:20250731T120000', '2025-07-31T12:00:00.000Z', '2025-07-31T16:00:00.000Z'],
    ['floating', 'DUE:20250731T120000', '2025-07-31T12:00:00.000Z', '2025-07-31T12:00:00.000Z'],
  ])('%s: DueDate is the local time, UtcDueDate the instant', (_, due, local, utc) => {
    const sent = taskToAirSync(vtodo('UID:d', 'SUMMARY:d', due), v14);
    expect([valueOf(sent, 'Tasks:DueDate'), valueOf(sent, 'Tasks:UtcDueDate')]).toEqual([local, utc]);
  });

  it('a due date from DTSTART and DURATION', () => {
    const sent = taskToAirSync(vtodo('UID:d', 'DTSTART:20250731T080000Z', 'DURATION:PT2H'), v14);
    expect(valueOf(sent, 'Tasks:UtcDueDate')).toBe('2025-07-31T10:00:00.000Z');
  });

  it('a phone’s local midnight is the day; a time keeps the zone while local and UTC differ by its offset', () => {
    // A phone in Berlin: the day as its local midnight, 22:00 UTC the day before.
    const day = taskFromAirSync([{ name: 'Tasks:DueDate', text: '2025-07-31T00:00:00.000Z' }, { name: 'Tasks:UtcDueDate', text: '2025-07-30T22:00:00.000Z' }, { name: 'Tasks:Subject', text: 's' }], v14);
    expect(todoLines(day)).toContain('DUE;VALUE=DATE:20250731');
    const moved = taskFromAirSync(change(full, '14.0', { 'Tasks:DueDate': '2025-08-01T18:00:00.000Z', 'Tasks:UtcDueDate': '2025-08-01T16:00:00.000Z' }), { version: '14.0', previous: full });
    expect(todoLines(moved)).toContain('DUE;TZID=Europe/Berlin:20250801T180000');
    const utc = taskFromAirSync(change(full, '14.0', { 'Tasks:DueDate': '2025-08-01T18:00:00.000Z', 'Tasks:UtcDueDate': '2025-08-01T18:00:00.000Z' }), { version: '14.0', previous: full });
    expect(todoLines(utc)).toContain('DUE:20250801T180000Z');
    // The phone sends its own UTC of a day we sent as midnight: still that day, the line as it was.
    const dated = vtodo('UID:x', 'DUE;VALUE=DATE:20250731');
    const back = taskFromAirSync(change(dated, '14.0', { 'Tasks:UtcDueDate': '2025-07-30T22:00:00.000Z' }), { version: '14.0', previous: dated });
    expect(todoLines(back)).toEqual(['UID:x', 'DUE;VALUE=DATE:20250731']);
  });

  it('dates left out are deleted when the phone carries them; bad ones change nothing', () => {
    const noDue = taskFromAirSync(change(full, '14.0', { 'Tasks:DueDate': null, 'Tasks:UtcDueDate': null }), { version: '14.0', previous: full });
    expect(todoLines(noDue).some((l) => l.startsWith('DUE'))).toBe(false);
    const ghosted = taskFromAirSync(change(full, '14.0', { 'Tasks:DueDate': null, 'Tasks:UtcDueDate': null }), { version: '14.0', previous: full, supported: ['Tasks:Subject'] });
    expect(todoLines(ghosted)).toEqual(todoLines(full));
    const bad = taskFromAirSync(change(full, '14.0', { 'Tasks:DueDate': 'tomorrow', 'Tasks:UtcDueDate': '2025-13-45T00:00:00.000Z' }), { version: '14.0', previous: full });
    expect(todoLines(bad)).toEqual(todoLines(full));
  });
});

describe('completion and importance', () => {
  it.each<[string[], string, string | undefined]>([
    [['STATUS:COMPLETED', 'COMPLETED:20250702T100000Z'], '1', '2025-07-02T10:00:00.000Z'],
    [['PERCENT-COMPLETE:100', 'LAST-MODIFIED:20250703T100000Z'], '1', '2025-07-03T10:00:00.000Z'],
    [['STATUS:COMPLETED', 'DTSTAMP:20250704T100000Z'], '1', '2025-07-04T10:00:00.000Z'],
    [['STATUS:NEEDS-ACTION'], '0', undefined],
    [['STATUS:IN-PROCESS', 'PERCENT-COMPLETE:50'], '0', undefined],
  ])('%j: Complete %s, DateCompleted %s', (lines, complete, date) => {
    const sent = taskToAirSync(vtodo('UID:c', ...lines), v14);
    expect([valueOf(sent, 'Tasks:Complete'), valueOf(sent, 'Tasks:DateCompleted')]).toEqual([complete, date]);
  });

  it('the phone completes a task and opens it again', () => {
    const open = vtodo('UID:c', 'SUMMARY:c', 'STATUS:NEEDS-ACTION', 'PERCENT-COMPLETE:30');
    const done = taskFromAirSync(change(open, '14.0', { 'Tasks:Complete': '1', 'Tasks:DateCompleted': '2025-07-02T10:00:00.000Z' }), { version: '14.0', previous: open });
    expect(todoLines(done)).toEqual(['UID:c', 'SUMMARY:c', 'STATUS:COMPLETED', 'PERCENT-COMPLETE:30', 'COMPLETED:20250702T100000Z']);
    const again = taskFromAirSync(change(done, '14.0', { 'Tasks:Complete': '0', 'Tasks:DateCompleted': null }), { version: '14.0', previous: done });
    expect(todoLines(again)).toEqual(['UID:c', 'SUMMARY:c', 'STATUS:NEEDS-ACTION', 'PERCENT-COMPLETE:30']);
  });

  it.each<[string, string, string]>([
    ['', '1', ''],
    ['PRIORITY:0', '1', 'PRIORITY:0'],
    ['PRIORITY:1', '2', 'PRIORITY:1'],
    ['PRIORITY:4', '2', 'PRIORITY:4'],
    ['PRIORITY:5', '1', 'PRIORITY:5'],
    ['PRIORITY:9', '0', 'PRIORITY:9'],
  ])('%s is Importance %s', (line, importance) => {
    expect(valueOf(taskToAirSync(vtodo('UID:p', ...(line ? [line] : [])), v14), 'Tasks:Importance')).toBe(importance);
  });

  it.each([['0', 'PRIORITY:9'], ['1', 'PRIORITY:5'], ['2', 'PRIORITY:1']])('the phone’s Importance %s is %s', (importance, line) => {
    const task = vtodo('UID:p', 'PRIORITY:3');
    const back = taskFromAirSync(change(task, '14.0', { 'Tasks:Importance': importance }), { version: '14.0', previous: task });
    expect(todoLines(back)).toContain(importance === '2' ? 'PRIORITY:3' : line);
  });
});

describe('reminders', () => {
  it('ReminderSet and ReminderTime from the first alarm we can place; a changed time is an absolute TRIGGER; 0 removes it', () => {
    const sent = taskToAirSync(full, v14);
    expect([valueOf(sent, 'Tasks:ReminderSet'), valueOf(sent, 'Tasks:ReminderTime')]).toEqual(['1', '2025-07-30T16:00:00.000Z']);
    const moved = taskFromAirSync(change(full, '14.0', { 'Tasks:ReminderTime': '2025-07-31T06:00:00.000Z' }), { version: '14.0', previous: full });
    expect(componentLines(moved, 'VALARM')).toEqual(['ACTION:DISPLAY', 'DESCRIPTION:Steuererklärung', 'TRIGGER;VALUE=DATE-TIME:20250731T060000Z']);
    const off = taskFromAirSync(change(full, '14.0', { 'Tasks:ReminderSet': '0', 'Tasks:ReminderTime': null }), { version: '14.0', previous: full });
    expect(countOf(off, 'VALARM')).toBe(0);
    const none = vtodo('UID:r', 'SUMMARY:Call', 'DUE:20250731T160000Z');
    expect(valueOf(taskToAirSync(none, v14), 'Tasks:ReminderSet')).toBe('0');
    const added = taskFromAirSync(change(none, '14.0', { 'Tasks:ReminderSet': '1', 'Tasks:ReminderTime': '2025-07-31T15:00:00.000Z' }), { version: '14.0', previous: none });
    expect(componentLines(added, 'VALARM')).toEqual(['ACTION:DISPLAY', 'DESCRIPTION:Call', 'TRIGGER;VALUE=DATE-TIME:20250731T150000Z']);
  });

  it('an alarm it cannot place is no reminder to the phone, and stays; a reminder the phone sets is added beside it', () => {
    const odd = vtodo('UID:r', 'SUMMARY:x', 'BEGIN:VALARM', 'ACTION:DISPLAY', 'DESCRIPTION:x', 'TRIGGER:-PT5M', 'END:VALARM');
    const sent = taskToAirSync(odd, v14);
    expect(valueOf(sent, 'Tasks:ReminderSet')).toBe('0');
    expect(taskFromAirSync(sent, { version: '14.0', previous: odd })).toBe(odd);
    const set = taskFromAirSync(change(odd, '14.0', { 'Tasks:ReminderSet': '1', 'Tasks:ReminderTime': '2025-07-31T15:00:00.000Z' }), { version: '14.0', previous: odd });
    expect(countOf(set, 'VALARM')).toBe(2);
    expect(componentLines(set, 'VALARM')).toEqual(componentLines(odd, 'VALARM'));
  });
});

describe('recurrence', () => {
  it.each<[string, Record<string, string>, string]>([
    ['daily from a day', { 'Tasks:Type': '0', 'Tasks:Start': '2025-06-02T00:00:00.000Z', 'Tasks:Interval': '2', 'Tasks:Until': '2025-06-30T00:00:00.000Z' }, 'RRULE:FREQ=DAILY;INTERVAL=2;UNTIL=20250630'],
    ['weekly, regenerating', { 'Tasks:Type': '1', 'Tasks:Start': '2025-06-02T00:00:00.000Z', 'Tasks:DayOfWeek': '34', 'Tasks:Regenerate': '1' }, 'RRULE:FREQ=WEEKLY;BYDAY=MO,FR'],
    ['monthly on the last Friday, dead occurrence', { 'Tasks:Type': '3', 'Tasks:Start': '2025-06-02T00:00:00.000Z', 'Tasks:WeekOfMonth': '5', 'Tasks:DayOfWeek': '32', 'Tasks:Occurrences': '3', 'Tasks:DeadOccur': '1' }, 'RRULE:FREQ=MONTHLY;BYDAY=-1FR;COUNT=3'],
  ])('%s', (_, children, rrule) => {
    const ical = taskFromAirSync([{ name: 'Tasks:Subject', text: 'r' }, container('Tasks:Recurrence', children)], v14);
    const lines = todoLines(ical);
    expect(lines).toContain(rrule);
    expect(lines).toContain('DTSTART;VALUE=DATE:20250602');
    expect(lines.includes('X-ACTIVESYNC-REGENERATE:1')).toBe(children['Tasks:Regenerate'] === '1');
    expect(lines.includes('X-ACTIVESYNC-DEADOCCUR:1')).toBe(children['Tasks:DeadOccur'] === '1');
    const back = elementOf(taskToAirSync(ical, v14), 'Tasks:Recurrence');
    for (const [name, text] of Object.entries(children)) expect(valueOf(back.children!, name), name).toBe(text);
  });

  it('a rule ActiveSync cannot say is kept; the phone’s removal of a rule it had removes it', () => {
    const hourly = vtodo('UID:h', 'SUMMARY:h', 'DTSTART:20250602T080000Z', 'RRULE:FREQ=HOURLY');
    expect(taskToAirSync(hourly, v14).map((p) => p.name)).not.toContain('Tasks:Recurrence');
    expect(todoLines(taskFromAirSync(change(hourly, '14.0'), { version: '14.0', previous: hourly }))).toEqual(todoLines(hourly));
    const gone = taskFromAirSync(change(full, '14.0', { 'Tasks:Recurrence': null }), { version: '14.0', previous: full });
    expect(todoLines(gone).some((l) => l.startsWith('RRULE'))).toBe(false);
  });
});

describe('bodies, text and what the phone does not send', () => {
  it('2.5: Tasks:Body, BodySize when cut, BodyTruncated; 12.0+: AirSyncBase:Body; a cut body changes nothing', () => {
    expect(taskToAirSync(full, { version: '2.5', bodyTruncation: 6 }).filter((p) => p.name.startsWith('Tasks:Body'))).toEqual([
      { name: 'Tasks:Body', text: 'Belege' },
      { name: 'Tasks:BodySize', text: '14' },
      { name: 'Tasks:BodyTruncated', text: '1' },
    ]);
    expect(valueOf(elementOf(taskToAirSync(full, v14), 'AirSyncBase:Body').children!, 'AirSyncBase:Data')).toBe('Belege\nsammeln');
    expect(taskFromAirSync(taskToAirSync(full, { version: '2.5', bodyTruncation: 6 }), { version: '2.5', previous: full })).toBe(full);
    expect(taskFromAirSync(taskToAirSync(full, { version: '14.0', bodyPreference: { type: 1, truncationSize: 6 } }), { version: '14.0', previous: full })).toBe(full);
  });

  it('changes only the changed line; keeps X- properties, other alarms and components', () => {
    const back = taskFromAirSync(change(full, '14.0', { 'Tasks:Subject': 'Steuern' }), { version: '14.0', previous: full });
    expect(back).toBe(full.replace('SUMMARY:Steuererklärung\r\n', 'SUMMARY:Steuern\r\n'));
  });

  it('an element left out is deleted when carried, kept when ghosted; Complete never', () => {
    const cut = change(full, '14.0', { 'Tasks:Sensitivity': null, 'Tasks:Categories': null, 'Tasks:Complete': null });
    expect(todoLines(taskFromAirSync(cut, { version: '14.0', previous: full })).filter((l) => /^(CLASS|CATEGORIES)/.test(l))).toEqual([]);
    expect(todoLines(taskFromAirSync(cut, { version: '14.0', previous: full, supported: ['Subject'] }))).toEqual(todoLines(full));
  });

  it('a new task from the phone gets a UID and a DTSTAMP', () => {
    const lines = todoLines(taskFromAirSync([{ name: 'Tasks:Subject', text: 'New' }, { name: 'Tasks:Complete', text: '0' }], v14));
    expect(lines[0]).toMatch(/^UID:[0-9a-f-]{36}$/);
    expect(lines[1]).toMatch(/^DTSTAMP:\d{8}T\d{6}Z$/);
    expect(lines.slice(2)).toEqual(['SUMMARY:New']);
  });

  it('reads a vCalendar 1.0 VTODO and writes 2.0', () => {
    const v10 = crlf(
      'BEGIN:VCALENDAR',
      'VERSION:1.0',
      'BEGIN:VTODO',
      'SUMMARY;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8:Steuererkl=C3=A4rung abgeben',
      'DUE:20250731T220000Z',
      'PRIORITY:1',
      'STATUS:NEEDS ACTION',
      'CLASS:PRIVATE',
      'AALARM:20250730T080000Z;;;',
      'END:VTODO',
      'END:VCALENDAR',
    );
    const sent = taskToAirSync(v10, v14);
    expect(Object.fromEntries(sent.map((p) => [p.name, p.text]))).toMatchObject({
      'Tasks:Subject': 'Steuererklärung abgeben',
      'Tasks:UtcDueDate': '2025-07-31T22:00:00.000Z',
      'Tasks:Importance': '2',
      'Tasks:Sensitivity': '2',
      'Tasks:Complete': '0',
      'Tasks:ReminderTime': '2025-07-30T08:00:00.000Z',
    });
    const back = taskFromAirSync(sent, { version: '14.0', previous: v10 });
    expect(todoLines(back)).toEqual(expect.arrayContaining(['SUMMARY:Steuererklärung abgeben', 'STATUS:NEEDS-ACTION']));
    expect(taskToAirSync(back, v14)).toEqual(sent);
  });

  // Linear: a quadratic parser does not finish a megabyte within the test's timeout (the bound against a hang); speed is the benchmarks'.
  it('every parser is linear: a megabyte of a value changes nothing', () => {
    const huge = '9'.repeat(1_000_000);
    const back = taskFromAirSync(
      change(full, '14.0', { 'Tasks:DueDate': huge, 'Tasks:UtcDueDate': huge, 'Tasks:ReminderTime': huge, 'Tasks:Importance': huge, 'Tasks:Recurrence': container('Tasks:Recurrence', { 'Tasks:Type': huge }) }),
      { version: '14.0', previous: full },
    );
    expect(back).toBe(full);
  });
});
