/**
 * An iCalendar 2.0 calendar as lines to edit: each content line kept as written until changed
 * (so an unchanged item goes back byte for byte), and written back as iCalendar 2.0 with the
 * writers of lines/. The ActiveSync mapping edits it; the vCalendar 1.0 upgrade
 * (vcalendar/upgrade.ts) reads a 1.0 body into it.
 */
import { calendarShape } from '../lines/fields.js';
import type { Component, ContentLine, Param } from '../lines/read.js';
import { joinValue, splitValue } from '../lines/values.js';
import { modernLine } from '../lines/write.js';

/** One content line; `value` as iCalendar 2.0 writes it (escaped). */
export interface ItemLine {
  readonly group: string;
  readonly name: string;
  readonly params: readonly Param[];
  readonly value: string;
  /** The line as read, while it is unchanged and was iCalendar 2.0. */
  readonly source?: string;
}

export interface ItemComponent {
  readonly name: string;
  lines: ItemLine[];
  components: ItemComponent[];
  readonly stray: readonly string[];
}

/** A VCALENDAR: its own lines (VERSION left out), its components in order, its stray lines. */
export interface CalendarDoc {
  readonly props: ItemLine[];
  readonly components: ItemComponent[];
  readonly stray: readonly string[];
}

/** A VCALENDAR read by the lenient reader as iCalendar 2.0 (VERSION left out: the writer adds it). */
export function modernDoc(calendar: Component): CalendarDoc {
  return {
    props: calendar.props.filter((p) => p.name !== 'VERSION').map(lineOf),
    components: calendar.components.map(componentOf),
    stray: calendar.stray,
  };
}

function lineOf(line: ContentLine): ItemLine {
  const { group, name, params, value, source } = line;
  return { group, name, params, value, source };
}

function componentOf(component: Component): ItemComponent {
  return { name: component.name, lines: component.props.map(lineOf), components: component.components.map(componentOf), stray: component.stray };
}

/** A new line; `value` already escaped. */
export function newLine(name: string, value: string, params: readonly Param[] = []): ItemLine {
  return { group: '', name, params, value };
}

/** A new text line (SUMMARY, DESCRIPTION…): escaped, line breaks as `\n`. */
export function textLine(name: string, text: string, params: readonly Param[] = []): ItemLine {
  return newLine(name, joinValue([text.replace(/\r\n?/g, '\n')], 'text', false), params);
}

/** A line as it was written while unchanged; else written from its parts. */
export function writeLine(line: ItemLine): string {
  if (line.source !== undefined && line.source.endsWith(`:${line.value}`)) {
    return modernLine({ name: line.source.slice(0, line.source.length - line.value.length - 1), params: [], value: line.value });
  }
  return modernLine({ group: line.group, name: line.name, params: line.params, value: line.value.replace(/[\r\n]+/g, ' ') });
}

function writeComponent(component: ItemComponent, out: string[]): void {
  out.push(`BEGIN:${component.name}`);
  for (const line of component.lines) out.push(writeLine(line));
  for (const child of component.components) writeComponent(child, out);
  out.push(...component.stray, `END:${component.name}`);
}

/** The component as text (a VTIMEZONE for the resolvers). */
export function componentText(component: ItemComponent): string {
  const out: string[] = [];
  writeComponent(component, out);
  return out.join('\r\n');
}

export const PRODID = '-//atomsync//ActiveSync//EN';

/** iCalendar 2.0: VERSION first, the calendar's own lines (a PRODID when it had none), its components. */
export function writeCalendarDoc(doc: CalendarDoc): string {
  const out = ['BEGIN:VCALENDAR', 'VERSION:2.0'];
  if (!doc.props.some((p) => p.name === 'PRODID')) out.push(`PRODID:${PRODID}`);
  for (const line of doc.props) out.push(writeLine(line));
  for (const component of doc.components) writeComponent(component, out);
  out.push(...doc.stray, 'END:VCALENDAR');
  return `${out.join('\r\n')}\r\n`;
}

export function first(component: ItemComponent, name: string): ItemLine | undefined {
  return component.lines.find((l) => l.name === name);
}

/** A property's text, unescaped; '' when absent. */
export function textOfLine(line: ItemLine | undefined): string {
  return line ? (splitValue(line.value, calendarShape(line.name) === 'raw' ? 'raw' : 'text', false)[0] ?? '') : '';
}

