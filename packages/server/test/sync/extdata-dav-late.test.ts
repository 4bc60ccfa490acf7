/**
 * A CardDAV remote that could not be reached at registration: the datastore is registered as
 * today (no DAV marker: nothing told it apart from an Atom feed), the run made while it is down
 * fails saying why, and the first run after Debian's Radicale starts on the registered address
 * finds it speaking CardDAV (the marker then stored) and syncs over DAV — every later run too.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { startRadicale, type RadicaleTarget } from '../dav/clients/radicale.js';
import { freePort } from '../interop/support/peer.js';
import { datastoreSide, expectFailed, expectRun } from './fixtures.js';

vi.mock('node:crypto', async (importOriginal) => (await import('../support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

let server: TestServer;
let radicale: RadicaleTarget | undefined;
beforeAll(async () => {
  server = await startTestServer('sqlite');
}, 60_000);
afterAll(async () => {
  await radicale?.stop();
  await server?.close();
});

describe('extdata over CardDAV: a remote down at registration', () => {
  it('is found speaking CardDAV by the first run after it comes back, and synced over DAV from then on', async () => {
    const port = await freePort();
    const near = await datastoreSide(server.alice);
    for (const p of ['Anna Berg', 'Bo Ek']) await near.add(p);
    const ext = (
      await server.alice.client.extdata.create({
        userId: 'harness@radicale',
        datastores: [{ dataclass: 'Contacts', href: `http://127.0.0.1:${port}/harness/contacts/`, token: { tokenType: 2, key: 'harness', secret: 'harness-secret' } }],
      })
    ).client.uuid!;
    const stored = async () => (await server.store.extdata.get(server.alice.id, ext))!.datastores[0]!;
    expect((await stored()).dav).toBeUndefined();
    const binding = Number((await server.alice.client.syncengine.create({ source: { syncSource: 'datastore', uuid: near.uuid }, target: { syncSource: 'extdata', uuid: ext } })).title);
    const run = () => server.alice.client.syncengine.synchronize(binding, { syncMode: 200, dataclass: 'Contacts' });

    // Still down: the first (slow) run fails with the network's reason, and nothing is marked.
    expect(expectFailed(await run(), 201)).toMatch(/ECONNREFUSED/);
    expect((await stored()).dav).toBeUndefined();

    radicale = await startRadicale({ port });
    expect([radicale.username, radicale.password]).toEqual(['harness', 'harness-secret']);
    expectRun(await run(), 201, { addsOut: 2 }, { addsIn: 2 });
    expect((await stored()).dav).toEqual({ collection: `${radicale.url}/harness/contacts/`, kind: 'addressbook' });
    const remote = await fetch(`${radicale.url}/harness/contacts/`, { method: 'PROPFIND', headers: { depth: '1', authorization: `Basic ${Buffer.from('harness:harness-secret').toString('base64')}` } });
    expect((await remote.text()).match(/\.vcf<\/href>/g)?.length).toBe(2);
    expectRun(await run(), 200, {}, {});
  });
});
