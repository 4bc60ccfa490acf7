/**
 * sampleHandlers(): every operation answers its golden sample (or its fixed error) without a
 * server, and the per-operation factories put overrides and delays in front of it. The same
 * factories front the real server (mock-server.test.ts).
 */
import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupServer } from 'msw/node';
import { HttpResponse } from 'msw';
import {
  decodeServiceError,
  entityTag,
  entryCodecs,
  expandPath,
  operations,
  type OperationId,
  type OperationSpec,
} from '@atomsync/atom';
import {
  errorResponse,
  getGetSyncmlClientMockHandler,
  getCreateSyncmlClientMockHandler,
  getListContentChangesMockHandler,
  getListContentsMockHandler,
  getListSyncmlClientsMockHandler,
  getSynchronizeMockHandler,
  getGetBindingMockHandler,
  mockResult,
  sampleEntry,
  sampleFeed,
  sampleHandlers,
} from '@atomsync/msw';

const server = setupServer(...sampleHandlers());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const ORIGIN = 'http://atomsync.test';
const PARAMS: Record<string, string | number> = { clientUuid: '00597a45-6a6d-4919-b1e0-f17e44c53370', contentUuid: '8395027a-d70b-4b31-b7c3-13f5393de337', bindingId: 7, logId: 12, vendorUuid: 'b5c0e8f4-0c55-4d4b-8f4b-9d0f1d7e6a11', modelUuid: 'cd96676f-6d3a-4cdb-b430-98b2fead20e4', username: 'jmartin', appPasswordUuid: '3f2a7d0e-9b1c-4e8a-a6f5-2c4d8e1b7a90' };

function urlOf(spec: OperationSpec, query = ''): string {
  return `${ORIGIN}${expandPath(spec.path, PARAMS)}${query}`;
}

/** A valid request for any operation: the sample of its request shape, encoded. */
function requestInit(spec: OperationSpec): RequestInit {
  const req = spec.request;
  if (!req || req.kind === 'empty') return { method: spec.method };
  if (req.kind === 'raw') return { method: spec.method, body: '<SyncML/>', headers: { 'Content-Type': req.mediaType } };
  const codec = entryCodecs[req.shape] as { encodeEntry(v: unknown): string; encodeFeed(v: unknown): string };
  const body = req.kind === 'entry' ? codec.encodeEntry(sampleEntry(req.shape)) : codec.encodeFeed(sampleFeed(req.shape));
  return { method: spec.method, body, headers: { 'Content-Type': 'application/atom+xml' } };
}

async function decoded(spec: OperationSpec, res: Response): Promise<unknown> {
  const r = spec.response;
  if (r.kind === 'empty') return (await res.text()) === '' ? undefined : 'unexpected body';
  if (r.kind === 'raw') return r.mediaType.startsWith('text/') ? res.text() : new Uint8Array(await res.arrayBuffer());
  const codec = entryCodecs[r.shape] as { decodeEntry(x: string): unknown; decodeFeed(x: string): unknown };
  const text = await res.text();
  return r.kind === 'entry' ? codec.decodeEntry(text) : codec.decodeFeed(text);
}

describe('every operation', () => {
  const ids = Object.keys(operations) as OperationId[];

  it.each(ids)('%s answers its status, media type and sample', async (id) => {
    const spec: OperationSpec = operations[id];
    const query = spec.when ? `?${spec.when}=2009-06-01T00:00:00Z` : '';
    const res = await fetch(urlOf(spec, query), requestInit(spec));
    expect(res.status).toBe(spec.status);
    if (spec.reason) expect(res.statusText).toBe(spec.reason);
    if (spec.status >= 400) {
      expect(res.headers.get('Content-Type')).toBe('application/xml');
      const error = decodeServiceError(await res.text());
      expect(error).toMatchObject({ status: spec.status, code: spec.errors.find((e) => e.status === spec.status)!.code });
      return;
    }
    const r = spec.response;
    if (r.kind === 'entry' || r.kind === 'feed') expect(res.headers.get('Content-Type')).toBe('application/atom+xml');
    if (r.kind === 'raw') expect(res.headers.get('Content-Type')).toBe(r.mediaType);
    expect(await decoded(spec, res)).toEqual(mockResult(id));
  });
});

describe('routing', () => {
  it('matches any origin, with or without the trailing slash', async () => {
    for (const url of ['https://sync.example.com:8443/v2/services/syncml/', 'http://127.0.0.1:8080/v2/services/syncml']) {
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(entryCodecs.SyncmlClientEntry.decodeFeed(await res.text())).toEqual(mockResult('listSyncmlClients'));
    }
  });

  it('sends literal paths to their own operation even when a parameterised override is prepended', async () => {
    server.use(getGetSyncmlClientMockHandler(errorResponse({ status: 404, code: 'not_found', message: 'nope' })));
    const sessions = await fetch(`${ORIGIN}/v2/services/syncml/sessions/`);
    expect(sessions.status).toBe(200);
    expect(entryCodecs.SessionEntry.decodeFeed(await sessions.text())).toEqual(mockResult('listSyncmlSessions'));
    const models = await fetch(`${ORIGIN}/v2/phones/vendors/models/`);
    expect(entryCodecs.PhoneModelEntry.decodeFeed(await models.text())).toEqual(mockResult('listModels'));
    expect((await fetch(`${ORIGIN}/v2/services/syncml/${PARAMS.clientUuid}`)).status).toBe(404);
  });

  it('decodes path parameters for override functions, integers as numbers', async () => {
    let seen: unknown;
    server.use(getGetBindingMockHandler(({ params }) => void (seen = params)));
    expect((await fetch(`${ORIGIN}/v2/syncengine/42/`)).status).toBe(200);
    expect(seen).toEqual({ bindingId: 42 });
    seen = undefined;
    // Not an integer: not this function's to answer (the server would say 404; the samples do not check).
    await fetch(`${ORIGIN}/v2/syncengine/not-a-number/`);
    expect(seen).toBeUndefined();
  });
});

describe('the ?since= variant', () => {
  const contents = `${ORIGIN}/v2/services/datastore/${PARAMS.clientUuid}/contents/`;

  it('shares one handler that dispatches by the query', async () => {
    const list = await fetch(contents);
    expect(entryCodecs.ContentEntry.decodeFeed(await list.text())).toEqual(mockResult('listContents'));
    const changes = await fetch(`${contents}?since=2009-06-01T00:00:00Z`);
    expect(entryCodecs.BatchContentEntry.decodeFeed(await changes.text())).toEqual(mockResult('listContentChanges'));
  });

  it('lets each variant be overridden on its own', async () => {
    const empty = { title: 'No changes', links: [], entries: [] };
    server.use(getListContentChangesMockHandler(empty));
    expect(entryCodecs.BatchContentEntry.decodeFeed(await (await fetch(`${contents}?since=2009-06-01T00:00:00Z`)).text())).toEqual(empty);
    // Without `since` the variant's override lets the request go on; the base operation's override skips `since`.
    expect(entryCodecs.ContentEntry.decodeFeed(await (await fetch(contents)).text())).toEqual(mockResult('listContents'));
    server.use(getListContentsMockHandler({ title: 'Base only', entries: [] }));
    expect(entryCodecs.BatchContentEntry.decodeFeed(await (await fetch(`${contents}?since=2009-06-01T00:00:00Z`)).text())).toEqual(empty);
    expect(entryCodecs.ContentEntry.decodeFeed(await (await fetch(contents)).text()).title).toBe('Base only');
  });
});

describe('overrides', () => {
  it('answers a value of the result type', async () => {
    const feed = { ...sampleFeed('SyncmlClientEntry'), title: 'Only one' };
    feed.entries = feed.entries.slice(0, 1);
    server.use(getListSyncmlClientsMockHandler(feed));
    expect(entryCodecs.SyncmlClientEntry.decodeFeed(await (await fetch(`${ORIGIN}/v2/services/syncml/`)).text())).toEqual(feed);
  });

  it('calls a function with the decoded request body', async () => {
    server.use(
      getCreateSyncmlClientMockHandler(({ body }) => ({ ...sampleEntry('SyncmlClientEntry'), client: { ...body.client, uuid: '11111111-2222-4333-8444-555555555555' } })),
    );
    const sent = { client: { phoneNumber: '+358401234567', modelUuid: 'cd96676f-6d3a-4cdb-b430-98b2fead20e4', timezone: 'Europe/Helsinki' } };
    const res = await fetch(`${ORIGIN}/v2/services/syncml/`, { method: 'POST', body: entryCodecs.SyncmlClientEntry.encodeEntry(sent), headers: { 'Content-Type': 'application/atom+xml' } });
    expect(res.status).toBe(201);
    expect(entryCodecs.SyncmlClientEntry.decodeEntry(await res.text()).client).toEqual({ ...sent.client, uuid: '11111111-2222-4333-8444-555555555555', datastores: [] });
  });

  it('answers an HttpResponse on every request, not only the first', async () => {
    server.use(getListSyncmlClientsMockHandler(errorResponse({ status: 503, code: 'internal', message: 'Maintenance' })));
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${ORIGIN}/v2/services/syncml/`);
      expect(res.status).toBe(503);
      expect(decodeServiceError(await res.text()).message).toBe('Maintenance');
    }
  });

  it('answers the sample when a function returns nothing', async () => {
    const urls: string[] = [];
    server.use(getListSyncmlClientsMockHandler(({ request }) => void urls.push(request.url)));
    expect(entryCodecs.SyncmlClientEntry.decodeFeed(await (await fetch(`${ORIGIN}/v2/services/syncml/`)).text())).toEqual(mockResult('listSyncmlClients'));
    expect(urls).toEqual([`${ORIGIN}/v2/services/syncml/`]);
  });

  it('takes overrides through sampleHandlers() too', async () => {
    server.resetHandlers(...sampleHandlers({ overrides: { getHealth: () => new HttpResponse('draining', { status: 503 }) } }));
    const res = await fetch(`${ORIGIN}/healthz`);
    expect([res.status, await res.text()]).toEqual([503, 'draining']);
  });
});

describe('fixed answers', () => {
  it('refuses PUT on a SyncML client with 405 and Allow', async () => {
    const res = await fetch(`${ORIGIN}/v2/services/syncml/${PARAMS.clientUuid}`, { method: 'PUT' });
    expect(res.status).toBe(405);
    expect(res.headers.get('Allow')).toBe('GET, DELETE');
    expect(decodeServiceError(await res.text())).toEqual({ status: 405, code: 'method_not_allowed', message: 'A SyncML client cannot be edited', details: [] });
  });

  it('answers 501 for what is not implemented', async () => {
    const res = await fetch(`${ORIGIN}/v2/syncengine/sources/`, { method: 'POST' });
    expect(res.status).toBe(501);
    expect(decodeServiceError(await res.text()).code).toBe('not_implemented');
  });
});

describe('what the handlers do not check', () => {
  const run = `${ORIGIN}/v2/syncengine/7/synchronization/`;

  it('calls an override function only with a request it can read; the others go on', async () => {
    let called = 0;
    server.use(getSynchronizeMockHandler(() => void called++));
    // Malformed XML: the function is skipped and the next handler (here the sample) answers.
    expect((await fetch(run, { method: 'POST', body: '<entry', headers: { 'Content-Type': 'application/atom+xml' } })).status).toBe(200);
    expect(called).toBe(0);
    // A binding id that is not an integer: likewise.
    await fetch(`${ORIGIN}/v2/syncengine/seven/synchronization/`, { method: 'POST', body: requestInit(operations.synchronize).body });
    expect(called).toBe(0);
    await fetch(run, requestInit(operations.synchronize));
    expect(called).toBe(1);
  });
});

describe('delay', () => {
  it('waits before answering an override, and before handing on', async () => {
    server.use(getGetBindingMockHandler(undefined, { delay: 200 }));
    let started = performance.now();
    expect((await fetch(`${ORIGIN}/v2/syncengine/42/`)).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
    server.use(getListSyncmlClientsMockHandler(errorResponse({ status: 503, code: 'internal', message: 'Slow and down' }), { delay: 150 }));
    started = performance.now();
    expect((await fetch(`${ORIGIN}/v2/services/syncml/`)).status).toBe(503);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('applies to every handler through sampleHandlers({ delay })', async () => {
    server.resetHandlers(...sampleHandlers({ delay: 120 }));
    const started = performance.now();
    expect((await fetch(`${ORIGIN}/healthz`)).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
  });
});

describe('conditional GET', () => {
  const sha256 = (text: string) => new Uint8Array(createHash('sha256').update(text, 'utf8').digest());

  it('tags a sample and an override value as the server does, and answers 304 to an If-None-Match naming the tag', async () => {
    const url = urlOf(operations.getSyncmlClient);
    const res = await fetch(url);
    const body = await res.text();
    const etag = entityTag(sha256(body), false);
    expect(res.headers.get('ETag')).toBe(etag);
    const again = await fetch(url, { headers: { 'If-None-Match': etag } });
    expect([again.status, again.headers.get('ETag'), await again.text()]).toEqual([304, etag, '']);

    const value = { ...mockResult('getSyncmlClient'), title: 'Another phone' };
    server.use(getGetSyncmlClientMockHandler(value));
    const overridden = await fetch(url, { headers: { 'If-None-Match': etag } });
    expect(overridden.status).toBe(200);
    const tag = overridden.headers.get('ETag')!;
    expect(tag).toBe(entityTag(sha256(await overridden.text()), false));
    expect((await fetch(url, { headers: { 'If-None-Match': tag } })).status).toBe(304);
  });

  it('gives a feed without times a weak tag, and tags no operation that is not a conditional GET', async () => {
    server.use(getListSyncmlClientsMockHandler({ ...mockResult('listSyncmlClients'), entries: [] }));
    const empty = await fetch(urlOf(operations.listSyncmlClients));
    expect(empty.headers.get('ETag')).toMatch(/^W\/"/);
    const created = await fetch(urlOf(operations.createSyncmlClient), requestInit(operations.createSyncmlClient));
    expect(created.status).toBe(201);
    expect(created.headers.get('ETag')).toBeNull();
  });
});
