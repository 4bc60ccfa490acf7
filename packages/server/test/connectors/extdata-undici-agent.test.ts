/**
 * The extdata transport's undici Agent (src/connectors/extdata/undici-agent.ts) against an
 * HTTP/1.0 server that closes a large answer: the read completes, and the process lives; and
 * creating it leaves the server's other fetches on Node's own global dispatcher.
 */
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUnpausedAgent } from '../../src/connectors/extdata/undici-agent.js';

describe('the extdata undici Agent', () => {
  // As Radicale answers: HTTP/1.0, no length, the answer ends when the server closes.
  let server: Server;
  let url = '';
  beforeAll(async () => {
    server = createServer((socket) => {
      socket.once('data', (head) => {
        const size = Number(/size=(\d+)/.exec(String(head))![1]);
        socket.write('HTTP/1.0 200 OK\r\nContent-Type: application/atom+xml\r\n\r\n');
        socket.end(Buffer.alloc(size, 'x'));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('reads a large answer a server closes while the reader is slow, whole, without crashing the process', async () => {
    // A plain undici 7 Agent asserts (and the process dies) when the close lands while its parser
    // is paused for backpressure; a slow reader (a busy server) makes that likely on some sizes.
    const agent = await createUnpausedAgent({ headersTimeout: 10_000, bodyTimeout: 10_000 });
    for (let i = 0; i < 40; i++) {
      const size = 1_000 + ((i * 7_919_731) % 2_000_000);
      const response = await fetch(`${url}?size=${size}`, { dispatcher: agent.dispatcher } as RequestInit);
      const reader = response.body!.getReader();
      let read = 0;
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        expect(chunk.value.every((b) => b === 0x78)).toBe(true);
        read += chunk.value.length;
        await new Promise((r) => setTimeout(r, 1));
      }
      expect(read).toBe(size);
    }
    await agent.close();
  });

  it('is never the global dispatcher: the server’s other fetches stay on Node’s own', async () => {
    const script = fileURLToPath(new URL('../support/global-dispatcher.mjs', import.meta.url));
    const transport = fileURLToPath(new URL('../../src/connectors/extdata/transport.ts', import.meta.url));
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script, transport], { cwd: fileURLToPath(new URL('.', import.meta.url)) });
    expect(JSON.parse(stdout)).toEqual({ installed: true, undici7: false });
  });
});
