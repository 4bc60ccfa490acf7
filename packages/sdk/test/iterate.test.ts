/**
 * The iterate… twins of feed methods: every entry of every page, following `link rel="next"`
 * (relative or absolute), each page signed and retried like any request; a single-page feed
 * yields its entries once; a next page elsewhere, or a link back, is refused.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { encodeBatchContentFeed, encodeSyncmlClientFeed, type Link } from '@atomsync/atom';
import { createClient, isAtomSyncError, type SyncmlClientEntryResponse } from '@atomsync/sdk';
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

const sample = goldenPhones.entries[0]!;
const phone = (n: number): SyncmlClientEntryResponse => ({ ...sample, title: `phone ${n}`, client: { ...sample.client, uuid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}` } });
const STORE = 'd9fc9d8f-b191-4d89-a564-5e1b1e2150b2';

/** Serves `pages` by the request's URL (path and query, as the server saw it): entries and an optional next link. */
function servePages(pages: Record<string, { entries: number[]; next?: string }>) {
  srv.handle = (req, res) => {
    const page = pages[req.url];
    if (!page) return void res.writeHead(404).end();
    const links: Link[] = page.next === undefined ? [] : [{ rel: 'next', href: page.next }];
    res.writeHead(200, { 'Content-Type': 'application/atom+xml' }).end(encodeSyncmlClientFeed({ links, entries: page.entries.map(phone) }));
  };
}

async function all<T>(entries: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const e of entries) out.push(e);
  return out;
}

describe('iterate…', () => {
  it('yields every entry of every page, in order, following relative and absolute next links', async () => {
    servePages({
      '/v2/services/syncml/': { entries: [1, 2], next: '?page=2' },
      '/v2/services/syncml/?page=2': { entries: [3, 4], next: `${srv.url}/v2/services/syncml/?page=3` },
      '/v2/services/syncml/?page=3': { entries: [5] },
    });
    const titles = (await all(createClient({ baseUrl: srv.url }).syncml.iterateList())).map((e) => e.title);
    expect(titles).toEqual(['phone 1', 'phone 2', 'phone 3', 'phone 4', 'phone 5']);
    expect(srv.seen.map((r) => r.url)).toEqual(['/v2/services/syncml/', '/v2/services/syncml/?page=2', '/v2/services/syncml/?page=3']);
  });

  it('yields a single-page feed’s entries once', async () => {
    servePages({ '/v2/services/syncml/': { entries: [1, 2, 3] } });
    expect((await all(createClient({ baseUrl: srv.url }).syncml.iterateList())).map((e) => e.client.uuid)).toEqual([phone(1), phone(2), phone(3)].map((p) => p.client.uuid));
    expect(srv.seen).toHaveLength(1);
  });

  it('sends the first query, then each next link as it is, each page signed anew and retried like any GET', async () => {
    let n = 0;
    srv.handle = (req, res) => {
      if (++n === 2) return void res.writeHead(503).end();
      const next = req.url.includes('cursor') ? [] : [{ rel: 'next', href: `/v2/services/datastore/${STORE}/contents/?since=x&cursor=abc%20def` }];
      res.writeHead(200, { 'Content-Type': 'application/atom+xml' }).end(encodeBatchContentFeed({ links: next, entries: [{ id: `urn:uuid:${n}` }] }));
    };
    let signed = 0;
    const client = createClient({ baseUrl: srv.url, auth: () => `Bearer t${++signed}`, retry: { minDelayMs: 1 } });
    const ids = (await all(client.datastore.contents(STORE).iterateChanges({ since: '2009-06-01T00:00:00Z' }))).map((e) => e.id);
    expect(ids).toEqual(['urn:uuid:1', 'urn:uuid:3']);
    expect(srv.seen.map((r) => [r.url, r.headers.authorization])).toEqual([
      // The first page asks for the largest pages; a next link is sent as it is.
      [`/v2/services/datastore/${STORE}/contents/?since=2009-06-01T00%3A00%3A00Z&max-results=1000`, 'Bearer t1'],
      [`/v2/services/datastore/${STORE}/contents/?since=x&cursor=abc%20def`, 'Bearer t2'],
      [`/v2/services/datastore/${STORE}/contents/?since=x&cursor=abc%20def`, 'Bearer t3'],
    ]);
  });

  it('asks for no page after the loop stops', async () => {
    servePages({ '/v2/services/syncml/': { entries: [1, 2], next: '?page=2' }, '/v2/services/syncml/?page=2': { entries: [3] } });
    for await (const entry of createClient({ baseUrl: srv.url }).syncml.iterateList()) {
      expect(entry.title).toBe('phone 1');
      break;
    }
    expect(srv.seen).toHaveLength(1);
  });

  it('refuses a next page on another origin (the credentials stay home), after yielding what it read', async () => {
    servePages({ '/v2/services/syncml/': { entries: [1], next: 'http://elsewhere.example/v2/services/syncml/?page=2' } });
    const seen: string[] = [];
    const error = await (async () => {
      for await (const e of createClient({ baseUrl: srv.url }).syncml.iterateList()) seen.push(e.title!);
    })().catch((e: unknown) => e);
    expect(seen).toEqual(['phone 1']);
    expect(isAtomSyncError(error, 'invalid_response')).toBe(true);
    expect((error as Error).message).toMatch(/next page http:\/\/elsewhere\.example\/.* is not on http:\/\/127\.0\.0\.1/);
    expect(srv.seen).toHaveLength(1);
  });

  it('refuses a next link back to a page already read', async () => {
    servePages({ '/v2/services/syncml/': { entries: [1], next: '?page=2' }, '/v2/services/syncml/?page=2': { entries: [2], next: '/v2/services/syncml/' } });
    const error = await all(createClient({ baseUrl: srv.url }).syncml.iterateList()).catch((e: unknown) => e);
    expect(isAtomSyncError(error, 'invalid_response')).toBe(true);
    expect((error as Error).message).toMatch(/leads back to/);
    expect(srv.seen).toHaveLength(2);
  });

  it('rejects with the page’s error like the plain method', async () => {
    srv.handle = (_req, res) => res.writeHead(404).end();
    const error = await all(createClient({ baseUrl: srv.url }).syncml.iterateSessions()).catch((e: unknown) => e);
    expect(isAtomSyncError(error, 'not_found')).toBe(true);
  });

  it('is there for every GET answering a feed, and for nothing else', () => {
    const client = createClient({ baseUrl: srv.url });
    expect(typeof client.phones.iterateModels).toBe('function');
    expect(typeof client.syncengine.iterateBindingLog).toBe('function');
    expect('iterateBatch' in client.datastore.contents(STORE)).toBe(false); // a POST's result feed has no pages
    expect('iterateGet' in client.syncml).toBe(false);
  });
});
