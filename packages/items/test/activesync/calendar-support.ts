/** Helpers of the event and task mapping tests: calendars to write, their lines to read. */
import { readFileSync } from 'node:fs';
import { AIRSYNC_VERSIONS, type AirSyncProperty } from '@atomsync/items';
import { crlf } from './support.js';

export const BERLIN = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Berlin',
  'BEGIN:STANDARD',
  'DTSTART:19671029T030000',
  'RRULE:FREQ=MONTHLY;INTERVAL=12;BYDAY=-1SU',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'END:STANDARD',
  'BEGIN:DAYLIGHT',
  'DTSTART:19870329T020000',
  'RRULE:FREQ=MONTHLY;INTERVAL=12;BYDAY=-1SU',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'END:DAYLIGHT',
  'END:VTIMEZONE',
];

/** An iCalendar 2.0 VCALENDAR of the given lines (components included). */
export const vcalendar = (...lines: string[]) => crlf('BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...lines, 'END:VCALENDAR');

/** A VCALENDAR with one VEVENT of the given lines (and, after it, further lines: overrides). */
export const vevent = (lines: readonly string[], after: readonly string[] = [], zones: readonly string[] = []) =>
  vcalendar(...zones, 'BEGIN:VEVENT', ...lines, 'END:VEVENT', ...after);

export const vtodo = (...lines: string[]) => vcalendar('BEGIN:VTODO', ...lines, 'END:VTODO');

/** The lines of one component (its first of that name), unfolded, without BEGIN and END of it. */
export function componentLines(text: string, name: string, index = 0): string[] {
  const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n');
  let seen = -1;
  let depth = 0;
  const out: string[] = [];
  for (const line of lines) {
    if (line === `BEGIN:${name}`) {
      if (depth === 0) seen++;
      depth++;
      if (depth === 1) continue;
    }
    if (line === `END:${name}`) {
      depth--;
      if (depth === 0) continue;
    }
    if (depth > 0 && seen === index) out.push(line);
  }
  return out;
}

/** How many components of a name the text has. */
export function countOf(text: string, name: string): number {
  return text.split('\r\n').filter((l) => l === `BEGIN:${name}`).length;
}

interface CodePages {
  pages: { name: string; tags: { name: string; versions?: string[] }[] }[];
}
const codePages = JSON.parse(readFileSync(new URL('../../../../spec/activesync/code-pages.json', import.meta.url), 'utf8')) as CodePages;
/** `Page:Tag` → the versions that have it. */
export const TAGS = new Map<string, readonly string[]>(
  codePages.pages.flatMap((page) => page.tags.map((tag) => [`${page.name}:${tag.name}`, tag.versions ?? AIRSYNC_VERSIONS] as const)),
);

/** Every element name anywhere in a tree. */
export function namesIn(properties: readonly AirSyncProperty[]): string[] {
  return properties.flatMap((p) => [p.name, ...namesIn(p.children ?? [])]);
}

/** The tree without the elements named (at any depth). */
export function without(properties: readonly AirSyncProperty[], ...names: string[]): AirSyncProperty[] {
  return properties.filter((p) => !names.includes(p.name)).map((p) => (p.children ? { ...p, children: without(p.children, ...names) } : p));
}

/** The tree with the element `name` (top level) replaced, or added at the end. */
export function replaced(properties: readonly AirSyncProperty[], property: AirSyncProperty): AirSyncProperty[] {
  const at = properties.findIndex((p) => p.name === property.name);
  return at < 0 ? [...properties, property] : properties.map((p, i) => (i === at ? property : p));
}

/** `{ name: 'Calendar:X', children: [...] }` from a record of text children. */
export function container(name: string, children: Readonly<Record<string, string>>): AirSyncProperty {
  return { name, children: Object.entries(children).map(([n, text]) => ({ name: n, text })) };
}
