/**
 * The ActiveSync time zone (MS-ASDTYPE §2.7.6, `Calendar:Timezone`): a Windows
 * TIME_ZONE_INFORMATION of 172 bytes in base64 — Bias (minutes, UTC = local + Bias), StandardName
 * and DaylightName (32 UTF-16 units each), and the two transitions as SYSTEMTIME rules: with
 * wYear 0, "the wDay-th (5: last) wDayOfWeek of wMonth at wHour:wMinute local time", the local
 * time being the one in force before the change. It describes one year's rules, so we build it
 * for the year of the event it goes with.
 *
 * Zones in: a TZID resolved by the calendar's VTIMEZONE (ical.js's expansion) or as an IANA name
 * (Intl); the year's offset changes are found by sampling, each then placed to the second. Names:
 * the VTIMEZONE's TZNAMEs, else the IANA name (which a reader of the blob, ours first, can take as
 * the zone).
 *
 * Zones out: an IANA zone whose rules for the year are the blob's (its names tried first as IANA
 * names, then as Windows names, then the zones Windows names stand for, then every zone Intl
 * knows), else a VTIMEZONE written from the blob's rules; a blob of UTC without summer time is UTC.
 */
import { ianaOffsets } from '../zones/iana.js';
import type { ZoneOffsets } from '../zones/offsets.js';
import { WINDOWS_ZONES } from './timezone-names.js';

/** A SYSTEMTIME transition rule; `month` 0: none. */
export interface TransitionRule {
  readonly year: number;
  readonly month: number;
  /** 0 Sunday … 6 Saturday. */
  readonly dayOfWeek: number;
  /** With `year` 0: the occurrence of the weekday in the month, 1–5 (5: the last). */
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  readonly milliseconds: number;
}

export interface TimeZoneInfo {
  /** Minutes: UTC = local time + bias. */
  readonly bias: number;
  readonly standardName: string;
  readonly standardDate: TransitionRule;
  readonly standardBias: number;
  readonly daylightName: string;
  readonly daylightDate: TransitionRule;
  readonly daylightBias: number;
}

export type { ZoneOffsets };

const SIZE = 172;
const NAME_UNITS = 32;
const MINUTE = 60_000;
const DAY = 86_400_000;
const NO_RULE: TransitionRule = { year: 0, month: 0, dayOfWeek: 0, day: 0, hour: 0, minute: 0, second: 0, milliseconds: 0 };

// ---- the blob --------------------------------------------------------------------------------

/** The base64 of the structure. */
export function encodeTimeZone(tz: TimeZoneInfo): string {
  const bytes = Buffer.alloc(SIZE);
  bytes.writeInt32LE(tz.bias, 0);
  writeName(bytes, 4, tz.standardName);
  writeRule(bytes, 68, tz.standardDate);
  bytes.writeInt32LE(tz.standardBias, 84);
  writeName(bytes, 88, tz.daylightName);
  writeRule(bytes, 152, tz.daylightDate);
  bytes.writeInt32LE(tz.daylightBias, 168);
  return bytes.toString('base64');
}

/** The structure of a base64 blob; null for anything that is not one we can use. */
export function decodeTimeZone(text: string): TimeZoneInfo | null {
  const compact = text.replace(/\s+/g, '');
  if (compact.length > 512 || !/^[A-Za-z0-9+/]+={0,2}$/.test(compact)) return null;
  const bytes = Buffer.from(compact, 'base64');
  if (bytes.length < SIZE) return null;
  const tz: TimeZoneInfo = {
    bias: bytes.readInt32LE(0),
    standardName: readName(bytes, 4),
    standardDate: readRule(bytes, 68),
    standardBias: bytes.readInt32LE(84),
    daylightName: readName(bytes, 88),
    daylightDate: readRule(bytes, 152),
    daylightBias: bytes.readInt32LE(168),
  };
  const bias = (b: number) => Math.abs(b) <= 24 * 60;
  if (!bias(tz.bias) || !bias(tz.standardBias) || !bias(tz.daylightBias)) return null;
  if (!validRule(tz.standardDate) || !validRule(tz.daylightDate)) return null;
  // One transition without the other is no summer time at all (MS-DTYP says both or neither).
  if ((tz.standardDate.month === 0) !== (tz.daylightDate.month === 0)) {
    return { ...tz, standardDate: NO_RULE, daylightDate: NO_RULE };
  }
  return tz;
}

function validRule(rule: TransitionRule): boolean {
  if (rule.month === 0) return true;
  const day = rule.year === 0 ? rule.day >= 1 && rule.day <= 5 : rule.day >= 1 && rule.day <= 31;
  return rule.month <= 12 && rule.dayOfWeek <= 6 && day && rule.hour <= 23 && rule.minute <= 59 && rule.second <= 59 && rule.milliseconds <= 999;
}

function writeName(bytes: Buffer, at: number, name: string): void {
  // 31 units and the terminating NUL, never half a surrogate pair.
  let units = name.slice(0, NAME_UNITS - 1);
  if (/[\ud800-\udbff]$/.test(units)) units = units.slice(0, -1);
  bytes.write(units, at, 'utf16le');
}

function readName(bytes: Buffer, at: number): string {
  const text = bytes.toString('utf16le', at, at + NAME_UNITS * 2);
  const end = text.indexOf('\u0000');
  return (end < 0 ? text : text.slice(0, end)).replace(/[\u0000-\u001f\u007f]/g, '').trim();
}

function writeRule(bytes: Buffer, at: number, rule: TransitionRule): void {
  const fields = [rule.year, rule.month, rule.dayOfWeek, rule.day, rule.hour, rule.minute, rule.second, rule.milliseconds];
  fields.forEach((value, i) => bytes.writeUInt16LE(value, at + i * 2));
}

function readRule(bytes: Buffer, at: number): TransitionRule {
  const field = (i: number) => bytes.readUInt16LE(at + i * 2);
  return {
    year: field(0), month: field(1), dayOfWeek: field(2), day: field(3),
    hour: field(4), minute: field(5), second: field(6), milliseconds: field(7),
  };
}

// ---- zones and their offsets -------------------------------------------------------------------

interface Transition {
  /** UTC ms of the change. */
  readonly at: number;
  readonly from: number;
  readonly to: number;
}

/** The offset changes of one year: the first of each month sampled, a changed month day by day, then bisected to the second. */
function transitionsIn(offsets: ZoneOffsets, year: number): Transition[] {
  const out: Transition[] = [];
  let start = Date.UTC(year, 0, 1);
  let before = offsets(start);
  for (let month = 1; month <= 12; month++) {
    const end = Date.UTC(year, month, 1);
    const after = offsets(end);
    if (after !== before) {
      let lo = start;
      let hi = end;
      for (let t = start + DAY; t < end; t += DAY) {
        if (offsets(t) !== before) {
          hi = t;
          break;
        }
        lo = t;
      }
      while (hi - lo > 1000) {
        const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
        if (offsets(mid) === before) lo = mid;
        else hi = mid;
      }
      out.push({ at: hi, from: before, to: offsets(hi) });
    }
    start = end;
    before = after;
  }
  return out;
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The SYSTEMTIME rule of a change: its local time before the change, the weekday's place in the month. */
function ruleOf(change: Transition): TransitionRule {
  const local = new Date(change.at + change.from);
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth() + 1;
  const date = local.getUTCDate();
  return {
    year: 0,
    month,
    dayOfWeek: local.getUTCDay(),
    day: date + 7 > daysIn(year, month) ? 5 : Math.ceil(date / 7),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
    milliseconds: 0,
  };
}

const yearCache = new Map<string, TimeZoneInfo>();

/**
 * The structure of a zone for the year of `at`: with summer time when that year has one change
 * into it and one out of it (north or south); else the offset at `at`, without.
 * `key` names the zone for the cache (offsets functions are not comparable).
 */
export function timeZoneOf(offsets: ZoneOffsets, at: number, names: { readonly standard: string; readonly daylight: string }, key?: string): TimeZoneInfo {
  const year = new Date(at).getUTCFullYear();
  const cacheKey = key === undefined ? undefined : `${key}\u0000${year}\u0000${names.standard}\u0000${names.daylight}`;
  const cached = cacheKey === undefined ? undefined : yearCache.get(cacheKey);
  if (cached) return cached;
  const changes = transitionsIn(offsets, year);
  let tz: TimeZoneInfo;
  const [a, b] = changes;
  if (changes.length === 2 && a && b && a.from === b.to && a.to === b.from && a.from !== a.to) {
    const standard = Math.min(a.from, a.to);
    const daylight = Math.max(a.from, a.to);
    const toStandard = a.to === standard ? a : b;
    const toDaylight = a.to === standard ? b : a;
    tz = {
      bias: -Math.round(standard / MINUTE),
      standardName: names.standard,
      standardDate: ruleOf(toStandard),
      standardBias: 0,
      daylightName: names.daylight,
      daylightDate: ruleOf(toDaylight),
      daylightBias: -Math.round((daylight - standard) / MINUTE),
    };
  } else {
    tz = {
      bias: -Math.round(offsets(at) / MINUTE),
      standardName: names.standard,
      standardDate: NO_RULE,
      standardBias: 0,
      daylightName: names.daylight,
      daylightDate: NO_RULE,
      daylightBias: 0,
    };
  }
  if (cacheKey !== undefined) {
    if (yearCache.size >= 512) yearCache.clear();
    yearCache.set(cacheKey, tz);
  }
  return tz;
}

/** UTC's structure: no offset, no summer time. */
export const UTC_TIME_ZONE: TimeZoneInfo = {
  bias: 0, standardName: 'UTC', standardDate: NO_RULE, standardBias: 0, daylightName: 'UTC', daylightDate: NO_RULE, daylightBias: 0,
};

// ---- the blob's own offsets ----------------------------------------------------------------------

/** The local wall time (ms as if UTC) a rule names in `year`; null for no rule. */
function ruleWall(rule: TransitionRule, year: number): number | null {
  if (rule.month === 0) return null;
  const time = (day: number) => Date.UTC(year, rule.month - 1, day, rule.hour, rule.minute, rule.second, rule.milliseconds);
  const last = daysIn(year, rule.month);
  if (rule.year !== 0) return time(Math.min(rule.day, last));
  const firstWeekday = new Date(Date.UTC(year, rule.month - 1, 1)).getUTCDay();
  let day = 1 + ((rule.dayOfWeek - firstWeekday + 7) % 7) + (rule.day - 1) * 7;
  while (day > last) day -= 7;
  return time(day);
}

function hasSummerTime(tz: TimeZoneInfo): boolean {
  return tz.standardDate.month !== 0 && tz.daylightDate.month !== 0 && tz.daylightBias !== tz.standardBias;
}

/** The blob's transitions in `year`, UTC: into summer time and back. */
function blobTransitions(tz: TimeZoneInfo, year: number): { readonly toDaylight: number; readonly toStandard: number } | null {
  if (!hasSummerTime(tz)) return null;
  const intoDaylight = ruleWall(tz.daylightDate, year);
  const intoStandard = ruleWall(tz.standardDate, year);
  if (intoDaylight === null || intoStandard === null) return null;
  return {
    toDaylight: intoDaylight + (tz.bias + tz.standardBias) * MINUTE,
    toStandard: intoStandard + (tz.bias + tz.daylightBias) * MINUTE,
  };
}

/** The offsets the blob describes (its rules repeated every year). */
export function timeZoneOffsets(tz: TimeZoneInfo): ZoneOffsets {
  const standard = -(tz.bias + tz.standardBias) * MINUTE;
  const daylight = -(tz.bias + tz.daylightBias) * MINUTE;
  if (!hasSummerTime(tz)) return () => standard;
  return (utc) => {
    const t = blobTransitions(tz, new Date(utc + standard).getUTCFullYear());
    if (!t) return standard;
    const summer = t.toDaylight < t.toStandard ? utc >= t.toDaylight && utc < t.toStandard : utc >= t.toDaylight || utc < t.toStandard;
    return summer ? daylight : standard;
  };
}

/** Whether `offsets` keeps the blob's offsets through `year`: at four dates and on both sides of each change. */
function sameRules(tz: TimeZoneInfo, offsets: ZoneOffsets, year: number): boolean {
  const blob = timeZoneOffsets(tz);
  const probes = [0, 3, 6, 9].map((m) => Date.UTC(year, m, 15, 12));
  const t = blobTransitions(tz, year);
  if (t) probes.push(t.toDaylight - 1000, t.toDaylight, t.toDaylight + DAY, t.toStandard - 1000, t.toStandard, t.toStandard + DAY);
  return probes.every((p) => offsets(p) === blob(p));
}

// ---- from the blob to a zone ------------------------------------------------------------------------

/** The zone an item's times are written in: UTC (`tzid` null), or a TZID with the VTIMEZONE it needs. */
export interface ItemZone {
  readonly tzid: string | null;
  /** The VTIMEZONE to write with the TZID (null for UTC). */
  readonly vtimezone: string | null;
  readonly offsets: ZoneOffsets;
}

let allZones: readonly string[] | undefined;

function knownZones(): readonly string[] {
  if (!allZones) {
    try {
      allZones = Intl.supportedValuesOf('timeZone');
    } catch {
      allZones = [];
    }
  }
  return allZones;
}

const PREFERRED = [...new Set(Object.values(WINDOWS_ZONES))];
const resolvedCache = new Map<string, ItemZone>();

/**
 * The zone of a phone's blob for the year of `at`: UTC for UTC without summer time, an IANA zone
 * whose rules are the blob's, else a zone of its own written from the blob.
 */
export function zoneOfTimeZone(tz: TimeZoneInfo, at: number): ItemZone {
  const year = new Date(at).getUTCFullYear();
  const key = `${encodeTimeZone(tz)}\u0000${year}`;
  const cached = resolvedCache.get(key);
  if (cached) return cached;
  const zone = resolve(tz, year);
  if (resolvedCache.size >= 256) resolvedCache.clear();
  resolvedCache.set(key, zone);
  return zone;
}

function resolve(tz: TimeZoneInfo, year: number): ItemZone {
  const own = timeZoneOffsets(tz);
  if (!hasSummerTime(tz) && tz.bias + tz.standardBias === 0) return { tzid: null, vtimezone: null, offsets: () => 0 };
  const named = [tz.standardName, tz.daylightName].filter((n) => n.includes('/'));
  const windows = [WINDOWS_ZONES[tz.standardName], WINDOWS_ZONES[tz.daylightName]].filter((n): n is string => n !== undefined);
  const fits = (zone: string): boolean => {
    const offsets = ianaOffsets(zone);
    return offsets !== null && sameRules(tz, offsets, year);
  };
  let found = [...named, ...windows].find(fits) ?? PREFERRED.find(fits);
  if (found === undefined) {
    // Every zone Intl knows, first filtered on two dates (two offset look-ups each).
    const jan = Date.UTC(year, 0, 15, 12);
    const jul = Date.UTC(year, 6, 15, 12);
    found = knownZones().find((zone) => {
      const offsets = ianaOffsets(zone);
      return offsets !== null && offsets(jan) === own(jan) && offsets(jul) === own(jul) && fits(zone);
    });
  }
  const tzid = found ?? ownZoneName(tz);
  return { tzid, vtimezone: vtimezoneOfTimeZone(tz, tzid), offsets: own };
}

/** A TZID for a zone of the blob's own: its standard name, else its offset (`UTC+05:30`). */
function ownZoneName(tz: TimeZoneInfo): string {
  const name = tz.standardName.replace(/[",;:\\]/g, ' ').replace(/\s+/g, ' ').trim();
  return name !== '' ? name : `UTC${offsetText(-(tz.bias + tz.standardBias) * MINUTE, true)}`;
}

/** `+0130`, or `+01:30` with `colon`; seconds when there are any. */
function offsetText(ms: number, colon = false): string {
  const total = Math.round(Math.abs(ms) / 1000);
  const hh = String(Math.floor(total / 3600)).padStart(2, '0');
  const mm = String(Math.floor((total % 3600) / 60)).padStart(2, '0');
  const ss = total % 60;
  return `${ms < 0 ? '-' : '+'}${hh}${colon ? ':' : ''}${mm}${ss ? String(ss).padStart(2, '0') : ''}`;
}

const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

/** A VTIMEZONE of the blob's rules (from 1970 on), named `tzid`, its TZNAMEs the blob's names. */
export function vtimezoneOfTimeZone(tz: TimeZoneInfo, tzid: string): string {
  const standard = -(tz.bias + tz.standardBias) * MINUTE;
  const daylight = -(tz.bias + tz.daylightBias) * MINUTE;
  const escape = (text: string) => text.replace(/\\/g, '\\\\').replace(/([;,])/g, '\\$1');
  const lines = ['BEGIN:VTIMEZONE', `TZID:${escape(tzid)}`];
  const observance = (kind: string, rule: TransitionRule | null, from: number, to: number, name: string) => {
    const wall = rule ? ruleWall(rule, 1970)! : Date.UTC(1970, 0, 1);
    lines.push(`BEGIN:${kind}`, `DTSTART:${new Date(wall).toISOString().replace(/[-:]/g, '').slice(0, 15)}`);
    if (rule) {
      const byDay = rule.year === 0 ? `BYDAY=${rule.day === 5 ? -1 : rule.day}${WEEKDAYS[rule.dayOfWeek]}` : `BYMONTHDAY=${rule.day}`;
      lines.push(`RRULE:FREQ=YEARLY;BYMONTH=${rule.month};${byDay}`);
    }
    lines.push(`TZOFFSETFROM:${offsetText(from)}`, `TZOFFSETTO:${offsetText(to)}`);
    if (name !== '') lines.push(`TZNAME:${escape(name)}`);
    lines.push(`END:${kind}`);
  };
  if (hasSummerTime(tz)) {
    observance('STANDARD', tz.standardDate, daylight, standard, tz.standardName);
    observance('DAYLIGHT', tz.daylightDate, standard, daylight, tz.daylightName);
  } else {
    observance('STANDARD', null, standard, standard, tz.standardName);
  }
  lines.push('END:VTIMEZONE');
  return lines.join('\r\n');
}

/** The TZNAMEs of a VTIMEZONE's STANDARD and DAYLIGHT observances (the first of each); '' when none. */
export function vtimezoneNames(vtimezone: string): { standard: string; daylight: string } {
  let kind = '';
  const names = { standard: '', daylight: '' };
  for (const line of vtimezone.split(/\r?\n/)) {
    const upper = line.toUpperCase();
    if (upper.startsWith('BEGIN:STANDARD')) kind = 'standard';
    else if (upper.startsWith('BEGIN:DAYLIGHT')) kind = 'daylight';
    else if (upper.startsWith('END:')) kind = '';
    else if (kind !== '' && upper.startsWith('TZNAME')) {
      const value = line.slice(line.indexOf(':') + 1).replace(/\\([\\;,])/g, '$1').trim();
      if (kind === 'standard' && names.standard === '') names.standard = value;
      if (kind === 'daylight' && names.daylight === '') names.daylight = value;
    }
  }
  return names;
}
