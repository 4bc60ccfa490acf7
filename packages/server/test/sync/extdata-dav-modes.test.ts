/**
 * Every sync mode over CardDAV/CalDAV, on contacts, events and tasks, against Debian's Radicale,
 * Debian's Xandikos and our own DAV endpoint: a datastore (the binding's source) bound to an extdata
 * client registered from the server's root. One walk per server and class, with exact statistics
 * at every step and both sides read back after it:
 *   - the first run (200 asked) is a slow sync (201) that merges the twin both sides hold;
 *   - 202 sends only the datastore's changes, 204 only the remote's, each leaving the other
 *     direction's for a later run (which then sends them);
 *   - 203 makes the remote an exact copy of the datastore, 205 the datastore one of the remote;
 *   - a run with nothing changed moves nothing after each.
 * Against Radicale, two faults of a real remote on top: restarted with its caches removed it has
 * forgotten our sync token (403 valid-sync-token) — the run lists in full and doubles nothing; and
 * restarted with the collection's files hidden it answers an empty listing — the run stops saying
 * why and deletes nothing, and once the files are back nothing moves.
 *
 * The remote is read and written with plain fetch, not with the connector's client.
 */
import { mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readMultistatus, foundProp, DAV_NS, CARDDAV_NS } from '@atomsync/dav';
import type { SyncMode } from '@atomsync/atom';
import { startTestServer, type TestServer } from '../support/server.js';
import { startRadicale, type RadicaleTarget } from '../dav/clients/radicale.js';
import { startXandikos } from '../dav/clients/xandikos.js';
import { startAtomsync } from '../dav/clients/atomsync.js';
import { basicHeader, type DavTarget } from '../dav/clients/target.js';
import { card, expectFailed, expectRun } from './fixtures.js';

vi.mock('node:crypto', async (importOriginal) => (await import('../support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

type Kind = 'Contacts' | 'Events' | 'Tasks';
const KINDS: readonly Kind[] = ['Contacts', 'Events', 'Tasks'];
const CALDAV_NS = 'urn:ietf:params:xml:ns:caldav';

interface Remote {
  readonly target: DavTarget;
  /** Where each class lives (Xandikos: events and tasks in one calendar). */
  readonly collections: Record<Kind, string>;
  /** Radicale only: restarts. */
  readonly radicale?: RadicaleTarget;
}

const TARGETS: Record<string, () => Promise<Remote>> = {
  Radicale: async () => {
    const target = await startRadicale();
    const home = `${target.url}/${target.username}`;
    return { target, radicale: target, collections: { Contacts: `${home}/contacts/`, Events: `${home}/events/`, Tasks: `${home}/tasks/` } };
  },
  Xandikos: async () => {
    const target = await startXandikos();
    const calendar = `${target.url}/user/calendars/calendar/`;
    return { target, collections: { Contacts: target.addressBookUrl, Events: calendar, Tasks: calendar } };
  },
  atomsync: async () => {
    const target = await startAtomsync();
    return { target, collections: await homeOf(target) };
  },
};

async function propfind(target: DavTarget, url: string, depth: string, props: string) {
  const response = await fetch(url, {
    method: 'PROPFIND',
    headers: { authorization: basicHeader(target), depth, 'content-type': 'application/xml' },
    body: `<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:c="${CALDAV_NS}"><d:prop>${props}</d:prop></d:propfind>`,
  });
  expect(response.status).toBe(207);
  return readMultistatus(await response.text()).responses;
}

/** Our endpoint's collections, found as a client finds them (their paths are its own choice). */
async function homeOf(target: DavTarget): Promise<Record<Kind, string>> {
  const principal = await propfind(target, `${target.url}/.well-known/carddav`, '0', '<d:current-user-principal/>');
  const principalUrl = new URL(foundProp(principal[0]!, DAV_NS, 'current-user-principal')!.node.children[0]!.text.trim(), target.url).href;
  const homeSet = async (ns: string, prop: string) => {
    const homes = await propfind(target, principalUrl, '0', `<x:${prop} xmlns:x="${ns}"/>`);
    return new URL(foundProp(homes[0]!, ns, prop)!.node.children[0]!.text.trim(), target.url).href;
  };
  const books = await propfind(target, await homeSet(CARDDAV_NS, 'addressbook-home-set'), '1', '<d:resourcetype/>');
  const book = books.find((m) => foundProp(m, DAV_NS, 'resourcetype')?.node.children.some((c) => c.name === 'addressbook'))!;
  const calendars = await propfind(target, await homeSet(CALDAV_NS, 'calendar-home-set'), '1', '<d:resourcetype/><c:supported-calendar-component-set/>');
  const holding = (component: string) =>
    calendars.find((m) => foundProp(m, CALDAV_NS, 'supported-calendar-component-set')?.node.children.some((c) => c.attributes.some((a) => a.name === 'name' && a.value === component)))!;
  return {
    Contacts: new URL(book.href, target.url).href,
    Events: new URL(holding('VEVENT').href, target.url).href,
    Tasks: new URL(holding('VTODO').href, target.url).href,
  };
}

/** An item of `kind` labelled `label` (FN or SUMMARY), with its own UID and an optional note. */
function itemText(kind: Kind, label: string, note?: string): string {
  const uid = `uid-${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  if (kind === 'Contacts') return card(label, undefined, note).replace('END:VCARD', `UID:${uid}\r\nEND:VCARD`);
  const component = kind === 'Events' ? 'VEVENT' : 'VTODO';
  const when = kind === 'Events' ? ['DTSTART:20260301T090000Z', 'DTEND:20260301T100000Z'] : ['DUE:20260301T090000Z'];
  return [
    'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//atomsync//test//EN', `BEGIN:${component}`, `UID:${uid}`, 'DTSTAMP:20260101T000000Z', ...when,
    `SUMMARY:${label}`, ...(note === undefined ? [] : [`DESCRIPTION:${note}`]), `END:${component}`, 'END:VCALENDAR', '',
  ].join('\r\n');
}

const labelOf = (text: string): string => /^(?:FN|SUMMARY):(.*)$/m.exec(text)?.[1]?.trim() ?? '';
const noteOf = (text: string): string | undefined => /^(?:NOTE|DESCRIPTION):(.*)$/m.exec(text)?.[1]?.trim();
const isOf = (kind: Kind, text: string): boolean =>
  kind === 'Contacts' ? text.includes('BEGIN:VCARD') : text.includes(kind === 'Events' ? 'BEGIN:VEVENT' : 'BEGIN:VTODO');
/** label → note ('' for none): what a side holds, as compared here. */
const summary = (texts: Iterable<string>): Record<string, string> =>
  Object.fromEntries([...texts].map((t) => [labelOf(t), noteOf(t) ?? ''] as const).sort(([a], [b]) => a.localeCompare(b)));

/** The remote's side of one class: its members of that class (path → text), and writes by name. */
function remoteSide(remote: Remote, kind: Kind) {
  const url = remote.collections[kind];
  const auth = { authorization: basicHeader(remote.target) };
  const media = kind === 'Contacts' ? 'text/vcard; charset=utf-8' : 'text/calendar; charset=utf-8';
  const extension = kind === 'Contacts' ? '.vcf' : '.ics';
  return {
    async items(): Promise<Map<string, string>> {
      const collection = new URL(url).pathname;
      const paths = (await propfind(remote.target, url, '1', '<d:getetag/>')).map((m) => new URL(m.href, url).pathname).filter((p) => p !== collection);
      const out = new Map<string, string>();
      for (const path of paths) {
        const response = await fetch(new URL(path, url), { headers: auth });
        expect(response.status).toBe(200);
        const text = await response.text();
        if (isOf(kind, text)) out.set(path, text);
      }
      return out;
    },
    /** Writes `label`'s item at a name of its own (a new one, or over the one there). */
    async put(label: string, note?: string): Promise<void> {
      const existing = [...(await this.items())].find(([, text]) => labelOf(text) === label)?.[0];
      const target = existing === undefined ? new URL(`remote-${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}${extension}`, url) : new URL(existing, url);
      const response = await fetch(target, { method: 'PUT', headers: { ...auth, 'content-type': media }, body: itemText(kind, label, note) });
      expect([201, 204]).toContain(response.status);
    },
    async remove(label: string): Promise<void> {
      const path = [...(await this.items())].find(([, text]) => labelOf(text) === label)![0];
      const response = await fetch(new URL(path, url), { method: 'DELETE', headers: auth });
      expect([200, 204]).toContain(response.status);
    },
    async state(): Promise<Record<string, string>> {
      return summary((await this.items()).values());
    },
  };
}

const syncReport = (token: string) =>
  `<?xml version="1.0"?><d:sync-collection xmlns:d="DAV:"><d:sync-token>${token}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`;

/** The collection's current sync token, as a client starting from none is given it. */
async function syncToken(remote: Remote, kind: Kind): Promise<string> {
  const response = await fetch(remote.collections[kind], { method: 'REPORT', headers: { authorization: basicHeader(remote.target), 'content-type': 'application/xml' }, body: syncReport('') });
  expect(response.status).toBe(207);
  return readMultistatus(await response.text()).syncToken!;
}

/** The status a sync-collection from `token` is answered with (403 once the remote forgot it). */
async function syncFrom(remote: Remote, kind: Kind, token: string): Promise<number> {
  const response = await fetch(remote.collections[kind], { method: 'REPORT', headers: { authorization: basicHeader(remote.target), 'content-type': 'application/xml' }, body: syncReport(token) });
  await response.arrayBuffer();
  return response.status;
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer('sqlite');
});
afterAll(async () => {
  await server?.close();
});

/** The datastore's side of one class: contents through the SDK, found by label. */
async function datastoreOf(kind: Kind, name: string) {
  const uuid = (await server.alice.client.datastore.create({ userId: `modes-${kind}-${name}-${process.pid}` })).client.uuid!;
  const contents = server.alice.client.datastore.contents(uuid);
  const type = kind === 'Contacts' ? 'text/x-vcard' : 'text/calendar';
  const entries = async () => (await contents.list()).entries.filter((e) => isOf(kind, e.content?.value ?? ''));
  const idOf = async (label: string) => (await entries()).find((e) => labelOf(e.content?.value ?? '') === label)!.id!.slice('urn:uuid:'.length);
  return {
    uuid,
    add: async (label: string) => void (await contents.create({ title: label, content: { type, value: itemText(kind, label) } })),
    edit: async (label: string, note: string) => void (await contents.update(await idOf(label), { title: label, content: { type, value: itemText(kind, label, note) } })),
    remove: async (label: string) => void (await contents.delete(await idOf(label))),
    count: async () => (await entries()).length,
    state: async () => summary((await entries()).map((e) => e.content?.value ?? '')),
  };
}

const both = (labels: string[], notes: Record<string, string> = {}): Record<string, string> =>
  Object.fromEntries([...labels].sort((a, b) => a.localeCompare(b)).map((l) => [l, notes[l] ?? '']));

describe.each(Object.keys(TARGETS))('extdata over DAV against %s: every sync mode', (name) => {
  let remote: Remote;
  beforeAll(async () => {
    remote = await TARGETS[name]!();
  }, 60_000);
  afterAll(async () => {
    await remote?.target.stop();
  });

  it.each(KINDS)('%s: slow sync with a twin, one-way both ways, refresh both ways, no-change runs; and on Radicale a forgotten token and an empty listing', async (kind) => {
    const near = await datastoreOf(kind, name);
    const far = remoteSide(remote, kind);
    const tag = kind[0];
    const L = (n: string) => `${n} ${tag}${name}`;

    await near.add(L('Anna'));
    await near.add(L('Bo'));
    await near.add(L('Twin'));
    await far.put(L('Cecilia'));
    await far.put(L('Twin'));

    const ext = (
      await server.alice.client.extdata.create({
        userId: `modes-${kind}@${name}`,
        datastores: [{ dataclass: kind, href: `${remote.target.url}/`, token: { tokenType: 2, key: remote.target.username, secret: remote.target.password } }],
      })
    ).client.uuid!;
    const binding = Number((await server.alice.client.syncengine.create({ source: { syncSource: 'datastore', uuid: near.uuid }, target: { syncSource: 'extdata', uuid: ext } })).title);
    const run = (mode: SyncMode) => server.alice.client.syncengine.synchronize(binding, { syncMode: mode, dataclass: kind });
    const expectBoth = async (expected: Record<string, string>) => {
      expect(await near.state()).toEqual(expected);
      expect(await far.state()).toEqual(expected);
    };

    // The first run, asked as 200, is a slow sync: the union, the twin merged and counted.
    expectRun(await run(200), 201, { addsOut: 3, addsIn: 1 }, { addsIn: 2, addsOut: 2 }, { duplicatesDetected: 1 });
    await expectBoth(both([L('Anna'), L('Bo'), L('Cecilia'), L('Twin')]));
    expectRun(await run(200), 200, {}, {});

    // 202: the datastore's add and delete go; the remote's add waits.
    await near.add(L('David'));
    await near.remove(L('Bo'));
    await far.put(L('Eva'));
    expectRun(await run(202), 202, { addsOut: 1, deletesOut: 1 }, { addsIn: 1, deletesIn: 1 });
    expect(await near.state()).toEqual(both([L('Anna'), L('Cecilia'), L('David'), L('Twin')]));
    expect(await far.state()).toEqual(both([L('Anna'), L('Cecilia'), L('David'), L('Eva'), L('Twin')]));

    // 204: the remote's waiting add and a new edit come; the datastore's new add waits.
    await far.put(L('Cecilia'), 'edited on the remote');
    await near.add(L('Filip'));
    expectRun(await run(204), 204, { addsIn: 1, replacesIn: 1 }, { addsOut: 1, replacesOut: 1 });
    expect(await near.state()).toEqual(both([L('Anna'), L('Cecilia'), L('David'), L('Eva'), L('Filip'), L('Twin')], { [L('Cecilia')]: 'edited on the remote' }));
    expect(await far.state()).toEqual(both([L('Anna'), L('Cecilia'), L('David'), L('Eva'), L('Twin')], { [L('Cecilia')]: 'edited on the remote' }));
    // A two-way run then sends what 204 left.
    expectRun(await run(200), 200, { addsOut: 1 }, { addsIn: 1 });
    const six = [L('Anna'), L('Cecilia'), L('David'), L('Eva'), L('Filip'), L('Twin')];
    await expectBoth(both(six, { [L('Cecilia')]: 'edited on the remote' }));
    expectRun(await run(200), 200, {}, {});

    // 203: the remote becomes the datastore's copy — its edit undone, its add deleted, ours added.
    await far.put(L('Anna'), 'edited on the remote');
    await far.put(L('Greta'));
    await near.add(L('Hanna'));
    expectRun(await run(203), 203, { addsOut: 1, replacesOut: 1, deletesOut: 1 }, { addsIn: 1, replacesIn: 1, deletesIn: 1 });
    const seven = [...six, L('Hanna')];
    await expectBoth(both(seven, { [L('Cecilia')]: 'edited on the remote' }));
    expectRun(await run(200), 200, {}, {});

    // 205: the datastore becomes the remote's copy.
    await near.edit(L('David'), 'edited on the datastore');
    await near.add(L('Jonas'));
    await far.put(L('Karin'));
    expectRun(await run(205), 205, { addsIn: 1, replacesIn: 1, deletesIn: 1 }, { addsOut: 1, replacesOut: 1, deletesOut: 1 });
    const eight = [...seven, L('Karin')];
    await expectBoth(both(eight, { [L('Cecilia')]: 'edited on the remote' }));
    expectRun(await run(200), 200, {}, {});

    const radicale = remote.radicale;
    if (radicale === undefined) return;
    const dir = join(radicale.homeDir, new URL(remote.collections[kind]).pathname.split('/').filter(Boolean).pop()!);

    // A token Radicale forgot (its caches removed while it was down): a full listing, one add, no doubles.
    const token = await syncToken(remote, kind);
    expect(await syncFrom(remote, kind, token)).toBe(207);
    await radicale.restart(() => rm(join(dir, '.Radicale.cache'), { recursive: true, force: true }));
    expect(await syncFrom(remote, kind, token)).toBe(403);
    await far.put(L('Lena'));
    expectRun(await run(200), 200, { addsIn: 1 }, { addsOut: 1 });
    const nine = [...eight, L('Lena')];
    await expectBoth(both(nine, { [L('Cecilia')]: 'edited on the remote' }));
    expect(await near.count()).toBe(9);
    expectRun(await run(200), 200, {}, {});

    // An empty listing (the collection's files hidden, the collection still there): nothing deleted.
    // Outside Radicale's storage (a folder there would be served as a collection), on the same filesystem.
    const hidden = await mkdtemp(join(tmpdir(), 'atomsync-hidden-'));
    const files = (await readdir(dir)).filter((f) => !f.startsWith('.Radicale'));
    expect(files.length).toBe(9);
    await radicale.restart(async () => {
      for (const f of files) await rename(join(dir, f), join(hidden, f));
    });
    expect(await far.state()).toEqual({});
    const reason = expectFailed(await run(200), 200);
    expect(reason).toMatch(/would delete 9 of the 9 items it held/);
    expect(reason).not.toContain(radicale.password);
    expect(await near.state()).toEqual(both(nine, { [L('Cecilia')]: 'edited on the remote' }));
    await radicale.restart(async () => {
      for (const f of files) await rename(join(hidden, f), join(dir, f));
    });
    await rm(hidden, { recursive: true });
    expectRun(await run(200), 200, {}, {});
    await expectBoth(both(nine, { [L('Cecilia')]: 'edited on the remote' }));
  });
});
