/**
 * CALDAV:filter rules (RFC 4791 §9.7) and the time-range tables of §9.9, over hand-made calendar
 * objects: what a reader (@atomsync/items) gives, without reading iCalendar here.
 */
import { describe, expect, it } from 'vitest';
import { DavRequestError } from '../src/errors.js';
import { busyPeriods, checkCalFilter, instanceOverlaps, matchesCalFilter, mergeBusyPeriods, type CalInstance, type CalObjectComponent, type CalObjectProperty } from '../src/rules/cal-filter.js';
import type { CompFilter, TimeRange } from '../src/requests/filters.js';

const t = (iso: string) => Date.parse(iso);
const range = (start: string, end: string): TimeRange => ({ start: t(start), end: t(end) });
const instance = (fields: Partial<CalInstance>): CalInstance => ({ start: undefined, startIsDate: false, end: undefined, due: undefined, completed: undefined, created: undefined, trigger: undefined, ...fields });

describe('time-range tables (RFC 4791 §9.9)', () => {
  const r = range('2025-03-10T10:00:00Z', '2025-03-10T12:00:00Z');
  const cases: [string, string, Partial<CalInstance>, boolean][] = [
    ['VEVENT', 'ends as the range starts', { start: t('2025-03-10T09:00:00Z'), end: t('2025-03-10T10:00:00Z') }, false],
    ['VEVENT', 'ends just inside', { start: t('2025-03-10T09:00:00Z'), end: t('2025-03-10T10:00:01Z') }, true],
    ['VEVENT', 'starts as the range ends', { start: t('2025-03-10T12:00:00Z'), end: t('2025-03-10T13:00:00Z') }, false],
    ['VEVENT', 'spans the range', { start: t('2025-03-10T00:00:00Z'), end: t('2025-03-11T00:00:00Z') }, true],
    ['VEVENT', 'an instant at the range start (erratum: start <= DTSTART)', { start: t('2025-03-10T10:00:00Z'), end: t('2025-03-10T10:00:00Z') }, true],
    ['VEVENT', 'an instant before the range', { start: t('2025-03-10T09:59:59Z'), end: t('2025-03-10T09:59:59Z') }, false],
    ['VEVENT', 'no DTSTART', {}, false],
    ['VTODO', 'DTSTART+DURATION ending at the range start (start <= end)', { start: t('2025-03-10T09:00:00Z'), end: t('2025-03-10T10:00:00Z') }, true],
    ['VTODO', 'DTSTART and DUE around the range', { start: t('2025-03-09T00:00:00Z'), due: t('2025-03-12T00:00:00Z') }, true],
    ['VTODO', 'DTSTART and DUE before the range', { start: t('2025-03-09T00:00:00Z'), due: t('2025-03-10T10:00:00Z') }, false],
    ['VTODO', 'DTSTART only, inside', { start: t('2025-03-10T11:00:00Z') }, true],
    ['VTODO', 'DTSTART only, at the end', { start: t('2025-03-10T12:00:00Z') }, false],
    ['VTODO', 'DUE only, at the range end (end >= DUE)', { due: t('2025-03-10T12:00:00Z') }, true],
    ['VTODO', 'DUE only, at the range start (start < DUE fails)', { due: t('2025-03-10T10:00:00Z') }, false],
    ['VTODO', 'COMPLETED and CREATED around the range', { created: t('2025-03-01T00:00:00Z'), completed: t('2025-03-20T00:00:00Z') }, true],
    ['VTODO', 'COMPLETED only, before', { completed: t('2025-03-10T09:00:00Z') }, false],
    ['VTODO', 'CREATED only, before the range end', { created: t('2025-03-01T00:00:00Z') }, true],
    ['VTODO', 'CREATED only, after', { created: t('2025-03-10T12:00:00Z') }, false],
    ['VTODO', 'no times at all', {}, true],
    ['VJOURNAL', 'a date journal covering the day', { start: t('2025-03-10T00:00:00Z'), end: t('2025-03-11T00:00:00Z'), startIsDate: true }, true],
    ['VALARM', 'rings inside', { trigger: t('2025-03-10T11:59:59Z') }, true],
    ['VALARM', 'rings at the end', { trigger: t('2025-03-10T12:00:00Z') }, false],
  ];
  it.each(cases)('%s: %s', (name, _, fields, expected) => {
    expect(instanceOverlaps(name, instance(fields), r)).toBe(expected);
  });
});

function prop(name: string, text: string, params: Record<string, string[]> = {}, instant?: number): CalObjectProperty {
  return { name, text, params: new Map(Object.entries(params)), instant };
}

function component(name: string, properties: CalObjectProperty[], instances: Partial<CalInstance>[] = [], components: CalObjectComponent[] = [], truncated = false): CalObjectComponent & { asked: TimeRange[] } {
  const asked: TimeRange[] = [];
  return {
    name,
    properties,
    components,
    asked,
    instancesNear(r) {
      asked.push(r);
      return { instances: instances.map(instance), truncated };
    },
  };
}

const filter = (name: string, fields: Partial<CompFilter> = {}): CompFilter => ({ name, isNotDefined: false, timeRange: undefined, propFilters: [], compFilters: [], ...fields });
const text = (value: string, negate = false, collation: 'i;ascii-casemap' | 'i;octet' = 'i;ascii-casemap') => ({ text: value, collation, negate, matchType: 'contains' as const });

describe('CALDAV:filter (RFC 4791 §9.7)', () => {
  const event = component('VEVENT', [prop('SUMMARY', 'Weekly Standup'), prop('ATTENDEE', 'mailto:ada@example.com', { PARTSTAT: ['ACCEPTED'] }), prop('DTSTAMP', '20250101T000000Z', {}, t('2025-01-01T00:00:00Z'))], [
    { start: t('2025-03-10T08:00:00Z'), end: t('2025-03-10T09:00:00Z') },
  ], [component('VALARM', [prop('ACTION', 'DISPLAY')], [{ trigger: t('2025-03-10T07:45:00Z') }])]);
  const cal = component('VCALENDAR', [prop('PRODID', '-//x//EN')], [], [event]);
  const events = (inner: Partial<CompFilter>) => filter('VCALENDAR', { compFilters: [filter('VEVENT', inner)] });
  const prop1 = (name: string, fields: Partial<CompFilter['propFilters'][number]>) => ({ name, isNotDefined: false, timeRange: undefined, textMatch: undefined, paramFilters: [], ...fields });

  const cases: [string, CompFilter, boolean][] = [
    ['VCALENDAR alone matches', filter('VCALENDAR'), true],
    ['a VEVENT is defined', events({}), true],
    ['no VTODO: is-not-defined holds', filter('VCALENDAR', { compFilters: [filter('VTODO', { isNotDefined: true })] }), true],
    ['a VTODO is asked for', filter('VCALENDAR', { compFilters: [filter('VTODO')] }), false],
    ['time-range holding the instance', events({ timeRange: range('2025-03-10T08:30:00Z', '2025-03-10T08:31:00Z') }), true],
    ['time-range missing the instance', events({ timeRange: range('2025-03-10T09:00:00Z', '2025-03-10T10:00:00Z') }), false],
    ['text-match, case folded (i;ascii-casemap)', events({ propFilters: [prop1('SUMMARY', { textMatch: text('standup') })] }), true],
    ['text-match under i;octet is exact', events({ propFilters: [prop1('SUMMARY', { textMatch: text('standup', false, 'i;octet') })] }), false],
    ['negated text-match', events({ propFilters: [prop1('SUMMARY', { textMatch: text('standup', true) })] }), false],
    ['is-not-defined of a property it has', events({ propFilters: [prop1('SUMMARY', { isNotDefined: true })] }), false],
    ['is-not-defined of a property it lacks', events({ propFilters: [prop1('LOCATION', { isNotDefined: true })] }), true],
    ['param-filter text-match', events({ propFilters: [prop1('ATTENDEE', { paramFilters: [{ name: 'PARTSTAT', isNotDefined: false, textMatch: text('accepted') }] })] }), true],
    ['param-filter is-not-defined', events({ propFilters: [prop1('ATTENDEE', { paramFilters: [{ name: 'ROLE', isNotDefined: true, textMatch: undefined }] })] }), true],
    ['param-filter on a param it lacks', events({ propFilters: [prop1('ATTENDEE', { paramFilters: [{ name: 'ROLE', isNotDefined: false, textMatch: undefined }] })] }), false],
    ['a property time-range', events({ propFilters: [prop1('DTSTAMP', { timeRange: range('2024-12-31T00:00:00Z', '2025-01-02T00:00:00Z') })] }), true],
    ['a property time-range missing it', events({ propFilters: [prop1('DTSTAMP', { timeRange: range('2025-01-02T00:00:00Z', '2025-01-03T00:00:00Z') })] }), false],
    ['all prop-filters must pass', events({ propFilters: [prop1('SUMMARY', { textMatch: text('standup') }), prop1('LOCATION', {})] }), false],
    ['a nested VALARM time-range', events({ compFilters: [filter('VALARM', { timeRange: range('2025-03-10T07:40:00Z', '2025-03-10T07:50:00Z') })] }), true],
    ['a nested VALARM time-range missing it', events({ compFilters: [filter('VALARM', { timeRange: range('2025-03-10T07:50:00Z', '2025-03-10T08:00:00Z') })] }), false],
  ];
  it.each(cases)('%s', (_, f, expected) => {
    expect(matchesCalFilter(f, cal)).toBe(expected);
  });

  it('passes the range to the reader, and counts a truncated walk as a match', () => {
    const endless = component('VEVENT', [], [], [], true);
    const r = range('2030-01-01T00:00:00Z', '2030-01-02T00:00:00Z');
    expect(matchesCalFilter(events({ timeRange: r }), component('VCALENDAR', [], [], [endless]))).toBe(true);
    expect(endless.asked).toEqual([r]);
  });

  it('refuses a time-range on a component without times', () => {
    expect(() => checkCalFilter(filter('VCALENDAR', { timeRange: range('2025-01-01T00:00:00Z', '2025-01-02T00:00:00Z') }))).toThrow(DavRequestError);
    expect(() => checkCalFilter(events({ timeRange: range('2025-01-01T00:00:00Z', '2025-01-02T00:00:00Z') }))).not.toThrow();
  });
});

describe('free-busy (RFC 4791 §7.10)', () => {
  const r = range('2025-03-10T00:00:00Z', '2025-03-11T00:00:00Z');
  const ev = (props: CalObjectProperty[], start: string, end: string) => component('VEVENT', props, [{ start: t(start), end: t(end) }]);
  it('takes busy time from opaque, confirmed and tentative events, cut to the range, joined', () => {
    const cal = component('VCALENDAR', [], [], [
      ev([], '2025-03-09T23:00:00Z', '2025-03-10T01:00:00Z'),
      ev([], '2025-03-10T00:30:00Z', '2025-03-10T02:00:00Z'),
      ev([prop('TRANSP', 'TRANSPARENT')], '2025-03-10T05:00:00Z', '2025-03-10T06:00:00Z'),
      ev([prop('STATUS', 'CANCELLED')], '2025-03-10T07:00:00Z', '2025-03-10T08:00:00Z'),
      ev([prop('STATUS', 'TENTATIVE')], '2025-03-10T09:00:00Z', '2025-03-10T10:00:00Z'),
      ev([], '2025-03-10T11:00:00Z', '2025-03-10T11:00:00Z'),
    ]);
    const periods = mergeBusyPeriods(busyPeriods(cal, r)).map((p) => [new Date(p.start).toISOString(), new Date(p.end).toISOString(), p.type]);
    expect(periods).toEqual([
      ['2025-03-10T00:00:00.000Z', '2025-03-10T02:00:00.000Z', 'BUSY'],
      ['2025-03-10T09:00:00.000Z', '2025-03-10T10:00:00.000Z', 'BUSY-TENTATIVE'],
    ]);
  });
});
