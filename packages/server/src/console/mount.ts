/**
 * The web console on the server's own port (guide/security.md, "The web console"): the built files of
 * @atomsync/console — the app at `/` and `/console/…`, the API reference at `/docs/` — and the
 * session it signs in with:
 *
 * | request                     | answer                                                              |
 * |-----------------------------|---------------------------------------------------------------------|
 * | `POST /console/session`     | `{ username, password }` (JSON) checked through the sign-in guard; 200 `{ username, admin }` and the session cookie, 401, or 429 |
 * | `GET /console/session`      | who the session is: 200 `{ username, admin }`, or 401                |
 * | `DELETE /console/session`   | 204, the cookie cleared                                              |
 *
 * All three answer only the console's own pages (console/csrf.ts: 403 otherwise), so no other
 * site can sign a browser in or out. The app's pages are one document (its pages are in the URL
 * fragment), so there is no catch-all: every other path keeps the contract's 404 error body.
 */
import { STATUS_CODES } from 'node:http';
import { HTTPResponse, type H3, type H3Event } from 'h3';
import { ifNoneMatchHolds } from '@atomsync/atom';
import { ServiceError } from '../errors.js';
import { readBytes, mediaTypeOf } from '../http/body.js';
import { sourceOf } from '../http/client-address.js';
import { otherMethodHandler } from '../http/pipeline.js';
import { requestState } from '../http/request-state.js';
import { sendError, type Body } from '../http/respond.js';
import { quote, unwritableIn } from '../http/safe-text.js';
import { secureOrigin, sessionAccount, type ConsoleSessions } from './authenticator.js';
import { fromConsole, NOT_FROM_CONSOLE } from './csrf.js';
import { readStaticFiles, type StaticFile } from './files.js';
import { issueSession, sessionCookie } from './session-cookie.js';

/**
 * The console's pages run only their own files: no inline script or style, nothing from another
 * origin, no framing, forms post only here. Checked by a browser test (test/console).
 */
export const CONSOLE_POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
/**
 * The API reference's pages: the same, but that codegen writes two `style` attributes into them,
 * which style-src 'self' would refuse; styles cannot run code.
 */
export const DOCS_POLICY = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** A sign-in body is two short strings: anything longer is refused unread. */
const SIGN_IN_BYTES = 4096;

export interface ConsoleOptions extends ConsoleSessions {
  /** The built console (the dist/ of @atomsync/console). */
  readonly dir: string;
}

/** An answer without a body, with its reason phrase (srvx would send an empty one). */
const bare = (status: number, headers?: Record<string, string>) => new HTTPResponse(null, { status, statusText: STATUS_CODES[status], headers });

function json(event: H3Event, status: number, value: unknown): string {
  event.res.status = status;
  event.res.statusText = STATUS_CODES[status];
  event.res.headers.set('content-type', 'application/json; charset=utf-8');
  event.res.headers.set('cache-control', 'no-store');
  return JSON.stringify(value);
}

function onlyFromConsole(event: H3Event, options: ConsoleOptions): void {
  if (!fromConsole(event, options.baseUrl)) throw new ServiceError(403, 'forbidden', NOT_FROM_CONSOLE);
}

async function readCredentials(event: H3Event): Promise<{ username: string; password: string }> {
  if (mediaTypeOf(event) !== 'application/json') throw new ServiceError(415, 'unsupported_media_type', 'sign in with a JSON body: {"username": …, "password": …}');
  const bytes = await readBytes(event, SIGN_IN_BYTES);
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new ServiceError(400, 'bad_request', 'the sign-in body is not JSON');
  }
  const { username, password } = (value ?? {}) as { username?: unknown; password?: unknown };
  if (typeof username !== 'string' || typeof password !== 'string' || username === '') {
    throw new ServiceError(400, 'bad_request', 'the sign-in body needs a "username" and a "password", both text');
  }
  return { username, password };
}

async function signIn(event: H3Event, options: ConsoleOptions): Promise<Body> {
  onlyFromConsole(event, options);
  const { username, password } = await readCredentials(event);
  const { signIn: guard, store } = options;
  const source = sourceOf(event);
  // The same guard as every other sign-in: a name guessed here waits on every protocol, and back.
  guard.admit(username, source);
  const wrong = new ServiceError(401, 'unauthorized', 'the username or password is wrong');
  if (unwritableIn(username) !== undefined) {
    guard.failed(username, source);
    throw wrong;
  }
  const account = await store.accounts.byUsername(username);
  const ok = await guard.verify(username, source, password, account?.passwordHash);
  if (!ok || account === undefined) {
    guard.failed(username, source);
    throw wrong;
  }
  guard.succeeded(username, source);
  const session = issueSession(options.secrets, account.id, account.passwordHash, (options.now ?? Date.now)());
  event.res.headers.set('set-cookie', sessionCookie(secureOrigin(event, options.baseUrl), session.value, session.maxAge));
  return json(event, 200, { username: account.username, admin: account.admin });
}

async function whoAmI(event: H3Event, options: ConsoleOptions): Promise<Body> {
  onlyFromConsole(event, options);
  const account = await sessionAccount(event, options);
  return json(event, 200, { username: account.username, admin: account.admin });
}

function signOut(event: H3Event, options: ConsoleOptions): Body {
  onlyFromConsole(event, options);
  event.res.headers.set('set-cookie', sessionCookie(secureOrigin(event, options.baseUrl), undefined));
  event.res.headers.set('cache-control', 'no-store');
  return bare(204);
}

function sendFile(event: H3Event, file: StaticFile, policy: string): Body {
  const headers = event.res.headers;
  headers.set('content-security-policy', policy);
  headers.set('cache-control', 'no-cache');
  headers.set('etag', file.etag);
  headers.set('vary', 'accept-encoding');
  if (ifNoneMatchHolds(event.req.headers.get('if-none-match'), file.etag)) return bare(304);
  headers.set('content-type', file.type);
  const gzip = /\bgzip\b/.test(event.req.headers.get('accept-encoding') ?? '');
  if (gzip) headers.set('content-encoding', 'gzip');
  event.res.status = 200;
  event.res.statusText = STATUS_CODES[200];
  return event.req.method === 'HEAD' ? bare(200) : gzip ? file.gzip : file.body;
}

/** Runs `answer` under the operation name `operation` (logs, metrics), its failures as the error body. */
function handler(operation: string, answer: (event: H3Event) => Body | Promise<Body>): (event: H3Event) => Promise<Body> {
  return async (event) => {
    const state = requestState(event);
    state.operationId = operation;
    try {
      return await answer(event);
    } catch (error) {
      if (error instanceof ServiceError) return sendError(event, error);
      throw error;
    }
  };
}

export function mountConsole(app: H3, options: ConsoleOptions): void {
  const files = readStaticFiles(options.dir);
  const serve = handler('consoleFile', (event) => {
    const path = event.url.pathname;
    // `/docs` without its slash: its pages' relative links need the folder's own URL.
    if (path === '/docs') return bare(301, { location: '/docs/' });
    const file = files.get(path);
    if (file === undefined) throw new ServiceError(404, 'not_found', `there is nothing at ${quote(path, 200)}`);
    return sendFile(event, file, path.startsWith('/docs/') ? DOCS_POLICY : CONSOLE_POLICY);
  });
  for (const pattern of ['/', '/console/**', '/docs', '/docs/**']) {
    app.on('GET', pattern, serve);
    app.all(pattern, otherMethodHandler('GET', serve));
  }
  const session = '/console/session';
  const get = handler('consoleSession', (event) => whoAmI(event, options));
  app.on('GET', session, get);
  app.on('POST', session, handler('consoleSignIn', (event) => signIn(event, options)));
  app.on('DELETE', session, handler('consoleSignOut', (event) => signOut(event, options)));
  app.all(session, otherMethodHandler('GET, POST, DELETE', get));
}
