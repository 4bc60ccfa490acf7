/** The authentication seam: no authenticator → anonymous and allowed; with one, the auth class is enforced first. */
import { routes } from '../src/generated/routes.js';
import { describe, expect, it } from 'vitest';
import { ServiceError, createApp, type Authenticator, type OperationHandlers, type Principal } from '../src/index.js';
import { call, itValidatesErrorDocuments } from './support/http.js';

const USERS: Record<string, Principal> = {
  'Bearer admin': { kind: 'account', id: 1, username: 'root', admin: true },
  'Bearer user': { kind: 'account', id: 2, username: 'kim', admin: false },
};

const authenticator: Authenticator = {
  challenge: 'Basic realm="atomsync", OAuth realm="atomsync"',
  identify(event) {
    const header = event.req.headers.get('authorization');
    if (header === null) return undefined;
    const principal = USERS[header];
    if (!principal) throw new ServiceError(401, 'unauthorized', 'the credentials do not authenticate', [], { 'www-authenticate': this.challenge });
    return principal;
  },
};

const seen: Principal[] = [];
const handlers: OperationHandlers = {
  listVendors: async (_, ctx) => (seen.push(ctx.principal), { entries: [] }),
  listBindings: async (_, ctx) => (seen.push(ctx.principal), { entries: [] }),
  listAccounts: async (_, ctx) => (seen.push(ctx.principal), { entries: [] }),
};

const ACCOUNT = '/v2/syncengine/';
const ADMIN = '/v2/admin/accounts';
const NONE = '/v2/phones/vendors/';

describe('without an authenticator', () => {
  const app = createApp({ handlers });
  it('runs every auth class as anonymous', async () => {
    seen.length = 0;
    for (const path of [NONE, ACCOUNT, ADMIN]) expect((await call(app, 'GET', path)).status).toBe(200);
    expect(seen).toEqual([{ kind: 'anonymous' }, { kind: 'anonymous' }, { kind: 'anonymous' }]);
  });
});

describe('with an authenticator', () => {
  const app = createApp({ handlers, authenticate: authenticator });
  const as = (who?: string) => (who ? { headers: { authorization: who } } : {});

  it.each([
    [NONE, undefined, 200],
    [NONE, 'Bearer user', 200],
    [ACCOUNT, undefined, 401],
    [ACCOUNT, 'Bearer user', 200],
    [ACCOUNT, 'Bearer nobody', 401],
    [ADMIN, undefined, 401],
    [ADMIN, 'Bearer user', 403],
    [ADMIN, 'Bearer admin', 200],
  ] as const)('GET %s as %s answers %i', async (path, who, status) => {
    const answer = await call(app, 'GET', path, as(who));
    expect(answer.status).toBe(status);
    if (status === 401) {
      expect(answer.error?.code).toBe('unauthorized');
      expect(answer.headers.get('www-authenticate')).toBe(authenticator.challenge);
    }
    if (status === 403) expect(answer.error?.code).toBe('forbidden');
  });

  it('hands the principal to the handler', async () => {
    seen.length = 0;
    await call(app, 'GET', ACCOUNT, as('Bearer user'));
    expect(seen).toEqual([USERS['Bearer user']]);
  });

  it('refuses before validating parameters or reading the body', async () => {
    const params = await call(app, 'GET', '/v2/syncengine/not-a-number/');
    expect(params.status).toBe(401);
    const body = await call(app, 'POST', ACCOUNT, { body: '<!DOCTYPE x><x/>', headers: { 'content-type': 'text/plain' } });
    expect(body.status).toBe(401);
  });

  it('authenticates before giving a fixed answer', async () => {
    expect((await call(app, 'PUT', '/v2/services/syncml/c-1')).status).toBe(401);
    expect((await call(app, 'PUT', '/v2/services/syncml/c-1', as('Bearer user'))).status).toBe(405);
    expect((await call(app, 'GET', '/v2/syncengine/sources/')).status).toBe(401);
  });

  it('gives every auth class of the table a 401 to an anonymous caller, except none', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const path = route.path.replace(/\{(\w+)\}/g, '7');
      const answer = await call(app, route.method, path);
      const expected = route.operation.auth === 'none' ? answer.status !== 401 : answer.status === 401;
      if (!expected) wrong.push(`${route.method} ${path} (${route.operation.auth}) → ${answer.status}`);
    }
    expect(wrong).toEqual([]);
  });
});

itValidatesErrorDocuments();
