/**
 * The default transport against a real node:http server (no msw here): global fetch with the
 * client's own undici 7 Agent, which Node 20's bundled fetch accepts as its dispatcher.
 */
import { createServer } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Agent, type Dispatcher } from 'undici';
import { encodeSyncmlClientFeed } from '@atomsync/atom';
import { mockResult } from '@atomsync/msw';
import { AtomSyncNetworkError, createClient, isAtomSyncError, isAtomSyncNetworkError } from '@atomsync/sdk';
import { startServer, type TestServer } from './fixtures/http-server.js';

let srv: TestServer;
beforeAll(async () => {
  srv = await startServer();
});
afterEach(() => {
  srv.seen.length = 0;
});
afterAll(() => srv.close());

const phones = mockResult('listSyncmlClients');
const answerPhones = () => {
  srv.handle = (_req, res) => res.writeHead(200, { 'Content-Type': 'application/atom+xml' }).end(encodeSyncmlClientFeed(phones));
};

async function until(check: () => boolean, ms = 2000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('the default transport', () => {
  it('decodes over a real connection and keeps it alive between requests', async () => {
    answerPhones();
    const client = createClient({ baseUrl: srv.url });
    for (let i = 0; i < 6; i++) expect(await client.syncml.list()).toEqual(phones);
    // Back-to-back requests may alternate between two pooled sockets (undici frees a socket just
    // after the body ends); without keep-alive every request would open its own.
    const ports = new Set(srv.seen.map((r) => r.remotePort));
    expect(srv.seen).toHaveLength(6);
    expect(ports.size).toBeLessThanOrEqual(2);
    await client.close();
  });

  it('owns its pool: close() ends the client’s connections', async () => {
    answerPhones();
    const client = createClient({ baseUrl: srv.url });
    await client.syncml.list();
    const port = srv.seen[0]!.remotePort;
    const open = () => [...srv.sockets].some((s) => s.remotePort === port);
    expect(open()).toBe(true);
    await client.close();
    // The global dispatcher would hold an idle socket for seconds; the client's Agent closes it now.
    await until(() => !open(), 1000);
  });

  it('rejects an abort with the signal’s reason, not an AtomSyncError', async () => {
    srv.handle = (_req, res) => setTimeout(() => res.writeHead(200).end(), 2000);
    const client = createClient({ baseUrl: srv.url });
    const error = await client.syncml.list({ signal: AbortSignal.timeout(50) }).catch((e: unknown) => e);
    expect((error as Error).name).toBe('TimeoutError');
    expect(isAtomSyncError(error)).toBe(false);
    await client.close();
  });

  it('rejects a refused connection with an AtomSyncNetworkError carrying fetch’s TypeError and its cause', async () => {
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as { port: number }).port;
    await new Promise((r) => probe.close(r));
    const error = await createClient({ baseUrl: `http://127.0.0.1:${port}`, retry: false }).health.get().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AtomSyncNetworkError);
    expect([isAtomSyncNetworkError(error), isAtomSyncError(error, 'network_error')]).toEqual([true, true]);
    const network = error as AtomSyncNetworkError;
    expect(network.message).toBe(`getHealth: no answer from http://127.0.0.1:${port}: ECONNREFUSED`);
    expect([network.status, network.code, network.reason, network.operationId, network.url, network.attempts]).toEqual([0, 'network_error', 'ECONNREFUSED', 'getHealth', `http://127.0.0.1:${port}/healthz`, 1]);
    expect(network.response.type).toBe('error');
    expect(network.cause).toBeInstanceOf(TypeError);
    expect(((network.cause as Error).cause as { code?: string }).code).toBe('ECONNREFUSED');
  });
});

describe('a caller’s transport', () => {
  it('sends through a dispatcher the caller passes, and leaves it open on close()', async () => {
    answerPhones();
    let dispatched = 0;
    class CountingAgent extends Agent {
      override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
        dispatched++;
        return super.dispatch(options, handler);
      }
    }
    const agent = new CountingAgent();
    const client = createClient({ baseUrl: srv.url, dispatcher: agent });
    await client.syncml.list();
    expect(dispatched).toBe(1);
    await client.close();
    expect(await client.syncml.list()).toEqual(phones);
    expect(dispatched).toBe(2);
    await agent.close();
  });

  it('calls a fetch the caller passes, without a dispatcher of ours', async () => {
    answerPhones();
    const calls: [RequestInfo | URL, RequestInit | undefined][] = [];
    const client = createClient({ baseUrl: srv.url, fetch: (input, init) => (calls.push([input, init]), fetch(input, init)) });
    expect(await client.syncml.list()).toEqual(phones);
    expect(calls).toHaveLength(1);
    const [input, init] = calls[0]!;
    // A Request (the middleware's), with nothing added beside it.
    expect(input).toBeInstanceOf(Request);
    expect(init).toBeUndefined();
  });
});

describe('the request on the wire', () => {
  it('keeps a base URL’s path prefix', async () => {
    answerPhones();
    await createClient({ baseUrl: `${srv.url}/atomsync/` }).syncml.list();
    expect(srv.seen[0]!.url).toBe('/atomsync/v2/services/syncml/');
  });

  it('sends Accept, a User-Agent, the client’s headers, and lets per-request headers win', async () => {
    answerPhones();
    const client = createClient({ baseUrl: srv.url, headers: { 'X-Tenant': 'acme', 'X-Trace': 'client' } });
    await client.syncml.list({ headers: { 'X-Trace': 'request' } });
    const h = srv.seen[0]!.headers;
    expect(h.accept).toBe('application/atom+xml');
    expect(h['user-agent']).toMatch(/^atomsync-sdk\/\d+\.\d+\.\d+ node\/20\./);
    expect([h['x-tenant'], h['x-trace']]).toEqual(['acme', 'request']);
    await createClient({ baseUrl: srv.url, userAgent: 'crm-sync/3.1' }).syncml.list();
    expect(srv.seen[1]!.headers['user-agent']).toBe('crm-sync/3.1');
  });

  it('posts a bodiless POST with Content-Length 0 and no Content-Type', async () => {
    srv.handle = (_req, res) => res.writeHead(200).end();
    await expect(createClient({ baseUrl: srv.url }).syncml.requestSync('00597a45-6a6d-4919-b1e0-f17e44c53370')).resolves.toBeUndefined();
    const h = srv.seen[0]!.headers;
    expect([srv.seen[0]!.method, h['content-length'], h['content-type']]).toEqual(['POST', '0', undefined]);
  });

  it('sends raw bodies byte for byte and returns raw answers by media type', async () => {
    const reply = Buffer.from([0x02, 0xa4, 0x01, 0x6a, 0x00]); // WBXML-ish bytes, not UTF-8 text
    srv.handle = (_req, res) => res.writeHead(200, { 'Content-Type': 'application/vnd.syncml+xml' }).end(reply);
    const message = new Uint8Array([0x3c, 0x53, 0x79, 0x6e, 0x63, 0x4d, 0x4c, 0x2f, 0x3e, 0xff]);
    const answer = await createClient({ baseUrl: srv.url }).syncmlProtocol.post(message, { headers: { 'Content-Type': 'application/vnd.syncml+wbxml' } });
    expect(answer).toEqual(new Uint8Array(reply));
    expect(new Uint8Array(srv.seen[0]!.body)).toEqual(message);
    expect(srv.seen[0]!.headers['content-type']).toBe('application/vnd.syncml+wbxml');

    srv.handle = (_req, res) => res.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok\n');
    expect(await createClient({ baseUrl: srv.url }).health.get()).toBe('ok\n');
  });

  it('refuses a missing required input before sending anything', async () => {
    const client = createClient({ baseUrl: srv.url });
    await expect(client.syncml.get('')).rejects.toThrow('missing path parameter clientUuid');
    await expect(client.datastore.contents('x').changes({} as { since: string })).rejects.toThrow('missing query parameter since');
    expect(srv.seen).toHaveLength(0);
  });

  it('refuses a base URL it cannot append paths to', () => {
    expect(() => createClient({ baseUrl: 'ftp://example.com' })).toThrow(TypeError);
    expect(() => createClient({ baseUrl: 'http://example.com/?x=1' })).toThrow(TypeError);
  });
});
