import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupServer } from 'msw/node';
import { HttpResponse } from 'msw';
import {
  decodeServiceError,
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
  handlers,
  mockResult,
  sampleEntry,
  sampleFeed,
} from '@atomsync/msw';

const server = setupServer(...handlers());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const ORIGIN = 'http://atomsync.test';
const PARAMS: Record<string, string | number> = { clientUuid: '00597a45-6a6d-4919-b1e0-f17e44c53370', contentUuid: '8395027a-d70b-4b31-b7c3-13f5393de337', bindingId: 7, logId: 12, vendorUuid: 'b5c0e8f4-0c55-4d4b-8f4b-9d0f1d7e6a11', modelUuid: 'cd96676f-6d3a-4cdb-b430-98b2fead20e4', username: 'jmartin' };

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
    expect((await fetch(`${ORIGIN}/v2/syncengine/not-a-number/`)).status).toBe(404);
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
    // Without `since` the variant's override falls through to the base handler.
    expect(entryCodecs.ContentEntry.decodeFeed(await (await fetch(contents)).text())).toEqual(mockResult('listContents'));
    server.use(getListContentsMockHandler(undefined, { listContentChanges: { title: 'Via base', entries: [] } }));
    expect(entryCodecs.BatchContentEntry.decodeFeed(await (await fetch(`${contents}?since=2009-06-01T00:00:00Z`)).text()).title).toBe('Via base');
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

  it('takes overrides through handlers() too', async () => {
    server.resetHandlers(...handlers({ overrides: { getHealth: () => new HttpResponse('draining', { status: 503 }) } }));
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

describe('request checks, as the server makes them', () => {
  const run = `${ORIGIN}/v2/syncengine/7/synchronization/`;

  it('refuses a body that is not application/atom+xml with 415', async () => {
    const res = await fetch(run, { method: 'POST', body: '<entry/>', headers: { 'Content-Type': 'text/xml' } });
    expect(res.status).toBe(415);
    expect(decodeServiceError(await res.text()).code).toBe('unsupported_media_type');
  });

  it('refuses malformed XML and the wrong shape with 400', async () => {
    const bad = await fetch(run, { method: 'POST', body: '<entry', headers: { 'Content-Type': 'application/atom+xml' } });
    expect(decodeServiceError(await bad.text())).toMatchObject({ status: 400, code: 'invalid_xml' });
    const wrong = `<entry xmlns="http://www.w3.org/2005/Atom" xmlns:s="http://schemas.atomsync.dev/2009/sync"><s:sync_mode>210</s:sync_mode><s:dataclass>Contacts</s:dataclass></entry>`;
    const res = await fetch(run, { method: 'POST', body: wrong, headers: { 'Content-Type': 'application/atom+xml' } });
    const error = decodeServiceError(await res.text());
    expect(error.code).toBe('validation_failed');
    expect(error.details?.[0]?.path).toContain('sync_mode');
  });

  it('refuses a query value outside its set with 400 validation_failed', async () => {
    const res = await fetch(`${ORIGIN}/v2/services/datastore/${PARAMS.clientUuid}/contents/?dataclass=Photos`);
    expect(res.status).toBe(400);
    expect(decodeServiceError(await res.text()).details).toEqual([{ path: '?dataclass', message: 'must be one of Contacts, Events, Tasks, Notes, Calendar, all (got "Photos")' }]);
  });

  it('does not call the override for a refused request', async () => {
    let called = false;
    server.use(getSynchronizeMockHandler(() => void (called = true)));
    await fetch(run, { method: 'POST', body: '<entry', headers: { 'Content-Type': 'application/atom+xml' } });
    expect(called).toBe(false);
  });
});
