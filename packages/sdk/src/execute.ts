/**
 * executeOperation: runs any operation from its spec (the Smithy way: operations are data).
 * Builds the URL, encodes the body with the shape's codec, then per attempt applies auth, runs
 * the middleware and sends the request through the transport under the attempt's timeout,
 * retrying what retry.ts allows, and decodes the answer, or throws AtomSyncError (no answer at
 * all: AtomSyncNetworkError).
 * iterateOperation does the same for each page of a feed, following `link rel="next"`.
 *
 * A conditional GET (conditional.ts) sends `ifNoneMatch` as If-None-Match and resolves to
 * NotModified on 304; the ETag of every decoded answer is kept for `etagOf`.
 */
import {
  ATOM_MEDIA_TYPE,
  AtomDecodeError,
  decodeServiceError,
  entryCodecs,
  expandPath,
  type BodySpec,
  type Feed,
  type OperationSpec,
} from '@atomsync/atom';
import type { Auth } from './auth.js';
import { rememberEtag } from './conditional.js';
import { AtomSyncError, AtomSyncNetworkError, AtomSyncTimeoutError, codeForStatus, PreconditionFailedError, type AtomSyncErrorDetail } from './errors.js';
import type { ConditionalRequestOptions, ConditionalWriteOptions, HeaderValues, NotModified, RequestOptions } from './invoke.js';
import { runMiddleware, type Middleware } from './middleware.js';
import { retryDelay, sleep, type RetryPolicy } from './retry.js';

/** What a client resolved from its options, shared by every request it makes. */
export interface ExecuteConfig {
  /** The base URL without a trailing slash; spec paths (which start with `/`) are appended. */
  readonly baseUrl: string;
  readonly auth?: Auth;
  readonly headers?: HeaderValues;
  /** The User-Agent to send; undefined sends none of ours (a browser sends its own). */
  readonly userAgent?: string;
  readonly retry: RetryPolicy;
  /** Each attempt's timeout in milliseconds; undefined for none. */
  readonly timeout?: number;
  readonly middleware: readonly Middleware[];
  /** The page size a list call asks for when the caller names none; undefined: every entry in one answer. */
  readonly pageSize: number | undefined;
  /** Sends one request; the transport decides which fetch and dispatcher carry it. */
  readonly send: (request: Request) => Promise<Response>;
}

export interface ExecuteInput {
  readonly path?: Readonly<Record<string, string | number>>;
  readonly query?: Readonly<Record<string, unknown>>;
  readonly body?: unknown;
}

interface EncodedBody {
  readonly data: string | Uint8Array;
  readonly contentType: string;
}

/** One attempt's answer, its body read whole under the attempt's timeout. */
interface Answer {
  readonly response: Response;
  readonly bytes: Uint8Array;
}

type AnyOptions = RequestOptions | ConditionalRequestOptions | ConditionalWriteOptions | undefined;

/** The query parameter of a paged feed's page size (GData's, as spec/openapi.yaml names it). */
const PAGE_SIZE_PARAM = 'max-results';
/** The largest page the service gives (spec/openapi.yaml: `max-results` is 1 to 1,000). */
export const MAX_PAGE_SIZE = 1000;

export async function executeOperation(config: ExecuteConfig, spec: OperationSpec, input: ExecuteInput, options: AnyOptions): Promise<unknown> {
  const url = buildUrl(config.baseUrl, spec, input, config.pageSize);
  const body = encodeBody(spec, input.body);
  const answer = await exchange(config, spec, url, body, options);
  const { response } = answer;
  if (response.status === 304) {
    const notModified: NotModified = { notModified: true, etag: response.headers.get('ETag') ?? options!.ifNoneMatch!, response };
    return notModified;
  }
  const value = decodeBody(spec, answer);
  rememberEtag(value, response.headers.get('ETag'));
  return value;
}

/**
 * The entries of every page of a GET answering a feed: a page's `link rel="next"` (resolved
 * against the page's URL) is the next request, until a page has none. A next page on another
 * origin is refused (the client's credentials go to its base URL only), as is a link back to a
 * page already read; both reject with an `invalid_response` AtomSyncError.
 */
export async function* iterateOperation(
  config: ExecuteConfig,
  spec: OperationSpec,
  input: ExecuteInput,
  options: RequestOptions | undefined,
): AsyncGenerator<unknown, void, undefined> {
  if (spec.method !== 'GET' || spec.response.kind !== 'feed') throw new TypeError(`${spec.id}: only a GET answering a feed has pages`);
  const origin = new URL(config.baseUrl).origin;
  const read = new Set<string>();
  // The largest pages: every entry is read anyway, so the fewest round trips, each still bounded.
  let url = buildUrl(config.baseUrl, spec, input, MAX_PAGE_SIZE);
  for (;;) {
    read.add(url.href);
    const answer = await exchange(config, spec, url, undefined, options);
    const feed = decodeBody(spec, answer) as Feed<unknown>;
    yield* feed.entries;
    const href = feed.links?.find((l) => l.rel !== undefined && l.rel.toLowerCase().split(/\s+/).includes('next'))?.href;
    if (href === undefined) return;
    const refuse = (why: string) => new AtomSyncError(answer.response.status, 'invalid_response', `${spec.id}: ${why}`, [], answer.response, spec.id);
    let next: URL;
    try {
      next = new URL(href, url);
    } catch {
      throw refuse(`the next page link ${JSON.stringify(href)} is not a URL`);
    }
    if (next.origin !== origin) throw refuse(`the next page ${next.href} is not on ${origin}; the client sends its credentials nowhere else`);
    if (read.has(next.href)) throw refuse(`the next page link leads back to ${next.href}, already read`);
    url = next;
  }
}

/** The request URL; a paged feed the caller names no page size for asks for `pageSize` entries. */
function buildUrl(baseUrl: string, spec: OperationSpec, input: ExecuteInput, pageSize: number | undefined): URL {
  const url = new URL(baseUrl + expandPath(spec.path, input.path ?? {}));
  const pairs: string[] = [];
  for (const p of spec.params) {
    if (p.in !== 'query') continue;
    const value = input.query?.[p.name] ?? (p.name === PAGE_SIZE_PARAM ? pageSize : undefined);
    if (value === undefined || value === null) {
      if (p.required) throw new TypeError(`${spec.id}: missing query parameter ${p.name}`);
      continue;
    }
    // RFC 3986 encoding (%20, not "+"): OAuth 1.0a signs the query as the server will decode it.
    pairs.push(`${encodeURIComponent(p.name)}=${encodeURIComponent(String(value))}`);
  }
  if (pairs.length > 0) url.search = pairs.join('&');
  return url;
}

function acceptFor(response: BodySpec): string {
  return response.kind === 'raw' ? response.mediaType : ATOM_MEDIA_TYPE;
}

function encodeBody(spec: OperationSpec, value: unknown): EncodedBody | undefined {
  const req = spec.request;
  if (!req || req.kind === 'empty') return undefined;
  if (value === undefined || value === null) throw new TypeError(`${spec.id}: the request body is missing`);
  if (req.kind === 'raw') {
    if (typeof value === 'string' || value instanceof Uint8Array) return { data: value, contentType: req.mediaType };
    throw new TypeError(`${spec.id}: a ${req.mediaType} body must be a string or a Uint8Array`);
  }
  const codec = entryCodecs[req.shape] as { encodeEntry(v: unknown): string; encodeFeed(v: unknown): string };
  return { data: req.kind === 'entry' ? codec.encodeEntry(value) : codec.encodeFeed(value), contentType: ATOM_MEDIA_TYPE };
}

/** The If-None-Match a request sends: the caller's tag, on a conditional GET only. */
function ifNoneMatchOf(spec: OperationSpec, options: AnyOptions): string | undefined {
  const tag = options?.ifNoneMatch;
  if (tag === undefined) return undefined;
  if (!spec.conditional) throw new TypeError(`${spec.id}: only a conditional GET takes ifNoneMatch`);
  return tag;
}

/** The If-Match a request sends: the caller's tag, on a conditional write only. */
function ifMatchOf(spec: OperationSpec, options: AnyOptions): string | undefined {
  const tag = options?.ifMatch;
  if (tag === undefined) return undefined;
  if (!spec.preconditioned) throw new TypeError(`${spec.id}: only a conditional write takes ifMatch`);
  return tag;
}

/** Attempts until one answers the operation's success (or 304 to an If-None-Match), or retry.ts says to stop. */
async function exchange(config: ExecuteConfig, spec: OperationSpec, url: URL, body: EncodedBody | undefined, options: AnyOptions): Promise<Answer> {
  const ifNoneMatch = ifNoneMatchOf(spec, options);
  const ifMatch = ifMatchOf(spec, options);
  const timeout = options?.timeout === false ? undefined : (options?.timeout ?? config.timeout);
  for (let attempt = 1; ; attempt++) {
    let answer: Answer;
    try {
      answer = await attemptOnce(config, spec, url, body, options, { ifNoneMatch, ifMatch }, attempt, timeout);
    } catch (error) {
      if (!(error instanceof AtomSyncTimeoutError || isNoAnswer(error))) throw error;
      const delay = retryDelay(config.retry, spec.method, attempt, 'no-answer');
      if (delay === undefined) throw error instanceof AtomSyncTimeoutError ? error : new AtomSyncNetworkError(spec.id, url.href, attempt, error);
      await sleep(delay, options?.signal);
      continue;
    }
    const { response } = answer;
    if (response.status === spec.status && response.status < 400) return answer;
    if (response.status === 304 && ifNoneMatch !== undefined) return answer;
    const delay = retryDelay(config.retry, spec.method, attempt, { status: response.status, retryAfter: response.headers.get('Retry-After') });
    if (delay === undefined) throw errorFrom(spec, answer);
    await sleep(delay, options?.signal);
  }
}

async function attemptOnce(
  config: ExecuteConfig,
  spec: OperationSpec,
  url: URL,
  body: EncodedBody | undefined,
  options: AnyOptions,
  conditions: { readonly ifNoneMatch: string | undefined; readonly ifMatch: string | undefined },
  attempt: number,
  timeout: number | undefined,
): Promise<Answer> {
  const headers = new Headers(config.headers);
  headers.set('Accept', acceptFor(spec.response));
  if (config.userAgent !== undefined && !headers.has('User-Agent')) headers.set('User-Agent', config.userAgent);
  if (body) headers.set('Content-Type', body.contentType);
  if (conditions.ifNoneMatch !== undefined) headers.set('If-None-Match', conditions.ifNoneMatch);
  if (conditions.ifMatch !== undefined) headers.set('If-Match', conditions.ifMatch);
  // Signed per attempt: an OAuth 1.0a nonce is good for one request only.
  if (config.auth) headers.set('Authorization', await config.auth({ method: spec.method, url }));
  if (options?.headers) new Headers(options.headers).forEach((value, name) => headers.set(name, value));

  const deadline = startDeadline(timeout, options?.signal);
  try {
    // BodyInit wants Uint8Array<ArrayBuffer>; any Uint8Array is sent the same way at run time.
    const request = new Request(url, { method: spec.method, headers, body: body?.data as BodyInit | undefined, signal: deadline.signal });
    const send = (req: Request) => noAnswerIfFails(config.send(req), req.signal);
    const response = await runMiddleware(config.middleware, request, { operationId: spec.id, attempt }, send);
    if (response.bodyUsed) throw new TypeError(`${spec.id}: a middleware read the answer's body; read a response.clone() instead`);
    // Read whole here, under the deadline: a body that stalls is a timeout like a silent server.
    const bytes = new Uint8Array(await noAnswerIfFails(response.arrayBuffer(), request.signal));
    return { response, bytes };
  } catch (error) {
    if (deadline.timedOut && !options?.signal?.aborted) throw new AtomSyncTimeoutError(spec.id, timeout!, attempt, { cause: error });
    throw error;
  } finally {
    deadline.clear();
  }
}

/** The failures of sending and of reading the body that were no abort: the request got no (whole) answer. */
const noAnswer = new WeakSet<object>();

function isNoAnswer(error: unknown): boolean {
  return typeof error === 'object' && error !== null && noAnswer.has(error);
}

async function noAnswerIfFails<T>(pending: Promise<T>, signal: AbortSignal): Promise<T> {
  try {
    return await pending;
  } catch (error) {
    if (!signal.aborted && typeof error === 'object' && error !== null) noAnswer.add(error);
    throw error;
  }
}

interface Deadline {
  readonly signal: AbortSignal | undefined;
  readonly timedOut: boolean;
  clear(): void;
}

/** The attempt's signal: the caller's, aborted too when `ms` pass. */
function startDeadline(ms: number | undefined, callerSignal: AbortSignal | undefined): Deadline {
  if (ms === undefined) return { signal: callerSignal, timedOut: false, clear: () => undefined };
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException(`no answer within ${ms} ms`, 'TimeoutError'));
  }, ms);
  return {
    signal: callerSignal ? anySignal(callerSignal, controller.signal) : controller.signal,
    get timedOut() {
      return timedOut;
    },
    clear: () => clearTimeout(timer),
  };
}

function anySignal(a: AbortSignal, b: AbortSignal): AbortSignal {
  if (typeof AbortSignal.any === 'function') return AbortSignal.any([a, b]);
  const controller = new AbortController();
  for (const s of [a, b]) {
    if (s.aborted) controller.abort(s.reason);
    else s.addEventListener('abort', () => controller.abort(s.reason), { once: true });
  }
  return controller.signal;
}

const utf8 = new TextDecoder();

function decodeBody(spec: OperationSpec, answer: Answer): unknown {
  const res = spec.response;
  if (res.kind === 'empty') return undefined;
  if (res.kind === 'raw') return res.mediaType.startsWith('text/') ? utf8.decode(answer.bytes) : answer.bytes;
  const text = utf8.decode(answer.bytes);
  const codec: { decodeResponseEntry(xml: string): unknown; decodeResponseFeed(xml: string): unknown } = entryCodecs[res.shape];
  try {
    return res.kind === 'entry' ? codec.decodeResponseEntry(text) : codec.decodeResponseFeed(text);
  } catch (error) {
    if (!(error instanceof AtomDecodeError)) throw error;
    const what = res.kind === 'entry' ? `a ${res.shape} entry` : `a feed of ${res.shape}`;
    const { status } = answer.response;
    throw new AtomSyncError(status, 'invalid_response', `${spec.id}: the answer is not ${what}: ${error.message}`, error.violations, answer.response, spec.id, {
      cause: error,
    });
  }
}

function errorFrom(spec: OperationSpec, answer: Answer): AtomSyncError {
  const { response } = answer;
  if (response.status < 400) {
    return new AtomSyncError(response.status, 'invalid_response', `${spec.id}: expected HTTP ${spec.status}, got ${response.status}`, [], response, spec.id);
  }
  const text = utf8.decode(answer.bytes);
  if (/xml/i.test(response.headers.get('Content-Type') ?? '') || text.trimStart().startsWith('<')) {
    try {
      const e = decodeServiceError(text);
      const details: AtomSyncErrorDetail[] = (e.details ?? []).map((d) => (d.path === undefined ? { message: d.message } : { path: d.path, message: d.message }));
      if (response.status === 412 && e.code === 'precondition_failed') return new PreconditionFailedError(e.message, details, response, spec.id);
      return new AtomSyncError(response.status, e.code, e.message, details, response, spec.id);
    } catch {
      // Not the service's error document (a proxy's page, say): fall through to the status.
    }
  }
  const reason = response.statusText ? ` ${response.statusText}` : '';
  if (response.status === 412) return new PreconditionFailedError(`HTTP 412${reason} from ${spec.id}`, [], response, spec.id);
  return new AtomSyncError(response.status, codeForStatus(response.status), `HTTP ${response.status}${reason} from ${spec.id}`, [], response, spec.id);
}
