/**
 * Items written out as one file, as they stream by (the inverse of split.ts):
 *
 * - vCards: one after the other, as stored.
 * - calendars: one VCALENDAR (VERSION:2.0) holding every item's VEVENTs / VTODOs and each
 *   VTIMEZONE once, the first time an item uses it (RFC 5545 puts no order on a calendar's
 *   components). An item that is no iCalendar 2.0 (a vCalendar 1.0, whose zone is the TZ /
 *   DAYLIGHT of its own VCALENDAR) cannot share that calendar: it is written whole, as its own
 *   VCALENDAR, between two of ours.
 */
const BEGIN = /^BEGIN:([A-Za-z0-9-]+)[ \t]*$/i;
const END = /^END:([A-Za-z0-9-]+)[ \t]*$/i;

function lines(text: string): string[] {
  const all = text.split(/\r\n|\n|\r/);
  while (all.length > 0 && all[all.length - 1] === '') all.pop();
  return all;
}

/** Writes vCards: `add` gives each card's text, CRLF-ended. */
export function cardText(body: string): string {
  const all = lines(body);
  return all.length === 0 ? '' : `${all.join('\r\n')}\r\n`;
}

interface Parts {
  readonly version: string;
  readonly zones: { readonly tzid: string; readonly lines: string[] }[];
  readonly components: string[][];
}

/** The VTIMEZONEs and the other components of a VCALENDAR item (its first VCALENDAR). */
function partsOf(body: string): Parts {
  let version = '';
  const zones: { tzid: string; lines: string[] }[] = [];
  const components: string[][] = [];
  let depth = 0;
  let current: string[] | undefined;
  for (const line of lines(body)) {
    const begin = BEGIN.exec(line)?.[1]?.toUpperCase();
    const end = END.exec(line)?.[1]?.toUpperCase();
    if (depth === 0) {
      if (begin === 'VCALENDAR') depth = 1;
      continue;
    }
    if (depth === 1) {
      if (end === 'VCALENDAR') break;
      if (begin !== undefined) {
        current = [line];
        depth = 2;
      } else if (/^VERSION:/i.test(line)) {
        version = line.slice(line.indexOf(':') + 1).trim();
      }
      continue;
    }
    current!.push(line);
    if (begin !== undefined) depth++;
    else if (end !== undefined) depth--;
    if (depth === 1) {
      if (/^BEGIN:VTIMEZONE/i.test(current![0]!)) {
        const tzidLine = current!.find((l) => /^TZID[;:]/i.test(l));
        zones.push({ tzid: tzidLine === undefined ? '' : tzidLine.slice(tzidLine.indexOf(':') + 1).trim(), lines: current! });
      } else {
        components.push(current!);
      }
      current = undefined;
    }
  }
  return { version, zones, components };
}

export interface CalendarWriterOptions {
  /** The PRODID of the file's VCALENDAR. */
  readonly prodid?: string;
}

/**
 * Writes calendar items as one VCALENDAR: `add(body)` returns the text to write for an item,
 * `end()` the text that closes the file. Holds only the TZIDs already written.
 */
export class CalendarWriter {
  private open = false;
  private any = false;
  private written = new Set<string>();
  private readonly prodid: string;

  constructor(options: CalendarWriterOptions = {}) {
    this.prodid = options.prodid ?? '-//atomsync//export//EN';
  }

  private header(): string {
    this.open = true;
    this.written = new Set();
    return `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:${this.prodid}\r\n`;
  }

  add(body: string): string {
    const parts = partsOf(body);
    if (parts.components.length === 0 && parts.zones.length === 0) return '';
    this.any = true;
    if (parts.version !== '2.0') {
      // Not iCalendar 2.0: its own VCALENDAR, between ours.
      return `${this.close()}${cardText(body)}`;
    }
    let out = this.open ? '' : this.header();
    for (const zone of parts.zones) {
      if (this.written.has(zone.tzid)) continue;
      this.written.add(zone.tzid);
      out += `${zone.lines.join('\r\n')}\r\n`;
    }
    for (const component of parts.components) out += `${component.join('\r\n')}\r\n`;
    return out;
  }

  private close(): string {
    if (!this.open) return '';
    this.open = false;
    return 'END:VCALENDAR\r\n';
  }

  /** The end of the file: closes the open VCALENDAR (an empty file gets an empty one). */
  end(): string {
    if (!this.any) return `${this.header()}${this.close()}`;
    return this.close();
  }
}
