/**
 * createClient's core, shared by the Node and the browser/edge builds: resolves the options once
 * and binds the generated operation groups to the runtime. Each build's createClient adds its
 * transport and its default User-Agent (client.ts for Node, browser-client.ts).
 */
import type { Auth } from './auth.js';
import { executeOperation, iterateOperation, MAX_PAGE_SIZE, type ExecuteConfig } from './execute.js';
import type { Transport } from './fetch-transport.js';
import { createOperations, type AtomSyncApi } from './generated/operations.js';
import type { HeaderValues, Invoke, Iterate } from './invoke.js';
import type { Middleware } from './middleware.js';
import { resolveRetry, type RetryOptions } from './retry.js';

/** The options of createClient in every build. */
export interface CommonClientOptions {
  /** Where the service is, e.g. `http://127.0.0.1:8080`; a path prefix (`https://host/sync`) is kept. */
  baseUrl: string | URL;
  /** Credentials for every request: `basicAuth`, `bearerAuth`, `oauth1`, or your own. */
  auth?: Auth;
  /** The fetch to call instead of the global one (e.g. a wrapped or instrumented fetch); it is handed a `Request`. */
  fetch?: typeof globalThis.fetch;
  /** Headers for every request (per-request headers win). */
  headers?: HeaderValues;
  /** The User-Agent to send instead of the default (Node: `atomsync-sdk/<version> node/<version>`; browsers: none of ours). */
  userAgent?: string;
  /**
   * Retries, with exponential backoff and full jitter (retry.ts): idempotent requests (GET, PUT,
   * DELETE) after no answer and after 502/503/504, any request answered 429 or 503 with
   * `Retry-After`, which is waited for (up to `maxDelayMs`). A POST is never repeated after no
   * answer or a 5xx. Default `{ retries: 2, minDelayMs: 100, maxDelayMs: 20_000 }`; `false`: none.
   */
  retry?: RetryOptions | false;
  /**
   * Each attempt's timeout in milliseconds (sending, waiting, reading the answer); default 30 000,
   * `false` for none. An attempt that runs out rejects with an AtomSyncTimeoutError (after the
   * retries an idempotent request gets).
   */
  timeout?: number | false;
  /** Functions every attempt's request goes through, outermost first (middleware.ts). */
  middleware?: readonly Middleware[];
  /**
   * The page size of a list call that names none (`max-results`, 1 to 1,000): the answer is one
   * page, its `links` holding `rel="next"` while more follow. Default 100. `false` asks for every
   * entry in one answer, as the service does without a page size (a large datastore is megabytes).
   * The `iterate…` twin of a list call reads every page, 1,000 entries at a time.
   */
  pageSize?: number | false;
}

export interface AtomSyncClient extends AtomSyncApi {
  /** Closes the connection pool the client created (not a dispatcher you passed in); a no-op in browsers. */
  close(): Promise<void>;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_PAGE_SIZE = 100;

export function createClientWith(options: CommonClientOptions, transport: Transport, defaultUserAgent: string | undefined): AtomSyncClient {
  const base = new URL(options.baseUrl);
  if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new TypeError(`baseUrl must be http(s), not ${base.protocol}`);
  if (base.search || base.hash) throw new TypeError('baseUrl cannot have a query or fragment');
  const timeout = options.timeout ?? DEFAULT_TIMEOUT_MS;
  if (timeout !== false && !(Number.isFinite(timeout) && timeout > 0)) throw new TypeError(`timeout must be a number of milliseconds > 0, or false; not ${timeout}`);
  const pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
  if (pageSize !== false && !(Number.isInteger(pageSize) && pageSize >= 1 && pageSize <= MAX_PAGE_SIZE)) {
    throw new TypeError(`pageSize must be an integer from 1 to ${MAX_PAGE_SIZE}, or false; not ${pageSize}`);
  }
  const config: ExecuteConfig = {
    baseUrl: base.href.replace(/\/+$/, ''),
    auth: options.auth,
    headers: options.headers,
    userAgent: options.userAgent ?? defaultUserAgent,
    retry: resolveRetry(options.retry),
    timeout: timeout === false ? undefined : timeout,
    middleware: [...(options.middleware ?? [])],
    pageSize: pageSize === false ? undefined : pageSize,
    send: (request) => transport.send(request),
  };
  const invoke = ((spec, input, requestOptions) => executeOperation(config, spec, input as never, requestOptions)) as Invoke;
  const iterate = ((spec, input, requestOptions) => iterateOperation(config, spec, input as never, requestOptions)) as Iterate;
  return { ...createOperations(invoke, iterate), close: () => transport.close() };
}
