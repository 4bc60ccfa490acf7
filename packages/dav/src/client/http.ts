/**
 * The client half's HTTP: one small client over an injectable `fetch` that sends the DAV methods
 * with this package's bodies and reads the answers with its readers. It knows nothing of retries or
 * timeouts (the caller's fetch carries those) and nothing of a store.
 *
 * Credentials go to one origin only, the one the caller names: redirects are followed by hand (at
 * most MAX_REDIRECTS), and a hop to another origin is made without the Authorization header, so a
 * remote cannot send the user's password elsewhere by answering 301. A 401 to credentials that can
 * be renewed (`reauthorize`: an expired OAuth 2.0 access token) is answered by renewing them and
 * sending the request once more.
 */
import type { QName } from '../namespaces.js';
import { readErrorBody, readMultistatus, type ReadResponse } from '../multistatus/read.js';
import { propfindBody } from '../requests/write.js';

export type FetchLike = (input: string | URL, init?: RequestInit) => Promise<Response>;

export interface DavClientOptions {
  /** The fetch to send with; the global one (looked up per request) by default. */
  readonly fetch?: FetchLike;
  /** The Authorization header value (Basic or Bearer), sent to `origin` alone. */
  readonly authorization?: () => string | undefined;
  /** The origin credentials are sent to (scheme://host:port). */
  readonly origin?: string;
  readonly userAgent?: string;
  /**
   * Called once per request that `origin` answered 401 though it carried `authorization` (an
   * OAuth 2.0 access token that expired): true when the credentials were renewed, and the request
   * is sent again, once, with `authorization()` anew; false leaves the 401 as the answer.
   */
  readonly reauthorize?: (refused: string) => Promise<boolean>;
}

/** A DAV request answered with a status the caller did not expect; the message is safe to log. */
export class DavHttpError extends Error {
  override readonly name = 'DavHttpError';
  constructor(
    message: string,
    readonly status: number,
    readonly url: string,
    /** The preconditions a `DAV:error` body named (valid-sync-token…). */
    readonly preconditions: readonly QName[] = [],
  ) {
    super(message);
  }

  has(name: string): boolean {
    return this.preconditions.some((p) => p.name === name);
  }
}

export interface Multistatus {
  readonly responses: ReadResponse[];
  readonly syncToken: string | undefined;
  /** The URL that answered (after redirects): relative hrefs resolve against it. */
  readonly url: string;
}

export interface Resource {
  readonly status: number;
  readonly etag: string | undefined;
  readonly body: string;
  readonly contentType: string;
}

export interface WriteCondition {
  /** `If-Match`: only over this ETag (a change, a delete). */
  readonly ifMatch?: string;
  /** `If-None-Match: *`: only where nothing is (a new item). */
  readonly ifNoneMatch?: '*';
}

/** Redirect hops a request follows, at most. */
export const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** A status a request follows to its Location (by hand: see the credential rule above). */
export const isRedirect = (status: number): boolean => REDIRECTS.has(status);
/** How much of a refusal's body goes into a message. */
const REASON_CHARS = 200;

export interface DavClient {
  propfind(url: string, depth: '0' | '1', props: readonly QName[]): Promise<Multistatus>;
  report(url: string, depth: '0' | '1', body: string): Promise<Multistatus>;
  get(url: string): Promise<Resource>;
  /** A 2xx: the ETag the server answered, if any (none: it may have changed our bytes). */
  put(url: string, body: string, contentType: string, condition: WriteCondition): Promise<{ status: number; etag: string | undefined }>;
  delete(url: string, condition: WriteCondition): Promise<void>;
  /** Any request, redirects followed under the credential rule; the answer as it came. */
  send(method: string, url: string, init?: { headers?: Record<string, string>; body?: string }): Promise<Response>;
}

export function createDavClient(options: DavClientOptions = {}): DavClient {
  const origin = options.origin;

  async function send(method: string, url: string, init: { headers?: Record<string, string>; body?: string } = {}): Promise<Response> {
    let at = new URL(url);
    let renewed = false;
    for (let hop = 0; ; hop++) {
      const headers: Record<string, string> = { 'user-agent': options.userAgent ?? 'atomsync-dav', ...init.headers };
      const authorization = options.authorization?.();
      const signed = authorization !== undefined && (origin === undefined || at.origin === origin);
      if (signed) headers.authorization = authorization;
      const fetchImpl = options.fetch ?? globalThis.fetch;
      const response = await fetchImpl(at, { method, headers, body: init.body, redirect: 'manual' });
      // One renewal per request, and only for credentials this origin refused: a 401 from another is not ours to answer.
      if (response.status === 401 && signed && !renewed && options.reauthorize !== undefined) {
        renewed = true;
        if (await options.reauthorize(authorization)) {
          await response.body?.cancel().catch(() => undefined);
          hop--;
          continue;
        }
        return response;
      }
      const location = response.headers.get('location');
      if (!isRedirect(response.status) || location === null) return response;
      await response.body?.cancel().catch(() => undefined);
      if (hop >= MAX_REDIRECTS) throw new DavHttpError(`${method} ${url}: more than ${MAX_REDIRECTS} redirects`, response.status, url);
      at = new URL(location, at);
    }
  }

  async function refusal(method: string, url: string, response: Response): Promise<DavHttpError> {
    const text = await response.text().catch(() => '');
    const preconditions = text.includes('error') ? readErrorBody(text) : [];
    const named = preconditions.length > 0 ? ` (${preconditions.map((p) => p.name).join(', ')})` : '';
    const plain = /^\s*</.test(text) ? '' : text.trim().slice(0, REASON_CHARS);
    const line = `${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
    return new DavHttpError(`${method} ${url}: ${line}${named}${plain ? `: ${plain}` : ''}`, response.status, url, preconditions);
  }

  async function multistatus(method: string, url: string, depth: '0' | '1', body: string): Promise<Multistatus> {
    const response = await send(method, url, { headers: { depth, 'content-type': 'application/xml; charset=utf-8' }, body });
    if (response.status !== 207) throw await refusal(method, url, response);
    const read = readMultistatus(new Uint8Array(await response.arrayBuffer()));
    return { ...read, url: response.url || url };
  }

  return {
    send,
    propfind: (url, depth, props) => multistatus('PROPFIND', url, depth, propfindBody(props)),
    report: (url, depth, body) => multistatus('REPORT', url, depth, body),
    async get(url) {
      const response = await send('GET', url);
      if (!response.ok) throw await refusal('GET', url, response);
      return { status: response.status, etag: response.headers.get('etag') ?? undefined, body: await response.text(), contentType: response.headers.get('content-type') ?? '' };
    },
    async put(url, body, contentType, condition) {
      const headers: Record<string, string> = { 'content-type': contentType };
      if (condition.ifMatch !== undefined) headers['if-match'] = condition.ifMatch;
      if (condition.ifNoneMatch !== undefined) headers['if-none-match'] = condition.ifNoneMatch;
      const response = await send('PUT', url, { headers, body });
      if (!response.ok) throw await refusal('PUT', url, response);
      await response.body?.cancel().catch(() => undefined);
      return { status: response.status, etag: response.headers.get('etag') ?? undefined };
    },
    async delete(url, condition) {
      const headers: Record<string, string> = {};
      if (condition.ifMatch !== undefined) headers['if-match'] = condition.ifMatch;
      const response = await send('DELETE', url, { headers });
      if (!response.ok) throw await refusal('DELETE', url, response);
      await response.body?.cancel().catch(() => undefined);
    },
  };
}

/** The absolute URL of an href a server wrote, against the URL that answered. */
export const resolveHref = (href: string, base: string): string => new URL(href, base).href;

/** The path of an href (origin dropped): one key per member, however the server spelt the href. */
export const pathOfHref = (href: string, base: string): string => new URL(href, base).pathname;
