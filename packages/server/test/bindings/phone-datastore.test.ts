/**
 * Phone-to-datastore bindings, on both stores: through the SDK against a started server (201 with
 * `Allow: GET, HEAD, POST`, the entry form, the SyncML client, datastore client and sync binding
 * it creates, reuse of the caller's datastore client for foreign_user_id, field rules, the list,
 * another account), and through the service over a store that fails on purpose after the first
 * insert, to prove the four writes are one transaction.
 */
import type { PhoneDatastoreBindingEntry } from '@atomsync/atom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountPrincipal } from '../../src/auth/principal.js';
import { createPhoneDatastoreBinding } from '../../src/services/bindings.js';
import type { Repositories, Store } from '@atomsync/store';
import { addModel, entryXml, raw, refusal, UUID } from '../clients/fixtures.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { openTestStore, storeKinds } from '../support/stores.js';

const uuidOf = (href: string | undefined, prefix: string): string => {
  expect(href?.startsWith(prefix)).toBe(true);
  return href!.slice(prefix.length).replace(/\/$/, '');
};

describe.each(storeKinds)('phone-to-datastore bindings (%s)', (kind) => {
  let server: TestServer;
  let model: string;
  const request = (change: Partial<PhoneDatastoreBindingEntry> = {}): PhoneDatastoreBindingEntry => ({
    modelUuid: model,
    phoneNumber: '+447700900123',
    foreignUserId: 'crm-user-40219',
    timezone: 'Europe/London',
    ...change,
  });
  beforeAll(async () => {
    server = await startTestServer(kind);
    model = await addModel(server.store, 'Nokia E71');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 201 with Allow: GET, HEAD, POST', async () => {
    const body = entryXml(
      `<s:model_uuid>${model}</s:model_uuid><s:phone_number>+447700900123</s:phone_number>` +
        `<s:foreign_user_id>crm-user-raw</s:foreign_user_id><s:timezone>Europe/London</s:timezone>`,
    );
    const answer = await raw(server, server.alice, 'POST', '/v2/syncengine/phone_datastore_bindings', body);
    expect(answer.status).toBe(201);
    expect(answer.headers.get('allow')).toBe('GET, HEAD, POST');
    expect(answer.headers.get('content-type')).toBe('application/atom+xml');
  });

  it('creates the SyncML client, the datastore client and a sync binding between them, and links both', async () => {
    const started = Date.now() - 1000;
    const entry = await server.alice.client.phoneDatastoreBindings.create(request({ foreignUserId: 'crm-user-1' }));
    const id = Number(entry.title);
    expect(Number.isInteger(id)).toBe(true);
    const href = `${server.url}/v2/syncengine/phone_datastore_bindings/${id}`;
    expect(entry.id).toBe(href);
    expect(entry.published!.getTime()).toBeGreaterThanOrEqual(started);
    expect([entry.modelUuid, entry.phoneNumber, entry.foreignUserId, entry.timezone]).toEqual([model, '+447700900123', 'crm-user-1', 'Europe/London']);
    const [self, phoneLink, datastoreLink] = entry.links!;
    expect(self).toEqual({ rel: 'self', href });
    expect(phoneLink).toMatchObject({ rel: 'syncml_client', type: 'application/atom+xml' });
    expect(datastoreLink).toMatchObject({ rel: 'datastore_client', type: 'application/atom+xml' });
    const phoneUuid = uuidOf(phoneLink!.href, `${server.url}/v2/services/syncml/`);
    const datastoreUuid = uuidOf(datastoreLink!.href, `${server.url}/v2/services/datastore/`);
    expect(phoneUuid).toMatch(UUID);
    expect(datastoreLink!.href).toBe(`${server.url}/v2/services/datastore/${datastoreUuid}/`);

    const phone = await server.alice.client.syncml.get(phoneUuid);
    expect(phone.title).toBe('Nokia E71');
    expect(phone.client).toMatchObject({ phoneNumber: '+447700900123', modelUuid: model, timezone: 'Europe/London', imei: '' });
    const datastore = await server.alice.client.datastore.get(datastoreUuid);
    expect(datastore.client.userId).toBe('crm-user-1');
    const bindings = (await server.alice.client.syncengine.list()).entries;
    expect(bindings.map((b) => [b.source, b.target])).toContainEqual([
      { syncSource: 'syncml', uuid: phoneUuid },
      { syncSource: 'datastore', uuid: datastoreUuid },
    ]);
  });

  it("reuses the caller's datastore client with that user_id, never another account's", async () => {
    const existing = await server.alice.client.datastore.create({ userId: 'crm-user-shared' });
    const first = await server.alice.client.phoneDatastoreBindings.create(request({ foreignUserId: 'crm-user-shared' }));
    const second = await server.alice.client.phoneDatastoreBindings.create(request({ foreignUserId: 'crm-user-shared', phoneNumber: '+447700900456' }));
    const bobs = await server.bob.client.phoneDatastoreBindings.create(request({ foreignUserId: 'crm-user-shared' }));
    const datastoreOf = (e: PhoneDatastoreBindingEntry) => e.links!.find((l) => l.rel === 'datastore_client')!.href;
    const expected = `${server.url}/v2/services/datastore/${existing.client.uuid}/`;
    expect(datastoreOf(first)).toBe(expected);
    expect(datastoreOf(second)).toBe(expected);
    expect(datastoreOf(bobs)).not.toBe(expected);
    const phones = [first, second].map((e) => e.links!.find((l) => l.rel === 'syncml_client')!.href);
    expect(new Set(phones).size).toBe(2);
  });

  it.each([
    ['no fields at all', {}, ['/entry/foreign_user_id', '/entry/model_uuid', '/entry/phone_number', '/entry/timezone']],
    ['a national phone number', { phoneNumber: '07700900123' }, ['/entry/phone_number']],
    ['an unknown time zone', { timezone: 'Mars/Olympus_Mons' }, ['/entry/timezone']],
    ['a model not in the catalogue', { modelUuid: '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b' }, ['/entry/model_uuid']],
    ['an empty foreign_user_id', { foreignUserId: '' }, ['/entry/foreign_user_id']],
  ])('refuses %s with 400 validation_failed, creating nothing', async (name, change, paths) => {
    const counts = async () =>
      Promise.all([
        server.store.syncml.list(server.alice.id),
        server.store.datastores.list(server.alice.id),
        server.store.bindings.list(server.alice.id),
        server.store.phoneBindings.list(server.alice.id),
      ]).then((lists) => lists.map((l) => l.length));
    const before = await counts();
    const entry = name === 'no fields at all' ? {} : request({ foreignUserId: `crm-refused-${paths[0]}`, ...change });
    const error = await refusal(server.alice.client.phoneDatastoreBindings.create(entry));
    expect([error.status, error.code]).toEqual([400, 'validation_failed']);
    expect(error.details.map((d) => d.path).sort()).toEqual(paths);
    expect(await counts()).toEqual(before);
  });

  it("lists the caller's bindings only, in the create's form", async () => {
    const mine = await server.alice.client.phoneDatastoreBindings.create(request({ foreignUserId: 'crm-user-list' }));
    const theirs = await server.bob.client.phoneDatastoreBindings.create(request({ foreignUserId: 'crm-user-list' }));
    const feed = await server.alice.client.phoneDatastoreBindings.list();
    expect(feed.title).toBe('Phone-to-datastore bindings');
    expect(feed.id).toBe(`${server.url}/v2/syncengine/phone_datastore_bindings/`);
    expect(feed.entries.find((e) => e.id === mine.id)).toEqual(mine);
    expect(feed.entries.map((e) => e.id)).not.toContain(theirs.id);
  });

  it('goes away with its SyncML client (with the sync binding); the datastore client stays', async () => {
    const entry = await server.alice.client.phoneDatastoreBindings.create(request({ foreignUserId: 'crm-user-gone' }));
    const phoneUuid = uuidOf(entry.links!.find((l) => l.rel === 'syncml_client')!.href, `${server.url}/v2/services/syncml/`);
    const datastoreUuid = uuidOf(entry.links!.find((l) => l.rel === 'datastore_client')!.href, `${server.url}/v2/services/datastore/`);
    await server.alice.client.syncml.delete(phoneUuid);
    expect((await server.alice.client.phoneDatastoreBindings.list()).entries.map((e) => e.id)).not.toContain(entry.id);
    const bindings = (await server.alice.client.syncengine.list()).entries;
    expect(bindings.some((b) => b.source?.uuid === phoneUuid || b.target?.uuid === phoneUuid)).toBe(false);
    expect((await server.alice.client.datastore.get(datastoreUuid)).client.userId).toBe('crm-user-gone');
  });
});

/**
 * `store` with one repository method failing inside transactions: the write the service makes
 * after others have already landed in the same transaction.
 */
function failingInTransaction<R extends keyof Repositories>(store: Store, repo: R, method: keyof Repositories[R]): Store {
  const bound = (target: object, prop: PropertyKey) => {
    const value = Reflect.get(target, prop, target) as unknown;
    return typeof value === 'function' ? value.bind(target) : value;
  };
  const failingRepo = (real: object) =>
    new Proxy(real, {
      get: (target, prop) => (prop === method ? async () => Promise.reject(new Error(`injected failure in ${String(repo)}.${String(method)}`)) : bound(target, prop)),
    });
  const failingTx = (tx: Repositories) => new Proxy(tx, { get: (target, prop) => (prop === repo ? failingRepo(target[repo]) : bound(target, prop)) });
  return new Proxy(store, {
    get: (target, prop) =>
      prop === 'transaction' ? <T>(work: (tx: Repositories) => Promise<T>) => target.transaction((tx) => work(failingTx(tx))) : bound(target, prop),
  });
}

describe.each(storeKinds)('phone-to-datastore binding atomicity (%s)', (kind) => {
  let store: Store;
  let account: AccountPrincipal;
  let model: string;
  beforeAll(async () => {
    store = await openTestStore(kind);
    const record = await store.accounts.create({ username: 'carol', passwordHash: 'scrypt$x', syncmlDigest: null, admin: false });
    account = { kind: 'account', id: record!.id, username: 'carol', admin: false };
    model = await addModel(store);
  });
  afterAll(async () => {
    await store?.close();
  });

  const entry = { modelUuid: '', phoneNumber: '+447700900123', foreignUserId: 'crm-user-atomic', timezone: 'Europe/London' };

  it.each([
    ['datastores', 'create'],
    ['bindings', 'create'],
    ['phoneBindings', 'create'],
  ] as const)('leaves nothing behind when %s.%s fails after the SyncML client was inserted', async (repo, method) => {
    const failing = failingInTransaction(store, repo, method);
    await expect(createPhoneDatastoreBinding(failing, account, { ...entry, modelUuid: model })).rejects.toThrow(/injected failure/);
    expect(await store.syncml.list(account.id)).toEqual([]);
    expect(await store.datastores.list(account.id)).toEqual([]);
    expect(await store.bindings.list(account.id)).toEqual([]);
    expect(await store.phoneBindings.list(account.id)).toEqual([]);
  });

  it('writes all four records when nothing fails', async () => {
    const binding = await createPhoneDatastoreBinding(store, account, { ...entry, modelUuid: model });
    expect(await store.syncml.list(account.id)).toHaveLength(1);
    expect((await store.datastores.list(account.id)).map((d) => d.uuid)).toEqual([binding.datastoreClientUuid]);
    expect(await store.bindings.list(account.id)).toHaveLength(1);
    expect(await store.phoneBindings.list(account.id)).toEqual([binding]);
  });
});
