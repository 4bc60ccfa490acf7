/**
 * Recurrence rules as ActiveSync has them (MS-ASCAL §2.2.2.37 Calendar:Recurrence, MS-ASTASK
 * §2.2.2.18 Tasks:Recurrence) and as iCalendar has them (RRULE), both ways, and vCalendar 1.0's
 * basic rules read as RRULEs.
 *
 * | Type | RRULE |
 * |---|---|
 * | 0 daily | FREQ=DAILY |
 * | 1 weekly, DayOfWeek | FREQ=WEEKLY;BYDAY=… (also FREQ=DAILY;BYDAY=… every day: the same days) |
 * | 2 monthly, DayOfMonth | FREQ=MONTHLY;BYMONTHDAY=d |
 * | 3 monthly nth, WeekOfMonth, DayOfWeek | FREQ=MONTHLY;BYDAY=2TU (5: -1), several days: BYDAY=…;BYSETPOS=n; BYMONTHDAY=-1 is the last day (127, 5) |
 * | 5 yearly, MonthOfYear, DayOfMonth | FREQ=YEARLY;BYMONTH=m;BYMONTHDAY=d |
 * | 6 yearly nth, MonthOfYear, WeekOfMonth, DayOfWeek | FREQ=YEARLY;BYMONTH=m;BYDAY=-1SU |
 *
 * Interval is INTERVAL, Occurrences COUNT, Until UNTIL, FirstDayOfWeek WKST (0 Sunday). A rule
 * ActiveSync cannot say (BYHOUR, BYWEEKNO, BYYEARDAY, several BYMONTHDAYs, a fifth weekday, an
 * interval or count over 999…) has no ActiveSync form: the item keeps it and the phone never sees
 * a wrong series. Missing BY parts are the start's (a weekly rule recurs on the start's weekday);
 * rules we write spell them out. Every reader here is one pass over its input.
 */
import { type AirSyncProperty, type AirSyncVersion, type VersionRange, inVersion, parentElement, textElement } from './properties.js';

export type RecurrenceType = 0 | 1 | 2 | 3 | 5 | 6;

/** The fields of an ActiveSync recurrence; `until` is UTC ms. */
export interface Recurrence {
  readonly type: RecurrenceType;
  readonly interval: number;
  readonly occurrences?: number;
  readonly until?: number;
  /** Bit mask: 1 Sunday, 2 Monday, 4 Tuesday … 64 Saturday (127: any day). */
  readonly dayOfWeek?: number;
  readonly dayOfMonth?: number;
  /** 1–4, 5: the last. */
  readonly weekOfMonth?: number;
  readonly monthOfYear?: number;
  /** 0 Sunday … 6 Saturday (WKST). */
  readonly firstDayOfWeek?: number;
}

/** The start of a series in its own wall time: what missing BY parts default to. */
export interface SeriesStart {
  readonly month: number;
  readonly day: number;
  /** 0 Sunday … 6 Saturday. */
  readonly weekday: number;
}

export const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;
const ALL_DAYS = 127;
const MAX = 999;

// ---- RRULE → ActiveSync ---------------------------------------------------------------------------

/** An RRULE value's parts, names upper case; null for a malformed or oversized rule. */
export function ruleParts(rule: string): Map<string, string> | null {
  if (rule.length > 1000) return null;
  const parts = new Map<string, string>();
  for (const part of rule.split(';')) {
    if (part.trim() === '') continue;
    const eq = part.indexOf('=');
    if (eq <= 0) return null;
    const key = part.slice(0, eq).trim().toUpperCase();
    if (parts.has(key)) return null;
    parts.set(key, part.slice(eq + 1).trim().toUpperCase());
  }
  return parts;
}

const KNOWN = new Set(['FREQ', 'INTERVAL', 'COUNT', 'UNTIL', 'WKST', 'BYDAY', 'BYMONTHDAY', 'BYMONTH', 'BYSETPOS']);

interface Day {
  readonly n: number | null;
  readonly day: number;
}

function byDays(text: string | undefined): Day[] | null {
  if (text === undefined) return [];
  const out: Day[] = [];
  for (const item of text.split(',')) {
    const m = /^([+-]?\d{1,2})?(SU|MO|TU|WE|TH|FR|SA)$/.exec(item.trim());
    if (!m) return null;
    out.push({ n: m[1] === undefined ? null : Number(m[1]), day: WEEKDAYS.indexOf(m[2] as (typeof WEEKDAYS)[number]) });
  }
  return out;
}

function numbers(text: string | undefined, min: number, max: number): number[] | null {
  if (text === undefined) return [];
  const out: number[] = [];
  for (const item of text.split(',')) {
    if (!/^[+-]?\d{1,3}$/.test(item.trim())) return null;
    const n = Number(item);
    if (n < min || n > max || n === 0) return null;
    out.push(n);
  }
  return out;
}

function mask(days: readonly Day[]): number {
  return days.reduce((m, d) => m | (1 << d.day), 0);
}

/** WeekOfMonth and DayOfWeek of `2TU` (or `MO,TU;BYSETPOS=1`); null when ActiveSync has no such week. */
function nth(days: readonly Day[], setPos: readonly number[]): { weekOfMonth: number; dayOfWeek: number } | null {
  const week = (n: number) => (n === -1 ? 5 : n >= 1 && n <= 4 ? n : null);
  if (setPos.length === 0) {
    const [only] = days;
    if (days.length !== 1 || !only || only.n === null) return null;
    const w = week(only.n);
    return w === null ? null : { weekOfMonth: w, dayOfWeek: 1 << only.day };
  }
  const [pos] = setPos;
  if (setPos.length !== 1 || pos === undefined || days.length === 0 || days.some((d) => d.n !== null)) return null;
  const w = week(pos);
  return w === null ? null : { weekOfMonth: w, dayOfWeek: mask(days) };
}

/**
 * The ActiveSync recurrence of an RRULE (without Until: the caller reads UNTIL in the item's
 * zone); null when it has none. `start` fills BY parts the rule leaves to DTSTART.
 */
export function recurrenceOfRule(parts: ReadonlyMap<string, string>, start: SeriesStart | null): Omit<Recurrence, 'until'> | null {
  for (const key of parts.keys()) if (!KNOWN.has(key)) return null;
  const interval = parts.has('INTERVAL') ? Number(parts.get('INTERVAL')) : 1;
  if (!/^\d{1,3}$/.test(parts.get('INTERVAL') ?? '1') || interval < 1 || interval > MAX) return null;
  const countText = parts.get('COUNT');
  if (countText !== undefined && (!/^\d{1,3}$/.test(countText) || Number(countText) < 1 || parts.has('UNTIL'))) return null;
  const wkst = parts.get('WKST');
  const firstDayOfWeek = wkst === undefined ? undefined : WEEKDAYS.indexOf(wkst as (typeof WEEKDAYS)[number]);
  if (firstDayOfWeek === -1) return null;
  const days = byDays(parts.get('BYDAY'));
  const monthDays = numbers(parts.get('BYMONTHDAY'), -31, 31);
  const months = numbers(parts.get('BYMONTH'), 1, 12);
  const setPos = numbers(parts.get('BYSETPOS'), -366, 366);
  if (!days || !monthDays || !months || !setPos) return null;
  const base = {
    interval,
    ...(countText === undefined ? {} : { occurrences: Number(countText) }),
    ...(firstDayOfWeek === undefined ? {} : { firstDayOfWeek }),
  };
  const plain = days.every((d) => d.n === null);

  switch (parts.get('FREQ')) {
    case 'DAILY':
      if (monthDays.length > 0 || months.length > 0 || setPos.length > 0) return null;
      if (days.length === 0) return { type: 0, ...base };
      // Daily on some weekdays is weekly on them (Outlook's "every weekday").
      return plain && interval === 1 ? { type: 1, ...base, dayOfWeek: mask(days) } : null;
    case 'WEEKLY': {
      if (monthDays.length > 0 || months.length > 0 || setPos.length > 0 || !plain) return null;
      if (days.length > 0) return { type: 1, ...base, dayOfWeek: mask(days) };
      return start ? { type: 1, ...base, dayOfWeek: 1 << start.weekday } : null;
    }
    case 'MONTHLY': {
      if (months.length > 0) return null;
      const monthly = dayOfPeriod(days, monthDays, setPos, start);
      if (!monthly) return null;
      return 'dayOfMonth' in monthly ? { type: 2, ...base, ...monthly } : { type: 3, ...base, ...monthly };
    }
    case 'YEARLY': {
      if (months.length > 1) return null;
      const monthOfYear = months[0] ?? start?.month;
      if (monthOfYear === undefined) return null;
      const yearly = dayOfPeriod(days, monthDays, setPos, start);
      if (!yearly) return null;
      return 'dayOfMonth' in yearly ? { type: 5, ...base, monthOfYear, ...yearly } : { type: 6, ...base, monthOfYear, ...yearly };
    }
    default:
      return null;
  }
}

/** The day in the month of a monthly or yearly rule: a day of the month, or an nth weekday. */
function dayOfPeriod(
  days: readonly Day[],
  monthDays: readonly number[],
  setPos: readonly number[],
  start: SeriesStart | null,
): { dayOfMonth: number } | { weekOfMonth: number; dayOfWeek: number } | null {
  if (monthDays.length > 0) {
    const [d] = monthDays;
    if (monthDays.length !== 1 || d === undefined || days.length > 0 || setPos.length > 0) return null;
    if (d === -1) return { weekOfMonth: 5, dayOfWeek: ALL_DAYS };
    return d > 0 ? { dayOfMonth: d } : null;
  }
  if (days.length > 0) return nth(days, setPos);
  if (setPos.length > 0) return null;
  return start ? { dayOfMonth: start.day } : null;
}

// ---- ActiveSync → RRULE ---------------------------------------------------------------------------

function dayList(dayOfWeek: number): string {
  return WEEKDAYS.filter((_, i) => (dayOfWeek & (1 << i)) !== 0).join(',');
}

/** The BY parts of an nth weekday: `BYDAY=2TU`, or `BYDAY=MO,TU…;BYSETPOS=2` for several days. */
function nthParts(weekOfMonth: number, dayOfWeek: number): string[] {
  const n = weekOfMonth === 5 ? -1 : weekOfMonth;
  const list = dayList(dayOfWeek);
  return list.includes(',') ? [`BYDAY=${list}`, `BYSETPOS=${n}`] : [`BYDAY=${n}${list}`];
}

/** The RRULE of a recurrence, its BY parts spelled out; `until` is UNTIL as the item writes it. */
export function ruleOfRecurrence(r: Recurrence, until: string | null): string {
  const parts: string[] = [];
  switch (r.type) {
    case 0:
      parts.push('FREQ=DAILY');
      break;
    case 1:
      parts.push('FREQ=WEEKLY');
      if (r.dayOfWeek) parts.push(`BYDAY=${dayList(r.dayOfWeek)}`);
      break;
    case 2:
      parts.push('FREQ=MONTHLY');
      if (r.dayOfMonth) parts.push(`BYMONTHDAY=${r.dayOfMonth}`);
      break;
    case 3:
      parts.push('FREQ=MONTHLY', ...nthParts(r.weekOfMonth ?? 1, r.dayOfWeek ?? 2));
      break;
    case 5:
      parts.push('FREQ=YEARLY');
      if (r.monthOfYear) parts.push(`BYMONTH=${r.monthOfYear}`);
      if (r.dayOfMonth) parts.push(`BYMONTHDAY=${r.dayOfMonth}`);
      break;
    case 6:
      parts.push('FREQ=YEARLY');
      if (r.monthOfYear) parts.push(`BYMONTH=${r.monthOfYear}`);
      parts.push(...nthParts(r.weekOfMonth ?? 1, r.dayOfWeek ?? 2));
      break;
  }
  if (r.interval !== 1) parts.push(`INTERVAL=${r.interval}`);
  if (r.occurrences !== undefined) parts.push(`COUNT=${r.occurrences}`);
  else if (until !== null) parts.push(`UNTIL=${until}`);
  if (r.firstDayOfWeek !== undefined) parts.push(`WKST=${WEEKDAYS[r.firstDayOfWeek]}`);
  return parts.join(';');
}

// ---- the element ----------------------------------------------------------------------------------

type Field = keyof Recurrence | 'calendarType' | 'start' | 'regenerate' | 'deadOccur';

/** One child of a Recurrence element: its tag, the field it carries, the versions that have it. */
export interface RecurrenceField extends VersionRange {
  readonly tag: string;
  readonly field: Field;
}

/** Calendar:Recurrence's children, in the order of MS-ASCAL's schema. */
export const CALENDAR_RECURRENCE: readonly RecurrenceField[] = [
  { tag: 'Type', field: 'type' },
  { tag: 'Occurrences', field: 'occurrences' },
  { tag: 'Interval', field: 'interval' },
  { tag: 'WeekOfMonth', field: 'weekOfMonth' },
  { tag: 'DayOfWeek', field: 'dayOfWeek' },
  { tag: 'MonthOfYear', field: 'monthOfYear' },
  { tag: 'Until', field: 'until' },
  { tag: 'DayOfMonth', field: 'dayOfMonth' },
  { tag: 'CalendarType', field: 'calendarType', since: '14.0' },
  { tag: 'FirstDayOfWeek', field: 'firstDayOfWeek', since: '14.1' },
];

/** Tasks:Recurrence's children, in the order of MS-ASTASK's schema. */
export const TASK_RECURRENCE: readonly RecurrenceField[] = [
  { tag: 'Type', field: 'type' },
  { tag: 'Start', field: 'start' },
  { tag: 'Until', field: 'until' },
  { tag: 'Occurrences', field: 'occurrences' },
  { tag: 'Interval', field: 'interval' },
  { tag: 'DayOfMonth', field: 'dayOfMonth' },
  { tag: 'DayOfWeek', field: 'dayOfWeek' },
  { tag: 'WeekOfMonth', field: 'weekOfMonth' },
  { tag: 'MonthOfYear', field: 'monthOfYear' },
  { tag: 'Regenerate', field: 'regenerate' },
  { tag: 'DeadOccur', field: 'deadOccur' },
  { tag: 'CalendarType', field: 'calendarType', since: '14.0' },
  { tag: 'FirstDayOfWeek', field: 'firstDayOfWeek', since: '14.1' },
];

/** A recurrence with what a task's recurrence adds: Start (its own text), Regenerate, DeadOccur. */
export interface RecurrenceValue extends Recurrence {
  readonly start?: string;
  readonly regenerate?: number;
  readonly deadOccur?: number;
}

/**
 * The Recurrence element of `page`: the fields of the table the version has, Until written by
 * `until`. CalendarType 0 (the default calendar) goes with the monthly and yearly types, which
 * MS-ASCAL requires of a response from 14.0 on.
 */
export function encodeRecurrence(
  page: string,
  fields: readonly RecurrenceField[],
  r: RecurrenceValue,
  version: AirSyncVersion,
  until: (ms: number) => string,
): AirSyncProperty {
  const children: AirSyncProperty[] = [];
  for (const f of fields) {
    if (!inVersion(f, version)) continue;
    let text: string | undefined;
    if (f.field === 'calendarType') text = [2, 3, 5, 6].includes(r.type) ? '0' : undefined;
    else if (f.field === 'until') text = r.until === undefined ? undefined : until(r.until);
    else if (f.field === 'start') text = r.start;
    else {
      const value = r[f.field];
      text = value === undefined ? undefined : String(value);
    }
    if (text !== undefined) children.push(textElement(`${page}:${f.tag}`, text));
  }
  return parentElement(`${page}:Recurrence`, children);
}

const RANGES: Readonly<Partial<Record<Field, readonly [number, number]>>> = {
  interval: [1, MAX], occurrences: [1, MAX], dayOfWeek: [1, ALL_DAYS], dayOfMonth: [1, 31], weekOfMonth: [1, 5],
  monthOfYear: [1, 12], firstDayOfWeek: [0, 6], regenerate: [0, 1], deadOccur: [0, 1],
};
/** CalendarType values that are the Gregorian calendar (0 is the default one). */
const GREGORIAN = new Set([0, 1, 2, 9, 10, 11, 12]);

/**
 * The phone's Recurrence element; null when it is not one we can use (no or a bad Type, a
 * non-Gregorian calendar, an Until `until` cannot read, an nth rule without its week). A field out
 * of its range is left out; `start` fills what a type needs and the phone left out.
 */
export function readRecurrence(
  property: AirSyncProperty,
  page: string,
  fields: readonly RecurrenceField[],
  start: SeriesStart | null,
  until: (text: string) => number | null,
): RecurrenceValue | null {
  const values: Record<string, number | string> = {};
  for (const f of fields) {
    const text = property.children?.find((c) => c.name === `${page}:${f.tag}`)?.text?.trim();
    if (text === undefined || text === '') continue;
    if (f.field === 'until') {
      const ms = until(text);
      if (ms === null) return null;
      values.until = ms;
    } else if (f.field === 'start') {
      values.start = text;
    } else {
      if (!/^\d{1,4}$/.test(text)) continue;
      const n = Number(text);
      if (f.field === 'calendarType') {
        if (!GREGORIAN.has(n)) return null;
        continue;
      }
      const range = RANGES[f.field];
      if (f.field === 'type' || (range && n >= range[0] && n <= range[1])) values[f.field] = n;
    }
  }
  const type = values.type;
  if (type !== 0 && type !== 1 && type !== 2 && type !== 3 && type !== 5 && type !== 6) return null;
  const r: Record<string, number | string> = { ...values, interval: values.interval ?? 1 };
  if (type === 0) {
    // Daily on some weekdays is weekly on them.
    if (r.dayOfWeek !== undefined) r.type = 1;
  } else if (type === 1) {
    if (r.dayOfWeek === undefined && start) r.dayOfWeek = 1 << start.weekday;
    if (r.dayOfWeek === undefined) return null;
  } else if (type === 2 || type === 5) {
    if (r.dayOfMonth === undefined && start) r.dayOfMonth = start.day;
    if (type === 5 && r.monthOfYear === undefined && start) r.monthOfYear = start.month;
    if (r.dayOfMonth === undefined || (type === 5 && r.monthOfYear === undefined)) return null;
  } else {
    if (r.weekOfMonth === undefined || r.dayOfWeek === undefined) return null;
    if (type === 6 && r.monthOfYear === undefined && start) r.monthOfYear = start.month;
    if (type === 6 && r.monthOfYear === undefined) return null;
  }
  // Only what the type uses, so two phones' spellings of one rule compare equal.
  const uses: Record<RecurrenceType, readonly string[]> = {
    0: [], 1: ['dayOfWeek'], 2: ['dayOfMonth'], 3: ['weekOfMonth', 'dayOfWeek'], 5: ['monthOfYear', 'dayOfMonth'], 6: ['monthOfYear', 'weekOfMonth', 'dayOfWeek'],
  };
  const out: Record<string, number | string> = { type: r.type!, interval: r.interval! };
  for (const key of [...uses[r.type as RecurrenceType], 'occurrences', 'until', 'firstDayOfWeek', 'start', 'regenerate', 'deadOccur']) {
    if (r[key] !== undefined) out[key] = r[key]!;
  }
  if (out.occurrences !== undefined) delete out.until;
  return out as unknown as RecurrenceValue;
}
