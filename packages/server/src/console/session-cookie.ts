/**
 * The console's session, held in one cookie the server can check without storing anything:
 * `<account id>.<expiry, s since the epoch>.<tag>`, the tag an HMAC (SecretBox.mac, a key of its
 * own derived from ATOMSYNC_SECRET_KEY, the same on every instance) over the id, the expiry and
 * the account's current password hash. So any instance checks any session; a session ends at its
 * expiry, and every session of an account ends at once when its password changes (or the account
 * goes). What it cannot do is end one stolen session early: sign-out clears the browser's cookie
 * (HttpOnly: no script ever read it), and the short lifetime bounds the rest.
 *
 * Why a cookie and not a token the page holds: a token in the page's memory is gone at every
 * reload, and one in storage is readable by any script that ever runs there; an HttpOnly cookie
 * is neither. Its weakness, that the browser sends it on other sites' requests too, is closed by
 * console/csrf.ts.
 */
import { timingSafeEqual } from 'node:crypto';
import type { SecretBox } from '../secrets/box.js';

/** How long a session lasts from sign-in: a working day, then the password again. */
export const SESSION_SECONDS = 8 * 60 * 60;

const PURPOSE = 'console session';
/** `id.expiry.tag`: digits, digits, 43 base64url characters; nothing longer is ever parsed. */
const FORM = /^(\d{1,15})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/** The cookie's name: `__Host-` over https, so no subdomain or plain-http page can set it. */
export function sessionCookieName(secure: boolean): string {
  return secure ? '__Host-atomsync-session' : 'atomsync-session';
}

function tag(secrets: SecretBox, accountId: number, expires: number, passwordHash: string): Buffer {
  return secrets.mac(PURPOSE, `${accountId}.${expires}.${passwordHash}`);
}

/** A session value for the account, expiring SESSION_SECONDS from `nowMs`. */
export function issueSession(secrets: SecretBox, accountId: number, passwordHash: string, nowMs: number): { value: string; maxAge: number } {
  const expires = Math.floor(nowMs / 1000) + SESSION_SECONDS;
  return { value: `${accountId}.${expires}.${tag(secrets, accountId, expires, passwordHash).toString('base64url')}`, maxAge: SESSION_SECONDS };
}

/** The account id a value names, if it is well formed and unexpired; its tag is checked by `sessionHolds`. */
export function readSession(value: string, nowMs: number): { accountId: number; expires: number; tag: string } | undefined {
  const match = FORM.exec(value);
  if (match === null) return undefined;
  const expires = Number(match[2]);
  if (expires * 1000 <= nowMs) return undefined;
  return { accountId: Number(match[1]), expires, tag: match[3]! };
}

/** Whether the session's tag is the one the account's current password hash gives. */
export function sessionHolds(secrets: SecretBox, session: { accountId: number; expires: number; tag: string }, passwordHash: string): boolean {
  const expected = tag(secrets, session.accountId, session.expires, passwordHash);
  const given = Buffer.from(session.tag, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The `Set-Cookie` value that holds `value`, or (`value` undefined) clears the cookie. */
export function sessionCookie(secure: boolean, value: string | undefined, maxAge = 0): string {
  const parts = [`${sessionCookieName(secure)}=${value ?? ''}`, 'Path=/', 'HttpOnly', 'SameSite=Strict', `Max-Age=${value === undefined ? 0 : maxAge}`];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

/** The session cookie's value in a `Cookie` header, if it has one. */
export function sessionFromCookies(header: string | null, secure: boolean): string | undefined {
  if (header === null) return undefined;
  const name = sessionCookieName(secure);
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq >= 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
