/**
 * Runs of one binding are serialized: concurrent POSTs on one server all complete, one after the
 * other, and the sides hold no doubles; a run waits for another holder's lease and goes on once it
 * is released, and is refused with 409 when the wait passes its bound; on PostgreSQL, two server
 * instances over one database serialize through the lease row.
 *
 * Without serialization these would show: two first runs at once are both slow syncs that each
 * copy every item across, so each side ends with doubles.
 */
import { pino } from 'pino';
import { createClient, basicAuth, type AtomSyncClient } from '@atomsync/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen } from '../../src/listen.js';
import { SecretBox } from '../../src/secrets/box.js';
import { createServer } from '../../src/server.js';
import { createAccount } from '../../src/services/accounts.js';
import { BindingRuns } from '../../src/services/run-lock.js';
import { runBinding } from '../../src/services/synchronization.js';
import { openStore } from '../../src/store/open.js';
import type { Store } from '../../src/store/store.js';
import { refusal, startTestServer, type TestServer } from '../support/server.js';
import { createTestSchema, storeKinds, type TestSchema } from '../support/stores.js';
import { card, datastorePair, logIdOf, sideOf } from './fixtures.js';
import { ServiceError } from '../../src/errors.js';

const NAMES = ['Anna Berg', 'Bo Ek', 'Cecilia Lund', 'David Holm', 'Erik Sand', 'Frida Nyman'];

describe.each(storeKinds)('serialized synchronization runs (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('completes concurrent runs of one binding one after the other, without doubles', async () => {
    const pair = await datastorePair(server.alice);
    for (const name of NAMES.slice(0, 3)) await pair.source.add(name);
    for (const name of NAMES.slice(3)) await pair.target.add(name);

    const runs = await Promise.all([pair.run(200), pair.run(200), pair.run(201), pair.run(200)]);
    expect(runs.map((r) => r.result)).toEqual(['completed', 'completed', 'completed', 'completed']);
    // Exactly one of them was the first run (a slow sync that moved everything).
    const moved = runs.map((r) => r.syncStats.source.statistics.addsOut + r.syncStats.target.statistics.addsOut);
    expect(moved.filter((n) => n === 6)).toHaveLength(1);
    expect(moved.filter((n) => n === 0)).toHaveLength(3);

    const union = NAMES.map((n) => card(n)).sort();
    expect(await pair.source.bodies()).toEqual(union);
    expect(await pair.target.bodies()).toEqual(union);
    expect((await server.alice.client.syncengine.bindingLog(pair.id)).entries).toHaveLength(4);
  });

  it("waits while another holder has the binding's lease and runs once it is given up", async () => {
    const pair = await datastorePair(server.alice);
    await pair.source.add('Anna Berg');
    expect(await server.store.syncLocks.acquire({ accountId: server.alice.id, id: pair.id }, 'another-instance', 60_000)).toBe(true);
    let settled = false;
    const running = pair.run(200).finally(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(settled).toBe(false);
    expect(await pair.target.bodies()).toEqual([]);
    await server.store.syncLocks.release({ accountId: server.alice.id, id: pair.id }, 'another-instance');

    expect((await running).result).toBe('completed');
    expect(await pair.target.bodies()).toEqual([card('Anna Berg')]);
    // The run gave its own lease up: another holder can take it at once.
    expect(await server.store.syncLocks.acquire({ accountId: server.alice.id, id: pair.id }, 'another-instance', 60_000)).toBe(true);
    await server.store.syncLocks.release({ accountId: server.alice.id, id: pair.id }, 'another-instance');
  });

  it('answers 404 when the binding was deleted while the run waited for its turn', async () => {
    const pair = await datastorePair(server.alice);
    await pair.source.add('Anna Berg');
    expect(await server.store.syncLocks.acquire({ accountId: server.alice.id, id: pair.id }, 'another-instance', 60_000)).toBe(true);
    const running = refusal(pair.run(200));
    await new Promise((resolve) => setTimeout(resolve, 200));
    await server.alice.client.syncengine.delete(pair.id);
    await server.store.syncLocks.release({ accountId: server.alice.id, id: pair.id }, 'another-instance');
    const error = await running;
    expect([error.status, error.code]).toEqual([404, 'not_found']);
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

  it('serializes runs fired at both instances at once through the lease: all complete, no doubles, all logged', async () => {
    const [one, two] = clients as [AtomSyncClient, AtomSyncClient];
    const create = async (userId: string) => (await one.datastore.create({ userId })).client.uuid!;
    const source = sideOf(one, await create('two-instances-source'));
    const target = sideOf(two, await create('two-instances-target'));
    for (const name of NAMES.slice(0, 3)) await source.add(name);
    for (const name of NAMES.slice(3)) await target.add(name);
    const id = Number((await one.syncengine.create({ source: { syncSource: 'datastore', uuid: source.uuid }, target: { syncSource: 'datastore', uuid: target.uuid } })).title);

    const run = (client: AtomSyncClient) => client.syncengine.synchronize(id, { syncMode: 200, dataclass: 'Contacts' });
    const runs = await Promise.all([run(one), run(two), run(one), run(two)]);
    expect(runs.map((r) => r.result)).toEqual(['completed', 'completed', 'completed', 'completed']);
    const moved = runs.map((r) => r.syncStats.source.statistics.addsOut + r.syncStats.target.statistics.addsOut);
    expect(moved.filter((n) => n === 6)).toHaveLength(1);
    expect(moved.filter((n) => n === 0)).toHaveLength(3);

    const union = NAMES.map((n) => card(n)).sort();
    expect(await source.bodies()).toEqual(union);
    expect(await target.bodies()).toEqual(union);
    const logged = (await two.syncengine.bindingLog(id)).entries.map(logIdOf);
    expect(logged.sort()).toEqual(runs.map(logIdOf).sort());
  });
});
