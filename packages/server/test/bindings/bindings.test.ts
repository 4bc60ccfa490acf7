/**
 * Sync-engine bindings through the SDK against a started server, on both stores: the entry form
 * (URL id, id title, edit link), create rules (clients of the caller of the given kinds, the same
 * 400 for another account's client and a missing one, no self-binding, conflict_winner default),
 * PUT limited to conflict_winner, Updated/Deleted, clients' deletes taking their bindings along,
 * and another account's bindings.
 */
import type { ClientRef } from '@atomsync/atom';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addModel, entryXml, raw, refusal } from '../clients/fixtures.js';
import { startTestServer, type TestAccount, type TestServer } from '../support/server.js';
import { storeKinds } from '../support/stores.js';

// scrypt's cost is not this file's question, only its answers: scrypt runs cheap here, the same answers
// (support/cheap-scrypt.ts); at full cost its accounts' hashing and first sign-ins were much of its time.
vi.mock('node:crypto', async (importOriginal) => (await import('../support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

const MISSING = '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b';

describe.each(storeKinds)('sync bindings (%s)', (kind) => {
  let server: TestServer;
  let model: string;
  let userIds = 0;
  beforeAll(async () => {
    server = await startTestServer(kind);
    model = await addModel(server.store);
  });
  afterAll(async () => {
    await server?.close();
  });

  const datastore = async (who: TestAccount = server.alice): Promise<ClientRef> => ({
    syncSource: 'datastore',
    uuid: (await who.client.datastore.create({ userId: `user-${++userIds}` })).client.uuid!,
  });
  const extdata = async (who: TestAccount = server.alice): Promise<ClientRef> => ({
    syncSource: 'extdata',
    uuid: (await who.client.extdata.create({ userId: 'x@example.net', datastores: [{ dataclass: 'Contacts', href: 'https://example.net/c' }] })).client.uuid!,
  });
  const syncml = async (who: TestAccount = server.alice): Promise<ClientRef> => ({
    syncSource: 'syncml',
    uuid: (await who.client.syncml.create({ phoneNumber: '+46701234567', modelUuid: model, timezone: 'Europe/Stockholm' })).client.uuid!,
  });
  const activesync = async (who: TestAccount = server.alice): Promise<ClientRef> => ({
    syncSource: 'activesync',
    uuid: (await who.client.activesync.create({ username: `u${++userIds}`, password: 'phone-pw-Alder' })).client.uuid!,
  });

  it('answers a create with 200, the URL id, the id as title, an edit link and conflict_winner source by default', async () => {
    const source = await datastore();
    const target = await extdata();
    const body = entryXml(
      `<s:source><s:sync_source>datastore</s:sync_source><s:uuid>${source.uuid}</s:uuid></s:source>` +
        `<s:target><s:sync_source>extdata</s:sync_source><s:uuid>${target.uuid}</s:uuid></s:target>`,
    );
    const answer = await raw(server, server.alice, 'POST', '/v2/syncengine/', body);
    expect(answer.status).toBe(200);

    const entry = await server.alice.client.syncengine.create({ source, target });
    // The id as a number (binding_id), and as the title's text for envelope-only readers.
    const id: number = entry.bindingId;
    expect(Number.isInteger(id)).toBe(true);
    expect(entry.title).toBe(String(id));
    expect((await server.alice.client.syncengine.list()).entries.find((e) => e.id === entry.id)?.bindingId).toBe(id);
    const href = `${server.url}/v2/syncengine/${id}`;
    expect(entry.id).toBe(href);
    expect(entry.links).toEqual([
      { rel: 'self', href },
      { rel: 'edit', href },
    ]);
    expect(entry.source).toEqual(source);
    expect(entry.target).toEqual(target);
    expect(entry.conflictWinner).toBe('source');
    expect(entry.author?.name).toBe('alice');
    expect(await server.alice.client.syncengine.get(id)).toEqual(entry);
  });

  it('binds clients of every kind, keeping the conflict_winner asked for', async () => {
    const pairs: [ClientRef, ClientRef][] = [
      [await syncml(), await datastore()],
      [await activesync(), await extdata()],
    ];
    for (const [source, target] of pairs) {
      const entry = await server.alice.client.syncengine.create({ source, target, conflictWinner: 'target' });
      expect([entry.source, entry.target, entry.conflictWinner]).toEqual([source, target, 'target']);
    }
  });

  it("refuses another account's client and a missing one with the same 400 validation_failed, binding nothing", async () => {
    const mine = await datastore();
    const bobs = await extdata(server.bob);
    const before = (await server.alice.client.syncengine.list()).entries.length;
    const foreign = await refusal(server.alice.client.syncengine.create({ source: mine, target: bobs }));
    const missing = await refusal(server.alice.client.syncengine.create({ source: mine, target: { syncSource: 'extdata', uuid: MISSING } }));
    expect([foreign.status, foreign.code]).toEqual([400, 'validation_failed']);
    expect([missing.status, missing.code]).toEqual([400, 'validation_failed']);
    expect(foreign.message).toBe(missing.message);
    expect(foreign.details).toEqual(missing.details);
    expect(foreign.details.map((d) => d.path)).toEqual(['/entry/target/uuid']);
    expect((await server.alice.client.syncengine.list()).entries).toHaveLength(before);
  });

  it('refuses a client named with the wrong kind, a missing side and a client bound to itself', async () => {
    const ds = await datastore();
    const wrongKind = await refusal(server.alice.client.syncengine.create({ source: { syncSource: 'extdata', uuid: ds.uuid }, target: await extdata() }));
    expect(wrongKind.details.map((d) => d.path)).toEqual(['/entry/source/uuid']);
    const noTarget = await refusal(server.alice.client.syncengine.create({ source: ds }));
    expect([noTarget.code, noTarget.details.map((d) => d.path)]).toEqual(['validation_failed', ['/entry/target']]);
    const self = await refusal(server.alice.client.syncengine.create({ source: ds, target: ds }));
    expect([self.status, self.code]).toEqual([400, 'validation_failed']);
  });

  it("lists only the caller's bindings", async () => {
    const mine = await server.alice.client.syncengine.create({ source: await datastore(), target: await extdata() });
    const theirs = await server.bob.client.syncengine.create({ source: await datastore(server.bob), target: await extdata(server.bob) });
    const feed = await server.alice.client.syncengine.list();
    expect(feed.title).toBe('Sync bindings');
    expect(feed.id).toBe(`${server.url}/v2/syncengine/`);
    expect(feed.entries.map((e) => e.id)).toContain(mine.id);
    expect(feed.entries.map((e) => e.id)).not.toContain(theirs.id);
    expect(feed.entries.find((e) => e.id === mine.id)).toEqual(mine);
  });

  it('changes conflict_winner on PUT (200 Updated), tolerating an unchanged source and target', async () => {
    const created = await server.alice.client.syncengine.create({ source: await datastore(), target: await extdata() });
    const id = Number(created.title);
    const answer = await raw(server, server.alice, 'PUT', `/v2/syncengine/${id}/`, entryXml('<s:conflict_winner>target</s:conflict_winner>'));
    expect([answer.status, answer.statusText]).toEqual([200, 'Updated']);
    expect((await server.alice.client.syncengine.get(id)).conflictWinner).toBe('target');

    const echoed = await server.alice.client.syncengine.update(id, { source: created.source, target: created.target, conflictWinner: 'source' });
    expect(echoed.conflictWinner).toBe('source');
    expect([echoed.source, echoed.target]).toEqual([created.source, created.target]);
  });

  it('refuses a PUT changing source or target with 400 bad_request and changes nothing (not even conflict_winner)', async () => {
    const created = await server.alice.client.syncengine.create({ source: await datastore(), target: await extdata() });
    const id = Number(created.title);
    const other = await datastore();
    for (const change of [{ source: other }, { target: other }, { source: { ...created.source!, syncSource: 'syncml' as const } }]) {
      const error = await refusal(server.alice.client.syncengine.update(id, { ...change, conflictWinner: 'target' }));
      expect([error.status, error.code]).toEqual([400, 'bad_request']);
    }
    const noWinner = await refusal(server.alice.client.syncengine.update(id, {}));
    expect([noWinner.status, noWinner.code]).toEqual([400, 'validation_failed']);
    expect(await server.alice.client.syncengine.get(id)).toEqual(created);
  });

  it('deletes with 200 Deleted', async () => {
    const created = await server.alice.client.syncengine.create({ source: await datastore(), target: await extdata() });
    const id = Number(created.title);
    const answer = await raw(server, server.alice, 'DELETE', `/v2/syncengine/${id}/`);
    expect([answer.status, answer.statusText, answer.text]).toEqual([200, 'Deleted', '']);
    expect((await refusal(server.alice.client.syncengine.get(id))).status).toBe(404);
  });

  it.each(['extdata', 'syncml', 'activesync'] as const)('deleting a %s client deletes the bindings naming it, and only those', async (clientKind) => {
    const make = { extdata, syncml, activesync }[clientKind];
    const doomed = await make();
    const ds = await datastore();
    const bound = await server.alice.client.syncengine.create({ source: ds, target: doomed });
    const reversed = await server.alice.client.syncengine.create({ source: doomed, target: await datastore() });
    const unrelated = await server.alice.client.syncengine.create({ source: ds, target: await extdata() });
    await server.alice.client[clientKind].delete(doomed.uuid);
    const ids = (await server.alice.client.syncengine.list()).entries.map((e) => e.id);
    expect(ids).not.toContain(bound.id);
    expect(ids).not.toContain(reversed.id);
    expect(ids).toContain(unrelated.id);
  });

  it("answers 404 for another account's binding on get, update, delete and its log, changing nothing", async () => {
    const created = await server.alice.client.syncengine.create({ source: await datastore(), target: await extdata() });
    const id = Number(created.title);
    for (const target of [id, 999_999_999]) {
      const calls = [
        () => server.bob.client.syncengine.get(target),
        () => server.bob.client.syncengine.update(target, { conflictWinner: 'target' }),
        () => server.bob.client.syncengine.delete(target),
        () => server.bob.client.syncengine.bindingLog(target),
      ];
      for (const call of calls) {
        const error = await refusal(call());
        expect([error.status, error.code]).toEqual([404, 'not_found']);
      }
    }
    expect(await server.alice.client.syncengine.get(id)).toEqual(created);
  });
});
