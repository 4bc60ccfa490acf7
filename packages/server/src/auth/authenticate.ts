/**
 * The authentication seam. The pipeline asks the configured Authenticator who the request's
 * credentials name, then enforces the operation's auth class itself:
 *
 * | auth class | no credentials            | an account       | an admin account |
 * |------------|---------------------------|------------------|------------------|
 * | `none`     | runs (anonymous)          | runs (anonymous) | runs (anonymous) |
 * | `account`  | 401 + `WWW-Authenticate`  | runs             | runs             |
 * | `admin`    | 401 + `WWW-Authenticate`  | 403              | runs             |
 *
 * A `none` operation never looks at credentials: it needs none, and the SyncML endpoint checks a
 * phone's HTTP Basic password itself (once: checking it here too cost a second scrypt and counted
 * one wrong password as two failed sign-ins).
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
   * when it carries none. Called for every operation that needs an account. Never reads the body.
   */
  identify(event: H3Event, operation: OperationSpec): Promise<Principal | undefined> | Principal | undefined;
  /** The `WWW-Authenticate` value of a 401, e.g. `Basic realm="atomsync", OAuth realm="atomsync"`. */
  readonly challenge: string;
}

/** Identifies the caller and checks the operation's auth class; throws 401 / 403. */
export async function authenticate(event: H3Event, operation: OperationSpec, authenticator: Authenticator | undefined): Promise<Principal> {
  if (authenticator === undefined) return ANONYMOUS;
  if (operation.auth === 'none') return ANONYMOUS;
  const principal = (await authenticator.identify(event, operation)) ?? ANONYMOUS;
  if (principal.kind !== 'account') {
    throw new ServiceError(401, 'unauthorized', 'this operation needs credentials', [], { 'www-authenticate': authenticator.challenge });
  }
  if (operation.auth === 'admin' && !principal.admin) {
    throw new ServiceError(403, 'forbidden', 'this operation is for administrators');
  }
  return principal;
}
