/**
 * The fetch the DAV connector and the registration check send with: the transport rules of the
 * Atom connector (transport.ts) for DAV methods — a timeout per attempt on a shared keep-alive
 * agent, and bounded retries with backoff where repeating cannot harm: reads (GET, PROPFIND,
 * REPORT, OPTIONS) on network errors, timeouts, 429 and 5xx; writes (PUT, DELETE) only on 429 and
 * 503, which say the request was not acted on. A `Retry-After` past the cap fails at once.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { FetchLike } from '@atomsync/dav';
import { Agent, type Dispatcher } from 'undici';
import { DEFAULT_RETRY, DEFAULT_TIMEOUT_MS, parseRetryAfter, type RetryPolicy } from '../transport.js';

const READS = new Set(['GET', 'HEAD', 'OPTIONS', 'PROPFIND', 'REPORT']);

const agents = new Map<number, Agent>();
function agentFor(timeoutMs: number): Agent {
  let agent = agents.get(timeoutMs);
  if (agent === undefined) {
    agent = new Agent({ connect: { timeout: Math.min(timeoutMs, 10_000) }, headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
    agents.set(timeoutMs, agent);
  }
  return agent;
}

export interface DavFetchOptions {
  readonly fetch?: typeof globalThis.fetch;
  readonly timeoutMs?: number;
  readonly retry?: Partial<RetryPolicy>;
}

export function davFetch(options: DavFetchOptions = {}): FetchLike {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const policy: RetryPolicy = { ...DEFAULT_RETRY, ...options.retry };
  const dispatcher: Dispatcher | undefined = options.fetch ? undefined : agentFor(timeoutMs);
  return async (input, init = {}) => {
    const method = (init.method ?? 'GET').toUpperCase();
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
        if (!read || last) throw error;
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
