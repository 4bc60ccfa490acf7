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

type Resolver = Parameters<typeof http.all>[1];

/**
 * Handles the requests our extdata connector makes to `url` (OAuth-signed, as only the connector
 * signs them); the tests' own SDK calls to the remote (HTTP Basic) fall through and go out untouched.
 */
function onConnector(method: 'get' | 'post' | 'all', url: string, resolver: Resolver): void {
  msw.use(
    http[method](url, (info) => {
      if (!info.request.headers.get('authorization')?.startsWith('OAuth ')) return undefined;
      return resolver(info);
    }),
  );
}

/** Counts the connector's requests to `url` by method, and lets them through to the remote. */
function watch(url: string): Record<'GET' | 'POST', number> {
  const seen = { GET: 0, POST: 0 };
  onConnector('all', url, ({ request }) => {
    seen[request.method as 'GET' | 'POST'] += 1;
    return passthrough();
  });
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

  /**
   * A Contacts binding after its first run, with changes pending on both sides: here an edit and an
   * add, there an add and a delete. What the next two-way run must carry, failed runs or not.
   */
  async function contactsWithPendingChanges() {
    const feed = await remoteFeed(remote);
    const binding = await remoteBinding(server, { Contacts: feed }, consumer);
    const anna = await binding.near.add('Contacts', card('Anna Berg'));
    const bo = await feed.add('Contacts', card('Bo Ek'));
    expectRun(await binding.run(200, 'Contacts'), 201, { addsOut: 1, addsIn: 1 }, { addsIn: 1, addsOut: 1 });
    await binding.near.edit(anna, 'Contacts', card('Anna Berg', undefined, 'moved to Lund'));
    await binding.near.add('Contacts', card('Cecilia Lund'));
    await feed.add('Contacts', card('David Holm'));
    await feed.remove(bo);
    const converged = [card('Anna Berg', undefined, 'moved to Lund'), card('Cecilia Lund'), card('David Holm')].sort();
    /** The run that carries the pending changes: both sides end with `converged`; then nothing moves. */
    const completes = async () => {
      const next = await binding.run(200, 'Contacts');
      expectRun(next, 200, { addsOut: 1, replacesOut: 1, addsIn: 1, deletesIn: 1 }, { addsIn: 1, replacesIn: 1, addsOut: 1, deletesOut: 1 });
      expect(await binding.near.bodies()).toEqual(converged);
      expect(await feed.bodies()).toEqual(converged);
      expectRun(await binding.run(200, 'Contacts'), 200, {}, {});
      return next;
    };
    return { feed, binding, completes, snapshot: () => snapshot(server, binding, ['Contacts'], 'Contacts') };
  }

  /** A failed run's reason names the remote's feed and never the token. */
  function expectRemoteReason(reason: string, feed: RemoteFeed): void {
    expect(reason).toContain(feed.href);
    expect(reason).not.toContain(consumer.secret);
    expect(reason).not.toContain(consumer.key);
  }

  it('fails the run when the remote answers its batch post 500 after the reads: nothing here changes, and the next run completes', async () => {
    const { feed, binding, completes, snapshot: ours } = await contactsWithPendingChanges();
    const before = await ours();
    const farBefore = await feed.entries();
    const reads = watch(feed.href);
    let posts = 0;
    onConnector('post', feed.batch, () => {
      posts += 1;
      return new HttpResponse('<html><body>Internal Server Error</body></html>', { status: 500, headers: { 'Content-Type': 'text/html' } });
    });

    const failed = await binding.run(200, 'Contacts');
    const reason = expectFailed(failed, 200);
    expect(reason).toBe(`extdata ${feed.href}: 500 Internal Server Error`);
    expectRemoteReason(reason, feed);
    // Read, then refused mid-sync; a batch that may have been half applied is never repeated.
    expect([reads.GET, posts]).toEqual([1, 1]);
    // Our contents byte for byte, and the binding's id map and anchors, as before the run.
    expect(await ours()).toEqual(before);
    expect(await feed.entries()).toEqual(farBefore);
    const logged = (await server.alice.client.syncengine.bindingLog(binding.id)).entries[0]!;
    expect([logIdOf(logged), logged.result, logged.reason]).toEqual([logIdOf(failed), 'failed', reason]);

    msw.resetHandlers();
    const next = await completes();
    expect(logIdOf(next)).toBeGreaterThan(logIdOf(failed));
  });

  it('leaves no doubles after a run whose second batch post failed when the first had been applied by the remote', async () => {
    const events = await remoteFeed(remote);
    const tasks = await remoteFeed(remote);
    const binding = await remoteBinding(server, { Events: events, Tasks: tasks }, consumer);
    await binding.near.add('Events', vevent('kickoff'));
    await tasks.add('Tasks', vtodo('passport'));
    expectRun(await binding.run(200, 'Calendar'), 201, { addsOut: 1, addsIn: 1 }, { addsIn: 1, addsOut: 1 });

    // Two events and two tasks new here (one batch per feed), an event new there.
    for (const uid of ['review', 'retro']) await binding.near.add('Events', vevent(uid));
    for (const uid of ['visa', 'tickets']) await binding.near.add('Tasks', vtodo(uid));
    await events.add('Events', vevent('launch'));
    const before = await snapshot(server, binding, ['Events', 'Tasks'], 'Calendar');
    let posts = 0;
    onConnector('post', `${remote.url}/v2/services/datastore/:client/contents/batch`, () => (++posts === 2 ? new HttpResponse(null, { status: 500 }) : passthrough()));

    const failed = await binding.run(200, 'Calendar');
    const reason = expectFailed(failed, 200);
    expect(reason).toMatch(/500 Internal Server Error$/);
    expect(reason).not.toContain(consumer.secret);
    expect(posts).toBe(2);
    // The remote is half applied: exactly one of its feeds took our two new items.
    const applied = [(await events.bodies()).includes(vevent('review')), (await tasks.bodies()).includes(vtodo('visa'))];
    expect(applied.filter(Boolean)).toHaveLength(1);
    expect(await snapshot(server, binding, ['Events', 'Tasks'], 'Calendar')).toEqual(before);

    msw.resetHandlers();
    const next = await binding.run(200, 'Calendar');
    // The two items the remote already had are matched as twins of ours, not added again.
    expectRun(next, 200, { addsOut: 4, addsIn: 1 }, { addsIn: 2, addsOut: 3 }, { duplicatesDetected: 2 });
    const allEvents = ['kickoff', 'review', 'retro', 'launch'].map((uid) => vevent(uid)).sort();
    const allTasks = ['passport', 'visa', 'tickets'].map((uid) => vtodo(uid)).sort();
    for (const bodies of [await binding.near.bodies('Events'), await binding.near.bodies('Tasks'), await events.bodies(), await tasks.bodies()]) expectNoDoubles(bodies);
    expect(await binding.near.bodies('Events')).toEqual(allEvents);
    expect(await events.bodies()).toEqual(allEvents);
    expect(await binding.near.bodies('Tasks')).toEqual(allTasks);
    expect(await tasks.bodies()).toEqual(allTasks);
    expectRun(await binding.run(200, 'Calendar'), 200, {}, {});
  });

  it('fails the run when the remote does not answer a read in time (retried, then given up), and the next run completes', async () => {
    const { feed, binding, completes, snapshot: ours } = await contactsWithPendingChanges();
    const before = await ours();
    let reads = 0;
    onConnector('get', feed.href, async () => {
      reads += 1;
      await delay(2_000);
      return passthrough();
    });
    // The HTTP API runs with the connector's default timeouts (30 s): the service itself, with short ones.
    const failed = await runWithOptions(server, binding.id, 200, 'Contacts', { timeoutMs: 300, retries: { retries: 1, minDelayMs: 1, maxDelayMs: 5 } });
    expect([failed.result, failed.syncMode]).toEqual(['failed', 200]);
    expect(failed.reason).toBe(`extdata ${feed.href}: no answer within 300 ms after 2 attempts`);
    expectRemoteReason(failed.reason!, feed);
    expect(reads).toBe(2);
    expect(await ours()).toEqual(before);
    expect((await server.alice.client.syncengine.bindingLog(binding.id)).entries[0]).toMatchObject({ result: 'failed', reason: failed.reason });

    msw.resetHandlers();
    await completes();
  });

  it('fails the run when the remote applies a batch but its answer comes too late, and the next run matches what it applied', async () => {
    const { feed, binding, snapshot: ours } = await contactsWithPendingChanges();
    const before = await ours();
    let posts = 0;
    onConnector('post', feed.batch, async ({ request }) => {
      posts += 1;
      // The remote does the work; the answer is lost in a stall longer than the timeout.
      const answer = await fetch(bypass(request));
      await delay(3_000);
      return answer;
    });
    const failed = await runWithOptions(server, binding.id, 200, 'Contacts', { timeoutMs: 1_000, retries: { retries: 2, minDelayMs: 1, maxDelayMs: 5 } });
    expect([failed.result, failed.syncMode]).toEqual(['failed', 200]);
    // A post that may have been applied is never repeated.
    expect(failed.reason).toBe(`extdata ${feed.href}: no answer within 1000 ms`);
    expect(posts).toBe(1);
    expect(await ours()).toEqual(before);
    // The remote has our edit and our add, and its own changes; ours has none of them yet.
    const farNow = [card('Anna Berg', undefined, 'moved to Lund'), card('Cecilia Lund'), card('David Holm')].sort();
    expect(await feed.bodies()).toEqual(farNow);

    msw.resetHandlers();
    const next = await binding.run(200, 'Contacts');
    // Cecilia, already on the remote, is a twin of ours; Anna's edit is the same on both sides:
    // no conflict, nothing sent. What is left to carry comes in from the remote.
    expect([next.result, next.reason]).toEqual(['completed', undefined]);
    expect(next.syncStats.conflictsDetected).toBe(0);
    expect(next.syncStats.duplicatesDetected).toBe(1);
    expect(next.syncStats.source.statistics).toMatchObject({ addsIn: 1, deletesIn: 1 });
    expect(next.syncStats.target.statistics).toMatchObject({ addsIn: 0, replacesIn: 0, deletesIn: 0 });
    expect(await binding.near.bodies()).toEqual(farNow);
    expect(await feed.bodies()).toEqual(farNow);
    expectRun(await binding.run(200, 'Contacts'), 200, {}, {});
  });

  it('fails the run on a malformed or foreign answer to a read, without retrying it, and the next run completes', async () => {
    const { feed, binding, completes, snapshot: ours } = await contactsWithPendingChanges();
    const before = await ours();
    const farBefore = await feed.entries();
    const faults: [answer: () => Response, reason: string][] = [
      [
        () => new HttpResponse('<feed xmlns="http://www.w3.org/2005/Atom"><entry><id>urn:uuid:', { headers: { 'Content-Type': 'application/atom+xml' } }),
        `extdata ${feed.href}: the remote's answer is not a usable Atom feed: `,
      ],
      [() => new HttpResponse('<html><body>Log in</body></html>', { headers: { 'Content-Type': 'text/html; charset=utf-8' } }), `extdata ${feed.href}: 200 answered as text/html, not application/atom+xml`],
    ];
    for (const [answer, expected] of faults) {
      let reads = 0;
      onConnector('get', feed.href, () => {
        reads += 1;
        return answer();
      });
      const writes = watch(feed.batch);
      const reason = expectFailed(await binding.run(200, 'Contacts'), 200);
      expect(reason.startsWith(expected)).toBe(true);
      expectRemoteReason(reason, feed);
      expect([reads, writes.POST]).toEqual([1, 0]);
      expect(await ours()).toEqual(before);
      expect(await feed.entries()).toEqual(farBefore);
      msw.resetHandlers();
    }

    await completes();
    expect((await server.alice.client.syncengine.bindingLog(binding.id)).entries.map((e) => e.result)).toEqual(['completed', 'completed', 'failed', 'failed', 'completed']);
  });
});
