/** Any failure → the ServiceError the client sees. Unexpected ones are logged whole and answered 500 with nothing of them. */
import type { ErrorCode } from '@atomsync/atom';
import { HTTPError } from 'h3';
import type { Logger } from 'pino';
import { ServiceError } from '../errors.js';

const CODE_BY_STATUS: Readonly<Record<number, ErrorCode>> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  501: 'not_implemented',
};

export function toServiceError(error: unknown, log: Logger, requestId: string): ServiceError {
  if (error instanceof ServiceError) return error;
  // h3's own refusals (a malformed URL, a helper's 4xx) keep their status.
  if (HTTPError.isError(error) && !error.unhandled && error.status < 500) {
    const headers: Record<string, string> = {};
    error.headers?.forEach((value, name) => (headers[name] = value));
    return new ServiceError(error.status, CODE_BY_STATUS[error.status] ?? 'bad_request', error.message, [], headers);
  }
  log.error({ err: error }, 'unexpected error');
  return new ServiceError(500, 'internal', `the server failed to answer this request (request id ${requestId})`);
}
