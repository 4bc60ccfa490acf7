/** Any failure → the ServiceError the client sees. Unexpected ones are logged whole and answered 500 with nothing of them. */
import { ERROR_CODE_BY_STATUS } from '@atomsync/atom';
import { HTTPError } from 'h3';
import type { Logger } from 'pino';
import { ServiceError } from '../errors.js';
import { StoreUnavailable, unreachableCause } from '@atomsync/store';

/**
 * The `Retry-After` of a 503 `unavailable` (seconds): a PostgreSQL restart or failover takes a
 * few seconds, and a client asking every 2 s finds it back soon after without adding much load.
 */
export const UNAVAILABLE_RETRY_AFTER_S = 2;

export function toServiceError(error: unknown, log: Logger, requestId: string): ServiceError {
  if (error instanceof ServiceError) return error;
  // h3's own refusals (a malformed URL, a helper's 4xx) keep their status.
  if (HTTPError.isError(error) && !error.unhandled && error.status < 500) {
    const headers: Record<string, string> = {};
    error.headers?.forEach((value, name) => (headers[name] = value));
    return new ServiceError(error.status, ERROR_CODE_BY_STATUS[error.status] ?? 'bad_request', error.message, [], headers);
  }
  const unavailable = storeUnavailable(error);
  if (unavailable !== undefined) return unavailable;
  log.error({ err: error }, 'unexpected error');
  return new ServiceError(500, 'internal', `the server failed to answer this request (request id ${requestId})`);
}

/**
 * The store could not be reached (issue 27): 503 `unavailable`, not logged here (the store logs
 * the outage once, store/outage.ts). With `Retry-After` when the database kept nothing of the
 * request's statement, so even a POST may be sent again (the SDK does); without it when a COMMIT
 * was sent and its answer lost, as the writes may have been kept.
 */
function storeUnavailable(error: unknown): ServiceError | undefined {
  const cause = unreachableCause(error);
  if (cause === undefined) return undefined;
  if (error instanceof StoreUnavailable && error.outcome === 'unknown') {
    return new ServiceError(503, 'unavailable', `the database stopped answering while this request's writes were committed (${cause}): they may have been kept; read before writing again`);
  }
  return new ServiceError(503, 'unavailable', `the server cannot reach its database (${cause}); nothing was done: try again later`, [], { 'retry-after': String(UNAVAILABLE_RETRY_AFTER_S) });
}
