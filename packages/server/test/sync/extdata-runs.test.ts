/**
 * A datastore ↔ extdata binding run through our API against a real remote: a second atomsync
 * server whose datastore contents API is the remote feed, reached with an OAuth consumer of the
 * remote account as the extdata datastore's token, through a small proxy this test can make fail.
 * On both of our stores: the first run leaves both sides with the union; when the remote refuses
 * its writes mid-run, the run is logged failed and our store is unchanged by it; the next run
 * completes and brings every change over.
 */
import { request as httpRequest, createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { storeKinds } from '../support/stores.js';
import { card, datastoreSide, expectFailed, expectRun, logIdOf, sideOf } from './fixtures.js';

// scrypt's cost is not this file's question, only its answers: scrypt runs cheap here, the same answers
// (support/cheap-scrypt.ts); at full cost its accounts' hashing and first sign-ins were much of its time.
vi.mock('node:crypto', async (importOriginal) => (await import('../support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

type Mode = 'up' | 'writes-fail';

/** A proxy in front of `target` that forwards everything, or answers 500 to writes when told. */
async function faultyProxy(target: string): Promise<{ url: string; mode: Mode; close(): Promise<void> }> {
  const state = { mode: 'up' as Mode };
  const upstream = new URL(target);
  const server: Server = createHttpServer((req, res) => {
    if (state.mode === 'writes-fail' && req.method !== 'GET') {
      req.resume();
      res.writeHead(500, { 'content-type': 'text/plain' }).end('the remote is failing its writes');
      return;
    }
    // The Host header goes along unchanged: the remote checks the OAuth signature over the URL the caller signed.
    const forward = httpRequest({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forward.on('error', () => res.writeHead(502).end());
    req.pipe(forward);
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

let remote: TestServer;
let proxy: Awaited<ReturnType<typeof faultyProxy>>;
let consumer: { key: string; secret: string };

beforeAll(async () => {
  remote = await startTestServer('sqlite');
  consumer = (await remote.root.client.admin.createConsumer(remote.alice.username)).consumer;
  proxy = await faultyProxy(remote.url);
});
afterAll(async () => {
  await proxy?.close();
  await remote?.close();
});

describe.each(storeKinds)('synchronization of datastore ↔ extdata bindings (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('synchronizes with the remote, survives a remote failing mid-run unchanged, and completes the next run', async () => {
    const feedUuid = (await remote.alice.client.datastore.create({ userId: `feed-${randomUUID()}` })).client.uuid!;
    const far = sideOf(remote.alice.client, feedUuid);
    const href = `${proxy.url}/v2/services/datastore/${feedUuid}/contents/`;
    const near = await datastoreSide(server.alice);
    const ext = (
      await server.alice.client.extdata.create({
        userId: 'alice@remote.example',
        datastores: [{ dataclass: 'Contacts', href, token: { tokenType: 2, key: consumer.key, secret: consumer.secret, scopes: [href] } }],
      })
    ).client.uuid!;
    const binding = Number((await server.alice.client.syncengine.create({ source: { syncSource: 'datastore', uuid: near.uuid }, target: { syncSource: 'extdata', uuid: ext } })).title);
    const run = () => server.alice.client.syncengine.synchronize(binding, { syncMode: 200, dataclass: 'Contacts' });

    const anna = await near.add('Anna Berg');
    await far.add('Bo Ek');
    const first = await run();
    expectRun(first, 201, { addsOut: 1, addsIn: 1 }, { addsIn: 1, addsOut: 1 });
    expect(first.title).toBe('datastore - extdata');
    expect(await near.bodies()).toEqual([card('Anna Berg'), card('Bo Ek')].sort());
    expect(await far.bodies()).toEqual(await near.bodies());

    // Changes on both sides; then the remote takes reads but fails every write.
    await near.edit(anna, 'Anna Berg', card('Anna Berg', undefined, 'moved to Lund'));
    await near.add('Cecilia Lund');
    await far.add('David Holm');
    const nearBefore = await near.items();
    const farBefore = await far.items();
    proxy.mode = 'writes-fail';
    let failed;
    try {
      failed = await run();
    } finally {
      proxy.mode = 'up';
    }
    const reason = expectFailed(failed, 200);
    expect(reason).not.toContain(consumer.secret);
    expect(await near.items()).toEqual(nearBefore);
    expect(await far.items()).toEqual(farBefore);

    const next = await run();
    expectRun(next, 200, { addsOut: 1, replacesOut: 1, addsIn: 1 }, { addsIn: 1, replacesIn: 1, addsOut: 1 });
    const all = [card('Anna Berg', undefined, 'moved to Lund'), card('Bo Ek'), card('Cecilia Lund'), card('David Holm')].sort();
    expect(await near.bodies()).toEqual(all);
    expect(await far.bodies()).toEqual(all);
    expectRun(await run(), 200, {}, {});
    expect((await server.alice.client.syncengine.bindingLog(binding)).entries.map((e) => e.result).slice(0, 3)).toEqual(['completed', 'completed', 'failed']);
    expect(logIdOf(next)).toBeGreaterThan(logIdOf(failed));
  });
});
