/**
 * A series' exceptions (MS-ASCAL `Exceptions` of `Exception`) ↔ EXDATE (an occurrence Deleted)
 * and VEVENTs with RECURRENCE-ID and the series' UID in the same VCALENDAR (an occurrence changed).
 *
 * An Exception names its occurrence by its original start (ExceptionStartTime to 14.1, InstanceId
 * from 16.0) and carries the event's rows its table marks (`inException`): its times always, every
 * other row only where its value is not the series'. Coming back, each changed occurrence is the
 * walker's work row by row, a row left out taking the series' value; a new one is made from the
 * series; an override the phone no longer sends is removed. Nothing changes while the phone sends
 * back what we sent, nor when a series' rule, times or occurrences cannot be sent (withheld).
 */
import { paramValues } from '../../../lines/read.js';
import {
  type CalendarDoc,
  type ItemComponent,
  canonical,
  compactUtc,
  extendedUtc,
  first,
  instantOf,
  isTrue,
  msOf,
  newLine,
  readTime,
  readTimes,
  removeLines,
  textOfLine,
  writeTimeIn,
} from '../../calendar-item.js';
import { type AirSyncProperty, type AirSyncVersion, type ToAirSyncOptions, type VersionRange, indexProperties, inVersion, parentElement, textElement } from '../../properties.js';
import { type Element, type Held, type ItemCodec, type Kind, type Reading, applyElement, sameValue } from '../walk.js';
import { type Timed, type Times, occurrenceTimes, sentTimes, timesOf, writeTimes } from './times.js';

/** An occurrence as the phone sees it. */
export interface Occurrence {
  /** Its original start, UTC ms. */
  readonly start: number;
  readonly deleted: boolean;
  /** Element name → value ('' for an element sent empty). */
  readonly fields: Readonly<Record<string, unknown>>;
}

/** An occurrence the phone sent: its rows too, for the walker, and its Supported list. */
interface PhoneOccurrence extends Occurrence {
  readonly sent: ReadonlyMap<string, AirSyncProperty>;
  readonly supported: readonly string[] | undefined;
}

/** The series: its component (the item's `c`), its calendar and its version. */
export interface Series extends Timed {
  readonly ctx: Timed['ctx'] & { readonly version: AirSyncVersion; readonly doc: CalendarDoc };
}

/** The original start of an occurrence: ExceptionStartTime to 14.1, InstanceId from 16.0. */
const EXCEPTION_START: readonly (VersionRange & { readonly name: string; readonly format: (ms: number) => string })[] = [
  { name: 'Calendar:ExceptionStartTime', until: '14.1', format: compactUtc },
  { name: 'AirSyncBase:InstanceId', since: '16.0', format: extendedUtc },
];

const EXCEPTION = 'Calendar:Exception';
const DELETED = 'Calendar:Deleted';

/** Lines an occurrence takes from its series when it is made. */
const COPIED = new Set([
  'UID', 'DTSTAMP', 'SEQUENCE', 'SUMMARY', 'DESCRIPTION', 'LOCATION', 'CLASS', 'TRANSP', 'X-MICROSOFT-CDO-BUSYSTATUS', 'CATEGORIES', 'ORGANIZER', 'ATTENDEE', 'STATUS', 'PRIORITY',
]);

export interface ExceptionRows<I, E extends Element> {
  /** The event's codec (read when first needed: its table names this kind). */
  readonly codec: () => ItemCodec<I, E>;
  /** The rows an Exception carries too. */
  readonly inException: (element: E) => boolean;
  /** The rows of the times (group `times`): an occurrence always has its own. */
  readonly isTime: (element: E) => boolean;
  /** The series' rule as the phone would get it (its exceptions are withheld with it). */
  readonly rule: (item: I) => Held<unknown>;
  /** The item the walker works on for a component of the series' calendar. */
  readonly itemOf: (series: I, c: ItemComponent) => I;
}

function isRecurrenceId(c: ItemComponent): boolean {
  return c.lines.some((l) => l.name === 'RECURRENCE-ID');
}

/** The series (or single event): the first component named `name` without RECURRENCE-ID. */
export function masterOf(doc: CalendarDoc, name: string): ItemComponent | undefined {
  const items = doc.components.filter((c) => c.name === name);
  return items.find((c) => !isRecurrenceId(c)) ?? items[0];
}

/** The changed occurrences of the series: components with RECURRENCE-ID and the series' UID. */
function overridesOf(master: ItemComponent, doc: CalendarDoc): ItemComponent[] {
  const uid = textOfLine(first(master, 'UID')).trim();
  return doc.components.filter((c) => c !== master && c.name === master.name && isRecurrenceId(c) && textOfLine(first(c, 'UID')).trim() === uid);
}

/** The `Calendar:Exceptions` kind over the event's own rows. */
export function exceptions<I extends Series, E extends Element>(rows: ExceptionRows<I, E>): Kind<I, E, readonly Occurrence[]> {
  const occurrenceRows = () => rows.codec().elements.filter(rows.inException);
  /** The series' own values, read once: an occurrence sends (and, left out, takes) them. */
  const inheritedOf = (series: I) =>
    new Map<E, Held<unknown>>(occurrenceRows().filter((e) => !rows.isTime(e)).map((e) => [e, rows.codec().kindOf(e).held(e, series)]));

  /** An occurrence's fields: its times, and each row whose value is not the series'. */
  const overrideFields = (override: ItemComponent, start: number, series: I, times: Times, inherited: ReadonlyMap<E, Held<unknown>>): Record<string, unknown> => {
    const fields: Record<string, unknown> = {};
    const item = rows.itemOf(series, override);
    const own = timesOf(override, series.ctx.zones);
    const { allDay, start: from, end } = own && own !== 'withheld' ? own : { allDay: times.allDay, start, end: start + (times.end - times.start) };
    for (const element of occurrenceRows()) {
      if (!inVersion(element, series.ctx.version)) continue;
      if (rows.isTime(element)) {
        if (element.member === 'allDay' && allDay !== times.allDay) fields[element.name] = allDay ? '1' : '0';
        if (element.member === 'start') fields[element.name] = compactUtc(from);
        if (element.member === 'end') fields[element.name] = compactUtc(end);
        continue;
      }
      const value = rows.codec().kindOf(element).held(element, item);
      const ofSeries = inherited.get(element);
      if (value && value !== 'withheld' && !(ofSeries && ofSeries !== 'withheld' && sameValue(value.value, ofSeries.value))) fields[element.name] = value.value;
    }
    return fields;
  };

  /** The phone's exceptions; null when one of them has no original start we can read (then nothing changes). */
  const readExceptions = (property: AirSyncProperty, reading: Reading<I>): PhoneOccurrence[] | null => {
    const out = new Map<number, PhoneOccurrence>();
    for (const child of property.children ?? []) {
      if (child.name !== EXCEPTION) continue;
      const sent = indexProperties(child.children ?? []);
      const id = EXCEPTION_START.map((e) => sent.get(e.name)?.text).find((t) => t !== undefined);
      const start = id === undefined ? null : instantOf(id);
      if (start === null) return null;
      const deleted = isTrue(sent.get(DELETED)?.text);
      const fields: Record<string, unknown> = {};
      if (!deleted) {
        for (const element of occurrenceRows()) {
          const p = sent.get(element.name);
          if (!p || !inVersion(element, reading.version)) continue;
          if (rows.isTime(element)) {
            if (element.member === 'allDay') fields[element.name] = isTrue(p.text) ? '1' : '0';
            else if (element.member === 'start' || element.member === 'end') {
              const ms = instantOf(p.text ?? '');
              if (ms !== null) fields[element.name] = compactUtc(ms);
            }
            continue;
          }
          const kindOfElement = rows.codec().kindOf(element);
          if ('group' in kindOfElement) continue;
          const value = kindOfElement.decode(element, p, { ...reading, sent });
          if (value === 'blank') fields[element.name] = '';
          else if (value !== 'unusable') fields[element.name] = value.value;
        }
      }
      const earlier = out.get(start);
      if (!earlier || deleted) out.set(start, { start, deleted, fields, sent, supported: reading.supported });
    }
    return [...out.values()].sort((a, b) => a.start - b.start);
  };

  const encodeException = (exception: Occurrence, options: ToAirSyncOptions): AirSyncProperty => {
    const children: AirSyncProperty[] = [];
    if (exception.deleted) children.push(textElement(DELETED, '1'));
    for (const id of EXCEPTION_START) if (inVersion(id, options.version)) children.push(textElement(id.name, id.format(exception.start)));
    for (const element of occurrenceRows()) {
      const value = exception.fields[element.name];
      if (value === undefined || !inVersion(element, options.version)) continue;
      // An occurrence's times are texts of their own (its start and end, all-day where not the series').
      if (rows.isTime(element)) children.push(textElement(element.name, value as string));
      else children.push(...rows.codec().kindOf(element).encode(element, value, options));
    }
    return parentElement(EXCEPTION, children);
  };

  const newOverride = (start: number, series: I, times: Times): ItemComponent => {
    const master = series.c;
    const lines = master.lines.filter((l) => COPIED.has(l.name));
    const id = writeTimeIn(start, times.form);
    lines.splice(1, 0, newLine('RECURRENCE-ID', id.value, id.params));
    const override: ItemComponent = { name: master.name, lines, components: master.components.filter((a) => a.name === 'VALARM').map((a) => ({ ...a, lines: [...a.lines] })), stray: [] };
    writeTimes(override, times.allDay, start, start + (times.end - times.start), times.form, () => 0);
    return override;
  };

  const applyOverride = (override: ItemComponent, exception: PhoneOccurrence, series: I, times: Times, inherited: ReadonlyMap<E, Held<unknown>>): void => {
    const timeRows = occurrenceRows().filter(rows.isTime);
    const { allDay, start, end } = occurrenceTimes(sentTimes(timeRows, asTexts(exception.fields)), exception.start, times);
    const own = timesOf(override, series.ctx.zones);
    if (!own || own === 'withheld' || own.allDay !== allDay || own.start !== start || own.end !== end) {
      const form = allDay ? { kind: 'date' as const } : times.form.kind === 'date' ? { kind: 'utc' as const } : times.form;
      writeTimes(override, allDay, start, end, form, series.ctx.phoneOffsets);
    }
    const codec = rows.codec();
    const at = { sent: exception.sent, item: rows.itemOf(series, override), version: series.ctx.version, supported: exception.supported };
    for (const element of codec.elements) {
      if (!rows.inException(element) || rows.isTime(element)) continue;
      applyElement(codec, element, at, { inherit: inherited.get(element) });
    }
  };

  return {
    encode: (element, value, options) => [parentElement(element.name, value.map((e) => encodeException(e, options)))],
    decode: (_element, property, reading) => {
      const phone = readExceptions(property, reading as Reading<I>);
      if (phone === null) return 'unusable';
      return phone.length === 0 ? 'blank' : { value: phone };
    },
    // What the phone sent is compared without its rows.
    same: (before, value) => sameValue(before, value.map(({ start, deleted, fields }) => ({ start, deleted, fields }))),

    held: (_element, series) => {
      const { c: master, ctx } = series;
      const overrides = overridesOf(master, ctx.doc);
      const exdates = readTimes(master, 'EXDATE', ctx.zones);
      if (exdates.length === 0 && overrides.length === 0) return undefined;
      const rule = rows.rule(series);
      if (!rule || rule === 'withheld') return 'withheld';
      const times = timesOf(master, ctx.zones);
      if (!times || times === 'withheld') return 'withheld';
      const inherited = inheritedOf(series);
      const byStart = new Map<number, Occurrence>();
      for (const time of exdates) {
        const ms = msOf(time);
        if (ms === null) return 'withheld';
        byStart.set(ms, { start: ms, deleted: true, fields: {} });
      }
      for (const override of overrides) {
        const id = first(override, 'RECURRENCE-ID')!;
        const start = msOf(readTime(id, ctx.zones)!);
        if (start === null || paramValues(id.params, 'RANGE').length > 0) return 'withheld';
        if (byStart.get(start)?.deleted) continue;
        byStart.set(start, { start, deleted: false, fields: overrideFields(override, start, series, times, inherited) });
      }
      return { value: [...byStart.values()].sort((a, b) => a.start - b.start) };
    },

    set: (_element, series, value) => setExceptions(series, value as readonly PhoneOccurrence[]),
    remove: (_element, series) => setExceptions(series, []),
  };

  /**
   * The phone's exceptions: Deleted ones are the EXDATEs (in the series' form), each other one a
   * component with RECURRENCE-ID — an existing one changed row by row, a new one made from the series.
   */
  function setExceptions(series: I, phone: readonly PhoneOccurrence[]): void {
    const { c: master, ctx } = series;
    const times = timesOf(master, ctx.zones);
    if (!times || times === 'withheld') return;

    const deleted = phone.filter((e) => e.deleted).map((e) => e.start);
    const exdates = readTimes(master, 'EXDATE', ctx.zones).map(msOf);
    if (canonical([...exdates].sort()) !== canonical([...deleted].sort())) {
      const at = master.lines.findIndex((l) => l.name === 'EXDATE');
      removeLines(master, 'EXDATE');
      if (deleted.length > 0) {
        const written = deleted.map((ms) => writeTimeIn(ms, times.form));
        const line = newLine('EXDATE', written.map((w) => w.value).join(','), written[0]!.params);
        master.lines.splice(at < 0 ? master.lines.length : at, 0, line);
      }
    }

    const changed = phone.filter((e) => !e.deleted);
    const wanted = new Set(changed.map((e) => e.start));
    const byStart = new Map<number, ItemComponent>();
    const dropped = new Set<ItemComponent>();
    for (const override of overridesOf(master, ctx.doc)) {
      const start = msOf(readTime(first(override, 'RECURRENCE-ID'), ctx.zones)!);
      if (start !== null && wanted.has(start) && !byStart.has(start)) byStart.set(start, override);
      else dropped.add(override);
    }
    const kept = ctx.doc.components.filter((component) => !dropped.has(component));
    ctx.doc.components.splice(0, ctx.doc.components.length, ...kept);
    const inherited = inheritedOf(series);
    const made: ItemComponent[] = [];
    for (const exception of changed) {
      let override = byStart.get(exception.start);
      if (!override) {
        override = newOverride(exception.start, series, times);
        made.push(override);
      }
      applyOverride(override, exception, series, times, inherited);
    }
    // New occurrences go after the series' last one (or the series), in the phone's order.
    const components = ctx.doc.components;
    const existing = new Set(byStart.values());
    let last = components.indexOf(master);
    components.forEach((component, i) => {
      if (existing.has(component)) last = Math.max(last, i);
    });
    components.splice(last + 1, 0, ...made);
  }
}

/** An occurrence's read fields as the texts of its time rows (undefined: left out or unreadable). */
function asTexts(fields: Readonly<Record<string, unknown>>): ReadonlyMap<string, AirSyncProperty> {
  const out = new Map<string, AirSyncProperty>();
  for (const [name, value] of Object.entries(fields)) if (typeof value === 'string') out.set(name, { name, text: value });
  return out;
}
