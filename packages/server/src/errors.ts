/**
 * The one error a handler throws to answer with an error body (guide/protocol.md#error-body), as h3's
 * HTTPError is to h3: the pipeline turns it into `<error><status/><code/><message/><detail/>*</error>`
 * with `Content-Type: application/xml`. Anything else a handler throws answers 500 `internal`.
 */
import type { ErrorCode, ErrorDetail } from '@atomsync/atom';

export class ServiceError extends Error {
  override readonly name = 'ServiceError';
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    /** One per violation, for `validation_failed`. */
    readonly details: readonly ErrorDetail[] = [],
    /** Headers the answer carries: `Allow` on a 405, `WWW-Authenticate` on a 401. */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

/** A setting (environment variable, flag, key file) that cannot be used: the CLI says so in one line. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}
