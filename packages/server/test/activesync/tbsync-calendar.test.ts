/**
 * TbSync's ActiveSync client (support/tbsync/, Debian's webext-eas4tbsync run as it ships, over a
 * Thunderbird calendar stand-in) syncing calendars through our endpoint and the real server, in
 * EAS 2.5 and 14.0: events stored in a datastore client as iCalendar reach the device's calendar
 * at the same instants (a Berlin event, an all-day event, a weekly series with a moved and a
 * deleted occurrence, a meeting with a reminder and attendees); an event added on the device in
 * New York's time reaches the datastore in its zone, an edit moves it and keeps its UID, a delete
 * deletes it; events sent back untouched lose nothing; two devices converge (TbSync's own "server
 * wins" on an item changed on both); a device reset re-syncs without doubles; tasks go down with
 * their due date and completion, and a task added and tasks completed on the device go up.
 *
 * Times are compared as UTC instants, each zoned time read through the VTIMEZONE its VCALENDAR
 * carries (RFC 5545 3.2.19: a TZID names one).
 */
import { randomBytes } from 'node:crypto';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { TbsyncDevice, type CalendarItem } from './support/tbsync/device.js';

// scrypt's cost is not this file's question, only its answers: scrypt runs cheap here, the same answers
// (support/cheap-scrypt.ts); at full cost the accounts and phones signing in were much of its time.
vi.mock('node:crypto', async (importOriginal) => (await import('../support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

type Component = InstanceType<typeof ICAL.Component>;
type Property = InstanceType<typeof ICAL.Property>;
type Time = InstanceType<typeof ICAL.Time>;

// ---------------------------------------------------------------------------------------------
// The events of the datastore
// ---------------------------------------------------------------------------------------------

const BERLIN = [
  'BEGIN:VTIMEZONE', 'TZID:Europe/Berlin',
  'BEGIN:DAYLIGHT', 'TZOFFSETFROM:+0100', 'TZOFFSETTO:+0200', 'TZNAME:CEST', 'DTSTART:19700329T020000', 'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU', 'END:DAYLIGHT',
  'BEGIN:STANDARD', 'TZOFFSETFROM:+0200', 'TZOFFSETTO:+0100', 'TZNAME:CET', 'DTSTART:19701025T030000', 'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU', 'END:STANDARD',
  'END:VTIMEZONE',
];

const vcalendar = (...lines: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//atomsync tests//EN', ...lines, 'END:VCALENDAR', ''].join('\r\n');

/** 11:00–12:00 in Berlin (summer time): 09:00Z–10:00Z. */
const ZONED = vcalendar(
  ...BERLIN,
  'BEGIN:VEVENT', 'UID:handover@example.org', 'DTSTAMP:20250501T090000Z', 'DTSTART;TZID=Europe/Berlin:20250610T110000', 'DTEND;TZID=Europe/Berlin:20250610T120000',
  'SUMMARY:Übergabe Projekt Äolus', 'LOCATION:Raum 1.12', 'END:VEVENT',
);

/** 15 June, all day. */
const ALL_DAY = vcalendar('BEGIN:VEVENT', 'UID:summer-party@example.org', 'DTSTAMP:20250501T090000Z', 'DTSTART;VALUE=DATE:20250615', 'DTEND;VALUE=DATE:20250616', 'SUMMARY:Sommerfest', 'TRANSP:TRANSPARENT', 'END:VEVENT');

/**
 * Tuesdays 09:00–09:30 in Berlin, six times from 14 October 2025 (summer time ends on the 26th,
 * so 07:00Z, then 08:00Z): the 21st deleted, the one of 4 November moved to 10:00 (09:00Z) in
 * the canteen.
 */
const WEEKLY = vcalendar(
  ...BERLIN,
  'BEGIN:VEVENT', 'UID:jour-fixe@example.org', 'DTSTAMP:20250901T090000Z', 'DTSTART;TZID=Europe/Berlin:20251014T090000', 'DTEND;TZID=Europe/Berlin:20251014T093000',
  'SUMMARY:Jour fixe', 'RRULE:FREQ=WEEKLY;COUNT=6;BYDAY=TU', 'EXDATE;TZID=Europe/Berlin:20251021T090000', 'END:VEVENT',
  'BEGIN:VEVENT', 'UID:jour-fixe@example.org', 'DTSTAMP:20250901T090000Z', 'RECURRENCE-ID;TZID=Europe/Berlin:20251104T090000',
  'DTSTART;TZID=Europe/Berlin:20251104T100000', 'DTEND;TZID=Europe/Berlin:20251104T103000', 'SUMMARY:Jour fixe (verschoben)', 'LOCATION:Kantine', 'END:VEVENT',
);

/** 14:00–15:00 in Berlin (12:00Z), a reminder 15 minutes before, the user organizing, two attendees. */
const MEETING = vcalendar(
  ...BERLIN,
  'BEGIN:VEVENT', 'UID:review-q2@example.org', 'DTSTAMP:20250501T090000Z', 'DTSTART;TZID=Europe/Berlin:20250612T140000', 'DTEND;TZID=Europe/Berlin:20250612T150000',
  'SUMMARY:Review Q2', 'ORGANIZER;CN=Alice Example:mailto:alice@example.org',
  'ATTENDEE;CN=Bob Builder;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED:mailto:bob@example.org',
  'ATTENDEE;CN=Chloé Dubois;ROLE=OPT-PARTICIPANT;PARTSTAT=NEEDS-ACTION:mailto:chloe@example.org',
  'BEGIN:VALARM', 'ACTION:DISPLAY', 'DESCRIPTION:Review Q2', 'TRIGGER:-PT15M', 'END:VALARM',
  'END:VEVENT',
);

/** Due 10 June 18:00 in Berlin (16:00Z), done on the 8th at 15:30Z. */
const TAX_RETURN = vcalendar(
  ...BERLIN,
  'BEGIN:VTODO', 'UID:tax-return@example.org', 'DTSTAMP:20250501T090000Z', 'SUMMARY:Steuererklärung abgeben', 'DUE;TZID=Europe/Berlin:20250610T180000',
  'STATUS:COMPLETED', 'COMPLETED:20250608T153000Z', 'PERCENT-COMPLETE:100', 'PRIORITY:1', 'END:VTODO',
);

/** Due 1 July (a date), open. */
const TYRES = vcalendar('BEGIN:VTODO', 'UID:tyres@example.org', 'DTSTAMP:20250501T090000Z', 'SUMMARY:Reifen wechseln', 'DUE;VALUE=DATE:20250701', 'STATUS:NEEDS-ACTION', 'END:VTODO');

// ---------------------------------------------------------------------------------------------
// Reading iCalendar, wherever it is (the device's calendar, the datastore)
// ---------------------------------------------------------------------------------------------

const parse = (text: string): Component => ICAL.Component.fromString(text);

/** The series (the VEVENT without RECURRENCE-ID) of a VCALENDAR. */
function master(vcal: Component): Component {
  const found = vcal.getAllSubcomponents('vevent').filter((c) => !c.hasProperty('recurrence-id'));
  if (found.length !== 1) throw new Error(`${found.length} VEVENTs without RECURRENCE-ID in\n${vcal.toString()}`);
  return found[0]!;
}

/** The exceptions (VEVENTs with RECURRENCE-ID) of a VCALENDAR. */
const overrides = (vcal: Component): Component[] => vcal.getAllSubcomponents('vevent').filter((c) => c.hasProperty('recurrence-id'));

/** A date-time as the UTC instant it names (`2025-06-10T09:00:00Z`), a date as itself (`2025-06-15`), read through the VCALENDAR's VTIMEZONE. */
function instant(vcal: Component, property: Property, time: Time = property.getFirstValue() as Time): string {
  if (time.isDate) return time.toString();
  const tzid = property.getParameter('tzid') as string | undefined;
  let zone: InstanceType<typeof ICAL.Timezone> = ICAL.Timezone.utcTimezone;
  if (tzid) {
    const vtimezone = vcal.getAllSubcomponents('vtimezone').find((z) => z.getFirstPropertyValue('tzid') === tzid);
    if (!vtimezone) throw new Error(`TZID=${tzid} without its VTIMEZONE in\n${vcal.toString()}`);
    zone = new ICAL.Timezone(vtimezone);
  } else if (time.zone !== ICAL.Timezone.utcTimezone) {
    throw new Error(`a floating time ${time.toString()} in\n${vcal.toString()}`);
  }
  const { year, month, day, hour, minute, second } = time;
  return new Date(ICAL.Time.fromData({ year, month, day, hour, minute, second, isDate: false }, zone).toUnixTime() * 1000).toISOString().replace('.000', '');
}

/** A property's instant(s), every value of every such property (EXDATE may have several). */
function instants(vcal: Component, component: Component, name: string): string[] {
  return component.getAllProperties(name).flatMap((property) => property.getValues().map((time) => instant(vcal, property, time as Time)));
}

/** What the tests compare of an event: summary, start and end as instants, the zone named. */
function when(vcal: Component, component: Component = master(vcal)) {
  return {
    summary: component.getFirstPropertyValue('summary'),
    start: instants(vcal, component, 'dtstart')[0],
    end: instants(vcal, component, 'dtend')[0],
    tzid: component.getFirstProperty('dtstart')?.getParameter('tzid') ?? null,
  };
}

/** An RRULE's parts, order aside (`{ FREQ: 'WEEKLY', COUNT: '6', BYDAY: 'TU' }`). */
function ruleParts(component: Component): Record<string, string>[] {
  return component.getAllProperties('rrule').map((p) => Object.fromEntries(p.getFirstValue()!.toString().split(';').map((part: string) => part.split('=') as [string, string])));
}

/** Moves a component's DTSTART and DTEND by `minutes`, in their own zone. */
function shift(component: Component, minutes: number): void {
  for (const name of ['dtstart', 'dtend']) {
    const property = component.getFirstProperty(name)!;
    const time = (property.getFirstValue() as Time).clone();
    time.minute += minutes;
    property.setValue(time);
  }
}

/**
 * What the user sees of an event, as instants: its times and zone, rule, deleted and moved
 * occurrences, place, availability, organizer, attendees (name, address, role) and reminders.
 * Not an attendee's PARTSTAT: TbSync shows an unanswered attendee (5) as accepted; the answers
 * the datastore keeps are compared on their own where the device sends events back.
 */
function digest(vcal: Component) {
  const series = master(vcal);
  return {
    uid: series.getFirstPropertyValue('uid'),
    ...when(vcal),
    rules: ruleParts(series),
    exdates: instants(vcal, series, 'exdate').sort(),
    overrides: overrides(vcal).map((o) => ({ recurrenceId: instants(vcal, o, 'recurrence-id')[0], ...when(vcal, o), location: o.getFirstPropertyValue('location') })),
    location: series.getFirstPropertyValue('location'),
    transp: series.getFirstPropertyValue('transp') ?? 'OPAQUE',
    organizer: series.getFirstPropertyValue('organizer'),
    attendees: series.getAllProperties('attendee').map((p) => `${String(p.getParameter('cn'))} <${String(p.getFirstValue())}> ${String(p.getParameter('role') ?? 'REQ-PARTICIPANT')}`),
    alarms: series.getAllSubcomponents('valarm').map((a) => `${String(a.getFirstPropertyValue('action'))} ${String(a.getFirstPropertyValue('trigger'))}`),
  };
}

const bySummary = (vcals: Component[], summary: string): Component => {
  const found = vcals.filter((vcal) => master(vcal).getFirstPropertyValue('summary') === summary);
  if (found.length !== 1) throw new Error(`${found.length} events "${summary}" among ${vcals.map((v) => master(v).getFirstPropertyValue('summary')).join(', ')}`);
  return found[0]!;
};

const summaries = (vcals: Component[]): string[] => vcals.map((vcal) => String(master(vcal).getFirstPropertyValue('summary'))).sort();

// ---------------------------------------------------------------------------------------------
// The tests
// ---------------------------------------------------------------------------------------------

let phones = 0;

describe.each(['2.5', '14.0'] as const)('TbSync syncing calendars with our server, EAS %s', (version) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A datastore client of alice's holding `events`, and its events read back. */
  async function datastore(events: string[]) {
    const sdk = server.alice.client;
    const uuid = (await sdk.datastore.create({ userId: `tbsync-cal-${version}-${++phones}` })).client.uuid!;
    for (const value of events) await sdk.datastore.contents(uuid).create({ title: 'event', content: { type: 'text/calendar', value } });
    const list = async (dataclass: 'Events' | 'Tasks') => (await sdk.datastore.contents(uuid).list({ dataclass })).entries.map((entry) => parse(entry.content?.value ?? ''));
    return { uuid, contents: () => list('Events'), tasks: () => list('Tasks') };
  }

  /** A phone as a user sets one up (an ActiveSync client bound to the datastore client), TbSync in `timezone` asking for all events. */
  async function phone(datastoreUuid: string, timezone: string) {
    const sdk = server.alice.client;
    const username = `tbsync-cal-${version}-${++phones}@example.org`;
    const password = `Birch-${randomBytes(6).toString('hex')}`;
    const client = (await sdk.activesync.create({ username, password })).client.uuid!;
    await sdk.syncengine.create({ source: { syncSource: 'activesync', uuid: client }, target: { syncSource: 'datastore', uuid: datastoreUuid } });
    return new TbsyncDevice({ serverUrl: `${server.url}/Microsoft-Server-ActiveSync`, user: username, password, version, timezone, synclimit: '0' });
  }

  async function synced(device: TbsyncDevice): Promise<void> {
    const result = await device.sync();
    expect(result, result.details ?? result.error).toMatchObject({ ok: true, status: 'success' });
  }

  const onDevice = (device: TbsyncDevice): Component[] => device.events().map((item: CalendarItem) => parse(item.icalendar));
  const idOf = (device: TbsyncDevice, summary: string): string => {
    const found = device.events().filter((item) => master(parse(item.icalendar)).getFirstPropertyValue('summary') === summary);
    if (found.length !== 1) throw new Error(`${found.length} events "${summary}" on the device`);
    return found[0]!.id;
  };

  it('takes the events of the datastore down to the device at the same instants: a zoned event, an all-day event, a series with its exceptions, a meeting', async () => {
    const store = await datastore([ZONED, ALL_DAY, WEEKLY, MEETING]);
    const stored = async () => (await store.contents()).map((vcal) => vcal.toString()).sort();
    const before = await stored();
    // A device in New York: every zoned time must come down as the instant it is in Berlin. (Which
    // zone it names there is not compared: TbSync takes it from the blob's StandardName, and a
    // name it does not know as a Windows or IANA name only by its offsets and abbreviation.)
    const device = await phone(store.uuid, 'America/New_York');
    await synced(device);
    const events = onDevice(device);
    expect(summaries(events)).toEqual(['Jour fixe', 'Review Q2', 'Sommerfest', 'Übergabe Projekt Äolus']);

    const zoned = bySummary(events, 'Übergabe Projekt Äolus');
    expect(when(zoned)).toMatchObject({ summary: 'Übergabe Projekt Äolus', start: '2025-06-10T09:00:00Z', end: '2025-06-10T10:00:00Z' });
    expect(master(zoned).getFirstPropertyValue('location')).toBe('Raum 1.12');

    const allDay = bySummary(events, 'Sommerfest');
    expect(when(allDay)).toEqual({ summary: 'Sommerfest', start: '2025-06-15', end: '2025-06-16', tzid: null });
    expect(master(allDay).getFirstPropertyValue('transp')).toBe('TRANSPARENT');

    const weekly = bySummary(events, 'Jour fixe');
    expect(when(weekly)).toMatchObject({ summary: 'Jour fixe', start: '2025-10-14T07:00:00Z', end: '2025-10-14T07:30:00Z' });
    expect(ruleParts(master(weekly))).toEqual([{ FREQ: 'WEEKLY', COUNT: '6', BYDAY: 'TU' }]);
    expect(instants(weekly, master(weekly), 'exdate')).toEqual(['2025-10-21T07:00:00Z']);
    const [moved, ...otherOverrides] = overrides(weekly);
    expect(otherOverrides).toEqual([]);
    // 4 November, after the end of summer time: 09:00 CET is 08:00Z, moved to 10:00 CET.
    expect(instants(weekly, moved!, 'recurrence-id')).toEqual(['2025-11-04T08:00:00Z']);
    expect(when(weekly, moved)).toMatchObject({ summary: 'Jour fixe (verschoben)', start: '2025-11-04T09:00:00Z', end: '2025-11-04T09:30:00Z' });
    expect(moved!.getFirstPropertyValue('location')).toBe('Kantine');

    const meeting = master(bySummary(events, 'Review Q2'));
    expect(when(bySummary(events, 'Review Q2'))).toMatchObject({ summary: 'Review Q2', start: '2025-06-12T12:00:00Z', end: '2025-06-12T13:00:00Z' });
    expect(meeting.getFirstPropertyValue('organizer')).toBe('mailto:alice@example.org');
    const attendees = meeting.getAllProperties('attendee').map((p) => `${String(p.getParameter('cn'))} <${String(p.getFirstValue())}>`);
    expect(attendees).toEqual(['Bob Builder <mailto:bob@example.org>', 'Chloé Dubois <mailto:chloe@example.org>']);
    if (version === '14.0') {
      // 2.5 has no AttendeeStatus or AttendeeType (TbSync then takes attendees for resources).
      // Chloé's NEEDS-ACTION goes down as AttendeeStatus 5 (not responded), which TbSync reads as
      // ACCEPTED (its MAP_EAS2TB): only Bob's is compared.
      expect(meeting.getAllProperties('attendee').map((p) => p.getParameter('role'))).toEqual(['REQ-PARTICIPANT', 'OPT-PARTICIPANT']);
      expect(meeting.getAllProperties('attendee')[0]!.getParameter('partstat')).toBe('ACCEPTED');
    }
    const alarms = meeting.getAllSubcomponents('valarm');
    expect(alarms.map((a) => [a.getFirstPropertyValue('action'), String(a.getFirstPropertyValue('trigger'))])).toEqual([['DISPLAY', '-PT15M']]);

    // Nothing changed: the next sync brings nothing twice, and the datastore holds what it held.
    await synced(device);
    expect(device.events()).toHaveLength(4);
    expect(await stored()).toEqual(before);
  });

  it('keeps the events of the datastore as they were when the device sends them back untouched (TbSync sends each whole, as a Change)', async () => {
    const store = await datastore([ZONED, ALL_DAY, WEEKLY, MEETING]);
    const digests = async () => (await store.contents()).map(digest).sort((a, b) => String(a.summary).localeCompare(String(b.summary)));
    const before = await digests();
    const answers = async () => (await store.contents()).flatMap((vcal) => master(vcal).getAllProperties('attendee').map((p) => `${String(p.getFirstValue())} ${String(p.getParameter('partstat'))}`)).sort();
    const answersBefore = await answers();
    // A device in New York: it sends the all-day event back at its own midnight, and zones as it holds them.
    const device = await phone(store.uuid, 'America/New_York');
    await synced(device);
    for (const { id } of device.events()) device.editEvent(id, () => {});
    await synced(device);
    const after = await digests();
    expect(after).toEqual(before);
    // The attendees' answers too: TbSync's Change says none, and none is taken away.
    expect(await answers()).toEqual(answersBefore);
    expect(after.map((event) => [event.summary, event.tzid])).toEqual([
      ['Jour fixe', 'Europe/Berlin'],
      ['Review Q2', 'Europe/Berlin'],
      ['Sommerfest', null],
      ['Übergabe Projekt Äolus', 'Europe/Berlin'],
    ]);
    await synced(device);
    expect(device.events()).toHaveLength(4);
  });

  it('sends an event added on the device up in its own zone, an edit (moved one hour, renamed) with its UID kept, and a delete', async () => {
    const store = await datastore([]);
    // A device in Berlin; the call is in New York's time.
    const device = await phone(store.uuid, 'Europe/Berlin');
    await synced(device);
    expect(device.events()).toEqual([]);

    const local = device.addEvent(
      [
        'BEGIN:VEVENT', 'UID:call-ny@example.org', 'SUMMARY:Call with New York',
        'DTSTART;TZID=America/New_York:20250702T090000', 'DTEND;TZID=America/New_York:20250702T093000',
        'RRULE:FREQ=WEEKLY;BYDAY=WE;COUNT=4', 'END:VEVENT',
      ].join('\r\n'),
    );
    expect(local).toBe('call-ny@example.org');
    await synced(device);

    let [stored, ...more] = await store.contents();
    expect(more).toEqual([]);
    // 09:00 EDT is 13:00Z.
    expect(when(stored!)).toEqual({ summary: 'Call with New York', start: '2025-07-02T13:00:00Z', end: '2025-07-02T13:30:00Z', tzid: 'America/New_York' });
    expect(master(stored!).getFirstPropertyValue('uid')).toBe('call-ny@example.org');
    expect(ruleParts(master(stored!))).toEqual([{ FREQ: 'WEEKLY', COUNT: '4', BYDAY: 'WE' }]);
    // Its VTIMEZONE is New York's: EST in winter, EDT in summer.
    const newYork = new ICAL.Timezone(stored!.getAllSubcomponents('vtimezone').find((z) => z.getFirstPropertyValue('tzid') === 'America/New_York')!);
    expect([ICAL.Time.fromData({ year: 2025, month: 1, day: 15, hour: 12 }, newYork).utcOffset(), ICAL.Time.fromData({ year: 2025, month: 7, day: 15, hour: 12 }, newYork).utcOffset()]).toEqual([-5 * 3600, -4 * 3600]);

    // The device holds it under the ServerId now; the next sync brings it back to no one.
    const [serverId] = device.events().map((item) => item.id);
    expect(serverId).not.toBe(local);
    await synced(device);
    expect(device.events()).toHaveLength(1);
    expect(await store.contents()).toHaveLength(1);

    // Renamed, and an hour later.
    device.editEvent(serverId!, (vcal) => {
      const vevent = vcal.getFirstSubcomponent('vevent')!;
      vevent.updatePropertyWithValue('summary', 'Call with New York (moved)');
      shift(vevent, 60);
    });
    await synced(device);
    [stored, ...more] = await store.contents();
    expect(more).toEqual([]);
    expect(when(stored!)).toEqual({ summary: 'Call with New York (moved)', start: '2025-07-02T14:00:00Z', end: '2025-07-02T14:30:00Z', tzid: 'America/New_York' });
    expect(master(stored!).getFirstPropertyValue('uid')).toBe('call-ny@example.org');
    expect(ruleParts(master(stored!))).toEqual([{ FREQ: 'WEEKLY', COUNT: '4', BYDAY: 'WE' }]);
    expect(device.events()).toHaveLength(1);

    device.deleteEvent(serverId!);
    await synced(device);
    expect(await store.contents()).toEqual([]);
    expect(device.events()).toEqual([]);
    await synced(device);
    expect(device.events()).toEqual([]);
  });

  it('converges calendar edits made on two devices, with exact counts', async () => {
    const store = await datastore([ZONED, WEEKLY, MEETING]);
    const one = await phone(store.uuid, 'Europe/Berlin');
    const two = await phone(store.uuid, 'America/New_York');
    await synced(one);
    await synced(two);
    expect(one.events()).toHaveLength(3);
    expect(two.events()).toHaveLength(3);

    // One: the hand-over renamed and half an hour later, the series' occurrence of 28 October
    // (09:00 CET, 08:00Z) moved to 11:00, the meeting deleted.
    one.editEvent(idOf(one, 'Übergabe Projekt Äolus'), (vcal) => {
      const vevent = vcal.getFirstSubcomponent('vevent')!;
      vevent.updatePropertyWithValue('summary', 'Übergabe (neu)');
      shift(vevent, 30);
    });
    one.editEvent(idOf(one, 'Jour fixe'), (vcal) => {
      const later = ICAL.Component.fromString(
        ['BEGIN:VEVENT', `UID:${String(master(vcal).getFirstPropertyValue('uid'))}`, 'RECURRENCE-ID;TZID=Europe/Berlin:20251028T090000', 'DTSTART;TZID=Europe/Berlin:20251028T110000', 'DTEND;TZID=Europe/Berlin:20251028T113000', 'SUMMARY:Jour fixe (später)', 'END:VEVENT'].join('\r\n'),
      );
      vcal.addSubcomponent(later);
    });
    one.deleteEvent(idOf(one, 'Review Q2'));
    await synced(one);
    let stored = await store.contents();
    expect(summaries(stored)).toEqual(['Jour fixe', 'Übergabe (neu)']);
    expect(when(bySummary(stored, 'Übergabe (neu)'))).toMatchObject({ start: '2025-06-10T09:30:00Z', end: '2025-06-10T10:30:00Z', tzid: 'Europe/Berlin' });

    // Two deletes the series' last occurrence (18 November) and adds an event. TbSync takes the
    // server's changes first and, the series being changed there too, drops its own change of it
    // ("server wins"): the deletion is lost on two, one's version of the series comes down.
    const deleteLast = (vcal: Component) => {
      const series = master(vcal);
      const exdate = series.addPropertyWithValue('exdate', ICAL.Time.fromData({ year: 2025, month: 11, day: 18, hour: 9 }));
      exdate.setParameter('tzid', String(series.getFirstProperty('dtstart')!.getParameter('tzid')));
    };
    two.editEvent(idOf(two, 'Jour fixe'), deleteLast);
    two.addEvent(['BEGIN:VEVENT', 'UID:lunch@example.org', 'SUMMARY:Lunch', 'DTSTART;TZID=America/New_York:20250703T120000', 'DTEND;TZID=America/New_York:20250703T130000', 'END:VEVENT'].join('\r\n'));
    await synced(two);
    const expected = ['Jour fixe', 'Lunch', 'Übergabe (neu)'];
    expect(summaries(onDevice(two))).toEqual(expected);
    expect(summaries(await store.contents())).toEqual(expected);
    expect(when(bySummary(onDevice(two), 'Übergabe (neu)'))).toMatchObject({ start: '2025-06-10T09:30:00Z', end: '2025-06-10T10:30:00Z' });
    const movedOccurrences = {
      '2025-10-28T08:00:00Z': { summary: 'Jour fixe (später)', start: '2025-10-28T10:00:00Z', end: '2025-10-28T10:30:00Z' },
      '2025-11-04T08:00:00Z': { summary: 'Jour fixe (verschoben)', start: '2025-11-04T09:00:00Z', end: '2025-11-04T09:30:00Z' },
    };
    /** The series as instants (the zone each holder names aside). */
    const series = (events: Component[]) => {
      const weekly = bySummary(events, 'Jour fixe');
      const times = (component?: Component) => {
        const { summary, start, end } = when(weekly, component);
        return { summary, start, end };
      };
      return {
        ...times(),
        rules: ruleParts(master(weekly)),
        exdates: instants(weekly, master(weekly), 'exdate').sort(),
        moved: Object.fromEntries(overrides(weekly).map((o) => [instants(weekly, o, 'recurrence-id')[0], times(o)])),
      };
    };
    const seriesOf = (exdates: string[]) => ({ summary: 'Jour fixe', start: '2025-10-14T07:00:00Z', end: '2025-10-14T07:30:00Z', rules: [{ FREQ: 'WEEKLY', COUNT: '6', BYDAY: 'TU' }], exdates, moved: movedOccurrences });
    expect(series(onDevice(two))).toEqual(seriesOf(['2025-10-21T07:00:00Z']));
    expect(series(await store.contents())).toEqual(seriesOf(['2025-10-21T07:00:00Z']));

    // Two, now up to date, deletes it again: it goes up.
    two.editEvent(idOf(two, 'Jour fixe'), deleteLast);
    await synced(two);

    // One takes two's changes down; all three hold the same three. One, in Berlin, holds them in Berlin's zone.
    await synced(one);
    expect(onDevice(one).map((vcal) => when(vcal).tzid).sort()).toEqual(['America/New_York', 'Europe/Berlin', 'Europe/Berlin']);
    expect(summaries(onDevice(one))).toEqual(expected);
    stored = await store.contents();
    expect(summaries(stored)).toEqual(expected);
    for (const events of [stored, onDevice(one), onDevice(two)]) {
      expect(series(events)).toEqual(seriesOf(['2025-10-21T07:00:00Z', '2025-11-18T08:00:00Z']));
      expect(when(bySummary(events, 'Lunch'))).toEqual({ summary: 'Lunch', start: '2025-07-03T16:00:00Z', end: '2025-07-03T17:00:00Z', tzid: 'America/New_York' });
      expect(when(bySummary(events, 'Übergabe (neu)'))).toMatchObject({ start: '2025-06-10T09:30:00Z', end: '2025-06-10T10:30:00Z' });
    }
    expect(master(bySummary(stored, 'Lunch')).getFirstPropertyValue('uid')).toBe('lunch@example.org');
    expect(master(bySummary(stored, 'Jour fixe')).getFirstPropertyValue('uid')).toBe('jour-fixe@example.org');
    expect(when(bySummary(stored, 'Jour fixe')).tzid).toBe('Europe/Berlin');

    // And stay so.
    await synced(two);
    await synced(one);
    expect(one.events()).toHaveLength(3);
    expect(two.events()).toHaveLength(3);
    expect(await store.contents()).toHaveLength(3);
  });

  it('re-syncs a reset device without doubles', async () => {
    const store = await datastore([ZONED, ALL_DAY, WEEKLY, MEETING]);
    const device = await phone(store.uuid, 'Europe/Berlin');
    await synced(device);
    device.addEvent(['BEGIN:VEVENT', 'UID:dentist@example.org', 'SUMMARY:Zahnarzt', 'DTSTART;TZID=Europe/Berlin:20250620T080000', 'DTEND;TZID=Europe/Berlin:20250620T090000', 'END:VEVENT'].join('\r\n'));
    await synced(device);
    const before = await store.contents();
    expect(before).toHaveLength(5);

    // The user removes the account and adds it again: a new DeviceId, an empty calendar, SyncKey 0.
    const oldDeviceId = device.deviceId;
    device.reset();
    expect(device.deviceId).not.toBe(oldDeviceId);
    expect(device.events()).toEqual([]);
    await synced(device);

    const after = await store.contents();
    const uids = (vcals: Component[]) => vcals.map((vcal) => String(master(vcal).getFirstPropertyValue('uid'))).sort();
    expect(uids(after)).toEqual(uids(before));
    expect(summaries(onDevice(device))).toEqual(summaries(after));
    expect(device.events()).toHaveLength(5);
    expect(when(bySummary(onDevice(device), 'Zahnarzt'))).toMatchObject({ start: '2025-06-20T06:00:00Z', end: '2025-06-20T07:00:00Z' });

    await synced(device);
    expect(device.events()).toHaveLength(5);
    expect(await store.contents()).toHaveLength(5);
  });

  it('takes tasks down with their due date and completion, and sends a task added and tasks completed on the device up', async () => {
    const store = await datastore([TAX_RETURN, TYRES]);
    const device = await phone(store.uuid, 'Europe/Berlin');
    await synced(device);
    const onDeviceTasks = () => device.tasks().map((item) => parse(item.icalendar));
    const task = (vcals: Component[], summary: string) => {
      const found = vcals.filter((vcal) => vcal.getFirstSubcomponent('vtodo')!.getFirstPropertyValue('summary') === summary);
      if (found.length !== 1) throw new Error(`${found.length} tasks "${summary}"`);
      const vcal = found[0]!;
      const todo = vcal.getFirstSubcomponent('vtodo')!;
      return {
        uid: todo.getFirstPropertyValue('uid'),
        due: instants(vcal, todo, 'due')[0],
        status: todo.getFirstPropertyValue('status') ?? null,
        completed: instants(vcal, todo, 'completed')[0] ?? null,
      };
    };
    const open = { status: null, completed: null };

    // Down: the finished one with its due time and completion; the open one due on 1 July, which
    // TbSync holds as that midnight in UTC (MS-ASTASK sends a date as a local and a UTC time).
    expect(device.tasks()).toHaveLength(2);
    expect(task(onDeviceTasks(), 'Steuererklärung abgeben')).toMatchObject({ due: '2025-06-10T16:00:00Z', status: 'COMPLETED', completed: '2025-06-08T15:30:00Z' });
    expect(task(onDeviceTasks(), 'Reifen wechseln')).toMatchObject({ due: '2025-07-01T00:00:00Z', ...open });

    // Up: a task added on the device, due 5 July 18:00 in Berlin (16:00Z). MS-ASTASK has no UID:
    // the server gives it one.
    device.addTask(['BEGIN:VTODO', 'UID:flowers@example.org', 'SUMMARY:Blumen gießen', 'DUE;TZID=Europe/Berlin:20250705T180000', 'END:VTODO'].join('\r\n'));
    await synced(device);
    expect(await store.tasks()).toHaveLength(3);
    const added = task(await store.tasks(), 'Blumen gießen');
    expect(added).toMatchObject({ due: '2025-07-05T16:00:00Z', ...open });

    // Both open ones done on the device, on 4 July at 10:00Z.
    for (const { id, icalendar } of device.tasks()) {
      if (parse(icalendar).getFirstSubcomponent('vtodo')!.getFirstPropertyValue('status') === 'COMPLETED') continue;
      device.editTask(id, (vcal) => {
        const todo = vcal.getFirstSubcomponent('vtodo')!;
        todo.updatePropertyWithValue('status', 'COMPLETED');
        todo.updatePropertyWithValue('percent-complete', 100);
        todo.updatePropertyWithValue('completed', ICAL.Time.fromDateTimeString('2025-07-04T10:00:00Z'));
      });
    }
    await synced(device);
    const stored = await store.tasks();
    expect(stored).toHaveLength(3);
    const done = { status: 'COMPLETED', completed: '2025-07-04T10:00:00Z' };
    expect(task(stored, 'Reifen wechseln')).toEqual({ uid: 'tyres@example.org', due: '2025-07-01', ...done });
    expect(task(stored, 'Blumen gießen')).toEqual({ ...added, ...done });
    expect(task(stored, 'Steuererklärung abgeben')).toEqual({ uid: 'tax-return@example.org', due: '2025-06-10T16:00:00Z', status: 'COMPLETED', completed: '2025-06-08T15:30:00Z' });

    // And stay so.
    await synced(device);
    expect(device.tasks()).toHaveLength(3);
    expect(await store.tasks()).toHaveLength(3);
    expect(task(onDeviceTasks(), 'Reifen wechseln')).toMatchObject(done);
  });
});
