/**
 * The authentication seam. The pipeline asks the configured Authenticator who the request's
 * credentials name, then enforces the operation's auth class itself:
 *
 * | auth class | no credentials            | an account    | an admin account |
 * |------------|---------------------------|---------------|------------------|
 * | `none`     | runs (anonymous)          | runs          | runs             |
 *
 * A `none` operation runs anonymous when credentials it was sent are refused: it needs none, and
 * the SyncML endpoint answers a phone's wrong HTTP Basic password itself, as a SyncML Status.
 * | `account`  | 401 + `WWW-Authenticate`  | runs          | runs             |
 * | `admin`    | 401 + `WWW-Authenticate`  | 403           | runs             |
 *
 * Credentials that are present but wrong are the authenticator's to refuse: it throws
 * `ServiceError(401, 'unauthorized', …)`. Without an authenticator (the state until accounts
 * exist) nothing is enforced: every request runs as ANONYMOUS, whatever its auth class.
 */
import type { OperationSpec } from '@atomsync/atom';
import type { H3Event } from 'h3';
import { ServiceError } from '../errors.js';
import { ANONYMOUS, type Principal } from './principal.js';

export interface Authenticator {
  /**
   * The account the request's credentials (Basic, Bearer, OAuth 1.0a) authenticate; undefined
   * when it carries none. Called for every operation, `none` ones included (the SyncML endpoint
   * accepts HTTP Basic but does not need it). Never reads the body.
   */
  identify(event: H3Event, operation: OperationSpec): Promise<Principal | undefined> | Principal | undefined;
  /** The `WWW-Authenticate` value of a 401, e.g. `Basic realm="atomsync", OAuth realm="atomsync"`. */
  readonly challenge: string;
}

/** Identifies the caller and checks the operation's auth class; throws 401 / 403. */
export async function authenticate(event: H3Event, operation: OperationSpec, authenticator: Authenticator | undefined): Promise<Principal> {
  if (authenticator === undefined) return ANONYMOUS;
  if (operation.auth === 'none') {
    try {
      return (await authenticator.identify(event, operation)) ?? ANONYMOUS;
    } catch (error) {
      if (error instanceof ServiceError && error.status === 401) return ANONYMOUS;
      throw error;
    }
  }
  const principal = (await authenticator.identify(event, operation)) ?? ANONYMOUS;
  if (principal.kind !== 'account') {
    throw new ServiceError(401, 'unauthorized', 'this operation needs credentials', [], { 'www-authenticate': authenticator.challenge });
  }
  if (operation.auth === 'admin' && !principal.admin) {
    throw new ServiceError(403, 'forbidden', 'this operation is for administrators');
  }
  return principal;
}
