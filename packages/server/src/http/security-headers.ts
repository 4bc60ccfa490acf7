/**
 * Headers on every answer, whatever answers it (an operation, an error, the 404 of an unknown path,
 * the device protocols, the operator's endpoints), telling a browser to treat them as data only:
 *
 * - `X-Content-Type-Options: nosniff`: a body is read as the type it says (an XML error never runs as a script);
 * - `Content-Security-Policy: default-src 'none'; frame-ancestors 'none'`: an answer opened in a
 *   browser loads nothing and runs nothing, and no page may frame it (clickjacking); the server
 *   serves no HTML of its own (no console or docs yet: the one that does will set its own policy);
 * - `X-Frame-Options: DENY`: the same for browsers that predate frame-ancestors;
 * - `Referrer-Policy: no-referrer`: a link followed from an answer does not carry its URL (a
 *   SyncML RespURI holds a session key);
 * - `Strict-Transport-Security` when the client reached us over https: our own TLS, a trusted
 *   proxy saying https (ATOMSYNC_TRUST_PROXY), or an https ATOMSYNC_BASE_URL (the address every
 *   link names). A browser heeds it only over https, so it is never sent on a plain-http answer
 *   unless the public address is https. A year, without includeSubDomains: the server does not
 *   know what else runs under its domain.
 */
import type { H3Event } from 'h3';

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};

export const HSTS_HEADER = 'strict-transport-security';
export const HSTS_VALUE = 'max-age=31536000';

/** The headers an error answer keeps from what was set before it (http/respond.ts sendError). */
export const KEPT_ON_ERROR: ReadonlySet<string> = new Set(['x-request-id', ...Object.keys(SECURITY_HEADERS), HSTS_HEADER]);

/**
 * Whether the event's answer carries HSTS (http/answer-headers.ts puts the headers on it).
 * `httpsBase`: ATOMSYNC_BASE_URL is https. Asked once the request URL's origin is final (after the
 * trusted proxies' forwarded scheme is applied).
 */
export function wantsHsts(event: H3Event, httpsBase: boolean): boolean {
  return httpsBase || event.url.protocol === 'https:';
}
