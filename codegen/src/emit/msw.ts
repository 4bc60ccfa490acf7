/**
 * emits packages/msw/src/generated/: `routes.ts`, the route (and fixed error) of every operation;
 * `handlers.ts`, one msw handler factory per operation (`get<OperationId>MockHandler(override?)`,
 * answering the override or handing the request on to the real server's handler); and
 * `samples.ts`, the golden documents `sampleHandlers()` answers with instead of a server.
 *
 * Samples are the golden examples of spec/examples: per entry shape one entry and one feed, and,
 * where an example's description names an operation's method and path (`GET /v2/…/<client_uuid>:`),
 * that example for that operation. A shape without any golden example gets a minimal valid
 * document built from the XSD, so every operation has an answer whatever the examples hold.
 */
import type { Operation } from '../openapi/load.js';
import { camel, pascal } from '../naming.js';
import type { ComplexType, Field, Scalar } from '../xsd/model.js';
import type { EmitContext, GoldenExample } from './context.js';
import { header, type Output } from './file.js';

// main.ts holds these too, but importing it runs the generator.
const NS = {
  atom: 'http://www.w3.org/2005/Atom',
  service: 'http://schemas.atomsync.dev/2009/sync',
  batch: 'http://schemas.google.com/gdata/batch',
};
/** The origin the golden examples use (the default listen address, guide/operators.md#environment-variables-and-flags). */
const SAMPLE_ORIGIN = 'http://127.0.0.1:8080';

// ───────────────────────────── routes ─────────────────────────────

function segmentsOf(path: string): string[] {
  return path.replace(/\/+$/, '').split('/').slice(1);
}

const isParam = (s: string) => /^\{\w+\}$/.test(s);

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

function pathRe(segments: string[], capture: boolean): string {
  return segments.map((s) => `\\/${isParam(s) ? (capture ? `(?<${s.slice(1, -1)}>[^/]+)` : '[^/]+') : escapeRe(s)}`).join('');
}

/**
 * True when a router that prefers literal segments (as the server's does) sends a URL both
 * paths match to `b` rather than `a`: at the first position where one has a literal and the
 * other a parameter, `b` has the literal.
 */
function shadows(b: string[], a: string[]): boolean {
  if (a.length !== b.length || a.join('/') === b.join('/')) return false;
  let decided: boolean | undefined;
  for (let i = 0; i < a.length; i++) {
    const pa = isParam(a[i]!);
    const pb = isParam(b[i]!);
    if (!pa && !pb && a[i] !== b[i]) return false; // no URL matches both
    if (decided === undefined && pa !== pb) decided = pb === false;
  }
  return decided === true;
}

/**
 * The RegExp an operation's handler matches `origin + pathname` with: any origin, an optional
 * trailing slash, named groups for path parameters, and a negative lookahead for each path that
 * takes precedence (so `GET /v2/services/syncml/sessions/` never reaches getSyncmlClient, even when
 * a test prepends an override for it with `server.use`).
 */
export function routeRegExp(op: Operation, all: Operation[]): string {
  const own = segmentsOf(op.path);
  const others = [...new Set(all.map((o) => o.path.replace(/\/+$/, '')))].map(segmentsOf).filter((b) => shadows(b, own));
  const lookaheads = others.map((b) => `(?!${pathRe(b, false)}\\/?$)`).join('');
  return `/^[^:/]+:\\/\\/[^/]+${lookaheads}${pathRe(own, true)}\\/?$/`;
}

// ───────────────────────────── samples ─────────────────────────────

function isRequestExample(e: GoldenExample): boolean {
  return /(^|[.-])request\.xml$/.test(e.file);
}

/** `METHOD /path` (placeholders as `{}`) and query names an example's description starts with. */
function describedRoute(e: GoldenExample): { method: string; path: string; query: string[] } | undefined {
  const m = /^(GET|POST|PUT|DELETE) (\/[^\s:]*)/.exec(e.description);
  if (!m) return undefined;
  const [path, query = ''] = m[2]!.split('?');
  return {
    method: m[1]!,
    path: path!.replace(/<[^>]+>/g, '{}').replace(/\/+$/, ''),
    query: query.split('&').filter(Boolean).map((q) => q.split('=')[0]!),
  };
}

function exampleFor(op: Operation, examples: GoldenExample[], all: Operation[]): GoldenExample | undefined {
  const res = op.response;
  if (res.kind !== 'entry' && res.kind !== 'feed') return undefined;
  const path = op.path.replace(/\{\w+\}/g, '{}').replace(/\/+$/, '');
  const selectors = all.filter((o) => o.variantOf === op.id).map((o) => o.when!);
  return examples.find((e) => {
    if (isRequestExample(e) || e[res.kind] !== res.shape) return false;
    const r = describedRoute(e);
    if (!r || r.method !== op.method || r.path !== path) return false;
    return op.when ? r.query.includes(op.when) : !r.query.some((q) => selectors.includes(q));
  });
}

function stripDeclaration(xml: string): string {
  return xml.replace(/^\uFEFF?\s*<\?xml[^?]*\?>\s*/, '').trim();
}

function tsTemplate(text: string): string {
  return `\`${text.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${')}\``;
}

/** A feed around one entry document, for shapes whose golden examples hold no feed. */
function wrapInFeed(entryXml: string, shape: string, ops: Operation[]): string {
  const lister = ops.find((o) => o.response.kind === 'feed' && o.response.shape === shape && !o.path.includes('{'));
  const id = lister ? `${SAMPLE_ORIGIN}${lister.path}` : `urn:atomsync:sample:${shape}`;
  const title = lister ? lister.summary.replace(/^List (\w)/, (_, c: string) => c.toUpperCase()) : `${shape} feed`;
  const updated = /<(?:\w+:)?updated>([^<]+)<\//.exec(entryXml)?.[1] ?? '2009-06-01T12:00:00Z';
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<feed xmlns="${NS.atom}">\n  <id>${id}</id>\n` +
    (lister ? `  <link rel="self" href="${id}"/>\n` : '') +
    `  <title>${title}</title>\n  <updated>${updated}</updated>\n${stripDeclaration(entryXml)}\n</feed>\n`
  );
}

const SAMPLE_UUID = '6f1c3a52-4b7e-4d0a-9c1e-2b8f5d7a9e10';

function scalarSample(s: Scalar, local: string): string {
  if (s.values && s.values.length > 0) return String(s.values[0]);
  switch (s.kind) {
    case 'dateTime':
      return '2009-06-01T12:00:00Z';
    case 'listingTimestamp':
      return '2009-06-01 12:00:00';
    case 'boolean':
      return 'false';
    case 'int':
    case 'integer':
    case 'nonNegativeInteger':
      return '1';
    default: {
      const candidates = [`sample ${local}`, SAMPLE_UUID, 'sample', '1', `${SAMPLE_ORIGIN}/`];
      if (!s.pattern) return candidates[0]!;
      const re = new RegExp(`^(?:${s.pattern})$`, 'u');
      const fit = candidates.find((c) => re.test(c));
      if (fit === undefined) throw new Error(`msw samples: no sample value fits the pattern of ${s.type}; add a golden example to spec/examples`);
      return fit;
    }
  }
}

const PREFIX: Record<string, string> = { [NS.atom]: 'atom', [NS.service]: 's', [NS.batch]: 'batch' };

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** One element of a minimal document: its required attributes, text and children. */
function minimalElement(name: string, t: ComplexType, indent: string, extraFields: (f: Field) => boolean = () => false): string {
  const attrs = t.attrs.filter((a) => a.required).map((a) => ` ${a.local}="${escapeXml(scalarSample(a.scalar, a.local))}"`).join('');
  const children = t.fields
    .filter((f) => f.min > 0 || extraFields(f))
    .map((f) => {
      const prefix = PREFIX[f.uri];
      if (prefix === undefined) throw new Error(`msw samples: no prefix for the namespace ${f.uri} of ${t.name}.${f.local}`);
      const qn = `${prefix}:${f.local}`;
      if (f.complex) return minimalElement(qn, f.complex, `${indent}  `);
      return `${indent}  <${qn}>${escapeXml(scalarSample(f.scalar!, f.local))}</${qn}>`;
    });
  const text = t.text ? escapeXml(scalarSample(t.text.scalar, t.text.prop)) : '';
  if (children.length === 0) return `${indent}<${name}${attrs}>${text}</${name}>`;
  return `${indent}<${name}${attrs}>${text}\n${children.join('\n')}\n${indent}</${name}>`;
}

/**
 * A minimal valid entry document of a shape: its required elements and attributes, plus the Atom
 * `id`, `title` and `updated` every real answer carries.
 */
export function minimalEntryXml(shape: ComplexType): string {
  const envelope = new Set(['id', 'title', 'updated']);
  const body = minimalElement('atom:entry', shape, '', (f) => f.uri === NS.atom && envelope.has(f.local));
  const ns = Object.entries(PREFIX).map(([uri, p]) => ` xmlns:${p}="${uri}"`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n${body.replace('<atom:entry', `<atom:entry${ns}`)}\n`;
}

function hasEntry(feedXml: string): boolean {
  return /<(?:\w+:)?entry[\s>]/.test(feedXml);
}

function samplesModule(ctx: EmitContext): string {
  const ops = ctx.api.operations;
  const examples = ctx.examples;
  const perOperation = new Map<string, GoldenExample>();
  for (const op of ops) {
    const e = exampleFor(op, examples, ops);
    if (e) perOperation.set(op.id, e);
  }
  const claimed = new Set(perOperation.values());
  const names = new Map<GoldenExample, string>();
  const use = (e: GoldenExample): string => {
    if (!names.has(e)) names.set(e, camel(e.file.replace(/\.xml$/, '').replace(/[.-]/g, '_')));
    return names.get(e)!;
  };
  // Answers before request bodies; an example an operation claimed only when nothing else fits.
  const pick = (kind: 'entry' | 'feed', shape: string): GoldenExample | undefined => {
    const rank = (e: GoldenExample) => (isRequestExample(e) ? 2 : 0) + (claimed.has(e) ? 1 : 0);
    return examples.filter((e) => e[kind] === shape).sort((a, b) => rank(a) - rank(b))[0];
  };
  const rows: string[] = [];
  const defaults = new Set<GoldenExample>();
  for (const shape of ctx.entryShapes) {
    const goldenEntry = pick('entry', shape.name);
    const goldenFeed = pick('feed', shape.name);
    for (const e of [goldenEntry, goldenFeed]) if (e) defaults.add(e);
    const members: string[] = [];
    let entryXml = goldenEntry?.xml;
    if (goldenEntry) members.push(`entry: ${use(goldenEntry)}`);
    else if (!(goldenFeed && hasEntry(goldenFeed.xml))) {
      entryXml = minimalEntryXml(shape);
      members.push(`/** No golden example: a minimal valid document built from the XSD. */\n    entry: ${tsTemplate(entryXml)}`);
    }
    if (goldenFeed) members.push(`feed: ${use(goldenFeed)}`);
    else members.push(`/** The entry sample in a feed. */\n    feed: ${tsTemplate(wrapInFeed(entryXml!, shape.name, ops))}`);
    rows.push(`  ${shape.name}: {\n${members.map((m) => `    ${m},\n`).join('')}  },`);
  }
  const perOp = [...perOperation].filter(([, e]) => !defaults.has(e)).map(([id, e]) => `  ${id}: ${use(e)},`);
  const consts = [...names].map(([e, name]) => `/** spec/examples/${e.file}: ${e.description.replace(/\*\//g, '* /')} */\nconst ${name} = ${tsTemplate(e.xml)};\n`);
  return `${header('emit/msw.ts')}import type { EntryShapeName, OperationId } from '@atomsync/atom';

${consts.join('\n')}
/**
 * The default documents of each entry shape. \`entry\` is absent where the golden examples hold
 * only feeds of the shape: the feed's first entry serves.
 */
export const samples: { readonly [K in EntryShapeName]: { readonly entry?: string; readonly feed: string } } = {
${rows.join('\n')}
};

/** Operations with a golden example of their own (its description names the operation), other than their shape's default. */
export const operationSamples: { readonly [K in OperationId]?: string } = {
${perOp.join('\n')}
};
`;
}

// ───────────────────────────── handlers ─────────────────────────────

function handlerName(id: string): string {
  return `get${pascal(id)}MockHandler`;
}

/** The error a fixed-answer operation (400, 405, 501) gives, from its error response's description. */
function refusalOf(op: Operation, all: Operation[]): string | undefined {
  if (op.status < 400) return undefined;
  const err = op.errors.find((e) => e.status === op.status);
  const code = err?.code ?? 'internal';
  const message = (err?.description ?? '')
    .replace(/^Always\s*[—-]\s*/, '')
    .replace(/\s*\([^)]*`[^)]*\)\.?\s*$/, '')
    .replace(/\.$/, '')
    .replace(/^\w/, (c) => c.toUpperCase());
  const fields = [`code: ${JSON.stringify(code)}`, `message: ${JSON.stringify(message || op.summary)}`];
  if (op.status === 405) {
    const allow = all.filter((o) => o.path === op.path && o !== op && !o.variantOf && o.status < 400).map((o) => o.method);
    fields.push(`headers: { Allow: ${JSON.stringify([...new Set(allow)].join(', '))} }`);
  }
  return `{ ${fields.join(', ')} }`;
}

/** Which requests of its route an operation's handler takes, when the query picks between variants. */
function selection(op: Operation, all: Operation[]): string | undefined {
  if (op.variantOf) return `Takes only requests with \`?${op.when}\`; the others go on to ${handlerName(op.variantOf)}.`;
  const variants = all.filter((o) => o.variantOf === op.id);
  if (variants.length === 0) return undefined;
  return `Takes only requests without ${variants.map((v) => `\`?${v.when}\``).join(' or ')} (${variants.map((v) => handlerName(v.id)).join(', ')} take those).`;
}

function handlerDoc(op: Operation, all: Operation[]): string {
  const res = op.response;
  const answer =
    op.status >= 400
      ? `the service's fixed ${op.status} error`
      : res.kind === 'entry'
        ? `one ${res.shape}`
        : res.kind === 'feed'
          ? `a feed of ${res.shape}`
          : res.kind === 'raw'
            ? `a ${res.mediaType} body`
            : 'no body';
  const lines = [
    `${op.summary.replace(/\*\//g, '* /')}: \`${op.method} ${op.path}\` → ${op.status}${op.reason ? ` ${op.reason}` : ''}, ${answer}.`,
    selection(op, all),
    op.conditional ? 'A value answered here carries its `ETag`, and is 304 Not Modified to an If-None-Match that names it, as the server answers.' : undefined,
    '@param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request',
    '  returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.',
    '@param options `delay` before answering (or before handing on).',
  ].filter((l): l is string => l !== undefined);
  return `/**\n${lines.map((l) => ` * ${l}`).join('\n')}\n */\n`;
}

/** `routes.ts`: per operation, the RegExp its handler matches, and the error a fixed-answer operation gives. */
function emitRoutes(ctx: EmitContext): string {
  const ops = ctx.api.operations;
  const rows = ops.map((op) => {
    const route = routeRegExp(op.variantOf ? ops.find((o) => o.id === op.variantOf)! : op, ops);
    const refusal = refusalOf(op, ops);
    return `  ${op.id}: { route: ${route}${refusal ? `, refusal: ${refusal}` : ''} },`;
  });
  return `${header('emit/msw.ts')}import type { ErrorCode, OperationId } from '@atomsync/atom';

export interface MockRoute {
  /** Matches \`origin + pathname\`: any origin, an optional trailing slash, a named group per path parameter. */
  readonly route: RegExp;
  /** The error an operation that always refuses gives (400 listAllContents, 405 updateSyncmlClient, 501 …). */
  readonly refusal?: { readonly code: ErrorCode; readonly message: string; readonly headers?: Readonly<Record<string, string>> };
}

/** Every operation's route, in the order of spec/openapi.yaml. Variants share their base operation's route. */
export const mockRoutes: { readonly [Id in OperationId]: MockRoute } = {
${rows.join('\n')}
};
`;
}

function emitHandlers(ctx: EmitContext): string {
  const ops = ctx.api.operations;
  const parts = ops.map(
    (op) =>
      `${handlerDoc(op, ops)}export function ${handlerName(op.id)}(override?: MockOverride<'${op.id}'>, options?: MockHandlerOptions): HttpHandler {\n` +
      `  return mockHandler('${op.id}', override, options);\n}\n`,
  );
  return `${header('emit/msw.ts')}import type { HttpHandler } from 'msw';
import { mockHandler, type MockHandlerOptions, type MockOverride } from '../handler.js';

${parts.join('\n')}`;
}

export function emitMsw(ctx: EmitContext, out: Output): void {
  out.add('packages/msw/src/generated/samples.ts', samplesModule(ctx));
  out.add('packages/msw/src/generated/routes.ts', emitRoutes(ctx));
  out.add('packages/msw/src/generated/handlers.ts', emitHandlers(ctx));
}
