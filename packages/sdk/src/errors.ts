/**
 * AtomSyncError: the one error the SDK throws for an answer it cannot return as a result.
 */
import type { ErrorCode } from '@atomsync/atom';

/**
 * The service's error codes (DESIGN.md), plus `invalid_response`: the service answered a success
 * status other than the operation's, or a success body that does not decode as the operation's
 * result. A client cannot act on such an answer, so it is an error even with a 2xx status.
 */
export type AtomSyncErrorCode = ErrorCode | 'invalid_response';

/** One violation the service (or the response decoder) reported, e.g. `/entry/sync_mode`. */
export interface AtomSyncErrorDetail {
  readonly path?: string;
  readonly message: string;
}

/**
 * Thrown for every answer that is not the operation's success: any status ≥ 400, a success
 * status other than the one the spec names, or a body that does not decode. The service's
 * `<error>` body fills `code`, `message` and `details`; when the body is not one (a proxy's HTML
 * page, an empty 502), `code` is derived from the status.
 *
 * Network failures and aborts are not AtomSyncErrors: they reject with what `fetch` threw
 * (a `TypeError` with a `cause`, or the abort signal's reason), since there is no answer.
 */
export class AtomSyncError extends Error {
  override readonly name = 'AtomSyncError';

  constructor(
    /** The HTTP status of the answer. */
    readonly status: number,
    /** The service's error code; switch on it rather than on `message`. */
    readonly code: AtomSyncErrorCode,
    message: string,
    /** One entry per violation (`validation_failed`, `invalid_response`); empty otherwise. */
    readonly details: readonly AtomSyncErrorDetail[],
    /** The answer; its body has been read. Headers such as `Allow` or `WWW-Authenticate` are here. */
    readonly response: Response,
    /** The operationId of the call that failed. */
    readonly operationId: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * True for an AtomSyncError (optionally of one code). Prefer it to `instanceof` where the SDK may
 * be loaded twice (its ESM and CJS builds are separate classes).
 */
export function isAtomSyncError(error: unknown, code?: AtomSyncErrorCode): error is AtomSyncError {
  if (!(error instanceof Error) || error.name !== 'AtomSyncError') return false;
  return code === undefined || (error as AtomSyncError).code === code;
}

/** The code an error status stands for when the body does not say. */
export function codeForStatus(status: number): AtomSyncErrorCode {
  switch (status) {
    case 400: return 'bad_request';
    case 401: return 'unauthorized';
    case 403: return 'forbidden';
    case 404: return 'not_found';
    case 405: return 'method_not_allowed';
    case 409: return 'conflict';
    case 413: return 'payload_too_large';
    case 415: return 'unsupported_media_type';
    case 429: return 'rate_limited';
    case 501: return 'not_implemented';
    default:
      if (status >= 500) return 'internal';
      if (status >= 400) return 'bad_request';
      return 'invalid_response';
  }
}
