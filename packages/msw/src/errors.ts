/** The service's error answer (DESIGN.md), for default refusals and for tests that inject errors. */
import { ERROR_MEDIA_TYPE, encodeServiceError, type ErrorCode } from '@atomsync/atom';
import { HttpResponse } from 'msw';

export interface ErrorResponseInit {
  status: number;
  code: ErrorCode;
  message: string;
  /** One per violation, as `validation_failed` carries them. */
  details?: { path?: string; message: string }[];
  /** E.g. `Allow` for 405, `WWW-Authenticate` for 401. */
  headers?: Record<string, string>;
}

/**
 * An `HttpResponse` with the service's `<error>` body, exactly as the server sends it:
 * `errorResponse({ status: 404, code: 'not_found', message: 'No SyncML client 0d92…' })`.
 */
export function errorResponse(init: ErrorResponseInit): HttpResponse<string> {
  const body = encodeServiceError({ status: init.status, code: init.code, message: init.message, details: init.details });
  return new HttpResponse(body, { status: init.status, headers: { ...init.headers, 'Content-Type': ERROR_MEDIA_TYPE } });
}
