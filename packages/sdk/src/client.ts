/**
 * createClient: the entry point. Resolves the options once and binds the generated operation
 * groups to the runtime.
 */
import type { Dispatcher } from 'undici';
import type { Auth } from './auth.js';
import { executeOperation, type ExecuteConfig } from './execute.js';
import { createOperations, type AtomSyncApi } from './generated/operations.js';
import type { HeaderValues, Invoke } from './invoke.js';
import { createTransport } from './transport.js';
import { VERSION } from './version.js';

export interface ClientOptions {
  /** Where the service is, e.g. `http://127.0.0.1:8080`; a path prefix (`https://host/sync`) is kept. */
  baseUrl: string | URL;
  /** Credentials for every request: `basicAuth`, `bearerAuth`, `oauth1`, or your own. */
  auth?: Auth;
  /**
   * The fetch to call instead of the global one (e.g. a wrapped or instrumented fetch). It is
   * handed `dispatcher` in its init only when you pass a dispatcher too.
   */
  fetch?: typeof globalThis.fetch;
  /**
   * An undici dispatcher to carry requests (an `Agent` with your pool settings, a `RetryAgent`,
   * a `ProxyAgent`, a `MockAgent`). By default the client creates its own keep-alive `Agent`.
   */
  dispatcher?: Dispatcher;
  /** Headers for every request (per-request headers win). */
  headers?: HeaderValues;
  /** Replaces the default `atomsync-sdk/<version>` User-Agent. */
  userAgent?: string;
}

export interface AtomSyncClient extends AtomSyncApi {
  /** Closes the connection pool the client created (not a dispatcher you passed in). */
  close(): Promise<void>;
}

export function createClient(options: ClientOptions): AtomSyncClient {
  const base = new URL(options.baseUrl);
  if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new TypeError(`baseUrl must be http(s), not ${base.protocol}`);
  if (base.search || base.hash) throw new TypeError('baseUrl cannot have a query or fragment');
  const transport = createTransport({ fetch: options.fetch, dispatcher: options.dispatcher });
  const config: ExecuteConfig = {
    baseUrl: base.href.replace(/\/+$/, ''),
    auth: options.auth,
    headers: options.headers,
    userAgent: options.userAgent ?? `atomsync-sdk/${VERSION} node/${process.versions.node}`,
    send: (url, init) => transport.send(url, init),
  };
  const invoke = ((spec, input, requestOptions) => executeOperation(config, spec, input as never, requestOptions)) as Invoke;
  return { ...createOperations(invoke), close: () => transport.close() };
}
