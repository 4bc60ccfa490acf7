/**
 * emits packages/atom/src/generated/operations.ts: the operation table (one OperationSpec per
 * operation, as data) and OperationTypes, the TypeScript view of each operation's inputs and
 * result that the SDK, the server's handler interface and the mocks all share.
 */
import type { Operation } from '../openapi/load.js';
import { bodyType, pathParams, paramType, propertyName, queryParams, requestType, responseBodyType, type EmitContext } from './context.js';
import { header } from './file.js';

function specOf(op: Operation): string {
  const spec: Record<string, unknown> = {
    id: op.id,
    method: op.method,
    path: op.path,
    tag: op.tag,
    params: op.params.map((p) => ({ name: p.name, in: p.in, required: p.in === 'path' || p.required || p.name === op.when, type: p.type, ...(p.enum ? { enum: p.enum } : {}) })),
    auth: op.auth,
    ...(op.request ? { request: op.request.kind === 'raw' ? { kind: 'raw', mediaType: op.request.mediaType } : op.request } : {}),
    response: op.response,
    status: op.status,
    ...(op.reason ? { reason: op.reason } : {}),
    implemented: op.implemented,
    ...(op.variantOf ? { variantOf: op.variantOf, when: op.when } : {}),
    ...(op.conditional ? { conditional: true } : {}),
    ...(op.preconditioned ? { preconditioned: true } : {}),
    errors: op.errors.map((e) => ({ status: e.status, code: e.code })),
  };
  return JSON.stringify(spec);
}

function typesOf(ctx: EmitContext, op: Operation): string {
  const path = pathParams(op).map((p) => `${p.name}: ${paramType(p)}`);
  const query = queryParams(op).map((p) => `${propertyName(p.name)}${p.required || p.name === op.when ? '' : '?'}: ${paramType(p)}`);
  const response = responseBodyType(op.response, ctx.responses, ctx.entryShapes);
  return `  ${op.id}: {\n    path: { ${path.join('; ')} };\n    query: { ${query.join('; ')} };\n    body: ${requestType(op)};\n    result: ${bodyType(op.response)};\n    response: ${response};\n  };`;
}

export function emitOperations(ctx: EmitContext): string {
  const ops = ctx.api.operations;
  const answered = new Set(ops.flatMap((o) => (o.response.kind === 'entry' || o.response.kind === 'feed' ? [o.response.shape] : [])));
  const shapes = [...ctx.entryShapes.map((s) => s.name), ...ctx.entryShapes.filter((s) => answered.has(s.name) && ctx.responses.has(s)).map((s) => ctx.responses.name(s))];
  return `${header('emit/operations.ts')}import type { OperationSpec } from '../operation.js';
import type { Feed, ${shapes.join(', ')} } from './model.js';

/** Every operation of spec/openapi.yaml, by operationId. */
export const operations = {
${ops.map((o) => `  ${o.id}: ${specOf(o)},`).join('\n')}
} as const satisfies Record<string, OperationSpec>;

export type OperationId = keyof typeof operations;

/**
 * Each operation's path and query parameters, request body and success result: \`result\` is
 * what a handler returns and the answer's codec writes; \`response\` is what a client decodes
 * from the answer, entries in their response form (what every answer carries, required).
 */
export interface OperationTypes {
${ops.map((op) => typesOf(ctx, op)).join('\n')}
}
`;
}
