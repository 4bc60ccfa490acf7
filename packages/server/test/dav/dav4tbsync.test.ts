/**
 * TbSync's DAV provider (Debian's webext-dav4tbsync) discovers an account here as it does any
 * CardDAV/CalDAV server: its own folderList, from the server URL a user types, through the
 * principal and the home sets to each collection, with the names and colours it shows in its
 * folder list (clients/dav4tbsync.ts says what runs and what stands in for Thunderbird).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { davFolderList } from './clients/dav4tbsync.js';
import { basic, davClient } from './support.js';

describe("TbSync's DAV provider", () => {
  let server: TestServer;
  let home: string;
  let work: string;

  beforeAll(async () => {
    server = await startTestServer('sqlite');
    home = (await server.alice.client.datastore.create({ userId: 'home' })).client.uuid!;
    work = (await server.alice.client.datastore.create({ userId: 'work' })).client.uuid!;
    // A colour a client set on one calendar (Thunderbird and Apple clients write this property).
    const dav = davClient(() => server.url, () => basic(server.alice.username, server.alice.password));
    const res = await dav('PROPPATCH', `/dav/calendars/alice/${work}/`, {
      body: '<?xml version="1.0"?><d:propertyupdate xmlns:d="DAV:" xmlns:A="http://apple.com/ns/ical/"><d:set><d:prop><A:calendar-color>#3A87ADFF</A:calendar-color></d:prop></d:set></d:propertyupdate>',
    });
    expect(res.status).toBe(207);
  });
  afterAll(async () => server?.close());

  it("finds from the bare server URL every datastore's address book, events calendar and tasks calendar, with their names and colours, writable", async () => {
    const found = await davFolderList({ server: server.url, username: server.alice.username, password: server.alice.password });
    expect(found.eventlog.filter(([type]) => type === 'error' || type === 'warning')).toEqual([]);
    const origin = new URL(server.url).origin;
    expect(found.principals).toEqual({ cal: `${origin}/dav/principals/alice/`, card: `${origin}/dav/principals/alice/` });
    const byHref = [...found.folders].sort((a, b) => (a.href < b.href ? -1 : 1));
    expect(byHref.map((f) => [f.href, f.type, f.name, f.color, f.components, f.acl, f.shared])).toEqual(
      [
        [`/dav/addressbooks/alice/${home}/`, 'carddav', 'home', undefined, [], '15', false],
        [`/dav/addressbooks/alice/${work}/`, 'carddav', 'work', undefined, [], '15', false],
        [`/dav/calendars/alice/${home}/`, 'caldav', 'home', undefined, ['VEVENT'], '15', false],
        [`/dav/calendars/alice/${home}-tasks/`, 'caldav', 'home (tasks)', undefined, ['VTODO'], '15', false],
        [`/dav/calendars/alice/${work}/`, 'caldav', 'work', '#3A87AD', ['VEVENT'], '15', false],
        [`/dav/calendars/alice/${work}-tasks/`, 'caldav', 'work (tasks)', undefined, ['VTODO'], '15', false],
      ].sort((a, b) => (a[0]! < b[0]! ? -1 : 1)),
    );
  });
});
