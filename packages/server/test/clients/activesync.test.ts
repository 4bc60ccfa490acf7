/**
 * ActiveSync clients through the SDK against a started server, on both stores: title the uuid,
 * link rel=edit, password write-only (scrypt hash in the store, never in an answer), last_sync
 * empty until synced, and the password change: old_pass required (400), a wrong one 403 with
 * nothing changed, other fields 400 bad_request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../src/auth/password.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { storeKinds } from '../support/stores.js';
import { raw, refusal, UUID } from './fixtures.js';

const PASSWORD = 'Sn0w&Birch-42';
const MODEL = 'bb4e73e6-0da1-4709-a9c9-ded6fb43e434';
let phones = 0;
/** A registration of Katja's phone, under a username of its own: a username is held once across the service. */
const phone = () => ({ username: `katja.lindqvist.${++phones}`, password: PASSWORD, phoneNumber: '+46701234567', modelUuid: MODEL });

describe.each(storeKinds)('ActiveSync clients (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers a create with the uuid as title, an edit link, no password and an empty last_sync', async () => {
    const registered = phone();
    const entry = await server.alice.client.activesync.create(registered);
    const uuid = entry.client.uuid!;
    expect(uuid).toMatch(UUID);
    const href = `${server.url}/v2/services/activesync/${uuid}`;
    expect(entry.id).toBe(href);
    expect(entry.title).toBe(uuid);
    expect(entry.links).toEqual([
      { rel: 'self', href },
      { rel: 'edit', href },
    ]);
    expect(entry.client).toEqual({ uuid, userId: 'alice', username: registered.username, phoneNumber: '+46701234567', modelUuid: MODEL, lastSync: null });
    const answer = await raw(server, server.alice, 'GET', `/v2/services/activesync/${uuid}`);
    expect(answer.text).toMatch(/<(\w+:)?last_sync\/>/);
    expect(answer.text).not.toMatch(/password|Sn0w/);
  });

  it('keeps only a scrypt hash of the password', async () => {
    const entry = await server.alice.client.activesync.create(phone());
    const stored = await server.store.activesync.get(server.alice.id, entry.client.uuid!);
    expect(stored!.passwordHash).toMatch(/^scrypt\$/);
    expect(stored!.passwordHash).not.toContain(PASSWORD);
    expect(await verifyPassword(PASSWORD, stored!.passwordHash)).toBe(true);
  });

  it("lists the caller's clients without passwords", async () => {
    const entry = await server.alice.client.activesync.create(phone());
    const theirs = await server.bob.client.activesync.create({ username: `bob.${kind}`, password: 'bob-phone-pw' });
    const feed = await server.alice.client.activesync.list();
    expect(feed.title).toBe('ActiveSync clients');
    expect(feed.id).toBe(`${server.url}/v2/services/activesync/`);
    const uuids = feed.entries.map((e) => e.client.uuid);
    expect(uuids).toContain(entry.client.uuid);
    expect(uuids).not.toContain(theirs.client.uuid);
    expect(feed.entries.find((e) => e.client.uuid === entry.client.uuid)).toEqual(entry);
    const answer = await raw(server, server.alice, 'GET', '/v2/services/activesync/');
    expect(answer.text).not.toMatch(/password|Sn0w/);
  });

  it.each([
    ['username', { password: 'phone-pw-Elm' }, ['/entry/client/username']],
    ['password', { username: 'u' }, ['/entry/client/password']],
    ['both', {}, ['/entry/client/password', '/entry/client/username']],
  ])('refuses a create without %s with 400 validation_failed', async (_name, client, paths) => {
    const error = await refusal(server.alice.client.activesync.create(client));
    expect([error.status, error.code]).toEqual([400, 'validation_failed']);
    expect(error.details.map((d) => d.path).sort()).toEqual(paths);
  });

  it('refuses a username any client of any account holds, in any ASCII case, with 409 conflict, creating nothing', async () => {
    const taken = `ada.${kind}@example.org`;
    await server.bob.client.activesync.create({ username: taken, password: 'bob-phone-pw' });
    const before = (await server.alice.client.activesync.list()).entries.length;
    for (const [who, username] of [[server.alice, taken], [server.alice, taken.toUpperCase()], [server.bob, taken]] as const) {
      const error = await refusal(who.client.activesync.create({ username, password: 'alice-phone-pw' }));
      expect([error.status, error.code]).toEqual([409, 'conflict']);
      expect(error.message).toContain('is taken');
    }
    expect((await server.alice.client.activesync.list()).entries.length).toBe(before);
    expect((await server.bob.client.activesync.list()).entries.filter((e) => e.client.username === taken)).toHaveLength(1);
  });

  it.each([
    ['7 characters', 'x'.repeat(7), 'must be at least 8 characters'],
    ['7 characters of two UTF-16 units each', '🔑'.repeat(7), 'must be at least 8 characters'],
    ['1,025 characters', 'x'.repeat(1025), 'must be at most 1,024 characters'],
  ])('refuses a password of %s, on create and on change, with 400 validation_failed and a detail, changing nothing', async (_name, password, message) => {
    const created = await refusal(server.alice.client.activesync.create({ ...phone(), password }));
    expect([created.status, created.code]).toEqual([400, 'validation_failed']);
    expect(created.details).toEqual([{ path: '/entry/client/password', message }]);

    const entry = await server.alice.client.activesync.create(phone());
    const before = await server.store.activesync.get(server.alice.id, entry.client.uuid!);
    const changed = await refusal(server.alice.client.activesync.update(entry.client.uuid!, { oldPassword: PASSWORD, password }));
    expect([changed.status, changed.code]).toEqual([400, 'validation_failed']);
    expect(changed.details).toEqual([{ path: '/entry/client/password', message }]);
    expect(await server.store.activesync.get(server.alice.id, entry.client.uuid!)).toEqual(before);
  });

  it.each([
    ['8 characters', 'x'.repeat(8)],
    ['8 characters of two UTF-16 units each', '🔑'.repeat(8)],
    ['1,024 characters', 'x'.repeat(1024)],
  ])('takes a password of %s, on create and on change', async (_name, password) => {
    const entry = await server.alice.client.activesync.create({ ...phone(), password });
    const uuid = entry.client.uuid!;
    expect(await verifyPassword(password, (await server.store.activesync.get(server.alice.id, uuid))!.passwordHash)).toBe(true);
    const next = `${[...password].slice(0, -1).join('')}y`;
    await server.alice.client.activesync.update(uuid, { oldPassword: password, password: next });
    expect(await verifyPassword(next, (await server.store.activesync.get(server.alice.id, uuid))!.passwordHash)).toBe(true);
  });

  it('changes the password with the right old_pass (200), after which the new one verifies', async () => {
    const entry = await server.alice.client.activesync.create(phone());
    const uuid = entry.client.uuid!;
    const updated = await server.alice.client.activesync.update(uuid, { oldPassword: PASSWORD, password: 'Hjortron&Moltebär7' });
    expect(updated.client).toEqual(entry.client);
    expect(updated.title).toBe(uuid);
    const stored = await server.store.activesync.get(server.alice.id, uuid);
    expect(await verifyPassword('Hjortron&Moltebär7', stored!.passwordHash)).toBe(true);
    expect(await verifyPassword(PASSWORD, stored!.passwordHash)).toBe(false);
  });

  it('tolerates an echo of the unchanged entry around the password change', async () => {
    const entry = await server.alice.client.activesync.create(phone());
    const uuid = entry.client.uuid!;
    await server.alice.client.activesync.update(uuid, { ...entry.client, oldPassword: PASSWORD, password: 'next-phone-pw' });
    const stored = await server.store.activesync.get(server.alice.id, uuid);
    expect(await verifyPassword('next-phone-pw', stored!.passwordHash)).toBe(true);
  });

  it('refuses a change without old_pass (400 validation_failed) or with a wrong one (403 forbidden), changing nothing', async () => {
    const entry = await server.alice.client.activesync.create(phone());
    const uuid = entry.client.uuid!;
    const before = await server.store.activesync.get(server.alice.id, uuid);

    const missing = await refusal(server.alice.client.activesync.update(uuid, { password: 'new-phone-pw' }));
    expect([missing.status, missing.code]).toEqual([400, 'validation_failed']);
    expect(missing.details.map((d) => d.path)).toEqual(['/entry/client/old_pass']);

    const noNew = await refusal(server.alice.client.activesync.update(uuid, { oldPassword: PASSWORD }));
    expect([noNew.status, noNew.code]).toEqual([400, 'validation_failed']);
    expect(noNew.details.map((d) => d.path)).toEqual(['/entry/client/password']);

    const wrong = await refusal(server.alice.client.activesync.update(uuid, { oldPassword: 'not-it', password: 'new-phone-pw' }));
    expect([wrong.status, wrong.code]).toEqual([403, 'forbidden']);

    expect(await server.store.activesync.get(server.alice.id, uuid)).toEqual(before);
  });

  it.each([
    ['username', { username: 'someone.else' }],
    ['phone_number', { phoneNumber: '+46700000000' }],
    ['model_uuid', { modelUuid: '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b' }],
    ['last_sync', { lastSync: new Date('2009-06-02T06:55:31Z') }],
    ['uuid', { uuid: '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b' }],
  ])('refuses a change of %s with 400 bad_request, changing nothing (not even the password)', async (_name, change) => {
    const entry = await server.alice.client.activesync.create(phone());
    const uuid = entry.client.uuid!;
    const before = await server.store.activesync.get(server.alice.id, uuid);
    const error = await refusal(server.alice.client.activesync.update(uuid, { oldPassword: PASSWORD, password: 'new-phone-pw', ...change }));
    expect([error.status, error.code]).toEqual([400, 'bad_request']);
    expect(await server.store.activesync.get(server.alice.id, uuid)).toEqual(before);
  });

  it('deletes with 200 Deleted', async () => {
    const entry = await server.alice.client.activesync.create(phone());
    const answer = await raw(server, server.alice, 'DELETE', `/v2/services/activesync/${entry.client.uuid}`);
    expect([answer.status, answer.statusText, answer.text]).toEqual([200, 'Deleted', '']);
    expect((await refusal(server.alice.client.activesync.get(entry.client.uuid!))).status).toBe(404);
  });

  it("answers 404 for another account's client on get, update and delete, changing nothing", async () => {
    const entry = await server.alice.client.activesync.create(phone());
    const uuid = entry.client.uuid!;
    const before = await server.store.activesync.get(server.alice.id, uuid);
    const calls = [
      () => server.bob.client.activesync.get(uuid),
      () => server.bob.client.activesync.update(uuid, { oldPassword: PASSWORD, password: 'taken-over' }),
      () => server.bob.client.activesync.delete(uuid),
    ];
    for (const call of calls) {
      const error = await refusal(call());
      expect([error.status, error.code]).toEqual([404, 'not_found']);
    }
    expect(await server.store.activesync.get(server.alice.id, uuid)).toEqual(before);
  });
});
