/**
 * Properties of the event mapping:
 * 1. ActiveSync → iCalendar → ActiveSync is the identity on what ActiveSync carries (the mapping's
 *    own vocabulary: every element in MS-ASCAL's order, the elements we always send present, blobs
 *    of the zones as we write them, exceptions carrying what differs from the series), every version.
 * 2. iCalendar → ActiveSync → merged back into that iCalendar keeps every field: the same canonical
 *    form (describeItem's fingerprint) and duplicate key, with or without a Supported list, a cut
 *    or HTML body, for generated events and the real clients' events of the twin fixtures.
 * 3. iCalendar → ActiveSync → a new iCalendar → ActiveSync sends what the first trip sent (a new
 *    event has a UID and a DTSTAMP of its own).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EVENT_ELEMENTS,
  describeItem,
  encodeTimeZone,
  eventFromAirSync,
  eventToAirSync,
  type AirSyncProperty,
  type AirSyncVersion,
  type ToAirSyncOptions,
} from '@atomsync/items';
import { TWIN_PAIRS } from '@atomsync/items/fixtures';
import { inVersion } from '../../src/activesync/properties.js';
import { CALENDAR_RECURRENCE } from '../../src/activesync/recurrence.js';
import { timeZoneOf, UTC_TIME_ZONE } from '../../src/activesync/timezone.js';
import { ianaOffsets } from '../../src/zones/iana.js';
import { compactUtc } from '../../src/activesync/calendar-item.js';
import { outLine } from '../../src/lines/fields.js';
import { modernLine } from '../../src/lines/write.js';
import { BERLIN } from './calendar-support.js';

const VERSIONS: readonly AirSyncVersion[] = ['2.5', '12.0', '12.1', '14.0', '14.1', '16.0', '16.1'];
const RUNS = { numRuns: 100 };
const DAY = 86_400_000;
const MINUTE = 60_000;
const EPOCH = Date.UTC(2000, 0, 1);
const ZONES = ['Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Australia/Sydney', 'UTC'];

/** Text a user types: any characters but CR (WBXML's CR LF is a line break), some iCalendar's own. */
const text = fc
  .oneof(
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 24 }),
    fc.string({ unit: fc.constantFrom(...'ab ,;:\\\n"=.é日😀\t'.split(/(?:)/u)), minLength: 1, maxLength: 16 }),
  )
  .map((s) => s.replace(/\r/g, ''))
  .filter((s) => s.trim() !== '');
/** A name or a category: one line, no edge spacing, no double quote (parameters have no escape for it). */
const word = text.map((s) => s.replace(/[\n\t"]/g, ' ').trim()).filter((s) => s !== '');
const email = fc.emailAddress();

/** Instants between 2000 and 2035 at 08:00–13:59 UTC: never on a summer-time change of the test zones. */
const instant = fc.tuple(fc.integer({ min: 0, max: 365 * 35 }), fc.integer({ min: 8 * 60, max: 14 * 60 - 1 })).map(([d, m]) => EPOCH + d * DAY + m * MINUTE);
const midnight = fc.integer({ min: 0, max: 365 * 35 }).map((d) => EPOCH + d * DAY);

interface Times {
  readonly allDay: boolean;
  readonly start: number;
  readonly end: number;
  readonly blob: string;
}

const times: fc.Arbitrary<Times> = fc.oneof(
  fc.tuple(midnight, fc.integer({ min: 1, max: 5 })).map(([start, days]) => ({ allDay: true, start, end: start + days * DAY, blob: encodeTimeZone(UTC_TIME_ZONE) })),
  fc.tuple(fc.constantFrom(...ZONES), instant, fc.integer({ min: 0, max: 2 }), fc.integer({ min: 8 * 60, max: 14 * 60 - 1 })).map(([zone, start, days, minute]) => {
    const end = Math.max(start, Math.floor(start / DAY) * DAY + days * DAY + minute * MINUTE);
    const tz = zone === 'UTC' ? UTC_TIME_ZONE : timeZoneOf(ianaOffsets(zone)!, start, { standard: zone, daylight: zone });
    return { allDay: false, start, end, blob: encodeTimeZone(tz) };
  }),
);

const t = (name: string, value: string): AirSyncProperty => ({ name, text: value });
const c = (name: string, children: AirSyncProperty[]): AirSyncProperty => ({ name, children });

function body(value: string, version: AirSyncVersion): AirSyncProperty[] {
  if (version === '2.5') return [t('Calendar:Body', value), t('Calendar:BodyTruncated', '0')];
  return [c('AirSyncBase:Body', [t('AirSyncBase:Type', '1'), t('AirSyncBase:EstimatedDataSize', String(Buffer.byteLength(value))), t('AirSyncBase:Data', value)])];
}

const location = (value: string, version: AirSyncVersion): AirSyncProperty =>
  inVersion({ since: '16.0' }, version) ? c('AirSyncBase:Location', [t('AirSyncBase:DisplayName', value)]) : t('Calendar:Location', value);

function attendees(version: AirSyncVersion): fc.Arbitrary<AirSyncProperty> {
  const one = fc.record({ email, name: word, status: fc.constantFrom('0', '2', '3', '4', '5'), type: fc.constantFrom('1', '2', '3') });
  return fc
    .uniqueArray(one, { minLength: 1, maxLength: 4, selector: (a) => a.email.toLowerCase() })
    .map((list) =>
      c(
        'Calendar:Attendees',
        list.map((a) =>
          c('Calendar:Attendee', [
            t('Calendar:Email', a.email),
            t('Calendar:Name', a.name),
            ...(inVersion({ since: '12.0' }, version) ? [t('Calendar:AttendeeStatus', a.status), t('Calendar:AttendeeType', a.type)] : []),
          ]),
        ),
      ),
    );
}

const categories = fc.array(word, { minLength: 1, maxLength: 4 }).map((items) => c('Calendar:Categories', items.map((i) => t('Calendar:Category', i))));

function recurrence(version: AirSyncVersion, allDay: boolean): fc.Arbitrary<AirSyncProperty> {
  const mask = fc.integer({ min: 1, max: 127 });
  const shape = fc.oneof(
    fc.constant({ Type: '0' }),
    mask.map((d) => ({ Type: '1', DayOfWeek: String(d) })),
    fc.integer({ min: 1, max: 31 }).map((d) => ({ Type: '2', DayOfMonth: String(d) })),
    fc.tuple(fc.integer({ min: 1, max: 5 }), mask).map(([w, d]) => ({ Type: '3', WeekOfMonth: String(w), DayOfWeek: String(d) })),
    fc.tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 })).map(([m, d]) => ({ Type: '5', MonthOfYear: String(m), DayOfMonth: String(d) })),
    fc.tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 5 }), mask).map(([m, w, d]) => ({ Type: '6', MonthOfYear: String(m), WeekOfMonth: String(w), DayOfWeek: String(d) })),
  );
  const end = fc.oneof(
    fc.constant({}),
    fc.integer({ min: 1, max: 999 }).map((n) => ({ Occurrences: String(n) })),
    (allDay ? midnight : instant).map((ms) => ({ Until: compactUtc(ms) })),
  );
  const firstDay = inVersion({ since: '14.1' }, version) ? fc.option(fc.integer({ min: 0, max: 6 }), { nil: undefined }) : fc.constant(undefined);
  return fc.tuple(shape, end, fc.integer({ min: 1, max: 999 }), firstDay).map(([s, e, interval, first]) => {
    const fields: Record<string, string> = { ...s, ...e, Interval: String(interval) };
    if (['2', '3', '5', '6'].includes(s.Type)) fields.CalendarType = '0';
    if (first !== undefined) fields.FirstDayOfWeek = String(first);
    const children = CALENDAR_RECURRENCE.filter((f) => inVersion(f, version) && fields[f.tag] !== undefined).map((f) => t(`Calendar:${f.tag}`, fields[f.tag]!));
    return c('Calendar:Recurrence', children);
  });
}

/** What an exception may change, besides its times: one value per element (kept only where it is not the series'). */
function exceptionFields(version: AirSyncVersion): fc.Arbitrary<Record<string, AirSyncProperty[]>> {
  return fc.record(
    {
      body: text.map((v) => body(v, version)),
      'Calendar:BusyStatus': fc.constantFrom('0', '1', '2', '3', '4').map((v) => [t('Calendar:BusyStatus', v)]),
      location: text.map((v) => [location(v, version)]),
      'Calendar:Reminder': fc.integer({ min: 0, max: 10_080 }).map((v) => [t('Calendar:Reminder', String(v))]),
      'Calendar:Sensitivity': fc.constantFrom('0', '1', '2', '3').map((v) => [t('Calendar:Sensitivity', v)]),
      'Calendar:Subject': text.map((v) => [t('Calendar:Subject', v)]),
      'Calendar:Attendees': attendees(version).map((a) => [a]),
      'Calendar:Categories': categories.map((a) => [a]),
    },
    { requiredKeys: [] },
  );
}

/** An ActiveSync event of one version, in table order. */
function airSyncEvent(version: AirSyncVersion): fc.Arbitrary<AirSyncProperty[]> {
  return times.chain((when) => {
    const optional = fc.record(
      {
        body: text.map((v) => body(v, version)),
        organizer: fc.tuple(word, email).map(([n, e]) => [t('Calendar:OrganizerName', n), t('Calendar:OrganizerEmail', e)]),
        location: text.map((v) => [location(v, version)]),
        'Calendar:Reminder': fc.integer({ min: 0, max: 10_080 }).map((v) => [t('Calendar:Reminder', String(v))]),
        'Calendar:Sensitivity': fc.constantFrom('0', '1', '2', '3').map((v) => [t('Calendar:Sensitivity', v)]),
        'Calendar:Subject': text.map((v) => [t('Calendar:Subject', v)]),
        'Calendar:Attendees': attendees(version).map((a) => [a]),
        'Calendar:Categories': categories.map((a) => [a]),
        'Calendar:Recurrence': recurrence(version, when.allDay).map((r) => [r]),
        'Calendar:DisallowNewTimeProposal': fc.constantFrom('0', '1').map((v) => (inVersion({ since: '14.0' }, version) ? [t('Calendar:DisallowNewTimeProposal', v)] : [])),
      },
      { requiredKeys: [] },
    );
    const always = fc.record({
      busy: fc.constantFrom('0', '1', '2', '3', '4'),
      stamp: instant,
      uid: text.map((s) => s.replace(/\n/g, ' ')).filter((s) => s.trim() !== ''),
      meeting: fc.constantFrom('0', '1', '3', '5', '7', '9', '11', '13', '15'),
    });
    const exceptions = fc.uniqueArray(
      fc.tuple(when.allDay ? midnight : instant, fc.boolean(), when.allDay ? midnight : instant, fc.integer({ min: 0, max: 3 }), exceptionFields(version)),
      { maxLength: 3, selector: ([start]) => start },
    );
    return fc.tuple(optional, always, exceptions).map(([chosen, fixed, excepted]) => {
      const byName: Record<string, AirSyncProperty[]> = {
        'Calendar:Timezone': [t('Calendar:Timezone', when.blob)],
        'Calendar:AllDayEvent': [t('Calendar:AllDayEvent', when.allDay ? '1' : '0')],
        'Calendar:BusyStatus': [t('Calendar:BusyStatus', fixed.busy)],
        'Calendar:DtStamp': [t('Calendar:DtStamp', compactUtc(fixed.stamp))],
        'Calendar:EndTime': [t('Calendar:EndTime', compactUtc(when.end))],
        'Calendar:StartTime': [t('Calendar:StartTime', compactUtc(when.start))],
        'Calendar:UID': [t('Calendar:UID', fixed.uid)],
        'Calendar:MeetingStatus': [t('Calendar:MeetingStatus', fixed.meeting)],
      };
      const series: Record<string, AirSyncProperty[]> = {};
      for (const [key, value] of Object.entries(chosen)) {
        if (key === 'body') series[version === '2.5' ? 'Calendar:Body' : 'AirSyncBase:Body'] = value;
        else if (key === 'organizer') [series['Calendar:OrganizerName'], series['Calendar:OrganizerEmail']] = [[value[0]!], [value[1]!]];
        else if (key === 'location') series[value[0]!.name] = value;
        else series[key] = value;
      }
      Object.assign(byName, series);
      if (series['Calendar:Recurrence'] && excepted.length > 0) {
        byName['Calendar:Exceptions'] = [c('Calendar:Exceptions', excepted.sort((a, b) => a[0] - b[0]).map(([start, deleted, at, days, fields]) => exception(version, when, byName, start, deleted, at, days, fields)))];
      }
      return EVENT_ELEMENTS.filter((e) => inVersion(e, version)).flatMap((e) => byName[e.name] ?? []);
    });
  });
}

function exception(
  version: AirSyncVersion,
  when: Times,
  series: Record<string, AirSyncProperty[]>,
  start: number,
  deleted: boolean,
  at: number,
  days: number,
  fields: Record<string, AirSyncProperty[]>,
): AirSyncProperty {
  const id = inVersion({ since: '16.0' }, version) ? t('AirSyncBase:InstanceId', new Date(start).toISOString()) : t('Calendar:ExceptionStartTime', compactUtc(start));
  if (deleted) return c('Calendar:Exception', [t('Calendar:Deleted', '1'), id]);
  const end = when.allDay ? at + (days + 1) * DAY : at + days * 15 * MINUTE;
  const byName: Record<string, AirSyncProperty[]> = { 'Calendar:StartTime': [t('Calendar:StartTime', compactUtc(at))], 'Calendar:EndTime': [t('Calendar:EndTime', compactUtc(end))] };
  for (const [key, value] of Object.entries(fields)) {
    const name = key === 'body' || key === 'location' ? value[0]!.name : key;
    // Only what is not the series' own value: the rest an exception inherits, and is not sent.
    if (JSON.stringify(series[name]) !== JSON.stringify(value)) byName[name] = value;
  }
  return c('Calendar:Exception', [id, ...EVENT_ELEMENTS.filter((e) => e.exception && inVersion(e, version)).flatMap((e) => byName[e.name] ?? [])]);
}

describe('ActiveSync → iCalendar → ActiveSync', () => {
  it.each(VERSIONS)('is the identity on what ActiveSync carries (%s)', (version) => {
    fc.assert(
      fc.property(airSyncEvent(version), (properties) => {
        const ical = eventFromAirSync(properties, { version });
        expect(eventToAirSync(ical, { version })).toEqual(properties);
      }),
      RUNS,
    );
  });
});

// ——— Generated iCalendar events ———

const anyText = fc.oneof({ weight: 6, arbitrary: text }, { weight: 1, arbitrary: fc.constantFrom('', ' ', '\n') });
const line = (name: string, value: string, params: { name: string; values: string[] }[] = []) =>
  modernLine(outLine({ group: '', name, params, shape: 'text', parts: [value] }, false));
const basic = (ms: number) => compactUtc(ms);

/** A DTSTART form and how it writes times. */
const FORMS: readonly { readonly name: string; readonly zones: readonly string[]; readonly write: (ms: number) => string }[] = [
  { name: 'date', zones: [], write: (ms) => `;VALUE=DATE:${basic(ms).slice(0, 8)}` },
  { name: 'utc', zones: [], write: (ms) => `:${basic(ms)}` },
  { name: 'berlin', zones: BERLIN, write: (ms) => `;TZID=Europe/Berlin:${basic(ms).slice(0, 15)}` },
  { name: 'iana', zones: [], write: (ms) => `;TZID=America/New_York:${basic(ms).slice(0, 15)}` },
  { name: 'floating', zones: [], write: (ms) => `:${basic(ms).slice(0, 15)}` },
  { name: 'unknown', zones: [], write: (ms) => `;TZID=Nowhere/Land:${basic(ms).slice(0, 15)}` },
];

const RULES = [
  'FREQ=DAILY', 'FREQ=DAILY;INTERVAL=2;COUNT=5', 'FREQ=WEEKLY;BYDAY=MO,WE', 'FREQ=WEEKLY;WKST=SU', 'FREQ=MONTHLY;BYDAY=-1FR',
  'FREQ=MONTHLY;BYMONTHDAY=-1', 'FREQ=YEARLY;BYMONTH=3;BYDAY=2SU', 'FREQ=MONTHLY;BYMONTHDAY=1,15', 'FREQ=HOURLY', 'FREQ=DAILY;UNTIL=20301231T000000Z',
  'FREQ=WEEKLY;UNTIL=20301231', 'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1', 'nonsense',
];

const alarm = fc
  .tuple(
    fc.constantFrom('DISPLAY', 'AUDIO', 'EMAIL', ''),
    fc.constantFrom('-PT15M', '-P1D', 'PT0S', 'PT5M', ';RELATED=END:-PT5M', ';VALUE=DATE-TIME:20250101T080000Z', '-PT90S', 'soon'),
    fc.boolean(),
  )
  .map(([action, trigger, uid]) => [
    'BEGIN:VALARM',
    ...(action ? [`ACTION:${action}`] : []),
    trigger.startsWith(';') ? `TRIGGER${trigger}` : `TRIGGER:${trigger}`,
    'DESCRIPTION:alarm',
    ...(uid ? ['X-WR-ALARMUID:1F3C3D2A'] : []),
    'END:VALARM',
  ]);

const attendeeLine = fc
  .tuple(
    fc.oneof(email.map((e) => `mailto:${e}`), fc.constantFrom('urn:uuid:1', 'MAILTO:Upper@Example.com', 'mailto:')),
    fc.option(word, { nil: undefined }),
    fc.subarray(['PARTSTAT=ACCEPTED', 'PARTSTAT=DECLINED', 'PARTSTAT=TENTATIVE', 'PARTSTAT=NEEDS-ACTION', 'PARTSTAT=DELEGATED', 'ROLE=OPT-PARTICIPANT', 'ROLE=CHAIR', 'CUTYPE=ROOM', 'RSVP=TRUE', 'X-NUM-GUESTS=0']),
  )
  .map(([value, name, params]) => {
    const all = [...(name === undefined ? [] : [{ name: 'CN', values: [name] }]), ...params.map((p) => ({ name: p.split('=')[0]!, values: [p.split('=')[1]!] }))];
    return modernLine({ name: 'ATTENDEE', params: all, value });
  });

/** A VCALENDAR with a VEVENT of every kind of property, some beyond ActiveSync, in any order, maybe overrides. */
const icalEvent = fc
  .tuple(fc.constantFrom(...FORMS), fc.integer({ min: 0, max: 365 * 35 }), fc.integer({ min: 0, max: 24 * 60 - 1 }), fc.integer({ min: 0, max: 3 * 24 * 60 }))
  .chain(([form, dayIndex, minute, length]) => {
    const start = form.name === 'date' ? EPOCH + dayIndex * DAY : EPOCH + dayIndex * DAY + minute * MINUTE;
    const end = form.name === 'date' ? start + Math.max(1, Math.round(length / 1440)) * DAY : start + length * MINUTE;
    const single = (name: string, value: fc.Arbitrary<string> = anyText) => fc.array(value.map((v) => line(name, v)), { maxLength: 1 });
    return fc
      .tuple(
        fc.constantFrom([`DTEND${form.write(end)}`], [`DURATION:PT${length}M`], []),
        single('SUMMARY'),
        single('LOCATION'),
        single('DESCRIPTION', fc.string({ unit: 'grapheme', maxLength: 300 }).map((s) => s.replace(/\r/g, ''))),
        fc.array(fc.constantFrom('CLASS:PUBLIC', 'CLASS:PRIVATE', 'CLASS:CONFIDENTIAL', 'CLASS:X-PERSONAL', 'CLASS:X-OTHER'), { maxLength: 1 }),
        fc.array(fc.constantFrom('TRANSP:OPAQUE', 'TRANSP:TRANSPARENT', 'X-MICROSOFT-CDO-BUSYSTATUS:OOF', 'X-MICROSOFT-CDO-BUSYSTATUS:ODD'), { maxLength: 2 }),
        fc.array(fc.array(anyText, { minLength: 1, maxLength: 3 }).map((items) => modernLine(outLine({ group: '', name: 'CATEGORIES', params: [], shape: 'list', parts: items }, false))), { maxLength: 2 }),
        fc.array(fc.tuple(fc.option(word, { nil: undefined }), fc.oneof(email.map((e) => `mailto:${e}`), fc.constant('urn:uuid:7'))).map(([n, v]) => modernLine({ name: 'ORGANIZER', params: n ? [{ name: 'CN', values: [n] }] : [], value: v })), { maxLength: 1 }),
        fc.array(attendeeLine, { maxLength: 4 }),
        fc.array(fc.constantFrom(...RULES).map((r) => `RRULE:${r}`), { maxLength: 1 }),
        fc.array(fc.integer({ min: 1, max: 20 }).map((n) => `EXDATE${form.write(start + n * DAY)}`), { maxLength: 2 }),
        fc.array(alarm, { maxLength: 3 }),
        fc.constantFrom([], ['X-CUSTOM;X-P=1:value'], ['ATTACH:https://example.com/a.pdf', 'GEO:48.1;11.5'], ['RDATE:20300101T000000Z']),
        fc.constantFrom([], ['UID:ev-1@example.com'], ['UID:another, with comma']),
        fc.constantFrom([], ['DTSTAMP:20250101T000000Z'], ['DTSTAMP:20250101T000000'], ['SEQUENCE:3']),
        fc.constantFrom([], ['STATUS:CANCELLED'], ['STATUS:CONFIRMED'], ['X-ACTIVESYNC-MEETINGSTATUS:3'], ['X-MICROSOFT-DISALLOW-COUNTER:TRUE']),
        fc.array(
          fc.tuple(fc.integer({ min: 1, max: 20 }), fc.integer({ min: -120, max: 120 }), single('SUMMARY'), fc.array(alarm, { maxLength: 1 }), fc.constantFrom('', ';RANGE=THISANDFUTURE', 'X')),
          { maxLength: 2 },
        ),
      )
      .chain(([ends, summary, loc, desc, cls, busy, cats, organizer, atts, rrule, exdates, alarms, other, uid, stamp, status, overrides]) => {
        const props = [`DTSTART${form.write(start)}`, ...ends, ...summary, ...loc, ...desc, ...cls, ...busy, ...cats, ...organizer, ...atts, ...rrule, ...exdates, ...other, ...uid, ...stamp, ...status];
        return fc.shuffledSubarray(props, { minLength: props.length }).map((shuffled) => {
          const after = overrides.flatMap(([n, shift, osummary, oalarms, odd]) => [
            'BEGIN:VEVENT',
            ...uid,
            `RECURRENCE-ID${odd === 'X' ? '' : odd}${form.write(start + n * DAY)}`.replace('RECURRENCE-ID;RANGE=THISANDFUTURE:', 'RECURRENCE-ID;RANGE=THISANDFUTURE:'),
            `DTSTART${form.write(start + n * DAY + shift * MINUTE)}`,
            ...osummary,
            ...(odd === 'X' ? ['X-OVERRIDE:1', 'CLASS:PRIVATE'] : []),
            ...oalarms.flat(),
            'END:VEVENT',
          ]);
          return `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n${[...form.zones, 'BEGIN:VEVENT', ...shuffled, ...alarms.flat(), 'END:VEVENT', ...after].join('\r\n')}\r\nEND:VCALENDAR\r\n`;
        });
      });
  });

/** How a phone may ask for its items. */
const toOptions = (version: AirSyncVersion): fc.Arbitrary<ToAirSyncOptions> =>
  fc.record(
    {
      version: fc.constant(version),
      bodyPreference: fc.record({ type: fc.constantFrom(1, 2, 3, 4) as fc.Arbitrary<1 | 2 | 3 | 4>, truncationSize: fc.integer({ min: 0, max: 400 }) }, { requiredKeys: ['type'] }),
      bodyTruncation: fc.integer({ min: 0, max: 400 }),
    },
    { requiredKeys: ['version'] },
  );

const ALL_NAMES = EVENT_ELEMENTS.map((e) => e.name);
const supportedList = fc.oneof(fc.constant(undefined), fc.constant(ALL_NAMES), fc.subarray(ALL_NAMES));
const described = (body: string) => describeItem({ dataclass: 'Events', type: 'text/calendar', title: '', body });

function keepsEveryField(ical: string, options: ToAirSyncOptions, supported: readonly string[] | undefined): void {
  const sent = eventToAirSync(ical, options);
  const back = eventFromAirSync(sent, { version: options.version, previous: ical, supported });
  expect(described(back)).toEqual(described(ical));
}

describe('iCalendar → ActiveSync → merged back', () => {
  it.each(VERSIONS)('keeps every field (%s)', (version) => {
    fc.assert(fc.property(icalEvent, toOptions(version), supportedList, (ical, options, supported) => keepsEveryField(ical, options, supported)), RUNS);
  });

  const events = TWIN_PAIRS.filter((p) => p.dataclass === 'Events').flatMap((p) => [
    [`${p.name} (a)`, p.a],
    [`${p.name} (b)`, p.b],
  ]);
  it.each(events)('keeps what a real client’s event says: %s', (_, ical) => {
    for (const version of VERSIONS) {
      for (const supported of [undefined, ALL_NAMES, []]) {
        for (const options of [{ version, bodyPreference: { type: 1, truncationSize: 10 }, bodyTruncation: 10 } as const, { version, bodyPreference: { type: 2 } } as const]) {
          const back = eventFromAirSync(eventToAirSync(ical, options), { version, previous: ical, supported });
          // vCalendar 1.0 comes back as iCalendar 2.0: the same to the phone, and the same key.
          if (/VERSION:1\.0/.test(ical)) {
            expect(eventToAirSync(back, { version })).toEqual(eventToAirSync(ical, { version }));
            expect(described(back).key).toBe(described(ical).key);
          } else expect(described(back)).toEqual(described(ical));
        }
      }
    }
  });
});

describe('iCalendar → ActiveSync → iCalendar → ActiveSync', () => {
  it.each(VERSIONS)('sends what the first trip sent (%s)', (version) => {
    fc.assert(
      fc.property(icalEvent, (ical) => {
        const first = eventToAirSync(ical, { version });
        const second = eventToAirSync(eventFromAirSync(first, { version }), { version });
        // A new event has a UID and a DTSTAMP.
        const own = (ps: AirSyncProperty[]) => ps.filter((p) => !(p.name === 'Calendar:UID' && !first.some((f) => f.name === p.name)) && !(p.name === 'Calendar:DtStamp' && !first.some((f) => f.name === p.name)));
        expect(own(second)).toEqual(first);
      }),
      RUNS,
    );
  });
});
