/**
 * The client's own undici 7 Agent (src/undici-agent.ts) in someone else's process: it must not
 * become the global dispatcher, and a server closing a large answer must not take the process down.
 */
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTransport } from '../src/transport.js';

describe('the client’s own undici Agent', () => {
  // An HTTP/1.0 server as Radicale is: the answer has no length and ends when the server closes.
  let server: Server;
  let url = '';
  beforeAll(async () => {
    server = createServer((socket) => {
      socket.once('data', (head) => {
        const size = Number(/size=(\d+)/.exec(String(head))![1]);
        socket.write('HTTP/1.0 207 Multi-Status\r\nContent-Type: application/xml\r\n\r\n');
        socket.end(Buffer.alloc(size, 'x'));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('reads a large answer a server closes while the reader is slow, whole, without crashing the process', async () => {
    // undici 7 asserts (and the process dies) when the close lands while its parser is paused for
    // backpressure; a slow reader makes that likely on some of these sizes, as it does on Radicale.
    const transport = createTransport({});
    for (let i = 0; i < 40; i++) {
      const size = 1_000 + ((i * 7_919_731) % 2_000_000);
      const response = await transport.send(new Request(`${url}?size=${size}`, { method: 'PROPFIND' }));
      const reader = response.body!.getReader();
      let read = 0;
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        expect(chunk.value.every((b) => b === 0x78)).toBe(true);
        read += chunk.value.length;
        await new Promise((r) => setTimeout(r, 1));
      }
      expect(read).toBe(size);
    }
    await transport.close();
  });

  it('is never the global dispatcher: loading the SDK and sending leaves unrelated fetches on Node’s own', async () => {
    const script = fileURLToPath(new URL('./fixtures/global-dispatcher.mjs', import.meta.url));
    const sdk = fileURLToPath(new URL('../src/index.ts', import.meta.url));
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script, sdk], { cwd: fileURLToPath(new URL('.', import.meta.url)) });
    expect(JSON.parse(stdout)).toEqual({ installed: true, undici7: false });
  });
});
