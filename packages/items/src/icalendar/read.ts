/**
 * iCalendar 2.0 (ical.js, else the lenient reader): canonical lines and key fields of an event or
 * task. Times become instants (zones/), so a client that rewrites a time into UTC or into another
 * VTIMEZONE definition does not change the item. A vCalendar 1.0 body is read as its iCalendar 2.0
 * form (vcalendar/upgrade.ts, the one 1.0 reader), so a phone's `RRULE:D1 #5` and a 2.0 client's
 * `RRULE:FREQ=DAILY;COUNT=5` of one event are one item, with one fingerprint. An alarm is read as
 * when it rings from the start (`TRIGGER:-PT15M`), however it was written: a 1.0 phone's AALARM
 * (upgraded to an absolute TRIGGER) and a 2.0 client's relative one are one alarm.
 */
import { type Described, canonicalRecur, foldText, normText } from '../describe/canonical.js';
import type { KeyFields } from '../describe/keys.js';
import type { ItemDataclass } from '../item.js';
import { type Block, type Prop, readBlocks } from '../lines/decoded.js';
import { blockOf, parseJCal, parsedFor, type JCal, type ParsedCalendar } from '../lines/jcal.js';
import { isLegacyVersion, needsLegacyReader } from '../lines/read.js';
import { calendarZones, jcalZones, type ZoneResolver } from '../zones/resolver.js';
import { upgradeVCalendar } from '../vcalendar/upgrade.js';
import { durationSeconds, durationText } from './duration.js';
import { canonicalTime } from '../zones/time.js';
import { vcalendarZone } from '../zones/vcalendar.js';

/**
 * Properties clients stamp on their own (and SEQUENCE, which some bump on every save): never
 * counted. UID identifies an item for the key but is not content: a phone drops or replaces it.
 */
export const IGNORED_CALENDAR_PROPERTIES: ReadonlySet<string> = new Set([
  'VERSION', 'PRODID', 'CALSCALE', 'METHOD', 'DTSTAMP', 'LAST-MODIFIED', 'CREATED', 'SEQUENCE', 'UID',
  'TZ', 'DAYLIGHT', 'ACKNOWLEDGED', 'X-WR-ALARMUID', 'X-MOZ-GENERATION', 'X-MOZ-LASTACK', 'X-LIC-ERROR',
  'X-IRMC-LUID', 'X-EVOLUTION-ALARM-UID',
]);

/** Property values that state the default (clients add them when rewriting). */
const DEFAULT_VALUES: Readonly<Record<string, string>> = {
  CLASS: 'PUBLIC', TRANSP: 'OPAQUE', PRIORITY: '0', STATUS: '',
};

/** Parameter values that state the default (RFC 5545 §3.2). VALUE, TZID and encodings never count. */
const DEFAULT_PARAMS: Readonly<Record<string, string>> = {
  ROLE: 'REQ-PARTICIPANT', PARTSTAT: 'NEEDS-ACTION', RSVP: 'FALSE', CUTYPE: 'INDIVIDUAL', RELATED: 'START',
};
const DROPPED_PARAMS = new Set(['VALUE', 'TZID', 'ENCODING', 'CHARSET', 'X-EVOLUTION-CALDAV-ETAG']);

const TIMES = new Set(['DTSTART', 'DTEND', 'DUE', 'COMPLETED', 'RECURRENCE-ID', 'EXDATE', 'RDATE']);
const LISTS = new Set(['CATEGORIES', 'RESOURCES']);
const UPPER = new Set(['CLASS', 'TRANSP', 'STATUS', 'ACTION']);
/** vCalendar 1.0 alarms: `AALARM:<time>;<snooze>;<repeat>;<sound>` (read as written only for earlier fingerprints, or a 1.0 body without components). */
const LEGACY_ALARMS = new Set(['AALARM', 'DALARM', 'PALARM', 'MALARM']);
const ITEM_COMPONENTS = ['VEVENT', 'VTODO', 'VJOURNAL'];

interface Context {
  readonly zones: ZoneResolver;
  readonly floating: ((wall: number) => number | null) | null;
  readonly alarms?: AlarmReading;
}

/**
 * How a vCalendar 1.0 body is read: as its iCalendar 2.0 form (today's canonical form), or as
 * written, 1.0 words and all — the form fingerprints had before the upgrade was the reading, which
 * a store's rehash (earlierFingerprints, describe.ts) compares what it kept with.
 */
export type LegacyReading = 'upgraded' | 'as-written';

/**
 * How a VALARM's TRIGGER is read: as when it rings from the start (today's canonical form), or as
 * written — the form fingerprints had before alarms were placed, for a store's rehash.
 */
export type AlarmReading = 'placed' | 'as-written';

/** `parsed`: ical.js's parse of the body, made already (a CalDAV PUT's check), read instead of parsing again when it is the body's (parsedFor). */
export function readCalendar(dataclass: ItemDataclass, body: string, legacy: LegacyReading, alarms: AlarmReading = 'placed', parsed?: ParsedCalendar): Described {
  if (legacy === 'upgraded') {
    const upgraded = upgradeVCalendar(body);
    if (upgraded !== null) return readCalendar(dataclass, upgraded, 'as-written', alarms);
  }
  const { calendar, context: read } = readVCalendar(body, parsed);
  const context: Context = { ...read, alarms };
  const lines: string[] = [];
  for (const stray of calendar.stray) lines.push(`?${normText(stray)}`);
  for (const prop of calendar.props) pushProp(lines, prop, context);
  const items = calendar.blocks.filter((b) => b.name !== 'VTIMEZONE');
  for (const block of items) pushBlock(lines, block, context);
  return { fields: keyFields(dataclass, items, context), lines };
}

function readVCalendar(body: string, parsed?: ParsedCalendar): { calendar: Block; context: Context } {
  if (!needsLegacyReader(body)) {
    try {
      const [root] = parsedFor(body, parsed) ?? parseJCal(body);
      if (root) {
        const zones = calendarZones(jcalZones(root[2].filter((c): c is JCal => c[0] === 'vtimezone')));
        return { calendar: blockOf(root), context: { zones, floating: null } };
      }
    } catch {
      // ical.js refused it: the lenient reader, with IANA names for TZIDs.
    }
  }
  const legacy = isLegacyVersion(body);
  const blocks = readBlocks(body, legacy);
  const calendar = blocks.find((b) => b.name === 'VCALENDAR') ?? blocks[0] ?? { name: '', props: [], blocks: [], stray: [] };
  const tz = calendar.props.find((p) => p.name === 'TZ')?.values.join(';');
  const daylight = calendar.props.filter((p) => p.name === 'DAYLIGHT').map((p) => p.values.join(';'));
  return { calendar, context: { zones: calendarZones([]), floating: legacy ? vcalendarZone(tz, daylight) : null } };
}

/** When a component's alarms are placed from: its start and end as instants (ms), null where none is. */
interface Anchors {
  readonly start: number | null;
  readonly end: number | null;
}

/**
 * A component as one line of its sorted property lines: two alarms stay two alarms (their lines
 * must not mix), and an exception of a recurring event (same UID) is told apart by its
 * RECURRENCE-ID. `parent`: where a VALARM's trigger is placed from.
 */
function pushBlock(lines: string[], block: Block, context: Context, parent?: Anchors): void {
  const own: string[] = [];
  for (const stray of block.stray) own.push(`?${normText(stray)}`);
  for (const prop of block.props) {
    const placed = block.name === 'VALARM' && prop.name === 'TRIGGER' && parent && context.alarms !== 'as-written';
    const trigger = placed ? triggerLine(prop, parent, context) : null;
    if (trigger !== null) own.push(trigger);
    else pushProp(own, prop, context);
  }
  const anchors = block.blocks.length > 0 ? anchorsOf(block, context) : undefined;
  for (const child of block.blocks) pushBlock(own, child, context, anchors);
  const recurrence = block.props.find((p) => p.name === 'RECURRENCE-ID');
  const id = recurrence ? `[${timeOf(recurrence, recurrence.values[0] ?? '', context)}]` : '';
  lines.push(`${block.name}${id}{${[...new Set(own)].sort().join('\u0000')}}`);
}

/** An instant's ms from its canonical text (`20250601T094500Z`); null for a date, a floating or unknown time. */
function instantMs(canonical: string): number | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(canonical);
  return m ? Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) : null;
}

/** The start (DTSTART, a task's DUE without one) and end (DTEND, DUE, or start + DURATION) of a component. */
function anchorsOf(block: Block, context: Context): Anchors {
  const at = (name: string): number | null => {
    const prop = block.props.find((p) => p.name === name);
    return prop ? instantMs(timeOf(prop, prop.values[0] ?? '', context)) : null;
  };
  const start = at('DTSTART') ?? (block.name === 'VTODO' ? at('DUE') : null);
  let end = at('DTEND') ?? at('DUE');
  const duration = block.props.find((p) => p.name === 'DURATION');
  const seconds = duration ? durationSeconds(duration.values.join(';')) : null;
  if (end === null && start !== null && seconds !== null) end = start + seconds * 1000;
  return { start, end };
}

/**
 * TRIGGER as the time from the start it rings at (`TRIGGER:-PT15M`): an absolute trigger (a 1.0
 * AALARM's, upgraded) and one from the end are placed against the component's times. Null (read as
 * written) when they cannot be placed.
 */
function triggerLine(prop: Prop, anchors: Anchors, context: Context): string | null {
  if (anchors.start === null) return null;
  const value = prop.values.join(';').trim();
  const absolute = prop.params.VALUE?.[0]?.toUpperCase() === 'DATE-TIME' || /^\d{4}-?\d{2}-?\d{2}T/.test(value);
  let seconds: number | null;
  if (absolute) {
    const at = instantMs(timeOf(prop, value, context));
    seconds = at === null ? null : (at - anchors.start) / 1000;
  } else {
    const offset = durationSeconds(value);
    const fromEnd = prop.params.RELATED?.[0]?.trim().toUpperCase() === 'END';
    seconds = offset === null || (fromEnd && anchors.end === null) ? null : offset + (fromEnd ? (anchors.end! - anchors.start) / 1000 : 0);
  }
  if (seconds === null || !Number.isInteger(seconds)) return null;
  const { RELATED: _related, ...params } = prop.params;
  return `TRIGGER${paramsOf({ ...prop, params })}:${durationText(seconds)}`;
}

function timeOf(prop: Prop, value: string, context: Context): string {
  return canonicalTime(value, prop.params.TZID?.[0], context.zones, context.floating);
}

function pushProp(lines: string[], prop: Prop, context: Context): void {
  if (IGNORED_CALENDAR_PROPERTIES.has(prop.name)) return;
  const value = valueOf(prop, context);
  if (value === '' || DEFAULT_VALUES[prop.name] === value) return;
  lines.push(`${prop.name}${paramsOf(prop)}:${value}`);
}

function paramsOf(prop: Prop): string {
  const out: string[] = [];
  for (const [name, values] of Object.entries(prop.params)) {
    if (DROPPED_PARAMS.has(name)) continue;
    const text = values.map((v) => (name === 'CN' ? normText(v) : v.trim().toUpperCase())).join(',');
    if (text === '' || DEFAULT_PARAMS[name] === text) continue;
    out.push(`${name}=${text}`);
  }
  return out.length > 0 ? `;${out.sort().join(';')}` : '';
}

function valueOf(prop: Prop, context: Context): string {
  if (TIMES.has(prop.name)) {
    const times = prop.values.flatMap((v) => v.split(',')).filter((v) => v.trim() !== '');
    return [...new Set(times.map((v) => timeOf(prop, v, context)))].sort().join(',');
  }
  if (LEGACY_ALARMS.has(prop.name)) {
    const [when = '', ...rest] = prop.values.join(';').split(';');
    return [timeOf(prop, when, context), ...rest.map(normText)].join(';').replace(/;+$/, '');
  }
  const text = prop.values.map(normText);
  if (prop.name === 'RRULE' || prop.name === 'EXRULE') {
    const rule = text.join(';');
    return rule.includes('=') ? canonicalRecur(rule) : rule.toUpperCase();
  }
  if (LISTS.has(prop.name)) return [...new Set(text.filter((v) => v !== ''))].sort().join(',');
  if (prop.name === 'ATTENDEE' || prop.name === 'ORGANIZER') return text.join(';').toLowerCase();
  // vCalendar 1.0 says "NEEDS ACTION" where iCalendar 2.0 says "NEEDS-ACTION".
  if (UPPER.has(prop.name)) return text.join(';').toUpperCase().replace(/\s+/g, '-');
  return text.join(';');
}

/** The main component: of the dataclass's kind, the master (no RECURRENCE-ID) first. */
function mainComponent(dataclass: ItemDataclass, items: readonly Block[]): Block | undefined {
  const kind = dataclass === 'Tasks' ? 'VTODO' : dataclass === 'Events' ? 'VEVENT' : '';
  const ofKind = items.filter((b) => b.name === kind);
  const candidates = ofKind.length > 0 ? ofKind : items.filter((b) => ITEM_COMPONENTS.includes(b.name));
  return candidates.find((b) => !b.props.some((p) => p.name === 'RECURRENCE-ID')) ?? candidates[0];
}

function keyFields(dataclass: ItemDataclass, items: readonly Block[], context: Context): KeyFields {
  const main = mainComponent(dataclass, items);
  if (!main) return {};
  const first = (name: string) => main.props.find((p) => p.name === name);
  const uid = first('UID');
  const summary = first('SUMMARY');
  // Tasks often have no DTSTART (a phone's to-do list has DUE): DUE stands in for it.
  const start = first('DTSTART') ?? (dataclass === 'Tasks' ? first('DUE') : undefined);
  return {
    uid: uid ? normText(uid.values.join(';')) : '',
    summary: summary ? foldText(summary.values.join(';')) : '',
    start: start?.values[0] ? timeOf(start, start.values[0], context) : '',
  };
}
