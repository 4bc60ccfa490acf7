/**
 * List calls page by default (issue 26: a list without a page size answered a whole datastore):
 * against the real server in memory (@atomsync/msw), a list call names the client's page size
 * (100 unless `pageSize` says otherwise, `false` for every entry), a page size the caller names
 * wins, and the `iterate…` twin reads every entry, a page of 1,000 at a time.
 */
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer } from '@atomsync/msw';
import { basicAuth, createClient, type AtomSyncClient, type Middleware } from '@atomsync/sdk';

const BASE = 'https://sync.paging.example';
const ITEMS = 1234;

let server: ReturnType<typeof setupServer>;
let store: string;
const sent: string[] = [];
const record: Middleware = (request, next) => {
  sent.push(new URL(request.url).search);
  return next(request);
};
const client = (options: { pageSize?: number | false } = {}): AtomSyncClient => createClient({ baseUrl: BASE, auth: basicAuth('demo', 'demo'), middleware: [record], ...options });

beforeAll(async () => {
  const mock = await createMockServer();
  server = setupServer(...mock.handlers());
  server.listen({ onUnhandledRequest: 'error' });
  const c = client();
  store = (await c.datastore.create({ userId: 'paging' })).client.uuid;
  const note = (i: number) => ({ batchId: String(i), operation: { type: 'insert' as const }, title: `note ${i}`, content: { type: 'text/plain', value: `note ${i}` } });
  for (let from = 0; from < ITEMS; from += 1000) {
    await c.datastore.contents(store).batch({ entries: Array.from({ length: Math.min(1000, ITEMS - from) }, (_, i) => note(from + i)) });
  }
});
afterAll(() => server.close());

const nextLink = (feed: { links?: { rel?: string; href?: string }[] }) => feed.links?.find((l) => l.rel === 'next')?.href;

describe('list calls page by default', () => {
  it('a list call without a page size answers the first 100 entries and links the next page', async () => {
    sent.length = 0;
    const page = await client().datastore.contents(store).list();
    expect(page.entries).toHaveLength(100);
    expect(nextLink(page)).toMatch(/max-results=100/);
    expect(sent).toEqual(['?max-results=100']);
  });

  it('pageSize sets the default; a page size the call names wins; false asks for every entry', async () => {
    sent.length = 0;
    expect((await client({ pageSize: 7 }).datastore.contents(store).list({ dataclass: 'Notes' })).entries).toHaveLength(7);
    expect((await client({ pageSize: 7 }).datastore.contents(store).list({ 'max-results': 3 })).entries).toHaveLength(3);
    const whole = await client({ pageSize: false }).datastore.contents(store).list();
    expect([whole.entries.length, nextLink(whole)]).toEqual([ITEMS, undefined]);
    expect(sent).toEqual(['?dataclass=Notes&max-results=7', '?max-results=3', '']);
  });

  it('the change feed pages the same way', async () => {
    const changes = await client().datastore.contents(store).changes({ since: '2000-01-01T00:00:00Z' });
    expect(changes.entries).toHaveLength(100);
    expect(nextLink(changes)).toBeDefined();
  });

  it('iterate… yields every entry once, 1,000 at a time', async () => {
    sent.length = 0;
    const titles: string[] = [];
    for await (const item of client().datastore.contents(store).iterateList()) titles.push(item.title!);
    expect(titles).toHaveLength(ITEMS);
    expect(new Set(titles).size).toBe(ITEMS);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toBe('?max-results=1000');
  });

  it('refuses a page size the service would refuse, before sending anything', () => {
    for (const pageSize of [0, 1001, 2.5, Number.NaN]) expect(() => client({ pageSize })).toThrow(/pageSize must be an integer from 1 to 1000, or false/);
  });
});
