/**
 * The server survives its database (issue 27), on a throwaway PostgreSQL cluster of its own
 * (test/support/postgres.ts's, so stopping it hurts no other test): two server instances, four
 * writers posting content items through both, and a phone's Ping held on one of them, while
 *
 *  1. every backend is terminated (pg_terminate_backend) with PostgreSQL staying up, then
 *  2. PostgreSQL stops (`pg_ctl stop -m fast`) until each instance has refused writes for a while,
 *     and starts again.
 *
 * Neither instance exits (an unhandled 'error' of a pg client is an uncaught exception, which
 * fails the run; both still answer afterwards). While the database is down every failed write is
 * 503 `unavailable` and both instances answer some with Retry-After; a write begun once PostgreSQL
 * is back succeeds; every write acknowledged (201) is in the datastore afterwards (the writers'
 * ledger); each instance's log (its store's and its server's, one logger as `atomsync serve` has)
 * says the outage once, with its cause, and its end once, and nothing else at warn or above — no
 * line, let alone a stack, per refused request (issue 26); the held Ping answers Status 2 for a
 * contact added once the database is back. An SDK client with its retries on (as an integrator
 * has it) sends a write and a read while the database is down: each is answered 503 with
 * Retry-After, waits as told, and succeeds once PostgreSQL is back, the write stored once (issue
 * 26). Waits are for counts of outcomes, never for times.
 */
import { Writable } from 'node:stream';
import { el } from '@atomsync/activesync';
import { basicAuth, createClient, isAtomSyncError, type AtomSyncClient } from '@atomsync/sdk';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listen, type RunningServer } from '../../src/listen.js';
import { createLogger } from '../../src/log.js';
import { SecretBox } from '../../src/secrets/box.js';
import { createServer } from '../../src/server.js';
import { createAccount } from '../../src/services/accounts.js';
import { openStore } from '@atomsync/store';
import type { Store } from '@atomsync/store';
import { childrenAt, ScriptedPhone, textAt, textOf } from '../activesync/support/scripted.js';
import { startStoppableCluster, type StoppableCluster } from '../support/stoppable-cluster.js';

// scrypt's cost is not this file's question, only its answers: scrypt runs cheap here, the same answers
// (support/cheap-scrypt.ts); at full cost its accounts' hashing and first sign-ins were much of its time.
vi.mock('node:crypto', async (importOriginal) => (await import('../support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

const PING = { minHeartbeat: 1, maxHeartbeat: 3540, maxFolders: 32 };
const WRITERS = 4;
const VCARD = (name: string) => `BEGIN:VCARD\r\nVERSION:3.0\r\nN:${name};;;;\r\nFN:${name}\r\nEND:VCARD\r\n`;

type Phase = 'before' | 'terminated' | 'down' | 'back';
interface Outcome {
  readonly instance: number;
  readonly phase: Phase;
  readonly status: number;
  readonly code?: string;
  readonly retryAfter?: string | null;
}

/** A logger whose lines the test reads. */
function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: createLogger('warn', stream), lines };
}

/** Resolves once `condition` holds, checking every 50 ms; fails after `limitMs` saying `what` (a bound against a hang, not a timing claim). */
async function until(what: string, condition: () => boolean, limitMs = 40_000): Promise<void> {
  const started = performance.now();
  while (!condition()) {
    if (performance.now() - started > limitMs) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('two instances while PostgreSQL terminates its backends, stops and starts', () => {
  let postgres: StoppableCluster | undefined;
  const stores: Store[] = [];
  const logs = [capture(), capture()];
  const servers: RunningServer[] = [];
  const sdks: AtomSyncClient[] = [];
  /** Where the writers write. */
  let datastore: string;
  /** The datastore the phone is bound to: nothing writes to it until the database is back. */
  let phoneDatastore: string;
  let phone: ScriptedPhone;
  let syncKey: string;
  /** Calls of the watched datastores' latest change on instance 0: a held Ping's watch makes them. */
  let lastChangedCalls = 0;
  /** The SDK client with retries, and what each of its attempts was answered. */
  let retrying: AtomSyncClient;
  const attempts: { operationId: string; status: number; retryAfter: string | null }[] = [];

  beforeAll(async () => {
    postgres = await startStoppableCluster();
    const cluster = postgres.cluster;
    for (const log of logs) stores.push(await openStore({ kind: 'postgres', url: cluster.adminUrl }, { log: log.logger }));
    const secrets = SecretBox.ephemeral();
    const first = stores[0]!;
    const counted: Store = {
      ...first,
      contents: {
        ...first.contents,
        lastChanged: (clients) => {
          lastChangedCalls++;
          return first.contents.lastChanged(clients);
        },
      },
    };
    for (const store of [counted, stores[1]!]) {
      // servers.length is this instance's index below.
      servers.push(
        await listen(
          createServer({
            store,
            secrets,
            // The store's logger: one log per instance, as `atomsync serve` has it.
            logger: logs[servers.length]!.logger,
            activesync: { ping: PING },
          }),
          { host: '127.0.0.1', port: 0 }
        )
      );
    }
    await createAccount({ store: first, secrets }, { username: 'writer', password: 'writer-secret-pw', admin: false });
    // No retries: the test sees every answer as it came.
    for (const server of servers)
      sdks.push(
        createClient({
          baseUrl: server.url,
          auth: basicAuth('writer', 'writer-secret-pw'),
          retry: false,
        })
      );
    // An integrator's client: retries on, each attempt's answer noted.
    retrying = createClient({
      baseUrl: servers[1]!.url,
      auth: basicAuth('writer', 'writer-secret-pw'),
      retry: { retries: 60 },
      middleware: [
        async (request, next, { operationId }) => {
          const response = await next(request);
          attempts.push({ operationId, status: response.status, retryAfter: response.headers.get('retry-after') });
          return response;
        },
      ],
    });
    datastore = (await sdks[1]!.datastore.create({ userId: 'outage-user' })).client.uuid!;

    // A phone on instance 0, bound to a datastore of its own, synced: ready to Ping.
    phoneDatastore = (await sdks[1]!.datastore.create({ userId: 'outage-phone-user' })).client.uuid!;
    const activesync = (
      await sdks[1]!.activesync.create({
        username: 'outage-phone',
        password: 'Phone-pw-1',
      })
    ).client.uuid!;
    await sdks[1]!.syncengine.create({
      source: { syncSource: 'activesync', uuid: activesync },
      target: { syncSource: 'datastore', uuid: phoneDatastore },
    });
    phone = new ScriptedPhone({
      url: servers[0]!.url,
      username: 'outage-phone',
      password: 'Phone-pw-1',
      version: '14.0',
    });
    await phone.provision();
    await phone.send('FolderSync', el('FolderHierarchy:FolderSync', [el('FolderHierarchy:SyncKey', '0')]));
    const sync = (key: string, extra = [] as ReturnType<typeof el>[]) =>
      el('AirSync:Sync', [el('AirSync:Collections', [el('AirSync:Collection', [el('AirSync:SyncKey', key), el('AirSync:CollectionId', 'contacts'), ...extra])])]);
    const keyOf = (tree: Parameters<typeof childrenAt>[0]) => textOf(childrenAt(tree, ['AirSync:Collections'], 'AirSync:Collection')[0], 'AirSync:SyncKey')!;
    syncKey = keyOf((await phone.send('Sync', sync('0'))).tree);
    syncKey = keyOf((await phone.send('Sync', sync(syncKey, [el('AirSync:GetChanges')]))).tree);
  });

  afterAll(async () => {
    for (const sdk of sdks) await sdk.close();
    await retrying?.close();
    for (const server of servers) await server.close(1_000);
    for (const store of stores) await store.close().catch(() => undefined);
    await postgres?.cluster.stop();
  });

  it('keeps both instances up, answers 503 with Retry-After while it is down, loses no acknowledged write, and the held Ping answers once it is back', { timeout: 90_000 }, async () => {
    let phase: Phase = 'before';
    let stop = false;
    const outcomes: Outcome[] = [];
    /** The titles of the writes answered 201: every one must be in the datastore at the end. */
    const acknowledged: string[] = [];
    const count = (test: (o: Outcome) => boolean) => outcomes.filter(test).length;

    const writer = async (index: number) => {
      const instance = index % 2;
      const contents = sdks[instance]!.datastore.contents(datastore);
      for (let n = 0; !stop; n++) {
        const title = `w${index}-${n}`;
        const started = phase;
        try {
          await contents.create({
            title,
            content: { type: 'text/vcard', value: VCARD(title) },
          });
          acknowledged.push(title);
          outcomes.push({ instance, phase: started, status: 201 });
        } catch (error) {
          // No answer at all (status 0) would mean an instance is gone: the assertions below refuse it.
          if (!isAtomSyncError(error)) {
            outcomes.push({
              instance,
              phase: started,
              status: 0,
              code: String(error),
            });
            continue;
          }
          outcomes.push({
            instance,
            phase: started,
            status: error.status,
            code: error.code,
            retryAfter: error.response.headers.get('retry-after'),
          });
          // As a client told to come back later would, if more eagerly than the 2 s asked.
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    };
    /** Each log's length when PostgreSQL was stopped. */
    let logged: number[] = [];
    const writers = Array.from({ length: WRITERS }, (_, i) => writer(i));
    try {
      // The Ping, held on instance 0: its watch has read the datastore at least once after its own first look.
      const calls = lastChangedCalls;
      const held = phone.send('Ping', el('Ping:Ping', [el('Ping:HeartbeatInterval', '300'), el('Ping:Folders', [el('Ping:Folder', [el('Ping:Id', 'contacts'), el('Ping:Class', 'Contacts')])])]));
      await until('the Ping to be held', () => lastChangedCalls >= calls + 2);
      await until('writes through both instances', () => count((o) => o.status === 201 && o.instance === 0) >= 20 && count((o) => o.status === 201 && o.instance === 1) >= 20);

      // 1. Every backend terminated, PostgreSQL staying up: the instances connect again.
      phase = 'terminated';
      const admin = new pg.Client({ connectionString: postgres!.cluster.adminUrl });
      await admin.connect();
      const { rowCount } = await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where pid <> pg_backend_pid() and backend_type = 'client backend'`);
      await admin.end();
      expect(rowCount).toBeGreaterThan(0);
      const before = count((o) => o.status === 201 && o.phase === 'terminated');
      await until(
        'writes after the backends were terminated',
        () => count((o) => o.status === 201 && o.phase === 'terminated' && o.instance === 0) >= 10 && count((o) => o.status === 201 && o.phase === 'terminated' && o.instance === 1) >= 10
      );
      expect(count((o) => o.status === 201 && o.phase === 'terminated')).toBeGreaterThan(before);

      // 2. PostgreSQL down until both instances have refused a good many writes, then up again.
      logged = logs.map((log) => log.lines.length);
      await postgres!.stop();
      phase = 'down';
      await until(
        '503s from both instances',
        () => count((o) => o.phase === 'down' && o.status === 503 && o.instance === 0) >= 20 && count((o) => o.phase === 'down' && o.status === 503 && o.instance === 1) >= 20
      );
      const notReady = await fetch(`${servers[0]!.url}/readyz`);
      expect(notReady.status).toBe(503);
      expect(await notReady.text()).toContain('<code>unavailable</code>');
      // The retrying client's calls, sent while it is down: PostgreSQL comes back once both were told to come back later.
      const refusedBefore = (operationId: string) => attempts.some((a) => a.operationId === operationId && a.status === 503 && a.retryAfter !== null);
      const retriedWrite = retrying.datastore.contents(datastore).create({ title: 'retried', content: { type: 'text/vcard', value: VCARD('Retried') } });
      const retriedRead = retrying.datastore.get(datastore);
      await until('the retrying client to be refused', () => refusedBefore('createContent') && refusedBefore('getDatastoreClient'));
      await postgres!.restart();
      phase = 'back';
      await until('writes after PostgreSQL is back', () => count((o) => o.phase === 'back' && o.instance === 0) >= 20 && count((o) => o.phase === 'back' && o.instance === 1) >= 20);

      // The held Ping answers a change made once the database is back.
      await sdks[1]!.datastore.contents(phoneDatastore).create({
        title: 'after',
        content: { type: 'text/vcard', value: VCARD('After') },
      });
      const answer = await held;
      expect(textAt(answer.tree, 'Ping:Status')).toBe('2');

      // The retrying client's calls succeeded once it was back, after 503s with Retry-After and nothing else.
      expect((await retriedWrite).title).toBe('retried');
      expect((await retriedRead).client.uuid).toBe(datastore);
      for (const operationId of ['createContent', 'getDatastoreClient']) {
        const answered = attempts.filter((a) => a.operationId === operationId).map((a) => [a.status, a.retryAfter]);
        expect(answered.length).toBeGreaterThan(1);
        expect(answered.slice(0, -1)).toEqual(answered.slice(0, -1).map(() => [503, '2']));
        expect(answered.at(-1)![0]).toBe(operationId === 'createContent' ? 201 : 200);
      }
    } finally {
      stop = true;
      await Promise.all(writers);
    }

    // While down: every failed write is 503 unavailable, and both instances asked clients to come back.
    const failed = outcomes.filter((o) => o.status !== 201);
    expect(failed.every((o) => o.status === 503 && o.code === 'unavailable')).toBe(true);
    for (const instance of [0, 1]) expect(count((o) => o.phase === 'down' && o.instance === instance && o.retryAfter === '2')).toBeGreaterThan(0);
    // Once back: nothing but successes.
    expect(outcomes.filter((o) => o.phase === 'back' && o.status !== 201)).toEqual([]);

    // Every acknowledged write is there.
    const entries = [];
    for await (const entry of sdks[0]!.datastore.contents(datastore).iterateList()) entries.push(entry);
    const stored = new Set(entries.map((e) => e.title));
    expect(acknowledged.filter((title) => !stored.has(title))).toEqual([]);
    // The retried write once: the 503s it was sent again after had kept nothing.
    expect(entries.filter((e) => e.title === 'retried')).toHaveLength(1);
    expect(acknowledged.length).toBeGreaterThan(100);

    // Both instances still up.
    for (const server of servers) {
      expect((await fetch(`${server.url}/livez`)).status).toBe(200);
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    }

    // Each instance said the stop once, with its cause, and its end once: nothing per refused request.
    for (const [i, log] of logs.entries()) {
      const since = log.lines.slice(logged[i]);
      expect(since.map((l) => l.level)).toEqual([50, 40]);
      const [stopped, back] = since as [Record<string, unknown>, Record<string, unknown>];
      expect(stopped.cause).toEqual(expect.stringMatching(/\S/));
      expect(stopped.msg).toBe(`store unreachable (${String(stopped.cause)}): requests answer 503 until it is back`);
      expect(back.msg).toMatch(/^store reachable again after [\d.]+ s \(\d+ failed statements\)$/);
    }
    console.info(
      `db outage: ${acknowledged.length} writes acknowledged, ${count((o) => o.phase === 'down' && o.status === 503)} answered 503 while PostgreSQL was down, ${count(
        (o) => o.phase === 'terminated' && o.status === 503
      )} when its backends were terminated; the retrying client's write took ${attempts.filter((a) => a.operationId === 'createContent').length} attempts`
    );
  });
});
