/**
 * When a request is tried again, and after how long. What may be repeated depends on whether
 * repeating it can do harm:
 *
 *  request                          retried on
 *  GET, HEAD, PUT, DELETE           no answer (a network error or a timeout), 502, 503, 504,
 *  (idempotent)                     and 429 with Retry-After
 *  POST                             only 429 and 503 with Retry-After: the service says it did
 *                                   nothing, so a batch can never be applied twice
 *
 * The wait is exponential backoff with full jitter (a uniform draw from 0 to
 * `minDelayMs · 2^(n-1)`, capped at `maxDelayMs`), or exactly what `Retry-After` asks (seconds or
 * an HTTP date). An answer asking for more than `maxDelayMs` is not retried: its error is thrown
 * at once (its `response` has the header), rather than asking again sooner than the service said.
 *
 * Not p-retry: it retries thrown errors with `randomize` (a factor of 1 to 2, not full jitter)
 * and has no way to make one wait what a Retry-After says, while this decides from the answer.
 */

/** The `retry` option of createClient. */
export interface RetryOptions {
  /** Retries after the first attempt: 2 (the default) means at most 3 attempts. */
  retries?: number;
  /** The backoff ceiling of the first retry, doubled for each later one; default 100 ms. */
  minDelayMs?: number;
  /** The longest wait before a retry, backoff or Retry-After; default 20 000 ms. */
  maxDelayMs?: number;
}

export type RetryPolicy = Required<RetryOptions>;

export const DEFAULT_RETRY: RetryPolicy = { retries: 2, minDelayMs: 100, maxDelayMs: 20_000 };

/** No retries: what `retry: false` stands for. */
export const NO_RETRY: RetryPolicy = { retries: 0, minDelayMs: 0, maxDelayMs: 0 };

export function resolveRetry(options: RetryOptions | false | undefined): RetryPolicy {
  if (options === false) return NO_RETRY;
  const policy = { ...DEFAULT_RETRY, ...dropUndefined(options ?? {}) };
  for (const [name, value] of Object.entries(policy)) {
    if (!Number.isFinite(value) || value < 0) throw new TypeError(`retry.${name} must be a finite number ≥ 0, not ${value}`);
  }
  if (!Number.isInteger(policy.retries)) throw new TypeError(`retry.retries must be an integer, not ${policy.retries}`);
  return policy;
}

const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE']);

/** What an attempt ended with: an answer's status and Retry-After, or no answer at all. */
export type Outcome = { readonly status: number; readonly retryAfter: string | null } | 'no-answer';

/**
 * How long to wait before attempt `attempt + 1`, or undefined to give up with what attempt
 * `attempt` (1 for the first) ended with.
 */
export function retryDelay(policy: RetryPolicy, method: string, attempt: number, outcome: Outcome, random: () => number = Math.random, now: number = Date.now()): number | undefined {
  if (attempt > policy.retries) return undefined;
  const idempotent = IDEMPOTENT.has(method.toUpperCase());
  if (outcome === 'no-answer') return idempotent ? backoff(policy, attempt, random) : undefined;
  const { status } = outcome;
  if (status === 429 || status === 503 || (idempotent && (status === 502 || status === 504))) {
    const asked = status === 429 || status === 503 ? parseRetryAfter(outcome.retryAfter, now) : undefined;
    if (asked !== undefined) return asked <= policy.maxDelayMs ? asked : undefined;
    return idempotent && status !== 429 ? backoff(policy, attempt, random) : undefined;
  }
  return undefined;
}

/** Full jitter: uniform in [0, min(maxDelayMs, minDelayMs · 2^(attempt-1))). */
export function backoff(policy: RetryPolicy, attempt: number, random: () => number = Math.random): number {
  return Math.floor(random() * Math.min(policy.maxDelayMs, policy.minDelayMs * 2 ** (attempt - 1)));
}

/** Retry-After, delay-seconds or an HTTP date, as milliseconds from `now`; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP date names a day of the week and a month: refuse anything Date.parse would guess at.
  if (!/^[A-Za-z]{3},? /.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function dropUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
