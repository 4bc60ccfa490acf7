/** The node:http listener: drain with a deadline, clients that vanish mid-upload. */
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp, createLogger, listen, type OperationHandlers, type RunningServer } from '../src/index.js';

const BODY = '<entry xmlns="http://www.w3.org/2005/Atom" xmlns:s="http://schemas.atomsync.dev/2009/sync"><s:sync_mode>200</s:sync_mode><s:dataclass>Notes</s:dataclass></entry>';
const HEAD = `POST /v2/syncengine/7/synchronization/ HTTP/1.1\r\nHost: test\r\nContent-Type: application/atom+xml\r\nContent-Length: ${BODY.length}\r\n\r\n`;

const servers: RunningServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close(100);
});

async function serve(handlers: OperationHandlers = {}): Promise<{ server: RunningServer; port: number }> {
  const server = await listen(createApp({ handlers, logger: createLogger('silent') }), { host: '127.0.0.1', port: 0 });
  servers.push(server);
  return { server, port: Number(new URL(server.url).port) };
}

function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

function received(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    socket.on('data', (d) => (text += d.toString()));
    socket.on('close', () => resolve(text));
  });
}

describe('close()', () => {
  it('resolves true once an in-flight request has finished', async () => {
    const { server, port } = await serve();
    const socket = await open(port);
    const answer = received(socket);
    socket.write(HEAD + BODY.slice(0, 10));
    await new Promise((r) => setTimeout(r, 100));
    const closed = server.close(5000);
    let done = false;
    void closed.then(() => (done = true));
    await new Promise((r) => setTimeout(r, 100));
    expect(done).toBe(false);
    socket.write(BODY.slice(10));
    expect(await closed).toBe(true);
    expect(await answer).toMatch(/^HTTP\/1.1 501 /);
  });

  it('resolves false and cuts the connection at the deadline', async () => {
    const { server, port } = await serve();
    const socket = await open(port);
    const answer = received(socket);
    socket.write(HEAD + BODY.slice(0, 10));
    await new Promise((r) => setTimeout(r, 100));
    const started = performance.now();
    expect(await server.close(300)).toBe(false);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(await answer).toBe('');
  });
});

describe('a client that vanishes mid-upload', () => {
  it('leaves the server answering the next request', async () => {
    const ran: string[] = [];
    const { server, port } = await serve({ synchronize: async () => (ran.push('synchronize'), {} as never) });
    const socket = await open(port);
    socket.write(HEAD + BODY.slice(0, 10));
    await new Promise((r) => setTimeout(r, 50));
    socket.destroy();
    await new Promise((r) => setTimeout(r, 50));
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(ran).toEqual([]);
  });
});
