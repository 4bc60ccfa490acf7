/**
 * The error code a status names when the status alone decides it (guide/protocol.md#error-codes):
 * the server answers h3's own refusals with it, the mocks default to it, and the SDK reads an
 * answer without an error body by it. One table for all three.
 */
import type { ErrorCode } from './generated/model.js';

export const ERROR_CODE_BY_STATUS: Readonly<Partial<Record<number, ErrorCode>>> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  412: 'precondition_failed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  501: 'not_implemented',
  503: 'unavailable',
};
