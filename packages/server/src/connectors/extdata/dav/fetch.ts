/**
 * The fetch the DAV connector and the registration check send with: the transport rules of the
 * Atom connector (transport.ts) for DAV methods — a timeout per attempt on a shared keep-alive
 * agent, and bounded retries with backoff where repeating cannot harm: reads (GET, PROPFIND,
 * REPORT, OPTIONS) on network errors, timeouts, 429 and 5xx; writes (PUT, DELETE) only on 429 and
 * 503, which say the request was not acted on. A `Retry-After` past the cap fails at once.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { FetchLike } from '@atomsync/dav';
import type { BlockList } from 'node:net';
import { Agent, type Dispatcher } from 'undici';
import { DEFAULT_RETRY, DEFAULT_TIMEOUT_MS, ExtdataError, parseRetryAfter, type RetryPolicy } from '../transport.js';
import { ALWAYS_REFUSED, checkLiteralHost, refusingLookup, RefusedAddress } from './addresses.js';

const READS = new Set(['GET', 'HEAD', 'OPTIONS', 'PROPFIND', 'REPORT']);

// One keep-alive pool per timeout and address rule, shared by every run (see transport.ts).
const agents = new Map<string, Agent>();
function agentFor(timeoutMs: number, refused: BlockList, rule: string): Agent {
  const key = `${timeoutMs}/${rule}`;
  let agent = agents.get(key);
  if (agent === undefined) {
    agent = new Agent({ connect: { timeout: Math.min(timeoutMs, 10_000), lookup: refusingLookup(refused) }, headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
    agents.set(key, agent);
  }
  return agent;
}

/** A fetch rejection in words: a timeout, the refused address, or the network error's code. */
function networkFailure(method: string, url: string, error: unknown, timeoutMs: number): ExtdataError {
  const e = error as { name?: string; code?: string; cause?: unknown };
  const cause = e?.cause as { code?: string; message?: string } | undefined;
  if (cause instanceof RefusedAddress) return new RefusedAddress(`${method} ${url}: ${cause.message}`);
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
  const dispatcher: Dispatcher | undefined = options.fetch ? undefined : agentFor(timeoutMs, refused, options.refusedRule ?? 'always');
  return async (input, init = {}) => {
    const method = (init.method ?? 'GET').toUpperCase();
    const url = new URL(String(input));
    checkLiteralHost(url, refused);
    const read = READS.has(method);
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= policy.retries;
      const request: RequestInit & { dispatcher?: Dispatcher } = { ...init, signal: AbortSignal.timeout(timeoutMs) };
      if (dispatcher) request.dispatcher = dispatcher;
      let response: Response;
      try {
        response = await (options.fetch ?? globalThis.fetch)(input, request);
      } catch (error) {
        // No answer: a read may try again; a write may have been applied, so it may not.
        const failure = networkFailure(method, url.href, error, timeoutMs);
        if (failure instanceof RefusedAddress || !read || last) throw failure;
        await sleep(backoff(policy, attempt));
        continue;
      }
      const refused = response.status === 429 || response.status === 503;
      const retryable = refused || (read && response.status >= 500);
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
