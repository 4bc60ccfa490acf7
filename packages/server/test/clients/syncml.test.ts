/**
 * SyncML clients through the SDK against a started server, on both stores: title the model's
 * name, content src + text/html, the create form (imei empty, setup never sent, no datastores),
 * the listing's `setup sent` form and phone datastores, field rules (international number,
 * catalogue model, IANA time zone), no PUT, delete, and another account's clients.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { phoneDatastoreId } from '../../src/handlers/client-entries.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { storeKinds } from '../support/stores.js';
import { addModel, entryXml, raw, refusal, UUID } from './fixtures.js';

// scrypt's cost is not this file's question, only its answers: scrypt runs cheap here, the same answers
// (support/cheap-scrypt.ts); at full cost its accounts' hashing and first sign-ins were much of its time.
vi.mock('node:crypto', async (importOriginal) => (await import('../support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

describe.each(storeKinds)('SyncML clients (%s)', (kind) => {
  let server: TestServer;
  let e71: string;
  let w995: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    e71 = await addModel(server.store, 'Nokia E71');
    w995 = await addModel(server.store, 'Sony Ericsson W995', 'Sony Ericsson');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers a create with the model name as title, imei empty, setup never sent and no datastores', async () => {
    const started = Date.now() - 1000;
    const entry = await server.alice.client.syncml.create({ phoneNumber: '+46702345678', modelUuid: w995, timezone: 'Europe/Stockholm' });
    const uuid = entry.client.uuid!;
    expect(uuid).toMatch(UUID);
    const href = `${server.url}/v2/services/syncml/${uuid}`;
    expect(entry.id).toBe(href);
    expect(entry.title).toBe('Sony Ericsson W995');
    expect(entry.content).toEqual({ src: href, type: 'text/html', value: '' });
    expect(entry.links).toEqual([
      { rel: 'self', href },
      { rel: 'alternate', type: 'text/html', href },
    ]);
    expect(entry.published!.getTime()).toBeGreaterThanOrEqual(started);
    expect(entry.client).toEqual({
      uuid,
      userId: 'alice',
      phoneNumber: '+46702345678',
      modelUuid: w995,
      imei: '',
      timezone: 'Europe/Stockholm',
      setup: { name: '', sent: null },
      datastores: [],
    });
    const answer = await raw(server, server.alice, 'GET', `/v2/services/syncml/${uuid}`);
    expect(answer.text).toMatch(/<(\w+:)?imei><\/(\w+:)?imei>|<(\w+:)?imei\/>/);
    expect(answer.text).toMatch(/<(\w+:)?setup sent=""/);
    expect(answer.text).not.toMatch(/<(\w+:)?datastore/);
  });

  it('lists the setup as "YYYY-MM-DD HH:MM:SS" and the phone datastores with their hrefs once synced', async () => {
    const entry = await server.alice.client.syncml.create({ phoneNumber: '+46701234567', modelUuid: e71, timezone: 'Europe/Stockholm' });
    const uuid = entry.client.uuid!;
    // What the setup operation and the phone's first sync record (other parts of the server).
    await server.store.syncml.recordSetup(server.alice.id, uuid, 'atomsync', new Date('2009-06-01T12:30:00.250Z'));
    await server.store.syncml.setImei(server.alice.id, uuid, '356938035643809');
    await server.store.syncml.addDatastore(server.alice.id, uuid, { name: './contacts', dataclass: 'Contacts', serverUri: 'contacts' });
    await server.store.syncml.addDatastore(server.alice.id, uuid, { name: './calendar', dataclass: 'Calendar', serverUri: 'calendar' });

    const answer = await raw(server, server.alice, 'GET', '/v2/services/syncml/');
    expect(answer.status).toBe(200);
    expect(answer.text).toMatch(/<(\w+:)?setup sent="2009-06-01 12:30:00">atomsync<\/(\w+:)?setup>/);

    const feed = await server.alice.client.syncml.list();
    expect(feed.title).toBe('SyncML clients');
    expect(feed.id).toBe(`${server.url}/v2/services/syncml/`);
    const listed = feed.entries.find((e) => e.client.uuid === uuid)!;
    expect(listed.title).toBe('Nokia E71');
    expect(listed.client.imei).toBe('356938035643809');
    expect(listed.client.setup).toEqual({ name: 'atomsync', sent: new Date('2009-06-01T12:30:00Z') });
    const contacts = `${server.url}/v2/services/syncml/datastores/${phoneDatastoreId(uuid, './contacts')}`;
    const calendar = `${server.url}/v2/services/syncml/datastores/${phoneDatastoreId(uuid, './calendar')}`;
    expect(listed.client.datastores).toEqual([
      { dataclass: 'Contacts', href: contacts, name: './contacts' },
      { dataclass: 'Calendar', href: calendar, name: './calendar' },
    ]);
    expect(contacts).not.toBe(calendar);
    expect(phoneDatastoreId(uuid, './contacts')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await server.alice.client.syncml.get(uuid)).toEqual(listed);
  });

  it('refuses a create without phone_number, model_uuid or timezone, one detail each', async () => {
    const error = await refusal(server.alice.client.syncml.create({}));
    expect([error.status, error.code]).toEqual([400, 'validation_failed']);
    expect(error.details.map((d) => d.path).sort()).toEqual(['/entry/client/model_uuid', '/entry/client/phone_number', '/entry/client/timezone']);
  });

  it.each([
    ['a national number', { phoneNumber: '0702345678' }, '/entry/client/phone_number'],
    ['a number with spaces', { phoneNumber: '+46 70 234 56 78' }, '/entry/client/phone_number'],
    ['letters', { phoneNumber: '+4670CALLME' }, '/entry/client/phone_number'],
    ['too long a number', { phoneNumber: '+1234567890123456' }, '/entry/client/phone_number'],
    ['an unknown time zone', { timezone: 'Europe/Atlantis' }, '/entry/client/timezone'],
    ['an offset for a time zone', { timezone: '+01:00' }, '/entry/client/timezone'],
    ['a model not in the catalogue', { modelUuid: '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b' }, '/entry/client/model_uuid'],
  ])('refuses %s with 400 validation_failed and creates nothing', async (_name, change, path) => {
    const before = (await server.alice.client.syncml.list()).entries.length;
    const error = await refusal(server.alice.client.syncml.create({ phoneNumber: '+46702345678', modelUuid: e71, timezone: 'Europe/Stockholm', ...change }));
    expect([error.status, error.code]).toEqual([400, 'validation_failed']);
    expect(error.details.map((d) => d.path)).toEqual([path]);
    expect((await server.alice.client.syncml.list()).entries).toHaveLength(before);
  });

  it('answers a PUT with 405 and Allow: GET, DELETE', async () => {
    const entry = await server.alice.client.syncml.create({ phoneNumber: '+46702345678', modelUuid: e71, timezone: 'UTC' });
    const answer = await raw(server, server.alice, 'PUT', `/v2/services/syncml/${entry.client.uuid}`, entryXml('<s:client><s:imei>1</s:imei></s:client>'));
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('GET, DELETE');
  });

  it('deletes with 200 Deleted; the client is gone from get and list', async () => {
    const entry = await server.alice.client.syncml.create({ phoneNumber: '+46702345678', modelUuid: e71, timezone: 'UTC' });
    const uuid = entry.client.uuid!;
    const answer = await raw(server, server.alice, 'DELETE', `/v2/services/syncml/${uuid}`);
    expect([answer.status, answer.statusText, answer.text]).toEqual([200, 'Deleted', '']);
    expect((await refusal(server.alice.client.syncml.get(uuid))).status).toBe(404);
    expect((await server.alice.client.syncml.list()).entries.map((e) => e.client.uuid)).not.toContain(uuid);
  });

  it("answers 404 for another account's client on get and delete, and leaves it out of lists", async () => {
    const entry = await server.alice.client.syncml.create({ phoneNumber: '+46702345678', modelUuid: e71, timezone: 'UTC' });
    const uuid = entry.client.uuid!;
    const calls = [() => server.bob.client.syncml.get(uuid), () => server.bob.client.syncml.delete(uuid), () => server.bob.client.syncml.get('no-uuid')];
    for (const call of calls) {
      const error = await refusal(call());
      expect([error.status, error.code]).toEqual([404, 'not_found']);
    }
    expect((await server.bob.client.syncml.list()).entries.map((e) => e.client.uuid)).not.toContain(uuid);
    expect(await server.alice.client.syncml.get(uuid)).toEqual(entry);
  });
});
