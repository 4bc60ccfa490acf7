/**
 * What a CardDAV remote does that it should not, against Debian's Radicale behind a proxy this test
 * steers: a change made on the remote between our listing and our PUT (the proxy makes it just
 * before forwarding our If-Match PUT) ends in a 412 the run survives, and the next run resolves the
 * conflict by conflict_winner with nothing doubled; a sync token the remote forgot (403
 * valid-sync-token) leads to a full listing compared with what we hold, not to doubles; and a
 * remote that starts answering an empty listing deletes nothing: the run fails saying why. A 409
 * naming nothing over a member the remote changed meanwhile is read as the 412 it means; a 403
 * over a member still as we read it, and a 409 naming a precondition (no-uid-conflict), fail the
 * run with the remote's reason. Changes of the datastore that would delete most of the remote
 * stop the run too, until a refresh from the datastore's side is asked.
 */
import { request as httpRequest, createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { startRadicale, type RadicaleTarget } from '../dav/clients/radicale.js';
import { basicHeader } from '../dav/clients/target.js';
import { card, datastoreSide, expectFailed, expectRun } from './fixtures.js';

vi.mock('node:crypto', async (importOriginal) => (await import('../support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

type Mode =
  | { kind: 'through' }
  /**
   * Before a PUT with If-Match, the remote's own edit of that member is written; then the PUT is
   * forwarded (the remote answers 412), or answered `answer` with `error` as its body, as servers
   * do that answer 403/409 where the RFCs say 412 (or refuse for a precondition of their own).
   */
  | { kind: 'edit-before-put'; body: string; answer?: { status: 403 | 409; error?: string } }
  /** A PUT with If-Match answered 403, the member left as it is. */
  | { kind: 'refuse-write' }
  /** Every sync-collection from a token: 403 valid-sync-token. */
  | { kind: 'forget-tokens' }
  /** Every sync-collection: the token refused, and the full listing empty. */
  | { kind: 'empty' };

interface Proxy {
  readonly url: string;
  mode: Mode;
  close(): Promise<void>;
}

const EMPTY = (token: string) =>
  `<?xml version="1.0" encoding="utf-8"?>\n<multistatus xmlns="DAV:"><sync-token>${token}</sync-token></multistatus>`;
const FORGOTTEN = '<?xml version="1.0" encoding="utf-8"?>\n<error xmlns="DAV:"><valid-sync-token/></error>';

async function proxyOf(target: RadicaleTarget): Promise<Proxy> {
  const upstream = new URL(target.url);
  const state: { mode: Mode } = { mode: { kind: 'through' } };
  const forward = (method: string, path: string, headers: Record<string, string | string[] | undefined>, body: Buffer) =>
    new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
      const req = httpRequest({ host: upstream.hostname, port: upstream.port, method, path, headers: { ...headers, host: upstream.host } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end(body);
    });
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks);
      const mode = state.mode;
      try {
        const text = body.toString('utf8');
        const isSync = req.method === 'REPORT' && text.includes('sync-collection');
        const fromToken = isSync && !/<d:sync-token>\s*<\/d:sync-token>/.test(text);
        if ((mode.kind === 'forget-tokens' || mode.kind === 'empty') && fromToken) {
          res.writeHead(403, { 'content-type': 'application/xml; charset=utf-8' }).end(FORGOTTEN);
          return;
        }
        if (mode.kind === 'empty' && isSync) {
          res.writeHead(207, { 'content-type': 'application/xml; charset=utf-8' }).end(EMPTY('http://radicale.org/ns/sync/empty'));
          return;
        }
        if (mode.kind === 'edit-before-put' && req.method === 'PUT' && req.headers['if-match'] !== undefined) {
          state.mode = { kind: 'through' };
          // The member's own UID (its name, as the connector wrote it): a PUT changing a UID is refused.
          const uid = decodeURIComponent(req.url!.slice(req.url!.lastIndexOf('/') + 1).replace(/\.vcf$/, ''));
          const theirs = mode.body.replace('END:VCARD', `UID:${uid}\r\nEND:VCARD`);
          const edit = await forward('PUT', req.url!, { authorization: basicHeader(target), 'content-type': 'text/vcard; charset=utf-8' }, Buffer.from(theirs));
          expect([201, 204]).toContain(edit.status);
          if (mode.answer !== undefined) {
            res.writeHead(mode.answer.status, { 'content-type': 'application/xml; charset=utf-8' }).end(mode.answer.error ?? '');
            return;
          }
        }
        if (mode.kind === 'refuse-write' && req.method === 'PUT' && req.headers['if-match'] !== undefined) {
          state.mode = { kind: 'through' };
          res.writeHead(403, { 'content-type': 'text/plain' }).end('writes to this address book are not allowed');
          return;
        }
        const answer = await forward(req.method!, req.url!, req.headers, body);
        res.writeHead(answer.status, answer.headers).end(answer.body);
      } catch {
        res.writeHead(502).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get mode() {
      return state.mode;
    },
    set mode(mode: Mode) {
      state.mode = mode;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function remoteNames(target: RadicaleTarget): Promise<string[]> {
  const book = `${target.url}/${target.username}/contacts/`;
  const response = await fetch(book, {
    method: 'REPORT',
    headers: { authorization: basicHeader(target), depth: '1', 'content-type': 'application/xml' },
    body: '<?xml version="1.0"?><c:addressbook-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav"><d:prop><c:address-data/></d:prop></c:addressbook-query>',
  });
  expect(response.status).toBe(207);
  return [...(await response.text()).matchAll(/FN:([^\r\n]*)/g)].map((m) => m[1]!).sort();
}

let server: TestServer;
let radicale: RadicaleTarget;
let proxy: Proxy;
beforeAll(async () => {
  [server, radicale] = await Promise.all([startTestServer('sqlite'), startRadicale()]);
  proxy = await proxyOf(radicale);
}, 60_000);
afterAll(async () => {
  await proxy?.close();
  await radicale?.stop();
  await server?.close();
});

describe('extdata over CardDAV: a remote that changes under us, forgets, or answers empty', () => {
  it('ends right after a 412 (or a 409 meaning it), lists in full after a forgotten token, deletes nothing on an empty listing, and fails on a real 403/409', async () => {
    const near = await datastoreSide(server.alice);
    const people = ['Anna Berg', 'Bo Ek', 'Cecilia Lund', 'David Holm', 'Eva Lind', 'Filip Ros', 'Greta Alm'];
    const ids = new Map<string, string>();
    for (const p of people) ids.set(p, await near.add(p));
    const ext = (
      await server.alice.client.extdata.create({
        userId: 'harness@radicale',
        datastores: [{ dataclass: 'Contacts', href: `${proxy.url}/${radicale.username}/contacts/`, token: { tokenType: 2, key: radicale.username, secret: radicale.password } }],
      })
    ).client.uuid!;
    const binding = Number((await server.alice.client.syncengine.create({ source: { syncSource: 'datastore', uuid: near.uuid }, target: { syncSource: 'extdata', uuid: ext } })).title);
    const run = () => server.alice.client.syncengine.synchronize(binding, { syncMode: 200, dataclass: 'Contacts' });
    expectRun(await run(), 201, { addsOut: 7 }, { addsIn: 7 });
    expectRun(await run(), 200, {}, {});

    // The 412 path: our edit of Anna meets the remote's own edit, made after our listing.
    await near.edit(ids.get('Anna Berg')!, 'Anna Berg', card('Anna Berg', undefined, 'ours'));
    proxy.mode = { kind: 'edit-before-put', body: card('Anna Berg', undefined, 'theirs') };
    const raced = await run();
    expect(proxy.mode.kind).toBe('through');
    expect([raced.result, raced.reason]).toEqual(['completed', undefined]);
    expect(raced.syncStats.target.statistics.replacesIn).toBe(0);
    // Next run: both sides changed Anna; the binding's conflict_winner (source) decides, nothing doubled.
    expectRun(await run(), 200, { replacesOut: 1 }, { replacesIn: 1 }, { conflictsDetected: 1 });
    expect(await remoteNames(radicale)).toEqual(people);
    expect([...(await near.items()).values()].find((b) => b.includes('FN:Anna Berg'))).toContain('NOTE:ours');

    // A token the remote forgot: a full listing, compared with what we hold — one new card, no doubles.
    const remoteAdd = await fetch(`${radicale.url}/${radicale.username}/contacts/hanna.vcf`, {
      method: 'PUT',
      headers: { authorization: basicHeader(radicale), 'content-type': 'text/vcard' },
      body: card('Hanna Sten').replace('END:VCARD', 'UID:hanna\r\nEND:VCARD'),
    });
    expect(remoteAdd.status).toBe(201);
    proxy.mode = { kind: 'forget-tokens' };
    expectRun(await run(), 200, { addsIn: 1 }, { addsOut: 1 });
    expectRun(await run(), 200, {}, {});
    expect((await near.bodies()).length).toBe(8);

    // An empty listing where the remote held eight: the run stops, nothing deleted anywhere.
    proxy.mode = { kind: 'empty' };
    const reason = expectFailed(await run(), 200);
    expect(reason).toMatch(/would delete 8 of the 8 items it held/);
    expect(reason).not.toContain(radicale.password);
    proxy.mode = { kind: 'through' };
    expect((await near.bodies()).length).toBe(8);
    expect((await remoteNames(radicale)).length).toBe(8);
    expectRun(await run(), 200, {}, {});

    // A 409 naming nothing where the remote changed the member meanwhile: read as the 412 it means.
    const everyone = [...people, 'Hanna Sten'].sort();
    await near.edit(ids.get('Bo Ek')!, 'Bo Ek', card('Bo Ek', undefined, 'ours'));
    proxy.mode = { kind: 'edit-before-put', body: card('Bo Ek', undefined, 'theirs'), answer: { status: 409 } };
    const conflicted = await run();
    expect(proxy.mode.kind).toBe('through');
    expect([conflicted.result, conflicted.reason]).toEqual(['completed', undefined]);
    expectRun(await run(), 200, { replacesOut: 1 }, { replacesIn: 1 }, { conflictsDetected: 1 });
    expect(await remoteNames(radicale)).toEqual(everyone);
    expect([...(await near.items()).values()].find((b) => b.includes('FN:Bo Ek'))).toContain('NOTE:ours');

    // A 403 naming nothing over a member still as we read it: the remote's refusal, with its reason.
    await near.edit(ids.get('Cecilia Lund')!, 'Cecilia Lund', card('Cecilia Lund', undefined, 'ours'));
    proxy.mode = { kind: 'refuse-write' };
    const refused = expectFailed(await run(), 200);
    expect(refused).toMatch(/refused to replace an item: .*403/);
    expect(refused).not.toContain(radicale.password);
    expectRun(await run(), 200, { replacesOut: 1 }, { replacesIn: 1 });

    // A 409 naming a precondition of CardDAV's (no-uid-conflict) is a refusal even when the member changed.
    await near.edit(ids.get('David Holm')!, 'David Holm', card('David Holm', undefined, 'ours'));
    const uidConflict = '<?xml version="1.0"?><D:error xmlns:D="DAV:" xmlns:CR="urn:ietf:params:xml:ns:carddav"><CR:no-uid-conflict/></D:error>';
    proxy.mode = { kind: 'edit-before-put', body: card('David Holm', undefined, 'theirs'), answer: { status: 409, error: uidConflict } };
    expect(expectFailed(await run(), 200)).toMatch(/refused to replace an item: .*409/);
    expectRun(await run(), 200, { replacesOut: 1 }, { replacesIn: 1 }, { conflictsDetected: 1 });
    expect(await remoteNames(radicale)).toEqual(everyone);

    // The datastore's side: six of eight removed there (by mistake, say) deletes nothing on the remote…
    for (const p of people.filter((p) => p !== 'Anna Berg')) await near.remove(ids.get(p)!);
    const guarded = expectFailed(await run(), 200);
    expect(guarded).toMatch(/the datastore's changes would delete 6 of the 8 items the remote holds/);
    expect(await remoteNames(radicale)).toEqual(everyone);
    // …until a refresh from the datastore's side (the binding's source here) is asked.
    const refresh = await server.alice.client.syncengine.synchronize(binding, { syncMode: 203, dataclass: 'Contacts' });
    expect([refresh.result, refresh.reason, refresh.syncMode]).toEqual(['completed', undefined, 203]);
    expect(await remoteNames(radicale)).toEqual(['Anna Berg', 'Hanna Sten']);
    expectRun(await run(), 200, {}, {});
  });
});
