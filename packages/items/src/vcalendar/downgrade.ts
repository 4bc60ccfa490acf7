/**
 * An iCalendar 2.0 event or task rewritten as vCalendar 1.0, the form every old phone takes:
 * - times with TZID (the item's VTIMEZONE, else the IANA name) become UTC (`...Z`), or the wall
 *   time in the phone's zone with TZ / DAYLIGHT lines when the phone wants local time; all-day
 *   dates stay date-only (`DTSTART:20251223`), floating times stay floating;
 * - DURATION becomes DTEND (DUE for a task); a VALARM whose trigger we can place becomes AALARM
 *   (and DALARM for a DISPLAY alarm, as Synthesis writes it: phones ring on AALARM);
 * - RRULE becomes 1.0's basic rule (`W1 MO WE #0`) when it is one of daily/weekly/monthly/yearly
 *   with interval, count or until and 1.0's own BY lists; any other rule is left out (the
 *   phone gets the first occurrence, not a wrong series);
 * - ORGANIZER and ATTENDEE become 1.0 ATTENDEE (`ROLE=ORGANIZER`, `STATUS=NEEDS ACTION`,
 *   `Name <address>`); TRANSP, STATUS, CATEGORIES take 1.0's spelling;
 * - text is QUOTED-PRINTABLE UTF-8 when it is not one ASCII line.
 * Exceptions of a recurring event (components with RECURRENCE-ID) have no 1.0 form and are left
 * out; DTSTAMP, CREATED and inline ATTACH data are dropped; other properties pass with 1.0
 * encoding (phones ignore what they do not know).
 * The one 1.0 writer; its reader, the 1.0 form read back as 2.0, is upgrade.ts.
 */
import ICAL from 'ical.js';
import { calendarShape, outLine, readField, type Field } from '../lines/fields.js';
import { type Component, type ContentLine, type Param, paramValues } from '../lines/read.js';
import { legacyLine } from '../lines/write.js';
import { type FieldLimits, limitField } from '../render/limits.js';
import { calendarZones, componentZones, type ZoneResolver } from '../zones/resolver.js';
import { type Time, addSeconds, readTime, writeTime } from '../zones/time.js';
import { vcalendarZoneLines } from '../zones/vcalendar.js';

export interface CalendarTarget {
  /** The phone's IANA zone when it wants local wall-clock times; null: UTC. */
  readonly localTime: string | null;
  readonly limits: FieldLimits;
}

const ITEMS = new Set(['VEVENT', 'VTODO']);
const TIMES = new Set(['DTSTART', 'DTEND', 'DUE', 'COMPLETED', 'EXDATE', 'RDATE', 'LAST-MODIFIED']);
const DROPPED = new Set(['DTSTAMP', 'CREATED', 'DURATION', 'EXRULE', 'RECURRENCE-ID', 'X-LIC-ERROR']);

/** What converting one calendar collects on the way: its zones and the instants written local. */
interface Context {
  readonly zones: ZoneResolver;
  readonly localTime: string | null;
  /** Years of instants written as local time: the DAYLIGHT lines must cover them. */
  readonly years: Set<number>;
}

/** The vCalendar 1.0 text, or null when the calendar holds no event or task to convert. */
export function toVCalendar10(calendar: Component, target: CalendarTarget): string | null {
  const items = calendar.components.filter((c) => ITEMS.has(c.name) && !c.props.some((p) => p.name === 'RECURRENCE-ID'));
  if (items.length === 0) return null;
  const context: Context = {
    zones: calendarZones(componentZones(calendar.components.filter((c) => c.name === 'VTIMEZONE'))),
    localTime: target.localTime,
    years: new Set(),
  };
  const body: string[] = [];
  for (const item of items) {
    body.push(`BEGIN:${item.name}`);
    for (const field of convertItem(item, context)) {
      const limited = limitField(field, target.limits);
      if (limited) body.push(legacyLine(outLine(limited, true)));
    }
    body.push(`END:${item.name}`);
  }
  const from = Math.min(...context.years);
  // Bounded: an EXDATE list of a long series must not make hundreds of DAYLIGHT lines.
  const zone = context.localTime && context.years.size > 0
    ? vcalendarZoneLines(context.localTime, from, Math.min(Math.max(...context.years), from + 20))
    : [];
  return `${['BEGIN:VCALENDAR', 'VERSION:1.0', ...zone, ...body, 'END:VCALENDAR'].join('\r\n')}\r\n`;
}

function convertItem(item: Component, context: Context): Field[] {
  const fields: Field[] = [];
  const first = (name: string) => item.props.find((p) => p.name === name);
  const timeOf = (prop: ContentLine | undefined): Time | undefined => (prop ? readTime(prop.value, paramValues(prop.params, 'TZID')[0], context.zones) : undefined);
  const start = timeOf(first('DTSTART'));

  for (const prop of item.props) {
    if (DROPPED.has(prop.name)) continue;
    // 1.0's ATTACH is a reference; inline 2.0 data would reach the phone as a wall of base64.
    if (prop.name === 'ATTACH' && paramValues(prop.params, 'ENCODING').length > 0) continue;
    if (TIMES.has(prop.name)) {
      const values = prop.value.split(',').filter((v) => v.trim() !== '');
      const tzid = paramValues(prop.params, 'TZID')[0];
      // LAST-MODIFIED is a UTC stamp, not a time the user sees: never in the phone's wall time.
      const written = values.map((v) => {
        const time = readTime(v, tzid, context.zones);
        return prop.name === 'LAST-MODIFIED' ? writeTime(time, null) : write(time, context);
      });
      fields.push(raw(prop.name, written.join(';')));
      continue;
    }
    switch (prop.name) {
      case 'RRULE': {
        const rule = basicRule(prop.value, first('DTSTART')?.value, context);
        if (rule !== null) fields.push(raw('RRULE', rule));
        continue;
      }
      case 'ORGANIZER':
      case 'ATTENDEE':
        fields.push(attendee(prop));
        continue;
      case 'TRANSP':
        fields.push(raw('TRANSP', prop.value.trim().toUpperCase() === 'TRANSPARENT' ? '1' : '0'));
        continue;
      case 'STATUS':
        fields.push({ ...text(prop), parts: [prop.value.trim().toUpperCase().replace(/^NEEDS-ACTION$/, 'NEEDS ACTION')] });
        continue;
    }
    fields.push(text(prop));
  }

  // DURATION instead of an end: 1.0 has none, so the end is written out.
  const duration = first('DURATION');
  const endName = item.name === 'VTODO' ? 'DUE' : 'DTEND';
  const seconds = duration ? durationSeconds(duration.value) : null;
  let end = timeOf(first(endName));
  if (!end && start && seconds !== null) {
    end = addSeconds(start, seconds);
    fields.push(raw(endName, write(end, context)));
  }

  for (const alarm of item.components.filter((c) => c.name === 'VALARM')) {
    fields.push(...alarmFields(alarm, item.name === 'VTODO' ? (start ?? timeOf(first('DUE'))) : start, end, context));
  }
  return fields;
}

function write(time: Time, context: Context): string {
  if (time.kind === 'instant' && context.localTime) context.years.add(new Date(time.ms).getUTCFullYear());
  return writeTime(time, context.localTime);
}

function raw(name: string, value: string): Field {
  return { group: '', name, params: [], shape: 'raw', parts: [value] };
}

/** A property passed through: unescaped as 2.0 text (or as written), only LANGUAGE kept. */
function text(prop: ContentLine): Field {
  const field = readField(prop, false, calendarShape);
  return { ...field, group: '', params: prop.params.filter((p) => p.name === 'LANGUAGE') };
}

function durationSeconds(value: string): number | null {
  try {
    return ICAL.Duration.fromString(value.trim()).toSeconds();
  } catch {
    return null;
  }
}

// ---- attendees -----------------------------------------------------------------------------------

const ATTENDEE_STATUS: Readonly<Record<string, string>> = {
  'NEEDS-ACTION': 'NEEDS ACTION', ACCEPTED: 'ACCEPTED', DECLINED: 'DECLINED', TENTATIVE: 'TENTATIVE',
  DELEGATED: 'DELEGATED', COMPLETED: 'COMPLETED',
};

/** 1.0 ATTENDEE: `ROLE=ORGANIZER` for the organizer, STATUS and RSVP in 1.0 words, `Name <address>`. */
function attendee(prop: ContentLine): Field {
  const params: Param[] = [];
  if (prop.name === 'ORGANIZER') params.push({ name: 'ROLE', values: ['ORGANIZER'] });
  const status = ATTENDEE_STATUS[paramValues(prop.params, 'PARTSTAT')[0]?.toUpperCase() ?? ''];
  if (status && status !== 'NEEDS ACTION') params.push({ name: 'STATUS', values: [status] });
  const rsvp = paramValues(prop.params, 'RSVP')[0]?.toUpperCase();
  if (rsvp === 'TRUE') params.push({ name: 'RSVP', values: ['YES'] });
  const address = prop.value.trim().replace(/^mailto:/i, '');
  const name = paramValues(prop.params, 'CN')[0]?.trim();
  return { group: '', name: 'ATTENDEE', params, shape: 'raw', parts: [name ? `${name} <${address}>` : address] };
}

// ---- alarms --------------------------------------------------------------------------------------

/**
 * AALARM (and DALARM for DISPLAY): `runTime;snoozeTime;repeatCount;text`. Only alarms that ring
 * or show at a time we can place: an absolute trigger, or a duration from the start (or the end,
 * RELATED=END). EMAIL and PROCEDURE alarms have no 1.0 form that phones act on.
 */
function alarmFields(alarm: Component, start: Time | undefined, end: Time | undefined, context: Context): Field[] {
  const first = (name: string) => alarm.props.find((p) => p.name === name);
  const action = (first('ACTION')?.value.trim().toUpperCase() || 'DISPLAY');
  if (action !== 'DISPLAY' && action !== 'AUDIO') return [];
  const trigger = first('TRIGGER');
  if (!trigger) return [];
  let when: Time | undefined;
  const absolute = readTime(trigger.value, undefined, context.zones);
  if (paramValues(trigger.params, 'VALUE')[0]?.toUpperCase() === 'DATE-TIME' || absolute.kind === 'instant') {
    when = absolute;
  } else {
    const seconds = durationSeconds(trigger.value);
    const base = paramValues(trigger.params, 'RELATED')[0]?.toUpperCase() === 'END' ? end : start;
    if (seconds !== null && base) when = addSeconds(base, seconds);
  }
  if (!when || when.kind === 'unknown') return [];
  const runTime = write(when, context);
  const snooze = first('DURATION')?.value.trim() ?? '';
  const repeat = first('REPEAT')?.value.trim() ?? '';
  const fields: Field[] = [{ group: '', name: 'AALARM', params: [], shape: 'structured', parts: [runTime, snooze, repeat, ''] }];
  if (action === 'DISPLAY') {
    const description = first('DESCRIPTION');
    const message = description ? (readField(description, false, calendarShape).parts[0] ?? '') : '';
    fields.push({ group: '', name: 'DALARM', params: [], shape: 'structured', parts: [runTime, snooze, repeat, message] });
  }
  return fields;
}

// ---- recurrence ------------------------------------------------------------------------------------

const WEEKDAYS = new Set(['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA']);
/** RRULE parts each frequency may carry into 1.0 (besides FREQ, INTERVAL, COUNT, UNTIL, WKST). */
const ALLOWED: Readonly<Record<string, ReadonlySet<string>>> = {
  DAILY: new Set(['BYDAY']),
  WEEKLY: new Set(['BYDAY']),
  MONTHLY: new Set(['BYDAY', 'BYMONTHDAY']),
  YEARLY: new Set(['BYMONTH', 'BYYEARDAY', 'BYMONTHDAY']),
};

/**
 * vCalendar 1.0's basic recurrence grammar: `D<n>`, `W<n> [days]`,
 * `MP<n> <n>± <day>`, `MD<n> [days]`, `YM<n> [months]`, `YD<n> [days]`, ending in `#count`,
 * an end time, or `#0` (forever; with no end 1.0 means `#2`). null: no 1.0 form.
 */
function basicRule(rule: string, start: string | undefined, context: Context): string | null {
  const parts = new Map<string, string>();
  for (const part of rule.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) parts.set(part.slice(0, eq).trim().toUpperCase(), part.slice(eq + 1).trim().toUpperCase());
  }
  const freq = parts.get('FREQ') ?? '';
  const allowed = ALLOWED[freq];
  if (!allowed) return null;
  for (const key of parts.keys()) {
    if (!['FREQ', 'INTERVAL', 'COUNT', 'UNTIL', 'WKST'].includes(key) && !allowed.has(key)) return null;
  }
  const interval = parts.get('INTERVAL') ?? '1';
  if (!/^\d+$/.test(interval)) return null;
  const list = (key: string) => (parts.get(key) ?? '').split(',').filter((v) => v !== '');
  const byDay = list('BYDAY');
  const end = ruleEnd(parts, context);
  if (end === null) return null;

  let head: string | null = null;
  switch (freq) {
    case 'DAILY':
      // Daily on some weekdays is weekly on them.
      if (byDay.length === 0) head = `D${interval}`;
      else if (interval === '1' && byDay.every((d) => WEEKDAYS.has(d))) head = `W1 ${byDay.join(' ')}`;
      break;
    case 'WEEKLY':
      if (byDay.every((d) => WEEKDAYS.has(d))) head = [`W${interval}`, ...byDay].join(' ');
      break;
    case 'MONTHLY': {
      const days = list('BYMONTHDAY');
      if (byDay.length > 0 && days.length > 0) break;
      if (byDay.length > 0) {
        const positions = byDay.map(monthlyPosition);
        if (positions.every((p) => p !== null)) head = [`MP${interval}`, ...positions].join(' ');
      } else {
        const numbers = days.map(dayNumber);
        if (numbers.every((n) => n !== null)) head = [`MD${interval}`, ...numbers].join(' ');
      }
      break;
    }
    case 'YEARLY': {
      const monthDays = list('BYMONTHDAY');
      const yearDays = list('BYYEARDAY');
      const months = list('BYMONTH');
      // BYMONTHDAY only as the start's own day (what clients add to a plain yearly rule).
      if (monthDays.length > 0 && (monthDays.length > 1 || String(Number(monthDays[0])) !== dayOfMonth(start))) break;
      if (yearDays.length > 0) {
        const numbers = yearDays.map(dayNumber);
        if (months.length === 0 && numbers.every((n) => n !== null)) head = [`YD${interval}`, ...numbers].join(' ');
      } else if (months.every((m) => /^\d{1,2}$/.test(m))) {
        head = [`YM${interval}`, ...months.map(Number)].join(' ');
      }
      break;
    }
  }
  return head === null ? null : `${head} ${end}`;
}

function ruleEnd(parts: Map<string, string>, context: Context): string | null {
  const count = parts.get('COUNT');
  if (count !== undefined) return /^\d+$/.test(count) ? `#${Number(count)}` : null;
  const until = parts.get('UNTIL');
  if (until === undefined) return '#0';
  const time = readTime(until, undefined, context.zones);
  if (time.kind === 'unknown') return null;
  // 1.0's end is a date-time: an all-day series ends at the start of its last day.
  // Counted for DAYLIGHT like every local time: a reader (our own upgrade among them) needs the
  // zone period of the end to find its instant (the lines stay bounded to 20 years).
  return time.kind === 'date' ? `${time.date}T000000` : write(time, context);
}

/** `2TU` → `2+ TU`, `-1FR` → `1- FR`; null for a weekday without a position. */
function monthlyPosition(day: string): string | null {
  const m = /^([+-]?)(\d{1,2})(SU|MO|TU|WE|TH|FR|SA)$/.exec(day);
  return m ? `${Number(m[2])}${m[1] === '-' ? '-' : '+'} ${m[3]}` : null;
}

/** `15` → `15`, `-1` → `1-`. */
function dayNumber(day: string): string | null {
  const m = /^([+-]?)(\d{1,3})$/.exec(day);
  return m ? `${Number(m[2])}${m[1] === '-' ? '-' : ''}` : null;
}

/** The day of the month DTSTART is written on (in its own zone). */
function dayOfMonth(start: string | undefined): string | undefined {
  const m = /^\d{4}-?\d{2}-?(\d{2})/.exec(start?.trim() ?? '');
  return m ? String(Number(m[1])) : undefined;
}
