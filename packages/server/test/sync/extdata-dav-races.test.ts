/**
 * The 412 path and the empty listing against real servers other than Radicale (whose own are in
 * extdata-dav-remote-faults.test.ts and extdata-dav-modes.test.ts): Debian's Xandikos and our own
 * DAV endpoint (atomsync to atomsync over CardDAV).
 *
 * - A change made on the remote between our listing and our PUT: a pass-through proxy in front of
 *   the server times it — just before it forwards our If-Match PUT it writes the remote's own edit
 *   of that member to the server — and the server itself answers our PUT (412). The run survives,
 *   and the next one ends by the binding's conflict_winner, exactly: with `source` the datastore's
 *   version reaches the remote, with `target` the remote's reaches the datastore; nothing doubled.
 * - A remote that starts answering an empty listing: every member is deleted on the server itself
 *   (Xandikos: one git commit removing them, as a broken sync or a wiped folder would; ours: a DAV
 *   DELETE of each), so its sync-collection reports them all gone. The run stops saying why and
 *   deletes nothing; once they are back on the server (the commit reverted; PUT again), a run moves
 *   exactly what the server now says changed.
 */
import { spawnSync } from 'node:child_process';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readMultistatus, foundProp, DAV_NS, CARDDAV_NS } from '@atomsync/dav';
import type { ConflictWinner } from '@atomsync/sdk';
import { startTestServer, type TestServer } from '../support/server.js';
import { startXandikos, type XandikosTarget } from '../dav/clients/xandikos.js';
import { startAtomsync } from '../dav/clients/atomsync.js';
import { basicHeader, type DavTarget } from '../dav/clients/target.js';
import { card, datastoreSide, expectFailed, expectRun, type Side } from './fixtures.js';

vi.mock('node:crypto', async (importOriginal) => (await import('../support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

interface Remote {
  readonly target: DavTarget;
  /** The address book's URL on the server, with its trailing slash. */
  readonly addressBook: string;
  /** Makes the server answer with no member (it deletes them all), and returns how to bring them back. */
  empty(): Promise<() => Promise<void>>;
}

const TARGETS: Record<string, () => Promise<Remote>> = {
  Xandikos: async () => {
    const target = await startXandikos();
    return { target, addressBook: target.addressBookUrl, empty: () => emptyXandikos(target) };
  },
  atomsync: async () => {
    const target = await startAtomsync();
    const addressBook = await addressBookOf(target);
    return { target, addressBook, empty: () => emptyByDelete(target, addressBook) };
  },
};

/** Xandikos serves what is committed: one commit removing every card, reverted to bring them back (the same blobs, so the same ETags). */
async function emptyXandikos(target: XandikosTarget): Promise<() => Promise<void>> {
  const git = (...args: string[]) => {
    const run = spawnSync('git', ['-c', 'user.name=atomsync', '-c', 'user.email=atomsync@example.invalid', ...args], { cwd: target.addressBookDir, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
  };
  git('rm', '--quiet', '*.vcf');
  git('commit', '--quiet', '-m', 'every card gone');
  return async () => git('revert', '--no-edit', 'HEAD');
}

/** Every member DELETEd over DAV, then PUT back at its own href with its own bytes. */
async function emptyByDelete(target: DavTarget, addressBook: string): Promise<() => Promise<void>> {
  const held = await cardsOf(target, addressBook);
  for (const path of held.keys()) {
    const response = await fetch(new URL(path, addressBook), { method: 'DELETE', headers: { authorization: basicHeader(target) } });
    expect([200, 204]).toContain(response.status);
  }
  return async () => {
    for (const [path, text] of held) {
      const response = await fetch(new URL(path, addressBook), { method: 'PUT', headers: { authorization: basicHeader(target), 'content-type': 'text/vcard; charset=utf-8' }, body: text });
      expect(response.status).toBe(201);
    }
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

/** Our endpoint's address book, found as a client finds it (its path is the endpoint's own choice). */
async function addressBookOf(target: DavTarget): Promise<string> {
  const principal = await propfind(target, `${target.url}/.well-known/carddav`, '0', '<d:current-user-principal/>');
  const principalUrl = new URL(foundProp(principal[0]!, DAV_NS, 'current-user-principal')!.node.children[0]!.text.trim(), target.url).href;
  const homes = await propfind(target, principalUrl, '0', `<x:addressbook-home-set xmlns:x="${CARDDAV_NS}"/>`);
  const home = new URL(foundProp(homes[0]!, CARDDAV_NS, 'addressbook-home-set')!.node.children[0]!.text.trim(), target.url).href;
  const members = await propfind(target, home, '1', '<d:resourcetype/>');
  const book = members.find((m) => foundProp(m, DAV_NS, 'resourcetype')?.node.children.some((c) => c.name === 'addressbook'))!;
  return new URL(book.href, target.url).href;
}

/** The address book's cards on the server: path → vCard text. */
async function cardsOf(target: DavTarget, addressBook: string): Promise<Map<string, string>> {
  const collection = new URL(addressBook).pathname;
  const paths = (await propfind(target, addressBook, '1', '<d:getetag/>')).map((m) => new URL(m.href, addressBook).pathname).filter((p) => p !== collection);
  const out = new Map<string, string>();
  for (const path of paths) {
    const response = await fetch(new URL(path, addressBook), { headers: { authorization: basicHeader(target) } });
    expect(response.status).toBe(200);
    out.set(path, await response.text());
  }
  return out;
}

const fnOf = (vcard: string): string => /^FN:(.*)$/m.exec(vcard)?.[1]?.trim() ?? '';
const noteOf = (vcard: string): string => /^NOTE:(.*)$/m.exec(vcard)?.[1]?.trim() ?? '';
/** FN → NOTE ('' for none) of each card. */
const summary = (cards: Iterable<string>): Record<string, string> => Object.fromEntries([...cards].map((c) => [fnOf(c), noteOf(c)] as const).sort(([a], [b]) => a.localeCompare(b)));

/** The remote's own edit of a card: its NOTE set to `note`, the rest (UID included) as the server holds it. */
const withNote = (vcard: string, note: string): string => vcard.replace(/^NOTE:.*\r?\n/m, '').replace(/END:VCARD/, `NOTE:${note}\r\nEND:VCARD`);

/**
 * A pass-through proxy in front of the server (the Host header kept, so hrefs name the proxy),
 * which on demand, before forwarding the first If-Match PUT, writes the remote's own edit of that
 * member straight to the server.
 */
interface Proxy {
  readonly url: string;
  /** Armed: the note the remote's edit writes, cleared once written. */
  editBeforePut: string | undefined;
  /** What the server answered the PUT that met the remote's edit. */
  raced: number | undefined;
  close(): Promise<void>;
}

async function proxyOf(target: DavTarget): Promise<Proxy> {
  const upstream = new URL(target.url);
  const forward = (method: string, path: string, headers: Record<string, string | string[] | undefined>, body: Buffer) =>
    new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
      const req = httpRequest({ host: upstream.hostname, port: upstream.port, method, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end(body);
    });
  const proxy: Proxy = { url: '', editBeforePut: undefined, raced: undefined, close: async () => undefined };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      try {
        const note = proxy.editBeforePut;
        if (note !== undefined && req.method === 'PUT' && req.headers['if-match'] !== undefined) {
          proxy.editBeforePut = undefined;
          const auth = { authorization: basicHeader(target) };
          const theirs = await forward('GET', req.url!, { ...auth, host: upstream.host }, Buffer.alloc(0));
          expect(theirs.status).toBe(200);
          const edit = await forward('PUT', req.url!, { ...auth, host: upstream.host, 'content-type': 'text/vcard; charset=utf-8' }, Buffer.from(withNote(theirs.body.toString('utf8'), note)));
          expect([200, 201, 204]).toContain(edit.status);
        }
        const answer = await forward(req.method!, req.url!, req.headers, Buffer.concat(chunks));
        if (note !== undefined && req.method === 'PUT' && req.headers['if-match'] !== undefined) proxy.raced = answer.status;
        res.writeHead(answer.status, answer.headers).end(answer.body);
      } catch {
        res.writeHead(502).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  Object.assign(proxy, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
  return proxy;
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer('sqlite');
});
afterAll(async () => {
  await server?.close();
});

describe.each(Object.keys(TARGETS))('extdata over CardDAV against %s: a change between our listing and our PUT, and an empty listing', (name) => {
  let remote: Remote;
  let proxy: Proxy;
  beforeAll(async () => {
    remote = await TARGETS[name]!();
    proxy = await proxyOf(remote.target);
  }, 60_000);
  afterAll(async () => {
    await proxy?.close();
    await remote?.target.stop();
  });

  const onRemote = async () => summary((await cardsOf(remote.target, remote.addressBook)).values());
  const onDatastore = async (near: Side) => summary((await near.items()).values());

  /** A datastore holding `people` bound (with `winner`) to an extdata client of the address book through the proxy. */
  async function bind(people: readonly string[], winner: ConflictWinner) {
    const near = await datastoreSide(server.alice);
    const ids = new Map<string, string>();
    for (const p of people) ids.set(p, await near.add(p));
    const href = `${proxy.url}${new URL(remote.addressBook).pathname}`;
    const ext = (
      await server.alice.client.extdata.create({
        userId: `races-${winner}@${name}`,
        datastores: [{ dataclass: 'Contacts', href, token: { tokenType: 2, key: remote.target.username, secret: remote.target.password } }],
      })
    ).client.uuid!;
    const binding = Number((await server.alice.client.syncengine.create({ source: { syncSource: 'datastore', uuid: near.uuid }, target: { syncSource: 'extdata', uuid: ext }, conflictWinner: winner })).title);
    const run = () => server.alice.client.syncengine.synchronize(binding, { syncMode: 200, dataclass: 'Contacts' });
    return { near, ids, run };
  }

  it('ends a remote edit made between our listing and our PUT by conflict_winner (source, then target), and deletes nothing on an empty listing', async () => {
    const people = ['Anna Berg', 'Bo Ek', 'Cecilia Lund', 'David Holm', 'Eva Lind', 'Filip Ros', 'Greta Alm'];
    const blank = Object.fromEntries(people.map((p) => [p, ''] as const));

    // conflict_winner source: the datastore's version wins the race.
    const first = await bind(people, 'source');
    expectRun(await first.run(), 201, { addsOut: 7 }, { addsIn: 7 });
    expectRun(await first.run(), 200, {}, {});
    await first.near.edit(first.ids.get('Anna Berg')!, 'Anna Berg', card('Anna Berg', undefined, 'ours'));
    proxy.editBeforePut = 'theirs';
    // Nothing counted: the one write was refused as stale, and its change waits for the next run.
    expectRun(await first.run(), 200, {}, {});
    expect([proxy.editBeforePut, proxy.raced]).toEqual([undefined, 412]);
    // Our PUT was refused (412): the remote holds its own edit, nothing was written over it.
    expect(await onRemote()).toEqual({ ...blank, 'Anna Berg': 'theirs' });
    expectRun(await first.run(), 200, { replacesOut: 1 }, { replacesIn: 1 }, { conflictsDetected: 1 });
    const oursWon = { ...blank, 'Anna Berg': 'ours' };
    expect(await onRemote()).toEqual(oursWon);
    expect(await onDatastore(first.near)).toEqual(oursWon);
    expectRun(await first.run(), 200, {}, {});

    // conflict_winner target: a second binding of a fresh datastore to the same address book; the remote's version wins.
    const second = await bind([], 'target');
    expectRun(await second.run(), 201, { addsIn: 7 }, { addsOut: 7 });
    const bo = [...(await second.near.items())].find(([, body]) => fnOf(body) === 'Bo Ek')![0];
    await second.near.edit(bo, 'Bo Ek', card('Bo Ek', undefined, 'ours'));
    proxy.editBeforePut = 'theirs';
    proxy.raced = undefined;
    expectRun(await second.run(), 200, {}, {});
    expect([proxy.editBeforePut, proxy.raced]).toEqual([undefined, 412]);
    expectRun(await second.run(), 200, { replacesIn: 1 }, { replacesOut: 1 }, { conflictsDetected: 1 });
    const theirsWon = { ...oursWon, 'Bo Ek': 'theirs' };
    expect(await onRemote()).toEqual(theirsWon);
    expect(await onDatastore(second.near)).toEqual(theirsWon);
    expectRun(await second.run(), 200, {}, {});

    // An empty listing where the remote held seven: the run stops saying why, nothing deleted anywhere.
    const restore = await remote.empty();
    expect(await onRemote()).toEqual({});
    const reason = expectFailed(await second.run(), 200);
    expect(reason).toMatch(/would delete 7 of the 7 items it held/);
    expect(reason).not.toContain(remote.target.password);
    expect(await onDatastore(second.near)).toEqual(theirsWon);
    await restore();
    expect(await onRemote()).toEqual(theirsWon);
    expectRun(await second.run(), 200, {}, {});
    expect(await onDatastore(second.near)).toEqual(theirsWon);
    expect(await onRemote()).toEqual(theirsWon);
  });
});
