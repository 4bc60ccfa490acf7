/**
 * Events and tasks with a CalDAV remote (Debian's Radicale, which keeps them in two calendars, as
 * Fastmail and iCloud do; and Debian's Xandikos, whose default calendar holds both, as most servers
 * allow): a Calendar run of a datastore bound to an extdata client registered from the server's
 * root, with exact counts both ways, an edit and a delete, and a no-change run that moves nothing.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { startRadicale } from '../dav/clients/radicale.js';
import { startXandikos } from '../dav/clients/xandikos.js';
import { basicHeader, type DavTarget } from '../dav/clients/target.js';
import { expectRun } from './fixtures.js';

vi.mock('node:crypto', async (importOriginal) => (await import('../support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

const event = (uid: string, summary: string) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//atomsync//test//EN', 'BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20260101T000000Z', 'DTSTART:20260301T090000Z', 'DTEND:20260301T100000Z', `SUMMARY:${summary}`, 'END:VEVENT', 'END:VCALENDAR', ''].join('\r\n');
const task = (uid: string, summary: string) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//atomsync//test//EN', 'BEGIN:VTODO', `UID:${uid}`, 'DTSTAMP:20260101T000000Z', `SUMMARY:${summary}`, 'END:VTODO', 'END:VCALENDAR', ''].join('\r\n');

interface Remote {
  readonly target: DavTarget;
  /** Where each class lives: two calendars, or one holding both. */
  readonly events: string;
  readonly tasks: string;
  /** The datastores registered: Events + Tasks (two calendars) or one Calendar. */
  readonly datastores: ('Events' | 'Tasks' | 'Calendar')[];
}

const TARGETS: Record<string, () => Promise<Remote>> = {
  Radicale: async () => {
    const target = await startRadicale();
    const home = `${target.url}/${target.username}`;
    return { target, events: `${home}/events/`, tasks: `${home}/tasks/`, datastores: ['Events', 'Tasks'] };
  },
  Xandikos: async () => {
    const target = await startXandikos();
    const calendar = `${target.url}/user/calendars/calendar/`;
    return { target, events: calendar, tasks: calendar, datastores: ['Calendar'] };
  },
};

const summaries = (texts: Iterable<string>): string[] => [...texts].map((t) => /SUMMARY:(.*)/.exec(t)?.[1]?.trim() ?? '').sort();

async function remoteItems(remote: Remote): Promise<string[]> {
  const texts: string[] = [];
  for (const url of new Set([remote.events, remote.tasks])) {
    const response = await fetch(url, {
      method: 'PROPFIND',
      headers: { authorization: basicHeader(remote.target), depth: '1', 'content-type': 'application/xml' },
      body: '<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop><d:getetag/></d:prop></d:propfind>',
    });
    const hrefs = [...(await response.text()).matchAll(/<(?:\w+:)?href>([^<]*\.ics)<\/(?:\w+:)?href>/g)].map((m) => m[1]!);
    for (const href of hrefs) texts.push(await (await fetch(new URL(href, url), { headers: { authorization: basicHeader(remote.target) } })).text());
  }
  return texts;
}

async function remotePut(remote: Remote, url: string, name: string, body: string): Promise<void> {
  const response = await fetch(new URL(name, url), { method: 'PUT', headers: { authorization: basicHeader(remote.target), 'content-type': 'text/calendar; charset=utf-8' }, body });
  expect([201, 204]).toContain(response.status);
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer('sqlite');
});
afterAll(async () => {
  await server?.close();
});

describe.each(Object.keys(TARGETS))('extdata over CalDAV against %s', (name) => {
  let remote: Remote;
  beforeAll(async () => {
    remote = await TARGETS[name]!();
  }, 60_000);
  afterAll(async () => {
    await remote?.target.stop();
  });

  it('synchronizes events and tasks both ways with exact counts; an edit and a delete reach the other side', async () => {
    const store = (await server.alice.client.datastore.create({ userId: `calendar-${name}` })).client.uuid!;
    const contents = server.alice.client.datastore.contents(store);
    const meeting = await contents.create({ title: 'Meeting', content: { type: 'text/calendar', value: event('meeting-1', 'Meeting') } });
    await contents.create({ title: 'Buy milk', content: { type: 'text/calendar', value: task('milk-1', 'Buy milk') } });
    await remotePut(remote, remote.events, 'dentist.ics', event('dentist-1', 'Dentist'));
    await remotePut(remote, remote.tasks, 'call.ics', task('call-1', 'Call Bo'));

    const token = { tokenType: 2 as const, key: remote.target.username, secret: remote.target.password };
    const ext = (await server.alice.client.extdata.create({ userId: `cal@${name}`, datastores: remote.datastores.map((dataclass) => ({ dataclass, href: `${remote.target.url}/`, token })) })).client.uuid!;
    const binding = Number((await server.alice.client.syncengine.create({ source: { syncSource: 'datastore', uuid: store }, target: { syncSource: 'extdata', uuid: ext } })).title);
    const run = () => server.alice.client.syncengine.synchronize(binding, { syncMode: 200, dataclass: 'Calendar' });

    expectRun(await run(), 201, { addsOut: 2, addsIn: 2 }, { addsIn: 2, addsOut: 2 });
    const all = ['Buy milk', 'Call Bo', 'Dentist', 'Meeting'];
    expect(summaries(await remoteItems(remote))).toEqual(all);
    expect(summaries((await contents.list()).entries.map((e) => e.content?.value ?? ''))).toEqual(all);
    expectRun(await run(), 200, {}, {});

    const id = meeting.id!.slice('urn:uuid:'.length);
    await contents.update(id, { title: 'Meeting moved', content: { type: 'text/calendar', value: event('meeting-1', 'Meeting moved') } });
    const removed = await fetch(new URL('call.ics', remote.tasks), { method: 'DELETE', headers: { authorization: basicHeader(remote.target) } });
    expect([200, 204]).toContain(removed.status);
    expectRun(await run(), 200, { replacesOut: 1, deletesIn: 1 }, { replacesIn: 1, deletesOut: 1 });
    const after = ['Buy milk', 'Dentist', 'Meeting moved'];
    expect(summaries(await remoteItems(remote))).toEqual(after);
    expect(summaries((await contents.list()).entries.map((e) => e.content?.value ?? ''))).toEqual(after);
    expectRun(await run(), 200, {}, {});
  });
});
