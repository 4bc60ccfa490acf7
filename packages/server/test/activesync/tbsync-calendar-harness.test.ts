/**
 * The TbSync device harness's calendar (support/tbsync/: calendar.ts, cal-items.ts,
 * cal-datetime.ts, timezones.ts) against a scripted responder built with our codec, in EAS 2.5
 * and 14.0: events and tasks go down into the device's calendar as TbSync makes them — an event
 * in Europe/Berlin, an all-day event, a weekly series across the end of summer time with one
 * occurrence moved and one deleted, a monthly series on the last Friday, a yearly all-day series
 * with one year deleted, a meeting with a reminder and attendees, a finished task with
 * start, due date and reminder, an open one with a due date only — and, touched on the device,
 * come back up unchanged: every element sent down is in the Change TbSync sends, with the same
 * value, but for those TbSync does not carry (NOT_CARRIED below). Items added on the device go up
 * as Adds in their own zone and take the ServerId; deletes go up as Deletes. A device in another
 * zone keeps zoned times as they were, but sends an all-day event back at midnight in its own zone.
 * The harness's zone definitions (made from Intl) are checked against Intl.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { child, childText, childrenOf, decodeRequest, el, encodeResponse, isContainer, nameOf, textOf, type AsElement } from '@atomsync/activesync';
import { TbsyncDevice, type CalendarItem } from './support/tbsync/device.js';
import { zoneOrFail } from './support/tbsync/timezones.js';

type Version = '2.5' | '14.0';

// ---------------------------------------------------------------------------------------------
// EAS time-zone blobs (MS-ASDTYPE 2.7: TIME_ZONE_INFORMATION, base64)
// ---------------------------------------------------------------------------------------------

interface SwitchTime {
  readonly month: number;
  readonly dayOfWeek: number;
  /** The week of the month, 5 for the last. */
  readonly week: number;
  readonly hour: number;
}

interface EasTimezone {
  readonly bias: number;
  readonly standardName: string;
  readonly standardDate: SwitchTime | null;
  readonly standardBias: number;
  readonly daylightName: string;
  readonly daylightDate: SwitchTime | null;
  readonly daylightBias: number;
}

function easTimezone(zone: EasTimezone): string {
  const view = new DataView(new ArrayBuffer(172));
  const name = (offset: number, text: string) => [...text].slice(0, 31).forEach((c, i) => view.setUint16(offset + 2 * i, c.charCodeAt(0), true));
  const date = (offset: number, time: SwitchTime | null) => {
    if (!time) return;
    [0, time.month, time.dayOfWeek, time.week, time.hour, 0, 0, 0].forEach((value, i) => view.setUint16(offset + 2 * i, value, true));
  };
  view.setInt32(0, zone.bias, true);
  name(4, zone.standardName);
  date(68, zone.standardDate);
  view.setInt32(84, zone.standardBias, true);
  name(88, zone.daylightName);
  date(152, zone.daylightDate);
  view.setInt32(168, zone.daylightBias, true);
  return Buffer.from(view.buffer).toString('base64');
}

function readEasTimezone(base64: string): EasTimezone {
  const bytes = Buffer.from(base64, 'base64');
  const view = new DataView(bytes.buffer, bytes.byteOffset, 172);
  const name = (offset: number) => {
    let text = '';
    for (let i = 0; i < 32 && view.getUint16(offset + 2 * i, true); i++) text += String.fromCharCode(view.getUint16(offset + 2 * i, true));
    return text;
  };
  const date = (offset: number): SwitchTime | null => {
    const [, month, dayOfWeek, week, hour] = [0, 1, 2, 3, 4].map((i) => view.getUint16(offset + 2 * i, true));
    return month ? { month: month!, dayOfWeek: dayOfWeek!, week: week!, hour: hour! } : null;
  };
  return { bias: view.getInt32(0, true), standardName: name(4), standardDate: date(68), standardBias: view.getInt32(84, true), daylightName: name(88), daylightDate: date(152), daylightBias: view.getInt32(168, true) };
}

/**
 * TbSync takes a zone's switch time from its VTIMEZONE's DTSTART (`19701025T030000`) through
 * `new Date("1970-10-25T03:00:00")`: as the machine's local time, sent as UTC. On a machine in
 * UTC (CI) that is the wall time itself.
 */
const tbsyncSwitchHour = (hour: number): number => new Date(`1970-01-01T${String(hour).padStart(2, '0')}:00:00`).getUTCHours();

const BERLIN: EasTimezone = {
  bias: -60,
  standardName: 'W. Europe Standard Time',
  standardDate: { month: 10, dayOfWeek: 0, week: 5, hour: 3 },
  standardBias: 0,
  daylightName: 'W. Europe Daylight Time',
  daylightDate: { month: 3, dayOfWeek: 0, week: 5, hour: 2 },
  daylightBias: -60,
};

// ---------------------------------------------------------------------------------------------
// What the server sends down
// ---------------------------------------------------------------------------------------------

const CALENDAR_ID = 'calendar-1';
const TASKS_ID = 'tasks-1';
const USER = 'alice@example.org';

const body = (version: Version, page: 'Calendar' | 'Tasks', text: string): AsElement =>
  version === '2.5' ? el(`${page}:Body`, text) : el('AirSyncBase:Body', [el('AirSyncBase:Type', '1'), el('AirSyncBase:EstimatedDataSize', String(Buffer.byteLength(text))), el('AirSyncBase:Data', text)]);

interface ServerItem {
  readonly serverId: string;
  readonly data: AsElement[];
}

function serverEvents(version: Version): ServerItem[] {
  const berlin = el('Calendar:Timezone', easTimezone(BERLIN));
  return [
    {
      // 11:00–12:00 in Berlin (summer time).
      serverId: 'ev-zone',
      data: [
        berlin,
        el('Calendar:AllDayEvent', '0'),
        body(version, 'Calendar', 'Agenda: status, risks.'),
        el('Calendar:BusyStatus', '2'),
        el('Calendar:DtStamp', '20250501T090000Z'),
        el('Calendar:EndTime', '20250610T100000Z'),
        el('Calendar:Location', 'Raum 1.12, Müllerstraße'),
        el('Calendar:Sensitivity', '0'),
        el('Calendar:Subject', 'Übergabe Projekt Äolus'),
        el('Calendar:StartTime', '20250610T090000Z'),
        el('Calendar:UID', 'server-uid-ev-zone'),
        el('Calendar:MeetingStatus', '0'),
        el('Calendar:Categories', [el('Calendar:Category', 'Arbeit'), el('Calendar:Category', 'Projekt')]),
      ],
    },
    {
      // 15 June, all day, in Berlin.
      serverId: 'ev-allday',
      data: [
        berlin,
        el('Calendar:AllDayEvent', '1'),
        el('Calendar:BusyStatus', '0'),
        el('Calendar:DtStamp', '20250501T090000Z'),
        el('Calendar:EndTime', '20250615T220000Z'),
        el('Calendar:Sensitivity', '2'),
        el('Calendar:Subject', 'Sommerfest'),
        el('Calendar:StartTime', '20250614T220000Z'),
        el('Calendar:UID', 'server-uid-ev-allday'),
        el('Calendar:MeetingStatus', '0'),
      ],
    },
    {
      // Tuesdays 09:00–09:30 in Berlin, six times from 14 October (summer time ends on the 26th):
      // the 21st deleted, the one of 4 November (09:00 CET, 08:00Z) moved to 10:00.
      serverId: 'ev-weekly',
      data: [
        berlin,
        el('Calendar:AllDayEvent', '0'),
        el('Calendar:BusyStatus', '2'),
        el('Calendar:DtStamp', '20250901T090000Z'),
        el('Calendar:EndTime', '20251014T073000Z'),
        el('Calendar:Sensitivity', '0'),
        el('Calendar:Subject', 'Jour fixe'),
        el('Calendar:StartTime', '20251014T070000Z'),
        el('Calendar:UID', 'server-uid-ev-weekly'),
        el('Calendar:MeetingStatus', '0'),
        el('Calendar:Recurrence', [el('Calendar:Type', '1'), el('Calendar:Occurrences', '6'), el('Calendar:Interval', '1'), el('Calendar:DayOfWeek', '4')]),
        el('Calendar:Exceptions', [
          el('Calendar:Exception', [el('Calendar:Deleted', '1'), el('Calendar:ExceptionStartTime', '20251021T070000Z')]),
          el('Calendar:Exception', [
            el('Calendar:ExceptionStartTime', '20251104T080000Z'),
            el('Calendar:Subject', 'Jour fixe (verschoben)'),
            el('Calendar:StartTime', '20251104T090000Z'),
            el('Calendar:EndTime', '20251104T093000Z'),
            el('Calendar:Location', 'Kantine'),
          ]),
        ]),
      ],
    },
    {
      // The last Friday of every month, 16:00–17:00 in Berlin, until the end of 2025.
      serverId: 'ev-monthly',
      data: [
        berlin,
        el('Calendar:AllDayEvent', '0'),
        el('Calendar:BusyStatus', '2'),
        el('Calendar:DtStamp', '20250501T090000Z'),
        el('Calendar:EndTime', '20250627T150000Z'),
        el('Calendar:Sensitivity', '0'),
        el('Calendar:Subject', 'Monatsabschluss'),
        el('Calendar:StartTime', '20250627T140000Z'),
        el('Calendar:UID', 'server-uid-ev-monthly'),
        el('Calendar:MeetingStatus', '0'),
        el('Calendar:Recurrence', [el('Calendar:Type', '3'), el('Calendar:Until', '20251231T230000Z'), el('Calendar:Interval', '1'), el('Calendar:DayOfWeek', '32'), el('Calendar:WeekOfMonth', '5')]),
      ],
    },
    {
      // 24 December every year, all day, but not in 2026.
      serverId: 'ev-yearly',
      data: [
        berlin,
        el('Calendar:AllDayEvent', '1'),
        el('Calendar:BusyStatus', '0'),
        el('Calendar:DtStamp', '20250501T090000Z'),
        el('Calendar:EndTime', '20251224T230000Z'),
        el('Calendar:Sensitivity', '0'),
        el('Calendar:Subject', 'Heiligabend'),
        el('Calendar:StartTime', '20251223T230000Z'),
        el('Calendar:UID', 'server-uid-ev-yearly'),
        el('Calendar:MeetingStatus', '0'),
        el('Calendar:Recurrence', [el('Calendar:Type', '5'), el('Calendar:Interval', '1'), el('Calendar:DayOfMonth', '24'), el('Calendar:MonthOfYear', '12')]),
        el('Calendar:Exceptions', [el('Calendar:Exception', [el('Calendar:Deleted', '1'), el('Calendar:ExceptionStartTime', '20261223T230000Z')])]),
      ],
    },
    {
      // A meeting the user organizes, a reminder 15 minutes before, two attendees.
      serverId: 'ev-meeting',
      data: [
        berlin,
        el('Calendar:AllDayEvent', '0'),
        body(version, 'Calendar', 'Quarterly review.'),
        el('Calendar:BusyStatus', '2'),
        el('Calendar:OrganizerName', 'Alice Example'),
        el('Calendar:OrganizerEmail', USER),
        el('Calendar:DtStamp', '20250501T090000Z'),
        el('Calendar:EndTime', '20250612T130000Z'),
        el('Calendar:Location', 'Online'),
        el('Calendar:Reminder', '15'),
        el('Calendar:Sensitivity', '0'),
        el('Calendar:Subject', 'Review Q2'),
        el('Calendar:StartTime', '20250612T120000Z'),
        el('Calendar:UID', 'server-uid-ev-meeting'),
        el('Calendar:MeetingStatus', '1'),
        el('Calendar:Attendees', [
          el('Calendar:Attendee', [el('Calendar:Email', 'bob@example.org'), el('Calendar:Name', 'Bob Builder'), ...(version === '2.5' ? [] : [el('Calendar:AttendeeStatus', '3'), el('Calendar:AttendeeType', '1')])]),
          el('Calendar:Attendee', [el('Calendar:Email', 'chloé@example.org'), el('Calendar:Name', 'Chloé Dubois'), ...(version === '2.5' ? [] : [el('Calendar:AttendeeStatus', '0'), el('Calendar:AttendeeType', '2')])]),
        ]),
      ],
    },
  ];
}

function serverTasks(version: Version): ServerItem[] {
  return [
    {
      // Started 2 June, due 10 June (midnights in Berlin), done on the 8th, a reminder at 09:00 on the 9th.
      serverId: 'task-done',
      data: [
        el('Tasks:Subject', 'Steuererklärung abgeben'),
        body(version, 'Tasks', 'Belege im Ordner.'),
        el('Tasks:Importance', '2'),
        el('Tasks:UtcStartDate', '2025-06-01T22:00:00.000Z'),
        el('Tasks:StartDate', '2025-06-02T00:00:00.000Z'),
        el('Tasks:UtcDueDate', '2025-06-09T22:00:00.000Z'),
        el('Tasks:DueDate', '2025-06-10T00:00:00.000Z'),
        el('Tasks:Categories', [el('Tasks:Category', 'Privat')]),
        el('Tasks:Complete', '1'),
        el('Tasks:DateCompleted', '2025-06-08T15:30:00.000Z'),
        el('Tasks:Sensitivity', '2'),
        el('Tasks:ReminderTime', '2025-06-09T07:00:00.000Z'),
        el('Tasks:ReminderSet', '1'),
      ],
    },
    {
      // Due 1 July (midnight UTC), open, no reminder.
      serverId: 'task-open',
      data: [
        el('Tasks:Subject', 'Reifen wechseln'),
        el('Tasks:Importance', '1'),
        el('Tasks:UtcDueDate', '2025-07-01T00:00:00.000Z'),
        el('Tasks:DueDate', '2025-07-01T00:00:00.000Z'),
        el('Tasks:Complete', '0'),
        el('Tasks:Sensitivity', '0'),
        el('Tasks:ReminderSet', '0'),
      ],
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// The responder
// ---------------------------------------------------------------------------------------------

interface Received {
  readonly command: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: AsElement | null;
}

const POLICY_KEY = '3000003';

/**
 * The script: Provision in two phases after a 449; a Calendar (type 8) and a Tasks (type 7)
 * folder; Sync keys count up; each folder's items go down once, on its first GetChanges; an Add
 * from the device gets a ServerId (`new-1`, …).
 */
function startResponder(version: Version) {
  const received: Received[] = [];
  const items: Record<string, ServerItem[]> = { [CALENDAR_ID]: serverEvents(version), [TASKS_ID]: serverTasks(version) };
  const sent = new Set<string>();
  let nextServerId = 1;

  const answer = (command: string, headers: IncomingHttpHeaders, request: AsElement | null): AsElement | number => {
    if (command !== 'Provision' && headers['x-ms-policykey'] !== POLICY_KEY) return 449;
    switch (command) {
      case 'Provision': {
        const policy = child(child(request!, 'Provision:Policies')!, 'Provision:Policy')!;
        const acknowledging = childText(policy, 'Provision:PolicyKey') === '1';
        return el('Provision:Provision', [
          el('Provision:Status', '1'),
          el('Provision:Policies', [
            el('Provision:Policy', [
              el('Provision:PolicyType', version === '2.5' ? 'MS-WAP-Provisioning-XML' : 'MS-EAS-Provisioning-WBXML'),
              el('Provision:Status', '1'),
              el('Provision:PolicyKey', acknowledging ? POLICY_KEY : '1'),
              ...(acknowledging ? [] : [el('Provision:Data', [el('Provision:EASProvisionDoc', [el('Provision:DevicePasswordEnabled', '0')])])]),
            ]),
          ]),
        ]);
      }
      case 'Settings':
        return el('Settings:Settings', [el('Settings:Status', '1'), el('Settings:DeviceInformation', [el('Settings:Status', '1')])]);
      case 'FolderSync': {
        const first = childText(request!, 'FolderHierarchy:SyncKey') === '0';
        const folder = (id: string, name: string, type: string) => el('FolderHierarchy:Add', [el('FolderHierarchy:ServerId', id), el('FolderHierarchy:ParentId', '0'), el('FolderHierarchy:DisplayName', name), el('FolderHierarchy:Type', type)]);
        return el('FolderHierarchy:FolderSync', [
          el('FolderHierarchy:Status', '1'),
          el('FolderHierarchy:SyncKey', '1'),
          ...(first ? [el('FolderHierarchy:Changes', [el('FolderHierarchy:Count', '2'), folder(CALENDAR_ID, 'Kalender', '8'), folder(TASKS_ID, 'Aufgaben', '7')])] : []),
        ]);
      }
      case 'GetItemEstimate': {
        const collection = child(child(request!, 'GetItemEstimate:Collections')!, 'GetItemEstimate:Collection')!;
        const id = childText(collection, 'GetItemEstimate:CollectionId')!;
        return el('GetItemEstimate:GetItemEstimate', [
          el('GetItemEstimate:Response', [el('GetItemEstimate:Status', '1'), el('GetItemEstimate:Collection', [el('GetItemEstimate:CollectionId', id), el('GetItemEstimate:Estimate', sent.has(id) ? '0' : String(items[id]?.length ?? 0))])]),
        ]);
      }
      case 'Sync': {
        const collection = child(child(request!, 'AirSync:Collections')!, 'AirSync:Collection')!;
        const id = childText(collection, 'AirSync:CollectionId')!;
        const key = Number(childText(collection, 'AirSync:SyncKey'));
        const commands = child(collection, 'AirSync:Commands');
        const replies: AsElement[] = [];
        for (const add of commands ? childrenOf(commands, 'AirSync:Add') : []) {
          replies.push(el('AirSync:Add', [el('AirSync:ClientId', childText(add, 'AirSync:ClientId')!), el('AirSync:ServerId', `new-${nextServerId++}`), el('AirSync:Status', '1')]));
        }
        const changes: AsElement[] = [];
        if (key > 0 && child(collection, 'AirSync:GetChanges') && !sent.has(id)) {
          sent.add(id);
          for (const item of items[id] ?? []) changes.push(el('AirSync:Add', [el('AirSync:ServerId', item.serverId), el('AirSync:ApplicationData', item.data)]));
        }
        return el('AirSync:Sync', [
          el('AirSync:Collections', [
            el('AirSync:Collection', [
              ...(version === '2.5' ? [el('AirSync:Class', id === CALENDAR_ID ? 'Calendar' : 'Tasks')] : []),
              el('AirSync:SyncKey', String(key + 1)),
              el('AirSync:CollectionId', id),
              el('AirSync:Status', '1'),
              ...(replies.length ? [el('AirSync:Responses', replies)] : []),
              ...(changes.length ? [el('AirSync:Commands', changes)] : []),
            ]),
          ]),
        ]);
      }
      default:
        return 400;
    }
  };

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'OPTIONS') {
        received.push({ command: 'OPTIONS', headers: request.headers, body: null });
        response.writeHead(200, { 'MS-ASProtocolVersions': '2.5,12.0,12.1,14.0', 'MS-ASProtocolCommands': 'Sync,FolderSync,GetItemEstimate,Provision,Settings,Ping', 'MS-Server-ActiveSync': '14.0' }).end();
        return;
      }
      const command = new URL(request.url!, 'http://responder').searchParams.get('Cmd') ?? '';
      const body = decodeRequest(new Uint8Array(Buffer.concat(chunks)));
      received.push({ command, headers: request.headers, body });
      const reply = answer(command, request.headers, body);
      if (typeof reply === 'number') response.writeHead(reply).end();
      else response.writeHead(200, { 'Content-Type': 'application/vnd.ms-sync.wbxml' }).end(Buffer.from(encodeResponse(reply)));
    });
  });

  /** The commands of the Sync requests that carried some, for one folder, in order. */
  const uploads = (collectionId: string): AsElement[] =>
    received
      .filter((r) => r.command === 'Sync')
      .map((r) => child(child(r.body!, 'AirSync:Collections')!, 'AirSync:Collection')!)
      .filter((collection) => childText(collection, 'AirSync:CollectionId') === collectionId && child(collection, 'AirSync:Commands'))
      .flatMap((collection) => childrenOf(child(collection, 'AirSync:Commands')!));

  return { server, received, items, uploads };
}

// ---------------------------------------------------------------------------------------------
// Comparing what went down with what came up
// ---------------------------------------------------------------------------------------------

/** What TbSync does not send back as it received it (it sends its own value, or nothing). */
const NOT_CARRIED: Record<string, string> = {
  'Calendar:DtStamp': "the item's DTSTAMP on the device (when TbSync made it), not the server's",
  'Calendar:UID': "TbSync drops the server's UID and sends the ServerId (the item's id on the device) in its place",
  'Calendar:AttendeeStatus': 'an attendee status goes to the server as a MeetingResponse, never in a Change',
};

/** How a repeated element is told apart from its siblings. */
const KEYS: Record<string, (e: AsElement) => string> = {
  'Calendar:Attendee': (e) => childText(e, 'Calendar:Email') ?? '',
  'Calendar:Exception': (e) => childText(e, 'Calendar:ExceptionStartTime') ?? '',
  'Calendar:Category': (e) => textOf(e),
  'Tasks:Category': (e) => textOf(e),
};

/** The elements sent down that TbSync's upload does not have with the same value, as `path: down ≠ up`. */
function notCarriedBack(down: readonly AsElement[], up: readonly AsElement[], path = ''): string[] {
  const differences: string[] = [];
  for (const element of down) {
    const name = nameOf(element);
    if (NOT_CARRIED[name]) continue;
    const key = KEYS[name];
    const here = `${path}/${name}${key ? `[${key(element)}]` : ''}`;
    const match = up.find((other) => nameOf(other) === name && (!key || key(other) === key(element)));
    if (!match) differences.push(`${here}: missing`);
    else if (name === 'Calendar:Timezone') {
      // TbSync names a zone by its Windows name in both halves; the rest it carries (the switch hour as it reads it).
      const sent = readEasTimezone(textOf(element));
      const hour = (date: SwitchTime | null) => (date ? { ...date, hour: tbsyncSwitchHour(date.hour) } : null);
      const expected = { ...sent, daylightName: sent.standardName, standardDate: hour(sent.standardDate), daylightDate: hour(sent.daylightDate) };
      if (JSON.stringify(readEasTimezone(textOf(match))) !== JSON.stringify(expected)) differences.push(`${here}: ${JSON.stringify(expected)} ≠ ${JSON.stringify(readEasTimezone(textOf(match)))}`);
    } else if (isContainer(element)) differences.push(...notCarriedBack(element.children, isContainer(match) ? match.children : [], here));
    else if (textOf(element) !== textOf(match)) differences.push(`${here}: "${textOf(element)}" ≠ "${textOf(match)}"`);
  }
  return differences;
}

/** The VEVENT/VTODO (the series, or the exception at `recurrenceId`) of a device item. */
function component(item: CalendarItem | undefined, recurrenceId?: string) {
  if (!item) throw new Error('no such item on the device');
  const vcalendar = ICAL.Component.fromString(item.icalendar);
  const all = [...vcalendar.getAllSubcomponents('vevent'), ...vcalendar.getAllSubcomponents('vtodo')];
  const found = all.find((c) => (recurrenceId ? c.getFirstProperty('recurrence-id')?.toICALString().endsWith(recurrenceId) : !c.hasProperty('recurrence-id')));
  if (!found) throw new Error(`no component ${recurrenceId ?? ''} in\n${item.icalendar}`);
  return found;
}

/** A component's property lines, unfolded (`DTSTART;TZID=Europe/Berlin:20250610T110000`). */
const lines = (c: ReturnType<typeof component>): string[] => c.getAllProperties().map((p) => p.toICALString());

// ---------------------------------------------------------------------------------------------
// The tests
// ---------------------------------------------------------------------------------------------

describe.each(['2.5', '14.0'] as const)('the TbSync harness, calendar and tasks, EAS %s, against a scripted responder', (version) => {
  const { server, received, items, uploads } = startResponder(version);
  let device: TbsyncDevice;

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    device = new TbsyncDevice({ serverUrl: `http://127.0.0.1:${port}/Microsoft-Server-ActiveSync`, user: USER, password: 'secret', version, timezone: 'Europe/Berlin' });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const event = (id: string) => device.events().find((item) => item.id === id);
  const task = (id: string) => device.tasks().find((item) => item.id === id);

  it('syncs the Calendar and Tasks folders, and takes the events and tasks down into its calendar', async () => {
    const result = await device.sync();
    expect(result, result.details).toEqual({ ok: true, status: 'success', requests: expect.any(Array) });
    const syncs = received.filter((r) => r.command === 'Sync').map((r) => child(child(r.body!, 'AirSync:Collections')!, 'AirSync:Collection')!);
    expect(syncs.map((c) => `${childText(c, 'AirSync:CollectionId')}@${childText(c, 'AirSync:SyncKey')}`)).toEqual([`${CALENDAR_ID}@0`, `${CALENDAR_ID}@1`, `${TASKS_ID}@0`, `${TASKS_ID}@1`]);
    if (version === '2.5') expect(syncs.map((c) => childText(c, 'AirSync:Class'))).toEqual(['Calendar', 'Calendar', 'Tasks', 'Tasks']);
    // TbSync asks for six months of events (its default period), in 2.5 too; no filter for tasks.
    const filter = (c: AsElement) => childText(child(c, 'AirSync:Options') ?? el('AirSync:Options'), 'AirSync:FilterType') ?? null;
    expect(syncs.map(filter)).toEqual([null, '7', null, null]);
    expect(device.events().map((e) => e.id).sort()).toEqual(['ev-allday', 'ev-meeting', 'ev-monthly', 'ev-weekly', 'ev-yearly', 'ev-zone']);
    expect(device.tasks().map((t) => t.id).sort()).toEqual(['task-done', 'task-open']);
  });

  it('holds a zoned event at its local time, in its IANA zone, with its zone definition', () => {
    const vevent = lines(component(event('ev-zone')));
    expect(vevent).toEqual(
      expect.arrayContaining([
        'UID:ev-zone',
        'SUMMARY:Übergabe Projekt Äolus',
        'DTSTART;TZID=Europe/Berlin:20250610T110000',
        'DTEND;TZID=Europe/Berlin:20250610T120000',
        'LOCATION:Raum 1.12\\, Müllerstraße',
        'DESCRIPTION:Agenda: status\\, risks.',
        'TRANSP:OPAQUE',
        'CLASS:PUBLIC',
        'CATEGORIES:Arbeit,Projekt',
      ]),
    );
    const vtimezone = ICAL.Component.fromString(event('ev-zone')!.icalendar).getFirstSubcomponent('vtimezone')!;
    expect(vtimezone.getFirstPropertyValue('tzid')).toBe('Europe/Berlin');
    expect(vtimezone.getFirstSubcomponent('daylight')!.getFirstPropertyValue('rrule')!.toString()).toBe('FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU');
  });

  it('holds an all-day event as a date', () => {
    expect(lines(component(event('ev-allday')))).toEqual(expect.arrayContaining(['DTSTART;VALUE=DATE:20250615', 'DTEND;VALUE=DATE:20250616', 'TRANSP:TRANSPARENT', 'CLASS:PRIVATE']));
  });

  it('holds a weekly series with its rule, the deleted occurrence as an EXDATE and the moved one as an exception (across the end of summer time)', () => {
    const series = lines(component(event('ev-weekly')));
    expect(series).toEqual(expect.arrayContaining(['DTSTART;TZID=Europe/Berlin:20251014T090000', 'RRULE:FREQ=WEEKLY;COUNT=6;BYDAY=TU', 'EXDATE;TZID=Europe/Berlin:20251021T090000']));
    expect(lines(component(event('ev-weekly'), '20251104T090000'))).toEqual(
      expect.arrayContaining(['UID:ev-weekly', 'RECURRENCE-ID;TZID=Europe/Berlin:20251104T090000', 'DTSTART;TZID=Europe/Berlin:20251104T100000', 'DTEND;TZID=Europe/Berlin:20251104T103000', 'SUMMARY:Jour fixe (verschoben)', 'LOCATION:Kantine']),
    );
  });

  it('holds a monthly series by weekday and a yearly all-day series with a deleted occurrence', () => {
    expect(lines(component(event('ev-monthly')))).toEqual(expect.arrayContaining(['DTSTART;TZID=Europe/Berlin:20250627T160000', 'RRULE:FREQ=MONTHLY;BYDAY=-1FR;UNTIL=20251231T230000Z']));
    expect(lines(component(event('ev-yearly')))).toEqual(expect.arrayContaining(['DTSTART;VALUE=DATE:20251224', 'RRULE:FREQ=YEARLY;BYMONTHDAY=24;BYMONTH=12', 'EXDATE;VALUE=DATE:20261224']));
  });

  it('holds a meeting with its organizer, attendees and reminder', () => {
    const meeting = component(event('ev-meeting'));
    expect(meeting.getFirstProperty('organizer')!.toICALString()).toBe('ORGANIZER;CN=Alice Example;ROLE=CHAIR;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:alice@example.org');
    const attendees = meeting.getAllProperties('attendee').map((p) => p.toICALString());
    // EAS 2.5 has no AttendeeType or AttendeeStatus: TbSync takes an attendee without a type for a resource.
    expect(attendees).toEqual(
      version === '2.5'
        ? ['ATTENDEE;CN=Bob Builder;ROLE=NON-PARTICIPANT;PARTSTAT=NEEDS-ACTION;CUTYPE=RESOURCE;RSVP=FALSE:mailto:bob@example.org', 'ATTENDEE;CN=Chloé Dubois;ROLE=NON-PARTICIPANT;PARTSTAT=NEEDS-ACTION;CUTYPE=RESOURCE;RSVP=FALSE:mailto:chloé@example.org']
        : ['ATTENDEE;CN=Bob Builder;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;CUTYPE=INDIVIDUAL;RSVP=FALSE:mailto:bob@example.org', 'ATTENDEE;CN=Chloé Dubois;ROLE=OPT-PARTICIPANT;PARTSTAT=NEEDS-ACTION;CUTYPE=INDIVIDUAL;RSVP=FALSE:mailto:chloé@example.org'],
    );
    const alarm = meeting.getFirstSubcomponent('valarm')!;
    expect([alarm.getFirstPropertyValue('action'), alarm.getFirstPropertyValue('trigger')!.toString()]).toEqual(['DISPLAY', '-PT15M']);
    expect(lines(meeting)).toContain('STATUS:CONFIRMED');
  });

  it('holds the tasks with their dates in the zone their offset names, completion and reminder', () => {
    const done = lines(component(task('task-done')));
    expect(done).toEqual(
      expect.arrayContaining([
        'SUMMARY:Steuererklärung abgeben',
        'DTSTART;TZID=Europe/Berlin:20250602T000000',
        'DUE;TZID=Europe/Berlin:20250610T000000',
        'COMPLETED:20250608T153000Z',
        'STATUS:COMPLETED',
        'PERCENT-COMPLETE:100',
        'PRIORITY:1',
        'CATEGORIES:Privat',
      ]),
    );
    expect(component(task('task-done')).getFirstSubcomponent('valarm')!.getFirstPropertyValue('trigger')!.toString()).toBe('P7DT9H');
    const open = lines(component(task('task-open')));
    // Due at midnight UTC: an offset of 0, which is UTC.
    expect(open).toEqual(expect.arrayContaining(['DUE:20250701T000000Z', 'PRIORITY:5']));
    expect(open.filter((line) => /^(DTSTART|COMPLETED|STATUS)/.test(line))).toEqual([]);
  });

  it('sends every item it received back up unchanged when the user touches it (a Sync Change per item)', async () => {
    for (const { id } of device.events()) device.editEvent(id, () => {});
    for (const { id } of device.tasks()) device.editTask(id, () => {});
    received.length = 0;
    const result = await device.sync();
    expect(result, result.details).toMatchObject({ ok: true, status: 'success' });

    for (const [collectionId, sentDown] of Object.entries(items)) {
      const changes = uploads(collectionId);
      expect(changes.map(nameOf)).toEqual(sentDown.map(() => 'AirSync:Change'));
      expect(changes.map((c) => childText(c, 'AirSync:ServerId')).sort()).toEqual(sentDown.map((item) => item.serverId).sort());
      for (const change of changes) {
        const serverId = childText(change, 'AirSync:ServerId')!;
        const down = sentDown.find((item) => item.serverId === serverId)!.data;
        const up = child(change, 'AirSync:ApplicationData')!;
        expect(notCarriedBack(down, isContainer(up) ? up.children : []), serverId).toEqual([]);
        if (collectionId === CALENDAR_ID) expect(childText(up, 'Calendar:UID'), 'TbSync sends the ServerId as UID').toBe(serverId);
      }
    }
  });

  it('sends an event and a task added on the device up as Adds (the event in its own zone), and takes the ServerIds given', async () => {
    const id = device.addEvent(
      ['BEGIN:VEVENT', 'UID:local-1', 'SUMMARY:Call with New York', 'DTSTART;TZID=America/New_York:20250702T090000', 'DTEND;TZID=America/New_York:20250702T093000', 'RRULE:FREQ=MONTHLY;BYDAY=1WE;UNTIL=20251231T235959Z', 'END:VEVENT'].join('\r\n'),
    );
    expect(id).toBe('local-1');
    device.addTask(['BEGIN:VTODO', 'UID:local-2', 'SUMMARY:Blumen gießen', 'DUE;TZID=Europe/Berlin:20250705T180000', 'END:VTODO'].join('\r\n'));
    received.length = 0;
    const result = await device.sync();
    expect(result, result.details).toMatchObject({ ok: true });

    const [add, ...others] = uploads(CALENDAR_ID);
    expect(others).toEqual([]);
    expect(nameOf(add!)).toBe('AirSync:Add');
    const data = child(add!, 'AirSync:ApplicationData')!;
    expect(readEasTimezone(childText(data, 'Calendar:Timezone')!)).toMatchObject({ bias: 300, standardName: 'Eastern Standard Time', standardDate: { month: 11, dayOfWeek: 0, week: 1 }, daylightDate: { month: 3, dayOfWeek: 0, week: 2 }, daylightBias: -60 });
    expect([childText(data, 'Calendar:StartTime'), childText(data, 'Calendar:EndTime'), childText(data, 'Calendar:Subject'), childText(data, 'Calendar:UID')]).toEqual(['20250702T130000Z', '20250702T133000Z', 'Call with New York', 'local-1']);
    const recurrence = child(data, 'Calendar:Recurrence')!;
    expect(childrenOf(recurrence).map((e) => `${nameOf(e)}=${textOf(e)}`)).toEqual(['Calendar:Type=3', 'Calendar:DayOfWeek=8', 'Calendar:Interval=1', 'Calendar:Until=20251231T235959Z', 'Calendar:WeekOfMonth=1']);

    const [taskAdd] = uploads(TASKS_ID);
    const taskData = child(taskAdd!, 'AirSync:ApplicationData')!;
    expect([childText(taskData, 'Tasks:Subject'), childText(taskData, 'Tasks:UtcDueDate'), childText(taskData, 'Tasks:DueDate'), childText(taskData, 'Tasks:Complete')]).toEqual(['Blumen gießen', '2025-07-05T16:00:00.000Z', '2025-07-05T18:00:00.000Z', '0']);

    // The server's ServerIds are the items' ids now.
    expect(event('new-1')).toBeDefined();
    expect(event('local-1')).toBeUndefined();
    expect(task('new-2')).toBeDefined();
  });

  it('sends a deleted event and task up as Deletes, and they are gone from the device', async () => {
    device.deleteEvent('ev-allday');
    device.deleteTask('task-open');
    received.length = 0;
    expect((await device.sync()).ok).toBe(true);
    expect(uploads(CALENDAR_ID).map((c) => `${nameOf(c)} ${childText(c, 'AirSync:ServerId')}`)).toEqual(['AirSync:Delete ev-allday']);
    expect(uploads(TASKS_ID).map((c) => `${nameOf(c)} ${childText(c, 'AirSync:ServerId')}`)).toEqual(['AirSync:Delete task-open']);
    expect(event('ev-allday')).toBeUndefined();
    expect(task('task-open')).toBeUndefined();
  });
});

describe.each(['2.5', '14.0'] as const)('the TbSync harness, EAS %s, on a device whose own zone is UTC', (version) => {
  const { server, received, items, uploads } = startResponder(version);
  let device: TbsyncDevice;

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    device = new TbsyncDevice({ serverUrl: `http://127.0.0.1:${port}/Microsoft-Server-ActiveSync`, user: USER, password: 'secret', version, synclimit: '0' });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('keeps zoned times in the zone the server named, and sends an all-day event back at midnight in its own zone (the dates kept)', async () => {
    expect((await device.sync()).ok).toBe(true);
    // The period picked in its account settings: all events.
    const getChanges = received.filter((r) => r.command === 'Sync').map((r) => child(child(r.body!, 'AirSync:Collections')!, 'AirSync:Collection')!)[1]!;
    expect(childText(child(getChanges, 'AirSync:Options')!, 'AirSync:FilterType')).toBe('0');
    const allDay = device.events().find((item) => item.id === 'ev-allday');
    expect(lines(component(allDay))).toEqual(expect.arrayContaining(['DTSTART;VALUE=DATE:20250615', 'DTEND;VALUE=DATE:20250616']));
    expect(lines(component(device.events().find((item) => item.id === 'ev-zone')))).toContain('DTSTART;TZID=Europe/Berlin:20250610T110000');

    for (const { id } of device.events()) device.editEvent(id, () => {});
    expect((await device.sync()).ok).toBe(true);
    const changes = new Map(uploads(CALENDAR_ID).map((change) => [childText(change, 'AirSync:ServerId')!, child(change, 'AirSync:ApplicationData')!]));
    const differences = (serverId: string) => {
      const up = changes.get(serverId);
      return notCarriedBack(items[CALENDAR_ID]!.find((item) => item.serverId === serverId)!.data, up && isContainer(up) ? up.children : []);
    };
    expect(differences('ev-zone')).toEqual([]);
    expect(differences('ev-weekly')).toEqual([]);
    expect(differences('ev-meeting')).toEqual([]);
    // 15 June, all day: sent down as 22:00Z in Berlin, back as 00:00Z with the device's zone.
    const up = changes.get('ev-allday')!;
    expect([childText(up, 'Calendar:AllDayEvent'), childText(up, 'Calendar:StartTime'), childText(up, 'Calendar:EndTime')]).toEqual(['1', '20250615T000000Z', '20250616T000000Z']);
    expect(readEasTimezone(childText(up, 'Calendar:Timezone')!)).toMatchObject({ bias: 0, standardDate: null, daylightDate: null });
  });
});

describe("the harness's zone definitions (VTIMEZONEs made from Intl, as Thunderbird words them)", () => {
  it.each(['Europe/Berlin', 'America/New_York', 'Australia/Sydney', 'Asia/Calcutta', 'America/Sao_Paulo', 'Pacific/Chatham'])('%s has the offsets Intl gives, all year round', (tzid) => {
    const zone = zoneOrFail(tzid);
    const offsetName = new Intl.DateTimeFormat('en-US', { timeZone: tzid, timeZoneName: 'longOffset' });
    const year = new Date().getUTCFullYear();
    for (let ms = Date.UTC(year, 0, 1); ms < Date.UTC(year + 2, 0, 1); ms += 12 * 3_600_000 + 7 * 60_000) {
      const name = offsetName.formatToParts(ms).find((part) => part.type === 'timeZoneName')!.value;
      const match = /GMT([+-])(\d\d):(\d\d)/.exec(name);
      const expected = match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 3600 + Number(match[3]) * 60) : 0;
      expect(ICAL.Time.fromJSDate(new Date(ms), true).convertToZone(zone.ical).utcOffset(), new Date(ms).toISOString()).toBe(expected);
    }
  });

  it('words Europe/Berlin as Thunderbird does (what TbSync reads its EAS switch dates from)', () => {
    expect(zoneOrFail('Europe/Berlin').icalComponent!.toString().split('\r\n')).toEqual([
      'BEGIN:VTIMEZONE',
      'TZID:Europe/Berlin',
      'X-LIC-LOCATION:Europe/Berlin',
      'BEGIN:DAYLIGHT',
      'TZOFFSETFROM:+0100',
      'TZOFFSETTO:+0200',
      'TZNAME:CEST',
      'DTSTART:19700329T020000',
      'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
      'END:DAYLIGHT',
      'BEGIN:STANDARD',
      'TZOFFSETFROM:+0200',
      'TZOFFSETTO:+0100',
      'TZNAME:CET',
      'DTSTART:19701025T030000',
      'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
      'END:STANDARD',
      'END:VTIMEZONE',
    ]);
  });
});
