export * from './message.js';
export type * from './devinf.js';
export { decodeMessage, SyncmlDecodeError } from './decode.js';
export { encodeMessage } from './encode.js';
