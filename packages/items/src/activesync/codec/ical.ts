/**
 * Where an event or a task keeps the values both carry: a text property (SUMMARY, DESCRIPTION,
 * LOCATION, UID), CATEGORIES and CLASS (Sensitivity). Written once for calendar.ts and tasks.ts.
 */
import { calendarShape } from '../../lines/fields.js';
import { joinValue } from '../../lines/values.js';
import { CLASS_OF_SENSITIVITY, type ItemComponent, SENSITIVITY, first, listOf, newLine, removeLines, setLine, textLine, textOfLine, withValue } from '../calendar-item.js';
import { isBlank } from '../properties.js';
import type { Element, Store } from './walk.js';

/** An item the iCalendar stores work on: the component an element's value is on. */
export interface OnComponent {
  readonly c: ItemComponent;
}

/** A row whose value is one iCalendar property. */
export interface PropertyElement extends Element {
  readonly property?: string;
}

/** A text property: unescaped text; a changed line keeps its LANGUAGE and X- parameters. */
export const propertyText: Store<OnComponent, PropertyElement, string> = {
  held: (element, { c }) => {
    const value = textOfLine(first(c, element.property!));
    return isBlank(value) ? undefined : { value };
  },
  set: (element, { c }, value) => {
    const name = element.property!;
    const current = first(c, name);
    // UID is no text value (RFC 5545): written as it is, on one line.
    const line = calendarShape(name) === 'raw' ? newLine(name, value.replace(/[\r\n]+/g, ' ')) : textLine(name, value);
    setLine(c, current ? withValue(current, line.value, current.params.filter((p) => p.name === 'LANGUAGE' || p.name.startsWith('X-'))) : line);
  },
  remove: (element, { c }) => removeLines(c, element.property!),
};

/** CATEGORIES: the items of every line; the phone's list is one line where the first was. */
export const categories: Store<OnComponent, Element, readonly string[]> = {
  held: (_element, { c }) => {
    const items = listOf(c, 'CATEGORIES');
    return items.length === 0 ? undefined : { value: items };
  },
  set: (_element, { c }, value) => {
    const at = c.lines.findIndex((l) => l.name === 'CATEGORIES');
    removeLines(c, 'CATEGORIES');
    c.lines.splice(at < 0 ? c.lines.length : at, 0, newLine('CATEGORIES', joinValue([...value], 'list', false)));
  },
  remove: (_element, { c }) => removeLines(c, 'CATEGORIES'),
};

/** CLASS as Sensitivity (0 normal, 1 personal, 2 private, 3 confidential); a class of its own is never sent. */
export const sensitivity: Store<OnComponent, Element, string> = {
  held: (_element, { c }) => {
    const cls = textOfLine(first(c, 'CLASS')).trim().toUpperCase();
    if (cls === '') return undefined;
    const value = SENSITIVITY[cls];
    return value === undefined ? 'withheld' : { value };
  },
  set: (_element, { c }, value) => setLine(c, newLine('CLASS', CLASS_OF_SENSITIVITY[value] ?? 'PUBLIC')),
  remove: (_element, { c }) => removeLines(c, 'CLASS'),
};

export const SENSITIVITY_CODES = ['0', '1', '2', '3'];
