/** emits the docs targets (placeholder until written). */
import type { EmitContext } from './context.js';
import type { Output } from './file.js';

export function emitDocs(_ctx: EmitContext, _out: Output): void {}
