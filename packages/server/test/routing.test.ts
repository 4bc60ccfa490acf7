/** Routing: trailing slashes, unknown paths, methods a path does not offer, HEAD, request ids. */
import { describe, expect, it } from 'vitest';
import { operations } from '@atomsync/atom';
import { createApp, createLogger, routes } from '../src/index.js';
import { call, itValidatesErrorDocuments, recordingHandlers } from './support/http.js';

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;

// Records which operation ran, for every operation (their undefined results answer 500: silenced).
const ran: string[] = [];
const app = createApp({ handlers: recordingHandlers(ran, Object.keys(operations)), logger: createLogger('silent') });

function concrete(path: string): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => (/Id$/.test(name) ? '7' : `${name}-1`));
}

const GET_ROUTES = routes.filter((r) => r.fixed === undefined && r.method === 'GET' && r.operation.id !== 'getHealth');

describe('trailing slash', () => {
  it('is optional on every path: the spec form and the other form reach the same operation', async () => {
    const mismatches: string[] = [];
    for (const route of GET_ROUTES) {
      const spec = concrete(route.path);
      const other = spec.endsWith('/') ? spec.slice(0, -1) : `${spec}/`;
      for (const path of [spec, other]) {
        ran.length = 0;
        await call(app, 'GET', path);
        if (ran[0] !== route.operation.id) mismatches.push(`${path} ran ${ran[0]}, not ${route.operation.id}`);
      }
    }
    expect(mismatches).toEqual([]);
    expect(GET_ROUTES.length).toBeGreaterThan(20);
  });

  it('joins the two spellings of one path into one route with both methods', async () => {
    ran.length = 0;
    await call(app, 'GET', '/v2/syncengine/phone_datastore_bindings');
    const post = await call(app, 'POST', '/v2/syncengine/phone_datastore_bindings/', { body: '<x/>', headers: { 'content-type': 'text/plain' } });
    expect(ran).toEqual(['listPhoneDatastoreBindings']);
    expect(post.status).toBe(415); // reached createPhoneDatastoreBinding's pipeline, not a 404 or 405
  });

  it('does not stretch to doubled slashes', async () => {
    expect((await call(app, 'GET', '/v2/services/extdata//')).status).toBe(404);
  });
});

describe('unknown paths', () => {
  it.each(['/', '/v2', '/v2/services/', '/v2/services/extdata/c-1/nope', '/healthz/x', '/V2/services/extdata/'])('%s answers 404 not_found', async (path) => {
    const answer = await call(app, 'GET', path);
    expect(answer.status).toBe(404);
    expect(answer.headers.get('content-type')).toBe('application/xml');
    expect(answer.error).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('answers every integer path id that is not an integer with 404 not_found, before the handler', async () => {
    const wrong: string[] = [];
    const integerRoutes = routes.filter((r) => r.fixed === undefined && r.operation.params.some((p) => p.in === 'path' && p.type === 'integer'));
    for (const route of integerRoutes) {
      for (const id of ['x', '12ab', '1.5', '-', '99999999999999999999']) {
        const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => (route.operation.params.some((p) => p.name === name && p.type === 'integer') ? id : `${name}-1`));
        ran.length = 0;
        const answer = await call(app, route.method, path, route.method === 'POST' || route.method === 'PUT' ? { body: '<x/>', headers: { 'content-type': 'application/atom+xml' } } : {});
        if (answer.status !== 404 || answer.error?.code !== 'not_found' || ran.length > 0) wrong.push(`${route.method} ${path}: ${answer.status} ${answer.error?.code} ran ${ran.join()}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(integerRoutes.length).toBeGreaterThanOrEqual(6);
  });

  it('answers a malformed percent-encoding with 400 bad_request', async () => {
    const answer = await call(app, 'GET', '/v2/services/extdata/%zz/');
    expect(answer.status).toBe(400);
    expect(answer.error?.code).toBe('bad_request');
  });
});

describe('methods a path does not offer', () => {
  const byPattern = new Map<string, (typeof routes)[number][]>();
  for (const r of routes) byPattern.set(r.pattern, [...(byPattern.get(r.pattern) ?? []), r]);
  const rows = [...byPattern].map(([pattern, rs]) => [pattern, rs] as const);

  it.each(rows)('%s answers 405 with Allow for every other method', async (_, rs) => {
    const offered = new Set(rs.map((r) => r.method));
    const path = concrete(rs[0]!.path);
    for (const method of METHODS.filter((m) => !offered.has(m as never))) {
      const answer = await call(app, method, path);
      expect(answer.status, `${method} ${path}`).toBe(405);
      expect(answer.error).toMatchObject({ status: 405, code: 'method_not_allowed' });
      expect(answer.headers.get('allow')).toBe(rs[0]!.allow);
      expect(answer.headers.get('allow')).toBe(['GET', 'POST', 'PUT', 'DELETE'].filter((m) => rs.some((r) => r.method === m && r.fixed?.status !== 405)).join(', '));
    }
  });

  it('answers HEAD like GET, without a body', async () => {
    const head = await call(createApp(), 'HEAD', '/healthz');
    expect([head.status, head.text]).toEqual([200, '']);
    expect((await call(createApp(), 'HEAD', '/v2/services/extdata/')).status).toBe(501);
    expect((await call(createApp(), 'HEAD', '/syncml')).status).toBe(405);
  });
});

describe('request ids', () => {
  it('gives every answer an x-request-id, echoing a well-formed one', async () => {
    const generated = await call(app, 'GET', '/nowhere');
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await call(app, 'GET', '/healthz', { headers: { 'x-request-id': 'lb-4711.a:b' } });
    expect(echoed.headers.get('x-request-id')).toBe('lb-4711.a:b');
  });

  it('replaces one that could forge log lines', async () => {
    const answer = await call(app, 'GET', '/healthz', { headers: { 'x-request-id': 'x"}, {"level":60' } });
    expect(answer.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

itValidatesErrorDocuments();
