import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupServer } from 'msw/node';
import { HttpResponse } from 'msw';
import { AtomDecodeError } from '@atomsync/atom';
import {
  errorResponse,
  getCreateSyncmlClientMockHandler,
  getGetSyncmlClientMockHandler,
  getListSyncmlClientsMockHandler,
  getSynchronizeMockHandler,
  sampleHandlers,
} from '@atomsync/msw';
import { AtomSyncError, createClient, isAtomSyncError } from '@atomsync/sdk';

const server = setupServer(...sampleHandlers());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const client = createClient({ baseUrl: 'http://127.0.0.1:8080' });
const PHONE = '0d92a020-8153-44b8-8a1b-18b5312d23df';

async function failure(promise: Promise<unknown>): Promise<AtomSyncError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AtomSyncError);
  return error as AtomSyncError;
}

describe('an error answer with the service’s <error> body', () => {
  it('fills status, code, message and every detail', async () => {
    server.use(
      getSynchronizeMockHandler(
        errorResponse({
          status: 400,
          code: 'validation_failed',
          message: 'The synchronization request is not valid (2 problems)',
          details: [
            { path: '/entry/sync_mode', message: 'must be one of 200, 201, 202, 203, 204, 205 (got 210)' },
            { path: '/entry/dataclass', message: 'must be one of Contacts, Events, Tasks, Notes, Calendar (got "Photos")' },
          ],
        }),
      ),
    );
    const error = await failure(client.syncengine.synchronize(7, { syncMode: 200, dataclass: 'Contacts' }));
    expect(error).toMatchObject({
      name: 'AtomSyncError',
      status: 400,
      code: 'validation_failed',
      message: 'The synchronization request is not valid (2 problems)',
      operationId: 'synchronize',
      details: [
        { path: '/entry/sync_mode', message: 'must be one of 200, 201, 202, 203, 204, 205 (got 210)' },
        { path: '/entry/dataclass', message: 'must be one of Contacts, Events, Tasks, Notes, Calendar (got "Photos")' },
      ],
    });
    expect(error.response.status).toBe(400);
    expect(isAtomSyncError(error, 'validation_failed')).toBe(true);
    expect(isAtomSyncError(error, 'not_found')).toBe(false);
  });

  it('reads the golden 404 document, prefixes and all', async () => {
    const xml = readFileSync(new URL('../../../spec/examples/error.not-found.xml', import.meta.url), 'utf8');
    server.use(getGetSyncmlClientMockHandler(new HttpResponse(xml, { status: 404, headers: { 'Content-Type': 'application/xml' } })));
    const error = await failure(client.syncml.get(PHONE));
    expect([error.status, error.code, error.message, error.details]).toEqual([404, 'not_found', `No SyncML client ${PHONE}`, []]);
  });

  it('keeps the answer’s headers: Allow on the always-405 PUT', async () => {
    const error = await failure(client.syncml.update(PHONE));
    expect([error.status, error.code]).toEqual([405, 'method_not_allowed']);
    expect(error.response.headers.get('Allow')).toBe('GET, DELETE');
  });
});

describe('an error answer without the service’s body', () => {
  it('derives the code from the status for an HTML page', async () => {
    server.use(getListSyncmlClientsMockHandler(new HttpResponse('<html><body>Bad gateway</body></html>', { status: 502, statusText: 'Bad Gateway', headers: { 'Content-Type': 'text/html' } })));
    const error = await failure(client.syncml.list());
    expect([error.status, error.code, error.message, error.details]).toEqual([502, 'internal', 'HTTP 502 Bad Gateway from listSyncmlClients', []]);
  });

  it('for plain text and for an empty body', async () => {
    server.use(getListSyncmlClientsMockHandler(new HttpResponse('slow down', { status: 429 })));
    expect((await failure(client.syncml.list())).code).toBe('rate_limited');
    server.use(getListSyncmlClientsMockHandler(new HttpResponse(null, { status: 401, headers: { 'WWW-Authenticate': 'Basic realm="atomsync"' } })));
    const error = await failure(client.syncml.list());
    expect(error.code).toBe('unauthorized');
    expect(error.response.headers.get('WWW-Authenticate')).toBe('Basic realm="atomsync"');
  });

  it('for XML that is not an <error> document', async () => {
    server.use(getListSyncmlClientsMockHandler(new HttpResponse('<oops/>', { status: 500, headers: { 'Content-Type': 'application/xml' } })));
    expect(await failure(client.syncml.list())).toMatchObject({ status: 500, code: 'internal' });
  });
});

describe('a success answer the SDK cannot return', () => {
  it('is invalid_response when the status is not the operation’s', async () => {
    server.use(getCreateSyncmlClientMockHandler(new HttpResponse(null, { status: 204 })));
    const error = await failure(client.syncml.create({ phoneNumber: '+46702345678' }));
    expect([error.status, error.code, error.message]).toEqual([204, 'invalid_response', 'createSyncmlClient: expected HTTP 201, got 204']);
  });

  it('is invalid_response, with the violations, when the body is not the result shape', async () => {
    const wrong = '<feed xmlns="http://www.w3.org/2005/Atom"><entry><title>no client here</title></entry></feed>';
    server.use(getListSyncmlClientsMockHandler(new HttpResponse(wrong, { headers: { 'Content-Type': 'application/atom+xml' } })));
    const error = await failure(client.syncml.list());
    expect([error.status, error.code]).toEqual([200, 'invalid_response']);
    // The response decoder also requires what every answer carries (the entry's atom:id).
    expect(error.details.map((d) => d.path)).toEqual(expect.arrayContaining(['/feed/entry[1]/client', '/feed/entry[1]/id']));
    expect(error.cause).toBeInstanceOf(AtomDecodeError);
  });

  it('is invalid_response when the body is not XML at all', async () => {
    server.use(getListSyncmlClientsMockHandler(new HttpResponse('{"entries":[]}', { headers: { 'Content-Type': 'application/json' } })));
    expect((await failure(client.syncml.list())).code).toBe('invalid_response');
  });
});
