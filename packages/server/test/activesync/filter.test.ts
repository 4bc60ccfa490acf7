/**
 * FilterType with our scripted client, on both stores: a calendar's window (events ending inside
 * it, series with and without end, all-day events, an event moved out of and into it, a delete of
 * one the phone never got), a FilterType changed on a running collection (only the items across
 * its edge move, the SyncKey goes on), held events aging out as the clock moves (SoftDelete),
 * tasks with FilterType 8, the phone's own items outside the window accepted, and GetItemEstimate
 * counting what Sync then sends.
 */
import { el, type AsElement } from '@atomsync/activesync';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { storeKinds } from '../support/stores.js';
import { childrenAt, ScriptedPhone, textAt, textOf } from './support/scripted.js';

// scrypt's cost is not this file's question, only its answers: scrypt runs cheap here, the same answers
// (support/cheap-scrypt.ts); at full cost the accounts and phones signing in were much of its time.
vi.mock('node:crypto', async (importOriginal) => (await import('../support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

const DAY = 86_400_000;
/** A UTC iCalendar time `days` from now (whole minutes). */
const utc = (ms: number) => new Date(Math.floor(ms / 60_000) * 60_000).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10).replace(/-/g, '');
const ics = (...lines: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...lines, 'END:VCALENDAR', ''].join('\r\n');
/** An event `startDays` from now, an hour long (or `extra` lines instead of its times). */
function event(summary: string, startDays: number, extra: string[] = []): string {
  const start = Date.now() + startDays * DAY;
  const times = extra.some((l) => l.startsWith('DTSTART')) ? [] : [`DTSTART:${utc(start)}`, `DTEND:${utc(start + 3_600_000)}`];
  return ics('BEGIN:VEVENT', `UID:${summary}@example.org`, 'DTSTAMP:20260101T000000Z', `SUMMARY:${summary}`, ...times, ...extra, 'END:VEVENT');
}
const task = (summary: string, done: boolean) =>
  ics('BEGIN:VTODO', `UID:${summary}@example.org`, 'DTSTAMP:20260101T000000Z', `SUMMARY:${summary}`, ...(done ? ['STATUS:COMPLETED', 'COMPLETED:20260101T000000Z'] : ['STATUS:NEEDS-ACTION']), 'END:VTODO');

let users = 0;

describe.each(storeKinds)('ActiveSync FilterType (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A provisioned phone (14.0) whose client is bound to a datastore holding `items`; the datastore's uuids by title. */
  async function phoneWith(items: Record<string, string>) {
    const username = `filter-${kind}-${++users}@example.org`;
    const password = `pw-${users}-Larch`;
    const sdk = server.alice.client;
    const client = (await sdk.activesync.create({ username, password })).client.uuid!;
    const datastore = (await sdk.datastore.create({ userId: `filter-user-${kind}-${users}` })).client.uuid!;
    const uuids = new Map<string, string>();
    for (const [title, value] of Object.entries(items)) {
      const created = await sdk.datastore.contents(datastore).create({ title, content: { type: 'text/calendar', value } });
      uuids.set(title, created.id!.replace(/^urn:uuid:/, ''));
    }
    await sdk.syncengine.create({ source: { syncSource: 'activesync', uuid: client }, target: { syncSource: 'datastore', uuid: datastore }, conflictWinner: 'source' });
    const phone = new ScriptedPhone({ url: server.url, username, password, version: '14.0' });
    await phone.provision();
    await phone.send('FolderSync', el('FolderHierarchy:FolderSync', [el('FolderHierarchy:SyncKey', '0')]));
    const contents = sdk.datastore.contents(datastore);
    return { phone, datastore, uuids, contents };
  }

  const options = (filterType: number | undefined) => (filterType === undefined ? [] : [el('AirSync:Options', [el('AirSync:FilterType', String(filterType))])]);
  const syncOf = (folder: string, key: string, extra: AsElement[]) =>
    el('AirSync:Sync', [el('AirSync:Collections', [el('AirSync:Collection', [el('AirSync:SyncKey', key), el('AirSync:CollectionId', folder), ...extra])])]);
  const collectionOf = (tree: AsElement | null) => childrenAt(tree, ['AirSync:Collections'], 'AirSync:Collection')[0];
  const commandsOf = (tree: AsElement | null, kind: string) => childrenAt(tree, ['AirSync:Collections', 'AirSync:Collection', 'AirSync:Commands'], kind);
  const subjectsOf = (commands: AsElement[], field = 'Calendar:Subject') => commands.map((c) => textOf(c.children?.find((d) => d.tag === 'ApplicationData'), field)).sort();
  const idsOf = (commands: AsElement[]) => commands.map((c) => textOf(c, 'AirSync:ServerId')!);

  /** Starts the folder with `filterType` and takes every change down; the adds' ServerIds by subject, the key, and the first Sync's answer. */
  async function start(phone: ScriptedPhone, folder: string, filterType: number | undefined, field = 'Calendar:Subject') {
    const first = await phone.send('Sync', syncOf(folder, '0', options(filterType)));
    let key = textOf(collectionOf(first.tree), 'AirSync:SyncKey')!;
    const held = new Map<string, string>();
    for (;;) {
      const down = await phone.send('Sync', syncOf(folder, key, [el('AirSync:GetChanges'), el('AirSync:WindowSize', '100'), ...options(filterType)]));
      expect(textOf(collectionOf(down.tree), 'AirSync:Status')).toBe('1');
      for (const add of commandsOf(down.tree, 'AirSync:Add')) held.set(textOf(add.children?.find((d) => d.tag === 'ApplicationData'), field)!, textOf(add, 'AirSync:ServerId')!);
      key = textOf(collectionOf(down.tree), 'AirSync:SyncKey')!;
      if (textOf(collectionOf(down.tree), 'AirSync:MoreAvailable') === undefined) break;
    }
    return { key, held };
  }

  const estimateOf = async (phone: ScriptedPhone, folder: string, key: string, filterType?: number) => {
    const answer = await phone.send(
      'GetItemEstimate',
      el('GetItemEstimate:GetItemEstimate', [
        el('GetItemEstimate:Collections', [el('GetItemEstimate:Collection', [el('AirSync:SyncKey', key), el('GetItemEstimate:CollectionId', folder), ...options(filterType)])]),
      ]),
    );
    expect(textAt(answer.tree, 'GetItemEstimate:Response', 'GetItemEstimate:Status')).toBe('1');
    return Number(textAt(answer.tree, 'GetItemEstimate:Response', 'GetItemEstimate:Collection', 'GetItemEstimate:Estimate'));
  };

  const calendarItems = () => ({
    'long-past': event('long-past', -40),
    'last-week': event('last-week', -6),
    'next-week': event('next-week', 7),
    'weekly-forever': event('weekly-forever', -400, ['RRULE:FREQ=WEEKLY']),
    'weekly-ended': event('weekly-ended', -400, [`RRULE:FREQ=WEEKLY;UNTIL=${utc(Date.now() - 60 * DAY)}`]),
    'weekly-count-running': event('weekly-count-running', -21, ['RRULE:FREQ=WEEKLY;COUNT=10']),
    'all-day-old': event('all-day-old', 0, [`DTSTART;VALUE=DATE:${dayOf(Date.now() - 20 * DAY)}`, `DTEND;VALUE=DATE:${dayOf(Date.now() - 19 * DAY)}`]),
    'all-day-recent': event('all-day-recent', 0, [`DTSTART;VALUE=DATE:${dayOf(Date.now() - 3 * DAY)}`]),
  });
  const inTwoWeeks = ['all-day-recent', 'last-week', 'next-week', 'weekly-count-running', 'weekly-forever'];

  it('sends a two-weeks calendar only the events ending inside it, and GetItemEstimate says as many', async () => {
    const { phone } = await phoneWith(calendarItems());
    const first = await phone.send('Sync', syncOf('calendar', '0', options(4)));
    const key = textOf(collectionOf(first.tree), 'AirSync:SyncKey')!;
    expect(await estimateOf(phone, 'calendar', key)).toBe(inTwoWeeks.length);
    const down = await phone.send('Sync', syncOf('calendar', key, [el('AirSync:GetChanges'), ...options(4)]));
    expect(subjectsOf(commandsOf(down.tree, 'AirSync:Add'))).toEqual(inTwoWeeks);
  });

  it('sends every event with FilterType 0 or none', async () => {
    const { phone } = await phoneWith(calendarItems());
    expect([...(await start(phone, 'calendar', 0)).held.keys()]).toHaveLength(Object.keys(calendarItems()).length);
  });

  it('moves events across the window as they change: out is a SoftDelete, in is an Add, a delete of one never sent is nothing', async () => {
    const { phone, uuids, contents } = await phoneWith(calendarItems());
    let { key, held } = await start(phone, 'calendar', 4);
    // next-week moves two months back; long-past moves to tomorrow; weekly-ended is deleted; last-week is renamed.
    await contents.update(uuids.get('next-week')!, { title: 'e', content: { type: 'text/calendar', value: event('next-week', -60) } });
    await contents.update(uuids.get('long-past')!, { title: 'e', content: { type: 'text/calendar', value: event('long-past', 1) } });
    await contents.delete(uuids.get('weekly-ended')!);
    await contents.update(uuids.get('last-week')!, { title: 'e', content: { type: 'text/calendar', value: event('last-week', -5) } });
    // What the Sync will send: one SoftDelete, one Add, one Change (the delete of one never sent is nothing).
    expect(await estimateOf(phone, 'calendar', key)).toBe(3);
    const answer = await phone.send('Sync', syncOf('calendar', key, [el('AirSync:GetChanges'), ...options(4)]));
    expect(idsOf(commandsOf(answer.tree, 'AirSync:SoftDelete'))).toEqual([held.get('next-week')]);
    expect(subjectsOf(commandsOf(answer.tree, 'AirSync:Add'))).toEqual(['long-past']);
    expect(subjectsOf(commandsOf(answer.tree, 'AirSync:Change'))).toEqual(['last-week']);
    expect(commandsOf(answer.tree, 'AirSync:Delete')).toEqual([]);
    key = textOf(collectionOf(answer.tree), 'AirSync:SyncKey')!;
    // next-week comes back into the window: an Add again (the phone dropped it).
    await contents.update(uuids.get('next-week')!, { title: 'e', content: { type: 'text/calendar', value: event('next-week', 2) } });
    const back = await phone.send('Sync', syncOf('calendar', key, [el('AirSync:GetChanges'), ...options(4)]));
    expect(idsOf(commandsOf(back.tree, 'AirSync:Add'))).toEqual([held.get('next-week')]);
    expect(commandsOf(back.tree, 'AirSync:Change')).toEqual([]);
  });

  it('widens and narrows a running collection without a resync: only the items across the edge move', async () => {
    const { phone } = await phoneWith(calendarItems());
    let { key } = await start(phone, 'calendar', 4);
    const wider = await phone.send('Sync', syncOf('calendar', key, [el('AirSync:GetChanges'), ...options(0)]));
    expect(textOf(collectionOf(wider.tree), 'AirSync:Status')).toBe('1');
    expect(subjectsOf(commandsOf(wider.tree, 'AirSync:Add'))).toEqual(['all-day-old', 'long-past', 'weekly-ended']);
    const olderIds = new Map(commandsOf(wider.tree, 'AirSync:Add').map((a) => [textOf(a.children?.find((d) => d.tag === 'ApplicationData'), 'Calendar:Subject'), textOf(a, 'AirSync:ServerId')]));
    key = textOf(collectionOf(wider.tree), 'AirSync:SyncKey')!;
    // Back to two weeks: exactly those three leave again.
    const narrower = await phone.send('Sync', syncOf('calendar', key, [el('AirSync:GetChanges'), ...options(4)]));
    expect(idsOf(commandsOf(narrower.tree, 'AirSync:SoftDelete')).sort()).toEqual([olderIds.get('all-day-old'), olderIds.get('long-past'), olderIds.get('weekly-ended')].sort());
    expect(commandsOf(narrower.tree, 'AirSync:Add')).toEqual([]);
    key = textOf(collectionOf(narrower.tree), 'AirSync:SyncKey')!;
    // The same filter again: nothing moves.
    const same = await phone.send('Sync', syncOf('calendar', key, [el('AirSync:GetChanges'), ...options(4)]));
    expect(commandsOf(same.tree, 'AirSync:SoftDelete')).toEqual([]);
    expect(commandsOf(same.tree, 'AirSync:Add')).toEqual([]);
  });

  it('soft-deletes held events that the moving window leaves as days pass', async () => {
    const { phone } = await phoneWith({ 'last-week': event('last-week', -6), 'in-ten-days': event('in-ten-days', 10), forever: event('forever', -400, ['RRULE:FREQ=DAILY']) });
    const { key, held } = await start(phone, 'calendar', 4);
    expect([...held.keys()].sort()).toEqual(['forever', 'in-ten-days', 'last-week']);
    // Nine days on: last-week ended 15 days ago (out of two weeks), in-ten-days has not ended yet.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(Date.now() + 9 * DAY));
    const later = await phone.send('Sync', syncOf('calendar', key, [el('AirSync:GetChanges'), ...options(4)]));
    expect(idsOf(commandsOf(later.tree, 'AirSync:SoftDelete'))).toEqual([held.get('last-week')]);
    expect(commandsOf(later.tree, 'AirSync:Add')).toEqual([]);
  });

  it('accepts the phone’s own events outside the window', async () => {
    const { phone, contents } = await phoneWith({});
    const { key } = await start(phone, 'calendar', 4);
    const old = [el('Calendar:Timezone', 'xP///wAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=='), el('Calendar:StartTime', '20200101T090000Z'), el('Calendar:EndTime', '20200101T100000Z'), el('Calendar:Subject', 'Old news')];
    const answer = await phone.send('Sync', syncOf('calendar', key, [el('AirSync:Commands', [el('AirSync:Add', [el('AirSync:ClientId', 'c1'), el('AirSync:ApplicationData', old)])]), ...options(4)]));
    expect(textAt(answer.tree, 'AirSync:Collections', 'AirSync:Collection', 'AirSync:Responses', 'AirSync:Add', 'AirSync:Status')).toBe('1');
    const stored = (await contents.list({ dataclass: 'Events' })).entries.map((e) => e.content?.value ?? '');
    expect(stored).toHaveLength(1);
    expect(stored[0]).toContain('SUMMARY:Old news');
  });

  it('sends tasks with FilterType 8 only while they are not complete', async () => {
    const { phone, uuids, contents } = await phoneWith({ open: task('open', false), done: task('done', true), 'to-finish': task('to-finish', false) });
    const first = await phone.send('Sync', syncOf('tasks', '0', options(8)));
    const firstKey = textOf(collectionOf(first.tree), 'AirSync:SyncKey')!;
    expect(await estimateOf(phone, 'tasks', firstKey)).toBe(2);
    const down = await phone.send('Sync', syncOf('tasks', firstKey, [el('AirSync:GetChanges'), ...options(8)]));
    const adds = commandsOf(down.tree, 'AirSync:Add');
    expect(subjectsOf(adds, 'Tasks:Subject')).toEqual(['open', 'to-finish']);
    const finishId = idsOf(adds)[subjectsOf(adds, 'Tasks:Subject').indexOf('to-finish')];
    let key = textOf(collectionOf(down.tree), 'AirSync:SyncKey')!;
    // Completed on the server: the phone drops it (SoftDelete); reopened: it comes back.
    await contents.update(uuids.get('to-finish')!, { title: 't', content: { type: 'text/calendar', value: task('to-finish', true) } });
    const finished = await phone.send('Sync', syncOf('tasks', key, [el('AirSync:GetChanges'), ...options(8)]));
    expect(idsOf(commandsOf(finished.tree, 'AirSync:SoftDelete'))).toEqual([finishId]);
    key = textOf(collectionOf(finished.tree), 'AirSync:SyncKey')!;
    await contents.update(uuids.get('done')!, { title: 't', content: { type: 'text/calendar', value: task('done', false) } });
    const reopened = await phone.send('Sync', syncOf('tasks', key, [el('AirSync:GetChanges'), ...options(8)]));
    expect(subjectsOf(commandsOf(reopened.tree, 'AirSync:Add'), 'Tasks:Subject')).toEqual(['done']);
    // All tasks: the completed one comes too.
    key = textOf(collectionOf(reopened.tree), 'AirSync:SyncKey')!;
    const all = await phone.send('Sync', syncOf('tasks', key, [el('AirSync:GetChanges'), ...options(0)]));
    expect(idsOf(commandsOf(all.tree, 'AirSync:Add'))).toEqual([finishId]);
  });

  it('ignores FilterType for contacts', async () => {
    const username = `filter-${kind}-${++users}@example.org`;
    const sdk = server.alice.client;
    const client = (await sdk.activesync.create({ username, password: 'pw-Contacts-1' })).client.uuid!;
    const datastore = (await sdk.datastore.create({ userId: `filter-user-${kind}-${users}` })).client.uuid!;
    await sdk.datastore.contents(datastore).create({ title: 'c', content: { type: 'text/vcard', value: 'BEGIN:VCARD\r\nVERSION:3.0\r\nN:Old;Olga;;;\r\nFN:Olga Old\r\nEND:VCARD\r\n' } });
    await sdk.syncengine.create({ source: { syncSource: 'activesync', uuid: client }, target: { syncSource: 'datastore', uuid: datastore } });
    const phone = new ScriptedPhone({ url: server.url, username, password: 'pw-Contacts-1', version: '14.0' });
    await phone.provision();
    await phone.send('FolderSync', el('FolderHierarchy:FolderSync', [el('FolderHierarchy:SyncKey', '0')]));
    expect([...(await start(phone, 'contacts', 4, 'Contacts:FileAs')).held]).toHaveLength(1);
  });
});
