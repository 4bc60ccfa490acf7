/**
 * createClient for Node: the core (core.ts) over global fetch with a keep-alive undici Agent the
 * client owns (transport.ts). The browser/edge build's createClient is in browser-client.ts.
 */
import type { Dispatcher } from 'undici';
import { createClientWith, type AtomSyncClient, type CommonClientOptions } from './core.js';
import { createTransport } from './transport.js';
import { VERSION } from './version.js';

export interface ClientOptions extends CommonClientOptions {
  /**
   * An undici dispatcher to carry requests (an `Agent` with your pool settings, a `ProxyAgent`,
   * a `MockAgent`). By default the client creates its own keep-alive `Agent`; a custom `fetch`
   * is handed `dispatcher` in its init only when you pass a dispatcher too.
   */
  dispatcher?: Dispatcher;
}

export function createClient(options: ClientOptions): AtomSyncClient {
  const transport = createTransport({ fetch: options.fetch, dispatcher: options.dispatcher });
  return createClientWith(options, transport, `atomsync-sdk/${VERSION} node/${process.versions.node}`);
}
