/**
 * Tasks as ActiveSync ApplicationData (MS-ASTASK) and back, as data: `TASK_ELEMENTS` says which
 * VTODO property keeps each element and the versions that have it (`Tasks:Body` 2.5,
 * `AirSyncBase:Body` 12.0+); one codec walks it, as for events and contacts.
 *
 * | ActiveSync | VTODO |
 * |---|---|
 * | Subject, Body, Categories, Sensitivity | SUMMARY, DESCRIPTION, CATEGORIES, CLASS |
 * | Importance 2 / 1 / 0 | PRIORITY 1–4 / 5 (or none) / 6–9; new values 1, 5, 9 |
 * | StartDate + UtcStartDate, DueDate + UtcDueDate | DTSTART, DUE (or DTSTART + DURATION) |
 * | Complete, DateCompleted | STATUS:COMPLETED (or COMPLETED, PERCENT-COMPLETE:100), COMPLETED |
 * | ReminderSet, ReminderTime | the first VALARM that rings at a time we can place (absolute TRIGGER when the phone sets it) |
 * | Recurrence (Start, Type…, Regenerate, DeadOccur) | RRULE (recurrence.ts), X-ACTIVESYNC-REGENERATE, X-ACTIVESYNC-DEADOCCUR |
 *
 * The value kinds (codec/kinds/): each date a pair of rows, the local time written as UTC and the
 * instant (date-pair.ts); ReminderSet and ReminderTime one value (reminder.ts); recurrence, body,
 * text. Ghosting, preservation and unusable values are the walker's, as for events (calendar.ts).
 */
import { randomUUID } from 'node:crypto';
import {
  type CalendarDoc,
  CalendarZones,
  type ItemComponent,
  compactUtc,
  extendedUtc,
  first,
  instantOf,
  msOf,
  newLine,
  readCalendarDoc,
  readTime,
  removeLines,
  setLine,
  textOfLine,
  writeCalendarDoc,
  writeTimeIn,
} from './calendar-item.js';
import { type PropertyElement, SENSITIVITY_CODES, categories, propertyText, sensitivity } from './codec/ical.js';
import { body } from './codec/kinds/body.js';
import { datePair, datePairKind } from './codec/kinds/date-pair.js';
import { instant } from './codec/kinds/dates.js';
import { list } from './codec/kinds/list.js';
import { keptWeekStart, recurrence, ruleOf } from './codec/kinds/recurrence.js';
import { type Anchors, ringsAt } from './codec/kinds/reminder.js';
import { oneOf, text } from './codec/kinds/text.js';
import { type AnyKind, type Held, type ItemCodec, applyElements, encodeItem, kind } from './codec/walk.js';
import { type AirSyncProperty, type AirSyncVersion, type FromAirSyncOptions, type ToAirSyncOptions, indexProperties } from './properties.js';
import { TASK_RECURRENCE, type RecurrenceValue, type SeriesStart, ruleOfRecurrence } from './recurrence.js';

/** How an element reads and writes (codec/kinds/, or the task's own below). */
type Kind = 'text' | 'body' | 'categories' | 'sensitivity' | 'importance' | 'complete' | 'completed' | 'date' | 'reminder' | 'recurrence';

export interface TaskElement extends PropertyElement {
  readonly kind: Kind;
}

/**
 * The dates, each a pair of rows, read before the rest (a rule's start is read against them):
 * the start first, as a due date without a DUE is the start and its DURATION.
 */
const START = { kind: 'date', property: 'DTSTART', group: 'start', phase: -2, guarded: true } as const;
const DUE = { kind: 'date', property: 'DUE', group: 'due', phase: -1, guarded: true } as const;
/** ReminderSet and ReminderTime, one value, read after the rest (a new alarm shows the Subject). */
const REMINDER = { kind: 'reminder', group: 'reminder', phase: 1 } as const;

/** Every element we map, in the order MS-ASTASK §2.2.2 lists them (which is the order we send). */
export const TASK_ELEMENTS: readonly TaskElement[] = [
  { name: 'AirSyncBase:Body', kind: 'body', property: 'DESCRIPTION', since: '12.0' },
  { name: 'Tasks:Body', kind: 'body', property: 'DESCRIPTION', until: '2.5' },
  { name: 'Tasks:Categories', kind: 'categories' },
  { name: 'Tasks:Complete', kind: 'complete', keep: true },
  { name: 'Tasks:DateCompleted', kind: 'completed' },
  { name: 'Tasks:DueDate', ...DUE, member: 'local' },
  { name: 'Tasks:Importance', kind: 'importance' },
  { name: 'Tasks:Recurrence', kind: 'recurrence' },
  { name: 'Tasks:ReminderSet', ...REMINDER, member: 'set' },
  { name: 'Tasks:ReminderTime', ...REMINDER, member: 'time' },
  { name: 'Tasks:Sensitivity', kind: 'sensitivity' },
  { name: 'Tasks:StartDate', ...START, member: 'local' },
  { name: 'Tasks:Subject', kind: 'text', property: 'SUMMARY' },
  { name: 'Tasks:UtcDueDate', ...DUE, member: 'utc' },
  { name: 'Tasks:UtcStartDate', ...START, member: 'utc' },
];

const DAY = 86_400_000;
const REGENERATE = 'X-ACTIVESYNC-REGENERATE';
const DEAD_OCCUR = 'X-ACTIVESYNC-DEADOCCUR';

interface Context {
  readonly version: AirSyncVersion;
  readonly doc: CalendarDoc;
  readonly zones: CalendarZones;
}

// ---- reading the task -------------------------------------------------------------------------------

/** STATUS:COMPLETED, a COMPLETED time or PERCENT-COMPLETE:100 (also what FilterType 8 leaves out). */
export function isComplete(c: ItemComponent): boolean {
  return (
    textOfLine(first(c, 'STATUS')).trim().toUpperCase() === 'COMPLETED' ||
    first(c, 'COMPLETED') !== undefined ||
    textOfLine(first(c, 'PERCENT-COMPLETE')).trim() === '100'
  );
}

/** Where the task's alarms ring from: DTSTART (else DUE), and DUE. */
function anchors({ c, ctx }: TaskItem): Anchors {
  const start = readTime(first(c, 'DTSTART'), ctx.zones);
  const due = readTime(first(c, 'DUE'), ctx.zones);
  const dueMs = due ? msOf(due) : null;
  return { start: start ? msOf(start) : dueMs, end: dueMs, zones: ctx.zones };
}

function seriesStart(c: ItemComponent, ctx: Context): SeriesStart | null {
  const date = datePair(c, 'DTSTART', ctx.zones) ?? datePair(c, 'DUE', ctx.zones);
  if (!date || date === 'withheld') return null;
  const d = new Date(date.local);
  return { month: d.getUTCMonth() + 1, day: d.getUTCDate(), weekday: d.getUTCDay() };
}

function recurrenceOf(c: ItemComponent, ctx: Context): Held<RecurrenceValue> {
  const rule = ruleOf(c, ctx.zones, seriesStart(c, ctx), TASK_RECURRENCE, ctx.version);
  if (rule === undefined || rule === 'withheld') return rule;
  // A task's rule is sent with its Start (DTSTART, else DUE): without one, none is.
  const start = datePair(c, 'DTSTART', ctx.zones) ?? datePair(c, 'DUE', ctx.zones);
  if (!start || start === 'withheld') return 'withheld';
  const flag = (name: string) => (textOfLine(first(c, name)).trim() === '1' ? 1 : 0);
  return { value: { ...rule.value, start: extendedUtc(start.local), regenerate: flag(REGENERATE), deadOccur: flag(DEAD_OCCUR) } };
}

/** The task and what reading it needs: the item the walker and the kinds work on. */
interface TaskItem {
  readonly c: ItemComponent;
  readonly ctx: Context;
}

/** Each kind: its wire form, and where the VTODO keeps it. */
const KINDS: { readonly [K in Kind]: AnyKind<TaskItem, TaskElement> } = {
  text: kind(text, propertyText),
  body: kind(body(), propertyText),
  categories: kind(list(() => 'Tasks:Category', true), categories),
  sensitivity: kind(oneOf(SENSITIVITY_CODES), sensitivity),
  importance: kind(oneOf(['0', '1', '2']), {
    held: (_e, { c }) => {
      const priority = textOfLine(first(c, 'PRIORITY')).trim();
      if (!/^\d$/.test(priority) || priority === '0') return { value: '1' };
      const p = Number(priority);
      return { value: p <= 4 ? '2' : p === 5 ? '1' : '0' };
    },
    set: (_e, { c }, value) => setLine(c, newLine('PRIORITY', value === '2' ? '1' : value === '0' ? '9' : '5')),
    remove: (_e, { c }) => removeLines(c, 'PRIORITY'),
  }),
  complete: kind(oneOf(['0', '1']), {
    held: (_e, { c }) => ({ value: isComplete(c) ? '1' : '0' }),
    set: (_e, { c }, value) => {
      if (value === '1') setLine(c, newLine('STATUS', 'COMPLETED'));
      else {
        if (textOfLine(first(c, 'STATUS')).trim().toUpperCase() === 'COMPLETED') setLine(c, newLine('STATUS', 'NEEDS-ACTION'));
        removeLines(c, 'COMPLETED');
        if (textOfLine(first(c, 'PERCENT-COMPLETE')).trim() === '100') removeLines(c, 'PERCENT-COMPLETE');
      }
    },
    // Complete is a state, not a value: an empty element leaves it.
    remove: () => undefined,
  }),
  completed: kind(
    instant((value) => {
      const ms = instantOf(value);
      return ms === null ? null : extendedUtc(ms);
    }),
    {
      held: (_e, { c, ctx }) => {
        if (!isComplete(c)) return undefined;
        // DateCompleted goes with Complete (MS-ASTASK): without COMPLETED, the last change stands in.
        for (const name of ['COMPLETED', 'LAST-MODIFIED', 'DTSTAMP']) {
          const time = readTime(first(c, name), ctx.zones);
          if (time?.kind === 'utc') return { value: extendedUtc(time.ms) };
        }
        return undefined;
      },
      set: (_e, { c }, value) => setLine(c, newLine('COMPLETED', compactUtc(instantOf(value)!))),
      remove: (_e, { c }) => removeLines(c, 'COMPLETED'),
    },
  ),
  recurrence: kind(
    recurrence(
      'Tasks',
      TASK_RECURRENCE,
      extendedUtc,
      ({ children }, { item: { c, ctx } }) => seriesStart(c, ctx) ?? startOfText(children?.find((child) => child.name === 'Tasks:Start')?.text),
      (value) => {
        const startMs = value.start === undefined ? null : instantOf(value.start);
        return { ...value, start: startMs === null ? undefined : extendedUtc(startMs), regenerate: value.regenerate ?? 0, deadOccur: value.deadOccur ?? 0 };
      },
    ),
    {
      held: (_e, { c, ctx }) => recurrenceOf(c, ctx),
      set: (_e, { c, ctx }, value) => setRecurrence(c, value, ctx),
      remove: (_e, { c }) => {
        removeLines(c, 'RRULE');
        removeLines(c, REGENERATE);
        removeLines(c, DEAD_OCCUR);
      },
    },
  ),
  date: datePairKind,
  reminder: ringsAt(anchors),
};

const TASKS: ItemCodec<TaskItem, TaskElement> = { elements: TASK_ELEMENTS, kindOf: (element) => KINDS[element.kind] };

/** A task (a VTODO of iCalendar 2.0 or vCalendar 1.0) as ActiveSync ApplicationData, in the order MS-ASTASK lists the elements. */
export function taskToAirSync(ical: string, options: ToAirSyncOptions): AirSyncProperty[] {
  const doc = readCalendarDoc(ical);
  const task = doc.components.find((c) => c.name === 'VTODO');
  if (!task) return [];
  return encodeItem(TASKS, { c: task, ctx: { version: options.version, doc, zones: new CalendarZones(doc) } }, options);
}

function startOfText(text: string | undefined): SeriesStart | null {
  const ms = text === undefined ? null : instantOf(text);
  if (ms === null) return null;
  const d = new Date(ms);
  return { month: d.getUTCMonth() + 1, day: d.getUTCDate(), weekday: d.getUTCDay() };
}

/** ActiveSync ApplicationData of a task as an iCalendar 2.0 VCALENDAR with its VTODO, merged with `previous`. */
export function taskFromAirSync(properties: readonly AirSyncProperty[], options: FromAirSyncOptions): string {
  const doc = readCalendarDoc(options.previous);
  let task = doc.components.find((c) => c.name === 'VTODO');
  const isNew = !task;
  if (!task) {
    task = { name: 'VTODO', lines: [], components: [], stray: [] };
    doc.components.push(task);
  }
  const ctx: Context = { version: options.version, doc, zones: new CalendarZones(doc) };
  applyElements(TASKS, { sent: indexProperties(properties), item: { c: task, ctx }, version: options.version, supported: options.supported });

  // A new task needs both (RFC 5545); an old one without is left so (its UID is its duplicate key).
  if (isNew) task.lines.unshift(newLine('UID', randomUUID()), newLine('DTSTAMP', compactUtc(Math.floor(Date.now() / 1000) * 1000)));
  return writeCalendarDoc(doc);
}

function setRecurrence(task: ItemComponent, r: RecurrenceValue, ctx: Context): void {
  const rule = keptWeekStart(r, task.lines.filter((l) => l.name === 'RRULE'), TASK_RECURRENCE, ctx.version);
  // A rule needs a start (DTSTART, else DUE, as clients read it): the recurrence's Start when the task has neither.
  const start = r.start === undefined ? null : instantOf(r.start);
  if (!first(task, 'DTSTART') && !first(task, 'DUE') && start !== null) {
    const written = writeTimeIn(start, start % DAY === 0 ? { kind: 'date' } : { kind: 'utc' });
    setLine(task, newLine('DTSTART', written.value, written.params));
  }
  const startTime = readTime(first(task, 'DTSTART'), ctx.zones);
  let until: string | null = null;
  if (rule.until !== undefined) {
    until =
      startTime?.kind === 'date'
        ? compactUtc(Math.floor((rule.until + DAY / 2) / DAY) * DAY).slice(0, 8)
        : startTime?.kind === 'floating'
          ? compactUtc(rule.until).slice(0, 15)
          : compactUtc(rule.until);
  }
  setLine(task, newLine('RRULE', ruleOfRecurrence(rule, until)));
  for (const [name, flag] of [[REGENERATE, r.regenerate], [DEAD_OCCUR, r.deadOccur]] as const) {
    if (flag === 1) setLine(task, newLine(name, '1'));
    else removeLines(task, name);
  }
}
