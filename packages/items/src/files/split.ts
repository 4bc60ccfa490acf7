/**
 * A .vcf or .ics file, split into items as it streams in: memory holds the item being read (and,
 * for a calendar, its header lines and VTIMEZONEs), never the file.
 *
 * - .vcf: every VCARD (2.1, 3.0, 4.0) is one item, its lines as written. A 2.1 QUOTED-PRINTABLE
 *   value's soft line breaks (`=` at a line's end) continue the value, so a continuation line
 *   that happens to read `END:VCARD` does not end the card.
 * - .ics / .vcs: the datastore stores one VCALENDAR per item, so every VEVENT or VTODO becomes
 *   its own VCALENDAR: the calendar's header properties (VERSION, PRODID, CALSCALE, a vCalendar
 *   1.0's TZ / DAYLIGHT…), the VTIMEZONEs its TZIDs use, and the component with its VALARMs.
 *   Consecutive components with one UID (a recurring event and its overridden instances,
 *   RECURRENCE-ID) make one item. A component whose TZID names a VTIMEZONE not yet read waits for
 *   the end of its VCALENDAR (files put zones first, as a rule; the rest are held until then).
 *
 * What cannot be an item is reported in the stream, with its line and why (a card the file ends
 * inside, a BEGIN:VCARD before the last one's END, a VJOURNAL), and splitting goes on.
 */
import { continuationText, isContinuation } from '../lines/fold.js';

/** One item of the file, as a VCARD or a VCALENDAR of one VEVENT / VTODO. */
export interface SplitItem {
  readonly ok: true;
  /** What the item holds: VCARD, VEVENT or VTODO. */
  readonly component: 'VCARD' | 'VEVENT' | 'VTODO';
  /** The item's text, CRLF line ends. */
  readonly text: string;
  /** The line of the file its component begins on (1-based). */
  readonly line: number;
  /** The version the item (or its calendar) declares, '' when none: 2.1, 3.0, 4.0, 1.0, 2.0. */
  readonly version: string;
}

/** Something of the file that is no item, and why. */
export interface SplitRefusal {
  readonly ok: false;
  readonly line: number;
  readonly reason: string;
}

export type SplitEntry = SplitItem | SplitRefusal;

export interface SplitOptions {
  /** An item larger than this (characters) is refused, not held: memory stays bounded. Default 8 MiB. */
  readonly maxItemChars?: number;
}

/** The lines of a stream of text or bytes (UTF-8), any of CRLF / LF / CR ends, without them. */
export async function* linesOf(source: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  let rest = '';
  let pendingCr = false;
  for await (const chunk of source) {
    let text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    if (pendingCr && text.startsWith('\n')) text = text.slice(1);
    pendingCr = false;
    text = rest + text;
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      yield text.slice(start, i);
      if (c === 13) {
        if (i + 1 === text.length) pendingCr = true;
        else if (text.charCodeAt(i + 1) === 10) i++;
      }
      start = i + 1;
    }
    rest = text.slice(start);
  }
  rest += decoder.decode();
  if (rest !== '') yield rest;
}

const BEGIN = /^BEGIN:([A-Za-z0-9-]+)[ \t]*$/i;
const END = /^END:([A-Za-z0-9-]+)[ \t]*$/i;
/** The property part of a line (before the value's colon) names QUOTED-PRINTABLE. */
const QP = /^[^:]*;(?:ENCODING=)?QUOTED-PRINTABLE[;:]/i;
const TZID_PARAM = /;TZID=("[^"]*"|[^;:]*)/gi;

function nameOf(pattern: RegExp, line: string): string | undefined {
  const match = pattern.exec(line);
  return match === null ? undefined : match[1]!.toUpperCase();
}

/** A component being read: its raw lines and what was learnt from its logical lines. */
interface Block {
  readonly name: string;
  readonly line: number;
  lines: string[];
  chars: number;
  tzids: Set<string>;
  uid: string | undefined;
  depth: number;
}

function newBlock(name: string, line: number, first: string): Block {
  return { name, line, lines: [first], chars: first.length, tzids: new Set(), uid: undefined, depth: 1 };
}

/** The name and parameters of a logical line: up to its first colon outside quotes. */
export function propertyPart(line: string): string {
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '"') quoted = !quoted;
    else if (c === ':' && !quoted) return line.slice(0, i);
  }
  return line;
}

/** VERSION's value in a set of lines, '' when none. */
function versionIn(lines: readonly string[]): string {
  for (const line of lines) {
    const match = /^VERSION:(.*)$/i.exec(line);
    if (match !== null) return match[1]!.trim();
  }
  return '';
}

/** Calendar properties an item keeps of its VCALENDAR (METHOD is a transport's, not the item's). */
const DROPPED_HEADER = new Set(['BEGIN', 'END', 'METHOD']);

/**
 * The items of a .vcf / .ics stream, in file order (a calendar component waiting for a later
 * VTIMEZONE excepted), and what could not be an item.
 */
export async function* splitItems(source: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>, options: SplitOptions = {}): AsyncGenerator<SplitEntry> {
  const maxChars = options.maxItemChars ?? 8 * 1024 * 1024;
  let lineNo = 0;

  // .vcf state
  let card: Block | undefined;
  let qpContinues = false;

  // .ics state
  let calendar: { line: number; header: string[]; zones: Map<string, string[]>; held: Block[][] } | undefined;
  let block: Block | undefined; // a top-level component of the calendar (VEVENT, VTODO, VTIMEZONE, other)
  let group: Block[] = []; // consecutive components with one UID, not yet emitted
  let logical = ''; // the logical line of the block being read (unfolded), for TZID and UID

  const tooLarge = (b: Block): SplitRefusal => ({ ok: false, line: b.line, reason: `the ${b.name} is larger than ${maxChars} characters` });

  function calendarItem(components: readonly Block[]): SplitEntry {
    const cal = calendar!;
    const name = components[0]!.name as 'VEVENT' | 'VTODO';
    const out = ['BEGIN:VCALENDAR', ...cal.header];
    const used = new Set<string>();
    for (const c of components) for (const tzid of c.tzids) used.add(tzid);
    for (const tzid of used) out.push(...(cal.zones.get(tzid) ?? []));
    for (const c of components) out.push(...c.lines);
    out.push('END:VCALENDAR');
    return { ok: true, component: name, text: `${out.join('\r\n')}\r\n`, line: components[0]!.line, version: versionIn(cal.header) };
  }

  const unknownZone = (components: readonly Block[]): boolean => components.some((c) => [...c.tzids].some((tzid) => !calendar!.zones.has(tzid)));

  /** Emits (or holds) the group of same-UID components. */
  function* flushGroup(atEnd: boolean): Generator<SplitEntry> {
    if (group.length === 0) return;
    const done = group;
    group = [];
    if (!atEnd && unknownZone(done)) calendar!.held.push(done);
    else yield calendarItem(done);
  }

  function noteLogical(b: Block, text: string): void {
    if (text === '') return;
    const upper = text.slice(0, 8).toUpperCase();
    if (b.depth === 1 && upper.startsWith('UID') && /^UID[;:]/i.test(text)) b.uid = text.slice(text.indexOf(':') + 1).trim();
    if (text.toUpperCase().includes(';TZID=')) {
      for (const match of propertyPart(text).matchAll(TZID_PARAM)) b.tzids.add(match[1]!.replace(/^"|"$/g, ''));
    }
  }

  for await (const raw of linesOf(source)) {
    lineNo++;
    // ---- inside a VCARD
    if (card !== undefined) {
      if (qpContinues) {
        card.lines.push(raw);
        card.chars += raw.length;
        qpContinues = raw.endsWith('=');
        continue;
      }
      const begin = nameOf(BEGIN, raw);
      if (begin === 'VCARD') {
        yield { ok: false, line: card.line, reason: `the VCARD has no END:VCARD before the next BEGIN:VCARD (line ${lineNo})` };
        card = newBlock('VCARD', lineNo, raw);
        continue;
      }
      card.lines.push(raw);
      card.chars += raw.length;
      if (nameOf(END, raw) === 'VCARD') {
        const done = card;
        card = undefined;
        if (done.chars > maxChars) yield tooLarge(done);
        else yield { ok: true, component: 'VCARD', text: `${done.lines.join('\r\n')}\r\n`, line: done.line, version: versionIn(done.lines) };
      } else {
        qpContinues = raw.endsWith('=') && QP.test(raw);
        if (card.chars > maxChars * 2) {
          // Refused at its end; its lines are not kept meanwhile.
          card.lines = [];
        }
      }
      continue;
    }

    // ---- inside a top-level component of a VCALENDAR
    if (block !== undefined) {
      if (block.chars <= maxChars) block.lines.push(raw);
      block.chars += raw.length;
      if (isContinuation(raw)) {
        logical += continuationText(raw, false);
        continue;
      }
      noteLogical(block, logical);
      logical = raw;
      const begin = nameOf(BEGIN, raw);
      const end = nameOf(END, raw);
      if (begin !== undefined) block.depth++;
      else if (end !== undefined) block.depth--;
      if (block.depth > 0) continue;
      const done = block;
      block = undefined;
      logical = '';
      if (done.chars > maxChars) {
        yield tooLarge(done);
      } else if (done.name === 'VTIMEZONE') {
        const tzid = done.lines.map((l) => /^TZID[;:](.*)$/i.exec(l)).find((m) => m !== null)?.[1]?.trim();
        if (tzid === undefined) yield { ok: false, line: done.line, reason: 'the VTIMEZONE has no TZID' };
        else calendar!.zones.set(tzid, done.lines);
      } else if (done.name === 'VEVENT' || done.name === 'VTODO') {
        const same = group.length > 0 && done.uid !== undefined && group[0]!.uid === done.uid && group[0]!.name === done.name;
        if (!same) yield* flushGroup(false);
        group.push(done);
      } else {
        yield { ok: false, line: done.line, reason: `a ${done.name} is no item a datastore holds (Events are VEVENTs, Tasks VTODOs)` };
      }
      continue;
    }

    // ---- in a VCALENDAR, between components
    if (calendar !== undefined) {
      if (isContinuation(raw)) {
        const last = calendar.header.length - 1;
        if (last >= 0) calendar.header[last] += `\r\n${raw}`;
        continue;
      }
      const begin = nameOf(BEGIN, raw);
      if (begin !== undefined) {
        block = newBlock(begin, lineNo, raw);
        logical = raw;
        continue;
      }
      if (nameOf(END, raw) === 'VCALENDAR') {
        yield* flushGroup(true);
        for (const held of calendar.held) yield calendarItem(held);
        calendar = undefined;
        continue;
      }
      const name = /^([^;:]*)/.exec(raw)![1]!.toUpperCase();
      if (raw.trim() !== '' && !DROPPED_HEADER.has(name)) calendar.header.push(raw);
      continue;
    }

    // ---- between items
    const begin = nameOf(BEGIN, raw);
    if (begin === 'VCARD') {
      card = newBlock('VCARD', lineNo, raw);
      qpContinues = false;
    } else if (begin === 'VCALENDAR') {
      calendar = { line: lineNo, header: [], zones: new Map(), held: [] };
    } else if (begin !== undefined) {
      yield { ok: false, line: lineNo, reason: `a ${begin} outside any VCALENDAR is no item (a .vcf holds VCARDs, an .ics VCALENDARs)` };
    }
    // Blank lines and stray text between items are skipped.
  }

  if (card !== undefined) yield { ok: false, line: card.line, reason: 'the file ends inside this VCARD (no END:VCARD)' };
  if (calendar !== undefined) {
    if (block !== undefined) yield { ok: false, line: block.line, reason: `the file ends inside this ${block.name} (no END:${block.name})` };
    yield* flushGroup(true);
    for (const held of calendar.held) yield calendarItem(held);
    yield { ok: false, line: calendar.line, reason: 'the file ends inside this VCALENDAR (no END:VCALENDAR); the components before the end were read' };
  }
}
