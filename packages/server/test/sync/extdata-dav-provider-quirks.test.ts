/**
 * What big providers' CardDAV does that Radicale does not, played by a proxy in front of Debian's
 * Radicale that this test steers (the real server underneath keeps the data):
 *
 * - Google pages sync-collection: at most PAGE members per answer, the rest promised by a 507 on
 *   the collection itself and a sync-token to ask again with (RFC 6578 §3.6);
 * - iCloud lists the collection itself among sync-collection's changes, with an ETag of its own;
 * - servers re-serialise what they are sent (a PRODID of theirs), and then answer the PUT without
 *   an ETag (RFC 6352 §6.3.2.3): their ETag does not mean our bytes.
 *
 * Each ends right: exact counts, nothing doubled, the collection never read as a contact, and a
 * no-change run that moves nothing.
 */
import { randomUUID } from 'node:crypto';
import { request as httpRequest, createServer, type IncomingHttpHeaders, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { startRadicale, type RadicaleTarget } from '../dav/clients/radicale.js';
import { basicHeader } from '../dav/clients/target.js';
import { card, datastoreSide, expectRun } from './fixtures.js';

vi.mock('node:crypto', async (importOriginal) => (await import('../support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

/** Members per sync-collection answer when paging, as Google pages (with a smaller page). */
const PAGE = 4;
const PRODID = 'PRODID:-//Provider//Re-serialised//EN';

interface Quirks {
  paging: boolean;
  listsItself: boolean;
  reserialises: boolean;
}

interface QuirkProxy {
  readonly url: string;
  readonly quirks: Quirks;
  /** How many 507s were answered, times the collection was listed, multigets that asked for it as a member, PUTs rewritten. */
  readonly counts: { truncated: number; listedItself: number; askedItself: number; rewritten: number };
  close(): Promise<void>;
}

const bodyOf = (req: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

async function startQuirkProxy(radicale: RadicaleTarget): Promise<QuirkProxy> {
  const upstream = new URL(radicale.url);
  const quirks: Quirks = { paging: false, listsItself: false, reserialises: false };
  const counts = { truncated: 0, listedItself: 0, askedItself: 0, rewritten: 0 };
  /** A page token of ours → the real token the listing started from, and how many members were sent. */
  const pages = new Map<string, { token: string; sent: number }>();
  const forward = (method: string, path: string, headers: IncomingHttpHeaders, body: Buffer) =>
    new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
      const out = httpRequest({ host: upstream.hostname, port: upstream.port, method, path, headers: { ...headers, host: upstream.host, 'content-length': String(body.length) } }, (answer) => {
        bodyOf(answer).then((b) => resolve({ status: answer.statusCode ?? 502, headers: answer.headers, body: b.toString('utf8') }), reject);
      });
      out.on('error', reject);
      out.end(body);
    });
  const server: Server = createServer(async (req, res) => {
    try {
      let body = (await bodyOf(req)).toString('utf8');
      const collection = req.url!;
      const isSync = req.method === 'REPORT' && body.includes('sync-collection');
      if (req.method === 'PUT' && quirks.reserialises && body.includes('BEGIN:VCARD')) {
        body = body.replace(/(\r?\nVERSION:[^\r\n]*)/, `$1\r\n${PRODID}`);
        counts.rewritten++;
        const answer = await forward('PUT', req.url!, req.headers, Buffer.from(body));
        // It stored other bytes than it was sent: no ETag in the answer.
        delete answer.headers.etag;
        res.writeHead(answer.status, answer.headers).end(answer.body);
        return;
      }
      if (req.method === 'REPORT' && body.includes('multiget') && body.includes(`<d:href>${collection}</d:href>`)) counts.askedItself++;
      if (!isSync) {
        const answer = await forward(req.method!, req.url!, req.headers, Buffer.from(body));
        res.writeHead(answer.status, answer.headers).end(answer.body);
        return;
      }
      const asked = /<d:sync-token>([^<]*)<\/d:sync-token>/.exec(body)?.[1] ?? '';
      const page = pages.get(asked);
      const real = page?.token ?? asked;
      const sent = page?.sent ?? 0;
      const answer = await forward('REPORT', req.url!, req.headers, Buffer.from(body.replace(`<d:sync-token>${asked}</d:sync-token>`, `<d:sync-token>${real}</d:sync-token>`)));
      if (answer.status !== 207) {
        res.writeHead(answer.status, answer.headers).end(answer.body);
        return;
      }
      let responses = [...answer.body.matchAll(/<response>[\s\S]*?<\/response>/g)].map((m) => m[0]);
      let token = /<sync-token>([^<]*)<\/sync-token>/.exec(answer.body)![1]!;
      if (quirks.paging) {
        const rest = responses.slice(sent);
        responses = rest.slice(0, PAGE);
        if (rest.length > PAGE) {
          const next = `http://provider.example/ns/sync/page-${randomUUID()}`;
          pages.set(next, { token: real, sent: sent + PAGE });
          responses.push(`<response><href>${collection}</href><status>HTTP/1.1 507 Insufficient Storage</status></response>`);
          token = next;
          counts.truncated++;
        }
      }
      if (quirks.listsItself) {
        responses.unshift(`<response><href>${collection}</href><propstat><prop><getetag>"collection-${randomUUID()}"</getetag></prop><status>HTTP/1.1 200 OK</status></propstat></response>`);
        counts.listedItself++;
      }
      const text = `<?xml version="1.0" encoding="utf-8"?>\n<multistatus xmlns="DAV:" xmlns:CR="urn:ietf:params:xml:ns:carddav">${responses.join('')}<sync-token>${token}</sync-token></multistatus>`;
      res.writeHead(207, { 'content-type': 'application/xml; charset=utf-8' }).end(text);
    } catch {
      res.writeHead(502).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, quirks, counts, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The address book as Radicale holds it: path → vCard. */
async function remoteCards(target: RadicaleTarget): Promise<Map<string, string>> {
  const response = await fetch(`${target.url}/${target.username}/contacts/`, {
    method: 'REPORT',
    headers: { authorization: basicHeader(target), depth: '1', 'content-type': 'application/xml' },
    body: '<?xml version="1.0"?><c:addressbook-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav"><d:prop><c:address-data/></d:prop></c:addressbook-query>',
  });
  expect(response.status).toBe(207);
  const text = await response.text();
  return new Map([...text.matchAll(/<href>([^<]*)<\/href>[\s\S]*?<CR:address-data>([\s\S]*?)<\/CR:address-data>/g)].map((m) => [m[1]!, m[2]!]));
}

const fnOf = (vcard: string): string => /^FN:(.*)$/m.exec(vcard)?.[1]?.trim() ?? '';

async function remotePut(target: RadicaleTarget, name: string, fn: string, note?: string): Promise<void> {
  const response = await fetch(`${target.url}/${target.username}/contacts/${name}.vcf`, {
    method: 'PUT',
    headers: { authorization: basicHeader(target), 'content-type': 'text/vcard; charset=utf-8' },
    body: card(fn, undefined, note).replace('END:VCARD', `UID:${name}\r\nEND:VCARD`),
  });
  expect([201, 204]).toContain(response.status);
}

let server: TestServer;
let radicale: RadicaleTarget;
let proxy: QuirkProxy;
beforeAll(async () => {
  [server, radicale] = await Promise.all([startTestServer('sqlite'), startRadicale()]);
  proxy = await startQuirkProxy(radicale);
}, 60_000);
afterAll(async () => {
  await proxy?.close();
  await radicale?.stop();
  await server?.close();
});

async function bound(): Promise<{ near: Awaited<ReturnType<typeof datastoreSide>>; run: () => ReturnType<TestServer['alice']['client']['syncengine']['synchronize']> }> {
  const near = await datastoreSide(server.alice);
  const ext = (
    await server.alice.client.extdata.create({
      userId: `quirks-${randomUUID()}`,
      datastores: [{ dataclass: 'Contacts', href: `${proxy.url}/${radicale.username}/contacts/`, token: { tokenType: 2, key: radicale.username, secret: radicale.password } }],
    })
  ).client.uuid!;
  const binding = Number((await server.alice.client.syncengine.create({ source: { syncSource: 'datastore', uuid: near.uuid }, target: { syncSource: 'extdata', uuid: ext } })).title);
  return { near, run: () => server.alice.client.syncengine.synchronize(binding, { syncMode: 200, dataclass: 'Contacts' }) };
}

describe('extdata over CardDAV: what Google and iCloud do', () => {
  it('follows sync-collection pages (507) as Google answers them, with the collection listed among the changes as iCloud does', async () => {
    const names = Array.from({ length: 10 }, (_, i) => `Person ${String(i).padStart(2, '0')}`);
    for (const [i, fn] of names.entries()) await remotePut(radicale, `p${i}`, fn);
    Object.assign(proxy.quirks, { paging: true, listsItself: true, reserialises: false });
    const { near, run } = await bound();

    expectRun(await run(), 201, { addsIn: 10 }, { addsOut: 10 });
    // Three pages of at most 4 (10 members): two 507s.
    expect(proxy.counts.truncated).toBe(2);
    expect((await near.bodies()).map(fnOf).sort()).toEqual(names);
    expect(proxy.counts.listedItself).toBeGreaterThanOrEqual(3);
    // …and it is never read as one of its members.
    expect(proxy.counts.askedItself).toBe(0);

    // Six changed on the remote: read over two pages from the token, each exactly once.
    for (const i of [0, 2, 4, 6, 8, 9]) await remotePut(radicale, `p${i}`, names[i]!, 'changed');
    const truncated = proxy.counts.truncated;
    expectRun(await run(), 200, { replacesIn: 6 }, { replacesOut: 6 });
    expect(proxy.counts.truncated).toBe(truncated + 1);
    expect((await near.bodies()).filter((b) => b.includes('NOTE:changed'))).toHaveLength(6);
    // The collection's own ETag, new in every answer, is never a change.
    expectRun(await run(), 200, {}, {});
    expectRun(await run(), 200, {}, {});
    expect((await near.bodies()).length).toBe(10);
    expect(proxy.counts.askedItself).toBe(0);

    // The remote emptied for the next case (this binding is not run again).
    Object.assign(proxy.quirks, { paging: false, listsItself: false });
    for (const i of names.keys()) {
      const gone = await fetch(`${radicale.url}/${radicale.username}/contacts/p${i}.vcf`, { method: 'DELETE', headers: { authorization: basicHeader(radicale) } });
      expect([200, 204]).toContain(gone.status);
    }
    expect((await remoteCards(radicale)).size).toBe(0);
  });

  it('takes a server that re-serialises what it is sent and answers the PUT without an ETag: no echo, nothing doubled, later changes still both ways', async () => {
    Object.assign(proxy.quirks, { paging: false, listsItself: false, reserialises: true });
    const { near, run } = await bound();
    const ada = await near.add('Ada Lovelace');
    await near.add('Alan Turing');

    expectRun(await run(), 201, { addsOut: 2 }, { addsIn: 2 });
    expect(proxy.counts.rewritten).toBe(2);
    const stored = [...(await remoteCards(radicale)).values()];
    expect(stored.map(fnOf).sort()).toEqual(['Ada Lovelace', 'Alan Turing']);
    expect(stored.every((c) => c.includes(PRODID))).toBe(true);

    // The remote's bytes are not ours, and it said no ETag: read back, they are what we sent, in its words.
    expectRun(await run(), 200, {}, {});
    expectRun(await run(), 200, {}, {});
    expect((await near.bodies()).map(fnOf).sort()).toEqual(['Ada Lovelace', 'Alan Turing']);

    // A change of ours goes over the ETag it now has; one of the remote's comes back.
    await near.edit(ada, 'Ada Lovelace', card('Ada Lovelace', undefined, 'ours'));
    expectRun(await run(), 200, { replacesOut: 1 }, { replacesIn: 1 });
    const turing = [...(await remoteCards(radicale)).entries()].find(([, c]) => fnOf(c) === 'Alan Turing')![0];
    const edited = await fetch(new URL(turing, radicale.url), {
      method: 'PUT',
      headers: { authorization: basicHeader(radicale), 'content-type': 'text/vcard; charset=utf-8' },
      body: (await remoteCards(radicale)).get(turing)!.replace('END:VCARD', 'NOTE:theirs\r\nEND:VCARD'),
    });
    expect([201, 204]).toContain(edited.status);
    expectRun(await run(), 200, { replacesIn: 1 }, { replacesOut: 1 });
    expect((await near.bodies()).find((b) => fnOf(b) === 'Alan Turing')).toContain('NOTE:theirs');
    expect([...(await remoteCards(radicale)).values()].find((c) => fnOf(c) === 'Ada Lovelace')).toContain('NOTE:ours');
    expectRun(await run(), 200, {}, {});
    expect((await remoteCards(radicale)).size).toBe(2);
  });
});
