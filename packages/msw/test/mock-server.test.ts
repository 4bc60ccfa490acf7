/**
 * createMockServer(): the SDK, through msw, against the real server app in memory. What the tests
 * see is the server's own behaviour (state, auth, isolation, refusals), and the per-operation
 * overrides and delays still win over it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupServer } from 'msw/node';
import { decodeServiceError } from '@atomsync/atom';
import {
  createMockServer,
  errorResponse,
  getCreateDatastoreClientMockHandler,
  getListDatastoreClientsMockHandler,
  getGetHealthMockHandler,
  type MockServer,
} from '@atomsync/msw';
import { AtomSyncError, basicAuth, createClient, etagOf, isNotModified, type AtomSyncClient } from '@atomsync/sdk';

// Any origin the consumer configures: ids and links follow it.
const BASE = 'https://sync.example.test:8443';

let mock: MockServer;
let server: ReturnType<typeof setupServer>;
let demo: AtomSyncClient;
let other: AtomSyncClient;
let anonymous: AtomSyncClient;

beforeAll(async () => {
  mock = await createMockServer({ accounts: [{ username: 'demo', password: 'demo' }, { username: 'other', password: 'other-pw' }] });
  server = setupServer(...mock.handlers());
  server.listen({ onUnhandledRequest: 'error' });
  demo = createClient({ baseUrl: BASE, auth: basicAuth('demo', 'demo') });
  other = createClient({ baseUrl: BASE, auth: basicAuth('other', 'other-pw') });
  anonymous = createClient({ baseUrl: BASE });
});
afterEach(async () => {
  server.resetHandlers();
  await mock.reset();
});
afterAll(async () => {
  server.close();
  await Promise.all([demo.close(), other.close(), anonymous.close()]);
  await mock.close();
});

async function refusal(promise: Promise<unknown>): Promise<AtomSyncError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AtomSyncError);
  return error as AtomSyncError;
}

describe('the real server behind msw', () => {
  it('keeps what is created: create, then list shows it', async () => {
    const created = await demo.datastore.create({ userId: 'crm-user-1' });
    expect(created.id).toBe(`${BASE}/v2/services/datastore/${created.client.uuid}/`);
    const listed = await demo.datastore.list();
    expect(listed.entries.map((e) => e.client.userId)).toEqual(['crm-user-1']);
    expect(listed.entries[0]!.id).toBe(`urn:uuid:${created.client.uuid}`);
  });

  it('stores content and lists it back, per client', async () => {
    const { client } = await demo.datastore.create({ userId: 'crm-user-2' });
    const vcard = 'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada Lovelace\r\nEND:VCARD\r\n';
    await demo.datastore.contents(client.uuid!).create({ title: 'Ada', content: { type: 'text/x-vcard', value: vcard } });
    const items = await demo.datastore.contents(client.uuid!).list({ dataclass: 'Contacts' });
    expect(items.entries.map((e) => e.title)).toEqual(['Ada']);
  });

  it('isolates accounts: another account’s object is 404 and absent from its list', async () => {
    const { client } = await demo.datastore.create({ userId: 'mine' });
    const error = await refusal(other.datastore.get(client.uuid!));
    expect([error.status, error.code]).toEqual([404, 'not_found']);
    expect((await other.datastore.list()).entries).toEqual([]);
  });

  it('answers an anonymous caller 401 with WWW-Authenticate', async () => {
    const error = await refusal(anonymous.datastore.list());
    expect([error.status, error.code]).toEqual([401, 'unauthorized']);
    expect(error.response.headers.get('WWW-Authenticate')).toMatch(/Basic/);
  });

  it('refuses bad XML with 400 invalid_xml, as the server does', async () => {
    const res = await fetch(`${BASE}/v2/services/datastore/`, {
      method: 'POST',
      body: '<entry xmlns="http://www.w3.org/2005/Atom"><unclosed>',
      headers: { 'Content-Type': 'application/atom+xml', Authorization: `Basic ${btoa('demo:demo')}` },
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('Content-Type')).toBe('application/xml');
    expect(decodeServiceError(await res.text()).code).toBe('invalid_xml');
  });

  it('runs on a store seeded with the phone catalogue, open to anonymous callers', async () => {
    const vendors = await mock.store.catalogue.listVendors();
    expect(vendors.length).toBeGreaterThanOrEqual(15);
    expect((await mock.store.catalogue.listModels()).length).toBeGreaterThanOrEqual(150);
    const listed = await anonymous.phones.vendors();
    expect(listed.entries.map((e) => e.title).sort()).toEqual(vendors.map((v) => v.name).sort());
  });

  it('answers a URL that names nothing 404 not_found, whether its id parses or not, as the server does', async () => {
    const headers = { Authorization: `Basic ${btoa('demo:demo')}` };
    for (const path of ['/v2/syncengine/synclog/12ab', '/v2/syncengine/synclog/99', '/v2/syncengine/x/', '/v2/services/extdata/not-a-uuid/']) {
      const res = await fetch(`${BASE}${path}`, { headers });
      expect([res.status, decodeServiceError(await res.text()).code], path).toEqual([404, 'not_found']);
    }
  });

  it('answers a conditional GET as the server does: etagOf, then NotModified through msw until it changed', async () => {
    const feed = await demo.datastore.list();
    const same = await demo.datastore.list({ ifNoneMatch: etagOf(feed) });
    expect(isNotModified(same)).toBe(true);
    await demo.datastore.create({ userId: 'conditional' });
    const fresh = await demo.datastore.list({ ifNoneMatch: etagOf(feed) });
    expect(isNotModified(fresh)).toBe(false);
    expect(etagOf(fresh as object)).not.toBe(etagOf(feed));
  });

  it('answers any origin, and ids and links follow it', async () => {
    const local = createClient({ baseUrl: 'http://127.0.0.1:8080', auth: basicAuth('demo', 'demo') });
    try {
      const created = await local.datastore.create({ userId: 'local' });
      expect(created.id).toBe(`http://127.0.0.1:8080/v2/services/datastore/${created.client.uuid!}/`);
      expect((await demo.datastore.get(created.client.uuid!)).links?.[0]?.href).toMatch(/^https:\/\/sync\.example\.test:8443\//);
    } finally {
      await local.close();
    }
  });

  it('reaches the store directly', async () => {
    await demo.datastore.create({ userId: 'seen-in-store' });
    const id = mock.account('demo').id;
    expect((await mock.store.datastores.list(id)).map((c) => c.userId)).toEqual(['seen-in-store']);
  });
});

describe('overrides win over the server', () => {
  it('an errorResponse answers in the server’s place', async () => {
    server.use(getListDatastoreClientsMockHandler(errorResponse({ status: 503, code: 'internal', message: 'Maintenance' })));
    const error = await refusal(demo.datastore.list());
    expect([error.status, error.code, error.message]).toEqual([503, 'internal', 'Maintenance']);
  });

  it('a function answers, or returns nothing to let the server answer', async () => {
    const seen: string[] = [];
    server.use(getCreateDatastoreClientMockHandler(({ body }) => void seen.push(body.client.userId ?? '')));
    const created = await demo.datastore.create({ userId: 'recorded' });
    expect(seen).toEqual(['recorded']);
    expect((await demo.datastore.get(created.client.uuid!)).client.userId).toBe('recorded');
  });

  it('a function never sees a request it cannot read: the server refuses it as it would', async () => {
    let called = false;
    server.use(getCreateDatastoreClientMockHandler(() => void (called = true)));
    const res = await fetch(`${BASE}/v2/services/datastore/`, {
      method: 'POST',
      body: '<entry',
      headers: { 'Content-Type': 'application/atom+xml', Authorization: `Basic ${btoa('demo:demo')}` },
    });
    expect([res.status, decodeServiceError(await res.text()).code]).toEqual([400, 'invalid_xml']);
    expect(called).toBe(false);
  });

  it('a delay delays the server’s answer', async () => {
    server.use(getGetHealthMockHandler(undefined, { delay: 250 }));
    const started = performance.now();
    expect(await demo.health.get()).toBe('ok');
    expect(performance.now() - started).toBeGreaterThanOrEqual(240);
  });
});

describe('reset', () => {
  it('empties the store and keeps the accounts', async () => {
    await demo.datastore.create({ userId: 'gone-after-reset' });
    const before = mock.account('demo');
    await mock.reset();
    expect((await demo.datastore.list()).entries).toEqual([]);
    expect(mock.account('demo')).toEqual(before);
  });

  it('drops accounts added since, and addAccount makes admins', async () => {
    const root = await mock.addAccount({ username: 'root', password: 'root-pw', admin: true });
    const admin = createClient({ baseUrl: BASE, auth: basicAuth(root.username, root.password) });
    try {
      const usernames = (await admin.admin.accounts()).entries.map((e) => e.title);
      expect(usernames).toEqual(expect.arrayContaining(['demo', 'other', 'root']));
      await mock.reset();
      expect(() => mock.account('root')).toThrow(/no account "root"/);
      expect((await refusal(admin.admin.accounts())).status).toBe(401);
    } finally {
      await admin.close();
    }
  });
});

describe('app passwords through the SDK', () => {
  it('creates one (the password once), lists it without, refuses its name again, and revokes it; another account cannot', async () => {
    const created = await demo.appPasswords.create({ name: 'DAVx5 on my phone' });
    expect(created.appPassword.password).toMatch(/^([a-z2-9]{4}-){5}[a-z2-9]{4}$/);
    expect(created.id).toBe(`${BASE}/v2/account/app_passwords/${created.appPassword.uuid}`);
    const listed = await demo.appPasswords.list();
    expect(listed.entries.map((e) => [e.appPassword.name, e.appPassword.password, e.appPassword.lastUsed])).toEqual([['DAVx5 on my phone', undefined, null]]);
    expect((await other.appPasswords.list()).entries).toEqual([]);
    const taken = await refusal(demo.appPasswords.create({ name: 'DAVx5 on my phone' }));
    expect([taken.status, taken.code]).toEqual([409, 'conflict']);
    const foreign = await refusal(other.appPasswords.revoke(created.appPassword.uuid));
    expect([foreign.status, foreign.code]).toEqual([404, 'not_found']);
    await demo.appPasswords.revoke(created.appPassword.uuid);
    expect((await demo.appPasswords.list()).entries).toEqual([]);
    // Not a credential for the API.
    const withIt = createClient({ baseUrl: BASE, auth: basicAuth('demo', created.appPassword.password!) });
    try {
      expect((await refusal(withIt.appPasswords.list())).status).toBe(401);
    } finally {
      await withIt.close();
    }
  });
});
