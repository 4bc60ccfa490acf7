/**
 * The mock answers what no operation takes, and the errors it is told to give, exactly as the
 * real server does: the same requests go to the reference server listening on a port (around msw,
 * with `bypass`) and to the mock through msw, and status, reason, headers and body must match.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bypass, getResponse } from 'msw';
import { setupServer } from 'msw/node';
import { decodeServiceError } from '@atomsync/atom';
import {
  createMockServer,
  errorResponse,
  getListDatastoreClientsMockHandler,
  getUpdateSyncmlClientMockHandler,
  mockResult,
  mockRoutes,
  WWW_AUTHENTICATE,
  type MockServer,
} from '@atomsync/msw';
import { createFixtureAccount, createLogger, createServer, listen, openStore, routes, SecretBox, type RunningServer, type Store } from '@atomsync/server';

let mock: MockServer;
let msw: ReturnType<typeof setupServer>;
let real: RunningServer;
let realStore: Store;
// The mock answers any origin: the real server's own, so ids, links and messages are alike.
let origin: string;

beforeAll(async () => {
  realStore = await openStore({ kind: 'sqlite', file: ':memory:' });
  const secrets = SecretBox.ephemeral();
  // The mock's own fixture account, as the mock makes it (shorter than the password rule).
  await createFixtureAccount({ store: realStore, secrets }, { username: 'demo', password: 'demo' });
  real = await listen(createServer({ store: realStore, secrets, logger: createLogger('silent') }), { host: '127.0.0.1', port: 0 });
  origin = real.url;
  mock = await createMockServer({ catalogue: false, logLevel: 'silent' });
  msw = setupServer(...mock.handlers());
  msw.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => msw.resetHandlers());
afterAll(async () => {
  msw.close();
  await mock.close();
  await real.close();
  await realStore.close();
});

const DEMO = `Basic ${btoa('demo:demo')}`;
// Set by the connection, not by the server's code: a Response from msw has none of them.
const TRANSPORT = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

interface Answer {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  body: string;
}

async function read(res: Response): Promise<Answer> {
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (!TRANSPORT.has(name)) headers[name] = value;
  });
  return { status: res.status, statusText: res.statusText, headers, body: await res.text() };
}

/** The same request to the real server (past msw) and to the mock (through msw). */
async function both(path: string, init: RequestInit = {}): Promise<{ real: Answer; mock: Answer }> {
  const url = `${origin}${path}`;
  const fromReal = await read(await fetch(bypass(url, init)));
  const fromMock = await read(await fetch(url, init));
  return { real: fromReal, mock: fromMock };
}

describe('what no operation takes goes to the server, as it would answer it', () => {
  it.each([
    ['GET', '/v2/nothing-here'],
    ['GET', '/v2'],
    ['POST', '/v2/services/extdata/0d92/contents/deeper/still'],
    ['DELETE', '/syncml/anything'],
    ['GET', '/healthz/more'],
  ])('an unknown path: %s %s → 404 not_found', async (method, path) => {
    const { real: r, mock: m } = await both(path, { method, headers: { Authorization: DEMO, 'x-request-id': 'parity-404' } });
    expect(r.status).toBe(404);
    expect(decodeServiceError(r.body).code).toBe('not_found');
    expect(m).toEqual(r);
  });

  it.each([
    ['PATCH', '/v2/services/extdata/'],
    ['DELETE', '/v2/services/syncml/sessions/'],
    ['POST', '/healthz'],
    ['OPTIONS', '/v2/services/datastore/'],
    ['PUT', '/v2/services/datastore/0d92/contents/batch'],
  ])('a method the path does not offer: %s %s → 405 with Allow', async (method, path) => {
    const { real: r, mock: m } = await both(path, { method, headers: { Authorization: DEMO, 'x-request-id': 'parity-405' } });
    expect(r.status).toBe(405);
    expect(r.headers.allow).toMatch(/^[A-Z]+(, [A-Z]+)*$/);
    expect(decodeServiceError(r.body).code).toBe('method_not_allowed');
    expect(m).toEqual(r);
  });

  it('HEAD, answered as GET without a body', async () => {
    const { real: r, mock: m } = await both('/healthz', { method: 'HEAD', headers: { 'x-request-id': 'parity-head' } });
    expect([r.status, r.body]).toEqual([200, '']);
    expect(m).toEqual(r);
  });

  it('a fresh x-request-id on each answer when the request has none (or one the server will not echo)', async () => {
    for (const headers of [{}, { 'x-request-id': 'not echoed: spaces and a \u00e9' }]) {
      const { real: r, mock: m } = await both('/v2/nothing-here', { headers: { ...headers } as Record<string, string> });
      const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
      expect(r.headers['x-request-id']).toMatch(uuid);
      expect(m.headers['x-request-id']).toMatch(uuid);
      expect({ ...m, headers: { ...m.headers, 'x-request-id': '' } }).toEqual({ ...r, headers: { ...r.headers, 'x-request-id': '' } });
    }
  });

  it('an anonymous caller: 401 with WWW-Authenticate', async () => {
    const { real: r, mock: m } = await both('/v2/services/datastore/', { headers: { 'x-request-id': 'parity-401' } });
    expect(r.status).toBe(401);
    expect(r.headers['www-authenticate']).toBe(WWW_AUTHENTICATE);
    expect(m).toEqual(r);
  });
});

describe('errorResponse answers with the server’s headers', () => {
  it('errorResponse({ status: 401 }) is the server’s 401 to a caller without credentials', async () => {
    msw.use(getListDatastoreClientsMockHandler(errorResponse({ status: 401 })));
    const { real: r, mock: m } = await both('/v2/services/datastore/', { headers: { 'x-request-id': 'parity-401' } });
    expect(r.status).toBe(401);
    expect(m).toEqual(r);
  });

  it('a 405 with Allow, as the server refuses PUT on a SyncML client', async () => {
    // The server's own refusal (its route table), Allow from the msw route's.
    const fixed = routes.find((route) => route.operation.id === 'updateSyncmlClient')!.fixed!;
    msw.use(getUpdateSyncmlClientMockHandler(errorResponse({ status: 405, code: 'method_not_allowed', message: fixed.message, allow: mockRoutes.updateSyncmlClient.refusal!.headers!.Allow! })));
    const entry = '<entry xmlns="http://www.w3.org/2005/Atom"/>';
    const init = { method: 'PUT', body: entry, headers: { Authorization: DEMO, 'Content-Type': 'application/atom+xml', 'x-request-id': 'parity-put' } };
    const { real: r, mock: m } = await both('/v2/services/syncml/0d92b0f0-59a2-4a84-9c2a-5d9b7cbb1a10/', init);
    expect([r.status, r.headers.allow]).toEqual([405, 'GET, DELETE']);
    expect(m).toEqual(r);
    expect(errorResponse({ status: 405, allow: ['GET', 'DELETE'] }).headers.get('Allow')).toBe('GET, DELETE');
  });

  it('a static errorResponse gives each request its own x-request-id, or echoes the request’s', async () => {
    msw.use(getListDatastoreClientsMockHandler(errorResponse({ status: 503, code: 'internal', message: 'Maintenance' })));
    const url = `${origin}/v2/services/datastore/`;
    const ids = await Promise.all([fetch(url), fetch(url), fetch(url, { headers: { 'x-request-id': 'mine-1' } })].map(async (p) => (await p).headers.get('x-request-id')));
    expect(new Set(ids).size).toBe(3);
    expect(ids[2]).toBe('mine-1');
  });

  it('defaults: code from the status, content type, request id; headers win over defaults', () => {
    const res = errorResponse({ status: 404, message: 'gone', headers: { 'x-request-id': 'fixed' } });
    expect([res.status, res.statusText, res.headers.get('content-type'), res.headers.get('x-request-id')]).toEqual([404, 'Not Found', 'application/xml', 'fixed']);
    expect(res.headers.has('www-authenticate')).toBe(false);
    expect(res.headers.has('allow')).toBe(false);
  });
});

describe('the catch-all stays in its scope', () => {
  it('without baseUrl: any origin, but only under the service’s roots', async () => {
    const handlers = mock.handlers();
    const at = async (url: string, method = 'GET') => (await getResponse(handlers, new Request(url, { method })))?.status;
    expect(await at('https://sync.example.test/v2/unknown')).toBe(404);
    expect(await at('https://sync.example.test/syncml', 'PATCH')).toBe(405);
    expect(await at('https://api.other.test/users')).toBeUndefined();
    expect(await at('https://api.other.test/v2x/users')).toBeUndefined();
    expect(await at('https://api.other.test/syncmlx')).toBeUndefined();
  });

  it('with baseUrl: everything under it, nothing elsewhere', async () => {
    const fixed = await createMockServer({ baseUrl: 'https://sync.example.test/', catalogue: false, accounts: [], logLevel: 'silent' });
    try {
      const handlers = fixed.handlers();
      const at = async (url: string, method = 'GET') => (await getResponse(handlers, new Request(url, { method })))?.status;
      expect(await at('https://sync.example.test/unknown')).toBe(404);
      expect(await at('https://sync.example.test/v2/services/extdata/', 'PATCH')).toBe(405);
      expect(await at('https://sync.example.test:8443/unknown')).toBeUndefined();
      expect(await at('https://elsewhere.test/v2/unknown')).toBeUndefined();
    } finally {
      await fixed.close();
    }
  });

  it('is last: the operation handlers and their overrides answer first', async () => {
    const handlers = mock.handlers({ overrides: { listDatastoreClients: errorResponse({ status: 503, code: 'internal', message: 'Maintenance' }) } });
    // Were the catch-all first, the server would answer this anonymous request 401.
    expect((await getResponse(handlers, new Request(`${origin}/v2/services/datastore/`)))?.status).toBe(503);
    msw.use(getListDatastoreClientsMockHandler(mockResult('listDatastoreClients')));
    expect((await fetch(`${origin}/v2/services/datastore/`)).status).toBe(200);
  });
});
