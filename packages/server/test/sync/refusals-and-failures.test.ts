/**
 * What a synchronization request is refused with, and what a run that fails leaves behind, on both
 * stores: another account's binding answers 404 exactly like a missing one and logs nothing; a
 * sync_mode or dataclass outside its set is 400 validation_failed; a binding with a SyncML phone
 * is 409; an extdata side without a datastore for the class is 400 naming the client. A run that
 * fails (a side's client gone behind the API's back, a remote that does not answer) is logged
 * 'failed' with zero statistics and a reason free of secrets, changes nothing, and the next run
 * completes.
 */
import { createServer as createNetServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addModel, entryXml, raw, refusal } from '../clients/fixtures.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { storeKinds } from '../support/stores.js';
import { card, datastorePair, datastoreSide, expectFailed, expectRun, logIdOf } from './fixtures.js';

// scrypt's cost is not this file's question, only its answers: scrypt runs cheap here, the same answers
// (support/cheap-scrypt.ts); at full cost its accounts' hashing and first sign-ins were much of its time.
vi.mock('node:crypto', async (importOriginal) => (await import('../support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

/** A port nothing listens on (bound, then closed again). */
async function closedPort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

const TOKEN_KEY = 'tok-key-7f3a9c2e51';
const TOKEN_SECRET = 'tok-secret-b84d1f6a0e';

describe.each(storeKinds)('synchronization requests (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  const logIds = async () => (await server.alice.client.syncengine.log()).entries.map(logIdOf);

  it("answers bob's run of alice's binding with 404, exactly as a missing binding, and logs nothing", async () => {
    const pair = await datastorePair(server.alice);
    await pair.source.add('Anna Berg');
    const before = await logIds();
    const body = entryXml('<s:sync_mode>200</s:sync_mode><s:dataclass>Contacts</s:dataclass>');

    const bobs = await raw(server, server.bob, 'POST', `/v2/syncengine/${pair.id}/synchronization/`, body);
    const missing = await raw(server, server.bob, 'POST', `/v2/syncengine/${pair.id + 1_000_000}/synchronization/`, body);
    expect(bobs.status).toBe(404);
    expect(bobs.text).toBe(missing.text);
    expect(bobs.text).toContain('<code>not_found</code>');
    for (const id of ['0', '-1', '9007199254740991']) {
      expect((await raw(server, server.alice, 'POST', `/v2/syncengine/${id}/synchronization/`, body)).status, id).toBe(404);
    }
    const error = await refusal(server.bob.client.syncengine.synchronize(pair.id, { syncMode: 200, dataclass: 'Contacts' }));
    expect([error.status, error.code]).toEqual([404, 'not_found']);

    expect(await logIds()).toEqual(before);
    expect(await pair.target.bodies()).toEqual([]);
  });

  it.each([
    ['sync_mode 206', '<s:sync_mode>206</s:sync_mode><s:dataclass>Contacts</s:dataclass>', '/entry/sync_mode'],
    ['sync_mode two', '<s:sync_mode>two</s:sync_mode><s:dataclass>Contacts</s:dataclass>', '/entry/sync_mode'],
    ['dataclass Bogus', '<s:sync_mode>200</s:sync_mode><s:dataclass>Bogus</s:dataclass>', '/entry/dataclass'],
    ['dataclass all', '<s:sync_mode>200</s:sync_mode><s:dataclass>all</s:dataclass>', '/entry/dataclass'],
    ['no dataclass', '<s:sync_mode>200</s:sync_mode>', '/entry'],
  ])('answers %s with 400 validation_failed and runs nothing', async (_, inner, path) => {
    const pair = await datastorePair(server.alice);
    await pair.source.add('Anna Berg');
    const before = await logIds();
    const answer = await raw(server, server.alice, 'POST', `/v2/syncengine/${pair.id}/synchronization/`, entryXml(inner));
    expect(answer.status, answer.text).toBe(400);
    expect(answer.text).toContain('<code>validation_failed</code>');
    expect(answer.text).toContain(path);
    expect(await logIds()).toEqual(before);
    expect(await pair.target.bodies()).toEqual([]);
  });

  it('answers a binding with a SyncML phone with 409 (the phone runs in its own session) and logs nothing', async () => {
    const model = await addModel(server.store);
    const phone = (await server.alice.client.syncml.create({ phoneNumber: '+46701234567', modelUuid: model, timezone: 'Europe/Stockholm' })).client.uuid!;
    const side = await datastoreSide(server.alice);
    const binding = Number((await server.alice.client.syncengine.create({ source: { syncSource: 'syncml', uuid: phone }, target: { syncSource: 'datastore', uuid: side.uuid } })).title);
    const before = await logIds();
    const error = await refusal(server.alice.client.syncengine.synchronize(binding, { syncMode: 200, dataclass: 'Contacts' }));
    expect([error.status, error.code]).toEqual([409, 'conflict']);
    expect(error.message).toContain(`/v2/services/syncml/<uuid>/sync/`);
    expect(await logIds()).toEqual(before);
  });

  it('answers a dataclass an extdata side has no datastore for with 400 at /entry/dataclass, naming the client', async () => {
    const side = await datastoreSide(server.alice);
    const ext = (await server.alice.client.extdata.create({ userId: 'anna@example.net', datastores: [{ dataclass: 'Contacts', href: 'https://example.net/c' }, { dataclass: 'Events', href: 'https://example.net/e' }] })).client.uuid!;
    const binding = Number((await server.alice.client.syncengine.create({ source: { syncSource: 'datastore', uuid: side.uuid }, target: { syncSource: 'extdata', uuid: ext } })).title);
    const before = await logIds();
    for (const [dataclass, missing] of [['Notes', 'Notes'], ['Calendar', 'Tasks']] as const) {
      const error = await refusal(server.alice.client.syncengine.synchronize(binding, { syncMode: 200, dataclass }));
      expect([error.status, error.code]).toEqual([400, 'validation_failed']);
      expect(error.details).toHaveLength(1);
      expect(error.details[0]!.path).toBe('/entry/dataclass');
      expect(error.details[0]!.message).toContain(ext);
      expect(error.details[0]!.message).toContain(missing);
    }
    expect(await logIds()).toEqual(before);
  });

  it("logs a run whose target client is gone as failed, changes nothing, and completes once it is back", async () => {
    const pair = await datastorePair(server.alice);
    await pair.source.add('Anna Berg');
    await pair.source.add('Bo Ek');
    const sourceBefore = await pair.source.items();
    // Behind the API's back: the API would have deleted the binding with its client.
    expect(await server.store.datastores.delete(server.alice.id, pair.target.uuid)).toBe(true);

    const failed = await pair.run(200);
    expect(expectFailed(failed, 201)).toContain('no longer exists');
    expect(failed.bindingId).toBe(pair.id);
    expect(await pair.source.items()).toEqual(sourceBefore);
    expect((await server.alice.client.syncengine.bindingLog(pair.id)).entries.map(logIdOf)).toEqual([logIdOf(failed)]);

    await server.store.datastores.create({ uuid: pair.target.uuid, accountId: server.alice.id, userId: `back-${pair.target.uuid}` });
    const next = await pair.run(200);
    // Still the first completed run: a slow sync.
    expectRun(next, 201, { addsOut: 2 }, { addsIn: 2 });
    expect(await pair.target.bodies()).toEqual([card('Anna Berg'), card('Bo Ek')].sort());
  });

  it('logs a run whose extdata remote does not answer as failed, with a reason free of its token, and changes nothing', async () => {
    const side = await datastoreSide(server.alice);
    await side.add('Anna Berg');
    const before = await side.items();
    const href = `http://127.0.0.1:${await closedPort()}/v2/services/datastore/6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b/contents/`;
    const ext = (
      await server.alice.client.extdata.create({
        userId: 'anna@example.net',
        datastores: [{ dataclass: 'Contacts', href, token: { tokenType: 2, key: TOKEN_KEY, secret: TOKEN_SECRET, scopes: [href] } }],
      })
    ).client.uuid!;
    const binding = Number((await server.alice.client.syncengine.create({ source: { syncSource: 'datastore', uuid: side.uuid }, target: { syncSource: 'extdata', uuid: ext } })).title);

    const failed = await server.alice.client.syncengine.synchronize(binding, { syncMode: 202, dataclass: 'Contacts' });
    const reason = expectFailed(failed, 201);
    expect(reason).not.toContain(TOKEN_KEY);
    expect(reason).not.toContain(TOKEN_SECRET);
    expect(reason.length).toBeLessThanOrEqual(500);
    expect(await side.items()).toEqual(before);
    expect((await server.alice.client.syncengine.logEntry(logIdOf(failed))).result).toBe('failed');
  });
});
