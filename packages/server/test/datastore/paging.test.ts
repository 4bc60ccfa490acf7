/**
 * Paged contents feeds (issue 14): `max-results` pages the listing and the since feed with
 * `link rel="next"` (RFC 5005, GData `start-index`), every entry exactly once across the pages
 * whatever changes meanwhile; the SDK's iterate follows the pages; an unpaged answer holds every
 * entry, streamed a page at a time (untagged) past 1,000. Both stores, over HTTP.
 */
import { decodeBatchContentFeed, decodeContentFeed, encodeBatchContentFeed, encodeContentFeed, type Feed } from '@atomsync/atom';
import { basicAuth, createClient } from '@atomsync/sdk';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PAGE_LIMIT } from '../../src/services/content-pages.js';
import type { NewContent } from '@atomsync/store';
import { startTestServer, type TestServer } from '../support/server.js';
import { storeKinds } from '../support/stores.js';
import { sinceOf, uuidOf } from './fixtures.js';

// scrypt's cost is not this file's question, only its answers: scrypt runs cheap here, the same answers
// (support/cheap-scrypt.ts); at full cost its accounts' hashing and first sign-ins were much of its time.
vi.mock('node:crypto', async (importOriginal) => (await import('../support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

describe.each(storeKinds)('paged contents feeds (%s)', (kind) => {
  let server: TestServer;
  let n = 0;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  const auth = () => `Basic ${Buffer.from(`${server.alice.username}:${server.alice.password}`).toString('base64')}`;

  async function get(url: string) {
    const response = await fetch(url.startsWith('http') ? url : `${server.url}${url}`, { headers: { authorization: auth() } });
    return { status: response.status, etag: response.headers.get('etag'), text: await response.text() };
  }

  /** A fresh client of alice's with `count` notes written straight to the store (n0, n1, …). */
  async function clientWith(count: number) {
    const entry = await server.alice.client.datastore.create({ userId: `paging-${++n}` });
    const uuid = entry.client.uuid!;
    const items: NewContent[] = Array.from({ length: count }, (_, i) => ({
      uuid: crypto.randomUUID(),
      accountId: server.alice.id,
      clientUuid: uuid,
      dataclass: i % 4 === 0 ? 'Contacts' : 'Notes',
      title: `n${i}`,
      type: i % 4 === 0 ? 'text/x-vcard' : 'text/plain',
      body: i % 4 === 0 ? `BEGIN:VCARD\r\nVERSION:3.0\r\nFN:n${i}\r\nEND:VCARD` : `note ${i}`,
    }));
    for (let i = 0; i < items.length; i += 1_000) await server.store.contents.insertMany(items.slice(i, i + 1_000));
    return { uuid, path: `/v2/services/datastore/${uuid}/contents/`, contents: server.alice.client.datastore.contents(uuid) };
  }

  /** Follows rel="next" from `first`; every page's feed, in order. */
  async function pages<E>(first: string, decode: (xml: string) => Feed<E>, between?: (page: number) => Promise<void>): Promise<Feed<E>[]> {
    const feeds: Feed<E>[] = [];
    let url: string | undefined = first;
    while (url !== undefined) {
      const answer = await get(url);
      expect(answer.status, url).toBe(200);
      const feed = decode(answer.text);
      feeds.push(feed);
      await between?.(feeds.length);
      url = feed.links?.find((l) => l.rel === 'next')?.href;
      expect(feeds.length).toBeLessThan(100);
    }
    return feeds;
  }

  it('pages a listing with max-results: every item once, rel="next" until the last page, the feed id unpaged', async () => {
    const { path } = await clientWith(23);
    const feeds = await pages(`${path}?max-results=5`, decodeContentFeed);
    expect(feeds.map((f) => f.entries.length)).toEqual([5, 5, 5, 5, 3]);
    const titles = feeds.flatMap((f) => f.entries.map((e) => e.title));
    expect(new Set(titles).size).toBe(23);
    for (const feed of feeds) expect(feed.id).toBe(`${server.url}${path}`);
    const second = feeds[0]!.links!.find((l) => l.rel === 'next')!.href;
    expect(second).toMatch(new RegExp(`^${server.url}${path}\\?max-results=5&start-index=6&start-after=[0-9a-f-]{36}$`));
    expect(feeds[1]!.links!.find((l) => l.rel === 'self')!.href).toBe(second);
    expect(feeds.at(-1)!.links!.map((l) => l.rel)).toEqual(['self']);
    // The filter is kept in every link.
    const contacts = await pages(`${path}?dataclass=Contacts&max-results=2`, decodeContentFeed);
    expect(contacts.flatMap((f) => f.entries.map((e) => e.dataclass))).toEqual(Array(6).fill('Contacts'));
    expect(contacts[0]!.links!.find((l) => l.rel === 'next')!.href).toContain('?dataclass=Contacts&max-results=2&start-index=3&');
    // The id is the listing's, filter or not, paged or not (as it was before paging).
    expect(contacts[0]!.id).toBe(`${server.url}${path}`);
    expect(decodeContentFeed((await get(`${path}?dataclass=Contacts`)).text).id).toBe(`${server.url}${path}`);
  });

  it('skips no item of a listing that is there throughout, while others are added and deleted between pages', async () => {
    const { path, contents } = await clientWith(30);
    const before = (await contents.list()).entries.map((e) => uuidOf(e.id));
    const deleted: string[] = [];
    const feeds = await pages(`${path}?max-results=7`, decodeContentFeed, async (page) => {
      if (page !== 1) return;
      // Delete two items of the first page and add some: offsets would shift; the position does not.
      for (const e of (await contents.list()).entries.slice(0, 2)) {
        deleted.push(uuidOf(e.id));
        await contents.delete(uuidOf(e.id));
      }
      for (let i = 0; i < 3; i++) await contents.create({ title: `late ${i}`, content: { type: 'text/plain', value: 'x' } });
    });
    const read = feeds.flatMap((f) => f.entries.map((e) => uuidOf(e.id)));
    expect(new Set(read).size).toBe(read.length);
    for (const uuid of before.filter((u) => !deleted.includes(u))) expect(read).toContain(uuid);
  });

  it('pages a since feed in the order of the changes; an item changed meanwhile comes again with its new state, none is skipped', async () => {
    const { path, contents } = await clientWith(12);
    const since = sinceOf(new Date(Date.now() - 60_000));
    const listed = (await contents.list()).entries;
    await contents.delete(uuidOf(listed[3]!.id));
    let changed = '';
    const feeds = await pages(`${path}?since=${since}&max-results=5`, decodeBatchContentFeed, async (page) => {
      if (page !== 1) return;
      changed = uuidOf(listed[0]!.id);
      await contents.update(changed, { title: 'changed meanwhile', content: { type: 'text/plain', value: 'new' } });
    });
    const entries = feeds.flatMap((f) => f.entries);
    const ids = entries.map((e) => uuidOf(e.id));
    expect(new Set(ids)).toEqual(new Set(listed.map((e) => uuidOf(e.id))));
    expect(entries.filter((e) => e.operation?.type === 'delete').map((e) => uuidOf(e.id))).toEqual([uuidOf(listed[3]!.id)]);
    const last = entries.filter((e) => uuidOf(e.id) === changed).at(-1)!;
    expect(last.title).toBe('changed meanwhile');
    expect(feeds[0]!.links!.find((l) => l.rel === 'next')!.href).toMatch(new RegExp(`\\?since=${encodeURIComponent(since)}&max-results=5&start-index=6&start-after=\\d+\\.[0-9a-f-]{36}$`));
    // Oldest change first across the pages.
    const times = entries.map((e) => e.updated!.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('takes start-index alone as a position counted in the answer as it is now', async () => {
    const { path } = await clientWith(12);
    const all = (await pages(`${path}?max-results=1000`, decodeContentFeed))[0]!.entries.map((e) => e.id);
    const page = decodeContentFeed((await get(`${path}?start-index=6&max-results=4`)).text);
    expect(page.entries.map((e) => e.id)).toEqual(all.slice(5, 9));
    expect(page.links!.find((l) => l.rel === 'next')!.href).toContain('start-index=10&start-after=');
    expect(decodeContentFeed((await get(`${path}?start-index=13&max-results=4`)).text).entries).toEqual([]);
    // Without max-results: everything from there on.
    expect(decodeContentFeed((await get(`${path}?start-index=11`)).text).entries.map((e) => e.id)).toEqual(all.slice(10));
  });

  it('refuses a page size out of 1..1000, a start-index below 1 and a position it did not write', async () => {
    const { path } = await clientWith(1);
    const since = sinceOf(new Date());
    for (const query of ['max-results=0', 'max-results=1001', 'start-index=0', 'max-results=x', 'start-after=%3Cx%3E', `since=${since}&start-after=not-a-position`, `since=${since}&start-after=12ab`]) {
      const answer = await get(`${path}?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.text, query).toContain('<code>validation_failed</code>');
    }
  });

  it('tags a page, and answers it 304 while it is unchanged', async () => {
    const { path, contents } = await clientWith(8);
    const page = await get(`${path}?max-results=5`);
    expect(page.etag).toMatch(/^"/);
    const again = await fetch(`${server.url}${path}?max-results=5`, { headers: { authorization: auth(), 'if-none-match': page.etag! } });
    expect(again.status).toBe(304);
    const onIt = uuidOf(decodeContentFeed(page.text).entries[2]!.id);
    await contents.update(onIt, { title: 'changed', content: { type: 'text/plain', value: 'x' } });
    const now = await fetch(`${server.url}${path}?max-results=5`, { headers: { authorization: auth(), 'if-none-match': page.etag! } });
    expect(now.status).toBe(200);
    expect(decodeContentFeed(await now.text()).entries[2]!.title).toBe('changed');
  });

  it('lets the SDK iterate every page', async () => {
    const { contents } = await clientWith(17);
    const seen: string[] = [];
    for await (const entry of contents.iterateList({ 'max-results': 4 })) seen.push(entry.id);
    expect(new Set(seen).size).toBe(17);
    const changes: string[] = [];
    for await (const entry of contents.iterateChanges({ since: sinceOf(new Date(Date.now() - 60_000)), 'max-results': 6 })) changes.push(entry.id!);
    expect(new Set(changes).size).toBe(17);
  });

  it(`answers an unpaged feed longer than ${PAGE_LIMIT} entries whole, streamed a page at a time, without an ETag`, async () => {
    const count = 2 * PAGE_LIMIT + 137;
    const { uuid, path, contents } = await clientWith(count);
    const listing = await get(path);
    expect(listing.status).toBe(200);
    expect(listing.etag).toBeNull();
    const feed = decodeContentFeed(listing.text);
    expect(feed.entries).toHaveLength(count);
    expect(new Set(feed.entries.map((e) => e.id)).size).toBe(count);
    // The bytes are the codec's for the whole feed, and its updated the newest item's.
    expect(encodeContentFeed(feed)).toBe(listing.text);
    const newest = Math.max(...feed.entries.map((e) => e.updated!.getTime()));
    expect(feed.updated!.getTime()).toBe(Math.floor(newest / 1000) * 1000);
    expect(feed.links).toEqual([{ rel: 'self', href: `${server.url}${path}` }]);

    const since = sinceOf(new Date(Date.now() - 60_000));
    const changes = await get(`${path}?since=${since}`);
    expect(changes.etag).toBeNull();
    const changeFeed = decodeBatchContentFeed(changes.text);
    expect(changeFeed.entries).toHaveLength(count);
    expect(encodeBatchContentFeed(changeFeed)).toBe(changes.text);

    // A feed of at most one page is one answer, tagged.
    const small = await get(`${path}?dataclass=Contacts&max-results=1000`);
    expect(small.etag).not.toBeNull();
    // The SDK reads the streamed answer as any other: asked for everything (pageSize false), it
    // gets the unpaged feed; by default it reads a page of 100.
    const unpaged = createClient({ baseUrl: server.url, auth: basicAuth(server.alice.username, server.alice.password), pageSize: false });
    expect((await unpaged.datastore.contents(uuid).list()).entries).toHaveLength(count);
    expect((await contents.list()).entries).toHaveLength(100);
  });
});
