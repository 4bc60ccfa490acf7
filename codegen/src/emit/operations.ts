/**
 * emits packages/atom/src/generated/operations.ts: the operation table (one OperationSpec per
 * operation, as data) and OperationTypes, the TypeScript view of each operation's inputs and
 * result that the SDK, the server's handler interface and the mocks all share.
 */
import type { Operation } from '../openapi/load.js';
import { bodyType, pathParams, paramType, queryParams, requestType, type EmitContext } from './context.js';
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
    errors: op.errors.map((e) => ({ status: e.status, code: e.code })),
  };
  return JSON.stringify(spec);
}

function typesOf(op: Operation): string {
  const path = pathParams(op).map((p) => `${p.name}: ${paramType(p)}`);
  const query = queryParams(op).map((p) => `${p.name}${p.required || p.name === op.when ? '' : '?'}: ${paramType(p)}`);
  return `  ${op.id}: {\n    path: { ${path.join('; ')} };\n    query: { ${query.join('; ')} };\n    body: ${requestType(op)};\n    result: ${bodyType(op.response)};\n  };`;
}

export function emitOperations(ctx: EmitContext): string {
  const ops = ctx.api.operations;
  const shapes = ctx.entryShapes.map((s) => s.name);
  return `${header('emit/operations.ts')}import type { OperationSpec } from '../operation.js';
import type { Feed, ${shapes.join(', ')} } from './model.js';

/** Every operation of spec/openapi.yaml, by operationId. */
export const operations = {
${ops.map((o) => `  ${o.id}: ${specOf(o)},`).join('\n')}
} as const satisfies Record<string, OperationSpec>;

export type OperationId = keyof typeof operations;

/** Each operation's path and query parameters, request body and success result. */
export interface OperationTypes {
${ops.map(typesOf).join('\n')}
}
`;
}
