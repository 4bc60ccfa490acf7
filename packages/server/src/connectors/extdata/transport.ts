/**
 * How the extdata connector reaches a remote: the global `fetch` (so fetch interceptors such as
 * msw see the traffic) carried by an undici `Agent` (undici-agent.ts: one whose parser cannot
 * assert the process down) with connect, headers and body timeouts, an
 * overall `AbortSignal.timeout` per attempt, and bounded retries (p-retry: exponential backoff
 * with jitter, a few short attempts).
 *
 * What is retried depends on whether repeating the request can do harm:
 *
 *  request            retried on                                   never on
 *  GET (idempotent)   network errors, timeouts, 429, 5xx            other 4xx, 3xx, a wrong content type
 *  batch POST         429 and 503 only: the remote says it did      anything else, network errors and
 *                     nothing, so repeating it cannot insert twice  timeouts included (it may have applied)
 *
 * A `Retry-After` is honoured up to a cap; a remote asking for longer fails the request at once
 * rather than stalling the run. A success is a 2xx answered as `application/atom+xml`; every
 * failure becomes an ExtdataError whose message names the remote and what went wrong, e.g.
 * `extdata http://…/contents/: 503 Service Unavailable after 3 attempts`.
 */
import { STATUS_CODES } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { ATOM_MEDIA_TYPE, decodeServiceError } from '@atomsync/atom';
import pRetry, { AbortError } from 'p-retry';
import type { Dispatcher } from 'undici';
import { createUnpausedAgent } from './undici-agent.js';
import { normalizeMediaType } from '@atomsync/items';
import type { Signer } from './sign.js';

export interface RetryPolicy {
  /** Retries after the first attempt: 2 means at most 3 attempts. */
  readonly retries: number;
  /** Backoff before the first retry; doubles each retry, with jitter, up to `maxDelayMs`. */
  readonly minDelayMs: number;
  readonly maxDelayMs: number;
  /** The longest `Retry-After` waited for; a remote asking for longer fails the request at once. */
  readonly retryAfterCapMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { retries: 2, minDelayMs: 200, maxDelayMs: 2_000, retryAfterCapMs: 5_000 };
/** Per attempt: connecting, waiting for headers, reading the body, and the whole exchange. */
export const DEFAULT_TIMEOUT_MS = 30_000;

export interface TransportOptions {
  /** Replaces the global fetch (which is looked up per request otherwise). A custom fetch gets no dispatcher. */
  readonly fetch?: typeof globalThis.fetch;
  readonly timeoutMs?: number;
  readonly retry?: Partial<RetryPolicy>;
}

export interface RemoteRequest {
  readonly method: 'GET' | 'POST';
  readonly url: URL;
  readonly body?: string;
  /** Names the remote in errors (the datastore's href). */
  readonly label: string;
}

export interface RemoteResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
}

/** A request to a remote that failed for good; the message is safe to log (no credentials). */
export class ExtdataError extends Error {
  override readonly name = 'ExtdataError';
  constructor(
    message: string,
    /** The remote's HTTP status, when it answered one. */
    readonly status?: number,
  ) {
    super(message);
  }
}

/** One attempt's failure: what to say, and whether another attempt may help. */
class AttemptFailure extends Error {
  constructor(
    readonly what: string,
    readonly retryable: boolean,
    readonly status?: number,
    readonly retryAfterMs?: number,
  ) {
    super(what);
  }
}

export interface Transport {
  /** Sends `request` (signed anew per attempt: a fresh nonce each time) and returns its Atom answer. */
  send(request: RemoteRequest): Promise<RemoteResponse>;
}

// One keep-alive pool per timeout setting, shared by every connector: connectors live for one run,
// and a pool per run would leave its idle sockets behind.
const agents = new Map<number, Promise<Dispatcher>>();
function agentFor(timeoutMs: number): Promise<Dispatcher> {
  let agent = agents.get(timeoutMs);
  if (agent === undefined) {
    agent = createUnpausedAgent({ connect: { timeout: Math.min(timeoutMs, 10_000) }, headersTimeout: timeoutMs, bodyTimeout: timeoutMs }).then((a) => a.dispatcher);
    agents.set(timeoutMs, agent);
  }
  return agent;
}

export function createTransport(sign: Signer, options: TransportOptions = {}): Transport {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const policy: RetryPolicy = { ...DEFAULT_RETRY, ...options.retry };
  const dispatcher: Promise<Dispatcher> | undefined = options.fetch ? undefined : agentFor(timeoutMs);

  async function attempt(request: RemoteRequest): Promise<RemoteResponse> {
    const idempotent = request.method === 'GET';
    const headers: Record<string, string> = { Accept: ATOM_MEDIA_TYPE, Authorization: sign(request.method, request.url), 'User-Agent': 'atomsync-extdata' };
    if (request.body !== undefined) headers['Content-Type'] = ATOM_MEDIA_TYPE;
    const init: RequestInit & { dispatcher?: Dispatcher } = { method: request.method, headers, body: request.body, signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' };
    if (dispatcher) init.dispatcher = await dispatcher;
    const fetchImpl = options.fetch ?? globalThis.fetch;

    let response: Response;
    try {
      response = await fetchImpl(request.url, init);
    } catch (error) {
      // No answer: a GET may try again; a POST may have been applied, so it may not.
      throw new AttemptFailure(describeNetworkFailure(error, timeoutMs), idempotent);
    }
    if (!response.ok) throw await statusFailure(response, idempotent, policy.retryAfterCapMs);

    const type = normalizeMediaType(response.headers.get('content-type') ?? '');
    if (type !== ATOM_MEDIA_TYPE) {
      // Not awaited: a cancelled body of some fetch implementations (msw's) never settles.
      response.body?.cancel().catch(() => undefined);
      throw new AttemptFailure(`${response.status} answered ${type === '' ? 'without a content type' : `as ${type}`}, not ${ATOM_MEDIA_TYPE}`, false, response.status);
    }
    try {
      return { status: response.status, headers: response.headers, text: await response.text() };
    } catch (error) {
      throw new AttemptFailure(`reading the answer: ${describeNetworkFailure(error, timeoutMs)}`, idempotent);
    }
  }

  return {
    async send(request) {
      let attempts = 0;
      try {
        return await pRetry(
          async () => {
            attempts += 1;
            try {
              return await attempt(request);
            } catch (error) {
              const failure = error instanceof AttemptFailure ? error : new AttemptFailure(String(error), false);
              throw failure.retryable ? failure : new AbortError(failure);
            }
          },
          {
            retries: policy.retries,
            factor: 2,
            minTimeout: policy.minDelayMs,
            maxTimeout: policy.maxDelayMs,
            randomize: true,
            onFailedAttempt: async (error) => {
              // The backoff follows as well: a Retry-After is a floor, not the whole wait.
              const wait = error instanceof AttemptFailure ? error.retryAfterMs : undefined;
              if (wait !== undefined && error.retriesLeft > 0) await sleep(wait);
            },
          },
        );
      } catch (error) {
        if (!(error instanceof AttemptFailure)) throw error;
        const tries = attempts > 1 ? ` after ${attempts} attempts` : '';
        throw new ExtdataError(`extdata ${request.label}: ${error.what}${tries}`, error.status);
      }
    },
  };
}

/** `503 Service Unavailable`, with the reason phrase of the code when the remote sent none. */
function statusLine(response: Response): string {
  const text = response.statusText || STATUS_CODES[response.status] || '';
  return text === '' ? String(response.status) : `${response.status} ${text}`;
}

async function statusFailure(response: Response, idempotent: boolean, retryAfterCapMs: number): Promise<AttemptFailure> {
  const { status } = response;
  const line = statusLine(response);
  const body = await response.text().catch(() => '');
  if (status === 401 || status === 403) return new AttemptFailure(`${line}: the remote refused the datastore's token`, false, status);
  if (status >= 300 && status < 400) {
    return new AttemptFailure(`${line}: the remote moved the feed${response.headers.has('location') ? ` to ${response.headers.get('location')}` : ''}; update the datastore's href`, false, status);
  }
  // 429 and 503 say the request was not acted on; other 5xx may have been half done.
  const refused = status === 429 || status === 503;
  const retryable = refused || (idempotent && status >= 500);
  if (!retryable) return new AttemptFailure(`${line}${remoteMessage(body)}`, false, status);
  const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
  if (retryAfterMs !== undefined && retryAfterMs > retryAfterCapMs) {
    return new AttemptFailure(`${line}: the remote asked to retry after ${Math.ceil(retryAfterMs / 1000)} s, longer than the ${retryAfterCapMs / 1000} s we wait`, false, status);
  }
  return new AttemptFailure(line, true, status, retryAfterMs);
}

/** `: <message>` of an atomsync-style error body, shortened; '' for any other body. */
function remoteMessage(body: string): string {
  if (!body.includes('<error')) return '';
  try {
    const message = decodeServiceError(body).message.trim();
    return message === '' ? '' : `: ${message.length > 200 ? `${message.slice(0, 200)}…` : message}`;
  } catch {
    return '';
  }
}

/** Seconds or an HTTP date → milliseconds from now; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** A fetch rejection in words: a timeout, or the network error's code (`ECONNREFUSED`, …). */
function describeNetworkFailure(error: unknown, timeoutMs: number): string {
  const e = error as { name?: string; code?: string; cause?: { name?: string; code?: string; message?: string } } | undefined;
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return `no answer within ${timeoutMs} ms`;
  const code = e?.cause?.code ?? e?.code;
  if (code !== undefined && /TIMEOUT/i.test(code)) return `no answer within ${timeoutMs} ms (${code})`;
  if (code !== undefined) return `network error (${code})`;
  return `network error (${e?.cause?.message ?? (error instanceof Error ? error.message : String(error))})`;
}
