/**
 * The SDK's errors: AtomSyncError for an answer it cannot return as a result (and its
 * AtomSyncNetworkError for no answer at all), and AtomSyncTimeoutError for an attempt that got no
 * answer in time.
 */
import { ERROR_CODE_BY_STATUS, type ErrorCode, type ErrorDetail } from '@atomsync/atom';

/**
 * The service's error codes (guide/protocol.md#error-codes), plus `invalid_response`: the service answered a success
 * status other than the operation's, or a success body that does not decode as the operation's
 * result. A client cannot act on such an answer, so it is an error even with a 2xx status. And
 * `network_error`: no answer at all ({@link AtomSyncNetworkError}).
 */
export type AtomSyncErrorCode = ErrorCode | 'invalid_response' | 'network_error';

/** One violation the service (or the response decoder) reported, e.g. `/entry/sync_mode`. */
export type AtomSyncErrorDetail = Readonly<ErrorDetail>;

/**
 * Thrown for every answer that is not the operation's success: any status ≥ 400, a success
 * status other than the one the spec names, or a body that does not decode. The service's
 * `<error>` body fills `code`, `message` and `details`; when the body is not one (a proxy's HTML
 * page, an empty 502), `code` is derived from the status.
 *
 * `requestId` is the answer's `x-request-id` (the server sends one with every answer and logs
 * under it): quote it when reporting a problem. `message` stays the service's own words; the
 * request id is shown where errors are printed (`stack`, `toString()`, so `console.error` and
 * uncaught-error reports), as `AtomSyncError: <message> [request <id>]`.
 *
 * A request that got no answer (refused, reset, DNS) rejects with an {@link AtomSyncNetworkError},
 * whose `cause` is what `fetch` threw; one that timed out with an {@link AtomSyncTimeoutError}; an
 * abort with the signal's reason.
 */
export class AtomSyncError extends Error {
  override readonly name = 'AtomSyncError';
  /** The answer's `x-request-id`, when it had one. */
  readonly requestId: string | undefined;

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
    this.requestId = response.headers.get('x-request-id') ?? undefined;
    if (this.requestId !== undefined) showInStack(this, `${this.name}: ${message}`, this.toString());
  }

  /** `AtomSyncError: <message> [request <id>]`. */
  override toString(): string {
    const base = `${this.name}: ${this.message}`;
    return this.requestId === undefined ? base : `${base} [request ${this.requestId}]`;
  }
}

/**
 * The AtomSyncError of a conditional write refused (412 `precondition_failed`): the item changed
 * since the copy whose ETag was sent as `ifMatch`, and nothing was changed. `etag` is the item's
 * current tag, from the answer: read the item again, merge, and write with that tag.
 * `isPreconditionFailed` tells it apart; `isAtomSyncError` holds for it too.
 */
export class PreconditionFailedError extends AtomSyncError {
  /** The item's current ETag, as the refusal gave it; undefined when the answer carried none. */
  readonly etag: string | undefined;

  constructor(message: string, details: readonly AtomSyncErrorDetail[], response: Response, operationId: string) {
    super(412, 'precondition_failed', message, details, response, operationId);
    this.etag = response.headers.get('etag') ?? undefined;
  }
}

/** True for a PreconditionFailedError (a 412 `precondition_failed`), across copies of the SDK. */
export function isPreconditionFailed(error: unknown): error is PreconditionFailedError {
  return isAtomSyncError(error, 'precondition_failed') && error.status === 412;
}

/**
 * The AtomSyncError of a request that got no answer: the connection was refused or reset, the
 * name did not resolve, TLS failed; after the retries an idempotent request gets (a POST is never
 * repeated). `status` is 0 and `response` a network-error Response (`Response.error()`), as fetch
 * itself represents one; `cause` is what `fetch` threw (undici: a `TypeError: fetch failed` whose
 * own `cause` has the system error, `code` `ECONNREFUSED` and the like), and `reason` that code or
 * message. `isAtomSyncNetworkError` tells it apart; `isAtomSyncError(e, 'network_error')` holds too.
 */
export class AtomSyncNetworkError extends AtomSyncError {
  /** The system error's code (`ECONNREFUSED`, `ECONNRESET`, `ENOTFOUND`, `UND_ERR_SOCKET`…), else its message. */
  readonly reason: string;

  constructor(
    operationId: string,
    /** The URL of the request that got no answer. */
    readonly url: string,
    /** How many attempts were made, none answered. */
    readonly attempts: number,
    cause: unknown,
  ) {
    const reason = reasonOf(cause);
    const tries = attempts > 1 ? ` (${attempts} attempts)` : '';
    super(0, 'network_error', `${operationId}: no answer from ${new URL(url).origin}: ${reason}${tries}`, [], Response.error(), operationId, { cause });
    this.reason = reason;
  }
}

/** True for an AtomSyncNetworkError (no answer at all), across copies of the SDK. */
export function isAtomSyncNetworkError(error: unknown): error is AtomSyncNetworkError {
  return isAtomSyncError(error, 'network_error') && error.status === 0;
}

/** What a network failure says: the deepest `code` on its cause chain (undici nests it), else the deepest message. */
function reasonOf(error: unknown): string {
  let code: string | undefined;
  let message: string | undefined;
  // Bounded: a cause chain is a few links; a cyclic one must not spin.
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown[] } | undefined, depth = 0; e !== null && typeof e === 'object' && depth < 8; depth++) {
    if (typeof e.code === 'string') code = e.code;
    if (typeof e.message === 'string' && e.message !== '') message = e.message;
    e = (e.cause ?? (Array.isArray(e.errors) ? e.errors[0] : undefined)) as typeof e;
  }
  return code ?? message ?? String(error);
}

/**
 * Thrown when an attempt got no complete answer within the client's `timeout` (per attempt:
 * sending, waiting and reading the body). An idempotent request is retried after a timeout like
 * after a network error, so this is what is left when the last attempt timed out too; a POST is
 * never retried after one (it may have been applied). Your own `signal` aborting rejects with its
 * reason instead, never with this.
 */
export class AtomSyncTimeoutError extends Error {
  override readonly name = 'AtomSyncTimeoutError';
  /** `timeout`: switch on it alongside AtomSyncError's codes. */
  readonly code = 'timeout';

  constructor(
    /** The operationId of the call that timed out. */
    readonly operationId: string,
    /** The timeout of each attempt, in milliseconds. */
    readonly timeout: number,
    /** How many attempts were made, all of them timed out or failed. */
    readonly attempts: number,
    options?: { cause?: unknown },
  ) {
    super(`${operationId}: no answer within ${timeout} ms${attempts > 1 ? ` (${attempts} attempts)` : ''}`, options);
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

/** True for an AtomSyncTimeoutError; like isAtomSyncError, it works across copies of the SDK. */
export function isAtomSyncTimeoutError(error: unknown): error is AtomSyncTimeoutError {
  return error instanceof Error && error.name === 'AtomSyncTimeoutError';
}

/** The code an error status stands for when the body does not say. */
export function codeForStatus(status: number): AtomSyncErrorCode {
  const named = ERROR_CODE_BY_STATUS[status];
  if (named !== undefined) return named;
  if (status >= 500) return 'internal';
  if (status >= 400) return 'bad_request';
  return 'invalid_response';
}

/** Replaces the first line of `error.stack` (`Name: message`) with `heading`, where the engine keeps one. */
function showInStack(error: Error, first: string, heading: string): void {
  const stack = error.stack;
  if (typeof stack === 'string' && stack.startsWith(first)) error.stack = heading + stack.slice(first.length);
}
