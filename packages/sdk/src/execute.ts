/**
 * executeOperation: runs any operation from its spec (the Smithy way: operations are data).
 * Builds the URL, encodes the body with the shape's codec, applies auth, sends it through the
 * transport, and decodes the answer, or throws AtomSyncError.
 */
import {
  ATOM_MEDIA_TYPE,
  AtomDecodeError,
  decodeServiceError,
  entryCodecs,
  expandPath,
  type BodySpec,
  type OperationSpec,
} from '@atomsync/atom';
import type { Auth } from './auth.js';
import { AtomSyncError, codeForStatus, type AtomSyncErrorDetail } from './errors.js';
import type { HeaderValues, RequestOptions } from './invoke.js';

/** What a client resolved from its options, shared by every request it makes. */
export interface ExecuteConfig {
  /** The base URL without a trailing slash; spec paths (which start with `/`) are appended. */
  readonly baseUrl: string;
  readonly auth?: Auth;
  readonly headers?: HeaderValues;
  readonly userAgent: string;
  /** Sends one request; the transport decides which fetch and dispatcher carry it. */
  readonly send: (url: URL, init: RequestInit) => Promise<Response>;
}

export interface ExecuteInput {
  readonly path?: Readonly<Record<string, string | number>>;
  readonly query?: Readonly<Record<string, unknown>>;
  readonly body?: unknown;
}

export async function executeOperation(
  config: ExecuteConfig,
  spec: OperationSpec,
  input: ExecuteInput,
  options: RequestOptions | undefined,
): Promise<unknown> {
  const url = buildUrl(config.baseUrl, spec, input);
  const headers = new Headers(config.headers);
  headers.set('Accept', acceptFor(spec.response));
  if (!headers.has('User-Agent')) headers.set('User-Agent', config.userAgent);
  const body = encodeBody(spec, input.body, headers);
  if (config.auth) headers.set('Authorization', await config.auth({ method: spec.method, url }));
  if (options?.headers) new Headers(options.headers).forEach((value, name) => headers.set(name, value));

  // BodyInit wants Uint8Array<ArrayBuffer>; any Uint8Array is sent the same way at run time.
  const response = await config.send(url, { method: spec.method, headers, body: body as BodyInit | undefined, signal: options?.signal });
  if (response.status !== spec.status || response.status >= 400) throw await errorFrom(spec, response);
  return decodeBody(spec, response);
}

function buildUrl(baseUrl: string, spec: OperationSpec, input: ExecuteInput): URL {
  const url = new URL(baseUrl + expandPath(spec.path, input.path ?? {}));
  const pairs: string[] = [];
  for (const p of spec.params) {
    if (p.in !== 'query') continue;
    const value = input.query?.[p.name];
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

function encodeBody(spec: OperationSpec, value: unknown, headers: Headers): string | Uint8Array | undefined {
  const req = spec.request;
  if (!req || req.kind === 'empty') return undefined;
  if (value === undefined || value === null) throw new TypeError(`${spec.id}: the request body is missing`);
  if (req.kind === 'raw') {
    headers.set('Content-Type', req.mediaType);
    if (typeof value === 'string' || value instanceof Uint8Array) return value;
    throw new TypeError(`${spec.id}: a ${req.mediaType} body must be a string or a Uint8Array`);
  }
  headers.set('Content-Type', ATOM_MEDIA_TYPE);
  const codec = entryCodecs[req.shape] as { encodeEntry(v: unknown): string; encodeFeed(v: unknown): string };
  return req.kind === 'entry' ? codec.encodeEntry(value) : codec.encodeFeed(value);
}

async function decodeBody(spec: OperationSpec, response: Response): Promise<unknown> {
  const res = spec.response;
  if (res.kind === 'empty') {
    // Read (and drop) whatever came, so the keep-alive connection goes back to the pool.
    await response.arrayBuffer();
    return undefined;
  }
  if (res.kind === 'raw') {
    return res.mediaType.startsWith('text/') ? response.text() : new Uint8Array(await response.arrayBuffer());
  }
  const text = await response.text();
  const codec = entryCodecs[res.shape] as { decodeEntry(xml: string): unknown; decodeFeed(xml: string): unknown };
  try {
    return res.kind === 'entry' ? codec.decodeEntry(text) : codec.decodeFeed(text);
  } catch (error) {
    if (!(error instanceof AtomDecodeError)) throw error;
    const what = res.kind === 'entry' ? `a ${res.shape} entry` : `a feed of ${res.shape}`;
    throw new AtomSyncError(response.status, 'invalid_response', `${spec.id}: the answer is not ${what}: ${error.message}`, error.violations, response, spec.id, {
      cause: error,
    });
  }
}

async function errorFrom(spec: OperationSpec, response: Response): Promise<AtomSyncError> {
  const text = await response.text().catch(() => '');
  if (response.status < 400) {
    return new AtomSyncError(response.status, 'invalid_response', `${spec.id}: expected HTTP ${spec.status}, got ${response.status}`, [], response, spec.id);
  }
  if (/xml/i.test(response.headers.get('Content-Type') ?? '') || text.trimStart().startsWith('<')) {
    try {
      const e = decodeServiceError(text);
      const details: AtomSyncErrorDetail[] = (e.details ?? []).map((d) => (d.path === undefined ? { message: d.message } : { path: d.path, message: d.message }));
      return new AtomSyncError(response.status, e.code, e.message, details, response, spec.id);
    } catch {
      // Not the service's error document (a proxy's page, say): fall through to the status.
    }
  }
  const reason = response.statusText ? ` ${response.statusText}` : '';
  return new AtomSyncError(response.status, codeForStatus(response.status), `HTTP ${response.status}${reason} from ${spec.id}`, [], response, spec.id);
}
