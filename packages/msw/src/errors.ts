/** The service's error answer (guide/protocol.md#error-body), for default refusals and for tests that inject errors. */
import { ERROR_CODE_BY_STATUS, ERROR_MEDIA_TYPE, encodeServiceError, type ErrorCode } from '@atomsync/atom';
import { HttpResponse } from 'msw';

/**
 * The `WWW-Authenticate` of the server's 401s, as its account authenticator sends it
 * (packages/server/src/auth/accounts.ts, `CHALLENGE`; a test compares it with the server's).
 */
export const WWW_AUTHENTICATE = 'Basic realm="atomsync", OAuth realm="atomsync"';

/**
 * The headers the server puts on every answer (packages/server/src/http/security-headers.ts; the
 * parity tests compare an error answer's headers with the server's). No HSTS: the mock is not https.
 */
const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};


/** The server's own message, where one status has one (a 401 to a caller without credentials, a 403, a 501). */
const MESSAGES: Readonly<Record<number, string>> = {
  401: 'this operation needs credentials',
  403: 'this operation is for administrators',
  501: 'The operation is described but not implemented',
};

export interface ErrorResponseInit {
  status: number;
  /** Default: the server's code for the status (401 `unauthorized`, 404 `not_found`, …; `internal` for the others). */
  code?: ErrorCode;
  /** Default: the server's message where the status has one (401, 403, 501), else the status's name. */
  message?: string;
  /** One per violation, as `validation_failed` carries them. */
  details?: { path?: string; message: string }[];
  /** For a 405: the methods the path offers, sent as `Allow` (`'GET, DELETE'` or `['GET', 'DELETE']`). */
  allow?: string | readonly string[];
  /** More headers, or other values for the defaults (`WWW-Authenticate`, `x-request-id`, `Allow`). */
  headers?: Record<string, string>;
}

function reason(status: number): string {
  const code = ERROR_CODE_BY_STATUS[status];
  return code === undefined ? `HTTP ${status}` : code.replace(/_/g, ' ');
}

/**
 * An `HttpResponse` with the service's `<error>` body and the headers the server sends with it:
 * `errorResponse({ status: 404, code: 'not_found', message: 'No SyncML client 0d92…' })`.
 *
 * - always `x-request-id` (a fresh UUID; the handlers give each answer its own, or echo the
 *   request's `x-request-id`, as the server does);
 * - 401: `WWW-Authenticate: Basic realm="atomsync", OAuth realm="atomsync"`;
 * - 405: `Allow`, when `allow` (or `headers.Allow`) is given;
 * - `Content-Type: application/xml`.
 *
 * `errorResponse({ status: 401 })` is the server's answer to a caller without credentials.
 */
export function errorResponse(init: ErrorResponseInit): HttpResponse<string> {
  const code = init.code ?? ERROR_CODE_BY_STATUS[init.status] ?? 'internal';
  const message = init.message ?? MESSAGES[init.status] ?? reason(init.status);
  const body = encodeServiceError({ status: init.status, code, message, details: init.details });
  const headers = new Headers({ ...SECURITY_HEADERS, 'x-request-id': globalThis.crypto.randomUUID() });
  if (init.status === 401) headers.set('www-authenticate', WWW_AUTHENTICATE);
  if (init.allow !== undefined) headers.set('allow', typeof init.allow === 'string' ? init.allow : init.allow.join(', '));
  for (const [name, value] of Object.entries(init.headers ?? {})) headers.set(name, value);
  headers.set('content-type', ERROR_MEDIA_TYPE);
  return new HttpResponse(body, { status: init.status, headers });
}
