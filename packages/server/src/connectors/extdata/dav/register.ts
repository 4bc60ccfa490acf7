/**
 * The check registration makes of a datastore's href, once: does it speak CardDAV/CalDAV, and if
 * so, which collection does it mean, and do the credentials open it?
 *
 * 1. OPTIONS on the href, without credentials: a `DAV` header says WebDAV (RFC 4918 §10.1 asks
 *    every DAV resource to send it; Radicale, Xandikos, Nextcloud, iCloud, Fastmail and our own
 *    endpoint answer it signed out). No such header: an Atom feed, registered as before.
 * 2. WebDAV: discovery with the credentials (Basic, or Bearer for an OAuth 2.0 token) down to the
 *    collection of the datastore's class — by its `name` when one was given.
 *
 * Answers: `dav` with the collection; `atom` (no DAV header); `unreachable` (no answer at all:
 * registered as before, and the first run says why it failed); or `refused` with the remote's own
 * reason (wrong password, no such collection, a collection of the wrong kind), which registration
 * answers as a 400 instead of registering something that cannot sync.
 */
import {
  DavDiscoveryError,
  DavHttpError,
  DavResponseError,
  MAX_REDIRECTS,
  createDavClient,
  discover,
  isRedirect,
  mayAnswerChallenge,
  optionsSpeaksDav,
  wellKnownUrl,
  type CollectionKind,
  type FetchLike,
} from '@atomsync/dav';
import type { Dataclass } from '@atomsync/atom';
import type { ExtdataDavRecord } from '@atomsync/store';
import { credentialsOf } from './credentials.js';
import { davFetch } from './fetch.js';
import { RefusedAddress } from './addresses.js';
import { ExtdataError } from '../transport.js';

export type RemoteCheck =
  | { readonly outcome: 'dav'; readonly dav: ExtdataDavRecord }
  | { readonly outcome: 'atom' }
  | { readonly outcome: 'unreachable'; readonly why: string }
  | { readonly outcome: 'refused'; readonly reason: string };

export interface RemoteCheckRequest {
  readonly dataclass: Dataclass;
  readonly href: string;
  /** As given: undefined when the request named none (then the default collection). */
  readonly name: string | undefined;
  readonly credentials: { readonly key: string; readonly secret: string; readonly scopes: readonly string[] } | undefined;
}

export interface RemoteCheckOptions {
  readonly fetch?: FetchLike;
  /** Per request; default 10 s (a registration waits for it). */
  readonly timeoutMs?: number;
}

const COMPONENTS: Partial<Record<Dataclass, readonly string[]>> = { Events: ['VEVENT'], Tasks: ['VTODO'], Calendar: ['VEVENT', 'VTODO'] };

function networkWords(error: unknown): string {
  if (error instanceof ExtdataError) return error.message;
  const e = error as { name?: string; code?: string; cause?: { code?: string; message?: string } };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return 'no answer in time';
  return e?.cause?.code ?? e?.code ?? e?.cause?.message ?? String(error);
}

export async function checkRemote(request: RemoteCheckRequest, options: RemoteCheckOptions = {}): Promise<RemoteCheck> {
  const fetch = options.fetch ?? davFetch({ timeoutMs: options.timeoutMs ?? 10_000, retry: { retries: 1 } });
  const kind: CollectionKind = request.dataclass === 'Contacts' ? 'addressbook' : 'calendar';
  const credentials = request.credentials && credentialsOf(request.credentials.key, request.credentials.secret, request.credentials.scopes);
  const origin = new URL(request.href).origin;
  // What a 401 refused, in the user's words: a bearer token is not refreshed here (the run does), so a stale one is named as such.
  const credentialWords = credentials?.scheme === 'bearer' ? 'the OAuth 2.0 access token (expired or revoked? register one fresh from the sign-in)' : 'the username and password';
  /**
   * OPTIONS signed out first (redirects followed: there is nothing to leak). A DAV server that
   * wants a sign-in even for OPTIONS (ours, Nextcloud) is asked again signed in when its challenge
   * allows (mayAnswerChallenge: Basic or Bearer, the same origin).
   */
  const speaksDav = async (url: string): Promise<boolean> => {
    let at = url;
    let answer = await fetch(at, { method: 'OPTIONS', redirect: 'manual', headers: { 'user-agent': 'atomsync-extdata' } });
    // Followed by hand, each hop through the address rules (a literal address skips the DNS check).
    for (let hop = 0; isRedirect(answer.status) && answer.headers.get('location') !== null && hop < MAX_REDIRECTS; hop++) {
      await answer.body?.cancel().catch(() => undefined);
      at = new URL(answer.headers.get('location')!, at).href;
      answer = await fetch(at, { method: 'OPTIONS', redirect: 'manual', headers: { 'user-agent': 'atomsync-extdata' } });
    }
    await answer.body?.cancel().catch(() => undefined);
    if (optionsSpeaksDav(answer.headers.get('dav'))) return true;
    if (credentials === undefined || !mayAnswerChallenge(answer.status, answer.headers.get('www-authenticate') ?? '', new URL(at).origin === origin)) return false;
    const signed = await fetch(at, { method: 'OPTIONS', redirect: 'manual', headers: { 'user-agent': 'atomsync-extdata', authorization: credentials.authorization } });
    await signed.body?.cancel().catch(() => undefined);
    if (signed.status === 401) throw new DavHttpError(`OPTIONS ${at}: 401 ${signed.statusText || 'Unauthorized'}`, 401, at);
    return optionsSpeaksDav(signed.headers.get('dav'));
  };
  let dav: boolean;
  try {
    dav = await speaksDav(request.href);
    // A server's root often serves a web page, not DAV (ours, Nextcloud's): its well-known URL tells (RFC 6764 §5).
    if (!dav && new URL(request.href).pathname === '/') dav = await speaksDav(wellKnownUrl(request.href, kind));
  } catch (error) {
    if (error instanceof DavHttpError) return { outcome: 'refused', reason: `the remote refused ${credentialWords}: ${error.message}` };
    if (error instanceof RefusedAddress) return { outcome: 'refused', reason: error.message };
    return { outcome: 'unreachable', why: networkWords(error) };
  }
  if (!dav) return { outcome: 'atom' };

  if (request.dataclass === 'Notes') return { outcome: 'refused', reason: 'the remote speaks WebDAV, and Notes are not synced over CardDAV/CalDAV' };
  if (credentials === undefined) return { outcome: 'refused', reason: 'the remote speaks CardDAV/CalDAV: give a token with the username as key and the (app) password as secret' };
  const client = createDavClient({ fetch, origin: new URL(request.href).origin, authorization: () => credentials.authorization, userAgent: 'atomsync-extdata' });
  const scrub = (text: string) => credentials.secrets.reduce((out, s) => (s === '' ? out : out.split(s).join('[redacted]')), text);
  try {
    const found = await discover(client, request.href, { kind, name: request.name, components: COMPONENTS[request.dataclass] });
    return { outcome: 'dav', dav: { collection: found.url, kind } };
  } catch (error) {
    if (error instanceof DavHttpError) {
      const why = error.status === 401 ? `the remote refused ${credentialWords}` : error.status === 403 ? 'the remote refused access' : 'the remote refused discovery';
      return { outcome: 'refused', reason: scrub(`${why}: ${error.message}`) };
    }
    if (error instanceof DavDiscoveryError) return { outcome: 'refused', reason: scrub(error.message) };
    if (error instanceof RefusedAddress) return { outcome: 'refused', reason: scrub(error.message) };
    if (error instanceof DavResponseError) return { outcome: 'refused', reason: scrub(`the remote's answer is not CardDAV/CalDAV we read: ${error.message}`) };
    return { outcome: 'refused', reason: scrub(`the remote stopped answering during discovery (${networkWords(error)}); try again`) };
  }
}
