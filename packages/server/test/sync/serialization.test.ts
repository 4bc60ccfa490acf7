/**
 * Runs of one binding are serialized: a run request that finds the binding busy (another run holds
 * its lease, on this server or another) is refused at once with 409 and Retry-After (issue 27),
 * and the sides hold no doubles; it runs once the lease is given up. A phone's run (runBinding
 * without `atOnce`) waits for the lease instead, and is refused with 409 when the wait passes its
 * bound. On PostgreSQL, two server instances over one database serialize through the lease row.
 *
 * Without serialization these would show: two first runs at once are both slow syncs that each
 * copy every item across, so each side ends with doubles.
 */
import { pino } from 'pino';
import { AtomSyncError, createClient, basicAuth, type AtomSyncClient, type SyncLogEntry } from '@atomsync/sdk';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listen } from '../../src/listen.js';
import { SecretBox } from '../../src/secrets/box.js';
import { createServer } from '../../src/server.js';
import { createAccount } from '../../src/services/accounts.js';
import { BindingRuns } from '../../src/services/run-lock.js';
import { runBinding } from '../../src/services/synchronization.js';
import { openStore } from '@atomsync/store';
import type { Store } from '@atomsync/store';
import { refusal, startTestServer, type TestServer } from '../support/server.js';
import { createTestSchema, storeKinds, type TestSchema } from '../support/stores.js';
import { card, datastorePair, expectFailed, logIdOf, sideOf } from './fixtures.js';
import { ServiceError } from '../../src/errors.js';

// scrypt's cost is not this file's question, only its answers: scrypt runs cheap here, the same answers
// (support/cheap-scrypt.ts); at full cost its accounts' hashing and first sign-ins were much of its time.
vi.mock('node:crypto', async (importOriginal) => (await import('../support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

const NAMES = ['Anna Berg', 'Bo Ek', 'Cecilia Lund', 'David Holm', 'Erik Sand', 'Frida Nyman'];

describe.each(storeKinds)('serialized synchronization runs (%s)', (kind) => {
  let server: TestServer;
  const aliceOf = () => ({ kind: 'account' as const, id: server.alice.id, username: 'alice', admin: false });
  const waitingDeps = () => ({ store: server.store, secrets: server.secrets, runs: new BindingRuns(), log: pino({ level: 'silent' }) });
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('runs one of concurrent requests for one binding and refuses the others at once with 409 and Retry-After, without doubles', async () => {
    const pair = await datastorePair(server.alice);
    for (const name of NAMES.slice(0, 3)) await pair.source.add(name);
    for (const name of NAMES.slice(3)) await pair.target.add(name);

    const answers = await Promise.all([pair.run(200), pair.run(200), pair.run(201), pair.run(200)].map((r) => r.catch((e: unknown) => e)));
    const ran = answers.filter((a): a is SyncLogEntry => !(a instanceof Error));
    const refused = answers.filter((a): a is AtomSyncError => a instanceof Error);
    expect(ran.length).toBeGreaterThanOrEqual(1);
    expect(ran.map((r) => r.result)).toEqual(ran.map(() => 'completed'));
    for (const error of refused) {
      expect([error.status, error.code]).toEqual([409, 'conflict']);
      expect(Number(error.response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    // Exactly one of them was the first run (a slow sync that moved everything); the refused ran nothing.
    const moved = ran.map((r) => r.syncStats.source.statistics.addsOut + r.syncStats.target.statistics.addsOut);
    expect(moved.filter((n) => n === 6)).toHaveLength(1);
    expect(moved.filter((n) => n === 0)).toHaveLength(ran.length - 1);

    const union = NAMES.map((n) => card(n)).sort();
    expect(await pair.source.bodies()).toEqual(union);
    expect(await pair.target.bodies()).toEqual(union);
    expect((await server.alice.client.syncengine.bindingLog(pair.id)).entries.map(logIdOf).sort()).toEqual(ran.map(logIdOf).sort());
    // Asked again one after the other, they run.
    for (const _ of refused) expect((await pair.run(200)).result).toBe('completed');
  });

  it("answers a run request 409 at once with Retry-After while another holder has the binding's lease, and runs it once given up", async () => {
    const pair = await datastorePair(server.alice);
    await pair.source.add('Anna Berg');
    const key = { accountId: server.alice.id, id: pair.id };
    expect(await server.store.syncLocks.acquire(key, 'another-instance', 60_000)).toBe(true);
    const error = await refusal(pair.run(200));
    expect([error.status, error.code]).toEqual([409, 'conflict']);
    // The seconds until that lease runs out unless renewed.
    const retryAfter = Number(error.response.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await pair.target.bodies()).toEqual([]);
    expect((await server.alice.client.syncengine.bindingLog(pair.id)).entries).toEqual([]);
    await server.store.syncLocks.release(key, 'another-instance');

    expect((await pair.run(200)).result).toBe('completed');
    expect(await pair.target.bodies()).toEqual([card('Anna Berg')]);
    // The run gave its own lease up: another holder can take it at once.
    expect(await server.store.syncLocks.acquire(key, 'another-instance', 60_000)).toBe(true);
    await server.store.syncLocks.release(key, 'another-instance');
  });

  it("a phone's run (one that waits) waits while another holder has the binding's lease and runs once it is given up", async () => {
    const pair = await datastorePair(server.alice);
    await pair.source.add('Anna Berg');
    const binding = (await server.store.bindings.get(server.alice.id, pair.id))!;
    expect(await server.store.syncLocks.acquire(binding, 'another-instance', 60_000)).toBe(true);
    let settled = false;
    const running = runBinding(waitingDeps(), { account: aliceOf(), binding, mode: 200, dataclass: 'Contacts' }).finally(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(settled).toBe(false);
    expect(await pair.target.bodies()).toEqual([]);
    await server.store.syncLocks.release(binding, 'another-instance');
    expect((await running).result).toBe('completed');
    expect(await pair.target.bodies()).toEqual([card('Anna Berg')]);
  });

  it('logs a run whose lease ran out unrenewed as failed, interrupted, when the next run takes the lease over', async () => {
    const pair = await datastorePair(server.alice);
    await pair.source.add('Anna Berg');
    const key = { accountId: server.alice.id, id: pair.id };
    // A run of another instance that died mid-run: its lease (1 ms here) is never renewed nor given up.
    const started = new Date(Date.UTC(2026, 10, 28, 9, 0, 0));
    expect(await server.store.syncLocks.take(key, 'dead-instance', 1, { dataclass: 'Contacts', syncMode: 200, started })).toEqual({ taken: true });
    await new Promise((resolve) => setTimeout(resolve, 20));

    const next = await pair.run(200);
    expect(next.result).toBe('completed');
    expect(await pair.target.bodies()).toEqual([card('Anna Berg')]);
    const log = (await server.alice.client.syncengine.log()).entries.filter((e) => e.reason?.startsWith('interrupted'));
    expect(log).toHaveLength(1);
    // Without anchors, it would have been (and is logged as) a slow sync; logged before the run that found it.
    const reason = expectFailed(log[0]!, 201);
    expect(reason).toContain(started.toISOString());
    expect(log[0]!.dataclass).toBe('Contacts');
    expect(logIdOf(log[0]!)).toBeLessThan(logIdOf(next));
    expect((await server.alice.client.syncengine.bindingLog(pair.id)).entries.map((e) => e.result)).toEqual(['completed', 'failed']);
  });

  it('answers 404 when the binding was deleted while the run waited for its turn', async () => {
    const pair = await datastorePair(server.alice);
    await pair.source.add('Anna Berg');
    const binding = (await server.store.bindings.get(server.alice.id, pair.id))!;
    expect(await server.store.syncLocks.acquire(binding, 'another-instance', 60_000)).toBe(true);
    const running = runBinding(waitingDeps(), { account: aliceOf(), binding, mode: 200, dataclass: 'Contacts' }).catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await server.alice.client.syncengine.delete(pair.id);
    await server.store.syncLocks.release(binding, 'another-instance');
    const error = await running;
    expect(error).toBeInstanceOf(ServiceError);
    expect([(error as ServiceError).status, (error as ServiceError).code]).toEqual([404, 'not_found']);
    expect(await pair.target.bodies()).toEqual([]);
  });

  it('refuses a run with 409 once the wait for the lease passes its bound, and runs nothing', async () => {
    const pair = await datastorePair(server.alice);
    await pair.source.add('Anna Berg');
    const binding = (await server.store.bindings.get(server.alice.id, pair.id))!;
    expect(await server.store.syncLocks.acquire({ accountId: server.alice.id, id: pair.id }, 'another-instance', 60_000)).toBe(true);
    const deps = {
      store: server.store,
      secrets: server.secrets,
      runs: new BindingRuns(),
      log: pino({ level: 'silent' }),
      lease: { ttlMs: 60_000, renewEveryMs: 20_000, waitMs: 300 },
    };
    const account = { kind: 'account' as const, id: server.alice.id, username: 'alice', admin: false };
    const error = await runBinding(deps, { account, binding, mode: 200, dataclass: 'Contacts' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect([(error as ServiceError).status, (error as ServiceError).code]).toEqual([409, 'conflict']);
    expect((error as ServiceError).message).toContain('a synchronization of this binding is running');
    expect((await server.alice.client.syncengine.bindingLog(pair.id)).entries).toEqual([]);
    expect(await pair.target.bodies()).toEqual([]);

    await server.store.syncLocks.release({ accountId: server.alice.id, id: pair.id }, 'another-instance');
    const record = await runBinding(deps, { account, binding, mode: 200, dataclass: 'Contacts' });
    expect(record.result).toBe('completed');
  });
});

describe('serialized synchronization runs across two server instances (postgres)', () => {
  let schema: TestSchema;
  const stores: Store[] = [];
  const closers: (() => Promise<void>)[] = [];
  /** alice's SDK client on each instance. */
  let clients: AtomSyncClient[];

  beforeAll(async () => {
    schema = await createTestSchema();
    const secrets = SecretBox.ephemeral();
    for (let i = 0; i < 2; i++) stores.push(await openStore({ kind: 'postgres', url: schema.url }));
    await createAccount({ store: stores[0]!, secrets }, { username: 'alice', password: 'alice-secret-pw', admin: false });
    clients = [];
    for (const store of stores) {
      const running = await listen(createServer({ store, secrets }), { host: '127.0.0.1', port: 0 });
      const client = createClient({ baseUrl: running.url, auth: basicAuth('alice', 'alice-secret-pw') });
      clients.push(client);
      closers.push(async () => {
        await client.close();
        await running.close(5_000);
      });
    }
  });
  afterAll(async () => {
    for (const close of closers) await close();
    for (const store of stores) await store.close();
    await schema?.drop();
  });

  it('serializes runs fired at both instances at once through the lease: one at a time, the busy refused at once, no doubles, every run logged', async () => {
    const [one, two] = clients as [AtomSyncClient, AtomSyncClient];
    const create = async (userId: string) => (await one.datastore.create({ userId })).client.uuid!;
    const source = sideOf(one, await create('two-instances-source'));
    const target = sideOf(two, await create('two-instances-target'));
    for (const name of NAMES.slice(0, 3)) await source.add(name);
    for (const name of NAMES.slice(3)) await target.add(name);
    const id = Number((await one.syncengine.create({ source: { syncSource: 'datastore', uuid: source.uuid }, target: { syncSource: 'datastore', uuid: target.uuid } })).title);

    const run = (client: AtomSyncClient) => client.syncengine.synchronize(id, { syncMode: 200, dataclass: 'Contacts' }).catch((e: unknown) => e);
    const answers = await Promise.all([run(one), run(two), run(one), run(two)]);
    const runs = answers.filter((a): a is SyncLogEntry => !(a instanceof Error));
    // A request that found the binding busy, on either instance, was refused at once and ran nothing.
    for (const error of answers.filter((a) => a instanceof Error)) {
      expect(error).toBeInstanceOf(AtomSyncError);
      expect([(error as AtomSyncError).status, (error as AtomSyncError).response.headers.has('retry-after')]).toEqual([409, true]);
    }
    expect(runs.map((r) => r.result)).toEqual(runs.map(() => 'completed'));
    const moved = runs.map((r) => r.syncStats.source.statistics.addsOut + r.syncStats.target.statistics.addsOut);
    expect(moved.filter((n) => n === 6)).toHaveLength(1);
    expect(moved.filter((n) => n === 0)).toHaveLength(runs.length - 1);

    const union = NAMES.map((n) => card(n)).sort();
    expect(await source.bodies()).toEqual(union);
    expect(await target.bodies()).toEqual(union);
    const logged = (await two.syncengine.bindingLog(id)).entries.map(logIdOf);
    expect(logged.sort()).toEqual(runs.map(logIdOf).sort());
  });
});
