/**
 * How to call an operation, for its section of the docs: its request and response examples (the
 * golden documents of spec/examples/ that the OpenAPI document names in its Example Objects,
 * `externalValue: examples/<file>`), a curl line, and the SDK call.
 *
 * Everything is derived from the operation table and the XSD model: the SDK call from the same
 * placement and signature the SDK is generated from (emit/sdk.ts), its arguments from the
 * request example read through the entry shape (each element's TypeScript property and type), so
 * a page never says what the generated SDK does not do.
 */
import { SaxesParser, type SaxesTagNS } from 'saxes';
import type { Body, ExampleRef, Operation } from '../openapi/load.js';
import type { ComplexType, Scalar } from '../xsd/model.js';
import { pathParams, queryParams, responseBodyType, type EmitContext, type GoldenExample } from './context.js';
import { iterateName, parsePlacement, signatureOf } from './sdk.js';

/** The server the examples address: the reference server's default listen address. */
export const EXAMPLE_ORIGIN = 'http://127.0.0.1:8080';
/** The credentials the curl lines use, per auth class: the accounts of guide/getting-started.md, alice as it creates her, the administrator `demo` with the password the server printed. */
export const CURL_USER: Record<Operation['auth'], string | undefined> = { none: undefined, account: 'alice:wonderland-42', admin: 'demo:PASSWORD' };

/**
 * Where each shell variable of the curl lines comes from, so the reference's requests run in
 * sequence: the path up to a parameter → the variable, the operation whose answer holds the
 * value, and the element of that answer. The value is the text of the answer's first such
 * element (of its first entry, when the answer is a feed), after its last `/` or `:` (an atom:id
 * `urn:uuid:…` or `…/synclog/1532` gives the id).
 */
export interface VariableSource {
  name: string;
  /** The operation id whose success answer holds the value. */
  from: string;
  /** The local name of the answer's element that holds it. */
  element: string;
}
export const PATH_VARIABLES: Record<string, VariableSource> = {
  '/v2/services/extdata/{clientUuid}': { name: 'EXTDATA_UUID', from: 'createExtdataClient', element: 'uuid' },
  '/v2/services/datastore/{clientUuid}': { name: 'DATASTORE_UUID', from: 'createDatastoreClient', element: 'uuid' },
  '/v2/services/datastore/{clientUuid}/contents/{contentUuid}': { name: 'CONTENT_UUID', from: 'createContent', element: 'id' },
  '/v2/services/syncml/{clientUuid}': { name: 'SYNCML_UUID', from: 'createSyncmlClient', element: 'uuid' },
  '/v2/services/activesync/{clientUuid}': { name: 'ACTIVESYNC_UUID', from: 'createActivesyncClient', element: 'uuid' },
  '/v2/syncengine/{bindingId}': { name: 'BINDING_ID', from: 'createBinding', element: 'binding_id' },
  '/v2/syncengine/synclog/{logId}': { name: 'LOG_ID', from: 'synchronize', element: 'id' },
  '/v2/phones/vendors/{vendorUuid}': { name: 'VENDOR_UUID', from: 'listVendors', element: 'id' },
  '/v2/phones/vendors/models/{modelUuid}': { name: 'MODEL_UUID', from: 'listModels', element: 'uuid' },
  '/v2/account/app_passwords/{appPasswordUuid}': { name: 'APP_PASSWORD_UUID', from: 'createAppPassword', element: 'uuid' },
  '/v2/admin/accounts/{username}': { name: 'USERNAME', from: 'createAccount', element: 'username' },
};

/**
 * The ids a request example names that must be of resources made earlier: the example's uuid →
 * the variable (of PATH_VARIABLES) to put in its place. The curl line puts them in with sed, so
 * the golden document stays as the XSD wants it and the line runs as written.
 */
export const BODY_IDS: Record<string, Record<string, string>> = {
  'binding.create-request.xml': { 'd9fc9d8f-b191-4d89-a564-5e1b1e2150b2': 'DATASTORE_UUID', '55111364-7ab1-4a1e-a298-ce7691dcd9d7': 'EXTDATA_UUID' },
  'activesync-client.create-request.xml': { 'bb4e73e6-0da1-4709-a9c9-ded6fb43e434': 'MODEL_UUID' },
  'phone-datastore-binding.create-request.xml': { 'bb4e73e6-0da1-4709-a9c9-ded6fb43e434': 'MODEL_UUID' },
  'syncml-client.create-request.xml': { 'cd96676f-6d3a-4cdb-b430-98b2fead20e4': 'MODEL_UUID' },
};

/** The variable of a path parameter of `op` (PATH_VARIABLES); throws for one that has none. */
export function pathVariable(op: Operation, param: string): VariableSource {
  const at = op.path.indexOf(`{${param}}`);
  const key = op.path.slice(0, at + param.length + 2);
  const found = PATH_VARIABLES[key];
  if (!found) throw new Error(`${op.id}: no PATH_VARIABLES entry says where {${param}} (${key}) comes from`);
  return found;
}

/** Every variable a curl line of `op` uses, in order of appearance. */
export function variablesOf(op: Operation, request: ShownExample | undefined): VariableSource[] {
  const names = [...pathParams(op).map((p) => pathVariable(op, p.name).name), ...Object.values(BODY_IDS[request?.golden?.file ?? ''] ?? {})];
  const all = Object.values(PATH_VARIABLES);
  return [...new Set(names)].map((n) => all.find((v) => v.name === n)!);
}

export interface ShownExample {
  mediaType: string;
  /** The golden document, when the example is one. */
  golden?: GoldenExample;
  /** An inline value (a raw body). */
  value?: string;
  /** Why this example stands here, when it is not simply the body: e.g. one entry of the feed. */
  note?: string;
}

export interface Usage {
  request: ShownExample[];
  response: ShownExample[];
  curl: string;
  /** Where the curl line's variables come from. */
  variables: VariableSource[];
  sdk: string;
}

// ───────────────────────────── examples ─────────────────────────────

function goldenOf(ctx: EmitContext, op: Operation, ref: ExampleRef): GoldenExample {
  const file = ref.externalValue!.replace(/^(\.\/)?examples\//, '');
  const golden = ctx.examples.find((e) => e.file === file);
  if (!golden) throw new Error(`${op.id}: example ${ref.name} names ${ref.externalValue}, which spec/examples/index.yaml does not list`);
  return golden;
}

/** Does a golden document have the shape of a body (entry or feed of the same entry shape)? */
function fits(golden: GoldenExample, body: Body | undefined): boolean {
  if (!body || (body.kind !== 'entry' && body.kind !== 'feed')) return false;
  return golden[body.kind] === body.shape;
}

function shown(ctx: EmitContext, op: Operation, ref: ExampleRef, body: Body | undefined): ShownExample | undefined {
  if (ref.externalValue === undefined) return ref.value === undefined ? undefined : { mediaType: ref.mediaType, value: ref.value };
  const golden = goldenOf(ctx, op, ref);
  return fits(golden, body) ? { mediaType: ref.mediaType, golden } : undefined;
}

/** The operation's request examples; every one must fit its request body. */
function requestExamples(ctx: EmitContext, op: Operation): ShownExample[] {
  return op.requestExamples.map((ref) => {
    const s = shown(ctx, op, ref, op.request);
    if (!s) throw new Error(`${op.id}: request example ${ref.name} does not have the shape of the request body`);
    return s;
  });
}

/**
 * The operation's response examples: those that fit its response (a variant shares its base's
 * examples, each going to the form it fits). Every example must fit the operation or one of its
 * variants. A feed without an example of its own shows a golden entry of its shape.
 */
function responseExamples(ctx: EmitContext, op: Operation): ShownExample[] {
  const family = ctx.api.operations.filter((o) => o === op || o.variantOf === op.id || (op.variantOf !== undefined && (o.id === op.variantOf || o.variantOf === op.variantOf)));
  const list: ShownExample[] = [];
  for (const ref of op.responseExamples) {
    const mine = shown(ctx, op, ref, op.response);
    if (mine) list.push(mine);
    else if (!family.some((o) => o !== op && shown(ctx, o, ref, o.response))) {
      throw new Error(`${op.id}: response example ${ref.name} fits neither its response nor a variant's`);
    }
  }
  const res = op.response;
  if (list.length === 0 && res.kind === 'feed') {
    const entry = ctx.examples.find((e) => e.entry === res.shape && !/request\.xml$/.test(e.file));
    if (entry) list.push({ mediaType: 'application/atom+xml', golden: entry, note: `No golden feed: each entry of the feed has the shape ${res.shape}, like this one.` });
  }
  return list;
}

// ───────────────────────────── curl ─────────────────────────────

/** `clientUuid` → `CLIENT_UUID`: the shell variable a curl line uses for a path parameter. */
export function shellName(param: string): string {
  return param.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
}

/** The file of spec/examples/ a raw body's curl line posts, by its media type (a SyncML message otherwise). */
const RAW_FILES: Record<string, string> = { 'text/vcard': 'contacts.vcf' };

function curlLine(op: Operation, request: ShownExample | undefined): string {
  const head = ['curl'];
  const user = CURL_USER[op.auth];
  if (user) head.push(`-u ${user}`);
  const hasBody = op.request !== undefined && op.request.kind !== 'empty';
  if (op.method !== 'GET' && !(op.method === 'POST' && hasBody)) head.push(`-X ${op.method}`);
  const lines = [head.join(' ')];
  let sed: string | undefined;
  if (hasBody) {
    const mediaType = op.requestMediaTypes[0] ?? 'application/atom+xml';
    const file = request?.golden?.file ?? (op.request!.kind === 'raw' ? (RAW_FILES[mediaType] ?? 'message.xml') : 'body.xml');
    const ids = Object.entries(BODY_IDS[file] ?? {});
    // The example's ids made those of resources made earlier, on the way in.
    if (ids.length) sed = `sed ${ids.map(([uuid, name]) => `-e "s/${uuid}/$${name}/"`).join(' ')} ${file} |`;
    lines.push(`-H 'Content-Type: ${mediaType}' --data-binary @${sed ? '-' : file}`);
  }
  let path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => `$${pathVariable(op, name).name}`);
  const query = queryParams(op).filter((p) => p.required || p.name === op.when);
  if (query.length) path += `?${query.map((p) => `${p.name}=${p.example !== undefined ? encodeURIComponent(p.example).replace(/%3A/g, ':') : `$${shellName(p.name)}`}`).join('&')}`;
  lines.push(`"${EXAMPLE_ORIGIN}${path}"`);
  const one = lines.join(' ');
  const curl = one.length <= 100 ? one : lines.join(' \\\n  ');
  return sed ? `${sed}\n  ${curl.replace(/\n/g, '\n  ')}` : curl;
}

// ───────────────────────────── XML → a TypeScript value ─────────────────────────────

interface Node {
  uri: string;
  local: string;
  attrs: Record<string, string>;
  children: Node[];
  text: string;
}

function parseXml(xml: string): Node {
  const parser = new SaxesParser({ xmlns: true });
  const stack: Node[] = [];
  let root: Node | undefined;
  parser.on('opentag', (raw) => {
    const tag = raw as SaxesTagNS;
    const attrs: Record<string, string> = {};
    for (const a of Object.values(tag.attributes)) if (a.uri === '') attrs[a.local] = a.value;
    const node: Node = { uri: tag.uri, local: tag.local, attrs, children: [], text: '' };
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(node);
    else root = node;
    stack.push(node);
  });
  parser.on('text', (t) => {
    const top = stack[stack.length - 1];
    if (top) top.text += t;
  });
  parser.on('closetag', () => void stack.pop());
  parser.write(xml).close();
  if (!root) throw new Error('empty document');
  return root;
}

type Value =
  | { kind: 'object'; entries: [string, Value][] }
  | { kind: 'array'; items: Value[] }
  | { kind: 'string'; text: string }
  | { kind: 'raw'; code: string };

function scalarValue(s: Scalar, text: string): Value {
  if (s.nullable && text.trim() === '') return { kind: 'raw', code: 'null' };
  switch (s.kind) {
    case 'int':
    case 'integer':
    case 'nonNegativeInteger': {
      const n = Number(text.trim());
      return Number.isFinite(n) ? { kind: 'raw', code: String(n) } : { kind: 'string', text };
    }
    case 'boolean':
      return { kind: 'raw', code: String(text.trim() === 'true' || text.trim() === '1') };
    case 'dateTime':
      return { kind: 'raw', code: `new Date(${quote(text.trim())})` };
    case 'listingTimestamp':
      return { kind: 'raw', code: `new Date(${quote(`${text.trim().replace(' ', 'T')}Z`)})` };
    default:
      return { kind: 'string', text };
  }
}

/** An element read through its complex type: attributes, text and the children the type names. */
function complexValue(t: ComplexType, node: Node): Value {
  const entries: [string, Value][] = [];
  for (const a of t.attrs) if (node.attrs[a.local] !== undefined) entries.push([a.prop, scalarValue(a.scalar, node.attrs[a.local]!)]);
  if (t.text) entries.push([t.text.prop, scalarValue(t.text.scalar, node.text)]);
  for (const f of t.fields) {
    const kids = node.children.filter((c) => c.uri === f.uri && c.local === f.local);
    if (kids.length === 0) continue;
    const values = kids.map((k) => (f.complex ? complexValue(f.complex, k) : scalarValue(f.scalar!, k.text)));
    entries.push([f.prop, f.max > 1 ? { kind: 'array', items: values } : values[0]!]);
  }
  return { kind: 'object', entries };
}

function shapeOf(ctx: EmitContext, name: string): ComplexType {
  const t = ctx.entryShapes.find((s) => s.name === name);
  if (!t) throw new Error(`no entry shape ${name}`);
  return t;
}

/** The value the SDK takes for a request body, read from its example. */
function requestValue(ctx: EmitContext, op: Operation, golden: GoldenExample): Value {
  const req = op.request!;
  const root = parseXml(golden.xml);
  if (req.kind === 'feed') {
    const head = complexValue(ctx.feedHead, root);
    const entries = root.children.filter((c) => c.local === 'entry' && c.uri === root.uri).map((e) => complexValue(shapeOf(ctx, req.shape), e));
    return { kind: 'object', entries: [...(head.kind === 'object' ? head.entries : []), ['entries', { kind: 'array', items: entries }]] };
  }
  if (req.kind !== 'entry') throw new Error(`${op.id}: no value for a ${req.kind} body`);
  const entry = complexValue(shapeOf(ctx, req.shape), root);
  if (!req.field) return entry;
  const field = shapeOf(ctx, req.shape).fields.find((f) => f.local === req.field || f.prop === req.field)!;
  const found = entry.kind === 'object' ? entry.entries.find(([k]) => k === field.prop) : undefined;
  return found ? found[1] : { kind: 'object', entries: [] };
}

function quote(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\r/g, '\\r').replace(/\n/g, '\\n').replace(/\t/g, '\\t')}'`;
}

function template(text: string): string {
  return `\`${text.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${').replace(/\r/g, '\\r')}\``;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** A value as TypeScript source: on one line when short, else one member per line. */
function printValue(v: Value, indent: string): string {
  switch (v.kind) {
    case 'raw':
      return v.code;
    case 'string':
      return v.text.includes('\n') ? template(v.text) : quote(v.text);
    case 'array': {
      const items = v.items.map((i) => printValue(i, `${indent}  `));
      const flat = `[${items.join(', ')}]`;
      if (indent.length + flat.length <= 88 && !flat.includes('\n')) return flat;
      return `[\n${items.map((i) => `${indent}  ${i},`).join('\n')}\n${indent}]`;
    }
    case 'object': {
      if (v.entries.length === 0) return '{}';
      const members = v.entries.map(([k, val]) => `${IDENTIFIER.test(k) ? k : quote(k)}: ${printValue(val, `${indent}  `)}`);
      const flat = `{ ${members.join(', ')} }`;
      if (indent.length + flat.length <= 88 && !flat.includes('\n')) return flat;
      return `{\n${members.map((m) => `${indent}  ${m},`).join('\n')}\n${indent}}`;
    }
  }
}

// ───────────────────────────── the SDK call ─────────────────────────────

function sdkCall(ctx: EmitContext, op: Operation, request: ShownExample | undefined): string {
  const segments = parsePlacement(op);
  const last = segments.pop()!;
  const bound = new Set(segments.flatMap((s) => s.binds));
  const sig = signatureOf(ctx, op, bound);
  const paths = new Set(pathParams(op).map((p) => p.name));
  const query = queryParams(op);
  const args: string[] = [];
  for (const p of sig.params) {
    if (p.name === 'options') continue;
    if (paths.has(p.name)) args.push(p.name);
    else if (p.name === 'query') {
      if (p.optional) continue;
      const needed = query.filter((q) => q.required || q.name === op.when);
      args.push(`{ ${needed.map((q) => (q.example !== undefined ? `${q.name}: ${quote(q.example)}` : q.name)).join(', ')} }`);
    } else if (request?.golden) args.push(printValue(requestValue(ctx, op, request.golden), ''));
    else args.push(op.request?.kind === 'raw' ? (op.requestMediaTypes[0]?.startsWith('text/') ? 'text' : 'message') : p.name);
  }
  const chain = segments.map((s) => (s.binds.length ? `${s.name}(${s.binds.join(', ')})` : s.name)).join('.');
  const target = `client.${chain ? `${chain}.` : ''}`;
  const call = `${target}${last.name}(${args.join(', ')})`;
  const lines: string[] = [];
  if (!op.implemented || op.status >= 400) {
    const code = op.implemented ? (op.errors.find((e) => e.status === op.status)?.code ?? 'internal') : 'not_implemented';
    lines.push(`await ${call}; // always rejects: AtomSyncError ${op.status} ${code}`);
    return lines.join('\n');
  }
  const res = op.response;
  if (res.kind === 'empty') lines.push(`await ${call};`);
  else {
    const type = responseBodyType(res, ctx.responses, ctx.entryShapes);
    const name = res.kind === 'feed' ? 'feed' : res.kind === 'entry' ? 'entry' : 'reply';
    lines.push(`const ${name} = await ${call}; // ${type}`);
  }
  if (op.method === 'GET' && res.kind === 'feed') {
    lines.push(`for await (const item of ${target}${iterateName(last.name)}(${args.join(', ')})) console.log(item.id); // every page`);
  }
  return lines.join('\n');
}

// ───────────────────────────── entry point ─────────────────────────────

export function usageOf(ctx: EmitContext, op: Operation): Usage {
  const request = requestExamples(ctx, op);
  return { request, response: responseExamples(ctx, op), curl: curlLine(op, request[0]), variables: variablesOf(op, request[0]), sdk: sdkCall(ctx, op, request[0]) };
}
