/**
 * End to end: a datastore client of ours synchronized with an extdata client whose feeds are the
 * contents of datastore clients on a second, real atomsync server (the remote, SQLite), reached
 * with an OAuth consumer of the remote account. Everything goes through the SDK: runs through
 * POST /v2/syncengine/<id>/synchronization/, and each side checked through its own server's API.
 *
 * Faults: msw stands between our server and the remote (it intercepts the global fetch the extdata
 * connector calls, in this process), with handlers on the remote's URLs only; every other request
 * (the SDK's, and the remote's traffic we let through with `passthrough()`) goes out untouched. A
 * failed run must leave our store and the binding's state exactly as they were, name the remote
 * in its reason but never the token's secret, and the next run must complete without doubles,
 * even when the remote had applied part of what the failed run sent.
 */
import { randomUUID } from 'node:crypto';
import { bypass, delay, http, HttpResponse, passthrough } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { storeKinds } from '../support/stores.js';
import { card, expectFailed, expectRun, logIdOf } from './fixtures.js';
import { expectNoDoubles, remoteBinding, remoteFeed, runWithOptions, snapshot, vevent, vtodo, type RemoteFeed } from './remote-fixtures.js';

const msw = setupServer();
beforeAll(() => msw.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => msw.resetHandlers());
afterAll(() => msw.close());

let remote: TestServer;
let consumer: { key: string; secret: string };

beforeAll(async () => {
  remote = await startTestServer('sqlite');
  consumer = (await remote.root.client.admin.createConsumer(remote.alice.username)).consumer;
});
afterAll(async () => {
  await remote?.close();
});

/** Counts the requests msw sees to `url` by method, and lets them through to the remote. */
function watch(url: string): Record<'GET' | 'POST', number> {
  const seen = { GET: 0, POST: 0 };
  msw.use(
    http.all(url, ({ request }) => {
      seen[request.method as 'GET' | 'POST'] += 1;
      return passthrough();
    }),
  );
  return seen;
}

describe.each(storeKinds)('datastore ↔ extdata with a real remote (our store: %s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('merges both sides on the first run (201), carries edits and deletes both ways (200), and then moves nothing', async () => {
    const feed = await remoteFeed(remote);
    const binding = await remoteBinding(server, { Contacts: feed }, consumer);
    await binding.near.add('Contacts', card('Anna Berg'));
    const bo = await binding.near.add('Contacts', card('Bo Ek'));
    // A twin: the same contact on both sides before the first run is merged, not doubled.
    await feed.add('Contacts', card('Anna Berg'));
    const cecilia = await feed.add('Contacts', card('Cecilia Lund'));

    const first = await binding.run(200, 'Contacts');
    // A matched twin counts as sent by both sides but is added to neither (tally.ts).
    expectRun(first, 201, { addsOut: 2, addsIn: 1 }, { addsIn: 1, addsOut: 2 }, { duplicatesDetected: 1 });
    expect(first.title).toBe('datastore - extdata');
    const merged = [card('Anna Berg'), card('Bo Ek'), card('Cecilia Lund')].sort();
    expect(await binding.near.bodies()).toEqual(merged);
    expect(await feed.bodies()).toEqual(merged);

    // Both sides change: an edit and an add here, an edit, a delete and an add there.
    await binding.near.edit(bo, 'Contacts', card('Bo Ek', undefined, 'moved to Umeå'));
    await binding.near.add('Contacts', card('Eva Dahl'));
    const annaThere = (await feed.entries()).find((e) => e.content?.value === card('Anna Berg'))!.id!.slice('urn:uuid:'.length);
    await feed.edit(annaThere, 'Contacts', card('Anna Berg', undefined, 'new job'));
    await feed.remove(cecilia);
    await feed.add('Contacts', card('David Holm'));

    const second = await binding.run(200, 'Contacts');
    expectRun(second, 200, { addsOut: 1, replacesOut: 1, addsIn: 1, replacesIn: 1, deletesIn: 1 }, { addsIn: 1, replacesIn: 1, addsOut: 1, replacesOut: 1, deletesOut: 1 });
    const now = [card('Anna Berg', undefined, 'new job'), card('Bo Ek', undefined, 'moved to Umeå'), card('David Holm'), card('Eva Dahl')].sort();
    expect(await binding.near.bodies()).toEqual(now);
    expect(await feed.bodies()).toEqual(now);

    // Nothing changed since: nothing moves, and the remote's feed is left as it is.
    const farEntries = await feed.entries();
    const reads = watch(feed.href);
    const writes = watch(feed.batch);
    expectRun(await binding.run(200, 'Contacts'), 200, {}, {});
    expect([reads.GET, writes.POST]).toEqual([1, 0]);
    expect(await feed.entries()).toEqual(farEntries);
    const log = (await server.alice.client.syncengine.bindingLog(binding.id)).entries;
    expect(log.map((e) => [e.syncMode, e.result])).toEqual([
      [200, 'completed'],
      [200, 'completed'],
      [201, 'completed'],
    ]);
  });

  it('runs Contacts and Notes against two remote feeds, each run touching only its own', async () => {
    const contacts = await remoteFeed(remote);
    const notes = await remoteFeed(remote);
    const binding = await remoteBinding(server, { Contacts: contacts, Notes: notes }, consumer);
    await binding.near.add('Contacts', card('Anna Berg'));
    await binding.near.add('Notes', 'gate code 4711');
    await contacts.add('Contacts', card('Bo Ek'));
    const shed = await notes.add('Notes', 'the shed key is under the blue pot');

    expectRun(await binding.run(200, 'Contacts'), 201, { addsOut: 1, addsIn: 1 }, { addsIn: 1, addsOut: 1 });
    expect(await binding.near.bodies('Contacts')).toEqual([card('Anna Berg'), card('Bo Ek')].sort());
    expect(await contacts.bodies()).toEqual([card('Anna Berg'), card('Bo Ek')].sort());
    // The Notes feed and our note are the Notes run's business.
    expect(await notes.bodies()).toEqual(['the shed key is under the blue pot']);
    expect(await binding.near.bodies('Notes')).toEqual(['gate code 4711']);

    expectRun(await binding.run(200, 'Notes'), 201, { addsOut: 1, addsIn: 1 }, { addsIn: 1, addsOut: 1 });
    const allNotes = ['gate code 4711', 'the shed key is under the blue pot'];
    expect(await binding.near.bodies('Notes')).toEqual(allNotes);
    expect(await notes.bodies()).toEqual(allNotes);
    expect(await contacts.bodies()).toEqual([card('Anna Berg'), card('Bo Ek')].sort());

    // Each class keeps its own anchors: an edit of a note moves in the Notes run only.
    await notes.edit(shed, 'Notes', 'the shed key is under the red pot');
    expectRun(await binding.run(200, 'Contacts'), 200, {}, {});
    expectRun(await binding.run(200, 'Notes'), 200, { replacesIn: 1 }, { replacesOut: 1 });
    expect(await binding.near.bodies('Notes')).toEqual(['gate code 4711', 'the shed key is under the red pot']);
    expect(await binding.near.bodies('Contacts')).toEqual([card('Anna Berg'), card('Bo Ek')].sort());
  });
});
