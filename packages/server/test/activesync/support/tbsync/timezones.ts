/**
 * Thunderbird's time-zone service for the TbSync harness: every IANA zone Node's Intl knows, each
 * with a VTIMEZONE as Thunderbird's own zone table has it (one STANDARD and, where the zone keeps
 * summer time, one DAYLIGHT, each a `DTSTART:1970…` with a yearly `RRULE` such as
 * `BYMONTH=3;BYDAY=-1SU`), and an `ICAL.Timezone` over it for the arithmetic. ical.js has no
 * zone database, so the definitions are read off Intl: the zone's offset changes in the current
 * year, found to the second, each turned into "the nth (or last) weekday of the month at this
 * local time" and checked against the next year's. A zone whose changes fit no such rule (one
 * that moved its rules this year, Morocco's Ramadan breaks) gets its offset at the end of the
 * year as a zone without summer time.
 *
 * TbSync reads these definitions closely: `getTimezoneInfo` parses `icalComponent.toString()`
 * with ical.js for TZOFFSETTO, TZNAME and the RRULE's BYMONTH/BYDAY, and the DTSTART's time
 * (read through `new Date(…)`, so as the machine's local time) for the switch time it sends in
 * an EAS TimeZone blob; it walks `timezoneIds` to guess a zone from offsets.
 *
 * Definitions are made once per process, when first asked for.
 */
import ICAL from 'ical.js';

type IcalTimezone = InstanceType<typeof ICAL.Timezone>;
type IcalComponent = InstanceType<typeof ICAL.Component>;

/** Thunderbird's calITimezone. */
export class CalTimezone {
  readonly #vtimezone: IcalComponent | null;

  constructor(
    readonly tzid: string,
    /** The ical.js zone the times in it are converted with. */
    readonly ical: IcalTimezone,
    vtimezone: IcalComponent | null,
  ) {
    this.#vtimezone = vtimezone;
  }

  get isUTC(): boolean {
    return this.tzid === 'UTC';
  }

  get isFloating(): boolean {
    return this.tzid === 'floating';
  }

  get displayName(): string {
    return this.tzid;
  }

  /** The VTIMEZONE (null for UTC and floating, as in Thunderbird); a copy, its `toString()` the iCalendar text. */
  get icalComponent(): IcalComponent | null {
    return this.#vtimezone ? new ICAL.Component(structuredClone(this.#vtimezone.jCal)) : null;
  }

  get latitude(): string {
    return '';
  }

  get longitude(): string {
    return '';
  }

  toString(): string {
    return this.tzid;
  }
}

export const UTC_ZONE = new CalTimezone('UTC', ICAL.Timezone.utcTimezone, null);
export const FLOATING_ZONE = new CalTimezone('floating', ICAL.Timezone.localTimezone, null);

// ---------------------------------------------------------------------------------------------
// Zone definitions from Intl
// ---------------------------------------------------------------------------------------------

const SECOND = 1000;
const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;

const offsetFormats = new Map<string, Intl.DateTimeFormat>();
const nameFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at `utc`, in ms. */
function offsetAt(zone: string, utc: number): number {
  let format = offsetFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    offsetFormats.set(zone, format);
  }
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(utc)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  const whole = Math.floor(utc / SECOND) * SECOND;
  return Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0) - whole;
}

/** The zone's short name at `utc` (`CET`, `CEST`, or `GMT+11` where CLDR has none). */
function nameAt(zone: string, utc: number): string {
  let format = nameFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone: zone, timeZoneName: 'short' });
    nameFormats.set(zone, format);
  }
  return format.formatToParts(utc).find((part) => part.type === 'timeZoneName')?.value ?? zone;
}

interface Change {
  /** The instant (UTC ms). */
  readonly at: number;
  readonly from: number;
  readonly to: number;
}

/** The zone's offset changes in `year`: sampled twice a month, each bisected to the second. */
function changesIn(zone: string, year: number): Change[] {
  const changes: Change[] = [];
  const samples: number[] = [];
  for (let month = 0; month < 12; month++) samples.push(Date.UTC(year, month, 1), Date.UTC(year, month, 16));
  samples.push(Date.UTC(year + 1, 0, 1));
  let previous = offsetAt(zone, samples[0]!);
  for (let i = 1; i < samples.length; i++) {
    const offset = offsetAt(zone, samples[i]!);
    if (offset === previous) continue;
    let lo = samples[i - 1]!;
    let hi = samples[i]!;
    while (hi - lo > SECOND) {
      const mid = lo + Math.floor((hi - lo) / (2 * SECOND)) * SECOND;
      if (offsetAt(zone, mid) === previous) lo = mid;
      else hi = mid;
    }
    changes.push({ at: hi, from: previous, to: offset });
    previous = offset;
  }
  return changes;
}

const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/** The day of `month` (0-based) in `year` that is the `nth` (1–5, or -1 for the last) `weekday` (0 = Sunday). */
function nthWeekday(year: number, month: number, weekday: number, nth: number): number {
  if (nth < 0) {
    const last = daysInMonth(year, month);
    const lastWeekday = new Date(Date.UTC(year, month, last)).getUTCDay();
    return last - ((lastWeekday - weekday + 7) % 7);
  }
  const firstWeekday = new Date(Date.UTC(year, month, 1)).getUTCDay();
  return 1 + ((weekday - firstWeekday + 7) % 7) + (nth - 1) * 7;
}

interface Rule {
  readonly month: number;
  readonly weekday: number;
  readonly nth: number;
  /** The local time of the change, in the offset before it: ms into the day. */
  readonly time: number;
}

/** The yearly rule a change fits, checked against the same change a year later (null when none fits). */
function ruleOf(change: Change, next: Change | undefined): Rule | null {
  const local = new Date(change.at + change.from);
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth();
  const day = local.getUTCDate();
  const weekday = local.getUTCDay();
  const time = change.at + change.from - Date.UTC(year, month, day);
  const nth = Math.ceil(day / 7);
  const last = day + 7 > daysInMonth(year, month);
  const candidates = last ? (nth === 5 ? [-1] : [-1, nth]) : [nth];
  for (const candidate of candidates) {
    if (!next) return { month, weekday, nth: candidate, time };
    const expected = Date.UTC(year + 1, month, nthWeekday(year + 1, month, weekday, candidate)) + time - next.from;
    if (expected === next.at) return { month, weekday, nth: candidate, time };
  }
  return null;
}

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

function offsetText(ms: number): string {
  const minutes = Math.round(Math.abs(ms) / 60_000);
  return `${ms < 0 ? '-' : '+'}${pad(Math.floor(minutes / 60))}${pad(minutes % 60)}`;
}

/** One STANDARD or DAYLIGHT part: from 1970, yearly by the rule, or once for a zone without changes. */
function observance(kind: 'STANDARD' | 'DAYLIGHT', from: number, to: number, name: string, rule: Rule | null): string[] {
  if (!rule) return [`BEGIN:${kind}`, `TZOFFSETFROM:${offsetText(from)}`, `TZOFFSETTO:${offsetText(to)}`, `TZNAME:${name}`, 'DTSTART:19700101T000000', `END:${kind}`];
  const day = nthWeekday(1970, rule.month, rule.weekday, rule.nth);
  const seconds = Math.round(rule.time / SECOND);
  const start = `1970${pad(rule.month + 1)}${pad(day)}T${pad(Math.floor(seconds / 3600))}${pad(Math.floor(seconds / 60) % 60)}${pad(seconds % 60)}`;
  return [
    `BEGIN:${kind}`,
    `TZOFFSETFROM:${offsetText(from)}`,
    `TZOFFSETTO:${offsetText(to)}`,
    `TZNAME:${name}`,
    `DTSTART:${start}`,
    `RRULE:FREQ=YEARLY;BYMONTH=${rule.month + 1};BYDAY=${rule.nth}${WEEKDAYS[rule.weekday]}`,
    `END:${kind}`,
  ];
}

/** The VTIMEZONE of an IANA zone, as Thunderbird's zone table words it. */
export function vtimezoneText(zone: string, year = new Date().getUTCFullYear()): string {
  const changes = changesIn(zone, year);
  const next = changesIn(zone, year + 1);
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`, `X-LIC-LOCATION:${zone}`];
  const summer = changes.find((change) => change.to > change.from);
  const winter = changes.find((change) => change.to < change.from);
  const summerRule = summer && ruleOf(summer, next.find((change) => change.to > change.from));
  const winterRule = winter && ruleOf(winter, next.find((change) => change.to < change.from));
  if (changes.length === 2 && summer && winter && summerRule && winterRule) {
    lines.push(...observance('DAYLIGHT', summer.from, summer.to, nameAt(zone, summer.at), summerRule));
    lines.push(...observance('STANDARD', winter.from, winter.to, nameAt(zone, winter.at), winterRule));
  } else {
    const end = Date.UTC(year, 11, 31);
    const offset = offsetAt(zone, end);
    lines.push(...observance('STANDARD', offset, offset, nameAt(zone, end), null));
  }
  lines.push('END:VTIMEZONE');
  return lines.join('\r\n');
}

// ---------------------------------------------------------------------------------------------
// The service (cal.timezoneService)
// ---------------------------------------------------------------------------------------------

const zones = new Map<string, CalTimezone | null>();

/** The zone `tzid` names (an IANA name Intl knows, `UTC`, `floating`), or null. Made once per process. */
export function zoneById(tzid: string): CalTimezone | null {
  if (tzid === 'UTC' || tzid === 'Etc/UTC' || tzid === 'Z') return UTC_ZONE;
  if (tzid === 'floating') return FLOATING_ZONE;
  let zone = zones.get(tzid);
  if (zone !== undefined) return zone;
  try {
    offsetAt(tzid, 0);
    const component = ICAL.Component.fromString(vtimezoneText(tzid));
    zone = new CalTimezone(tzid, new ICAL.Timezone({ component, tzid }), component);
  } catch {
    zone = null;
  }
  zones.set(tzid, zone);
  return zone;
}

/** The zone `tzid` names; throws for one no one knows. */
export function zoneOrFail(tzid: string): CalTimezone {
  const zone = zoneById(tzid);
  if (!zone) throw new Error(`no time zone "${tzid}" in this harness (IANA names Node's Intl knows, UTC, floating)`);
  return zone;
}

/** Every zone's id: the IANA names of Node's Intl (CLDR's, as TbSync's Windows table uses them: Asia/Calcutta). */
export const TIMEZONE_IDS: readonly string[] = Intl.supportedValuesOf('timeZone');

/** `cal.timezoneService` (calITimezoneService). */
export function createTimezoneService(defaultTimezone: CalTimezone) {
  return {
    get timezoneIds(): string[] {
      return [...TIMEZONE_IDS];
    },
    get aliasIds(): string[] {
      return [];
    },
    getTimezone: (tzid: string): CalTimezone | null => zoneById(tzid),
    get UTC(): CalTimezone {
      return UTC_ZONE;
    },
    get floating(): CalTimezone {
      return FLOATING_ZONE;
    },
    get defaultTimezone(): CalTimezone {
      return defaultTimezone;
    },
  };
}
