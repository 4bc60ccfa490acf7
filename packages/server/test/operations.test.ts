/**
 * Table-driven over the generated route table: every operation answers 501 with the error body
 * when it has no handler, and its success status, reason and encoded result when a stub handler
 * returns a sample value; the operations the spec answers itself give that answer.
 */
import { STATUS_CODES } from 'node:http';
import { ATOM_MEDIA_TYPE, entryCodecs, operations, type OperationSpec } from '@atomsync/atom';
import { describe, expect, it } from 'vitest';
import { createApp, createLogger, routes, type OperationHandlers, type RouteSpec } from '../src/index.js';
import { ATOM, call, itValidatesErrorDocuments, recordingHandlers } from './support/http.js';
import { sampleOf } from './support/samples.js';

interface Case {
  route: RouteSpec;
  op: OperationSpec;
}

const cases: Case[] = routes.flatMap((route) => [{ route, op: route.operation }, ...route.variants.map((v) => ({ route, op: v.operation }))]);
const handled = cases.filter((c) => c.route.fixed === undefined);
const fixed = cases.filter((c) => c.route.fixed !== undefined);

/** A concrete URL for the operation: `{id}` params filled (integers as integers), the variant's selector set. */
function urlOf(op: OperationSpec, trailingSlash: 'as-spec' | 'flip' = 'as-spec'): string {
  let path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => (op.params.find((p) => p.name === name)!.type === 'integer' ? '7' : `${name}-1`));
  if (trailingSlash === 'flip' && path !== '/') path = path.endsWith('/') ? path.slice(0, -1) : `${path}/`;
  return op.when ? `${path}?${op.when}=2009-06-05T07:14:33Z` : path;
}

const hintOf = (op: OperationSpec) => (op.method === 'PUT' ? 'update' : 'create');

function requestOf(route: RouteSpec, op: OperationSpec) {
  const sample = sampleOf(op.request, 'request', hintOf(op));
  return sample.wire === undefined ? {} : { body: sample.wire as BodyInit, headers: { 'content-type': route.mediaTypes[0]! } };
}

describe('the route table', () => {
  it('routes every operation of the table exactly once', () => {
    const routed = cases.map((c) => c.op.id).sort();
    expect(routed).toEqual(Object.keys(operations).sort());
  });

  it('gives each method of a path one route', () => {
    const keys = routes.map((r) => `${r.method} ${r.pattern}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('without handlers', () => {
  const app = createApp();

  it.each(handled.filter((c) => c.op.id !== 'getHealth').map((c) => [c.op.id, c] as const))('%s answers 501 not_implemented', async (_, { route, op }) => {
    const answer = await call(app, op.method, urlOf(op), requestOf(route, op));
    expect(answer.status).toBe(501);
    expect(answer.headers.get('content-type')).toBe('application/xml');
    expect(answer.error).toMatchObject({ status: 501, code: 'not_implemented' });
    expect(answer.error!.message).toContain(op.id);
  });

  it('answers GET /healthz with 200 ok as text/plain', async () => {
    const answer = await call(app, 'GET', '/healthz');
    expect([answer.status, answer.text]).toEqual([200, 'ok']);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
  });

  it.each(handled.filter((c) => c.op.request?.kind === 'entry' || c.op.request?.kind === 'feed').map((c) => [c.op.id, c] as const))(
    '%s validates its body before answering 501',
    async (_, { route, op }) => {
      const answer = await call(app, op.method, urlOf(op), { body: '<wrong xmlns="urn:x"/>', headers: { 'content-type': route.mediaTypes[0]! } });
      expect(answer.status).toBe(400);
      expect(answer.error?.code).toBe('validation_failed');
    },
  );
});

describe('fixed answers', () => {
  // A handler for every operation: the fixed ones must still not reach one.
  const reached: string[] = [];
  const app = createApp({ handlers: recordingHandlers(reached, Object.keys(operations)), logger: createLogger('silent') });

  it.each(fixed.map((c) => [c.op.id, c.route.fixed!.status, c] as const))('%s answers %i with its code', async (_, status, { route, op }) => {
    const answer = await call(app, op.method, urlOf(op));
    expect(answer.status).toBe(status);
    expect(answer.error).toMatchObject({ status, code: route.fixed!.code });
    if (status === 405) expect(answer.headers.get('allow')).toBe(route.allow);
    expect(reached).toEqual([]);
  });

  it('answers PUT on a SyncML client 405 with Allow: GET, DELETE', async () => {
    const answer = await call(app, 'PUT', '/v2/services/syncml/0f8fad5b-d9cb-469f-a165-70867728950e', { body: '<x/>', headers: ATOM });
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('GET, DELETE');
  });
});

describe('with a stub handler', () => {
  it.each(handled.map((c) => [c.op.id, c] as const))('%s answers its success status, reason and encoded result', async (_, { route, op }) => {
    const result = sampleOf(op.response, 'response');
    const request = sampleOf(op.request, 'request', hintOf(op));
    const seen: unknown[] = [];
    const handlers = { [op.id]: async (input: unknown) => (seen.push(input), result.value) } as OperationHandlers;
    const app = createApp({ handlers });

    const answer = await call(app, op.method, urlOf(op), requestOf(route, op));

    expect(answer.status, answer.text).toBe(op.status);
    expect(answer.statusText).toBe(op.reason ?? STATUS_CODES[op.status]);
    expect(seen).toHaveLength(1);
    const input = seen[0] as { path: Record<string, unknown>; query: Record<string, unknown>; body: unknown };
    for (const p of op.params.filter((p) => p.in === 'path')) expect(input.path[p.name]).toBe(p.type === 'integer' ? 7 : `${p.name}-1`);
    if (op.when) expect(input.query[op.when]).toBe('2009-06-05T07:14:33Z');
    expect(input.body).toEqual(request.value);

    const spec = op.response;
    if (spec.kind === 'entry' || spec.kind === 'feed') {
      expect(answer.headers.get('content-type')).toBe(ATOM_MEDIA_TYPE);
      const codec = entryCodecs[spec.shape];
      expect(answer.text).toBe(spec.kind === 'entry' ? codec.encodeEntry(result.value as never) : codec.encodeFeed(result.value as never));
    } else if (spec.kind === 'empty') {
      expect(answer.text).toBe('');
      expect(answer.headers.get('content-type')).toBeNull();
    } else {
      expect(answer.headers.get('content-type')).toContain(spec.mediaType);
      expect(answer.text).toBe(typeof result.value === 'string' ? result.value : new TextDecoder().decode(result.value as Uint8Array));
    }
  });

  it('runs listContents without ?since= and listContentChanges with it', async () => {
    const ran: string[] = [];
    const app = createApp({
      handlers: {
        listContents: async () => (ran.push('listContents'), { entries: [] }),
        listContentChanges: async () => (ran.push('listContentChanges'), { entries: [] }),
      },
    });
    await call(app, 'GET', '/v2/services/datastore/c-1/contents/');
    await call(app, 'GET', '/v2/services/datastore/c-1/contents/?since=2009-01-01T00:00:00Z&dataclass=Contacts');
    expect(ran).toEqual(['listContents', 'listContentChanges']);
  });

  it('passes a request context with the request id and the base URL', async () => {
    let ctx: { requestId: string; baseUrl: string; principal: unknown } | undefined;
    const handlers: OperationHandlers = { listVendors: async (_, c) => ((ctx = c), { entries: [] }) };
    const derived = await call(createApp({ handlers }), 'GET', '/v2/phones/vendors/', { headers: { 'x-request-id': 'abc-123' } });
    expect(derived.headers.get('x-request-id')).toBe('abc-123');
    expect(ctx).toMatchObject({ requestId: 'abc-123', baseUrl: 'http://atomsync.test', principal: { kind: 'anonymous' } });
    await call(createApp({ handlers, baseUrl: 'https://sync.example.com/' }), 'GET', '/v2/phones/vendors/');
    expect(ctx!.baseUrl).toBe('https://sync.example.com');
  });
});

itValidatesErrorDocuments();
