/**
 * emits packages/server/src/generated/: the route table (routes.ts) and the typed handler
 * interface (handlers.ts) the reference server is built from.
 *
 * A route is one method on one path of spec/openapi.yaml. A variant (listContentChanges, chosen by
 * `?since=` on listContents' GET) shares its base operation's route and is listed there. The
 * route's h3 pattern drops the trailing slash: rou3 matches `/a` and `/a/` alike, so paths the
 * spec writes both ways (`…/phone_datastore_bindings/` GET, `…/phone_datastore_bindings` POST)
 * are one path with two methods.
 *
 * Operations whose success status is an error (the "not allowed" listing, the PUT a SyncML client
 * does not offer, the ones marked not implemented) get a `fixed` answer the pipeline gives after
 * authentication, and no handler method.
 */
import type { Operation } from '../openapi/load.js';
import type { EmitContext } from './context.js';
import { header, type Output } from './file.js';

const METHOD_ORDER = ['GET', 'POST', 'PUT', 'DELETE'] as const;

/** `/a/{x}/b/` → `/a/:x/b`: rou3's parameter syntax, trailing slash dropped (it is optional). */
export function h3Pattern(path: string): string {
  const pattern = path.replace(/\{(\w+)\}/g, ':$1');
  return pattern.length > 1 ? pattern.replace(/\/$/, '') : pattern;
}


function firstSentence(text: string): string {
  const flat = text.replace(/`/g, '').replace(/\s+/g, ' ').trim();
  return /^.*?\.(?=\s|$)/.exec(flat)?.[0] ?? flat;
}

/** The answer of an operation whose success status is an error status. */
function fixedAnswer(op: Operation): { status: number; code: string; message: string } | undefined {
  if (op.status < 400) return undefined;
  const code = op.errors.find((e) => e.status === op.status)?.code;
  if (code === undefined) throw new Error(`${op.id}: status ${op.status} has no error response naming its code`);
  const message = code === 'not_implemented' ? `${op.method} ${op.path} is not implemented` : firstSentence(op.description || op.summary);
  return { status: op.status, code, message };
}

function allowOf(ops: Operation[], pattern: string): string {
  const methods = new Set(ops.filter((o) => !o.variantOf && h3Pattern(o.path) === pattern && o.status !== 405).map((o) => o.method));
  return METHOD_ORDER.filter((m) => methods.has(m)).join(', ');
}

function emitRoutes(ctx: EmitContext): string {
  const ops = ctx.api.operations;
  const bases = ops.filter((o) => !o.variantOf);
  const seen = new Map<string, string>();
  const rows = bases.map((op) => {
    const pattern = h3Pattern(op.path);
    const key = `${op.method} ${pattern}`;
    if (seen.has(key)) throw new Error(`${op.id} and ${seen.get(key)} are the same route (${key}; a trailing slash is optional)`);
    seen.set(key, op.id);
    const variants = ops.filter((v) => v.variantOf === op.id).map((v) => `{ when: ${JSON.stringify(v.when)}, operation: operations.${v.id} }`);
    const fixed = fixedAnswer(op);
    const fields = [
      `method: ${JSON.stringify(op.method)}`,
      `path: ${JSON.stringify(op.path)}`,
      `pattern: ${JSON.stringify(pattern)}`,
      `operation: operations.${op.id}`,
      `variants: [${variants.join(', ')}]`,
      `mediaTypes: ${JSON.stringify(op.requestMediaTypes)}`,
      `allow: ${JSON.stringify(allowOf(ops, pattern))}`,
      ...(fixed ? [`fixed: ${JSON.stringify(fixed)}`] : []),
    ];
    return `  // ${op.summary}\n  { ${fields.join(', ')} },`;
  });
  return `${header('emit/server.ts')}import { operations, type ErrorCode, type HttpMethod, type OperationSpec } from '@atomsync/atom';

/** One method on one path of spec/openapi.yaml, as the server routes it. */
export interface RouteSpec {
  readonly method: HttpMethod;
  /** The OpenAPI path template, as the spec writes it. */
  readonly path: string;
  /** The h3 (rou3) pattern: \`{name}\` becomes \`:name\`; no trailing slash (rou3 matches both forms). */
  readonly pattern: string;
  /** The operation this method and path run. */
  readonly operation: OperationSpec;
  /** Operations that run instead when their query parameter is present (\`?since=\`). */
  readonly variants: readonly { readonly when: string; readonly operation: OperationSpec }[];
  /** The request body's media types (\`requestBody.content\`); empty when the operation takes no body. */
  readonly mediaTypes: readonly string[];
  /** The methods the path offers, for \`Allow\` on a 405. */
  readonly allow: string;
  /** Set when the spec fixes the answer: given after authentication, no handler runs. */
  readonly fixed?: { readonly status: number; readonly code: ErrorCode; readonly message: string };
}

/** Every route of the server, in spec order. */
export const routes: readonly RouteSpec[] = [
${rows.join('\n')}
];
`;
}

function emitHandlers(ctx: EmitContext): string {
  const ops = ctx.api.operations.filter((o) => fixedAnswer(o) === undefined);
  const fixed = ctx.api.operations.filter((o) => fixedAnswer(o) !== undefined);
  const methods = ops.map((op) => {
    const doc = [`${op.summary}.`, '', `\`${op.method} ${op.path}\`${op.variantOf ? ` with \`?${op.when}=\`` : ''}; auth \`${op.auth}\`; answers ${op.status}${op.reason ? ` ${op.reason}` : ''}.`];
    return `  /**\n${doc.map((l) => `   *${l ? ` ${l}` : ''}`).join('\n')}\n   */\n  ${op.id}?(input: OperationInput<${JSON.stringify(op.id)}>, ctx: Ctx): Promise<OperationResult<${JSON.stringify(op.id)}>>;`;
  });
  return `${header('emit/server.ts')}import type { OperationTypes } from '@atomsync/atom';

/** What a handler receives: the decoded path and query parameters and the decoded body. */
export type OperationInput<K extends keyof OperationTypes> = {
  path: OperationTypes[K]['path'];
  query: OperationTypes[K]['query'];
  body: OperationTypes[K]['body'];
};

/** What a handler resolves to: the value the pipeline encodes with the operation's response codec. */
export type OperationResult<K extends keyof OperationTypes> = OperationTypes[K]['result'];

/**
 * The server's operations, one optional method each, named by operationId, each taking the
 * server's request context \`Ctx\` second (generated code names no handwritten type; the server
 * binds it: \`OperationHandlers\` in src/context.ts). An operation without
 * a handler answers 501 \`not_implemented\` once its input has been validated. Not listed,
 * because the spec fixes their answer and the pipeline gives it after authentication:
${fixed.map((o) => ` * - ${o.id}: ${o.status} \`${fixedAnswer(o)!.code}\``).join('\n')}
 */
export interface OperationHandlersOf<Ctx> {
${methods.join('\n\n')}
}

/** The operation ids a handler can be given for. */
export type HandledOperationId = keyof OperationHandlersOf<unknown>;
`;
}

export function emitServer(ctx: EmitContext, out: Output): void {
  out.add('packages/server/src/generated/routes.ts', emitRoutes(ctx));
  out.add('packages/server/src/generated/handlers.ts', emitHandlers(ctx));
  out.add(
    'packages/server/src/generated/index.ts',
    `${header('emit/server.ts')}export * from './routes.js';\nexport * from './handlers.js';\n`,
  );
}
