/**
 * Properties of the task mapping, as for events (calendar.property.test.ts):
 * 1. ActiveSync → iCalendar → ActiveSync is the identity on what ActiveSync carries (the mapping's
 *    vocabulary: MS-ASTASK's order, Complete, Importance and ReminderSet always, local and UTC
 *    dates equal — a new task has no zone to tell them apart by — and a recurrence starting at
 *    the task's start), every version.
 * 2. iCalendar → ActiveSync → merged back keeps every field (describeItem's fingerprint and key),
 *    with or without a Supported list, a cut or HTML body; the real clients' tasks of the twin
 *    fixtures too.
 * 3. iCalendar → ActiveSync → a new iCalendar → ActiveSync sends what the first trip sent, for tasks
 *    whose times are dates, UTC or floating.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TASK_ELEMENTS, describeItem, taskFromAirSync, taskToAirSync, type AirSyncProperty, type AirSyncVersion, type ToAirSyncOptions } from '@atomsync/items';
import { TWIN_PAIRS } from '@atomsync/items/fixtures';
import { inVersion } from '../../src/activesync/properties.js';
import { TASK_RECURRENCE } from '../../src/activesync/recurrence.js';
import { compactUtc } from '../../src/activesync/calendar-item.js';
import { outLine } from '../../src/lines/fields.js';
import { modernLine } from '../../src/lines/write.js';
import { BERLIN } from './calendar-support.js';

const VERSIONS: readonly AirSyncVersion[] = ['2.5', '12.0', '12.1', '14.0', '14.1', '16.0', '16.1'];
const RUNS = { numRuns: 100 };
const DAY = 86_400_000;
const MINUTE = 60_000;
const EPOCH = Date.UTC(2000, 0, 1);

const text = fc
  .oneof(
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 24 }),
    fc.string({ unit: fc.constantFrom(...'ab ,;:\\\n"=.é日😀\t'.split(/(?:)/u)), minLength: 1, maxLength: 16 }),
  )
  .map((s) => s.replace(/\r/g, ''))
  .filter((s) => s.trim() !== '');
const word = text.map((s) => s.replace(/[\n\t"]/g, ' ').trim()).filter((s) => s !== '');
const midnight = fc.integer({ min: 0, max: 365 * 35 }).map((d) => EPOCH + d * DAY);
const instant = fc.tuple(fc.integer({ min: 0, max: 365 * 35 }), fc.integer({ min: 0, max: 24 * 60 - 1 })).map(([d, m]) => EPOCH + d * DAY + m * MINUTE);
const iso = (ms: number) => new Date(ms).toISOString();

const t = (name: string, value: string): AirSyncProperty => ({ name, text: value });
const c = (name: string, children: AirSyncProperty[]): AirSyncProperty => ({ name, children });

function body(value: string, version: AirSyncVersion): AirSyncProperty[] {
  if (version === '2.5') return [t('Tasks:Body', value), t('Tasks:BodyTruncated', '0')];
  return [c('AirSyncBase:Body', [t('AirSyncBase:Type', '1'), t('AirSyncBase:EstimatedDataSize', String(Buffer.byteLength(value))), t('AirSyncBase:Data', value)])];
}

function recurrence(version: AirSyncVersion, start: number, dated: boolean): fc.Arbitrary<AirSyncProperty> {
  const mask = fc.integer({ min: 1, max: 127 });
  const shape = fc.oneof(
    fc.constant({ Type: '0' }),
    mask.map((d) => ({ Type: '1', DayOfWeek: String(d) })),
    fc.integer({ min: 1, max: 31 }).map((d) => ({ Type: '2', DayOfMonth: String(d) })),
    fc.tuple(fc.integer({ min: 1, max: 5 }), mask).map(([w, d]) => ({ Type: '3', WeekOfMonth: String(w), DayOfWeek: String(d) })),
    fc.tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 })).map(([m, d]) => ({ Type: '5', MonthOfYear: String(m), DayOfMonth: String(d) })),
    fc.tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 5 }), mask).map(([m, w, d]) => ({ Type: '6', MonthOfYear: String(m), WeekOfMonth: String(w), DayOfWeek: String(d) })),
  );
  const end = fc.oneof(fc.constant({}), fc.integer({ min: 1, max: 999 }).map((n) => ({ Occurrences: String(n) })), (dated ? midnight : instant).map((ms) => ({ Until: iso(ms) })));
  const firstDay = inVersion({ since: '14.1' }, version) ? fc.option(fc.integer({ min: 0, max: 6 }), { nil: undefined }) : fc.constant(undefined);
  return fc.tuple(shape, end, fc.integer({ min: 1, max: 999 }), firstDay, fc.constantFrom('0', '1'), fc.constantFrom('0', '1')).map(([s, e, interval, first, regenerate, deadOccur]) => {
    const fields: Record<string, string> = { ...s, ...e, Interval: String(interval), Start: iso(start), Regenerate: regenerate, DeadOccur: deadOccur };
    if (['2', '3', '5', '6'].includes(s.Type)) fields.CalendarType = '0';
    if (first !== undefined) fields.FirstDayOfWeek = String(first);
    return c('Tasks:Recurrence', TASK_RECURRENCE.filter((f) => inVersion(f, version) && fields[f.tag] !== undefined).map((f) => t(`Tasks:${f.tag}`, fields[f.tag]!)));
  });
}

/** An ActiveSync task of one version, in table order. */
function airSyncTask(version: AirSyncVersion): fc.Arbitrary<AirSyncProperty[]> {
  const date = fc.oneof(midnight.map((ms) => ({ ms, dated: true })), instant.map((ms) => ({ ms, dated: ms % DAY === 0 })));
  return fc.tuple(fc.option(date, { nil: undefined }), fc.option(date, { nil: undefined })).chain(([start, due]) => {
    const first = start ?? due;
    return fc
      .record(
        {
          body: text.map((v) => body(v, version)),
          'Tasks:Categories': fc.array(word, { minLength: 1, maxLength: 4 }).map((items) => [c('Tasks:Categories', items.map((i) => t('Tasks:Category', i)))]),
          'Tasks:Recurrence': first ? recurrence(version, first.ms, first.dated).map((r) => [r]) : fc.constant<AirSyncProperty[]>([]),
          'Tasks:Sensitivity': fc.constantFrom('0', '1', '2', '3').map((v) => [t('Tasks:Sensitivity', v)]),
          'Tasks:Subject': text.map((v) => [t('Tasks:Subject', v)]),
        },
        { requiredKeys: [] },
      )
      .chain((chosen) =>
        fc.record({ complete: fc.option(instant, { nil: undefined }), importance: fc.constantFrom('0', '1', '2'), reminder: fc.option(instant, { nil: undefined }) }).map((fixed) => {
          const byName: Record<string, AirSyncProperty[]> = {
            'Tasks:Complete': [t('Tasks:Complete', fixed.complete === undefined ? '0' : '1')],
            'Tasks:Importance': [t('Tasks:Importance', fixed.importance)],
            'Tasks:ReminderSet': [t('Tasks:ReminderSet', fixed.reminder === undefined ? '0' : '1')],
          };
          if (fixed.complete !== undefined) byName['Tasks:DateCompleted'] = [t('Tasks:DateCompleted', iso(fixed.complete))];
          if (fixed.reminder !== undefined) byName['Tasks:ReminderTime'] = [t('Tasks:ReminderTime', iso(fixed.reminder))];
          if (start) [byName['Tasks:StartDate'], byName['Tasks:UtcStartDate']] = [[t('Tasks:StartDate', iso(start.ms))], [t('Tasks:UtcStartDate', iso(start.ms))]];
          if (due) [byName['Tasks:DueDate'], byName['Tasks:UtcDueDate']] = [[t('Tasks:DueDate', iso(due.ms))], [t('Tasks:UtcDueDate', iso(due.ms))]];
          for (const [key, value] of Object.entries(chosen)) byName[key === 'body' ? (version === '2.5' ? 'Tasks:Body' : 'AirSyncBase:Body') : key] = value;
          return TASK_ELEMENTS.filter((e) => inVersion(e, version)).flatMap((e) => byName[e.name] ?? []);
        }),
      );
  });
}

describe('ActiveSync → iCalendar → ActiveSync', () => {
  it.each(VERSIONS)('is the identity on what ActiveSync carries (%s)', (version) => {
    fc.assert(
      fc.property(airSyncTask(version), (properties) => {
        expect(taskToAirSync(taskFromAirSync(properties, { version }), { version })).toEqual(properties);
      }),
      RUNS,
    );
  });
});

// ——— Generated VTODOs ———

const anyText = fc.oneof({ weight: 6, arbitrary: text }, { weight: 1, arbitrary: fc.constantFrom('', ' ', '\n') });
const line = (name: string, value: string) => modernLine(outLine({ group: '', name, params: [], shape: 'text', parts: [value] }, false));
const FORMS: readonly { readonly name: string; readonly zones: readonly string[]; readonly write: (ms: number) => string }[] = [
  { name: 'date', zones: [], write: (ms) => `;VALUE=DATE:${compactUtc(ms).slice(0, 8)}` },
  { name: 'utc', zones: [], write: (ms) => `:${compactUtc(ms)}` },
  { name: 'floating', zones: [], write: (ms) => `:${compactUtc(ms).slice(0, 15)}` },
  { name: 'berlin', zones: BERLIN, write: (ms) => `;TZID=Europe/Berlin:${compactUtc(ms).slice(0, 15)}` },
  { name: 'unknown', zones: [], write: (ms) => `;TZID=Nowhere/Land:${compactUtc(ms).slice(0, 15)}` },
];
const RULES = ['FREQ=DAILY', 'FREQ=WEEKLY;BYDAY=MO,TH;COUNT=4', 'FREQ=MONTHLY;BYMONTHDAY=-1', 'FREQ=YEARLY', 'FREQ=HOURLY', 'FREQ=DAILY;UNTIL=20301231T000000Z'];

function vtodo(forms: readonly (typeof FORMS)[number][]): fc.Arbitrary<string> {
  return fc
    .tuple(fc.constantFrom(...forms), fc.integer({ min: 0, max: 365 * 35 }), fc.integer({ min: 0, max: 24 * 60 - 1 }), fc.integer({ min: 0, max: 10 * 24 * 60 }))
    .chain(([form, dayIndex, minute, length]) => {
      const start = form.name === 'date' ? EPOCH + dayIndex * DAY : EPOCH + dayIndex * DAY + minute * MINUTE;
      const due = form.name === 'date' ? start + Math.round(length / 1440) * DAY : start + length * MINUTE;
      const one = (name: string, value: fc.Arbitrary<string> = anyText) => fc.array(value.map((v) => line(name, v)), { maxLength: 1 });
      return fc
        .tuple(
          fc.constantFrom([`DTSTART${form.write(start)}`], []),
          fc.constantFrom([`DUE${form.write(due)}`], [`DURATION:PT${length}M`], []),
          one('SUMMARY'),
          one('DESCRIPTION', fc.string({ unit: 'grapheme', maxLength: 300 }).map((s) => s.replace(/\r/g, ''))),
          fc.subarray(['STATUS:COMPLETED', 'COMPLETED:20250702T100000Z', 'PERCENT-COMPLETE:100', 'STATUS:IN-PROCESS', 'LAST-MODIFIED:20250703T100000Z', 'COMPLETED:20250702T100000']),
          fc.array(fc.integer({ min: 0, max: 9 }).map((p) => `PRIORITY:${p}`), { maxLength: 1 }),
          fc.array(fc.constantFrom('CLASS:PUBLIC', 'CLASS:PRIVATE', 'CLASS:X-OTHER'), { maxLength: 1 }),
          fc.array(fc.array(anyText, { minLength: 1, maxLength: 3 }).map((items) => modernLine(outLine({ group: '', name: 'CATEGORIES', params: [], shape: 'list', parts: items }, false))), { maxLength: 2 }),
          fc.array(fc.constantFrom(...RULES).map((r) => `RRULE:${r}`), { maxLength: 1 }),
          fc.constantFrom([], ['X-ACTIVESYNC-REGENERATE:1'], ['X-CUSTOM:1', 'ATTACH:https://example.com/a'], ['UID:t-1'], ['DTSTAMP:20250101T000000Z']),
          fc.array(
            fc.constantFrom('TRIGGER:-PT15M', 'TRIGGER;RELATED=END:-PT1H', 'TRIGGER;VALUE=DATE-TIME:20250101T080000Z', 'TRIGGER:soon').map((tr) => ['BEGIN:VALARM', 'ACTION:DISPLAY', 'DESCRIPTION:a', tr, 'END:VALARM']),
            { maxLength: 2 },
          ),
        )
        .chain(([dtstart, ends, summary, desc, done, priority, cls, cats, rrule, other, alarms]) => {
          const props = [...dtstart, ...(dtstart.length === 0 && ends[0]?.startsWith('DURATION') ? [] : ends), ...summary, ...desc, ...done, ...priority, ...cls, ...cats, ...rrule, ...other];
          return fc.shuffledSubarray(props, { minLength: props.length }).map(
            (shuffled) => `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n${[...form.zones, 'BEGIN:VTODO', ...shuffled, ...alarms.flat(), 'END:VTODO'].join('\r\n')}\r\nEND:VCALENDAR\r\n`,
          );
        });
    });
}

const toOptions = (version: AirSyncVersion): fc.Arbitrary<ToAirSyncOptions> =>
  fc.record(
    {
      version: fc.constant(version),
      bodyPreference: fc.record({ type: fc.constantFrom(1, 2, 3, 4) as fc.Arbitrary<1 | 2 | 3 | 4>, truncationSize: fc.integer({ min: 0, max: 400 }) }, { requiredKeys: ['type'] }),
      bodyTruncation: fc.integer({ min: 0, max: 400 }),
    },
    { requiredKeys: ['version'] },
  );

const ALL_NAMES = TASK_ELEMENTS.map((e) => e.name);
const supportedList = fc.oneof(fc.constant(undefined), fc.constant(ALL_NAMES), fc.subarray(ALL_NAMES));
const described = (body: string) => describeItem({ dataclass: 'Tasks', type: 'text/calendar', title: '', body });

describe('iCalendar → ActiveSync → merged back', () => {
  it.each(VERSIONS)('keeps every field (%s)', (version) => {
    fc.assert(
      fc.property(vtodo(FORMS), toOptions(version), supportedList, (ical, options, supported) => {
        const back = taskFromAirSync(taskToAirSync(ical, options), { version, previous: ical, supported });
        expect(described(back)).toEqual(described(ical));
      }),
      RUNS,
    );
  });

  const tasks = TWIN_PAIRS.filter((p) => p.dataclass === 'Tasks').flatMap((p) => [
    [`${p.name} (a)`, p.a],
    [`${p.name} (b)`, p.b],
  ]);
  it.each(tasks)('keeps what a real client’s task says: %s', (_, ical) => {
    for (const version of VERSIONS) {
      for (const supported of [undefined, ALL_NAMES, []]) {
        const back = taskFromAirSync(taskToAirSync(ical, { version, bodyTruncation: 5 }), { version, previous: ical, supported });
        if (/VERSION:1\.0/.test(ical)) {
          expect(taskToAirSync(back, { version })).toEqual(taskToAirSync(ical, { version }));
          expect(described(back).key).toBe(described(ical).key);
        } else expect(described(back)).toEqual(described(ical));
      }
    }
  });
});

describe('iCalendar → ActiveSync → iCalendar → ActiveSync', () => {
  it.each(VERSIONS)('sends what the first trip sent (%s)', (version) => {
    fc.assert(
      fc.property(vtodo(FORMS.filter((f) => f.name !== 'berlin')), (ical) => {
        const first = taskToAirSync(ical, { version });
        const second = taskToAirSync(taskFromAirSync(first, { version }), { version });
        // A task done on no known date takes the new task's DTSTAMP as its DateCompleted.
        const undated = !first.some((p) => p.name === 'Tasks:DateCompleted');
        expect(undated ? second.filter((p) => p.name !== 'Tasks:DateCompleted') : second).toEqual(first);
      }),
      RUNS,
    );
  });
});
