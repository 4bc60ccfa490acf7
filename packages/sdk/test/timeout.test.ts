/**
 * The per-attempt timeout, against a real node:http server that stays silent (or stalls the
 * body): it rejects with AtomSyncTimeoutError, idempotent requests are retried after it, a POST is
 * not, and a caller's own signal still wins with its own reason. Tiny timeouts, no durations
 * asserted.
 */
import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { encodeSyncmlClientFeed } from '@atomsync/atom';
import { AtomSyncTimeoutError, createClient, isAtomSyncError, isAtomSyncTimeoutError } from '@atomsync/sdk';
import { startServer, type TestServer } from './fixtures/http-server.js';
import { goldenPhones } from './fixtures/golden.js';

let srv: TestServer;
const held: ServerResponse[] = [];
beforeAll(async () => {
  srv = await startServer();
});
afterEach(() => {
  srv.seen.length = 0;
  for (const res of held.splice(0)) res.destroy();
});
afterAll(() => srv.close());

const phones = goldenPhones;
const PHONE = '00597a45-6a6d-4919-b1e0-f17e44c53370';
const silent = () => {
  srv.handle = (_req, res) => void held.push(res);
};

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.unreachable('expected a rejection'),
    (e: unknown) => e,
  );
}

describe('timeout', () => {
  it('rejects with AtomSyncTimeoutError (code timeout) when the service stays silent', async () => {
    silent();
    const error = await rejection(createClient({ baseUrl: srv.url, timeout: 30, retry: false }).syncml.list());
    expect(error).toBeInstanceOf(AtomSyncTimeoutError);
    expect(error).toMatchObject({ name: 'AtomSyncTimeoutError', code: 'timeout', operationId: 'listSyncmlClients', timeout: 30, attempts: 1 });
    expect((error as Error).message).toBe('listSyncmlClients: no answer within 30 ms');
    expect(isAtomSyncTimeoutError(error)).toBe(true);
    expect(isAtomSyncError(error)).toBe(false);
  });

  it('covers reading the body: headers sent, then silence', async () => {
    srv.handle = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/atom+xml' });
      res.write('<feed xmlns="http://www.w3.org/2005/Atom">');
      held.push(res);
    };
    const error = await rejection(createClient({ baseUrl: srv.url, timeout: 50, retry: false }).syncml.list());
    expect(error).toBeInstanceOf(AtomSyncTimeoutError);
  });

  it('is per attempt: an idempotent request is retried after it, and the next attempt may answer', async () => {
    let n = 0;
    srv.handle = (_req, res) => {
      if (n++ === 0) held.push(res);
      else res.writeHead(200, { 'Content-Type': 'application/atom+xml' }).end(encodeSyncmlClientFeed(phones));
    };
    expect(await createClient({ baseUrl: srv.url, timeout: 50, retry: { minDelayMs: 1 } }).syncml.list()).toEqual(phones);
    expect(srv.seen).toHaveLength(2);
  });

  it('counts the attempts when every one timed out', async () => {
    silent();
    const error = await rejection(createClient({ baseUrl: srv.url, timeout: 20, retry: { retries: 1, minDelayMs: 1 } }).syncml.list());
    expect(error).toMatchObject({ code: 'timeout', attempts: 2 });
    expect(srv.seen).toHaveLength(2);
  });

  it('is not retried for a POST (it may have been applied)', async () => {
    silent();
    const error = await rejection(createClient({ baseUrl: srv.url, timeout: 30, retry: { minDelayMs: 1 } }).syncml.requestSync(PHONE));
    expect(error).toMatchObject({ code: 'timeout', attempts: 1 });
    expect(srv.seen).toHaveLength(1);
  });

  it('can be set per request, or turned off', async () => {
    silent();
    const client = createClient({ baseUrl: srv.url, timeout: false, retry: false });
    expect(await rejection(client.syncml.list({ timeout: 20 }))).toMatchObject({ code: 'timeout', timeout: 20 });

    const patient = createClient({ baseUrl: srv.url, timeout: 20, retry: false });
    const answered = patient.syncml.list({ timeout: false });
    await expect.poll(() => held.length).toBe(2);
    held[1]!.writeHead(200, { 'Content-Type': 'application/atom+xml' }).end(encodeSyncmlClientFeed(phones));
    expect(await answered).toEqual(phones);
  });

  it('leaves a caller’s own signal its own reason, never a timeout, and is not retried', async () => {
    silent();
    const client = createClient({ baseUrl: srv.url, timeout: 10_000, retry: { minDelayMs: 1 } });
    const controller = new AbortController();
    const pending = client.syncml.list({ signal: controller.signal });
    await expect.poll(() => srv.seen.length).toBe(1);
    controller.abort(new Error('the user left'));
    const error = await rejection(pending);
    expect((error as Error).message).toBe('the user left');
    expect(srv.seen).toHaveLength(1);

    const timedOut = await rejection(client.syncml.list({ signal: AbortSignal.timeout(20) }));
    expect((timedOut as Error).name).toBe('TimeoutError');
    expect(isAtomSyncTimeoutError(timedOut)).toBe(false);
  });

  it('refuses a timeout that is no positive number', () => {
    for (const timeout of [0, -5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => createClient({ baseUrl: srv.url, timeout })).toThrow(TypeError);
    }
  });
});
