/**
 * The Atom API's authenticator with the console's session added (console/session-cookie.ts):
 *
 * | the request carries                              | it runs as                                   |
 * |--------------------------------------------------|----------------------------------------------|
 * | `Authorization`                                  | whatever that says (the cookie is never read) |
 * | neither the session cookie nor the console header | as before: no one (401 with the challenge)   |
 * | either, but not from the console's own pages     | no one: 403 `forbidden`                      |
 * | both, from its pages, and a session that holds   | the session's account                        |
 * | the header, and no session or a stale one        | no one: 401 without a challenge              |
 *
 * A browser request bearing the cookie from anywhere else (another site's form or script, an API
 * URL typed in the address bar) is refused outright, without the Basic challenge: that would make
 * the browser hold the request open for a password dialog.
 *
 * The console's 401 carries no `WWW-Authenticate` either: a browser answers a Basic challenge with
 * its own password dialog, over the console's own sign-in page. A session is not throttled as a password
 * is: its tag is a 256-bit HMAC, which no number of tries guesses.
 */
import type { H3Event } from 'h3';
import type { Authenticator } from '../auth/authenticate.js';
import type { AccountPrincipal } from '../auth/principal.js';
import type { SignInGuard } from '../auth/sign-in.js';
import { ServiceError } from '../errors.js';
import type { SecretBox } from '../secrets/box.js';
import type { Store } from '@atomsync/store';
import { CONSOLE_HEADER, fromConsole, NOT_FROM_CONSOLE } from './csrf.js';
import { readSession, sessionFromCookies, sessionHolds } from './session-cookie.js';

export interface ConsoleSessions {
  readonly store: Store;
  readonly secrets: SecretBox;
  readonly signIn: SignInGuard;
  /** ATOMSYNC_BASE_URL, if set: its origin is ours too, and an https one makes the cookie Secure. */
  readonly baseUrl?: string;
  /** Default Date.now. */
  readonly now?: () => number;
}

/** Whether the cookie goes `Secure` (and `__Host-`): the client reached us over https, or our public address is https. */
export function secureOrigin(event: H3Event, baseUrl: string | undefined): boolean {
  return event.url.protocol === 'https:' || baseUrl?.startsWith('https:') === true;
}

export function signedOut(): ServiceError {
  return new ServiceError(401, 'unauthorized', 'you are not signed in to the console, or your session has ended: sign in again');
}

/** The account the console session of the request names; throws 401 (no challenge) when none holds. */
export async function sessionAccount(event: H3Event, options: ConsoleSessions): Promise<AccountPrincipal> {
  const now = (options.now ?? Date.now)();
  const value = sessionFromCookies(event.req.headers.get('cookie'), secureOrigin(event, options.baseUrl));
  const session = value === undefined ? undefined : readSession(value, now);
  if (session === undefined) throw signedOut();
  const account = await options.store.accounts.get(session.accountId);
  // Gone, or its password changed since: the session ended with it.
  if (account === undefined || !sessionHolds(options.secrets, session, account.passwordHash)) throw signedOut();
  return { kind: 'account', id: account.id, username: account.username, admin: account.admin };
}

export function withConsoleSessions(inner: Authenticator, options: ConsoleSessions): Authenticator {
  return {
    challenge: inner.challenge,
    identify(event, operation) {
      const headers = event.req.headers;
      if (headers.has('authorization')) return inner.identify(event, operation);
      const cookie = sessionFromCookies(headers.get('cookie'), secureOrigin(event, options.baseUrl));
      if (cookie === undefined && !headers.has(CONSOLE_HEADER)) return inner.identify(event, operation);
      if (!fromConsole(event, options.baseUrl)) {
        throw new ServiceError(403, 'forbidden', NOT_FROM_CONSOLE);
      }
      return sessionAccount(event, options);
    },
  };
}
