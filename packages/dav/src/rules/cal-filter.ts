/**
 * CALDAV:filter evaluation (RFC 4791 §9.7) and the time-range tests of §9.9, over a calendar object
 * read by the caller into the small shape below (@atomsync/items reads iCalendar into it, with
 * recurrence and time zones); this module holds only the protocol's rules:
 *
 * - a comp-filter matches when some component of its name passes all its tests (is-not-defined:
 *   when there is none); a prop-filter when some property of its name passes its time-range or
 *   text-match and all its param-filters; text-match is a substring test (CalDAV has no match-type)
 *   under the collation asked;
 * - a time-range on a component asks whether one of its instances overlaps the range, by the
 *   tables of §9.9 (VEVENT, VTODO, VJOURNAL, VFREEBUSY, VALARM). A recurring component's instances
 *   come from the reader; an overridden instance is its own component (RECURRENCE-ID), so it is
 *   found where it was moved to and not where the series would have put it.
 *
 * Instances the reader could not reach within its cap (an endless rule walked from long ago) are
 * not known: such a component counts as overlapping — answering an item too many is harmless to a
 * client, leaving one out hides an event.
 */
import { DavRequestError } from '../errors.js';
import type { CalParamFilter, CalPropFilter, CompFilter, TimeRange } from '../requests/filters.js';
import { textMatches } from './card-filter.js';

/** One instance of a component, times in UTC ms; undefined where the component has no such time. */
export interface CalInstance {
  /** DTSTART of the instance. */
  readonly start: number | undefined;
  /** Whether DTSTART is a DATE (an all-day event). */
  readonly startIsDate: boolean;
  /**
   * The instance's end: DTEND, or DTSTART + DURATION; for a VEVENT or VJOURNAL with neither, the
   * next day for a DATE start, else the start itself (RFC 5545 §3.6.1). For a VTODO only
   * DTSTART + DURATION (its DUE is `due`).
   */
  readonly end: number | undefined;
  readonly due: number | undefined;
  readonly completed: number | undefined;
  readonly created: number | undefined;
  /** VALARM: when this instance of the alarm rings. */
  readonly trigger: number | undefined;
}

export interface CalInstances {
  /** At least every instance that may overlap the range asked (more is fine: the rules decide). */
  readonly instances: readonly CalInstance[];
  /** The walk stopped at its cap before the range's end: there may be instances not listed. */
  readonly truncated: boolean;
}

export interface CalObjectProperty {
  /** Upper case. */
  readonly name: string;
  /** Parameter names upper case → their values. */
  readonly params: ReadonlyMap<string, readonly string[]>;
  /** The value, unescaped. */
  readonly text: string;
  /** A DATE or DATE-TIME value as UTC ms (floating ones in the query's zone); undefined otherwise. */
  readonly instant: number | undefined;
}

export interface CalObjectComponent {
  /** Upper case: VCALENDAR, VEVENT, VTODO, VALARM… */
  readonly name: string;
  readonly properties: readonly CalObjectProperty[];
  readonly components: readonly CalObjectComponent[];
  /** The component's instances near `range` (recurrence expanded, EXDATEs and overridden ones left out). */
  instancesNear(range: TimeRange): CalInstances;
}

/** The components a time-range may be applied to (RFC 4791 §9.9). */
export const TIMED_COMPONENTS: ReadonlySet<string> = new Set(['VEVENT', 'VTODO', 'VJOURNAL', 'VFREEBUSY', 'VALARM']);

/**
 * Refuses, before anything is read, a filter this server cannot answer right: a time-range on a
 * component that has no times (CALDAV:valid-filter, §9.9).
 */
export function checkCalFilter(filter: CompFilter): void {
  if (filter.timeRange !== undefined && !TIMED_COMPONENTS.has(filter.name)) {
    throw DavRequestError.failed('valid-filter', `a time-range does not apply to ${filter.name}`);
  }
  filter.compFilters.forEach(checkCalFilter);
}

/**
 * Whether one instance of a component named `name` overlaps `range`, by the tables of RFC 4791
 * §9.9 (the VEVENT one as corrected by erratum 1873: an instance without length is in the range
 * that holds its start).
 */
export function instanceOverlaps(name: string, i: CalInstance, range: TimeRange): boolean {
  const { start: s, end: e } = range;
  switch (name) {
    case 'VEVENT':
    case 'VJOURNAL': {
      if (i.start === undefined) return false;
      const end = i.end ?? i.start;
      return (s < end || s <= i.start) && e > i.start;
    }
    case 'VTODO': {
      if (i.start !== undefined) {
        if (i.end !== undefined) return s <= i.end && (e > i.start || e >= i.end);
        if (i.due !== undefined) return (s < i.due || s <= i.start) && (e > i.start || e >= i.due);
        return s <= i.start && e > i.start;
      }
      if (i.due !== undefined) return s < i.due && e >= i.due;
      if (i.completed !== undefined && i.created !== undefined) return (s <= i.created || s <= i.completed) && (e >= i.created || e >= i.completed);
      if (i.completed !== undefined) return s <= i.completed && e >= i.completed;
      if (i.created !== undefined) return e > i.created;
      return true;
    }
    case 'VFREEBUSY':
      return i.start !== undefined && i.end !== undefined && s <= i.end && e > i.start;
    case 'VALARM':
      return i.trigger !== undefined && s <= i.trigger && e > i.trigger;
    default:
      return false;
  }
}

/** Whether some instance of the component overlaps the range (or its instances were not all reached). */
export function componentOverlaps(component: CalObjectComponent, range: TimeRange): boolean {
  const { instances, truncated } = component.instancesNear(range);
  return instances.some((i) => instanceOverlaps(component.name, i, range)) || truncated;
}

function paramMatches(filter: CalParamFilter, property: CalObjectProperty): boolean {
  const values = property.params.get(filter.name);
  if (filter.isNotDefined) return values === undefined;
  if (values === undefined) return false;
  return filter.textMatch === undefined || values.some((v) => textMatches(filter.textMatch!, v));
}

function propMatches(filter: CalPropFilter, properties: readonly CalObjectProperty[]): boolean {
  const named = properties.filter((p) => p.name === filter.name);
  if (filter.isNotDefined) return named.length === 0;
  return named.some((p) => {
    if (filter.timeRange !== undefined && !(p.instant !== undefined && filter.timeRange.start <= p.instant && p.instant < filter.timeRange.end)) return false;
    if (filter.textMatch !== undefined && !textMatches(filter.textMatch, p.text)) return false;
    return filter.paramFilters.every((f) => paramMatches(f, p));
  });
}

function componentPasses(filter: CompFilter, component: CalObjectComponent): boolean {
  if (filter.timeRange !== undefined && !componentOverlaps(component, filter.timeRange)) return false;
  return filter.propFilters.every((f) => propMatches(f, component.properties)) && filter.compFilters.every((f) => compMatches(f, component.components));
}

function compMatches(filter: CompFilter, components: readonly CalObjectComponent[]): boolean {
  const named = components.filter((c) => c.name === filter.name);
  if (filter.isNotDefined) return named.length === 0;
  return named.some((c) => componentPasses(filter, c));
}

/** Whether a calendar object (its VCALENDAR) matches the filter (whose top comp-filter names VCALENDAR). */
export function matchesCalFilter(filter: CompFilter, calendar: CalObjectComponent): boolean {
  return compMatches(filter, [calendar]);
}

// Free-busy (RFC 4791 §7.10).

export type BusyType = 'BUSY' | 'BUSY-TENTATIVE' | 'BUSY-UNAVAILABLE';

export interface BusyPeriod {
  readonly start: number;
  readonly end: number;
  readonly type: BusyType;
}

function propertyText(component: CalObjectComponent, name: string): string {
  return component.properties.find((p) => p.name === name)?.text.trim().toUpperCase() ?? '';
}

/**
 * The busy time of one calendar object within `range`: each instance of its VEVENTs that overlaps
 * it, cut to the range. Transparent and cancelled events take no time (§7.10: TRANSP:TRANSPARENT,
 * STATUS:CANCELLED); a tentative one is BUSY-TENTATIVE; an instance without length takes none.
 */
export function busyPeriods(calendar: CalObjectComponent, range: TimeRange): BusyPeriod[] {
  const out: BusyPeriod[] = [];
  for (const event of calendar.components) {
    if (event.name !== 'VEVENT') continue;
    if (propertyText(event, 'TRANSP') === 'TRANSPARENT' || propertyText(event, 'STATUS') === 'CANCELLED') continue;
    const type: BusyType = propertyText(event, 'STATUS') === 'TENTATIVE' ? 'BUSY-TENTATIVE' : 'BUSY';
    for (const i of event.instancesNear(range).instances) {
      if (i.start === undefined || i.end === undefined || !(i.end > i.start) || !instanceOverlaps('VEVENT', i, range)) continue;
      out.push({ start: Math.max(i.start, range.start), end: Math.min(i.end, range.end), type });
    }
  }
  return out;
}

/** Periods of each type sorted, overlapping and touching ones joined. */
export function mergeBusyPeriods(periods: readonly BusyPeriod[]): BusyPeriod[] {
  const out: BusyPeriod[] = [];
  const types = [...new Set(periods.map((p) => p.type))].sort();
  for (const type of types) {
    const sorted = periods.filter((p) => p.type === type).sort((a, b) => a.start - b.start);
    let current: BusyPeriod | undefined;
    for (const p of sorted) {
      if (current !== undefined && p.start <= current.end) current = { ...current, end: Math.max(current.end, p.end) };
      else {
        if (current !== undefined) out.push(current);
        current = p;
      }
    }
    if (current !== undefined) out.push(current);
  }
  return out;
}
