/**
 * Thunderbird itself (Debian's package, headless, driven over Marionette: clients/thunderbird.ts)
 * syncing a fresh server's address book over CardDAV and its events and tasks calendars over
 * CalDAV, each found from the server's bare URL as a user's New Address Book / New Calendar dialog
 * finds them. TbSync's
 * DAV provider (dav4tbsync.test.ts) only discovers: its sync IS this code, Thunderbird's own
 * CardDAV address book and CalDAV calendar.
 *
 * Down: items the REST API created, changed and deleted reach Thunderbird. Up: items added,
 * changed and deleted in Thunderbird reach the API. Exact counts on both sides, no doubles, and a
 * sync after Thunderbird's own writes brings nothing back twice.
 */
import type { AtomSyncClient } from '@atomsync/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAtomsync, type AtomsyncTarget } from './clients/atomsync.js';
import { Thunderbird } from './clients/thunderbird.js';

/** Generous: two cores shared with other suites. */
const STEP_MS = 120_000;
const WAIT_MS = 120_000;

const vcard = (uid: string, given: string, family: string) =>
  ['BEGIN:VCARD', 'VERSION:3.0', `UID:${uid}`, `FN:${given} ${family}`, `N:${family};${given};;;`, `EMAIL;TYPE=INTERNET:${uid}@example.org`, 'END:VCARD', ''].join('\r\n');

const vevent = (uid: string, summary: string, day: number) =>
  [
    'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//atomsync//thunderbird test//EN',
    'BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20260101T000000Z',
    `DTSTART:202603${String(day).padStart(2, '0')}T100000Z`, `DTEND:202603${String(day).padStart(2, '0')}T110000Z`,
    `SUMMARY:${summary}`, 'END:VEVENT', 'END:VCALENDAR', '',
  ].join('\r\n');

const vtodo = (uid: string, summary: string) =>
  [
    'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//atomsync//thunderbird test//EN',
    'BEGIN:VTODO', `UID:${uid}`, 'DTSTAMP:20260101T000000Z', 'DUE:20260401T100000Z', `SUMMARY:${summary}`, 'END:VTODO', 'END:VCALENDAR', '',
  ].join('\r\n');

/** A property's value in a vCard or iCalendar text (unfolded), or ''. */
const valueOf = (text: string, name: string) => new RegExp(`^${name}(?:;[^:\\r\\n]*)?:([^\\r\\n]*)$`, 'm').exec(text.replace(/\r?\n[ \t]/g, ''))?.[1] ?? '';

const sorted = (values: Iterable<string>) => [...values].sort();

interface ServerItem {
  readonly uuid: string;
  readonly text: string;
}

async function serverItems(client: AtomSyncClient, datastore: string, dataclass: 'Contacts' | 'Events' | 'Tasks'): Promise<ServerItem[]> {
  const items: ServerItem[] = [];
  for await (const e of client.datastore.contents(datastore).iterateList({ dataclass })) {
    items.push({ uuid: e.id!.slice('urn:uuid:'.length), text: e.content?.value ?? '' });
  }
  return items;
}

/** Polls `read` until `ok` holds of it (Thunderbird writes some things in the background); the last value otherwise. */
async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  const end = Date.now() + WAIT_MS;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('Thunderbird (headless) syncing a CardDAV address book and a CalDAV calendar', () => {
  let target: AtomsyncTarget;
  let tb: Thunderbird;

  beforeAll(async () => {
    target = await startAtomsync();
    tb = await Thunderbird.start({ startTimeoutMs: 120_000, stepTimeoutMs: STEP_MS });
  }, 300_000);
  afterAll(async () => {
    await tb?.stop();
    await target?.stop();
  }, 60_000);

  it('contacts: the API\'s adds, rename and delete reach Thunderbird; Thunderbird\'s reach the API', { timeout: 600_000 }, async () => {
    const contents = target.client.datastore.contents(target.datastoreClient);
    const names = async () => sorted((await serverItems(target.client, target.datastoreClient, 'Contacts')).map((i) => valueOf(i.text, 'FN')));
    const tbNames = async (book: string) => sorted((await tb.cards(book)).map((c) => valueOf(c.vcard, 'FN')));

    // Three contacts through the API before Thunderbird subscribes; api-1 without a UID, as an
    // integrator may write one: served with its uuid as UID, which Thunderbird must keep through
    // the API's rename below (given none, it made up a new UID on each read and doubled the card).
    const withoutUid = (card: string) => card.replace(/^UID:.*\r\n/m, '');
    const created = new Map<string, string>();
    for (let i = 0; i < 3; i++) {
      const card = vcard(`api-${i}`, 'Api', `Person ${i}`);
      const entry = await contents.create({ title: `Api ${i}`, content: { type: 'text/vcard', value: i === 1 ? withoutUid(card) : card } });
      created.set(`api-${i}`, entry.id!.slice('urn:uuid:'.length));
    }

    const bookUrl = `${target.url}/dav/addressbooks/${target.username}/${target.datastoreClient}/`;
    const book = await tb.addAddressBook(`${target.url}/`, target.username, target.password, bookUrl);
    expect(await tbNames(book)).toEqual(['Api Person 0', 'Api Person 1', 'Api Person 2']);
    expect(sorted((await tb.cards(book)).map((c) => c.uid))).toEqual(sorted(['api-0', created.get('api-1')!, 'api-2']));
    // It holds a sync token: its next syncs are sync-collection deltas, not full listings.
    const firstToken = await tb.bookSyncToken(book);
    expect(firstToken).not.toBe('');

    // Down: an add, a rename and a delete through the API, then one sync.
    await contents.create({ title: 'Api 3', content: { type: 'text/vcard', value: vcard('api-3', 'Api', 'Person 3') } });
    await contents.update(created.get('api-1')!, { title: 'Api 1', content: { type: 'text/vcard', value: withoutUid(vcard('api-1', 'Api', 'Renamed by API')) } });
    await contents.delete(created.get('api-2')!);
    await tb.syncAddressBook(book);
    const afterDown = ['Api Person 0', 'Api Person 3', 'Api Renamed by API'];
    expect(await tbNames(book)).toEqual(afterDown);
    expect(await tb.bookSyncToken(book)).not.toBe(firstToken);

    // Up: two adds, a rename of an API contact and a delete of another, in Thunderbird.
    const added = [await tb.addContact(book, 'Thunder', 'Bird 0', 'tb-0@example.org'), await tb.addContact(book, 'Thunder', 'Bird 1', 'tb-1@example.org')];
    // Its editor's vCard 4.0, under `<UID>.vcf` in the address book.
    for (const card of added) {
      expect(card.href).toBe(`/dav/addressbooks/${target.username}/${target.datastoreClient}/${card.uid}.vcf`);
      expect(valueOf(card.vcard, 'VERSION')).toBe('4.0');
    }
    await tb.renameCard(book, 'api-0', 'Api', 'Renamed by Thunderbird');
    await tb.deleteCard(book, 'api-3');
    const afterUp = ['Api Renamed by API', 'Api Renamed by Thunderbird', 'Thunder Bird 0', 'Thunder Bird 1'];
    expect(await eventually(names, (n) => JSON.stringify(n) === JSON.stringify(afterUp))).toEqual(afterUp);
    expect(await tbNames(book)).toEqual(afterUp);

    // A sync after its own writes: nothing doubled, nothing lost, on either side.
    await tb.syncAddressBook(book);
    expect(await tbNames(book)).toEqual(afterUp);
    expect(sorted((await tb.cards(book)).map((c) => c.uid))).toEqual(sorted(['api-0', created.get('api-1')!, ...added.map((c) => c.uid)]));
    const onServer = await serverItems(target.client, target.datastoreClient, 'Contacts');
    expect(onServer.map((i) => valueOf(i.text, 'FN')).sort()).toEqual(afterUp);
    // The API reads Thunderbird's contacts whole: their e-mail addresses too.
    expect(onServer.map((i) => valueOf(i.text, 'EMAIL')).sort()).toEqual(['api-0@example.org', 'api-1@example.org', 'tb-0@example.org', 'tb-1@example.org']);
    expect(await tb.davErrors()).toEqual([]);
  });

  it('events: the API\'s adds, change and delete reach Thunderbird; Thunderbird\'s reach the API', { timeout: 600_000 }, async () => {
    const contents = target.client.datastore.contents(target.datastoreClient);
    const summaries = async () => sorted((await serverItems(target.client, target.datastoreClient, 'Events')).map((i) => valueOf(i.text, 'SUMMARY')));
    const tbTitles = async (calendar: string) => sorted((await tb.events(calendar)).map((e) => e.title));

    const created = new Map<string, string>();
    for (let i = 0; i < 3; i++) {
      const entry = await contents.create({ title: `Api event ${i}`, content: { type: 'text/calendar', value: vevent(`api-event-${i}@atomsync.test`, `Api event ${i}`, i + 1) } });
      created.set(`api-event-${i}`, entry.id!.slice('urn:uuid:'.length));
    }

    const calendarUrl = `${target.url}/dav/calendars/${target.username}/${target.datastoreClient}/`;
    const calendar = await tb.addCalendar(`${target.url}/`, target.username, target.password, calendarUrl);
    expect(await tbTitles(calendar)).toEqual(['Api event 0', 'Api event 1', 'Api event 2']);
    // It found sync-collection in supported-report-set and holds a token: its refreshes are deltas.
    const first = await tb.calendarSync(calendar);
    expect(first.webdavSync).toBe(true);
    expect(first.token).not.toBe('');

    // Down.
    await contents.create({ title: 'Api event 3', content: { type: 'text/calendar', value: vevent('api-event-3@atomsync.test', 'Api event 3', 4) } });
    await contents.update(created.get('api-event-1')!, { title: 'x', content: { type: 'text/calendar', value: vevent('api-event-1@atomsync.test', 'Changed by API', 2) } });
    await contents.delete(created.get('api-event-2')!);
    await tb.refreshCalendar(calendar);
    const afterDown = ['Api event 0', 'Api event 3', 'Changed by API'];
    expect(await tbTitles(calendar)).toEqual(afterDown);
    expect((await tb.calendarSync(calendar)).token).not.toBe(first.token);

    // Up.
    // Written as its event dialog writes them: in the user's time zone, with its VTIMEZONE.
    const tbEvents = [
      await tb.addEvent(calendar, 'Thunderbird event 0', '20260310T100000', '20260310T110000', 'Europe/Berlin'),
      await tb.addEvent(calendar, 'Thunderbird event 1', '20260311T100000', '20260311T110000', 'Europe/Berlin'),
    ];
    await tb.retitleItem(calendar, 'api-event-0@atomsync.test', 'Changed by Thunderbird');
    await tb.deleteItem(calendar, 'api-event-3@atomsync.test');
    const afterUp = ['Changed by API', 'Changed by Thunderbird', 'Thunderbird event 0', 'Thunderbird event 1'];
    expect(await summaries()).toEqual(afterUp);
    expect(await tbTitles(calendar)).toEqual(afterUp);

    // A refresh after its own writes: nothing doubled, nothing lost.
    await tb.refreshCalendar(calendar);
    expect(await tbTitles(calendar)).toEqual(afterUp);
    expect(sorted((await tb.events(calendar)).map((e) => e.uid))).toEqual(sorted(['api-event-0@atomsync.test', 'api-event-1@atomsync.test', ...tbEvents]));
    expect(await summaries()).toEqual(afterUp);
    // The API reads Thunderbird's events whole: their zoned start and the zone's definition.
    const fromTb = (await serverItems(target.client, target.datastoreClient, 'Events')).filter((i) => tbEvents.includes(valueOf(i.text, 'UID')));
    expect(fromTb.map((i) => valueOf(i.text, 'DTSTART;TZID=Europe/Berlin')).sort()).toEqual(['20260310T100000', '20260311T100000']);
    for (const item of fromTb) expect(item.text).toMatch(/^BEGIN:VTIMEZONE\r?\nTZID:Europe\/Berlin\r?$/m);
    expect(await tb.davErrors()).toEqual([]);
  });

  it('tasks: the tasks calendar syncs the same way — the API\'s add, change and delete down, Thunderbird\'s up', { timeout: 600_000 }, async () => {
    const contents = target.client.datastore.contents(target.datastoreClient);
    const summaries = async () => sorted((await serverItems(target.client, target.datastoreClient, 'Tasks')).map((i) => valueOf(i.text, 'SUMMARY')));
    const tbTitles = async (calendar: string) => sorted((await tb.tasks(calendar)).map((t) => t.title));

    const created = new Map<string, string>();
    for (let i = 0; i < 3; i++) {
      const entry = await contents.create({ title: `Api task ${i}`, content: { type: 'text/calendar', value: vtodo(`api-task-${i}@atomsync.test`, `Api task ${i}`) } });
      created.set(`api-task-${i}`, entry.id!.slice('urn:uuid:'.length));
    }

    // The datastore's VTODO calendar, beside its events calendar.
    const calendarUrl = `${target.url}/dav/calendars/${target.username}/${target.datastoreClient}-tasks/`;
    const calendar = await tb.addCalendar(`${target.url}/`, target.username, target.password, calendarUrl);
    expect(await tbTitles(calendar)).toEqual(['Api task 0', 'Api task 1', 'Api task 2']);
    expect(await tb.events(calendar)).toEqual([]);

    await contents.create({ title: 'Api task 3', content: { type: 'text/calendar', value: vtodo('api-task-3@atomsync.test', 'Api task 3') } });
    await contents.update(created.get('api-task-1')!, { title: 'x', content: { type: 'text/calendar', value: vtodo('api-task-1@atomsync.test', 'Task changed by API') } });
    await contents.delete(created.get('api-task-2')!);
    await tb.refreshCalendar(calendar);
    expect(await tbTitles(calendar)).toEqual(['Api task 0', 'Api task 3', 'Task changed by API']);

    const tbTask = await tb.addTask(calendar, 'Thunderbird task', '20260402T090000', 'Europe/Berlin');
    await tb.retitleItem(calendar, 'api-task-0@atomsync.test', 'Task changed by Thunderbird');
    await tb.deleteItem(calendar, 'api-task-3@atomsync.test');
    const afterUp = ['Task changed by API', 'Task changed by Thunderbird', 'Thunderbird task'];
    expect(await summaries()).toEqual(afterUp);
    expect(await tbTitles(calendar)).toEqual(afterUp);

    await tb.refreshCalendar(calendar);
    expect(sorted((await tb.tasks(calendar)).map((t) => t.uid))).toEqual(sorted(['api-task-0@atomsync.test', 'api-task-1@atomsync.test', tbTask]));
    expect(await summaries()).toEqual(afterUp);
    // The events calendar's items stay where they are: none of these tasks went there.
    expect((await serverItems(target.client, target.datastoreClient, 'Events')).map((i) => valueOf(i.text, 'SUMMARY'))).not.toContain('Thunderbird task');
    expect(await tb.davErrors()).toEqual([]);
  });
});
