/**
 * Conditional GET (issue 14): every GET answering an entry or a feed carries an `ETag`, and a
 * request whose If-None-Match names it is answered 304 Not Modified, no body, the `ETag`
 * repeated. A changed answer never matches: a change of any kind (a field, one more or one less
 * entry, a count the entry shows, the same second or not) answers 200 with another tag. On both
 * stores, over HTTP.
 */
import { operations, type OperationSpec } from '@atomsync/atom';
import { etagOf, isNotModified } from '@atomsync/sdk';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { raw } from './clients/fixtures.js';
import { NOTE, sinceOf, uuidOf, VCARD } from './datastore/fixtures.js';
import { startTestServer, type TestServer } from './support/server.js';
import { storeKinds } from './support/stores.js';

// scrypt's cost is not this file's question, only its answers: scrypt runs cheap here, the same answers
// (support/cheap-scrypt.ts); at full cost its accounts' hashing and first sign-ins were much of its time.
vi.mock('node:crypto', async (importOriginal) => (await import('./support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

describe('which operations are conditional', () => {
  it('every implemented GET answering an entry or a feed, and nothing else', () => {
    const all = Object.values(operations) as OperationSpec[];
    const expected = all.filter((op) => op.method === 'GET' && op.implemented && op.status === 200 && (op.response.kind === 'entry' || op.response.kind === 'feed'));
    expect(all.filter((op) => op.conditional).map((op) => op.id)).toEqual(expected.map((op) => op.id));
    expect(expected.length).toBeGreaterThan(20);
  });
});

describe.each(storeKinds)('conditional GET (%s)', (kind) => {
  let server: TestServer;
  let n = 0;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  const auth = () => `Basic ${Buffer.from(`${server.alice.username}:${server.alice.password}`).toString('base64')}`;

  /** A GET (or HEAD) as alice, with the If-None-Match given. */
  async function get(path: string, ifNoneMatch?: string, method = 'GET') {
    const headers: Record<string, string> = { authorization: auth(), accept: 'application/atom+xml' };
    if (ifNoneMatch !== undefined) headers['if-none-match'] = ifNoneMatch;
    const response = await fetch(`${server.url}${path}`, { method, headers });
    return { status: response.status, etag: response.headers.get('etag'), type: response.headers.get('content-type'), text: await response.text() };
  }

  async function freshClient() {
    const entry = await server.alice.client.datastore.create({ userId: `conditional-${++n}` });
    const uuid = entry.client.uuid!;
    return { uuid, contents: server.alice.client.datastore.contents(uuid), path: `/v2/services/datastore/${uuid}/contents/` };
  }

  it('tags an entry, and answers 304 without a body while it is unchanged, 200 with another tag once it changed', async () => {
    const { contents, path } = await freshClient();
    const created = await contents.create({ title: 'Lars', content: { type: 'text/x-vcard', value: VCARD } });
    const item = `${path}${uuidOf(created.id)}`;
    const first = await get(item);
    expect(first.status).toBe(200);
    expect(first.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect((await get(item)).etag).toBe(first.etag);

    const again = await get(item, first.etag!);
    expect(again).toEqual({ status: 304, etag: first.etag, type: null, text: '' });

    // Changed within the same second as well: the bytes differ, so the tag does.
    await contents.update(uuidOf(created.id), { title: 'Lars', content: { type: 'text/x-vcard', value: VCARD.replace('+46739876543', '+46739876544') } });
    const changed = await get(item, first.etag!);
    expect(changed.status).toBe(200);
    expect(changed.etag).not.toBe(first.etag);
    expect(changed.text).toContain('+46739876544');
    expect((await get(item, changed.etag!)).status).toBe(304);
  });

  it('tags a feed: 304 while unchanged; an added, changed or deleted entry answers 200 with another tag', async () => {
    const { contents, path } = await freshClient();
    const a = await contents.create({ title: 'a', content: { type: 'text/plain', value: NOTE } });
    const tags: string[] = [];
    const step = async () => {
      const before = tags.at(-1);
      const answer = await get(path, before);
      expect(answer.status, `after ${tags.length} changes`).toBe(200);
      expect(tags).not.toContain(answer.etag);
      tags.push(answer.etag!);
      expect((await get(path, answer.etag!)).status).toBe(304);
    };
    await step();
    const b = await contents.create({ title: 'b', content: { type: 'text/plain', value: 'second' } });
    await step();
    await contents.update(uuidOf(a.id), { title: 'a', content: { type: 'text/plain', value: `${NOTE}!` } });
    await step();
    await contents.delete(uuidOf(b.id));
    await step();
    // Another dataclass filter is another answer: its own tag.
    const notes = await get(`${path}?dataclass=Notes`);
    expect(notes.status).toBe(200);
    expect((await get(`${path}?dataclass=Contacts`, notes.etag!)).status).toBe(200);
  });

  it('never answers 304 for a feed whose entries changed only in what they show of others (the content line count)', async () => {
    const { contents } = await freshClient();
    const list = await get('/v2/services/datastore/');
    await contents.create({ title: 'one more line', content: { type: 'text/plain', value: 'x' } });
    const after = await get('/v2/services/datastore/', list.etag!);
    expect(after.status).toBe(200);
    expect(after.etag).not.toBe(list.etag);
  });

  it('gives a feed without times (empty, the catalogue) a weak tag that stays while it is unchanged, across seconds', async () => {
    const { contents, path } = await freshClient();
    const since = `${path}?since=${sinceOf(new Date(Date.now() + 60_000))}`;
    const first = await get(since);
    expect(first.status).toBe(200);
    expect(first.etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    const vendors = await get('/v2/phones/vendors/');
    expect(vendors.etag).toMatch(/^W\//);
    await new Promise((r) => setTimeout(r, 1_100));
    const later = await get(since, first.etag!);
    expect(later).toEqual({ status: 304, etag: first.etag, type: null, text: '' });
    expect(first.text).not.toBe((await get(since)).text); // its `updated` moved on: the same answer in other bytes
    expect((await get('/v2/phones/vendors/', vendors.etag!)).status).toBe(304);
    // The listing of an empty client likewise, until something is in it.
    const empty = await get(path);
    expect(empty.etag).toMatch(/^W\//);
    await contents.create({ title: 'now there is one', content: { type: 'text/plain', value: 'y' } });
    const filled = await get(path, empty.etag!);
    expect(filled.status).toBe(200);
    expect(filled.etag).toMatch(/^"/);
  });

  it('reads If-None-Match as RFC 9110 says: a list, weak comparison, *, and nothing from what is no list', async () => {
    const { contents, path } = await freshClient();
    await contents.create({ title: 'a', content: { type: 'text/plain', value: 'a' } });
    const { etag } = await get(path);
    const tag = etag!;
    expect((await get(path, `"other", ${tag}`)).status).toBe(304);
    expect((await get(path, `W/${tag}`)).status).toBe(304);
    expect((await get(path, '*')).status).toBe(304);
    expect((await get(path, '"other"')).status).toBe(200);
    expect((await get(path, tag.slice(1, -1))).status).toBe(200); // unquoted: no entity tag
    expect((await get(path, `${tag} garbage`)).status).toBe(200);
  });

  it('answers HEAD as GET: the tag, and 304 when it matches', async () => {
    const { path } = await freshClient();
    const head = await get(path, undefined, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.etag).toBe((await get(path)).etag);
    expect((await get(path, head.etag!, 'HEAD')).status).toBe(304);
  });

  it('tags only what it answers: refusals carry no ETag, and an If-None-Match does not turn them into 304', async () => {
    const missing = await get(`/v2/services/datastore/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/`, '*');
    expect(missing.status).toBe(404);
    expect(missing.etag).toBeNull();
    const anonymous = await fetch(`${server.url}/v2/services/datastore/`, { headers: { 'if-none-match': '*' } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('etag')).toBeNull();
    // A POST is never conditional.
    const created = await raw(server, server.alice, 'POST', '/v2/services/datastore/', '<entry xmlns="http://www.w3.org/2005/Atom" xmlns:s="http://schemas.atomsync.dev/2009/sync"><s:client><s:user_id>no-etag</s:user_id></s:client></entry>');
    expect(created.status).toBe(201);
    expect(created.headers.get('etag')).toBeNull();
  });

  it('through the SDK: etagOf an answer, ifNoneMatch, NotModified while unchanged, the fresh feed after', async () => {
    const { contents } = await freshClient();
    await contents.create({ title: 'a', content: { type: 'text/plain', value: 'a' } });
    const feed = await contents.list();
    expect(etagOf(feed)).toMatch(/^"/);
    const same = await contents.list(undefined, { ifNoneMatch: etagOf(feed) });
    expect(isNotModified(same) && same.etag).toBe(etagOf(feed));
    await contents.create({ title: 'b', content: { type: 'text/plain', value: 'b' } });
    const fresh = await contents.list(undefined, { ifNoneMatch: etagOf(feed) });
    if (isNotModified(fresh)) throw new Error('a changed feed answered 304');
    expect(fresh.entries).toHaveLength(2);
    expect(etagOf(fresh)).not.toBe(etagOf(feed));
  });

  it('gives every conditional operation an ETag: the catalogue, open to anyone, too', async () => {
    const vendors = await fetch(`${server.url}/v2/phones/vendors/`);
    const etag = vendors.headers.get('etag');
    expect(etag).not.toBeNull();
    expect((await fetch(`${server.url}/v2/phones/vendors/`, { headers: { 'if-none-match': etag! } })).status).toBe(304);
  });
});
