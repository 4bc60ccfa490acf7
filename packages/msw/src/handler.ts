/**
 * The runtime behind the generated handlers: one function builds any operation's msw handler from
 * the operation table and the generated route. A handler answers its override if it has one, and
 * otherwise hands the request on: to the answerer it was built with (the real server in memory,
 * or the samples), or, for a bare `get<Op>MockHandler(override)` put in front with `server.use`,
 * to the next msw handler. It checks nothing itself: what the server would refuse, the server
 * refuses. Every answer carries `x-request-id` as the server's do: the request's own when it is
 * one the server would echo, else a fresh one.
 */
import {
  ATOM_MEDIA_TYPE,
  AtomDecodeError,
  STRICT_DECODE,
  TIMELESS_FEED_UPDATED,
  entityTag,
  entryCodecs,
  ifNoneMatchHolds,
  operations,
  type Feed,
  type OperationId,
  type OperationSpec,
  type OperationTypes,
} from '@atomsync/atom';
import { delay, http, type DelayMode, type HttpHandler } from 'msw';
import { mockRoutes } from './generated/routes.js';

/** What an override function is told about the request; `body` is decoded with the operation's codec. */
export interface MockRequestInfo<Id extends OperationId> {
  request: Request;
  /** Path parameters, decoded (integers as numbers). */
  params: OperationTypes[Id]['path'];
  /** The query parameters the operation declares (integers as numbers). */
  query: OperationTypes[Id]['query'];
  body: OperationTypes[Id]['body'];
}

type MaybePromise<T> = T | Promise<T>;

/**
 * How to answer instead of the server:
 * - a value of the operation's result type, answered with the operation's success status;
 * - an `HttpResponse` (an error, say: see `errorResponse`), answered as is on every request;
 * - a function of the request returning either of those, or `undefined` to let the server answer
 *   (handy to record requests). It is called only with requests it can read (a decodable body,
 *   integer ids); the others go to the server, which refuses them as it would.
 */
export type MockOverride<Id extends OperationId> =
  | OperationTypes[Id]['result']
  | Response
  | ((info: MockRequestInfo<Id>) => MaybePromise<OperationTypes[Id]['result'] | Response | undefined>);

export type MockOverrides = { [Id in OperationId]?: MockOverride<Id> };

export interface MockHandlerOptions {
  /** Wait this long (ms, or msw's 'real' / 'infinite') before answering or handing on. */
  delay?: number | DelayMode;
}

export interface HandlersOptions extends MockHandlerOptions {
  /** Per operation, what to answer instead of the server. */
  overrides?: MockOverrides;
}

/** Who answers a request no override took: the server in memory, or the samples. */
export type Answerer = (request: Request, id: OperationId) => Promise<Response>;

const METHODS = { GET: http.get, POST: http.post, PUT: http.put, DELETE: http.delete } as const;

/** The operations whose route a variant shares, with the query parameter that selects each. */
const variantsOf = new Map<string, string[]>();
for (const spec of Object.values(operations) as OperationSpec[]) {
  if (spec.variantOf && spec.when) variantsOf.set(spec.variantOf, [...(variantsOf.get(spec.variantOf) ?? []), spec.when]);
}

/** True when the request is this operation and not a variant sharing its route (`?since=`). */
function selects(spec: OperationSpec, url: URL): boolean {
  if (spec.when) return url.searchParams.has(spec.when);
  return !(variantsOf.get(spec.id) ?? []).some((name) => url.searchParams.has(name));
}

/** A caller's `x-request-id` the server echoes (packages/server/src/http/request-state.ts); others get a fresh one. */
const SAFE_REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * Gives `response` the `x-request-id` the server would: the request's, when safe to echo; else
 * its own, unless `fresh` (one Response answering every request must not repeat its id); else a
 * new UUID. A response with immutable headers (`Response.error()`) is answered as it is.
 */
function withRequestId(response: Response, request: Request, fresh: boolean): Response {
  const given = request.headers.get('x-request-id');
  const echo = given !== null && SAFE_REQUEST_ID.test(given) ? given : undefined;
  if (echo === undefined && !fresh && response.headers.has('x-request-id')) return response;
  try {
    response.headers.set('x-request-id', echo ?? globalThis.crypto.randomUUID());
  } catch {
    // Immutable headers: nothing to add to.
  }
  return response;
}

/** An msw handler for one operation; `answerer` answers what the override leaves. */
export function mockHandler<Id extends OperationId>(id: Id, override?: MockOverride<Id>, options: MockHandlerOptions = {}, answerer?: Answerer): HttpHandler {
  const spec: OperationSpec = operations[id];
  const method = METHODS[spec.method as keyof typeof METHODS];
  if (method === undefined) throw new Error(`@atomsync/msw: no msw handler for ${spec.method} (${id})`);
  return method(mockRoutes[id].route, async ({ request, params }) => {
    if (!selects(spec, new URL(request.url))) return undefined;
    if (options.delay !== undefined) await delay(options.delay);
    const answer = await answerOverride(spec, override, request, params);
    if (answer !== undefined) return withRequestId(answer, request, override instanceof Response);
    const answered = await answerer?.(request, id);
    return answered === undefined ? undefined : withRequestId(answered, request, false);
  });
}

/** The first segment of every path the service has (`/v2`, `/syncml`, `/healthz`). */
const SERVICE_ROOTS = [...new Set((Object.values(operations) as OperationSpec[]).map((spec) => spec.path.split('/')[1]!))];

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Where the server answers what no operation handler took: with `baseUrl`, everything under it;
 * without, any origin (as the operation handlers) but only under the service's own roots
 * (`/v2/…`, `/syncml…`, `/healthz…`), so that other APIs' requests are left to their handlers.
 * No capturing group: msw decodes groups, and a malformed escape would throw there.
 */
export function fallbackScope(baseUrl?: string): RegExp {
  if (baseUrl !== undefined) {
    const url = new URL(baseUrl);
    return new RegExp(`^${escapeRegExp(url.origin + url.pathname.replace(/\/+$/, ''))}(?:/.*)?$`);
  }
  return new RegExp(`^[^:/]+://[^/]+/(?:${SERVICE_ROOTS.map(escapeRegExp).join('|')})(?:/.*)?$`);
}

/**
 * The last handler, after the operation handlers: every request in `scope` no operation handler
 * answered (an unknown path, a method the path does not offer, HEAD) goes to `answer`, the
 * server, which answers it as it would: 404 `not_found`, 405 `method_not_allowed` with `Allow`,
 * HEAD as GET without the body.
 */
export function fallbackHandler(scope: RegExp, answer: (request: Request) => Promise<Response>, options: MockHandlerOptions = {}): HttpHandler {
  return http.all(scope, async ({ request }) => {
    if (options.delay !== undefined) await delay(options.delay);
    return answer(request);
  });
}

/** A handler for every operation, answering the overrides, else asking `answerer`. */
export function operationHandlers(answerer: Answerer, options: HandlersOptions = {}): HttpHandler[] {
  const overrides = (options.overrides ?? {}) as Record<string, MockOverride<OperationId>>;
  return (Object.keys(mockRoutes) as OperationId[]).map((id) => mockHandler(id, overrides[id], options, answerer));
}

async function answerOverride(spec: OperationSpec, override: unknown, request: Request, params: Record<string, unknown>): Promise<Response | undefined> {
  if (override === undefined) return undefined;
  if (override instanceof Response) return override.clone(); // each request gets an unread body
  let value: unknown = override;
  if (typeof override === 'function') {
    const info = await readRequest(spec, request, params);
    if (info === undefined) return undefined;
    value = await (override as (info: unknown) => unknown)(info);
    if (value instanceof Response || value === undefined) return value as Response | undefined;
  }
  return encodeResult(spec, value, request);
}

async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

const hasTime = (entry: unknown): boolean => {
  const { updated, published } = entry as { updated?: Date | null; published?: Date | null };
  return (updated ?? published ?? undefined) !== undefined;
};

/**
 * A result value as the server sends it: the operation's status, reason and media type; for a
 * conditional GET its `ETag` (the server's: @atomsync/atom conditional.ts), and 304 Not Modified
 * without a body when `request`'s If-None-Match names it.
 */
export async function encodeResult(spec: OperationSpec, value: unknown, request?: Request): Promise<Response> {
  const init = { status: spec.status, ...(spec.reason ? { statusText: spec.reason } : {}) };
  const res = spec.response;
  if (res.kind === 'empty') return new Response(null, init);
  if (res.kind === 'raw') return new Response(value as string | Uint8Array as BodyInit, { ...init, headers: { 'Content-Type': res.mediaType } });
  const codec = entryCodecs[res.shape] as { encodeEntry(v: unknown): string; encodeFeed(v: unknown): string };
  const xml = res.kind === 'entry' ? codec.encodeEntry(value) : codec.encodeFeed(value);
  // msw would label an XML string text/xml; the service's media type is application/atom+xml.
  const headers: Record<string, string> = { 'Content-Type': ATOM_MEDIA_TYPE };
  if (spec.conditional) {
    const feed = value as Feed<unknown>;
    const timeless = res.kind === 'feed' && feed.entries.every((e) => !hasTime(e));
    const etag = entityTag(await sha256(timeless ? codec.encodeFeed({ ...feed, updated: TIMELESS_FEED_UPDATED }) : xml), timeless);
    if (request !== undefined && ifNoneMatchHolds(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers: { ETag: etag } });
    headers.ETag = etag;
  }
  return new Response(xml, { ...init, headers });
}

function scalar(type: 'string' | 'integer', raw: string): string | number | undefined {
  if (type === 'string') return raw;
  return /^[+-]?\d+$/.test(raw) ? Number(raw) : undefined;
}

/**
 * The request as an override function sees it, or undefined when it cannot be read as the
 * operation (so the server answers it). The body is read from a clone: the server may need it.
 */
async function readRequest(spec: OperationSpec, request: Request, raw: Record<string, unknown>): Promise<MockRequestInfo<OperationId> | undefined> {
  const params: Record<string, string | number> = {};
  const query: Record<string, string | number> = {};
  const url = new URL(request.url);
  for (const p of spec.params) {
    const text = p.in === 'path' ? raw[p.name] : url.searchParams.get(p.name);
    if (typeof text !== 'string') continue;
    const value = scalar(p.type, text);
    if (value === undefined) return undefined;
    (p.in === 'path' ? params : query)[p.name] = value;
  }
  let body: unknown;
  const req = spec.request;
  if (req && req.kind !== 'empty') {
    const copy = request.clone();
    if (req.kind === 'raw') body = req.mediaType.startsWith('text/') ? await copy.text() : new Uint8Array(await copy.arrayBuffer());
    else {
      const codec = entryCodecs[req.shape] as { decodeEntry(x: string, o?: object): unknown; decodeFeed(x: string, o?: object): unknown };
      const text = await copy.text();
      try {
        body = req.kind === 'entry' ? codec.decodeEntry(text, STRICT_DECODE) : codec.decodeFeed(text, STRICT_DECODE);
      } catch (error) {
        if (error instanceof AtomDecodeError) return undefined;
        throw error;
      }
    }
  }
  return { request, params, query, body } as MockRequestInfo<OperationId>;
}
