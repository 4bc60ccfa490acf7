/**
 * Middleware, against a real node:http server: the order they run in, what they see (every
 * header, Authorization included; the operationId and the attempt), what they can change
 * (headers on the wire, the answer), and the uses the README shows (logging, tracing headers,
 * an auth refresh on 401).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { encodeSyncmlClientFeed } from '@atomsync/atom';
import { bearerAuth, createClient, type Middleware } from '@atomsync/sdk';
import { startServer, type TestServer } from './fixtures/http-server.js';
import { goldenPhones } from './fixtures/golden.js';

let srv: TestServer;
beforeAll(async () => {
  srv = await startServer();
});
afterEach(() => {
  srv.seen.length = 0;
});
afterAll(() => srv.close());

const phones = goldenPhones;
const feed = encodeSyncmlClientFeed(phones);
const answerPhones = () => {
  srv.handle = (_req, res) => res.writeHead(200, { 'Content-Type': 'application/atom+xml' }).end(feed);
};

describe('middleware', () => {
  it('runs outermost first, around the request, and sees every header the SDK set', async () => {
    answerPhones();
    const trail: string[] = [];
    const named =
      (name: string): Middleware =>
      async (request, next) => {
        trail.push(`${name} ${request.headers.get('Authorization')}`);
        const response = await next(request);
        trail.push(`${name} ${response.status}`);
        return response;
      };
    const client = createClient({ baseUrl: srv.url, auth: bearerAuth('tok'), middleware: [named('outer'), named('inner')] });
    expect(await client.syncml.list()).toEqual(phones);
    expect(trail).toEqual(['outer Bearer tok', 'inner Bearer tok', 'inner 200', 'outer 200']);
  });

  it('adds headers that reach the wire (a tracing header)', async () => {
    answerPhones();
    let n = 0;
    const tracing: Middleware = (request, next) => {
      request.headers.set('traceparent', `00-${String(++n).padStart(32, '0')}-00f067aa0ba902b7-01`);
      return next(request);
    };
    await createClient({ baseUrl: srv.url, middleware: [tracing] }).syncml.list();
    expect(srv.seen[0]!.headers.traceparent).toBe('00-00000000000000000000000000000001-00f067aa0ba902b7-01');
  });

  it('logs: knows the operation and the attempt, once per attempt', async () => {
    let n = 0;
    srv.handle = (_req, res) => (n++ === 0 ? res.writeHead(503).end() : res.writeHead(200, { 'Content-Type': 'application/atom+xml' }).end(feed));
    const log: string[] = [];
    const logging: Middleware = async (request, next, { operationId, attempt }) => {
      const response = await next(request);
      log.push(`${operationId} #${attempt} ${request.method} ${new URL(request.url).pathname} → ${response.status}`);
      return response;
    };
    await createClient({ baseUrl: srv.url, retry: { minDelayMs: 1 }, middleware: [logging] }).syncml.list();
    expect(log).toEqual(['listSyncmlClients #1 GET /v2/services/syncml/ → 503', 'listSyncmlClients #2 GET /v2/services/syncml/ → 200']);
  });

  it('refreshes credentials on a 401 and sends the request again', async () => {
    srv.handle = (req, res) => {
      if (req.headers.authorization === 'Bearer fresh') res.writeHead(200).end();
      else res.writeHead(401, { 'WWW-Authenticate': 'Bearer' }).end();
    };
    let token = 'stale';
    const refreshing: Middleware = async (request, next) => {
      const response = await next(request.clone());
      if (response.status !== 401) return response;
      await response.arrayBuffer(); // done with it
      token = 'fresh';
      request.headers.set('Authorization', `Bearer ${token}`);
      return next(request);
    };
    const client = createClient({ baseUrl: srv.url, auth: bearerAuth(() => token), middleware: [refreshing] });
    await client.syncml.requestSync('00597a45-6a6d-4919-b1e0-f17e44c53370');
    expect(srv.seen.map((r) => r.headers.authorization)).toEqual(['Bearer stale', 'Bearer fresh']);
    await client.syncml.requestSync('00597a45-6a6d-4919-b1e0-f17e44c53370');
    expect(srv.seen[2]!.headers.authorization).toBe('Bearer fresh');
  });

  it('may answer without sending, or replace the answer', async () => {
    const cached: Middleware = async () => new Response(feed, { headers: { 'Content-Type': 'application/atom+xml' } });
    expect(await createClient({ baseUrl: srv.url, middleware: [cached] }).syncml.list()).toEqual(phones);
    expect(srv.seen).toHaveLength(0);
  });

  it('is told clearly when it read the answer’s body instead of a clone', async () => {
    answerPhones();
    const greedy: Middleware = async (request, next) => {
      const response = await next(request);
      await response.text();
      return response;
    };
    await expect(createClient({ baseUrl: srv.url, middleware: [greedy] }).syncml.list()).rejects.toThrow(/read a response.clone\(\) instead/);
  });

  it('sees a thrown error, and what it throws is what the call rejects with', async () => {
    answerPhones();
    const failing: Middleware = async () => {
      throw new Error('circuit open');
    };
    await expect(createClient({ baseUrl: srv.url, retry: { minDelayMs: 1 }, middleware: [failing] }).syncml.list()).rejects.toThrow('circuit open');
    expect(srv.seen).toHaveLength(0);
  });
});
