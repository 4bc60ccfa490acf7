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
 * StartDate and DueDate are the local time written as UTC (MS-ASTASK), the Utc… elements the
 * instant: a task due on a day (a DATE) is its midnight in both; a phone's local midnight is read
 * back as that day. A time in a zone keeps its TZID while the phone's two values still differ by
 * the zone's offset. Ghosting, preservation and unusable values as for events (calendar.ts).
 */
import { randomUUID } from 'node:crypto';
import { paramValues } from '../lines/read.js';
import {
  type CalendarDoc,
  CalendarZones,
  type ItemComponent,
  type ItemTime,
  type TimeForm,
  alarmTime,
  compactUtc,
  durationSeconds,
  extendedUtc,
  first,
  formOf,
  instantOf,
  isTrue,
  msOf,
  newAlarm,
  newLine,
  readCalendarDoc,
  readTime,
  readTimeValue,
  removeLines,
  ringingAlarm,
  setLine,
  textOfLine,
  withValue,
  writeCalendarDoc,
  writeTimeIn,
} from './calendar-item.js';
import { type PropertyElement, SENSITIVITY_CODES, categories, propertyText, sensitivity } from './codec/ical.js';
import { body } from './codec/kinds/body.js';
import { instant } from './codec/kinds/dates.js';
import { list } from './codec/kinds/list.js';
import { keptWeekStart, recurrence, sentWeekStart } from './codec/kinds/recurrence.js';
import { oneOf, text } from './codec/kinds/text.js';
import { type AnyKind, type Held, type ItemCodec, applyElements, carries, encodeItem, kind } from './codec/walk.js';
import {
  type AirSyncProperty,
  type AirSyncVersion,
  type FromAirSyncOptions,
  type ToAirSyncOptions,
  indexProperties,
  textElement,
} from './properties.js';
import {
  TASK_RECURRENCE,
  type RecurrenceValue,
  type SeriesStart,
  recurrenceOfRule,
  ruleOfRecurrence,
  ruleParts,
} from './recurrence.js';

/** How an element reads and writes; the dates (`local`, `utc`) and the reminder are read in pairs. */
type Kind =
  | 'text' | 'body' | 'categories' | 'sensitivity' | 'importance' | 'complete' | 'completed'
  | 'local' | 'utc' | 'reminderSet' | 'reminderTime' | 'recurrence';

export interface TaskElement extends PropertyElement {
  readonly kind: Kind;
}

/** Every element we map, in the order MS-ASTASK §2.2.2 lists them (which is the order we send). */
export const TASK_ELEMENTS: readonly TaskElement[] = [
  { name: 'AirSyncBase:Body', kind: 'body', property: 'DESCRIPTION', since: '12.0' },
  { name: 'Tasks:Body', kind: 'body', property: 'DESCRIPTION', until: '2.5' },
  { name: 'Tasks:Categories', kind: 'categories' },
  { name: 'Tasks:Complete', kind: 'complete', keep: true },
  { name: 'Tasks:DateCompleted', kind: 'completed' },
  { name: 'Tasks:DueDate', kind: 'local', property: 'DUE' },
  { name: 'Tasks:Importance', kind: 'importance' },
  { name: 'Tasks:Recurrence', kind: 'recurrence' },
  { name: 'Tasks:ReminderSet', kind: 'reminderSet' },
  { name: 'Tasks:ReminderTime', kind: 'reminderTime' },
  { name: 'Tasks:Sensitivity', kind: 'sensitivity' },
  { name: 'Tasks:StartDate', kind: 'local', property: 'DTSTART' },
  { name: 'Tasks:Subject', kind: 'text', property: 'SUMMARY' },
  { name: 'Tasks:UtcDueDate', kind: 'utc', property: 'DUE' },
  { name: 'Tasks:UtcStartDate', kind: 'utc', property: 'DTSTART' },
];

const DAY = 86_400_000;
const REGENERATE = 'X-ACTIVESYNC-REGENERATE';
const DEAD_OCCUR = 'X-ACTIVESYNC-DEADOCCUR';
const GROUPED = new Set<Kind>(['local', 'utc', 'reminderSet', 'reminderTime']);


interface Context {
  readonly version: AirSyncVersion;
  readonly doc: CalendarDoc;
  readonly zones: CalendarZones;
}

/** A date as MS-ASTASK gives it: the local time (as UTC) and the instant. */
interface TaskDate {
  readonly local: number;
  readonly utc: number;
  readonly form: TimeForm;
}

// ---- reading the task -------------------------------------------------------------------------------

function dateOf(time: ItemTime | undefined, ctx: Context): TaskDate | 'withheld' | undefined {
  if (!time) return undefined;
  const form = formOf(time, ctx.zones);
  if (!form) return 'withheld';
  switch (time.kind) {
    case 'zoned':
      return { local: time.wall, utc: time.ms, form };
    case 'floating':
      return { local: time.wall, utc: time.wall, form };
    default: {
      const ms = msOf(time)!;
      return { local: ms, utc: ms, form };
    }
  }
}

/** DTSTART, or DUE (DTSTART + DURATION when there is no DUE). */
function taskDate(c: ItemComponent, property: string, ctx: Context): TaskDate | 'withheld' | undefined {
  const own = dateOf(readTime(first(c, property), ctx.zones), ctx);
  if (own !== undefined || property !== 'DUE') return own;
  const start = dateOf(readTime(first(c, 'DTSTART'), ctx.zones), ctx);
  const duration = first(c, 'DURATION');
  const seconds = duration ? durationSeconds(duration.value) : null;
  if (!start || start === 'withheld' || seconds === null) return undefined;
  return { local: start.local + seconds * 1000, utc: start.utc + seconds * 1000, form: start.form };
}

/** STATUS:COMPLETED, a COMPLETED time or PERCENT-COMPLETE:100 (also what FilterType 8 leaves out). */
export function isComplete(c: ItemComponent): boolean {
  return (
    textOfLine(first(c, 'STATUS')).trim().toUpperCase() === 'COMPLETED' ||
    first(c, 'COMPLETED') !== undefined ||
    textOfLine(first(c, 'PERCENT-COMPLETE')).trim() === '100'
  );
}

/**
 * The alarm that is the reminder: the first that rings at a time we can place (relative to
 * DTSTART, or DUE); undefined when none does (an alarm we cannot place is kept, never sent).
 */
function reminderAlarm(c: ItemComponent, ctx: Context): { index: number; at: number } | undefined {
  const start = readTime(first(c, 'DTSTART'), ctx.zones);
  const due = readTime(first(c, 'DUE'), ctx.zones);
  const dueMs = due ? msOf(due) : null;
  const startMs = start ? msOf(start) : dueMs;
  for (let index = 0; index < c.components.length; index++) {
    const alarm = c.components[index]!;
    if (!ringingAlarm(alarm)) continue;
    const at = alarmTime(alarm, startMs, dueMs, ctx.zones);
    if (at !== null) return { index, at };
  }
  return undefined;
}

function seriesStart(c: ItemComponent, ctx: Context): SeriesStart | null {
  const date = taskDate(c, 'DTSTART', ctx) ?? taskDate(c, 'DUE', ctx);
  if (!date || date === 'withheld') return null;
  const d = new Date(date.local);
  return { month: d.getUTCMonth() + 1, day: d.getUTCDate(), weekday: d.getUTCDay() };
}

function recurrenceOf(c: ItemComponent, ctx: Context): Held<RecurrenceValue> {
  const rules = c.lines.filter((l) => l.name === 'RRULE');
  if (rules.length === 0) return undefined;
  const parts = rules.length === 1 ? ruleParts(rules[0]!.value) : null;
  const rule = parts ? recurrenceOfRule(parts, seriesStart(c, ctx)) : null;
  const start = taskDate(c, 'DTSTART', ctx) ?? taskDate(c, 'DUE', ctx);
  if (!parts || !rule || !start || start === 'withheld') return 'withheld';
  let until: number | undefined;
  const untilText = parts.get('UNTIL');
  if (untilText !== undefined) {
    const ms = msOf(readTimeValue(untilText, paramValues(first(c, 'DTSTART')?.params ?? [], 'TZID')[0], ctx.zones));
    if (ms === null) return 'withheld';
    until = ms;
  }
  const flag = (name: string) => (textOfLine(first(c, name)).trim() === '1' ? 1 : 0);
  return {
    value: {
      ...sentWeekStart(rule, TASK_RECURRENCE, ctx.version),
      ...(until === undefined ? {} : { until }),
      start: extendedUtc(start.local),
      regenerate: flag(REGENERATE),
      deadOccur: flag(DEAD_OCCUR),
    },
  };
}

/** The task and what reading it needs: the item the walker and the kinds work on. */
interface TaskItem {
  readonly c: ItemComponent;
  readonly ctx: Context;
}

/** The dates and the reminder are read in pairs (applyDate, applyReminder), never one element alone. */
const PAIRED = { decode: () => 'unusable' as const, set: () => undefined, remove: () => undefined };

/** A date of the pair: the local time (as UTC) or the instant. */
function dateKind(pick: 'local' | 'utc'): AnyKind<TaskItem, TaskElement> {
  return {
    ...PAIRED,
    encode: (element, value: string) => [textElement(element.name, value)],
    held: (element, { c, ctx }) => {
      const date = taskDate(c, element.property!, ctx);
      return date && date !== 'withheld' ? { value: extendedUtc(date[pick]) } : undefined;
    },
  };
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
  local: dateKind('local'),
  utc: dateKind('utc'),
  reminderSet: {
    ...PAIRED,
    encode: (element, value: string) => [textElement(element.name, value)],
    held: (_e, { c, ctx }) => ({ value: reminderAlarm(c, ctx) ? '1' : '0' }),
  },
  reminderTime: {
    ...PAIRED,
    encode: (element, value: string) => [textElement(element.name, value)],
    held: (_e, { c, ctx }) => {
      const reminder = reminderAlarm(c, ctx);
      return reminder ? { value: extendedUtc(reminder.at) } : undefined;
    },
  },
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
  const sent = indexProperties(properties);
  const carried = (element: TaskElement) => carries(element, options.version, options.supported);
  const pair = (kind: Kind, property?: string) => TASK_ELEMENTS.filter((e) => e.kind === kind && (property === undefined || e.property === property));

  for (const property of ['DTSTART', 'DUE']) {
    const [local] = pair('local', property);
    const [utc] = pair('utc', property);
    applyDate(task, property, sent.get(local!.name)?.text, sent.get(utc!.name)?.text, carried(local!) || carried(utc!), ctx);
  }
  applyElements(TASKS, { sent, item: { c: task, ctx }, version: options.version, supported: options.supported }, (element) => !GROUPED.has(element.kind));
  const [set] = pair('reminderSet');
  const [time] = pair('reminderTime');
  applyReminder(task, sent.get(set!.name)?.text, sent.get(time!.name)?.text, carried(set!) || carried(time!), ctx);

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

/**
 * DTSTART or DUE from the phone's local and UTC values: left as written while the phone sends
 * back what we sent; a local midnight is the day; a time keeps the zone while the two differ by its
 * offset, else it is the UTC instant (the local time, floating, when the phone sends no UTC).
 */
function applyDate(task: ItemComponent, property: string, localText: string | undefined, utcText: string | undefined, carried: boolean, ctx: Context): void {
  const before = taskDate(task, property, ctx);
  if (before === 'withheld') return;
  if (localText === undefined && utcText === undefined) {
    if (!carried || !before) return;
    removeLines(task, property);
    if (property === 'DUE') removeLines(task, 'DURATION');
    return;
  }
  const local = localText === undefined ? null : instantOf(localText);
  const utc = utcText === undefined ? null : instantOf(utcText);
  if (local === null && utc === null) return;
  if (before && (local === null || local === before.local) && (utc === null || utc === before.utc)) return;

  const other = taskDate(task, property === 'DUE' ? 'DTSTART' : 'DUE', ctx);
  const form = before?.form ?? (other && other !== 'withheld' ? other.form : undefined);
  let written: { value: string; params: { name: string; values: readonly string[] }[] };
  if (local !== null && local % DAY === 0) written = writeTimeIn(local, { kind: 'date' });
  else if (local === null && form?.kind === 'date') written = writeTimeIn(Math.floor((utc! + DAY / 2) / DAY) * DAY, { kind: 'date' });
  else if (form?.kind === 'zoned' && local !== null && utc !== null && local - utc === form.offsets(utc)) written = writeTimeIn(utc, form);
  else if (utc !== null) written = writeTimeIn(utc, { kind: 'utc' });
  else written = writeTimeIn(local!, { kind: 'floating' });

  const current = first(task, property);
  const params = [...(current?.params ?? []).filter((p) => p.name !== 'TZID' && p.name !== 'VALUE'), ...written.params];
  setLine(task, current ? withValue(current, written.value, params) : newLine(property, written.value, params));
  if (property === 'DUE') removeLines(task, 'DURATION');
}

/** ReminderSet and ReminderTime: the reminder alarm removed, moved to an absolute TRIGGER, or added. */
function applyReminder(task: ItemComponent, setText: string | undefined, timeText: string | undefined, carried: boolean, ctx: Context): void {
  const alarm = reminderAlarm(task, ctx);
  if (setText === undefined && timeText === undefined && !carried) return;
  const at = timeText === undefined ? null : instantOf(timeText);
  const on = setText === undefined ? at !== null : isTrue(setText);
  if (!on) {
    if (alarm) task.components.splice(alarm.index, 1);
    return;
  }
  if (at === null || (alarm && alarm.at === at)) return;
  const trigger = newLine('TRIGGER', compactUtc(at), [{ name: 'VALUE', values: ['DATE-TIME'] }]);
  if (alarm) {
    const target = task.components[alarm.index]!;
    const index = target.lines.findIndex((l) => l.name === 'TRIGGER');
    const lines = [...target.lines];
    lines.splice(index, 1, trigger);
    task.components[alarm.index] = { ...target, lines };
  } else task.components.push(newAlarm(trigger, textOfLine(first(task, 'SUMMARY'))));
}
