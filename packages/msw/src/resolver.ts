/**
 * The runtime behind the generated handlers: one resolver executes any operation's mock from its
 * spec (the same table the SDK runs from). It checks the request the way the server does (path
 * and query parameters, media type, body shape), then answers the override or the sample.
 */
import {
  ATOM_MEDIA_TYPE,
  AtomDecodeError,
  STRICT_DECODE,
  entryCodecs,
  type ErrorCode,
  type OperationId,
  type OperationSpec,
  type OperationTypes,
} from '@atomsync/atom';
import { errorResponse } from './errors.js';
import { mockResult } from './sample.js';

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
 * How to answer instead of the sample:
 * - a value of the operation's result type, answered with the operation's success status;
 * - an `HttpResponse` (an error, say: see `errorResponse`), answered as is on every request;
 * - a function of the request returning either of those (await `delay()` in it to slow the
 *   answer), or `undefined` to answer the sample (handy to only record requests).
 */
export type MockOverride<Id extends OperationId> =
  | OperationTypes[Id]['result']
  | Response
  | ((info: MockRequestInfo<Id>) => MaybePromise<OperationTypes[Id]['result'] | Response | undefined>);

export type MockOverrides = { [Id in OperationId]?: MockOverride<Id> };

export interface HandlersOptions {
  /** Per operation, what to answer instead of the sample. */
  overrides?: MockOverrides;
}

/** The error an operation always gives (400 listAllContents, 405 updateSyncmlClient, 501 …). */
export interface Refusal {
  code: ErrorCode;
  message: string;
  headers?: Record<string, string>;
}

type ResolverInfo = { request: Request; params: Record<string, string | readonly string[] | undefined> };
type Resolver = (info: ResolverInfo) => Promise<Response | undefined>;

export function mockResolver<Id extends OperationId>(spec: OperationSpec & { readonly id: Id }, override: MockOverride<Id> | undefined, refusal?: Refusal): Resolver {
  return async ({ request, params }) => {
    const checked = await readRequest(spec, request, params);
    if (checked instanceof Response) return checked;
    let value: unknown = override;
    if (override instanceof Response) return override.clone(); // each request gets an unread body
    if (typeof override === 'function') {
      value = await (override as (info: MockRequestInfo<Id>) => unknown)(checked as MockRequestInfo<Id>);
      if (value instanceof Response) return value;
    }
    if (value === undefined) {
      if (spec.status >= 400) return errorResponse({ status: spec.status, ...(refusal ?? { code: 'internal', message: spec.id }) });
      value = mockResult(spec.id as OperationId);
    }
    return answer(spec, value);
  };
}

/** Sends a request to the variant whose selector query parameter it carries, else to `base`. */
export function byQuery(base: Resolver, variants: Record<string, Resolver>): Resolver {
  return (info) => {
    const query = new URL(info.request.url).searchParams;
    for (const [name, resolver] of Object.entries(variants)) if (query.has(name)) return resolver(info);
    return base(info);
  };
}

/** Answers only requests carrying `name`; msw passes the others on to the next handler. */
export function onlyWithQuery(name: string, resolver: Resolver): Resolver {
  return async (info) => (new URL(info.request.url).searchParams.has(name) ? resolver(info) : undefined);
}

function answer(spec: OperationSpec, value: unknown): Response {
  const init = { status: spec.status, ...(spec.reason ? { statusText: spec.reason } : {}) };
  const res = spec.response;
  if (res.kind === 'empty') return new Response(null, init);
  if (res.kind === 'raw') return new Response(value as string | Uint8Array as BodyInit, { ...init, headers: { 'Content-Type': res.mediaType } });
  const codec = entryCodecs[res.shape] as { encodeEntry(v: unknown): string; encodeFeed(v: unknown): string };
  const xml = res.kind === 'entry' ? codec.encodeEntry(value) : codec.encodeFeed(value);
  // msw would label an XML string text/xml; the service's media type is application/atom+xml.
  return new Response(xml, { ...init, headers: { 'Content-Type': ATOM_MEDIA_TYPE } });
}

function scalar(type: 'string' | 'integer', raw: string): string | number | undefined {
  if (type === 'string') return raw;
  return /^[+-]?\d+$/.test(raw) ? Number(raw) : undefined;
}

/** The request as the operation sees it, or the error answer the server would give instead. */
async function readRequest(spec: OperationSpec, request: Request, raw: ResolverInfo['params']): Promise<Omit<MockRequestInfo<OperationId>, never> | Response> {
  const params: Record<string, string | number> = {};
  const query: Record<string, string | number> = {};
  const url = new URL(request.url);
  const violations: { path: string; message: string }[] = [];
  for (const p of spec.params) {
    if (p.in === 'path') {
      const text = raw[p.name];
      const value = typeof text === 'string' ? scalar(p.type, text) : undefined;
      // A path that does not fit its route is a path the server has no resource at.
      if (value === undefined) return errorResponse({ status: 404, code: 'not_found', message: `No resource at ${url.pathname}` });
      params[p.name] = value;
      continue;
    }
    const text = url.searchParams.get(p.name);
    if (text === null) {
      if (p.required) violations.push({ path: `?${p.name}`, message: 'is required' });
      continue;
    }
    const value = scalar(p.type, text);
    if (value === undefined) violations.push({ path: `?${p.name}`, message: `must be an integer (got "${text}")` });
    else if (p.enum && !p.enum.includes(text)) violations.push({ path: `?${p.name}`, message: `must be one of ${p.enum.join(', ')} (got "${text}")` });
    else query[p.name] = value;
  }
  if (violations.length > 0) {
    return errorResponse({ status: 400, code: 'validation_failed', message: `The query is not valid (${violations.length} problem${violations.length > 1 ? 's' : ''})`, details: violations });
  }
  const body = await readBody(spec, request);
  if (body instanceof Response) return body;
  return { request, params, query, body } as MockRequestInfo<OperationId>;
}

async function readBody(spec: OperationSpec, request: Request): Promise<unknown> {
  const req = spec.request;
  if (!req || req.kind === 'empty') return undefined;
  const type = (request.headers.get('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (req.kind === 'raw') {
    return req.mediaType.startsWith('text/') ? request.text() : new Uint8Array(await request.arrayBuffer());
  }
  if (type !== ATOM_MEDIA_TYPE) {
    return errorResponse({ status: 415, code: 'unsupported_media_type', message: `Expected ${ATOM_MEDIA_TYPE}, got ${type || 'no Content-Type'}` });
  }
  const codec = entryCodecs[req.shape] as { decodeEntry(x: string, o?: object): unknown; decodeFeed(x: string, o?: object): unknown };
  const text = await request.text();
  try {
    // Strict in our namespaces, as the server is: a misspelt field is an error, not dropped.
    return req.kind === 'entry' ? codec.decodeEntry(text, STRICT_DECODE) : codec.decodeFeed(text, STRICT_DECODE);
  } catch (error) {
    if (!(error instanceof AtomDecodeError)) throw error;
    return errorResponse({ status: 400, code: error.code, message: error.message, details: error.violations.map((v) => ({ path: v.path, message: v.message })) });
  }
}
