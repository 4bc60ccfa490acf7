/**
 * Body limits (guide/protocol.md#limits): 10 MiB per request, counted while the body streams and refused up
 * front when Content-Length declares more; 1,000 entries per batch feed. In memory the stream's
 * pulls are counted exactly; over a real socket the 413 must reach a client that keeps sending.
 */
import { connect } from 'node:net';
import { operations } from '@atomsync/atom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BATCH_ENTRIES, MAX_BODY_BYTES, createApp, createLogger, listen, type OperationHandlers, type RunningServer } from '../src/index.js';
import { ATOM, call, itValidatesErrorDocuments, keepErrorDocument } from './support/http.js';
import { sampleOf } from './support/samples.js';

const CHUNK = 64 * 1024;
const ran: string[] = [];
const handlers: OperationHandlers = {
  postSyncmlMessage: async ({ body }) => (ran.push(`syncml ${body.byteLength}`), new Uint8Array(0)),
  batchContents: async ({ body }) => (ran.push(`batch ${body.entries.length}`), { entries: [] }),
};
const app = createApp({ handlers, logger: createLogger('silent') });
const SYNCML = { 'content-type': 'application/vnd.syncml+xml' };

/** An endless body that counts what the server pulled and whether it was cancelled. */
function endless() {
  const seen = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        seen.pulled += CHUNK;
        controller.enqueue(new Uint8Array(CHUNK));
      },
      cancel() {
        seen.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, seen };
}

describe('10 MiB per request, in memory', () => {
  it('takes a body of exactly the limit', async () => {
    ran.length = 0;
    const answer = await call(app, 'POST', '/syncml', { body: new Uint8Array(MAX_BODY_BYTES), headers: SYNCML });
    expect(answer.status).toBe(200);
    expect(ran).toEqual([`syncml ${MAX_BODY_BYTES}`]);
  });

  it('refuses one byte more with 413 payload_too_large', async () => {
    const answer = await call(app, 'POST', '/syncml', { body: new Uint8Array(MAX_BODY_BYTES + 1), headers: SYNCML });
    expect(answer.status).toBe(413);
    expect(answer.error?.code).toBe('payload_too_large');
  });

  it('refuses a declared Content-Length past the limit before reading a byte', async () => {
    const { stream, seen } = endless();
    const answer = await call(app, 'POST', '/syncml', { body: stream, headers: { ...SYNCML, 'content-length': String(MAX_BODY_BYTES + 1) } });
    expect(answer.status).toBe(413);
    expect(seen.pulled).toBe(0);
  });

  it('stops an endless body without a Content-Length at the limit and cancels it', async () => {
    const { stream, seen } = endless();
    const answer = await call(app, 'POST', '/v2/services/datastore/c-1/contents/batch', { body: stream, headers: ATOM });
    expect(answer.status).toBe(413);
    expect(answer.error?.code).toBe('payload_too_large');
    expect(seen.pulled).toBeGreaterThan(MAX_BODY_BYTES);
    expect(seen.pulled).toBeLessThanOrEqual(MAX_BODY_BYTES + 2 * CHUNK);
    expect(seen.cancelled).toBe(true);
  });
});

describe('1,000 entries per batch feed', () => {
  const feed = (n: number) => {
    const one = sampleOf(operations.batchContents.request, 'request').value as { entries: unknown[] };
    return { entries: Array.from({ length: n }, () => one.entries[0]) };
  };
  const post = async (n: number) => {
    const { entryCodecs } = await import('@atomsync/atom');
    return call(app, 'POST', '/v2/services/datastore/c-1/contents/batch', { body: entryCodecs.BatchContentEntry.encodeFeed(feed(n) as never), headers: ATOM });
  };

  it('takes 1,000', async () => {
    ran.length = 0;
    expect((await post(MAX_BATCH_ENTRIES)).status).toBe(200);
    expect(ran).toEqual([`batch ${MAX_BATCH_ENTRIES}`]);
  });

  it('refuses 1,001 with 413 payload_too_large', async () => {
    ran.length = 0;
    const answer = await post(MAX_BATCH_ENTRIES + 1);
    expect(answer.status).toBe(413);
    expect(answer.error?.code).toBe('payload_too_large');
    expect(ran).toEqual([]);
  });
});

describe('10 MiB per request, over a socket', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await listen(app, { host: '127.0.0.1', port: 0 });
  });
  afterAll(() => server.close(1000));

  interface Upload {
    status: string;
    body: string;
    /** Bytes the client had written when the answer arrived. */
    sentWhenAnswered: number;
  }

  /** A client that keeps sending 64 KiB chunks until it has the answer (or 64 MiB are out). */
  function upload(headers: string, chunked: boolean, send = true): Promise<Upload> {
    return new Promise((resolve, reject) => {
      const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
      let text = '';
      let sent = 0;
      let sentWhenAnswered = -1;
      const chunk = Buffer.alloc(CHUNK, 0x61);
      const frame = chunked ? Buffer.concat([Buffer.from(`${CHUNK.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]) : chunk;
      const pump = () => {
        while (send && sentWhenAnswered < 0 && sent < 64 * 1024 * 1024) {
          sent += CHUNK;
          if (!socket.write(frame)) return void socket.once('drain', pump);
        }
      };
      socket.on('data', (d) => {
        if (sentWhenAnswered < 0) sentWhenAnswered = sent;
        text += d.toString('latin1');
        const end = text.indexOf('</error>');
        if (end >= 0) {
          socket.destroy();
          resolve({ status: text.slice(0, text.indexOf('\r\n')), body: text.slice(text.indexOf('<?xml'), end + 8), sentWhenAnswered });
        }
      });
      socket.on('error', reject);
      socket.write(`POST /v2/services/datastore/c-1/contents/batch HTTP/1.1\r\nHost: test\r\nContent-Type: application/atom+xml\r\n${headers}\r\n`);
      pump();
    });
  }

  it('answers 413 to a chunked upload that never ends, while it is still being sent', async () => {
    for (let i = 0; i < 5; i++) {
      const answer = await upload('Transfer-Encoding: chunked\r\n', true);
      expect(answer.status).toBe('HTTP/1.1 413 Payload Too Large');
      expect(answer.body).toContain('<code>payload_too_large</code>');
      expect(answer.sentWhenAnswered).toBeLessThan(40 * 1024 * 1024);
      keepErrorDocument(answer.body);
    }
  });

  it('answers 413 to a declared 64 MiB upload the client sends anyway', async () => {
    const answer = await upload(`Content-Length: ${64 * 1024 * 1024}\r\n`, false);
    expect(answer.status).toBe('HTTP/1.1 413 Payload Too Large');
    expect(answer.sentWhenAnswered).toBeLessThan(40 * 1024 * 1024);
  });

  it('answers 413 without asking for the body when the client expects 100-continue', async () => {
    const answer = await upload(`Content-Length: ${64 * 1024 * 1024}\r\nExpect: 100-continue\r\n`, false, false);
    expect(answer.status).toBe('HTTP/1.1 413 Payload Too Large');
    expect(answer.sentWhenAnswered).toBe(0);
  });

  it('asks for the body of an acceptable upload that expects 100-continue', async () => {
    const body = 'not xml';
    const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
    const text = await new Promise<string>((resolve) => {
      let got = '';
      socket.on('data', (d) => {
        got += d.toString();
        if (got.startsWith('HTTP/1.1 100 Continue\r\n\r\n') && got.length === 25) socket.write(body);
        if (got.includes('</error>')) resolve(got);
      });
      socket.write(`POST /v2/services/datastore/c-1/contents/batch HTTP/1.1\r\nHost: test\r\nContent-Type: application/atom+xml\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n`);
    });
    socket.destroy();
    expect(text).toMatch(/^HTTP\/1.1 100 Continue\r\n\r\nHTTP\/1.1 400 /);
    expect(text).toContain('<code>invalid_xml</code>');
  });
});

itValidatesErrorDocuments();
