/**
 * The kept answers of conditional GETs (http/answer-cache.ts): found only under the version they
 * were kept at, bounded by bytes (least recently used first) and per answer; and, over HTTP on
 * both stores, a feed polled while it does not change is the same bytes and tag, and any write —
 * through the API or by another store on the same database — answers the new state at once.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AnswerCache, keepingAnswer, keeperOf, keptAnswer, keptAnswerOf } from '../src/http/answer-cache.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listen } from '../src/listen.js';
import { SecretBox } from '../src/secrets/box.js';
import { createServer } from '../src/server.js';
import { createAccount } from '../src/services/accounts.js';
import { openStore } from '@atomsync/store';
import type { Store } from '@atomsync/store';
import { NOTE, uuidOf } from './datastore/fixtures.js';
import { startTestServer, type TestServer } from './support/server.js';
import { createTestSchema, storeKinds, type StoreKind } from './support/stores.js';

// scrypt's cost is not this file's question, only its answers: scrypt runs cheap here, the same answers
// (support/cheap-scrypt.ts); at full cost its accounts' hashing and first sign-ins were much of its time.
vi.mock('node:crypto', async (importOriginal) => (await import('./support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

/** One database several stores open: a data directory's file, or a PostgreSQL schema. */
async function sharedDatabase(kind: StoreKind): Promise<{ open(): Promise<Store>; drop(): Promise<void> }> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'atomsync-answers-'));
    return { open: () => openStore({ kind: 'sqlite', file: join(dir, 'atomsync.sqlite') }), drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const schema = await createTestSchema();
  return { open: () => openStore({ kind: 'postgres', url: schema.url }), drop: () => schema.drop() };
}

const answer = (body: string, etag = `"${body.length}"`) => ({ etag, body });
/** What is kept of `answer(body)` without its bytes. */
const tagOf = (body: string) => ({ etag: answer(body).etag, body: undefined });

/**
 * Kept as a polled feed is: asked for and, when its bytes are not kept, written, `times` times
 * (its bytes are kept from the second on, when there is room).
 */
function poll(cache: AnswerCache, key: string, version: string, body: string, times = 2): void {
  for (let i = 0; i < times; i++) if (cache.get(key, version)?.body === undefined) cache.set(key, version, answer(body));
}

describe('AnswerCache', () => {
  it('keeps the tag of an answer written once, and its bytes once it is written again at the same version', () => {
    const cache = new AnswerCache();
    expect(cache.get('feed', '1.7')).toBeUndefined();
    cache.set('feed', '1.7', answer('<feed/>'));
    expect(cache.get('feed', '1.7')).toEqual(tagOf('<feed/>'));
    expect(cache.bodyBytes).toBe(0);
    cache.set('feed', '1.7', answer('<feed/>'));
    expect(cache.get('feed', '1.7')).toEqual(answer('<feed/>'));
    expect(cache.bodyBytes).toBe(2 * '<feed/>'.length);
    // Written once at another version: its tag again, not its bytes.
    cache.set('feed', '1.8', answer('<feed>8</feed>'));
    expect(cache.get('feed', '1.8')).toEqual(tagOf('<feed>8</feed>'));
    expect(cache.bodyBytes).toBe(0);
  });

  it('finds an answer only under the version it was kept at; a stale one is dropped', () => {
    const cache = new AnswerCache();
    poll(cache, 'feed', '1.7', '<feed/>');
    expect(cache.get('feed', '1.7')).toEqual(answer('<feed/>'));
    expect(cache.get('other', '1.7')).toBeUndefined();
    expect(cache.get('feed', '1.8')).toBeUndefined();
    // Gone once found stale, even under its own version.
    expect(cache.get('feed', '1.7')).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });

  it('keeps the latest answer of a key', () => {
    const cache = new AnswerCache();
    poll(cache, 'feed', '1', 'old');
    poll(cache, 'feed', '2', 'new');
    expect(cache.size).toBe(1);
    expect(cache.get('feed', '1')).toBeUndefined();
    poll(cache, 'feed', '2', 'new');
    expect(cache.get('feed', '2')).toEqual(answer('new'));
  });

  it('stays under its bytes, the least recently used of the answers asked for less often going first', () => {
    const cache = new AnswerCache({ maxBytes: 8_000, maxAnswerBytes: 10_000 });
    const body = 'x'.repeat(1_000);
    for (const key of ['a', 'b', 'c', 'd']) poll(cache, key, 'v', body);
    expect(cache.bodyBytes).toBe(8_000);
    // Now the most recently used, and asked for as often as the newcomer below.
    expect(cache.get('a', 'v')).toEqual(answer(body));
    poll(cache, 'e', 'v', body, 3);
    expect(cache.bodyBytes).toBe(8_000);
    expect(cache.get('b', 'v')).toEqual(tagOf(body));
    for (const key of ['a', 'c', 'd', 'e']) expect(cache.get(key, 'v')).toEqual(answer(body));
  });

  it('never lets an answer push out the bytes of one asked for more often: the newcomer keeps its tag', () => {
    const cache = new AnswerCache({ maxBytes: 10_000, maxAnswerBytes: 10_000 });
    const body = 'x'.repeat(1_000);
    // A walk of 20 pages repeated at one version: the first pages' bytes stay, the rest keep their tags.
    for (let round = 0; round < 3; round++) for (let page = 0; page < 20; page++) poll(cache, `page ${page}`, 'v', `${body}${page}`);
    for (let page = 0; page < 4; page++) expect(cache.get(`page ${page}`, 'v')).toEqual(answer(`${body}${page}`));
    for (let page = 4; page < 20; page++) expect(cache.get(`page ${page}`, 'v')).toEqual(tagOf(`${body}${page}`));
    expect(cache.bodyBytes).toBeLessThanOrEqual(10_000);
    // A feed polled more often than those pages takes the room of the least recently used of them.
    for (let i = 0; i < 10; i++) poll(cache, 'hot', 'v', body);
    expect(cache.get('hot', 'v')).toEqual(answer(body));
    expect(cache.get('page 0', 'v')).toEqual(tagOf(`${body}0`));
    expect(cache.bodyBytes).toBeLessThanOrEqual(10_000);
  });

  it('drops the bytes of answers of a past version first, however often they were asked for', () => {
    const cache = new AnswerCache({ maxBytes: 10_000, maxAnswerBytes: 10_000 });
    const body = 'x'.repeat(1_000);
    for (let i = 0; i < 10; i++) for (const key of ['a', 'b', 'c', 'd', 'e']) poll(cache, key, 'v1', body);
    expect(cache.bodyBytes).toBe(10_000);
    // The store moved on: an answer at v2, asked twice, takes the room of the least recently used of v1.
    poll(cache, 'f', 'v2', body);
    expect(cache.get('f', 'v2')).toEqual(answer(body));
    expect(cache.bodyBytes).toBe(10_000);
    expect(cache.get('a', 'v1')).toEqual(tagOf(body));
  });

  it('keeps the tags under their own bytes, the least recently used going first', () => {
    const cache = new AnswerCache({ maxTagBytes: 10_000 });
    for (let i = 0; i < 100; i++) cache.set(`feed ${i}`, 'v', answer(`<feed>${i}</feed>`));
    expect(cache.bytes).toBeLessThanOrEqual(10_000);
    expect(cache.size).toBeLessThan(100);
    expect(cache.get('feed 0', 'v')).toBeUndefined();
    expect(cache.get('feed 99', 'v')).toEqual(tagOf('<feed>99</feed>'));
  });

  it('keeps only the tag of an answer larger than its limit', () => {
    const cache = new AnswerCache({ maxAnswerBytes: 100 });
    poll(cache, 'big', 'v', 'x'.repeat(101));
    expect(cache.get('big', 'v')).toEqual(tagOf('x'.repeat(101)));
    expect(cache.bodyBytes).toBe(0);
  });

  it('marks results for the response writer', () => {
    const kept = keptAnswer<object>(answer('<feed/>'));
    expect(keptAnswerOf(kept)).toEqual(answer('<feed/>'));
    expect(keptAnswerOf({ entries: [] })).toBeUndefined();
    const seen: unknown[] = [];
    const feed = keepingAnswer({ entries: [] }, (a) => seen.push(a));
    keeperOf(feed)?.(answer('<feed/>'));
    expect(seen).toEqual([answer('<feed/>')]);
    expect(keeperOf({ entries: [] })).toBeUndefined();
    // The marks are symbols: never written, never enumerated.
    expect(Object.keys(feed)).toEqual(['entries']);
  });
});

describe.each(storeKinds)('polled feeds (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  const auth = () => `Basic ${Buffer.from(`${server.alice.username}:${server.alice.password}`).toString('base64')}`;
  async function get(path: string, ifNoneMatch?: string) {
    const headers: Record<string, string> = { authorization: auth() };
    if (ifNoneMatch !== undefined) headers['if-none-match'] = ifNoneMatch;
    const response = await fetch(`${server.url}${path}`, { headers });
    return { status: response.status, etag: response.headers.get('etag'), text: await response.text() };
  }

  it('answers the same bytes and tag while unchanged, and every change at once, paged or not, and 404 once the client is gone', async () => {
    const created = await server.alice.client.datastore.create({ userId: `polled-${randomUUID()}` });
    const uuid = created.client.uuid!;
    const contents = server.alice.client.datastore.contents(uuid);
    const a = await contents.create({ title: 'a', content: { type: 'text/plain', value: NOTE } });
    await contents.create({ title: 'b', content: { type: 'text/plain', value: NOTE } });
    for (const [round, path] of [`/v2/services/datastore/${uuid}/contents/`, `/v2/services/datastore/${uuid}/contents/?max-results=2`].entries()) {
      const first = await get(path);
      expect(first.status).toBe(200);
      const again = await get(path);
      expect(again).toEqual(first);
      expect((await get(path, first.etag!)).status).toBe(304);

      // Two changes of one item in a row: each answered as it is.
      // Times are written to the second: the bodies differ, so the bytes do.
      await contents.update(uuidOf(a.id), { title: 'a', content: { type: 'text/plain', value: `second ${round}` } });
      const second = await get(path);
      await contents.update(uuidOf(a.id), { title: 'a', content: { type: 'text/plain', value: `third ${round}` } });
      const third = await get(path, second.etag!);
      expect(third.status).toBe(200);
      expect(new Set([first.etag, second.etag, third.etag]).size).toBe(3);
      expect(second.text).toContain(`second ${round}`);
      expect(third.text).toContain(`third ${round}`);
    }
    // Its client gone (the store's only way: there is no API to delete one), no kept answer is found:
    // the client is checked only when the feed is read.
    const kept = await get(`/v2/services/datastore/${uuid}/contents/`);
    expect(await server.store.datastores.delete(server.alice.id, uuid)).toBe(true);
    const gone = await get(`/v2/services/datastore/${uuid}/contents/`, kept.etag!);
    expect(gone.status).toBe(404);
    expect(gone.etag).toBeNull();
  });

  it('answers a write made by another store on the same database (another instance or process) at once', async () => {
    const database = await sharedDatabase(kind);
    const one = await database.open();
    const other = await database.open();
    const secrets = SecretBox.ephemeral();
    const running = await listen(createServer({ store: one, secrets }), { host: '127.0.0.1', port: 0 });
    try {
      const account = await createAccount({ store: one, secrets }, { username: 'carol', password: 'carol-secret-pw', admin: false });
      const client = (await one.datastores.create({ uuid: randomUUID(), accountId: account.id, userId: 'polled' }))!;
      const [item] = await one.contents.insertMany([{ accountId: account.id, clientUuid: client.uuid, uuid: randomUUID(), dataclass: 'Notes', title: 'a', type: 'text/plain', body: 'before' }]);
      const url = `${running.url}/v2/services/datastore/${client.uuid}/contents/`;
      const authorization = `Basic ${Buffer.from('carol:carol-secret-pw').toString('base64')}`;
      const first = await fetch(url, { headers: { authorization } });
      const etag = first.headers.get('etag')!;
      expect(await first.text()).toContain('before');
      expect((await fetch(url, { headers: { authorization, 'if-none-match': etag } })).status).toBe(304);

      await other.contents.update(client, item!.uuid, { dataclass: 'Notes', title: 'a', type: 'text/plain', body: 'after' });
      const changed = await fetch(url, { headers: { authorization, 'if-none-match': etag } });
      expect(changed.status).toBe(200);
      expect(await changed.text()).toContain('after');
    } finally {
      await running.close(5_000);
      await one.close();
      await other.close();
      await database.drop();
    }
  });
});

// The embedded store only: PostgreSQL's version moves with any transaction of the cluster, which the
// test files running in parallel share, so how often the items are read there is not the test's to say.
describe('the answers kept of a polled feed (sqlite)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('revalidates a feed asked for once from its tag, without reading its items; its bytes are kept once asked for again', async () => {
    const created = await server.alice.client.datastore.create({ userId: `kept-${randomUUID()}` });
    const uuid = created.client.uuid!;
    await server.alice.client.datastore.contents(uuid).create({ title: 'a', content: { type: 'text/plain', value: NOTE } });
    const authorization = `Basic ${Buffer.from(`${server.alice.username}:${server.alice.password}`).toString('base64')}`;
    const url = `${server.url}/v2/services/datastore/${uuid}/contents/?max-results=10`;
    const get = async (ifNoneMatch?: string) => {
      const response = await fetch(url, { headers: ifNoneMatch === undefined ? { authorization } : { authorization, 'if-none-match': ifNoneMatch } });
      return { status: response.status, etag: response.headers.get('etag'), text: await response.text() };
    };
    const reads = vi.spyOn(server.store.contents, 'page');
    try {
      const first = await get();
      expect(first.status).toBe(200);
      expect(reads).toHaveBeenCalledTimes(1);
      expect(await get(first.etag!)).toEqual({ status: 304, etag: first.etag, text: '' });
      expect(reads).toHaveBeenCalledTimes(1);
      // Asked for again without its tag: read and written again, the same bytes, now kept.
      expect(await get()).toEqual(first);
      expect(reads).toHaveBeenCalledTimes(2);
      expect(await get()).toEqual(first);
      expect(await get(first.etag!)).toEqual({ status: 304, etag: first.etag, text: '' });
      expect(reads).toHaveBeenCalledTimes(2);
    } finally {
      reads.mockRestore();
    }
  });
});
