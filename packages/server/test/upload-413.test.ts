/**
 * An upload past the body limit is answered 413, and the client reads that answer: the server
 * does not cut the connection under a client still sending (which makes the kernel reset it,
 * and a reset can destroy the answer before the client reads it). With a real node:http client
 * sending a large body without `Expect: 100-continue`, declared (Content-Length) or chunked,
 * many times over.
 */
import { Agent, request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_BODY_BYTES } from '../src/http/limits.js';
import { listen, type RunningServer } from '../src/listen.js';
import { SecretBox } from '../src/secrets/box.js';
import { createServer } from '../src/server.js';
import { createAccount } from '../src/services/accounts.js';
import { openStore } from '@atomsync/store';
import type { Store } from '@atomsync/store';

// scrypt's cost is not this file's question, only its answers: scrypt runs cheap here, the same answers
// (support/cheap-scrypt.ts); at full cost its accounts' hashing and first sign-ins were much of its time.
vi.mock('node:crypto', async (importOriginal) => (await import('./support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

const AUTH = `Basic ${Buffer.from('grace:grace-secret-pw').toString('base64')}`;
const CHUNK = Buffer.alloc(256 * 1024, 0x20);

/** POSTs `total` bytes as fast as the socket takes them; what the client got: a status, or the error that ended it first. */
function upload(url: string, total: number, declared: boolean, agent: Agent | false): Promise<string> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (what: string) => {
      if (!settled) resolve(what);
      settled = true;
    };
    const req = httpRequest(`${url}/v2/services/datastore/`, {
      method: 'POST',
      agent,
      headers: { authorization: AUTH, 'content-type': 'application/atom+xml', ...(declared ? { 'content-length': String(total) } : {}) },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => settle(String(res.statusCode)));
      res.on('error', (err: NodeJS.ErrnoException) => settle(`response ${err.code ?? err.message}`));
    });
    req.on('error', (err: NodeJS.ErrnoException) => settle(err.code ?? err.message));
    let sent = 0;
    const pump = () => {
      while (sent < total) {
        sent += CHUNK.length;
        if (!req.write(CHUNK)) return void req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}

describe('413 before the connection is dropped', () => {
  let store: Store;
  let server: RunningServer;
  beforeAll(async () => {
    store = await openStore({ kind: 'sqlite', file: ':memory:' });
    const secrets = SecretBox.ephemeral();
    await createAccount({ store, secrets }, { username: 'grace', password: 'grace-secret-pw', admin: false });
    server = await listen(createServer({ store, secrets }), { host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await server?.close(2_000);
    await store?.close();
  });

  // agent: false sends `Connection: close`, which the answer repeats: the connection ends with it.
  it.each([
    ['declared', 'closing', true],
    ['chunked', 'closing', false],
    ['declared', 'kept-alive', true],
    ['chunked', 'kept-alive', false],
  ])('an over-limit %s upload on a %s connection gets its 413, every time', { timeout: 120_000 }, async (_, connection, declared) => {
    const agent = connection === 'closing' ? false : new Agent({ keepAlive: true });
    const outcomes: string[] = [];
    try {
      for (let i = 0; i < 10; i++) outcomes.push(await upload(server.url, MAX_BODY_BYTES * 3, declared as boolean, agent));
    } finally {
      if (agent !== false) agent.destroy();
    }
    expect(outcomes).toEqual(outcomes.map(() => '413'));
  });
});
