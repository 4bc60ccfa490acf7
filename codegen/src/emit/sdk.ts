/**
 * emits packages/sdk/src/generated/operations.ts: the SDK's typed methods, grouped as each
 * operation's `x-atomsync.sdk` placement says. A placement segment `name(param, …)` becomes a
 * method that binds those path parameters and returns the group below it, so
 * `datastore.contents(clientUuid).batch` is called as `client.datastore.contents(uuid).batch(feed)`.
 *
 * Every method is one line handing the operation's spec (from the generated operation table) to
 * the handwritten `invoke`; the group interfaces carry the names and docs integrators see. A
 * method answering a feed has an `iterate…` twin (`list` → `iterateList`) handing the same to
 * `iterate`, which yields the entries of every page (following `link rel="next"`). A conditional
 * GET has a second overload taking ConditionalRequestOptions and resolving to the answer or
 * NotModified (packages/sdk/src/conditional.ts).
 */
import type { Operation, Param } from '../openapi/load.js';
import { constant, pascal } from '../naming.js';
import { bodyType, paramType, pathParams, propertyName, queryParams, responseBodyType, type EmitContext } from './context.js';
import { header, type Output } from './file.js';

export interface Segment {
  name: string;
  binds: string[];
}

interface Method {
  kind: 'method';
  name: string;
  op: Operation;
  /** The `iterate…` twin of a feed method: yields every entry of every page. */
  iterates?: boolean;
}

interface Group {
  kind: 'group';
  name: string;
  /** Path parameters this group's accessor binds (empty: a plain property). */
  binds: string[];
  /** The interface name, from the placement path: datastore.contents → DatastoreContentsApi. */
  typeName: string;
  members: Map<string, Group | Method>;
  /** The first operation placed in or below this group, for the group's doc. */
  firstOp?: Operation;
}

const RESERVED_PARAMS = new Set(['options', 'query', 'entry', 'feed', 'body', 'invoke']);

export function parsePlacement(op: Operation): Segment[] {
  return op.sdk.split('.').map((raw) => {
    const m = /^([A-Za-z_$][\w$]*)(?:\(([^)]*)\))?$/.exec(raw);
    if (!m) throw new Error(`${op.id}: bad sdk placement segment "${raw}" in ${op.sdk}`);
    const binds = m[2] === undefined ? [] : m[2].split(',').map((s) => s.trim()).filter(Boolean);
    for (const b of binds) {
      if (!pathParams(op).some((p) => p.name === b)) throw new Error(`${op.id}: sdk placement binds ${b}, which is not a path parameter`);
    }
    return { name: m[1]!, binds };
  });
}

function buildTree(ops: Operation[]): Group {
  const root: Group = { kind: 'group', name: '', binds: [], typeName: 'AtomSyncApi', members: new Map() };
  for (const op of ops) {
    const segments = parsePlacement(op);
    const last = segments.pop()!;
    if (last.binds.length > 0) throw new Error(`${op.id}: the last sdk segment names the method and cannot bind parameters (${op.sdk})`);
    let group = root;
    let typePath = '';
    for (const seg of segments) {
      typePath += pascal(seg.name);
      let next = group.members.get(seg.name);
      if (next === undefined) {
        next = { kind: 'group', name: seg.name, binds: seg.binds, typeName: `${typePath}Api`, members: new Map() };
        group.members.set(seg.name, next);
      }
      if (next.kind !== 'group') throw new Error(`${op.id}: ${seg.name} is both a method and a group`);
      if (next.binds.join() !== seg.binds.join()) throw new Error(`${op.id}: group ${seg.name} binds (${seg.binds}) here but (${next.binds}) elsewhere`);
      next.firstOp ??= op;
      group = next;
    }
    if (group.members.has(last.name)) throw new Error(`${op.id}: sdk placement ${op.sdk} is taken`);
    group.members.set(last.name, { kind: 'method', name: last.name, op });
  }
  // The iterate… twin of each feed method, right after it, once every placement is known.
  for (const g of collectGroups(root)) {
    const members = new Map<string, Group | Method>();
    for (const [key, m] of g.members) {
      members.set(key, m);
      if (m.kind !== 'method' || m.op.method !== 'GET' || m.op.response.kind !== 'feed') continue;
      const name = iterateName(m.name);
      if (g.members.has(name)) throw new Error(`${m.op.id}: ${name}, the iterating twin of ${m.name}, is taken`);
      members.set(name, { kind: 'method', name, op: m.op, iterates: true });
    }
    g.members = members;
  }
  return root;
}

export function iterateName(method: string): string {
  return `iterate${pascal(method)}`;
}

/** The TypeScript type of the value an entry's `field` holds, e.g. SyncmlClientEntry.client → SyncmlClient. */
function fieldType(ctx: EmitContext, op: Operation, shape: string, field: string): { prop: string; type: string } {
  const t = ctx.entryShapes.find((s) => s.name === shape);
  const f = t?.fields.find((x) => x.local === field || x.prop === field);
  if (!f || !f.complex || f.max > 1) throw new Error(`${op.id}: request field ${field} is not a single complex element of ${shape}`);
  return { prop: f.prop, type: f.complex.name };
}

export interface Signature {
  params: { name: string; type: string; optional: boolean; doc: string }[];
  /** The input object handed to invoke. */
  input: string;
}

export function signatureOf(ctx: EmitContext, op: Operation, bound: Set<string>): Signature {
  const params: Signature['params'] = [];
  const free = pathParams(op).filter((p) => !bound.has(p.name));
  for (const p of pathParams(op)) {
    if (RESERVED_PARAMS.has(p.name)) throw new Error(`${op.id}: path parameter ${p.name} collides with a generated parameter name`);
  }
  for (const p of free) params.push({ name: p.name, type: paramType(p), optional: false, doc: paramDoc(p) });
  const input: string[] = [];
  if (pathParams(op).length > 0) input.push(`path: { ${pathParams(op).map((p) => p.name).join(', ')} }`);
  const req = op.request;
  if (req && req.kind !== 'empty') {
    if (req.kind === 'entry' && req.field) {
      const f = fieldType(ctx, op, req.shape, req.field);
      if (RESERVED_PARAMS.has(f.prop) || pathParams(op).some((p) => p.name === f.prop)) throw new Error(`${op.id}: field ${f.prop} collides with another parameter`);
      params.push({ name: f.prop, type: f.type, optional: false, doc: `the \`${req.field}\` of the ${req.shape} to send` });
      input.push(`body: { ${f.prop} }`);
    } else {
      const name = req.kind === 'raw' ? 'body' : req.kind;
      const doc = req.kind === 'raw' ? `the ${req.mediaType} message` : req.kind === 'entry' ? `the ${req.shape} to send` : `the feed of ${req.shape} to send`;
      params.push({ name, type: bodyType(req), optional: false, doc });
      input.push(name === 'body' ? 'body' : `body: ${name}`);
    }
  }
  const query = queryParams(op);
  if (query.length > 0) {
    const required = query.some((p) => p.required || p.name === op.when);
    const members = query.map((p) => `${propertyName(p.name)}${p.required || p.name === op.when ? '' : '?'}: ${paramType(p)}`);
    params.push({ name: 'query', type: `{ ${members.join('; ')} }`, optional: !required, doc: query.map((p) => `\`${p.name}\`: ${oneLine(p.description ?? '')}`).join(' ') });
    input.push('query');
  }
  params.push(
    op.preconditioned
      ? { name: 'options', type: 'ConditionalWriteOptions', optional: true, doc: 'abort signal and extra headers for this request, and `ifMatch`: the ETag of the copy the change is based on (`etagOf`), so it is refused with a PreconditionFailedError (412) when the item has changed since' }
      : { name: 'options', type: 'RequestOptions', optional: true, doc: 'abort signal and extra headers for this request' },
  );
  return { params, input: input.length > 0 ? `{ ${input.join(', ')} }` : '{}' };
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/\*\//g, '* /').trim();
}

function paramDoc(p: Param): string {
  return oneLine(p.description ?? '');
}

function methodDoc(ops: Operation[], op: Operation, sig: Signature, indent: string, twinOf?: string, note?: string): string {
  const route = `\`${op.method} ${op.path}\``;
  const lines = [`${oneLine(op.summary)}.`.replace(/\.\.$/, '.'), '', op.status < 400 ? `${route} → ${op.status}${op.reason ? ` ${op.reason}` : ''}` : route];
  if (note !== undefined) lines.push('', note);
  if (twinOf !== undefined) {
    lines.push('', `Every entry of \`${twinOf}\`, page after page: yields the entries of each page and follows its \`link rel="next"\` (on the same origin) until a page has none.`);
  }
  // A variant shares its summary with the base operation; say which form each method is.
  const base = op.variantOf === undefined ? undefined : ops.find((o) => o.id === op.variantOf);
  if (base) lines.push('', `The \`${op.when}\` form of this path; without it, see \`${base.sdk}\`.`);
  for (const v of ops.filter((o) => o.variantOf === op.id)) lines.push('', `Without \`${v.when}\`; for the \`${v.when}\` form, see \`${v.sdk}\`.`);
  if (!op.implemented) {
    lines.push('', `Not implemented by the service: always rejects with an {@link AtomSyncError} ${op.status} (\`not_implemented\`).`);
  } else if (op.status >= 400) {
    const code = op.errors.find((e) => e.status === op.status)?.code ?? 'internal';
    lines.push('', `The service always refuses this: it rejects with an {@link AtomSyncError} ${op.status} (\`${code}\`).`);
  }
  for (const p of sig.params) lines.push(`@param ${p.name} ${p.doc}`.trimEnd());
  return `${indent}/**\n${lines.map((l) => `${indent} *${l ? ` ${l}` : ''}`).join('\n')}\n${indent} */\n`;
}

function paramList(sig: Signature): string {
  return sig.params.map((p) => `${p.name}${p.optional ? '?' : ''}: ${p.type}`).join(', ');
}

/**
 * A conditional GET's second overload: `options` required and ConditionalRequestOptions, so the
 * optional parameters before it take `undefined` instead of being left out.
 */
function conditionalSignature(sig: Signature): Signature {
  const params = sig.params.map((p) =>
    p.name === 'options'
      ? { ...p, type: 'ConditionalRequestOptions', optional: false, doc: 'as for the other form, and `ifNoneMatch`: the ETag of the copy held (`etagOf`)' }
      : p.optional
        ? { ...p, type: `${p.type} | undefined`, optional: false }
        : p,
  );
  return { ...sig, params };
}

/** The implementation's parameters of a conditional GET, typed (its overloads give no contextual type). */
function implementationParams(sig: Signature): string {
  return sig.params.map((p) => `${p.name}${p.optional ? '?' : ''}: ${p.name === 'options' ? 'RequestOptions | ConditionalRequestOptions' : p.type}`).join(', ');
}

function groupDoc(ctx: EmitContext, g: Group, indent: string): string {
  const tag = ctx.api.tags.find((t) => t.name === g.firstOp?.tag);
  const lines = [oneLine(tag?.description ?? `The ${g.name} operations.`)];
  for (const b of g.binds) {
    const p = g.firstOp && pathParams(g.firstOp).find((x) => x.name === b);
    lines.push(`@param ${b} ${p ? paramDoc(p) : ''}`.trimEnd());
  }
  return `${indent}/**\n${lines.map((l) => `${indent} * ${l}`).join('\n')}\n${indent} */\n`;
}

function collectGroups(g: Group, out: Group[] = []): Group[] {
  out.push(g);
  for (const m of g.members.values()) if (m.kind === 'group') collectGroups(m, out);
  return out;
}

function boundBy(path: Group[]): Set<string> {
  return new Set(path.flatMap((g) => g.binds));
}

function emitInterfaces(ctx: EmitContext, root: Group): string {
  const parts: string[] = [];
  const walk = (g: Group, path: Group[]) => {
    const members: string[] = [];
    for (const m of g.members.values()) {
      if (m.kind === 'group') {
        const bindParams = m.binds.map((b) => `${b}: ${paramType(pathParams(m.firstOp!).find((p) => p.name === b)!)}`);
        members.push(groupDoc(ctx, m, '  ') + (m.binds.length > 0 ? `  ${m.name}(${bindParams.join(', ')}): ${m.typeName};` : `  readonly ${m.name}: ${m.typeName};`));
      } else {
        const sig = signatureOf(ctx, m.op, boundBy(path));
        const answer = responseBodyType(m.op.response, ctx.responses, ctx.entryShapes);
        const returns = m.iterates ? `AsyncIterableIterator<${answer.replace(/^Feed<(.*)>$/, '$1')}>` : `Promise<${answer}>`;
        const twinOf = m.iterates ? m.op.sdk.split('.').pop()!.replace(/\(.*$/, '') : undefined;
        members.push(`${methodDoc(ctx.api.operations, m.op, sig, '  ', twinOf)}  ${m.name}(${paramList(sig)}): ${returns};`);
        if (m.op.conditional && !m.iterates) {
          const conditional = conditionalSignature(sig);
          const note = `With \`ifNoneMatch\` (the ETag of an earlier answer, from \`etagOf\`): resolves to {@link NotModified} while the answer still has that tag (HTTP 304, no body), else to the fresh answer.`;
          members.push(`${methodDoc(ctx.api.operations, m.op, conditional, '  ', undefined, note)}  ${m.name}(${paramList(conditional)}): Promise<${answer} | NotModified>;`);
        }
      }
    }
    const doc = g === root ? '/** Every operation of the atomsync API, grouped by resource. */\n' : groupDoc(ctx, g, '');
    parts.push(`${doc}export interface ${g.typeName} {\n${members.join('\n')}\n}\n`);
    for (const m of g.members.values()) if (m.kind === 'group') walk(m, [...path, m]);
  };
  walk(root, []);
  return parts.join('\n');
}

function emitImplementation(ctx: EmitContext, g: Group, path: Group[], indent: string): string {
  const lines: string[] = [];
  for (const m of g.members.values()) {
    if (m.kind === 'group') {
      const body = emitImplementation(ctx, m, [...path, m], `${indent}  `);
      lines.push(m.binds.length > 0 ? `${indent}${m.name}: (${m.binds.join(', ')}) => ({\n${body}${indent}}),` : `${indent}${m.name}: {\n${body}${indent}},`);
    } else {
      const sig = signatureOf(ctx, m.op, boundBy(path));
      const run = m.iterates ? 'iterate' : 'invoke';
      const params = m.op.conditional && !m.iterates ? implementationParams(sig) : sig.params.map((p) => p.name).join(', ');
      lines.push(`${indent}${m.name}: (${params}) => ${run}(operations.${m.op.id}, ${sig.input}, options),`);
    }
  }
  return `${lines.join('\n')}\n`;
}

export function emitSdk(ctx: EmitContext, out: Output): void {
  const root = buildTree(ctx.api.operations);
  const types = new Set<string>();
  for (const op of ctx.api.operations) {
    if ((op.request?.kind === 'entry' && !op.request.field) || op.request?.kind === 'feed') types.add(op.request.shape);
    if (op.response.kind === 'entry' || op.response.kind === 'feed') types.add(responseBodyType(op.response, ctx.responses, ctx.entryShapes).replace(/^Feed<(.*)>$/, '$1'));
    if (op.response.kind === 'feed' || op.request?.kind === 'feed') types.add('Feed');
    if (op.request?.kind === 'entry' && op.request.field) types.add(fieldType(ctx, op, op.request.shape, op.request.field).type);
  }
  const groupNames = collectGroups(root).map((g) => g.typeName);
  // Every model type and value list, so integrators import from the SDK alone.
  const modelTypes = [
    ...ctx.reached.enums.map((e) => e.enumName!),
    ...ctx.reached.complex.flatMap((t) => (ctx.responses.has(t) ? [t.name, ctx.responses.name(t)] : [t.name])),
    'Feed',
    'EntryShapeName',
  ];
  const valueLists = ctx.reached.enums.map((e) => `${constant(e.enumName!)}_VALUES`);
  out.add(
    'packages/sdk/src/generated/index.ts',
    `${header('emit/sdk.ts')}export type { ${groupNames.join(', ')} } from './operations.js';\n` +
      `export type { ${modelTypes.join(', ')} } from '@atomsync/atom';\n` +
      `export { ${valueLists.join(', ')} } from '@atomsync/atom';\n`,
  );
  out.add(
    'packages/sdk/src/generated/operations.ts',
    `${header('emit/sdk.ts')}import { operations } from '@atomsync/atom';
import type { ${[...types].sort().join(', ')} } from '@atomsync/atom';
import type { ConditionalRequestOptions, ConditionalWriteOptions, Invoke, Iterate, NotModified, RequestOptions } from '../invoke.js';
import type { AtomSyncError } from '../errors.js';

${emitInterfaces(ctx, root)}
/**
 * Binds every operation to \`invoke\`, which executes an operation from its spec alone, and every
 * feed operation's \`iterate…\` twin to \`iterate\`, which walks its pages.
 */
export function createOperations(invoke: Invoke, iterate: Iterate): AtomSyncApi {
  return {
${emitImplementation(ctx, root, [], '    ')}  };
}
`,
  );
}
