/** emits the server targets (placeholder until written). */
import type { EmitContext } from './context.js';
import type { Output } from './file.js';

export function emitServer(_ctx: EmitContext, _out: Output): void {}
