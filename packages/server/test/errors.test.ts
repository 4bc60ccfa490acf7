/** Failures: what handlers throw becomes the error body; unexpected ones answer 500 and are logged, never leaked. */
import { Writable } from 'node:stream';
import { HTTPError } from 'h3';
import { describe, expect, it } from 'vitest';
import { ServiceError, createApp, createLogger, type OperationHandlers } from '../src/index.js';
import { UNAVAILABLE_RETRY_AFTER_S } from '../src/http/failure.js';
import { StoreUnavailable } from '@atomsync/store';
import { call, itValidatesErrorDocuments } from './support/http.js';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { logger: createLogger('info', stream), lines, records: () => lines.map((l) => JSON.parse(l) as Record<string, any>) };
}

const SECRET = 'hunter2-do-not-leak';

describe('a handler that throws', () => {
  it('answers a plain Error with 500 internal, without its message, and logs it', async () => {
    const log = capture();
    const app = createApp({ logger: log.logger, handlers: { listVendors: async () => { throw new Error(`db password ${SECRET} rejected`); } } });
    const answer = await call(app, 'GET', '/v2/phones/vendors/', { headers: { 'x-request-id': 'req-500' } });
    expect(answer.status).toBe(500);
    expect(answer.headers.get('content-type')).toBe('application/xml');
    expect(answer.error).toMatchObject({ status: 500, code: 'internal' });
    expect(answer.text).not.toContain(SECRET);
    expect(answer.text).not.toMatch(/at .*\.ts:\d+/);
    expect(answer.error!.message).toContain('req-500');
    const logged = log.records().find((r) => r.msg === 'unexpected error');
    expect(logged).toMatchObject({ level: 50, reqId: 'req-500', err: { message: expect.stringContaining(SECRET), stack: expect.any(String) } });
  });

  it('answers a thrown non-Error with 500 internal', async () => {
    const app = createApp({ logger: createLogger('silent'), handlers: { listVendors: () => Promise.reject(`${SECRET}`) } });
    const answer = await call(app, 'GET', '/v2/phones/vendors/');
    expect(answer.error?.code).toBe('internal');
    expect(answer.text).not.toContain(SECRET);
  });

  it('answers a result its codec cannot encode with 500 internal', async () => {
    const app = createApp({ logger: createLogger('silent'), handlers: { getVendor: async () => ({ updated: 'not a date' }) as never } });
    const answer = await call(app, 'GET', '/v2/phones/vendors/v-1');
    expect(answer.status).toBe(500);
  });

  it('answers a ServiceError with its status, code, message, details and headers', async () => {
    const handlers: OperationHandlers = {
      createAccount: async () => {
        throw new ServiceError(409, 'conflict', 'the account exists', [{ path: '/entry/account/username', message: 'is taken' }], { 'retry-after': '1' });
      },
    };
    const body = '<entry xmlns="http://www.w3.org/2005/Atom" xmlns:s="http://schemas.atomsync.dev/2009/sync"><s:account><s:username>kim</s:username><s:password>pw</s:password><s:admin>false</s:admin></s:account></entry>';
    const answer = await call(createApp({ handlers }), 'POST', '/v2/admin/accounts', { body, headers: { 'content-type': 'application/atom+xml' } });
    expect(answer.status, answer.text).toBe(409);
    expect(answer.error).toEqual({ status: 409, code: 'conflict', message: 'the account exists', details: [{ path: '/entry/account/username', message: 'is taken' }] });
    expect(answer.headers.get('retry-after')).toBe('1');
  });

  it('drops the headers a handler set before it failed, keeping the request id', async () => {
    const handlers: OperationHandlers = {
      getVendor: async (_, ctx) => {
        ctx.event.res.headers.set('location', '/somewhere');
        throw new ServiceError(404, 'not_found', 'no such vendor');
      },
    };
    const answer = await call(createApp({ handlers }), 'GET', '/v2/phones/vendors/v-1');
    expect(answer.status).toBe(404);
    expect(answer.headers.get('location')).toBeNull();
    expect(answer.headers.get('x-request-id')).not.toBeNull();
  });

  it("maps h3's HTTPError by status", async () => {
    const handlers: OperationHandlers = { getVendor: async () => { throw new HTTPError({ status: 429, message: 'slow down' }); } };
    const answer = await call(createApp({ handlers }), 'GET', '/v2/phones/vendors/v-1');
    expect(answer.error).toMatchObject({ status: 429, code: 'rate_limited', message: 'slow down' });
  });
});

describe('logging', () => {
  it('logs one line per request with id, method, path, status and operation', async () => {
    const log = capture();
    await call(createApp({ logger: log.logger }), 'GET', '/v2/services/extdata/?secret=1', { headers: { 'x-request-id': 'r-1' } });
    expect(log.records()).toEqual([expect.objectContaining({ msg: 'request', reqId: 'r-1', method: 'GET', path: '/v2/services/extdata/', status: 501, op: 'listExtdataClients' })]);
    expect(log.lines.join('\n')).not.toContain('secret');
  });

  it('never logs credentials or bodies, even of failing requests', async () => {
    const log = capture();
    const app = createApp({ logger: log.logger, handlers: { createAccount: async () => { throw new Error('boom'); } } });
    const body = `<entry xmlns="http://www.w3.org/2005/Atom" xmlns:s="http://schemas.atomsync.dev/2009/sync"><s:account><s:username>kim</s:username><s:password>${SECRET}</s:password><s:admin>false</s:admin></s:account></entry>`;
    const headers = { authorization: `Basic ${Buffer.from(`kim:${SECRET}`).toString('base64')}`, 'content-type': 'application/atom+xml' };
    await call(app, 'POST', '/v2/admin/accounts', { body, headers });
    await call(app, 'POST', '/v2/admin/accounts', { body: `<bad>${SECRET}`, headers });
    const all = log.lines.join('\n');
    expect(log.lines.length).toBeGreaterThanOrEqual(3);
    expect(all).not.toContain(SECRET);
    expect(all).not.toContain(headers.authorization.slice(6));
    expect(all.toLowerCase()).not.toContain('authorization');
  });

  it('redacts an authorization field should one ever be logged', () => {
    const log = capture();
    log.logger.info({ headers: { authorization: `Bearer ${SECRET}` } }, 'oops');
    expect(log.lines.join('\n')).not.toContain(SECRET);
  });
});

describe('a store that cannot be reached (issue 27)', () => {
  const unreachable = (error: unknown) => createApp({ logger: capture().logger, handlers: { listVendors: () => Promise.reject(error) } });

  it('answers 503 unavailable with Retry-After when the store kept nothing, and logs nothing per request', async () => {
    const log = capture();
    const app = createApp({ logger: log.logger, handlers: { listVendors: () => Promise.reject(new StoreUnavailable('ECONNREFUSED', 'none')) } });
    const answer = await call(app, 'GET', '/v2/phones/vendors/');
    expect(answer.status).toBe(503);
    expect(answer.error).toMatchObject({ status: 503, code: 'unavailable', message: expect.stringContaining('ECONNREFUSED') });
    expect(answer.headers.get('retry-after')).toBe(String(UNAVAILABLE_RETRY_AFTER_S));
    // The store logs the outage once (store/outage.ts); a request adds no stack of its own.
    expect(log.records().filter((r) => r.level >= 50)).toEqual([]);
  });

  it('answers 503 unavailable without Retry-After when a COMMIT was sent and its answer lost', async () => {
    const answer = await call(unreachable(new StoreUnavailable('57P01 admin_shutdown', 'unknown')), 'GET', '/v2/phones/vendors/');
    expect(answer.status).toBe(503);
    expect(answer.error).toMatchObject({ code: 'unavailable', message: expect.stringContaining('may have been kept') });
    expect(answer.headers.get('retry-after')).toBeNull();
  });

  it('reads a driver error that means the store is unreachable as such, whoever threw it', async () => {
    const answer = await call(unreachable(Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED' })), 'GET', '/v2/phones/vendors/');
    expect(answer.status).toBe(503);
    expect(answer.error?.code).toBe('unavailable');
    expect(answer.text).not.toContain('10.0.0.5');
  });

  it('answers /readyz 503 unavailable, saying why', async () => {
    const app = createApp({ logger: capture().logger, ready: () => Promise.reject(new StoreUnavailable('ECONNREFUSED', 'none')) });
    const answer = await call(app, 'GET', '/readyz');
    expect(answer.status).toBe(503);
    expect(answer.error).toMatchObject({ code: 'unavailable', message: 'not ready: the store failed (ECONNREFUSED)' });
  });
});

itValidatesErrorDocuments();
