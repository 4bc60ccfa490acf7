/**
 * Issue 11's freeze: a deep run of unclosed elements once blocked the server for minutes (the
 * Atom reader's error path was quadratic in depth). A 1,000,000-deep body, posted as an account
 * to a write operation and to POST /syncml, is refused with 400 invalid_xml, and /healthz asked
 * at the same time answers. (How fast: `npm run bench`, bench/hostile.bench.ts.)
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from './support/server.js';

// scrypt's cost is not this file's question, only its answers: scrypt runs cheap here, the same answers
// (support/cheap-scrypt.ts); at full cost its accounts' hashing and first sign-ins were much of its time.
vi.mock('node:crypto', async (importOriginal) => (await import('./support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

const DEPTH = 1_000_000;

describe('a 1,000,000-deep body', () => {
  let server: TestServer;
  let authorization: string;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
    authorization = `Basic ${Buffer.from(`${server.alice.username}:${server.alice.password}`).toString('base64')}`;
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each([
    ['an Atom entry', '/v2/services/datastore/', 'application/atom+xml', `<entry xmlns="http://www.w3.org/2005/Atom">${'<a>'.repeat(DEPTH)}`],
    ['an Atom entry with as many wrong closes', '/v2/services/datastore/', 'application/atom+xml', `<entry xmlns="http://www.w3.org/2005/Atom">${'<a>'.repeat(DEPTH)}${'</b>'.repeat(DEPTH)}`],
    ['a SyncML message', '/syncml', 'application/vnd.syncml+xml', `<SyncML xmlns="SYNCML:SYNCML1.2">${'<a>'.repeat(DEPTH)}`],
  ])('as %s is refused with 400 invalid_xml while /healthz answers', async (_, path, contentType, body) => {
    const refused = fetch(`${server.url}${path}`, { method: 'POST', headers: { authorization, 'content-type': contentType }, body });
    const health = fetch(`${server.url}/healthz`);
    const [answer, healthz] = await Promise.all([refused, health]);
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain('<code>invalid_xml</code>');
    expect(healthz.status).toBe(200);
    expect((await server.alice.client.datastore.list()).entries).toEqual([]);
  });
});
