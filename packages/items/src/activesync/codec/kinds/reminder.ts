/**
 * A reminder ↔ a VALARM of the event or task. The reminder is the first alarm that rings (ACTION
 * DISPLAY or AUDIO, or none) at a time we can say; the component's other alarms are kept and never
 * sent. Two forms on the wire:
 *
 * - an event's `Calendar:Reminder` (MS-ASCAL): minutes before the start, at most six digits; the
 *   alarm is the first ringing a whole number of minutes (≥ 0) before it, written back as a
 *   relative TRIGGER (`-PT15M`);
 * - a task's `ReminderSet` and `ReminderTime` (MS-ASTASK), one value of two rows: the instant it
 *   rings, or none; the alarm is the first we can place (relative to DTSTART, or DUE), written back
 *   as an absolute TRIGGER. ReminderSet 0 (or left out by a phone that carries it) removes it.
 */
import {
  type CalendarZones,
  type ItemComponent,
  alarmTime,
  compactUtc,
  durationBefore,
  extendedUtc,
  first,
  instantOf,
  isTrue,
  newAlarm,
  newLine,
  ringingAlarm,
  textOfLine,
  type ItemLine,
} from '../../calendar-item.js';
import { isBlank, phoneText, textElement } from '../../properties.js';
import type { OnComponent } from '../ical.js';
import type { Element, GroupKind, Held, Kind, Wire } from '../walk.js';

/** Where the component's alarms ring from: its start and end (UTC ms, null when it has none), through its zones. */
export interface Anchors {
  readonly start: number | null;
  readonly end: number | null;
  readonly zones: CalendarZones;
}

/** The first ringing alarm whose time `fits`, with its index among the component's components. */
function reminderAlarm(c: ItemComponent, anchors: Anchors, fits: (at: number) => boolean): { index: number; at: number } | undefined {
  for (let index = 0; index < c.components.length; index++) {
    const alarm = c.components[index]!;
    if (!ringingAlarm(alarm)) continue;
    const at = alarmTime(alarm, anchors.start, anchors.end, anchors.zones);
    if (at !== null && fits(at)) return { index, at };
  }
  return undefined;
}

/** The reminder alarm rings at `trigger`: its TRIGGER replaced where it was, or a new alarm showing the summary. */
function ringAt(c: ItemComponent, alarm: { index: number } | undefined, trigger: ItemLine): void {
  if (alarm === undefined) {
    c.components.push(newAlarm(trigger, textOfLine(first(c, 'SUMMARY'))));
    return;
  }
  const target = c.components[alarm.index]!;
  const lines = target.lines.filter((l) => l.name !== 'TRIGGER');
  const at = target.lines.findIndex((l) => l.name === 'TRIGGER');
  lines.splice(Math.min(at, lines.length), 0, trigger);
  c.components[alarm.index] = { ...target, lines };
}

// ---- an event's Reminder: minutes before the start ----------------------------------------------

/** Minutes before the start, at most six digits. */
const minutesWire: Wire<unknown, Element, string> = {
  encode: (element, value) => [textElement(element.name, value)],
  decode: (_e, property) => {
    const value = phoneText(property.text ?? '');
    if (isBlank(value)) return 'blank';
    return /^\s*\d{1,6}\s*$/.test(value) ? { value: String(Number(value)) } : 'unusable';
  },
};

/** The alarm `minutes` before the start; withheld when the component has alarms and none rings so. */
function minutesAlarm(c: ItemComponent, anchors: Anchors): { index: number; minutes: number } | 'withheld' | undefined {
  if (!c.components.some((a) => a.name === 'VALARM')) return undefined;
  const { start } = anchors;
  if (start === null) return 'withheld';
  const alarm = reminderAlarm(c, anchors, (at) => {
    const minutes = (start - at) / 60_000;
    return Number.isInteger(minutes) && minutes >= 0 && minutes <= 999_999;
  });
  return alarm === undefined ? 'withheld' : { index: alarm.index, minutes: (start - alarm.at) / 60_000 };
}

/** `Calendar:Reminder` on the component; `anchors` reads the event's (or occurrence's) times. */
export function minutesBefore<I extends OnComponent>(anchors: (item: I) => Anchors): Kind<I, Element, string> {
  return {
    ...minutesWire,
    held: (_e, item) => {
      const alarm = minutesAlarm(item.c, anchors(item));
      return alarm === undefined || alarm === 'withheld' ? alarm : { value: String(alarm.minutes) };
    },
    set: (_e, item, value) => {
      const alarm = minutesAlarm(item.c, anchors(item));
      ringAt(item.c, alarm === 'withheld' ? undefined : alarm, newLine('TRIGGER', durationBefore(Number(value))));
    },
    remove: (_e, item) => {
      const alarm = minutesAlarm(item.c, anchors(item));
      if (alarm && alarm !== 'withheld') item.c.components.splice(alarm.index, 1);
    },
  };
}

// ---- a task's ReminderSet and ReminderTime: the instant --------------------------------------------

/** The rows' parts: `set` (ReminderSet) and `time` (ReminderTime). */
type Part = 'set' | 'time';

/** ReminderSet and ReminderTime (rows of one group, parts `set` and `time`): the instant it rings, null for none. */
export function ringsAt<I extends OnComponent>(anchors: (item: I) => Anchors): GroupKind<I, Element, number | null> {
  const alarmOf = (item: I) => reminderAlarm(item.c, anchors(item), () => true);
  return {
    group: true,
    encode: (element, value) => {
      if ((element.member as Part) === 'set') return [textElement(element.name, value === null ? '0' : '1')];
      return value === null ? [] : [textElement(element.name, extendedUtc(value))];
    },
    decodeGroup: (sent) => {
      const text = (part: Part) => [...sent].find(([row]) => row.member === part)?.[1].text;
      const setText = text('set');
      const timeText = text('time');
      const at = timeText === undefined ? null : instantOf(timeText);
      // A time alone sets it; ReminderSet 1 without a time we can read changes nothing.
      const on = setText === undefined ? at !== null : isTrue(setText);
      if (!on) return 'blank';
      return at === null ? 'unusable' : { value: at };
    },
    held: (_e, item): Held<number | null> => ({ value: alarmOf(item)?.at ?? null }),
    set: (_e, item, value) => {
      if (value === null) return;
      ringAt(item.c, alarmOf(item), newLine('TRIGGER', compactUtc(value), [{ name: 'VALUE', values: ['DATE-TIME'] }]));
    },
    remove: (_e, item) => {
      const alarm = alarmOf(item);
      if (alarm) item.c.components.splice(alarm.index, 1);
    },
  };
}
