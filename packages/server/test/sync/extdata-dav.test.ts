/**
 * A datastore ↔ extdata binding whose remote is a real CardDAV server: Debian's Radicale
 * (htpasswd), Debian's Xandikos, and our own DAV endpoint (atomsync to atomsync over CardDAV).
 * Registration finds the address book from the server's root (discovery) and refuses a wrong
 * password and a calendar given for Contacts with a 400 naming the remote's reason, registering
 * nothing. Runs: the first merges both sides with exact counts; a no-change run changes nothing;
 * edits and deletes made on either side reach the other.
 *
 * The remote is read and written here with plain fetch (PROPFIND, GET, PUT, DELETE), not with the
 * connector's client, so what the connector did is judged by the server itself.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readMultistatus, foundProp, DAV_NS, CARDDAV_NS } from '@atomsync/dav';
import { startTestServer, refusal, type TestServer } from '../support/server.js';
import { startRadicale } from '../dav/clients/radicale.js';
import { startXandikos } from '../dav/clients/xandikos.js';
import { startAtomsync } from '../dav/clients/atomsync.js';
import { basicHeader, type DavTarget } from '../dav/clients/target.js';
import { card, datastoreSide, expectRun } from './fixtures.js';

vi.mock('node:crypto', async (importOriginal) => (await import('../support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

interface Remote {
  readonly target: DavTarget;
  /** The address book's URL, with its trailing slash. */
  readonly addressBook: string;
  /** A calendar's URL, for the wrong-kind refusal. */
  readonly calendar: string;
  /** Whether the server checks passwords (Xandikos has no sign-in of its own). */
  readonly checksPasswords: boolean;
}

const TARGETS: Record<string, () => Promise<Remote>> = {
  Radicale: async () => {
    const target = await startRadicale();
    return { target, addressBook: `${target.url}/${target.username}/contacts/`, calendar: `${target.url}/${target.username}/events/`, checksPasswords: true };
  },
  Xandikos: async () => {
    const target = await startXandikos();
    return { target, addressBook: target.addressBookUrl, calendar: `${target.url}/user/calendars/calendar/`, checksPasswords: false };
  },
  atomsync: async () => {
    const target = await startAtomsync();
    const home = await homeOf(target);
    return { target, addressBook: home.addressBook, calendar: home.calendar, checksPasswords: true };
  },
};

/** Our endpoint's collections, read from its address book home (their paths are its own choice). */
async function homeOf(target: DavTarget): Promise<{ addressBook: string; calendar: string }> {
  const list = async (prop: string, ns: string, kind: string): Promise<string> => {
    const principal = await propfind(target, `${target.url}/.well-known/carddav`, '0', `<d:current-user-principal/>`);
    const principalUrl = new URL(foundProp(principal[0]!, DAV_NS, 'current-user-principal')!.node.children[0]!.text.trim(), target.url).href;
    const homes = await propfind(target, principalUrl, '0', `<x:${prop} xmlns:x="${ns}"/>`);
    const home = new URL(foundProp(homes[0]!, ns, prop)!.node.children[0]!.text.trim(), target.url).href;
    const members = await propfind(target, home, '1', '<d:resourcetype/>');
    const match = members.find((m) => foundProp(m, DAV_NS, 'resourcetype')?.node.children.some((c) => c.name === kind));
    return new URL(match!.href, target.url).href;
  };
  return {
    addressBook: await list('addressbook-home-set', CARDDAV_NS, 'addressbook'),
    calendar: await list('calendar-home-set', 'urn:ietf:params:xml:ns:caldav', 'calendar'),
  };
}

async function propfind(target: DavTarget, url: string, depth: string, props: string) {
  const response = await fetch(url, {
    method: 'PROPFIND',
    headers: { authorization: basicHeader(target), depth, 'content-type': 'application/xml' },
    body: `<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop>${props}</d:prop></d:propfind>`,
  });
  expect(response.status).toBe(207);
  return readMultistatus(await response.text()).responses;
}

/** The address book's cards: path → vCard text, read member by member with GET. */
async function remoteCards(remote: Remote): Promise<Map<string, string>> {
  const collection = new URL(remote.addressBook).pathname;
  const members = (await propfind(remote.target, remote.addressBook, '1', '<d:getetag/>')).map((m) => new URL(m.href, remote.addressBook).pathname).filter((p) => p !== collection);
  const cards = new Map<string, string>();
  for (const path of members) {
    const response = await fetch(new URL(path, remote.addressBook), { headers: { authorization: basicHeader(remote.target) } });
    expect(response.status).toBe(200);
    cards.set(path, await response.text());
  }
  return cards;
}

const fnOf = (vcard: string): string => /^FN:(.*)$/m.exec(vcard)?.[1]?.trim() ?? '';
const names = (bodies: Iterable<string>): string[] => [...bodies].map(fnOf).sort();

async function remotePut(remote: Remote, name: string, body: string): Promise<string> {
  const url = new URL(name, remote.addressBook).href;
  const response = await fetch(url, { method: 'PUT', headers: { authorization: basicHeader(remote.target), 'content-type': 'text/vcard; charset=utf-8' }, body });
  expect([201, 204]).toContain(response.status);
  return new URL(url).pathname;
}

async function remoteDelete(remote: Remote, path: string): Promise<void> {
  const response = await fetch(new URL(path, remote.addressBook), { method: 'DELETE', headers: { authorization: basicHeader(remote.target) } });
  expect([200, 204]).toContain(response.status);
}

const withUid = (vcard: string, uid: string): string => vcard.replace('END:VCARD', `UID:${uid}\r\nEND:VCARD`);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer('sqlite');
});
afterAll(async () => {
  await server?.close();
});

describe.each(Object.keys(TARGETS))('extdata over CardDAV against %s', (name) => {
  let remote: Remote;
  beforeAll(async () => {
    remote = await TARGETS[name]!();
  }, 60_000);
  afterAll(async () => {
    await remote?.target.stop();
  });

  const register = (href: string, password = remote.target.password, dataclass: 'Contacts' | 'Events' = 'Contacts') =>
    server.alice.client.extdata.create({ userId: `${remote.target.username}@${name}`, datastores: [{ dataclass, href, token: { tokenType: 2, key: remote.target.username, secret: password } }] });

  it('refuses a wrong password and a calendar given for contacts with a 400 naming why, registering nothing', async () => {
    const before = (await server.alice.client.extdata.list()).entries.length;
    if (remote.checksPasswords) {
      const wrong = await refusal(register(`${remote.target.url}/`, 'not-the-password'));
      expect(wrong.status).toBe(400);
      expect(wrong.message + JSON.stringify(wrong.details)).toMatch(/refused the username and password: .*401/);
      expect(JSON.stringify(wrong.details)).not.toContain('not-the-password');
    }
    const wrongKind = await refusal(register(remote.calendar));
    expect(wrongKind.status).toBe(400);
    expect(JSON.stringify(wrongKind.details)).toContain('is a calendar, not an address book');
    expect((await server.alice.client.extdata.list()).entries.length).toBe(before);
  });

  it('binds a datastore to the address book found from the server root: both ways, exact counts, edits and deletes converge', async () => {
    const near = await datastoreSide(server.alice);
    const anna = await near.add('Anna Berg');
    const bo = await near.add('Bo Ek');
    const cecilia = await remotePut(remote, 'cecilia.vcf', withUid(card('Cecilia Lund'), 'cecilia-1'));

    const ext = (await register(`${remote.target.url}/`)).client.uuid!;
    const binding = Number((await server.alice.client.syncengine.create({ source: { syncSource: 'datastore', uuid: near.uuid }, target: { syncSource: 'extdata', uuid: ext } })).title);
    const run = () => server.alice.client.syncengine.synchronize(binding, { syncMode: 200, dataclass: 'Contacts' });

    const first = await run();
    expectRun(first, 201, { addsOut: 2, addsIn: 1 }, { addsIn: 2, addsOut: 1 });
    const everyone = ['Anna Berg', 'Bo Ek', 'Cecilia Lund'];
    expect(names(await near.bodies())).toEqual(everyone);
    expect(names((await remoteCards(remote)).values())).toEqual(everyone);

    // Nothing changed: nothing moves (what we wrote, read back, is what the engine holds).
    expectRun(await run(), 200, {}, {});
    expectRun(await run(), 200, {}, {});

    // A change on each side.
    await near.edit(anna, 'Anna Berg', card('Anna Berg', undefined, 'moved to Lund'));
    await remotePut(remote, 'cecilia.vcf', withUid(card('Cecilia Lund', undefined, 'new job'), 'cecilia-1'));
    expectRun(await run(), 200, { replacesOut: 1, replacesIn: 1 }, { replacesIn: 1, replacesOut: 1 });
    const cards = [...(await remoteCards(remote)).values()];
    expect(cards.find((c) => fnOf(c) === 'Anna Berg')).toContain('NOTE:moved to Lund');
    expect([...(await near.items()).values()].find((c) => fnOf(c) === 'Cecilia Lund')).toContain('NOTE:new job');

    // A delete on each side.
    await near.remove(bo);
    await remoteDelete(remote, cecilia);
    expectRun(await run(), 200, { deletesOut: 1, deletesIn: 1 }, { deletesIn: 1, deletesOut: 1 });
    expect(names(await near.bodies())).toEqual(['Anna Berg']);
    expect(names((await remoteCards(remote)).values())).toEqual(['Anna Berg']);
    expectRun(await run(), 200, {}, {});
  });
});
