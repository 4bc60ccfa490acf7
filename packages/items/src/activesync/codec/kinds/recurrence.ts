/**
 * Recurrence on the wire (recurrence.ts reads and writes the element and the RRULE): the class's
 * `Page:Recurrence` with the children its table gives each version. FirstDayOfWeek is gated by that
 * table too: a version without it is sent no week start, and a rule it sends back keeps the WKST
 * the item had.
 */
import { paramValues } from '../../../lines/read.js';
import { type CalendarZones, type ItemComponent, type ItemLine, first, instantOf, msOf, readTimeValue } from '../../calendar-item.js';
import { type AirSyncProperty, type AirSyncVersion, inVersion } from '../../properties.js';
import { type RecurrenceField, type RecurrenceValue, type SeriesStart, WEEKDAYS, encodeRecurrence, readRecurrence, recurrenceOfRule, ruleParts } from '../../recurrence.js';
import type { Element, Held, Reading, Wire } from '../walk.js';

export function recurrence<I>(
  page: string,
  fields: readonly RecurrenceField[],
  /** How Until (and a task's Start) is written. */
  format: (ms: number) => string,
  /** The series' start, for what a type needs and the phone left out. */
  start: (property: AirSyncProperty, reading: Reading<I>) => SeriesStart | null,
  /** The value as the class holds it (a task's Start, Regenerate, DeadOccur). */
  finish: (value: RecurrenceValue) => RecurrenceValue = (value) => value,
): Wire<I, Element, RecurrenceValue> {
  return {
    encode: (_e, value, options) => [encodeRecurrence(page, fields, value, options.version, format)],
    decode: (_e, property, reading) => {
      const value = readRecurrence(property, page, fields, start(property, reading), instantOf);
      return value === null ? 'unusable' : { value: finish(value) };
    },
  };
}

function carriesWeekStart(fields: readonly RecurrenceField[], version: AirSyncVersion): boolean {
  const field = fields.find((f) => f.field === 'firstDayOfWeek');
  return field !== undefined && inVersion(field, version);
}

/** The item's rule as the version can say it: no FirstDayOfWeek where the version has none. */
export function sentWeekStart<R extends { readonly firstDayOfWeek?: number }>(rule: R, fields: readonly RecurrenceField[], version: AirSyncVersion): Omit<R, 'firstDayOfWeek'> | R {
  if (carriesWeekStart(fields, version) || rule.firstDayOfWeek === undefined) return rule;
  const { firstDayOfWeek: _dropped, ...rest } = rule;
  return rest;
}

/** The phone's rule, with the item's WKST where the version cannot say one. */
export function keptWeekStart(rule: RecurrenceValue, before: readonly ItemLine[], fields: readonly RecurrenceField[], version: AirSyncVersion): RecurrenceValue {
  if (carriesWeekStart(fields, version) || before.length !== 1) return rule;
  const index = WEEKDAYS.indexOf((ruleParts(before[0]!.value)?.get('WKST') ?? '') as (typeof WEEKDAYS)[number]);
  return index >= 0 ? { ...rule, firstDayOfWeek: index } : rule;
}

/**
 * The component's RRULE as the phone's Recurrence, its UNTIL read in DTSTART's zone, without a week
 * start the version cannot say; withheld when it has several rules, or one the phone cannot carry.
 */
export function ruleOf(c: ItemComponent, zones: CalendarZones, start: SeriesStart | null, fields: readonly RecurrenceField[], version: AirSyncVersion): Held<RecurrenceValue> {
  const rules = c.lines.filter((l) => l.name === 'RRULE');
  if (rules.length === 0) return undefined;
  const parts = rules.length === 1 ? ruleParts(rules[0]!.value) : null;
  const rule = parts ? recurrenceOfRule(parts, start) : null;
  if (!parts || !rule) return 'withheld';
  let until: number | undefined;
  const untilText = parts.get('UNTIL');
  if (untilText !== undefined) {
    const ms = msOf(readTimeValue(untilText, paramValues(first(c, 'DTSTART')?.params ?? [], 'TZID')[0], zones));
    if (ms === null) return 'withheld';
    until = ms;
  }
  return { value: { ...sentWeekStart(rule, fields, version), ...(until === undefined ? {} : { until }) } };
}
