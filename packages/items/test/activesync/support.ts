/** Helpers of the ActiveSync mapping tests: cards to write, elements to look up, lines to read. */
import type { AirSyncProperty } from '@atomsync/items';

export const crlf = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;

/** A vCard 3.0 of the given content lines. */
export const card = (...lines: string[]) => crlf('BEGIN:VCARD', 'VERSION:3.0', ...lines, 'END:VCARD');

/** The text of the element `name` (its items' texts, joined by `|`, for a list); undefined when absent. */
export function valueOf(properties: readonly AirSyncProperty[], name: string): string | undefined {
  const property = properties.find((p) => p.name === name);
  if (!property) return undefined;
  return property.children ? property.children.map((c) => c.text ?? '').join('|') : property.text;
}

/** The element `name`, or a failure naming it. */
export function elementOf(properties: readonly AirSyncProperty[], name: string): AirSyncProperty {
  const property = properties.find((p) => p.name === name);
  if (!property) throw new Error(`no ${name} in ${properties.map((p) => p.name).join(', ')}`);
  return property;
}

/** The card's content lines, unfolded, without BEGIN, END and VERSION. */
export function linesOf(vcard: string): string[] {
  return vcard
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter((l) => l !== '' && !/^(BEGIN|END|VERSION):/.test(l));
}

/** Text elements from a record, in the record's order. */
export function elements(values: Readonly<Record<string, string>>): AirSyncProperty[] {
  return Object.entries(values).map(([name, text]) => ({ name, text }));
}
