/**
 * Datastore clients through the SDK against a started server, on both stores: the list form
 * (urn:uuid id, user_id title, `Content lines: <count>`), the create form (URL id, uuid title,
 * empty text content), user_id unique per account, and another account's clients.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { storeKinds } from '../support/stores.js';
import { NOTE, refusal, UUID, VCARD, VEVENT } from './fixtures.js';

// scrypt's cost is not this file's question, only its answers: scrypt runs cheap here, the same answers
// (support/cheap-scrypt.ts); at full cost its accounts' hashing and first sign-ins were much of its time.
vi.mock('node:crypto', async (importOriginal) => (await import('../support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

describe.each(storeKinds)('datastore clients (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers a create with the URL id, the uuid title and empty text content', async () => {
    const started = Date.now() - 1000;
    const entry = await server.alice.client.datastore.create({ userId: 'crm-user-1' });
    const uuid = entry.client.uuid!;
    expect(uuid).toMatch(UUID);
    const href = `${server.url}/v2/services/datastore/${uuid}/`;
    expect(entry.id).toBe(href);
    expect(entry.title).toBe(uuid);
    expect(entry.content).toEqual({ type: 'text', value: '' });
    expect(entry.client).toEqual({ uuid, userId: 'crm-user-1' });
    expect(entry.links).toEqual([
      { rel: 'self', href },
      { rel: 'edit', href },
    ]);
    expect(entry.author?.name).toBe('alice');
    expect(entry.published!.getTime()).toBeGreaterThanOrEqual(started);
    expect(entry.updated!.getTime()).toBeGreaterThanOrEqual(entry.published!.getTime());
  });

  it('lists clients with urn:uuid ids, user_id titles and their live content lines (deletes not counted)', async () => {
    const a = await server.alice.client.datastore.create({ userId: 'crm-user-2' });
    const b = await server.alice.client.datastore.create({ userId: 'crm-user-3' });
    const contents = server.alice.client.datastore.contents(a.client.uuid!);
    await contents.create({ title: 'Lars', content: { type: 'text/x-vcard', value: VCARD } });
    await contents.create({ title: 'Kick-off', content: { type: 'text/calendar', value: VEVENT } });
    const gone = await contents.create({ title: 'Note', content: { type: 'text/plain', value: NOTE } });
    await contents.delete(gone.id!.slice('urn:uuid:'.length));

    const feed = await server.alice.client.datastore.list();
    expect(feed.title).toBe('Datastore clients');
    expect(feed.id).toBe(`${server.url}/v2/services/datastore/`);
    expect(feed.links).toEqual([{ rel: 'self', href: `${server.url}/v2/services/datastore/` }]);
    const byUuid = new Map(feed.entries.map((e) => [e.client.uuid, e]));
    const listedA = byUuid.get(a.client.uuid)!;
    expect(listedA.id).toBe(`urn:uuid:${a.client.uuid}`);
    expect(listedA.title).toBe('crm-user-2');
    expect(listedA.content).toEqual({ type: 'text', value: 'Content lines: 2' });
    const href = `${server.url}/v2/services/datastore/${a.client.uuid}/`;
    expect(listedA.links).toEqual([
      { rel: 'self', href },
      { rel: 'edit', href },
    ]);
    expect(listedA.published).toBeInstanceOf(Date);
    expect(listedA.updated).toBeInstanceOf(Date);
    expect(byUuid.get(b.client.uuid)!.content).toEqual({ type: 'text', value: 'Content lines: 0' });
  });

  it('answers a get with the list form of the entry', async () => {
    const created = await server.alice.client.datastore.create({ userId: 'crm-user-4' });
    const uuid = created.client.uuid!;
    await server.alice.client.datastore.contents(uuid).create({ title: 'n', content: { type: 'text/plain', value: NOTE } });
    const entry = await server.alice.client.datastore.get(uuid);
    expect(entry.id).toBe(`urn:uuid:${uuid}`);
    expect(entry.title).toBe('crm-user-4');
    expect(entry.content).toEqual({ type: 'text', value: 'Content lines: 1' });
    expect(entry.client).toEqual({ uuid, userId: 'crm-user-4' });
    // Upper-case spelling of the same uuid names the same client.
    expect((await server.alice.client.datastore.get(uuid.toUpperCase())).client.uuid).toBe(uuid);
  });

  it('refuses a second client with the same user_id in one account (409), not across accounts', async () => {
    await server.alice.client.datastore.create({ userId: 'shared-id' });
    const error = await refusal(server.alice.client.datastore.create({ userId: 'shared-id' }));
    expect(error.status).toBe(409);
    expect(error.code).toBe('conflict');
    const bobs = await server.bob.client.datastore.create({ userId: 'shared-id' });
    expect(bobs.client.userId).toBe('shared-id');
    expect((await server.alice.client.datastore.list()).entries.filter((e) => e.title === 'shared-id')).toHaveLength(1);
  });

  it('refuses a create without a user_id (400 validation_failed)', async () => {
    for (const client of [{}, { userId: '' }, { userId: '   ' }]) {
      const error = await refusal(server.alice.client.datastore.create(client));
      expect(error.status).toBe(400);
      expect(error.code).toBe('validation_failed');
      expect(error.details.map((d) => d.path)).toEqual(['/entry/client/user_id']);
    }
  });

  it("answers 404 for another account's client, a missing one and a malformed uuid, and lists none of alice's to bob", async () => {
    const alices = await server.alice.client.datastore.create({ userId: 'alice-private' });
    for (const uuid of [alices.client.uuid!, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const error = await refusal(server.bob.client.datastore.get(uuid));
      expect(error.status).toBe(404);
      expect(error.code).toBe('not_found');
    }
    const bobs = await server.bob.client.datastore.list();
    expect(bobs.entries.map((e) => e.client.uuid)).not.toContain(alices.client.uuid);
    expect(bobs.entries.every((e) => e.author?.name === 'bob')).toBe(true);
  });

  it('answers 401 to an anonymous caller', async () => {
    const error = await refusal(server.anonymous.datastore.list());
    expect(error.status).toBe(401);
  });
});
