/**
 * The value kinds read together or against others (src/activesync/codec/kinds/): a task's date
 * pair, the two reminders, an event's times and a series' exceptions, each driven by the walker
 * through a class that is nothing but a table — as a new class would be. One rule per row.
 */
import { describe, expect, it } from 'vitest';
import { CalendarZones, type ItemComponent, readCalendarDoc, writeCalendarDoc } from '../../src/activesync/calendar-item.js';
import { type PropertyElement, propertyText } from '../../src/activesync/codec/ical.js';
import { datePairKind } from '../../src/activesync/codec/kinds/date-pair.js';
import { exceptions, masterOf } from '../../src/activesync/codec/kinds/exceptions.js';
import { type Anchors, minutesBefore, ringsAt } from '../../src/activesync/codec/kinds/reminder.js';
import { text } from '../../src/activesync/codec/kinds/text.js';
import { phoneOffsetsOf, sentTimes, times, timesOf } from '../../src/activesync/codec/kinds/times.js';
import { type AnyKind, type ItemCodec, applyElements, encodeItem, kind } from '../../src/activesync/codec/walk.js';
import type { AirSyncProperty, AirSyncVersion } from '../../src/index.js';
import { BERLIN, componentLines, vcalendar, vevent, vtodo } from './calendar-support.js';

type Row = PropertyElement & { readonly kind?: string; readonly inException?: true };

interface Ctx {
  readonly version: AirSyncVersion;
  readonly doc: ReturnType<typeof readCalendarDoc>;
  readonly zones: CalendarZones;
  readonly phoneOffsets: (ms: number) => number;
}
interface Item {
  readonly c: ItemComponent;
  readonly ctx: Ctx;
}

/** A class: its table and the kind of each row, nothing else. */
function tableClass(rows: readonly Row[], kinds: (row: Row) => AnyKind<Item, Row>): ItemCodec<Item, Row> {
  return { elements: rows, kindOf: kinds };
}

function open(ical: string, name: string, sent: readonly AirSyncProperty[] = [], timeRows: readonly Row[] = []): Item {
  const doc = readCalendarDoc(ical);
  const c = masterOf(doc, name)!;
  const zones = new CalendarZones(doc);
  const phoneOffsets = phoneOffsetsOf(c, sentTimes(timeRows, new Map(sent.map((p) => [p.name, p]))), zones);
  return { c, ctx: { version: '14.0', doc, zones, phoneOffsets } };
}

function apply(codec: ItemCodec<Item, Row>, item: Item, sent: readonly AirSyncProperty[], supported?: readonly string[]): string {
  applyElements(codec, { sent: new Map(sent.map((p) => [p.name, p])), item, version: item.ctx.version, supported });
  return writeCalendarDoc(item.ctx.doc);
}

const p = (name: string, text: string): AirSyncProperty => ({ name, text });

// ---- a task's date: two rows, one value ------------------------------------------------------------------

describe('the date pair (local time as UTC, and the instant) ↔ DTSTART', () => {
  const rows: readonly Row[] = [
    { name: 'T:Start', kind: 'date', property: 'DTSTART', group: 'start', member: 'local', guarded: true } as Row,
    { name: 'T:UtcStart', kind: 'date', property: 'DTSTART', group: 'start', member: 'utc', guarded: true } as Row,
  ];
  const codec = tableClass(rows, () => datePairKind);
  const zoned = vcalendar(...BERLIN, 'BEGIN:VTODO', 'UID:t', 'DTSTART;TZID=Europe/Berlin:20250601T090000', 'SUMMARY:x', 'END:VTODO');

  it('sends the wall time as UTC and the instant', () => {
    expect(encodeItem(codec, open(zoned, 'VTODO'), { version: '14.0' })).toEqual([p('T:Start', '2025-06-01T09:00:00.000Z'), p('T:UtcStart', '2025-06-01T07:00:00.000Z')]);
  });

  const rowsOf: readonly { readonly rule: string; readonly ical?: string; readonly sent: readonly AirSyncProperty[]; readonly supported?: readonly string[]; readonly line: string | undefined }[] = [
    { rule: 'both sent back as we sent them: the line as written', sent: [p('T:Start', '2025-06-01T09:00:00.000Z'), p('T:UtcStart', '2025-06-01T07:00:00.000Z')], line: 'DTSTART;TZID=Europe/Berlin:20250601T090000' },
    { rule: 'one sent back as we sent it: the line as written', sent: [p('T:UtcStart', '2025-06-01T07:00:00.000Z')], line: 'DTSTART;TZID=Europe/Berlin:20250601T090000' },
    { rule: 'moved, the two a zone offset apart: the zone kept', sent: [p('T:Start', '2025-06-02T10:00:00.000Z'), p('T:UtcStart', '2025-06-02T08:00:00.000Z')], line: 'DTSTART;TZID=Europe/Berlin:20250602T100000' },
    { rule: 'moved, the two not the zone\'s offset apart: the instant in UTC', sent: [p('T:Start', '2025-06-02T10:00:00.000Z'), p('T:UtcStart', '2025-06-02T10:00:00.000Z')], line: 'DTSTART:20250602T100000Z' },
    { rule: 'a local midnight: the day', sent: [p('T:Start', '2025-06-03T00:00:00.000Z'), p('T:UtcStart', '2025-06-02T22:00:00.000Z')], line: 'DTSTART;VALUE=DATE:20250603' },
    { rule: 'a local time alone: floating', sent: [p('T:Start', '2025-06-02T10:00:00.000Z')], line: 'DTSTART:20250602T100000' },
    { rule: 'neither readable: nothing changes', sent: [p('T:Start', 'soon'), p('T:UtcStart', '')], line: 'DTSTART;TZID=Europe/Berlin:20250601T090000' },
    { rule: 'both left out by a phone that carries them: removed', sent: [], line: undefined },
    { rule: 'both left out, ghosted: kept', sent: [], supported: ['T:Other'], line: 'DTSTART;TZID=Europe/Berlin:20250601T090000' },
    {
      rule: 'a zone we cannot read (withheld, never sent): kept whatever is sent',
      ical: vtodo('UID:t', 'DTSTART;TZID=Nowhere/Unknown:20250601T090000'),
      sent: [p('T:Start', '2025-06-02T10:00:00.000Z')],
      line: 'DTSTART;TZID=Nowhere/Unknown:20250601T090000',
    },
  ];
  for (const row of rowsOf) {
    it(row.rule, () => {
      const out = apply(codec, open(row.ical ?? zoned, 'VTODO'), row.sent, row.supported);
      expect(componentLines(out, 'VTODO').find((l) => l.startsWith('DTSTART'))).toBe(row.line);
    });
  }
});

// ---- reminders ---------------------------------------------------------------------------------------------

const alarm = (...lines: string[]) => ['BEGIN:VALARM', 'ACTION:DISPLAY', 'DESCRIPTION:r', ...lines, 'END:VALARM'];
const anchorsOf = ({ c, ctx }: Item): Anchors => {
  const t = timesOf(c, ctx.zones);
  return t && t !== 'withheld' ? { start: t.start, end: t.end, zones: ctx.zones } : { start: null, end: null, zones: ctx.zones };
};

describe('an event\'s Reminder: minutes before the start', () => {
  const codec = tableClass([{ name: 'E:Reminder', kind: 'reminder' } as Row], () => minutesBefore(anchorsOf));
  const event = (...alarmLines: string[][]) => vevent(['UID:e', 'DTSTART:20250601T100000Z', 'DTEND:20250601T110000Z', 'SUMMARY:Talk', ...alarmLines.flat()]);
  const sends: readonly { readonly rule: string; readonly ical: string; readonly sent: readonly AirSyncProperty[] }[] = [
    { rule: 'a relative trigger', ical: event(alarm('TRIGGER:-PT15M')), sent: [p('E:Reminder', '15')] },
    { rule: 'an absolute trigger, placed against the start', ical: event(alarm('TRIGGER;VALUE=DATE-TIME:20250601T094500Z')), sent: [p('E:Reminder', '15')] },
    { rule: 'the first alarm that rings a whole number of minutes before', ical: event(alarm('TRIGGER:-PT30S'), alarm('TRIGGER:PT5M'), alarm('TRIGGER:-PT1H')), sent: [p('E:Reminder', '60')] },
    { rule: 'none when no alarm does (withheld)', ical: event(alarm('TRIGGER:PT5M')), sent: [] },
    { rule: 'none without alarms', ical: event(), sent: [] },
  ];
  for (const row of sends) it(`sends ${row.rule}`, () => expect(encodeItem(codec, open(row.ical, 'VEVENT'), { version: '14.0' })).toEqual(row.sent));

  it('moves the reminder alarm\'s trigger where it was, and keeps the alarm it could not send', () => {
    const out = apply(codec, open(event(alarm('TRIGGER:PT5M'), alarm('TRIGGER:-PT15M', 'X-KEEP:1')), 'VEVENT'), [p('E:Reminder', '60')]);
    expect(componentLines(out, 'VALARM', 0)).toContain('TRIGGER:PT5M');
    expect(componentLines(out, 'VALARM', 1)).toEqual(['ACTION:DISPLAY', 'DESCRIPTION:r', 'TRIGGER:-PT1H', 'X-KEEP:1']);
  });

  it('adds an alarm showing the summary, and an empty Reminder removes it', () => {
    const added = apply(codec, open(event(), 'VEVENT'), [p('E:Reminder', '1440')]);
    expect(componentLines(added, 'VALARM')).toEqual(['ACTION:DISPLAY', 'DESCRIPTION:Talk', 'TRIGGER:-P1D']);
    expect(apply(codec, open(added, 'VEVENT'), [p('E:Reminder', '')])).not.toContain('BEGIN:VALARM');
  });

  it('a Reminder that is no number of minutes changes nothing', () => {
    const ical = event(alarm('TRIGGER:-PT15M'));
    expect(componentLines(apply(codec, open(ical, 'VEVENT'), [p('E:Reminder', 'soon')]), 'VALARM')).toContain('TRIGGER:-PT15M');
  });
});

describe('a task\'s ReminderSet and ReminderTime: one value, the instant it rings', () => {
  const rows: readonly Row[] = [
    { name: 'T:ReminderSet', kind: 'reminder', group: 'reminder', member: 'set' } as Row,
    { name: 'T:ReminderTime', kind: 'reminder', group: 'reminder', member: 'time' } as Row,
  ];
  const taskAnchors = ({ ctx }: Item): Anchors => ({ start: Date.UTC(2025, 5, 1, 9), end: null, zones: ctx.zones });
  const codec = tableClass(rows, () => ringsAt(taskAnchors));
  const task = (...alarmLines: string[][]) => vtodo('UID:t', 'DTSTART:20250601T090000Z', 'SUMMARY:Call', ...alarmLines.flat());

  it('sends the instant of the first alarm it can place, or ReminderSet 0', () => {
    expect(encodeItem(codec, open(task(alarm('TRIGGER:-PT10M')), 'VTODO'), { version: '14.0' })).toEqual([p('T:ReminderSet', '1'), p('T:ReminderTime', '2025-06-01T08:50:00.000Z')]);
    expect(encodeItem(codec, open(task(), 'VTODO'), { version: '14.0' })).toEqual([p('T:ReminderSet', '0')]);
  });

  const rowsOf: readonly { readonly rule: string; readonly ical: string; readonly sent: readonly AirSyncProperty[]; readonly supported?: readonly string[]; readonly trigger: string | undefined }[] = [
    { rule: 'sent back as it was: the relative trigger as written', ical: task(alarm('TRIGGER:-PT10M')), sent: [p('T:ReminderSet', '1'), p('T:ReminderTime', '2025-06-01T08:50:00.000Z')], trigger: 'TRIGGER:-PT10M' },
    { rule: 'another time: an absolute trigger', ical: task(alarm('TRIGGER:-PT10M')), sent: [p('T:ReminderSet', '1'), p('T:ReminderTime', '2025-06-01T08:00:00.000Z')], trigger: 'TRIGGER;VALUE=DATE-TIME:20250601T080000Z' },
    { rule: 'a time alone sets it', ical: task(), sent: [p('T:ReminderTime', '2025-06-01T08:00:00.000Z')], trigger: 'TRIGGER;VALUE=DATE-TIME:20250601T080000Z' },
    { rule: 'ReminderSet 0 removes it', ical: task(alarm('TRIGGER:-PT10M')), sent: [p('T:ReminderSet', '0')], trigger: undefined },
    { rule: 'ReminderSet 1 without a time we can read: nothing changes', ical: task(alarm('TRIGGER:-PT10M')), sent: [p('T:ReminderSet', '1'), p('T:ReminderTime', 'later')], trigger: 'TRIGGER:-PT10M' },
    { rule: 'both left out by a phone that carries them: removed', ical: task(alarm('TRIGGER:-PT10M')), sent: [], trigger: undefined },
    { rule: 'both left out, ghosted: kept', ical: task(alarm('TRIGGER:-PT10M')), sent: [], supported: ['T:Subject'], trigger: 'TRIGGER:-PT10M' },
  ];
  for (const row of rowsOf) {
    it(row.rule, () => {
      const out = apply(codec, open(row.ical, 'VTODO'), row.sent, row.supported);
      expect(componentLines(out, 'VALARM').find((l) => l.startsWith('TRIGGER'))).toBe(row.trigger);
    });
  }
});

// ---- an event's times and a series' exceptions ----------------------------------------------------------

describe('the times and the exceptions of a series: a class that is only a table', () => {
  const TIMES = { kind: 'times', group: 'times', phase: -1, keep: true, guarded: true } as const;
  const rows: readonly Row[] = [
    { name: 'E:Timezone', ...TIMES, member: 'timezone' } as Row,
    { name: 'E:AllDay', ...TIMES, member: 'allDay', inException: true } as Row,
    { name: 'E:End', ...TIMES, member: 'end', inException: true } as Row,
    { name: 'E:Subject', kind: 'text', property: 'SUMMARY', inException: true } as Row,
    { name: 'E:Start', ...TIMES, member: 'start', inException: true } as Row,
    { name: 'Calendar:Exceptions', kind: 'exceptions', phase: 2, guarded: true } as Row,
  ];
  const subject = kind(text, propertyText);
  const exceptionsKind = exceptions<Item, Row>({
    codec: () => codec,
    inException: (row) => row.inException === true,
    isTime: (row) => row.kind === 'times',
    rule: ({ c }) => (c.lines.some((l) => l.name === 'RRULE') ? { value: 'rule' } : undefined),
    itemOf: ({ ctx }, c) => ({ c, ctx }),
  });
  const codec: ItemCodec<Item, Row> = tableClass(rows, (row) => (row.kind === 'times' ? times : row.kind === 'text' ? subject : exceptionsKind));
  const series = (...after: string[]) =>
    vevent(['UID:s', 'DTSTART;TZID=Europe/Berlin:20250602T090000', 'DTEND;TZID=Europe/Berlin:20250602T100000', 'RRULE:FREQ=DAILY;COUNT=5', 'SUMMARY:Standup'], after, BERLIN);
  const moved = ['BEGIN:VEVENT', 'UID:s', 'RECURRENCE-ID;TZID=Europe/Berlin:20250603T090000', 'DTSTART;TZID=Europe/Berlin:20250603T093000', 'DTEND;TZID=Europe/Berlin:20250603T103000', 'SUMMARY:Standup', 'END:VEVENT'];
  const read = (ical: string) => {
    const item = open(ical, 'VEVENT');
    return { item, sent: encodeItem(codec, item, { version: '14.0' }) };
  };
  const exceptionOf = (sent: readonly AirSyncProperty[], i: number) => sent.find((e) => e.name === 'Calendar:Exceptions')!.children![i]!.children!;

  it('sends the times in UTC with the zone, and each occurrence its times and what is not the series\'', () => {
    const { sent } = read(series('BEGIN:VEVENT', ...moved.slice(1, -2), 'SUMMARY:Moved', 'END:VEVENT'));
    expect(sent.filter((e) => e.name !== 'E:Timezone' && e.name !== 'Calendar:Exceptions')).toEqual([p('E:AllDay', '0'), p('E:End', '20250602T080000Z'), p('E:Subject', 'Standup'), p('E:Start', '20250602T070000Z')]);
    expect(exceptionOf(sent, 0)).toEqual([p('Calendar:ExceptionStartTime', '20250603T070000Z'), p('E:End', '20250603T083000Z'), p('E:Subject', 'Moved'), p('E:Start', '20250603T073000Z')]);
  });

  it('all sent back as we sent them: the calendar as written', () => {
    const ical = series(...moved);
    const { item, sent } = read(ical);
    expect(apply(codec, open(ical, 'VEVENT', sent, rows), sent)).toBe(writeCalendarDoc(item.ctx.doc));
  });

  it('a series moved by its StartTime alone keeps its zone, and its end where it was', () => {
    const out = apply(codec, open(series(), 'VEVENT'), [p('E:Start', '20250602T060000Z')]);
    expect(componentLines(out, 'VEVENT')).toEqual(expect.arrayContaining(['DTSTART;TZID=Europe/Berlin:20250602T080000', 'DTEND;TZID=Europe/Berlin:20250602T080000']));
  });

  it('times left out are never deleted (keep), and empty ones are as left out', () => {
    const ical = series();
    expect(apply(codec, open(ical, 'VEVENT'), [p('E:Start', ''), p('E:End', '')])).toBe(apply(codec, open(ical, 'VEVENT'), []));
    expect(componentLines(apply(codec, open(ical, 'VEVENT'), []), 'VEVENT')).toContain('DTSTART;TZID=Europe/Berlin:20250602T090000');
  });

  it('an occurrence Deleted is an EXDATE in the series\' form; one changed is an override made from the series', () => {
    const exceptionsSent: AirSyncProperty = {
      name: 'Calendar:Exceptions',
      children: [
        { name: 'Calendar:Exception', children: [p('Calendar:Deleted', '1'), p('Calendar:ExceptionStartTime', '20250604T070000Z')] },
        { name: 'Calendar:Exception', children: [p('Calendar:ExceptionStartTime', '20250605T070000Z'), p('E:Subject', 'Retro')] },
      ],
    };
    const out = apply(codec, open(series(), 'VEVENT'), [p('E:Subject', 'Standup'), exceptionsSent]);
    expect(componentLines(out, 'VEVENT', 0)).toContain('EXDATE;TZID=Europe/Berlin:20250604T090000');
    expect(componentLines(out, 'VEVENT', 1)).toEqual([
      'UID:s',
      'RECURRENCE-ID;TZID=Europe/Berlin:20250605T090000',
      'SUMMARY:Retro',
      'DTSTART;TZID=Europe/Berlin:20250605T090000',
      'DTEND;TZID=Europe/Berlin:20250605T100000',
    ]);
  });

  it('an occurrence\'s row left out takes the series\' value; an override no longer sent is removed', () => {
    const ical = series('BEGIN:VEVENT', ...moved.slice(1, -2), 'SUMMARY:Own', 'END:VEVENT');
    const same = { name: 'Calendar:Exception', children: [p('Calendar:ExceptionStartTime', '20250603T070000Z'), p('E:Start', '20250603T073000Z'), p('E:End', '20250603T083000Z')] };
    const inherited = apply(codec, open(ical, 'VEVENT'), [p('E:Subject', 'Standup'), { name: 'Calendar:Exceptions', children: [same] }]);
    expect(componentLines(inherited, 'VEVENT', 1)).toContain('SUMMARY:Standup');
    const gone = apply(codec, open(ical, 'VEVENT'), [p('E:Subject', 'Standup'), { name: 'Calendar:Exceptions', children: [] }]);
    expect(gone.match(/BEGIN:VEVENT/g)).toHaveLength(1);
  });

  it('a series whose rule cannot be sent keeps its occurrences whatever the phone says (guarded)', () => {
    const ical = vevent(['UID:s', 'DTSTART:20250602T070000Z', 'SUMMARY:Standup', 'EXDATE:20250603T070000Z'], []);
    const deleted = { name: 'Calendar:Exception', children: [p('Calendar:Deleted', '1'), p('Calendar:ExceptionStartTime', '20250604T070000Z')] };
    for (const children of [[], [deleted]]) {
      const out = apply(codec, open(ical, 'VEVENT'), [p('E:Subject', 'Standup'), { name: 'Calendar:Exceptions', children }]);
      expect(componentLines(out, 'VEVENT').filter((l) => l.startsWith('EXDATE'))).toEqual(['EXDATE:20250603T070000Z']);
    }
  });
});
