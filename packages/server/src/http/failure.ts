/** Any failure → the ServiceError the client sees. Unexpected ones are logged whole and answered 500 with nothing of them. */
import { ERROR_CODE_BY_STATUS } from '@atomsync/atom';
import { HTTPError } from 'h3';
import type { Logger } from 'pino';
import { ServiceError } from '../errors.js';


export function toServiceError(error: unknown, log: Logger, requestId: string): ServiceError {
  if (error instanceof ServiceError) return error;
  // h3's own refusals (a malformed URL, a helper's 4xx) keep their status.
  if (HTTPError.isError(error) && !error.unhandled && error.status < 500) {
    const headers: Record<string, string> = {};
    error.headers?.forEach((value, name) => (headers[name] = value));
    return new ServiceError(error.status, ERROR_CODE_BY_STATUS[error.status] ?? 'bad_request', error.message, [], headers);
  }
  log.error({ err: error }, 'unexpected error');
  return new ServiceError(500, 'internal', `the server failed to answer this request (request id ${requestId})`);
}
