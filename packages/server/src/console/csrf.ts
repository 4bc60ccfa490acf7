/**
 * Which requests may use the console's session cookie. A browser attaches cookies to requests
 * other sites make to us (a form posted, a script's fetch), so a cookie alone must never make a
 * request count as the account's. Three locks, each enough alone in today's browsers:
 *
 * 1. the cookie is `SameSite=Strict`: a browser does not send it on another site's requests;
 * 2. the request carries `X-Atomsync-Console: 1`, a header no form can send and no script of
 *    another origin can add without a CORS preflight, which this server never grants;
 * 3. when the browser says where the request comes from (`Sec-Fetch-Site`, `Origin`), it must
 *    be this server's own origin.
 *
 * A request with an `Authorization` header never reads the cookie at all (console/authenticator.ts),
 * so the Atom API's other callers are not touched by any of this.
 */
import type { H3Event } from 'h3';

export const CONSOLE_HEADER = 'x-atomsync-console';

/** The 403 of a request that is not the console's: what to do when it is, behind a proxy that hides our origin. */
export const NOT_FROM_CONSOLE =
  "the console's session is taken only from the console's own pages; if this is the console behind a reverse proxy, set ATOMSYNC_BASE_URL (or ATOMSYNC_TRUST_PROXY) so the server knows the address its pages come from";

/** Whether the request comes from the console's own pages; `baseUrl` is ATOMSYNC_BASE_URL, if set. */
export function fromConsole(event: H3Event, baseUrl: string | undefined): boolean {
  const headers = event.req.headers;
  if (headers.get(CONSOLE_HEADER) !== '1') return false;
  const site = headers.get('sec-fetch-site');
  if (site !== null && site !== 'same-origin') return false;
  const origin = headers.get('origin');
  if (origin === null) return true;
  return origin === event.url.origin || (baseUrl !== undefined && origin === new URL(baseUrl).origin);
}
