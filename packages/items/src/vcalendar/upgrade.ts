/**
 * vCalendar 1.0 read, once: a phone's 1.0 calendar in iCalendar 2.0's forms — local times through
 * TZ/DAYLIGHT to UTC, basic rules (`D1 #5`) as RRULEs (`FREQ=DAILY;COUNT=5`), AALARM/DALARM as
 * VALARMs, 1.0 ATTENDEEs as ORGANIZER and ATTENDEE, TRANSP and STATUS in 2.0's words, text
 * re-escaped. Everything that reads a 1.0 item goes through here: the canonical form (so a 1.0
 * item and its 2.0 form have one fingerprint), the renderers (a 1.0 item for a 2.0 reader) and the
 * ActiveSync mapping. Its counterpart, 2.0 written as 1.0, is downgrade.ts.
 */
import { type CalendarDoc, type ItemComponent, type ItemLine, newLine, textLine, textOfLine, writeCalendarDoc } from '../icalendar/doc.js';
import { calendarShape, readField } from '../lines/fields.js';
import { type Component, type ContentLine, type Param, isLegacyVersion, paramValues, readComponents } from '../lines/read.js';
import { joinValue, splitValue } from '../lines/values.js';
import { utcText } from '../zones/time.js';
import { vcalendarZone } from '../zones/vcalendar.js';

export const UPGRADE_PRODID = '-//atomsync//vCalendar 1.0 upgrade//EN';

/**
 * The iCalendar 2.0 form of a vCalendar 1.0 body; null when `body` is no vCalendar 1.0 (an
 * iCalendar 2.0 body, a vCard, garbage), so a caller keeps what it has.
 */
export function upgradeVCalendar(body: string): string | null {
  if (!isLegacyVersion(body)) return null;
  const [root] = readComponents(body, true);
  if (root?.name !== 'VCALENDAR') return null;
  const doc = legacyDoc(root);
  if (doc.components.length === 0) return null;
  // Phones seldom write a PRODID; 2.0 requires one, and this one says who wrote the 2.0 form.
  if (!doc.props.some((p) => p.name === 'PRODID')) doc.props.unshift(newLine('PRODID', UPGRADE_PRODID));
  return writeCalendarDoc(doc);
}

/** A VCALENDAR the lenient reader read as 1.0 (`legacy`), in iCalendar 2.0's forms; VERSION, TZ and DAYLIGHT used up. */
export function legacyDoc(calendar: Component): CalendarDoc {
  const tz = calendar.props.find((p) => p.name === 'TZ')?.value;
  const daylight = calendar.props.filter((p) => p.name === 'DAYLIGHT').map((p) => p.value);
  const floating = vcalendarZone(tz, daylight);
  return {
    props: calendar.props.filter((p) => !['VERSION', 'TZ', 'DAYLIGHT'].includes(p.name)).map((p) => legacyLine(p, floating)),
    components: calendar.components.map((c) => legacyComponent(c, floating)),
    stray: calendar.stray,
  };
}

/** vCalendar 1.0 times, alarms, rules, attendees and words in iCalendar 2.0's forms. */
const LEGACY_TIMES = new Set(['DTSTART', 'DTEND', 'DUE', 'COMPLETED', 'EXDATE', 'RDATE', 'RECURRENCE-ID', 'LAST-MODIFIED', 'DTSTAMP', 'CREATED']);

function legacyComponent(component: Component, floating: ((wall: number) => number | null) | null): ItemComponent {
  const lines: ItemLine[] = [];
  const allDay = /^\s*\d{4}-?\d{2}-?\d{2}\s*$/.test(component.props.find((p) => p.name === 'DTSTART')?.value ?? '');
  const alarms = new Map<string, { display: boolean; snooze: string; repeat: string; text: string }>();
  for (const line of component.props) {
    if (line.name === 'AALARM' || line.name === 'DALARM') {
      const [when = '', snooze = '', repeat = '', text = ''] = splitValue(line.value, 'structured', true);
      const at = legacyTime(when, floating);
      if (at === null) continue;
      const alarm = alarms.get(at) ?? { display: false, snooze: '', repeat: '', text: '' };
      alarms.set(at, { display: alarm.display || line.name === 'DALARM', snooze: alarm.snooze || snooze, repeat: alarm.repeat || repeat, text: alarm.text || text });
      continue;
    }
    lines.push(legacyLine(line, floating, allDay));
  }
  const components = component.components.map((c) => legacyComponent(c, floating));
  const summary = lines.find((l) => l.name === 'SUMMARY');
  for (const [at, alarm] of alarms) {
    const alarmLines: ItemLine[] = [
      newLine('ACTION', alarm.display ? 'DISPLAY' : 'AUDIO'),
      newLine('TRIGGER', at, [{ name: 'VALUE', values: ['DATE-TIME'] }]),
    ];
    if (alarm.display) alarmLines.push(textLine('DESCRIPTION', alarm.text.trim() || textOfLine(summary).trim() || 'Reminder'));
    if (/^P/i.test(alarm.snooze.trim()) && /^\d{1,4}$/.test(alarm.repeat.trim())) {
      alarmLines.push(newLine('DURATION', alarm.snooze.trim().toUpperCase()), newLine('REPEAT', alarm.repeat.trim()));
    }
    components.push({ name: 'VALARM', lines: alarmLines, components: [], stray: [] });
  }
  return { name: component.name, lines, components, stray: component.stray };
}

function legacyTime(value: string, floating: ((wall: number) => number | null) | null): string | null {
  const m = /^(\d{4})-?(\d{2})-?(\d{2})(?:T(\d{2}):?(\d{2}):?(\d{2})?(Z?))?$/i.exec(value.trim());
  if (!m) return null;
  if (m[4] === undefined) return `${m[1]}${m[2]}${m[3]}`;
  const wall = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4], +m[5]!, +(m[6] ?? 0));
  if (Number.isNaN(wall)) return null;
  if (m[7]) return utcText(wall);
  const utc = floating?.(wall) ?? null;
  return utc === null ? utcText(wall).slice(0, 15) : utcText(utc);
}

const LEGACY_STATUS: Readonly<Record<string, string>> = {
  'NEEDS ACTION': 'NEEDS-ACTION', SENT: 'NEEDS-ACTION', CONFIRMED: 'ACCEPTED', ACCEPTED: 'ACCEPTED', DECLINED: 'DECLINED',
  TENTATIVE: 'TENTATIVE', DELEGATED: 'DELEGATED', COMPLETED: 'COMPLETED',
};
const LEGACY_EXPECT: Readonly<Record<string, string>> = { REQUIRE: 'REQ-PARTICIPANT', REQUEST: 'OPT-PARTICIPANT', FYI: 'NON-PARTICIPANT' };

function legacyLine(line: ContentLine, floating: ((wall: number) => number | null) | null, allDay = false): ItemLine {
  const params = line.params.filter((p) => p.name === 'LANGUAGE');
  if (LEGACY_TIMES.has(line.name)) {
    const values = line.value.split(/[;,]/).map((v) => legacyTime(v, floating)).filter((v): v is string => v !== null);
    const dates = values.length > 0 && values.every((v) => v.length === 8);
    return { group: '', name: line.name, params: dates ? [{ name: 'VALUE', values: ['DATE'] }] : [], value: values.join(',') };
  }
  switch (line.name) {
    case 'RRULE':
    case 'EXRULE': {
      const rule = legacyRule(line.value);
      const until = rule && /UNTIL=([^;]+)/.exec(rule);
      // 1.0's end is a date-time: an all-day series ends at the start of its last day, which is
      // 2.0's date (UNTIL is a DATE when DTSTART is one, RFC 5545 §3.3.10).
      const midnight = allDay && until ? /^(\d{8})T000000$/.exec(until[1]!.replace(/[-:]/g, '')) : null;
      const resolved = midnight ? midnight[1]! : until ? legacyTime(until[1]!, floating) : null;
      const written = rule && until && resolved ? rule.replace(until[0], `UNTIL=${resolved}`) : rule;
      return written ? { group: '', name: line.name, params: [], value: written } : textLine(`X-VCALENDAR-${line.name}`, line.value);
    }
    case 'ATTENDEE': {
      const role = paramValues(line.params, 'ROLE')[0]?.toUpperCase();
      const out: Param[] = [];
      const raw = readField(line, true, () => 'text').parts[0] ?? '';
      const m = /^(.*)<([^<>]*)>\s*$/.exec(raw);
      const name = m ? m[1]!.trim().replace(/^"(.*)"$/, '$1') : '';
      const address = (m ? m[2]! : raw).trim().replace(/^mailto:/i, '');
      if (name !== '') out.push({ name: 'CN', values: [name] });
      const status = LEGACY_STATUS[paramValues(line.params, 'STATUS')[0]?.toUpperCase() ?? ''];
      if (status && role !== 'ORGANIZER') out.push({ name: 'PARTSTAT', values: [status] });
      const expect = LEGACY_EXPECT[paramValues(line.params, 'EXPECT')[0]?.toUpperCase() ?? ''];
      if (expect && role !== 'ORGANIZER') out.push({ name: 'ROLE', values: [expect] });
      if (paramValues(line.params, 'RSVP')[0]?.toUpperCase() === 'YES') out.push({ name: 'RSVP', values: ['TRUE'] });
      return { group: '', name: role === 'ORGANIZER' ? 'ORGANIZER' : 'ATTENDEE', params: out, value: address === '' ? '' : `mailto:${address}` };
    }
    case 'TRANSP':
      return newLine('TRANSP', /^\s*0\s*$/.test(line.value) || /OPAQUE/i.test(line.value) ? 'OPAQUE' : 'TRANSPARENT');
    case 'STATUS':
      return newLine('STATUS', line.value.trim().toUpperCase().replace(/\s+/g, '-'));
  }
  const field = readField(line, true, calendarShape);
  return { group: line.group, name: line.name, params, value: joinValue(field.parts, field.shape, false) };
}

const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;

/**
 * A vCalendar 1.0 basic rule (`W1 MO WE #0`, `MP1 2+ TU 20250101T000000Z`, `MD1 15 1- #5`,
 * `YM1 6 #0`, `D2 #10`) as an RRULE; null for what the basic grammar has that RRULE parts cannot
 * carry here (times of day, several rules in one).
 */
export function legacyRule(rule: string): string | null {
  if (rule.length > 1000) return null;
  const tokens = rule.trim().toUpperCase().split(/\s+/).filter((t) => t !== '');
  const head = /^(D|W|MP|MD|YM|YD)(\d{1,3})$/.exec(tokens[0] ?? '');
  if (!head) return null;
  const [, kind, interval] = head;
  const freq = { D: 'DAILY', W: 'WEEKLY', MP: 'MONTHLY', MD: 'MONTHLY', YM: 'YEARLY', YD: 'YEARLY' }[kind as 'D'];
  const items: string[] = [];
  let end: string | null = '#2';
  let ordinal: string | null = null;
  for (const token of tokens.slice(1)) {
    if (/^#\d{1,4}$/.test(token) || /^\d{8}(T\d{6}Z?)?$/.test(token)) {
      end = token;
      continue;
    }
    if (kind === 'W' && WEEKDAYS.includes(token as (typeof WEEKDAYS)[number])) items.push(token);
    else if (kind === 'MP' && /^[1-5][+-]?$/.test(token)) ordinal = `${token.endsWith('-') ? '-' : ''}${token[0]}`;
    else if (kind === 'MP' && ordinal !== null && WEEKDAYS.includes(token as (typeof WEEKDAYS)[number])) items.push(`${ordinal}${token}`);
    else if ((kind === 'MD' || kind === 'YD' || kind === 'YM') && /^\d{1,3}[+-]?$/.test(token)) items.push(`${token.endsWith('-') ? '-' : ''}${parseInt(token, 10)}`);
    else if (kind === 'MD' && token === 'LD') items.push('-1');
    else return null;
  }
  const parts = [`FREQ=${freq}`];
  if (interval !== '1') parts.push(`INTERVAL=${Number(interval)}`);
  const by = { W: 'BYDAY', MP: 'BYDAY', MD: 'BYMONTHDAY', YM: 'BYMONTH', YD: 'BYYEARDAY' }[kind as 'W'];
  if (items.length > 0 && by) parts.push(`${by}=${items.join(',')}`);
  if (end.startsWith('#')) {
    if (end !== '#0') parts.push(`COUNT=${Number(end.slice(1))}`);
  } else parts.push(`UNTIL=${end}`);
  return parts.join(';');
}
