/**
 * Conditional GET through the SDK: `etagOf` an answer, `ifNoneMatch` sent as If-None-Match, a
 * 304 resolved to NotModified (typed: only the conditional overload's result holds it), a 200
 * to the fresh answer with its own tag; no If-None-Match without a tag, never a retry of a 304,
 * and no conditional form where the spec has none.
 */
import { afterAll, afterEach, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { encodeContentEntry, encodeServiceError, encodeSyncmlClientEntry, encodeSyncmlClientFeed } from '@atomsync/atom';
import {
  createClient,
  etagOf,
  isAtomSyncError,
  isNotModified,
  isPreconditionFailed,
  PreconditionFailedError,
  type AtomSyncClient,
  type ConditionalRequestOptions,
  type ConditionalWriteOptions,
  type Feed,
  type NotModified,
  type SyncmlClientEntryResponse,
} from '@atomsync/sdk';
import { goldenPhones } from './fixtures/golden.js';
import { startServer, type TestServer } from './fixtures/http-server.js';

let srv: TestServer;
let client: AtomSyncClient;
beforeAll(async () => {
  srv = await startServer();
  client = createClient({ baseUrl: srv.url, retry: { retries: 2, minDelayMs: 1, maxDelayMs: 5 } });
});
afterEach(() => {
  srv.seen.length = 0;
});
afterAll(async () => {
  await client.close();
  await srv.close();
});

const FEED = encodeSyncmlClientFeed(goldenPhones);
const TAG = '"3q2-7wAAAAAAAAAAAAAAAAAAAAA"';

/** Answers 304 to an If-None-Match naming `tag`, else 200 with the feed and `tag`. */
function serveFeed(tag: string, body = FEED): void {
  srv.handle = (req, res) => {
    if (req.headers['if-none-match'] === tag) res.writeHead(304, { ETag: tag }).end();
    else res.writeHead(200, { 'Content-Type': 'application/atom+xml', ETag: tag }).end(body);
  };
}

describe('conditional GET', () => {
  it('keeps the ETag of an answer, sends it back, and resolves a 304 to NotModified', async () => {
    serveFeed(TAG);
    const feed = await client.syncml.list();
    expectTypeOf(feed).toEqualTypeOf<Feed<SyncmlClientEntryResponse>>();
    expect(etagOf(feed)).toBe(TAG);
    expect(srv.seen[0]!.headers['if-none-match']).toBeUndefined();

    const again = await client.syncml.list({ ifNoneMatch: etagOf(feed) });
    expectTypeOf(again).toEqualTypeOf<Feed<SyncmlClientEntryResponse> | NotModified>();
    expect(srv.seen[1]!.headers['if-none-match']).toBe(TAG);
    expect(isNotModified(again)).toBe(true);
    if (!isNotModified(again)) throw new Error('unreachable');
    expect(again.etag).toBe(TAG);
    expect(again.response.status).toBe(304);
  });

  it('resolves to the fresh answer, with its own tag, once it changed', async () => {
    serveFeed(TAG);
    const feed = await client.syncml.list();
    const next = '"changed-changed-changed-abc"';
    serveFeed(next, encodeSyncmlClientFeed({ ...goldenPhones, entries: goldenPhones.entries.slice(0, 1) }));
    const fresh = await client.syncml.list({ ifNoneMatch: etagOf(feed) });
    expect(isNotModified(fresh)).toBe(false);
    if (isNotModified(fresh)) throw new Error('unreachable');
    expect(fresh.entries).toHaveLength(1);
    expect(etagOf(fresh)).toBe(next);
  });

  it('sends no If-None-Match for an undefined tag (an answer that had none)', async () => {
    srv.handle = (_req, res) => res.writeHead(200, { 'Content-Type': 'application/atom+xml' }).end(FEED);
    const feed = await client.syncml.list();
    expect(etagOf(feed)).toBeUndefined();
    const again = await client.syncml.list({ ifNoneMatch: etagOf(feed) });
    expect(srv.seen.map((r) => r.headers['if-none-match'])).toEqual([undefined, undefined]);
    expect(isNotModified(again)).toBe(false);
  });

  it('takes ifNoneMatch after the optional parameters before it, and on a single entry', async () => {
    const entry = encodeSyncmlClientEntry(goldenPhones.entries[0]!);
    srv.handle = (req, res) => {
      if (req.headers['if-none-match'] !== undefined) res.writeHead(304, { ETag: TAG }).end();
      else res.writeHead(200, { 'Content-Type': 'application/atom+xml', ETag: TAG }).end(entry);
    };
    const got = await client.syncml.get('55111364-7ab1-4a1e-a298-ce7691dcd9d7', { ifNoneMatch: TAG });
    expect(isNotModified(got)).toBe(true);
    srv.handle = (req, res) => res.writeHead(req.headers['if-none-match'] === TAG ? 304 : 500, { ETag: TAG }).end();
    const contents = await client.datastore.contents('d9fc9d8f-b191-4d89-a564-5e1b1e2150b2').list(undefined, { ifNoneMatch: TAG });
    expect(isNotModified(contents)).toBe(true);
    const options: ConditionalRequestOptions = { ifNoneMatch: TAG, timeout: 5_000 };
    expect(isNotModified(await client.datastore.contents('d9fc9d8f-b191-4d89-a564-5e1b1e2150b2').changes({ since: '2009-06-01T12:00:00' }, options))).toBe(true);
  });

  it('never retries a 304, and refuses a 304 it did not ask for', async () => {
    srv.handle = (_req, res) => res.writeHead(304, { ETag: TAG }).end();
    expect(isNotModified(await client.syncml.list({ ifNoneMatch: TAG }))).toBe(true);
    expect(srv.seen).toHaveLength(1);
    const error = await client.syncml.list().catch((e: unknown) => e);
    expect(isAtomSyncError(error, 'invalid_response')).toBe(true);
  });

  it('offers no conditional form where the spec has none', async () => {
    // @ts-expect-error createDatastoreClient is a POST: no ifNoneMatch
    const refused = client.datastore.create({ userId: 'x' }, { ifNoneMatch: TAG }).catch((e: unknown) => e);
    expect(await refused).toBeInstanceOf(TypeError);
    expect(srv.seen).toHaveLength(0);
  });
});

describe('conditional writes', () => {
  const UUID = '0f8fad5b-d9cb-469f-a165-70867728950e';
  const STORE = 'c56a4180-65aa-42ec-a945-5fd21dec0538';
  const ITEM = encodeContentEntry({
    id: `urn:uuid:${UUID}`,
    title: 'Ada',
    updated: new Date(Date.UTC(2026, 0, 1)),
    content: { type: 'text/vcard', value: 'BEGIN:VCARD\r\nEND:VCARD' },
  });
  const CURRENT = '"current-tag-of-the-item"';

  /** Answers a write 412 (the error document and CURRENT) unless its If-Match is CURRENT; then the item with a new tag. */
  function serveItem(): void {
    srv.handle = (req, res) => {
      if (req.headers['if-match'] !== undefined && req.headers['if-match'] !== CURRENT) {
        const body = encodeServiceError({ status: 412, code: 'precondition_failed', message: 'changed' });
        res.writeHead(412, { 'Content-Type': 'application/xml', ETag: CURRENT }).end(body);
      } else if (req.method === 'DELETE') res.writeHead(200, 'Deleted').end();
      else res.writeHead(200, { 'Content-Type': 'application/atom+xml', ETag: '"after"' }).end(ITEM);
    };
  }

  it('sends ifMatch as If-Match on update and delete, and keeps the tag the update answered', async () => {
    serveItem();
    const contents = client.datastore.contents(STORE);
    const updated = await contents.update(UUID, { title: 'Ada', content: { type: 'text/vcard', value: 'x' } }, { ifMatch: CURRENT });
    expect(srv.seen[0]!.headers['if-match']).toBe(CURRENT);
    expect(etagOf(updated)).toBe('"after"');
    await contents.delete(UUID, { ifMatch: CURRENT });
    expect(srv.seen[1]!.headers['if-match']).toBe(CURRENT);
    await contents.delete(UUID, { ifMatch: undefined });
    expect(srv.seen[2]!.headers['if-match']).toBeUndefined();
    expectTypeOf<Parameters<typeof contents.update>[2]>().toEqualTypeOf<ConditionalWriteOptions | undefined>();
  });

  it('rejects a 412 with a PreconditionFailedError holding the current tag, never retried', async () => {
    serveItem();
    const contents = client.datastore.contents(STORE);
    const error = await contents.update(UUID, { title: 'Ada', content: { type: 'text/vcard', value: 'x' } }, { ifMatch: '"stale"' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PreconditionFailedError);
    expect(isPreconditionFailed(error)).toBe(true);
    expect(isAtomSyncError(error, 'precondition_failed')).toBe(true);
    expect((error as PreconditionFailedError).etag).toBe(CURRENT);
    expect(srv.seen).toHaveLength(1);
    // A 412 without the service's error body is one all the same.
    srv.handle = (_req, res) => res.writeHead(412, { ETag: CURRENT }).end();
    const bare = await contents.delete(UUID, { ifMatch: '"stale"' }).catch((e: unknown) => e);
    expect([isPreconditionFailed(bare), (bare as PreconditionFailedError).etag]).toEqual([true, CURRENT]);
  });

  it('offers no ifMatch where the spec has none', async () => {
    // @ts-expect-error createDatastoreClient is a POST: no ifMatch
    const refused = client.datastore.create({ userId: 'x' }, { ifMatch: TAG }).catch((e: unknown) => e);
    expect(await refused).toBeInstanceOf(TypeError);
    expect(srv.seen).toHaveLength(0);
  });
});
