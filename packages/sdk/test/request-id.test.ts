/**
 * The answer's x-request-id on AtomSyncError: as `requestId`, and where errors are printed
 * (`toString()`, the first line of `stack`), while `message` stays the service's own words.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { encodeServiceError } from '@atomsync/atom';
import { AtomSyncError, createClient } from '@atomsync/sdk';
import { startServer, type TestServer } from './fixtures/http-server.js';

let srv: TestServer;
beforeAll(async () => {
  srv = await startServer();
});
afterEach(() => {
  srv.seen.length = 0;
});
afterAll(() => srv.close());

const ID = '7c0f4a52-3b7e-4c1e-9d55-6f1e2a9b8c01';
const notFound = encodeServiceError({ status: 404, code: 'not_found', message: 'No SyncML client 0d92' });

async function failure(promise: Promise<unknown>): Promise<AtomSyncError> {
  const error = await promise.then(
    () => expect.unreachable('expected a rejection'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AtomSyncError);
  return error as AtomSyncError;
}

describe('the request id', () => {
  it('is on the error, and shown where the error is printed', async () => {
    srv.handle = (_req, res) => res.writeHead(404, { 'Content-Type': 'application/xml', 'x-request-id': ID }).end(notFound);
    const error = await failure(createClient({ baseUrl: srv.url }).syncml.get('0d92'));
    expect([error.requestId, error.code, error.message]).toEqual([ID, 'not_found', 'No SyncML client 0d92']);
    expect(String(error)).toBe(`AtomSyncError: No SyncML client 0d92 [request ${ID}]`);
    expect(error.stack!.split('\n')[0]).toBe(`AtomSyncError: No SyncML client 0d92 [request ${ID}]`);
  });

  it('is on errors the SDK derives too: a proxy’s page, an answer that does not decode', async () => {
    srv.handle = (_req, res) => res.writeHead(502, { 'Content-Type': 'text/html', 'x-request-id': ID }).end('<html>bad gateway</html>');
    expect((await failure(createClient({ baseUrl: srv.url, retry: false }).syncml.list())).requestId).toBe(ID);
    srv.handle = (_req, res) => res.writeHead(200, { 'Content-Type': 'application/atom+xml', 'x-request-id': ID }).end('<feed xmlns="http://www.w3.org/2005/Atom"><entry/></feed>');
    const error = await failure(createClient({ baseUrl: srv.url }).syncml.list());
    expect([error.code, error.requestId]).toEqual(['invalid_response', ID]);
  });

  it('is the last attempt’s after retries', async () => {
    let n = 0;
    srv.handle = (_req, res) => res.writeHead(503, { 'x-request-id': `attempt-${++n}` }).end();
    const error = await failure(createClient({ baseUrl: srv.url, retry: { retries: 1, minDelayMs: 1 } }).syncml.list());
    expect(error.requestId).toBe('attempt-2');
  });

  it('is undefined, and printed nowhere, when the answer has none', async () => {
    srv.handle = (_req, res) => res.writeHead(404, { 'Content-Type': 'application/xml' }).end(notFound);
    const error = await failure(createClient({ baseUrl: srv.url }).syncml.get('0d92'));
    expect(error.requestId).toBeUndefined();
    expect(String(error)).toBe('AtomSyncError: No SyncML client 0d92');
  });
});
