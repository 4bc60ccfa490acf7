/**
 * Retries: attempts counted on a real node:http server that fails, then answers; what is never
 * repeated (a POST after no answer or a 5xx); Retry-After waited for exactly, on fake timers and a
 * stub fetch (no real waiting, no assertion on durations). The policy itself as a pure function.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { encodeBatchContentFeed, encodeSyncmlClientFeed } from '@atomsync/atom';
import { AtomSyncNetworkError, createClient, isAtomSyncError, isAtomSyncNetworkError, type AtomSyncError } from '@atomsync/sdk';
import { backoff, DEFAULT_RETRY, parseRetryAfter, resolveRetry, retryDelay } from '../src/retry.js';
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
const PHONE = '00597a45-6a6d-4919-b1e0-f17e44c53370';
const fast = { retries: 2, minDelayMs: 1, maxDelayMs: 5 };

/** Answers `failures` in turn (a status with headers, or 'drop': the socket closed unanswered), then the phone feed. */
function failThenAnswer(...failures: ({ status: number; headers?: Record<string, string> } | 'drop')[]) {
  let n = 0;
  srv.handle = (_req, res) => {
    const failure = failures[n++];
    if (failure === 'drop') res.socket?.destroy();
    else if (failure) res.writeHead(failure.status, failure.headers).end(`<html>${failure.status}</html>`);
    else res.writeHead(200, { 'Content-Type': 'application/atom+xml' }).end(encodeSyncmlClientFeed(phones));
  };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.unreachable('expected a rejection'),
    (e: unknown) => e,
  );
}

describe('an idempotent request', () => {
  it.each([502, 503, 504])('is retried after %i, and answers with the attempt that succeeds', async (status) => {
    failThenAnswer({ status }, { status });
    expect(await createClient({ baseUrl: srv.url, retry: fast }).syncml.list()).toEqual(phones);
    expect(srv.seen.map((r) => r.method)).toEqual(['GET', 'GET', 'GET']);
  });

  it('is retried after no answer (the connection closed), PUT and DELETE too', async () => {
    failThenAnswer('drop');
    expect(await createClient({ baseUrl: srv.url, retry: fast }).syncml.list()).toEqual(phones);
    expect(srv.seen).toHaveLength(2);

    srv.seen.length = 0;
    let n = 0;
    srv.handle = (_req, res) => (n++ === 0 ? res.socket?.destroy() : res.writeHead(200).end());
    await createClient({ baseUrl: srv.url, retry: fast }).syncml.delete(PHONE);
    expect(srv.seen.map((r) => r.method)).toEqual(['DELETE', 'DELETE']);
  });

  it('gives up after `retries` retries with the last answer’s error', async () => {
    failThenAnswer({ status: 503 }, { status: 503 }, { status: 502 });
    const error = (await rejection(createClient({ baseUrl: srv.url, retry: fast }).syncml.list())) as AtomSyncError;
    expect(isAtomSyncError(error, 'internal')).toBe(true);
    expect(error.status).toBe(502);
    expect(srv.seen).toHaveLength(3);
  });

  it('gives up after no answer with an AtomSyncNetworkError carrying what fetch threw', async () => {
    failThenAnswer('drop', 'drop', 'drop');
    const error = await rejection(createClient({ baseUrl: srv.url, retry: { ...fast, retries: 1 } }).syncml.list());
    expect(error).toBeInstanceOf(AtomSyncNetworkError);
    expect((error as AtomSyncNetworkError).cause).toBeInstanceOf(TypeError);
    expect((error as AtomSyncNetworkError).attempts).toBe(2);
    expect((error as Error).message).toMatch(/^listSyncmlClients: no answer from http:\/\/127\.0\.0\.1:\d+: \S+ \(2 attempts\)$/);
    expect(srv.seen).toHaveLength(2);
  });

  it('is not retried after 500, 501, a 4xx, or 429 without Retry-After', async () => {
    for (const status of [500, 501, 400, 404, 429]) {
      srv.seen.length = 0;
      failThenAnswer({ status });
      const error = await rejection(createClient({ baseUrl: srv.url, retry: fast }).syncml.list());
      expect((error as AtomSyncError).status).toBe(status);
      expect(srv.seen).toHaveLength(1);
    }
  });

  it('is not retried with retry: false, nor with retries: 0', async () => {
    failThenAnswer({ status: 503 });
    await rejection(createClient({ baseUrl: srv.url, retry: false }).syncml.list());
    failThenAnswer({ status: 503 });
    await rejection(createClient({ baseUrl: srv.url, retry: { retries: 0 } }).syncml.list());
    expect(srv.seen).toHaveLength(2);
  });
});

describe('a POST (not idempotent: a batch must never be applied twice)', () => {
  const batch = { entries: [{ batchId: 'c-1', operation: { type: 'insert' as const }, title: 'Ada' }] };

  it('is never retried after no answer', async () => {
    failThenAnswer('drop');
    const error = await rejection(createClient({ baseUrl: srv.url, retry: fast }).datastore.contents(PHONE).batch(batch));
    expect(isAtomSyncNetworkError(error)).toBe(true);
    expect([(error as AtomSyncNetworkError).attempts, (error as AtomSyncNetworkError).cause]).toEqual([1, expect.any(TypeError)]);
    expect(srv.seen.map((r) => r.method)).toEqual(['POST']);
  });

  it.each([500, 502, 503, 504])('is never retried after %i without Retry-After', async (status) => {
    failThenAnswer({ status });
    const error = await rejection(createClient({ baseUrl: srv.url, retry: fast }).datastore.contents(PHONE).batch(batch));
    expect((error as AtomSyncError).status).toBe(status);
    expect(srv.seen).toHaveLength(1);
  });

  it.each([429, 503])('is retried after %i with Retry-After: the service says it did nothing', async (status) => {
    let n = 0;
    srv.handle = (_req, res) => {
      if (n++ === 0) res.writeHead(status, { 'Retry-After': '0' }).end();
      else res.writeHead(200).end();
    };
    await createClient({ baseUrl: srv.url, retry: fast }).syncml.requestSync(PHONE);
    expect(srv.seen.map((r) => r.method)).toEqual(['POST', 'POST']);
  });

  it('sends the same body, signed anew, on each attempt', async () => {
    let n = 0;
    srv.handle = (_req, res) => (n++ === 0 ? res.writeHead(503, { 'Retry-After': '0' }).end() : res.writeHead(200, { 'Content-Type': 'application/atom+xml' }).end(encodeBatchContentFeed({ entries: [] })));
    let signed = 0;
    const client = createClient({ baseUrl: srv.url, retry: fast, auth: () => `Bearer t${++signed}` });
    expect(await client.datastore.contents(PHONE).batch(batch)).toMatchObject({ entries: [] });
    expect(srv.seen).toHaveLength(2);
    expect(srv.seen[1]!.body.equals(srv.seen[0]!.body)).toBe(true);
    expect(srv.seen.map((r) => r.headers.authorization)).toEqual(['Bearer t1', 'Bearer t2']);
  });
});

describe('Retry-After', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A fetch answering `answers` in turn, counting calls; no network. */
  function stubFetch(...answers: (() => Response)[]) {
    const calls: Request[] = [];
    const fetch = async (input: RequestInfo | URL) => {
      calls.push(input as Request);
      return answers[calls.length - 1]!();
    };
    return { calls, fetch: fetch as typeof globalThis.fetch };
  }
  const ok = () => new Response(null, { status: 200 });

  it('is waited for exactly, in seconds', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { calls, fetch } = stubFetch(() => new Response(null, { status: 429, headers: { 'Retry-After': '2' } }), ok);
    const done = createClient({ baseUrl: 'http://127.0.0.1:9', fetch, timeout: false }).syncml.requestSync(PHONE);
    await vi.advanceTimersByTimeAsync(1999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await expect(done).resolves.toBeUndefined();
  });

  it('is waited for exactly, as an HTTP date', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2025-03-01T12:00:00Z'));
    const { calls, fetch } = stubFetch(() => new Response(null, { status: 503, headers: { 'Retry-After': 'Sat, 01 Mar 2025 12:00:05 GMT' } }), ok);
    const done = createClient({ baseUrl: 'http://127.0.0.1:9', fetch, timeout: false }).syncml.requestSync(PHONE);
    await vi.advanceTimersByTimeAsync(4999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await expect(done).resolves.toBeUndefined();
  });

  it('longer than maxDelayMs is not retried sooner: the answer’s error is thrown at once', async () => {
    const { calls, fetch } = stubFetch(() => new Response(null, { status: 503, headers: { 'Retry-After': '3600' } }), ok);
    const error = (await rejection(createClient({ baseUrl: 'http://127.0.0.1:9', fetch }).syncml.list())) as AtomSyncError;
    expect([error.status, error.response.headers.get('Retry-After')]).toEqual([503, '3600']);
    expect(calls).toHaveLength(1);
  });

  it('counts against the retries like any retry', async () => {
    const busy = () => new Response(null, { status: 429, headers: { 'Retry-After': '0' } });
    const { calls, fetch } = stubFetch(busy, busy, busy, ok);
    const error = (await rejection(createClient({ baseUrl: 'http://127.0.0.1:9', fetch }).syncml.list())) as AtomSyncError;
    expect(error.code).toBe('rate_limited');
    expect(calls).toHaveLength(3);
  });

  it('a caller’s abort ends the wait with its reason', async () => {
    const { calls, fetch } = stubFetch(() => new Response(null, { status: 503, headers: { 'Retry-After': '10' } }), ok);
    const controller = new AbortController();
    const pending = createClient({ baseUrl: 'http://127.0.0.1:9', fetch }).syncml.list({ signal: controller.signal });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    controller.abort(new Error('user went away'));
    await expect(pending).rejects.toThrow('user went away');
    expect(calls).toHaveLength(1);
  });
});

describe('the policy', () => {
  const policy = { retries: 3, minDelayMs: 100, maxDelayMs: 1000 };

  it('backs off exponentially with full jitter, capped', () => {
    expect([1, 2, 3, 4, 5].map((n) => backoff(policy, n, () => 0.999999))).toEqual([99, 199, 399, 799, 999]);
    expect([1, 2, 3].map((n) => backoff(policy, n, () => 0))).toEqual([0, 0, 0]);
    expect(backoff(policy, 3, () => 0.5)).toBe(200);
  });

  it('decides by method and outcome', () => {
    const at = (method: string, outcome: Parameters<typeof retryDelay>[3], attempt = 1) => retryDelay(policy, method, attempt, outcome, () => 0.5, 0);
    const status = (s: number, retryAfter: string | null = null) => ({ status: s, retryAfter });
    for (const m of ['GET', 'HEAD', 'PUT', 'DELETE']) {
      expect([at(m, 'no-answer'), at(m, status(502)), at(m, status(503)), at(m, status(504))]).toEqual([50, 50, 50, 50]);
      expect([at(m, status(500)), at(m, status(429)), at(m, status(404))]).toEqual([undefined, undefined, undefined]);
    }
    expect([at('POST', 'no-answer'), at('POST', status(502)), at('POST', status(503)), at('POST', status(504)), at('POST', status(429))]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect([at('POST', status(429, '1')), at('POST', status(503, '1')), at('GET', status(429, '1'))]).toEqual([1000, 1000, 1000]);
    expect(at('POST', status(503, '2'))).toBeUndefined(); // 2 s > maxDelayMs
    expect(at('POST', status(502, '1'))).toBeUndefined(); // Retry-After counts on 429 and 503 only
    expect(at('GET', 'no-answer', 4)).toBeUndefined(); // after the third retry
  });

  it('reads Retry-After as seconds or an HTTP date, and nothing else', () => {
    const now = Date.parse('2025-03-01T12:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Sat, 01 Mar 2025 12:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Sat, 01 Mar 2025 11:00:00 GMT', now)).toBe(0);
    for (const bad of [null, '', '-1', '1.5', 'soon', '2025-03-01']) expect(parseRetryAfter(bad, now)).toBeUndefined();
  });

  it('has the documented defaults and refuses nonsense', () => {
    expect(resolveRetry(undefined)).toEqual(DEFAULT_RETRY);
    expect(resolveRetry({ retries: 5, minDelayMs: undefined })).toEqual({ ...DEFAULT_RETRY, retries: 5 });
    expect(resolveRetry(false).retries).toBe(0);
    expect(() => resolveRetry({ retries: -1 })).toThrow(TypeError);
    expect(() => resolveRetry({ retries: 1.5 })).toThrow(TypeError);
    expect(() => createClient({ baseUrl: 'http://127.0.0.1:9', retry: { maxDelayMs: Number.NaN } })).toThrow(TypeError);
  });
});
