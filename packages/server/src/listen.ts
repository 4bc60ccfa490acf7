/**
 * Serving an h3 app on node:http, or node:https with a certificate (through h3's node adapter,
 * srvx), with
 *
 * - a drain: `close()` stops accepting, lets every in-flight request finish, closes keep-alive
 *   connections as they fall idle, and resolves once the last one is gone (or force-closes at
 *   the deadline);
 * - lingering: an answer given before the request body was read to its end (413 mid-upload,
 *   401, 415, …) is followed by discarding the rest of the body for a short while. Closing at
 *   once would make the kernel reset the connection while the client is still sending, and a
 *   reset can destroy the answer before the client reads it. That holds for a connection the
 *   answer closes too (the client sent `Connection: close`, or a drain): node would destroy it
 *   as soon as the answer is written, so it is only half-closed then, and destroyed once the
 *   client has sent the rest (or at the linger bounds);
 * - `Expect: 100-continue` left to the pipeline: the client is told to send its body only when
 *   the body is read, so a refused request never sends it.
 *
 * Both hold for https alike: node's https.Server is a tls.Server that borrows http.Server's
 * request handling (the same 'request' and 'checkContinue' events, closeIdleConnections and
 * closeAllConnections). Only a connection still in its TLS handshake is not yet one of http's,
 * so the drain closes those itself.
 */
import { createServer as createHttpServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { toNodeHandler, type H3 } from 'h3';

/** A certificate (PEM, the chain after it) and its private key (PEM, unencrypted). */
export interface TlsPair {
  cert: string | Buffer;
  key: string | Buffer;
}

export interface ListenOptions {
  host: string;
  port: number;
  /** Serve https with this certificate; without it, http. */
  tls?: TlsPair;
}

export interface RunningServer {
  /** `http://host:port` (`https://` with `tls`), with the port actually bound (`--port 0` picks one). */
  readonly url: string;
  /** An https.Server with `tls` (its `setSecureContext` swaps the certificate for new connections). */
  readonly server: HttpServer | HttpsServer;
  /** Drains and closes; true when every request finished before `timeoutMs`. */
  close(timeoutMs?: number): Promise<boolean>;
}

function urlOf(address: AddressInfo, scheme: 'http' | 'https'): string {
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `${scheme}://${host}:${address.port}`;
}

/** How long, and how much, of an unread body is discarded after the answer before the connection is cut. */
const LINGER_MS = 2_000;
const LINGER_BYTES = 64 * 1024 * 1024;

/**
 * Node ends a connection whose answer says `Connection: close` with `socket.destroySoon()`: our
 * FIN, then destroy as soon as the answer is written. Under a client still sending its body that
 * destroy makes the kernel answer its next bytes with a reset, which can reach the client before
 * it reads the answer (an over-limit upload got EPIPE instead of its 413). While the connection's
 * request is unread, the connection is only half-closed: the client reads the answer and our
 * FIN, discardRest reads what it still sends, and the connection goes once that body ends (or at
 * discardRest's bounds).
 */
function halfCloseWhileUnread(socket: Socket, current: () => IncomingMessage | undefined): void {
  const destroySoon = socket.destroySoon;
  socket.destroySoon = function (this: Socket) {
    const req = current();
    if (req === undefined || req.complete || req.destroyed) return destroySoon.call(this);
    this.end();
    req.once('end', () => this.destroy());
  };
}

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

/**
 * The connections of an https server still in their TLS handshake. http's connection list takes
 * a connection only once it is secure, so closeIdleConnections and closeAllConnections miss
 * these, and one that never finishes (a client that connects and says nothing) would hold
 * `server.close()` up to the handshake timeout (2 minutes). The TCP socket ('connection') and the
 * TLS socket over it ('secureConnection') share their remote address and port, which pairs them.
 */
function trackHandshakes(server: HttpsServer): { destroyAll(): void } {
  const pending = new Map<string, Socket>();
  const endpoint = (socket: Socket) => `${socket.remoteAddress}|${socket.remotePort}`;
  server.on('connection', (socket: Socket) => {
    const key = endpoint(socket);
    pending.set(key, socket);
    socket.once('close', () => {
      if (pending.get(key) === socket) pending.delete(key);
    });
  });
  server.on('secureConnection', (socket: TLSSocket) => pending.delete(endpoint(socket)));
  return {
    destroyAll() {
      for (const socket of pending.values()) socket.destroy();
      pending.clear();
    },
  };
}

export async function listen(app: H3, options: ListenOptions): Promise<RunningServer> {
  const handle = toNodeHandler(app);
  const inFlight = new Set<ServerResponse>();
  let closing: Promise<boolean> | undefined;
  // The request each connection is on, for halfCloseWhileUnread.
  const requestOn = new WeakMap<Socket, IncomingMessage>();
  const serve = (req: IncomingMessage, res: ServerResponse) => {
    // Requests that arrive on an open connection while draining are served, then the connection closes.
    if (closing) res.shouldKeepAlive = false;
    const socket = req.socket;
    if (!requestOn.has(socket)) halfCloseWhileUnread(socket, () => requestOn.get(socket));
    requestOn.set(socket, req);
    inFlight.add(res);
    res.once('finish', () => discardRest(req));
    res.once('close', () => {
      inFlight.delete(res);
      if (closing) server.closeIdleConnections();
    });
    void handle(req, res);
  };
  const server = options.tls === undefined ? createHttpServer(serve) : createHttpsServer({ cert: options.tls.cert, key: options.tls.key }, serve);
  server.on('checkContinue', serve);
  const handshaking = options.tls === undefined ? undefined : trackHandshakes(server as HttpsServer);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    url: urlOf(server.address() as AddressInfo, options.tls === undefined ? 'http' : 'https'),
    server,
    close(timeoutMs = 25_000) {
      closing ??= new Promise<boolean>((resolve) => {
        for (const res of inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
        const deadline = setTimeout(() => {
          server.closeAllConnections();
          handshaking?.destroyAll();
          resolve(false);
        }, timeoutMs);
        deadline.unref();
        server.close(() => {
          clearTimeout(deadline);
          resolve(true);
        });
        server.closeIdleConnections();
        // Idle as well: no request has come over them yet.
        handshaking?.destroyAll();
      });
      return closing;
    },
  };
}
