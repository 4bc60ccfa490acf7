/**
 * The operator's probes, beside the API (they are not in spec/openapi.yaml: no client of the
 * Atom API calls them). `/healthz`, which is in the contract, is a liveness check like /livez: it
 * stays 200 while the database is down, so load balancers are pointed at /readyz (issue 26):
 *
 * - `GET /livez`: 200 `ok` while the process answers at all: restart it when this fails.
 * - `GET /readyz`: 200 `ok` when the store answers a trivial query within READY_TIMEOUT_MS, else
 *   503 `unavailable` with the error body saying what failed (the error's code, never the
 *   database's address; the whole error goes to the log, with the request id): send it no
 *   traffic meanwhile.
 */
import type { H3Event } from 'h3';
import type { Logger } from 'pino';
import { ServiceError } from '../errors.js';
import { unreachableCause } from '@atomsync/store';
import type { Store } from '@atomsync/store';
import { sendError, type Body } from './respond.js';

/** Under Kubernetes' default probe timeout (1 s), so the probe gets our 503, not its own timeout. */
export const READY_TIMEOUT_MS = 900;

/** Resolves when the store answers; rejects with why not. */
export type ReadinessCheck = () => Promise<void>;

/** A lookup by primary key that finds nothing: one round trip, no lock (SQLite reads never wait for a writer in WAL mode). */
export function storeReadiness(store: Store): ReadinessCheck {
  return async () => {
    await store.accounts.get(0);
  };
}

function text(event: H3Event, body: string): string {
  event.res.status = 200;
  event.res.statusText = 'OK';
  event.res.headers.set('content-type', 'text/plain; charset=utf-8');
  event.res.headers.set('cache-control', 'no-store');
  return body;
}

export function livez(event: H3Event): string {
  return text(event, 'ok');
}

class NotReady extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** Why the check failed, in words safe for an anonymous caller: an error code, a timeout. */
function reasonOf(error: unknown): string {
  if (error instanceof NotReady) return error.reason;
  const unreachable = unreachableCause(error);
  if (unreachable !== undefined) return `the store failed (${unreachable})`;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^[\w-]{1,40}$/.test(code)) return `the store failed (${code})`;
  return 'the store failed';
}

export function readyz(check: ReadinessCheck, timeoutMs = READY_TIMEOUT_MS) {
  return async (event: H3Event, log: Logger): Promise<Body> => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        check(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new NotReady(`the store did not answer within ${timeoutMs} ms`)), timeoutMs);
        }),
      ]);
    } catch (error) {
      const reason = reasonOf(error);
      // An outage is logged once by the store (store/outage.ts), not at every probe.
      if (unreachableCause(error) === undefined) log.warn({ err: error }, `not ready: ${reason}`);
      const answer = sendError(event, new ServiceError(503, 'unavailable', `not ready: ${reason}`));
      event.res.headers.set('cache-control', 'no-store');
      return answer;
    } finally {
      clearTimeout(timer);
    }
    return text(event, 'ok');
  };
}
