/**
 * The fetch the DAV connector and the registration check send with: the transport rules of the
 * Atom connector (transport.ts) for DAV methods — a timeout per attempt on a shared keep-alive
 * agent (node:http: see nodeFetch for why not undici), and bounded retries with backoff where repeating cannot harm: reads (GET, PROPFIND,
 * REPORT, OPTIONS) on network errors, timeouts, 429 and 5xx; writes (PUT, DELETE) only on 429 and
 * 503, which say the request was not acted on. A `Retry-After` past the cap fails at once.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { FetchLike } from '@atomsync/dav';
import type { BlockList } from 'node:net';
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { DEFAULT_RETRY, DEFAULT_TIMEOUT_MS, ExtdataError, parseRetryAfter, type RetryPolicy } from '../transport.js';
import { ALWAYS_REFUSED, checkLiteralHost, refusingLookup, RefusedAddress } from './addresses.js';

const READS = new Set(['GET', 'HEAD', 'OPTIONS', 'PROPFIND', 'REPORT']);

// One keep-alive pool per address rule and scheme, shared by every run (see transport.ts).
const agents = new Map<string, HttpAgent>();
function agentFor(protocol: string, refused: BlockList, rule: string): HttpAgent {
  const key = `${protocol}/${rule}`;
  let agent = agents.get(key);
  if (agent === undefined) {
    const options = { keepAlive: true, lookup: refusingLookup(refused) };
    agent = protocol === 'https:' ? new HttpsAgent(options) : new HttpAgent(options);
    agents.set(key, agent);
  }
  return agent;
}

/**
 * A fetch over node:http, answers read whole. Not undici's: undici 7 asserts (`!this.paused`,
 * client-h1.js) and takes the process down when a server ends the connection while a large
 * close-delimited answer is paused for backpressure — what Radicale (HTTP/1.0) does with the
 * listing of a 5,000-card address book.
 */
function nodeFetch(url: URL, init: RequestInit, timeoutMs: number, agent: HttpAgent): Promise<Response> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => (headers[name] = value));
    const body = init.body === undefined || init.body === null ? undefined : Buffer.from(String(init.body), 'utf8');
    if (body !== undefined) headers['content-length'] = String(body.length);
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(url, { method: init.method ?? 'GET', headers, agent, signal: AbortSignal.timeout(timeoutMs) }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('error', reject);
      answer.on('end', () => {
        const status = answer.statusCode ?? 502;
        const out = new Headers();
        for (const [name, value] of Object.entries(answer.headers)) if (value !== undefined) out.set(name, Array.isArray(value) ? value.join(', ') : value);
        const empty = status === 204 || status === 304 || (status >= 100 && status < 200);
        resolve(new Response(empty ? null : Buffer.concat(chunks), { status, statusText: answer.statusMessage ?? '', headers: out }));
      });
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** A fetch rejection in words: a timeout, the refused address, or the network error's code. */
function networkFailure(method: string, url: string, error: unknown, timeoutMs: number): ExtdataError {
  const e = error as { name?: string; code?: string; cause?: unknown };
  const cause = e?.cause as { code?: string; message?: string } | undefined;
  if (error instanceof RefusedAddress || cause instanceof RefusedAddress) return new RefusedAddress(`${method} ${url}: ${(error instanceof RefusedAddress ? error : (cause as RefusedAddress)).message}`);
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return new ExtdataError(`${method} ${url}: no answer within ${timeoutMs} ms`);
  const code = cause?.code ?? e?.code;
  return new ExtdataError(`${method} ${url}: network error (${code ?? cause?.message ?? String(error)})`);
}

export interface DavFetchOptions {
  readonly fetch?: typeof globalThis.fetch;
  readonly timeoutMs?: number;
  readonly retry?: Partial<RetryPolicy>;
  /** Addresses never connected to; default ALWAYS_REFUSED (link-local, cloud metadata). */
  readonly refused?: BlockList;
  /** Names `refused` for the agent pool (one pool per rule). */
  readonly refusedRule?: string;
}

export function davFetch(options: DavFetchOptions = {}): FetchLike {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const policy: RetryPolicy = { ...DEFAULT_RETRY, ...options.retry };
  const refused = options.refused ?? ALWAYS_REFUSED;
  const rule = options.refusedRule ?? 'always';
  return async (input, init = {}) => {
    const method = (init.method ?? 'GET').toUpperCase();
    const url = new URL(String(input));
    checkLiteralHost(url, refused);
    const read = READS.has(method);
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= policy.retries;
      let response: Response;
      try {
        response = options.fetch
          ? await options.fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) })
          : await nodeFetch(url, init, timeoutMs, agentFor(url.protocol, refused, rule));
      } catch (error) {
        // No answer: a read may try again; a write may have been applied, so it may not.
        const failure = networkFailure(method, url.href, error, timeoutMs);
        if (failure instanceof RefusedAddress || !read || last) throw failure;
        await sleep(backoff(policy, attempt));
        continue;
      }
      const declined = response.status === 429 || response.status === 503;
      const retryable = declined || (read && response.status >= 500);
      if (!retryable || last) return response;
      const asked = parseRetryAfter(response.headers.get('retry-after'));
      if (asked !== undefined && asked > policy.retryAfterCapMs) return response;
      await response.body?.cancel().catch(() => undefined);
      await sleep(Math.max(asked ?? 0, backoff(policy, attempt)));
    }
  };
}

function backoff(policy: RetryPolicy, attempt: number): number {
  const base = Math.min(policy.maxDelayMs, policy.minDelayMs * 2 ** attempt);
  return base * (1 + Math.random());
}
