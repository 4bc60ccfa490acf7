/**
 * A task's date as MS-ASTASK gives it, one value of two rows: the local time written as UTC
 * (`StartDate`, `DueDate`; part `local`) and the instant (`UtcStartDate`, `UtcDueDate`; part `utc`)
 * ↔ DTSTART or DUE (DTSTART + DURATION when a VTODO has no DUE, RFC 5545).
 *
 * A date (a DATE) is its midnight in both; a floating time its wall time in both. Coming back, the
 * line is left as written while the phone sends back what we sent (either row, or both); a local
 * midnight is the day; a time keeps its zone while the two differ by the zone's offset, else it is
 * the UTC instant (the local time, floating, when the phone sends no UTC). A time in a zone we
 * cannot resolve is never replaced (the rows are `guarded`).
 */
import {
  type CalendarZones,
  type ItemComponent,
  type ItemTime,
  type TimeForm,
  durationSeconds,
  extendedUtc,
  first,
  formOf,
  instantOf,
  msOf,
  newLine,
  readTime,
  removeLines,
  setLine,
  withValue,
  writeTimeIn,
} from '../../calendar-item.js';
import { textElement } from '../../properties.js';
import type { OnComponent, PropertyElement } from '../ical.js';
import type { GroupKind } from '../walk.js';

const DAY = 86_400_000;

/** A date as MS-ASTASK gives it: the local time (as UTC) and the instant. */
export interface DatePair {
  readonly local: number;
  readonly utc: number;
  readonly form: TimeForm;
}

/** The phone's rows: either may be missing (null). */
interface PhoneDate {
  readonly local: number | null;
  readonly utc: number | null;
}

/** What reading the date needs of the task: its calendar's zones. */
export interface Dated extends OnComponent {
  readonly ctx: { readonly zones: CalendarZones };
}

function pairOf(time: ItemTime | undefined, zones: CalendarZones): DatePair | 'withheld' | undefined {
  if (!time) return undefined;
  const form = formOf(time, zones);
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
export function datePair(c: ItemComponent, property: string, zones: CalendarZones): DatePair | 'withheld' | undefined {
  const own = pairOf(readTime(first(c, property), zones), zones);
  if (own !== undefined || property !== 'DUE') return own;
  const start = pairOf(readTime(first(c, 'DTSTART'), zones), zones);
  const duration = first(c, 'DURATION');
  const seconds = duration ? durationSeconds(duration.value) : null;
  if (!start || start === 'withheld' || seconds === null) return undefined;
  return { local: start.local + seconds * 1000, utc: start.utc + seconds * 1000, form: start.form };
}

/** The other date of a task (DUE for DTSTART), whose form a new date takes. */
const OTHER: Readonly<Record<string, string>> = { DTSTART: 'DUE', DUE: 'DTSTART' };

/** The rows of one date (`property` DTSTART or DUE, parts `local` and `utc`) as one value. */
export const datePairKind: GroupKind<Dated, PropertyElement, DatePair | PhoneDate> = {
  group: true,
  encode: (element, value) => [textElement(element.name, extendedUtc((value as DatePair)[element.member as 'local' | 'utc']))],
  decodeGroup: (sent, before) => {
    const text = (part: string) => [...sent].find(([row]) => row.member === part)?.[1].text;
    const localText = text('local');
    const utcText = text('utc');
    const local = localText === undefined ? null : instantOf(localText);
    const utc = utcText === undefined ? null : instantOf(utcText);
    if (local === null && utc === null) return 'unusable';
    const held = before === undefined || before === 'withheld' ? undefined : (before.value as DatePair);
    // Sent back as we sent it, row by row: the line stays as written.
    if (held && (local === null || local === held.local) && (utc === null || utc === held.utc)) return { value: held };
    return { value: { local, utc } };
  },
  held: (element, { c, ctx }) => {
    const value = datePair(c, element.property!, ctx.zones);
    return value === undefined || value === 'withheld' ? value : { value };
  },
  set: (element, { c, ctx }, value) => {
    const { local, utc } = value as PhoneDate;
    const property = element.property!;
    const before = datePair(c, property, ctx.zones);
    const other = datePair(c, OTHER[property]!, ctx.zones);
    const form = (before !== 'withheld' ? before?.form : undefined) ?? (other && other !== 'withheld' ? other.form : undefined);
    let written: ReturnType<typeof writeTimeIn>;
    if (local !== null && local % DAY === 0) written = writeTimeIn(local, { kind: 'date' });
    else if (local === null && form?.kind === 'date') written = writeTimeIn(Math.floor((utc! + DAY / 2) / DAY) * DAY, { kind: 'date' });
    else if (form?.kind === 'zoned' && local !== null && utc !== null && local - utc === form.offsets(utc)) written = writeTimeIn(utc, form);
    else if (utc !== null) written = writeTimeIn(utc, { kind: 'utc' });
    else written = writeTimeIn(local!, { kind: 'floating' });
    const current = first(c, property);
    const params = [...(current?.params ?? []).filter((p) => p.name !== 'TZID' && p.name !== 'VALUE'), ...written.params];
    setLine(c, current ? withValue(current, written.value, params) : newLine(property, written.value, params));
    if (property === 'DUE') removeLines(c, 'DURATION');
  },
  remove: (element, { c }) => {
    removeLines(c, element.property!);
    if (element.property === 'DUE') removeLines(c, 'DURATION');
  },
};
