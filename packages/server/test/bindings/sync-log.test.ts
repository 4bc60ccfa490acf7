/**
 * The synchronization log feeds through the SDK against a started server, on both stores. The
 * sync engine (a later issue) writes the log; here records are appended to the store directly,
 * as it will, to prove the account feed (newest first), the per-binding feed, one entry, the
 * entry form of spec/examples/sync-log.*.xml, and another account's logs.
 */
import type { Statistics } from '@atomsync/atom';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NewSyncLog } from '@atomsync/store';
import { raw, refusal } from '../clients/fixtures.js';
import { startTestServer, type TestAccount, type TestServer } from '../support/server.js';
import { storeKinds } from '../support/stores.js';

// scrypt's cost is not this file's question, only its answers: scrypt runs cheap here, the same answers
// (support/cheap-scrypt.ts); at full cost its accounts' hashing and first sign-ins were much of its time.
vi.mock('node:crypto', async (importOriginal) => (await import('../support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

const stats = (addsIn: number, addsOut: number): Statistics => ({ addsIn, replacesIn: 2, deletesIn: 1, addsOut, replacesOut: 1, deletesOut: 0 });

describe.each(storeKinds)('synchronization log (%s)', (kind) => {
  let server: TestServer;
  let userIds = 0;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A datastore → extdata binding of `who`, and a log record factory for it. */
  async function binding(who: TestAccount) {
    const ds = (await who.client.datastore.create({ userId: `log-user-${++userIds}` })).client.uuid!;
    const ext = (await who.client.extdata.create({ userId: 'x', datastores: [{ dataclass: 'Contacts', href: 'https://example.net/c' }] })).client.uuid!;
    const entry = await who.client.syncengine.create({ source: { syncSource: 'datastore', uuid: ds }, target: { syncSource: 'extdata', uuid: ext } });
    const id = Number(entry.title);
    const log = (change: Partial<NewSyncLog> = {}): Promise<{ id: number }> =>
      server.store.syncLog.append({
        accountId: who.id,
        bindingId: id,
        source: { kind: 'datastore', uuid: ds },
        target: { kind: 'extdata', uuid: ext },
        syncMode: 200,
        dataclass: 'Contacts',
        stats: { source: stats(1, 2), target: stats(2, 1), duplicatesDetected: 0, duplicatesRemoved: 0, conflictsDetected: 0 },
        result: 'completed',
        reason: null,
        ...change,
      });
    return { id, ds, ext, log };
  }

  it('writes an entry as the golden example does: URL id and content src, "<source> - <target>" title, stats per side', async () => {
    const b = await binding(server.alice);
    const { id } = await b.log();
    const entry = await server.alice.client.syncengine.logEntry(id);
    const href = `${server.url}/v2/syncengine/synclog/${id}`;
    expect(entry.id).toBe(href);
    expect(entry.links).toEqual([{ rel: 'self', href }]);
    expect(entry.content).toEqual({ src: href, type: 'application/atom+xml', value: '' });
    expect(entry.title).toBe('datastore - extdata');
    expect(entry.published).toBeInstanceOf(Date);
    expect(entry.syncStats).toEqual({
      source: { syncSource: { type: 'datastore', uuid: b.ds }, statistics: stats(1, 2) },
      target: { syncSource: { type: 'extdata', uuid: b.ext }, statistics: stats(2, 1) },
      duplicatesDetected: 0,
      duplicatesRemoved: 0,
      conflictsDetected: 0,
    });
    expect([entry.syncMode, entry.dataclass, entry.bindingId, entry.result, entry.reason]).toEqual([200, 'Contacts', b.id, 'completed', undefined]);
  });

  it("lists the account's log newest first, and a binding's own log", async () => {
    const one = await binding(server.alice);
    const two = await binding(server.alice);
    const first = await one.log({ syncMode: 201, stats: { source: stats(6, 3), target: stats(1, 8), duplicatesDetected: 2, duplicatesRemoved: 2, conflictsDetected: 0 } });
    const other = await two.log({ result: 'failed', reason: 'the remote feed answered 503' });
    const second = await one.log();

    const all = await server.alice.client.syncengine.log();
    expect(all.title).toBe('Synchronizations');
    expect(all.id).toBe(`${server.url}/v2/syncengine/synchronization/`);
    const ids = all.entries.map((e) => Number(e.id!.split('/').pop()));
    expect(ids.slice(0, 3)).toEqual([second.id, other.id, first.id]);

    const mine = await server.alice.client.syncengine.bindingLog(one.id);
    expect(mine.title).toBe(`Synchronizations of binding ${one.id}`);
    expect(mine.id).toBe(`${server.url}/v2/syncengine/${one.id}/synchronization/`);
    expect(mine.entries.map((e) => e.id)).toEqual([second.id, first.id].map((id) => `${server.url}/v2/syncengine/synclog/${id}`));
    expect(mine.entries[1]!.syncMode).toBe(201);
    expect(mine.entries[1]!.syncStats.duplicatesRemoved).toBe(2);

    const failed = await server.alice.client.syncengine.logEntry(other.id);
    expect([failed.result, failed.reason]).toEqual(['failed', 'the remote feed answered 503']);
    const answer = await raw(server, server.alice, 'GET', `/v2/syncengine/${two.id}/synchronization/`);
    expect(answer.status).toBe(200);
  });

  it('keeps the log of a deleted binding in the account feed, without binding_id', async () => {
    const b = await binding(server.alice);
    const { id } = await b.log();
    await server.alice.client.syncengine.delete(b.id);
    const entry = await server.alice.client.syncengine.logEntry(id);
    expect(entry.bindingId).toBeUndefined();
    expect((await server.alice.client.syncengine.log()).entries.map((e) => e.id)).toContain(entry.id);
    expect((await refusal(server.alice.client.syncengine.bindingLog(b.id))).status).toBe(404);
  });

  it("answers 404 for another account's log entry and binding log, and leaves them out of the caller's feed", async () => {
    const alices = await binding(server.alice);
    const { id } = await alices.log();
    const entry = await refusal(server.bob.client.syncengine.logEntry(id));
    expect([entry.status, entry.code]).toEqual([404, 'not_found']);
    const log = await refusal(server.bob.client.syncengine.bindingLog(alices.id));
    expect([log.status, log.code]).toEqual([404, 'not_found']);
    const missing = await refusal(server.alice.client.syncengine.logEntry(987_654_321));
    expect([missing.status, missing.code]).toEqual([404, 'not_found']);
    const bobs = await server.bob.client.syncengine.log();
    expect(bobs.entries.map((e) => e.id)).not.toContain(`${server.url}/v2/syncengine/synclog/${id}`);
  });

  it('answers an id that does not parse as one that names nothing: 404 not_found, as a malformed uuid', async () => {
    const error = (text: string) => /<code>([^<]*)<\/code>/.exec(text)?.[1];
    const missing = await raw(server, server.alice, 'GET', '/v2/syncengine/synclog/987654321');
    expect([missing.status, error(missing.text)]).toEqual([404, 'not_found']);
    for (const path of ['/v2/syncengine/synclog/12ab', '/v2/syncengine/synclog/1.5', '/v2/syncengine/x/', '/v2/syncengine/x/synchronization/', '/v2/services/extdata/not-a-uuid/']) {
      const answer = await raw(server, server.alice, 'GET', path);
      expect([answer.status, error(answer.text)], path).toEqual([404, 'not_found']);
    }
    const deleted = await raw(server, server.alice, 'DELETE', '/v2/syncengine/x/');
    expect([deleted.status, error(deleted.text)]).toEqual([404, 'not_found']);
  });
});
