/**
 * Conditional writes of a content item (issue 27): `If-Match` on PUT and DELETE of
 * `…/contents/<uuid>`, with the ETag a GET of the item hands out. A stale tag is 412
 * `precondition_failed` with the current ETag, and nothing changes; the right one (or `*`) writes,
 * and a PUT answers the ETag of what it stored. On both stores, through HTTP and the SDK (its
 * `ifMatch` option and PreconditionFailedError); and on two instances over one PostgreSQL store,
 * where writes racing with one tag land once: the check and the write are one transaction, the
 * item's row locked between them.
 */
import { isPreconditionFailed, PreconditionFailedError, basicAuth, createClient, etagOf, type AtomSyncClient } from '@atomsync/sdk';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listen } from '../../src/listen.js';
import { SecretBox } from '../../src/secrets/box.js';
import { createServer } from '../../src/server.js';
import { createAccount } from '../../src/services/accounts.js';
import { openStore } from '@atomsync/store';
import type { Store } from '@atomsync/store';
import { refusal, startTestServer, type TestServer } from '../support/server.js';
import { createTestSchema, storeKinds, type TestSchema } from '../support/stores.js';

// scrypt's cost is not this file's question, only its answers: scrypt runs cheap here, the same answers
// (support/cheap-scrypt.ts); at full cost its accounts' hashing and first sign-ins were much of its time.
vi.mock('node:crypto', async (importOriginal) => (await import('../support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

const VCARD = (name: string) => ['BEGIN:VCARD', 'VERSION:3.0', `FN:${name}`, `N:${name};;;;`, 'END:VCARD'].join('\r\n');
const entry = (name: string) => ({ title: name, content: { type: 'text/vcard', value: VCARD(name) } });
const ATOM = `<entry xmlns="http://www.w3.org/2005/Atom"><title>Edited</title><content type="text/vcard">BEGIN:VCARD&#13;
VERSION:3.0&#13;
FN:Edited&#13;
N:Edited;;;;&#13;
END:VCARD</content></entry>`;

/** What one raw request answered: status, ETag, error code, body. */
interface Answer {
  readonly status: number;
  readonly etag: string | null;
  readonly code: string | undefined;
  readonly body: string;
}

function rawClient(baseUrl: string, username: string, password: string) {
  const authorization = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  return async (method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/atom+xml' }), ...headers },
      body,
    });
    const text = await response.text();
    return { status: response.status, etag: response.headers.get('etag'), code: /<code>([^<]*)<\/code>/.exec(text)?.[1], body: text };
  };
}

describe.each(storeKinds)('If-Match on a content item (%s)', (kind) => {
  let server: TestServer;
  let http: ReturnType<typeof rawClient>;
  let clientUuid: string;
  const itemPath = (uuid: string) => `/v2/services/datastore/${clientUuid}/contents/${uuid}`;
  const create = async (name: string) => (await server.alice.client.datastore.contents(clientUuid).create(entry(name))).id!.slice('urn:uuid:'.length);

  beforeAll(async () => {
    server = await startTestServer(kind);
    http = rawClient(server.url, server.alice.username, server.alice.password);
    clientUuid = (await server.alice.client.datastore.create({ userId: 'if-match' })).client.uuid!;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses a PUT with a stale tag: 412 precondition_failed, the current ETag, nothing changed', async () => {
    const uuid = await create('Anna');
    const before = await http('GET', itemPath(uuid));
    expect(before.etag).toMatch(/^"[\w-]{27}"$/);
    for (const stale of ['"nope"', '"yTz0S7mC0S1Nq8Y1g9i0dQ1oVv4"', `W/${before.etag}`, 'not-a-tag']) {
      const refused = await http('PUT', itemPath(uuid), { 'if-match': stale }, ATOM);
      expect([refused.status, refused.code]).toEqual([412, 'precondition_failed']);
      expect(refused.etag).toBe(before.etag);
    }
    const after = await http('GET', itemPath(uuid));
    expect([after.etag, after.body]).toEqual([before.etag, before.body]);
  });

  it('writes with the tag a GET answered (or *), and answers the tag of what it stored, which the next GET repeats', async () => {
    const uuid = await create('Bo');
    const read = await http('GET', itemPath(uuid));
    const written = await http('PUT', itemPath(uuid), { 'if-match': read.etag! }, ATOM);
    expect(written.status).toBe(200);
    expect(written.body).toContain('FN:Edited');
    const again = await http('GET', itemPath(uuid));
    expect(written.etag).toBe(again.etag);
    expect(written.etag).not.toBe(read.etag);
    // The tag read before the write is stale now.
    expect((await http('PUT', itemPath(uuid), { 'if-match': read.etag! }, ATOM)).status).toBe(412);
    expect((await http('PUT', itemPath(uuid), { 'if-match': `"other", ${again.etag}` }, ATOM)).status).toBe(200);
    expect((await http('PUT', itemPath(uuid), { 'if-match': '*' }, ATOM)).status).toBe(200);
  });

  it('refuses a DELETE with a stale tag and keeps the item; deletes with the right one', async () => {
    const uuid = await create('Cecilia');
    const read = await http('GET', itemPath(uuid));
    const refused = await http('DELETE', itemPath(uuid), { 'if-match': '"stale"' });
    expect([refused.status, refused.code, refused.etag]).toEqual([412, 'precondition_failed', read.etag]);
    expect((await http('GET', itemPath(uuid))).status).toBe(200);
    expect((await http('DELETE', itemPath(uuid), { 'if-match': read.etag! })).status).toBe(200);
    expect((await http('GET', itemPath(uuid))).status).toBe(404);
  });

  it('answers 404 for an item that is gone, as without If-Match', async () => {
    const uuid = await create('David');
    const read = await http('GET', itemPath(uuid));
    await http('DELETE', itemPath(uuid));
    expect([(await http('PUT', itemPath(uuid), { 'if-match': read.etag! }, ATOM)).code, (await http('DELETE', itemPath(uuid), { 'if-match': '*' })).code]).toEqual(['not_found', 'not_found']);
  });

  it('lets one of two writes based on the same copy land; the other is refused', async () => {
    const uuid = await create('Erik');
    const { etag } = await http('GET', itemPath(uuid));
    const body = (name: string) => ATOM.replace(/Edited/g, name);
    const answers = await Promise.all(['One', 'Two', 'Three', 'Four'].map((name) => http('PUT', itemPath(uuid), { 'if-match': etag! }, body(name))));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 412, 412, 412]);
    const landed = answers.find((a) => a.status === 200)!;
    expect((await http('GET', itemPath(uuid))).etag).toBe(landed.etag);
  });

  it('through the SDK: ifMatch from etagOf, PreconditionFailedError with the current etag', async () => {
    const contents = server.alice.client.datastore.contents(clientUuid);
    const uuid = await create('Frida');
    const mine = await contents.get(uuid);
    const theirs = await contents.get(uuid);
    const updated = await contents.update(uuid, entry('Frida mine'), { ifMatch: etagOf(mine) });
    expect(etagOf(updated)).toBe((await http('GET', itemPath(uuid))).etag);

    const error = await refusal(contents.update(uuid, entry('Frida theirs'), { ifMatch: etagOf(theirs) }));
    expect(error).toBeInstanceOf(PreconditionFailedError);
    expect(isPreconditionFailed(error)).toBe(true);
    expect([error.status, error.code]).toEqual([412, 'precondition_failed']);
    expect((error as PreconditionFailedError).etag).toBe(etagOf(updated));
    expect((await contents.get(uuid)).title).toBe('Frida mine');

    expect(isPreconditionFailed(await refusal(contents.delete(uuid, { ifMatch: etagOf(theirs) })))).toBe(true);
    await contents.delete(uuid, { ifMatch: etagOf(updated) });
    expect((await refusal(contents.get(uuid))).status).toBe(404);
  });
});

describe('If-Match across two instances over one PostgreSQL store', () => {
  let schema: TestSchema;
  const stores: Store[] = [];
  const closers: (() => Promise<void>)[] = [];
  const urls: string[] = [];
  let clients: AtomSyncClient[];
  let clientUuid: string;
  /** The base URL both are configured with (ATOMSYNC_BASE_URL, as the operator's guide asks of instances behind one address). */
  const BASE = 'https://sync.example.org';

  beforeAll(async () => {
    schema = await createTestSchema();
    const secrets = SecretBox.ephemeral();
    for (let i = 0; i < 2; i++) stores.push(await openStore({ kind: 'postgres', url: schema.url }));
    await createAccount({ store: stores[0]!, secrets }, { username: 'alice', password: 'alice-secret-pw', admin: false });
    clients = [];
    for (const store of stores) {
      const running = await listen(createServer({ store, secrets, baseUrl: BASE }), { host: '127.0.0.1', port: 0 });
      urls.push(running.url);
      const client = createClient({ baseUrl: running.url, auth: basicAuth('alice', 'alice-secret-pw') });
      clients.push(client);
      closers.push(async () => {
        await client.close();
        await running.close(5_000);
      });
    }
    clientUuid = (await clients[0]!.datastore.create({ userId: 'if-match-two' })).client.uuid!;
  });
  afterAll(async () => {
    for (const close of closers) await close();
    for (const store of stores) await store.close();
    await schema?.drop();
  });

  it('takes the tag one instance handed out on the other; a stale one is refused there, nothing changed', async () => {
    const [one, two] = clients as [AtomSyncClient, AtomSyncClient];
    const uuid = (await one.datastore.contents(clientUuid).create(entry('Gustav'))).id!.slice('urn:uuid:'.length);
    const read = await one.datastore.contents(clientUuid).get(uuid);
    expect(etagOf(await two.datastore.contents(clientUuid).get(uuid))).toBe(etagOf(read));

    const written = await two.datastore.contents(clientUuid).update(uuid, entry('Gustav on two'), { ifMatch: etagOf(read) });
    const error = await refusal(one.datastore.contents(clientUuid).update(uuid, entry('Gustav on one'), { ifMatch: etagOf(read) }));
    expect(isPreconditionFailed(error)).toBe(true);
    expect((error as PreconditionFailedError).etag).toBe(etagOf(written));
    expect((await one.datastore.contents(clientUuid).get(uuid)).title).toBe('Gustav on two');
    expect(isPreconditionFailed(await refusal(one.datastore.contents(clientUuid).delete(uuid, { ifMatch: etagOf(read) })))).toBe(true);
    await one.datastore.contents(clientUuid).delete(uuid, { ifMatch: etagOf(written) });
  });

  it('lets exactly one of writes racing on both instances with one tag land', async () => {
    const uuid = (await clients[0]!.datastore.contents(clientUuid).create(entry('Hanna'))).id!.slice('urn:uuid:'.length);
    for (let round = 0; round < 5; round++) {
      const tag = etagOf(await clients[0]!.datastore.contents(clientUuid).get(uuid));
      const attempts = Array.from({ length: 8 }, (_, i) => clients[i % 2]!.datastore.contents(clientUuid).update(uuid, entry(`Hanna ${round}.${i}`), { ifMatch: tag }));
      const settled = await Promise.allSettled(attempts);
      const landed = settled.filter((s) => s.status === 'fulfilled');
      expect(landed).toHaveLength(1);
      for (const s of settled) if (s.status === 'rejected') expect(isPreconditionFailed(s.reason)).toBe(true);
      expect((await clients[1]!.datastore.contents(clientUuid).get(uuid)).title).toBe((landed[0] as PromiseFulfilledResult<{ title?: string }>).value.title);
    }
  });
});
