/**
 * Serving an h3 app on node:http (through h3's node adapter, srvx), with
 *
 * - a drain: `close()` stops accepting, lets every in-flight request finish, closes keep-alive
 *   connections as they fall idle, and resolves once the last one is gone (or force-closes at
 *   the deadline);
 * - lingering: an answer given before the request body was read to its end (413 mid-upload,
 *   401, 415, …) is followed by discarding the rest of the body for a short while. Closing at
 *   once would make the kernel reset the connection while the client is still sending, and a
 *   reset can destroy the answer before the client reads it;
 * - `Expect: 100-continue` left to the pipeline: the client is told to send its body only when
 *   the body is read, so a refused request never sends it.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler, type H3 } from 'h3';

export interface ListenOptions {
  host: string;
  port: number;
}

export interface RunningServer {
  /** `http://host:port`, with the port actually bound (`--port 0` picks one). */
  readonly url: string;
  readonly server: Server;
  /** Drains and closes; true when every request finished before `timeoutMs`. */
  close(timeoutMs?: number): Promise<boolean>;
}

function urlOf(address: AddressInfo): string {
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/** How long, and how much, of an unread body is discarded after the answer before the connection is cut. */
const LINGER_MS = 2_000;
const LINGER_BYTES = 64 * 1024 * 1024;

function discardRest(req: IncomingMessage): void {
  if (req.complete || req.destroyed) return;
  let discarded = 0;
  const cut = () => req.socket.destroy();
  const deadline = setTimeout(cut, LINGER_MS);
  deadline.unref();
  req.once('close', () => clearTimeout(deadline));
  // Whoever read part of the body (the web stream of srvx) has given up on it.
  req.removeAllListeners('data');
  req.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > LINGER_BYTES) cut();
  });
  req.resume();
}

export async function listen(app: H3, options: ListenOptions): Promise<RunningServer> {
  const handle = toNodeHandler(app);
  const inFlight = new Set<ServerResponse>();
  let closing: Promise<boolean> | undefined;
  const serve = (req: IncomingMessage, res: ServerResponse) => {
    // Requests that arrive on an open connection while draining are served, then the connection closes.
    if (closing) res.shouldKeepAlive = false;
    inFlight.add(res);
    res.once('finish', () => discardRest(req));
    res.once('close', () => {
      inFlight.delete(res);
      if (closing) server.closeIdleConnections();
    });
    void handle(req, res);
  };
  const server = createServer(serve);
  server.on('checkContinue', serve);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    url: urlOf(server.address() as AddressInfo),
    server,
    close(timeoutMs = 25_000) {
      closing ??= new Promise<boolean>((resolve) => {
        for (const res of inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
        const deadline = setTimeout(() => {
          server.closeAllConnections();
          resolve(false);
        }, timeoutMs);
        deadline.unref();
        server.close(() => {
          clearTimeout(deadline);
          resolve(true);
        });
        server.closeIdleConnections();
      });
      return closing;
    },
  };
}
