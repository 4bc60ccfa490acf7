export * from './message.js';
export type * from './devinf.js';
export { decodeMessage, SyncmlDecodeError } from './decode.js';
export { encodeMessage } from './encode.js';

// The protocol's rules a DS session follows: status and alert codes, where DevInf travels, what a
// message costs on the wire, and how a large object is cut into chunks.
export { StatusCode, refusesChange } from './rules/status.js';
export { AlertCode, alertRequest, INCREMENTAL_MODES, type AlertRequest, type SyncModeCode } from './rules/alerts.js';
export { DEVINF_MEDIA_TYPES, devinfUri, isDevinfUri } from './rules/devinf.js';
export { ITEM_OVERHEAD, itemCost, utf8Length, wireLength } from './rules/size.js';
export { charsWithin, chunkEnd, sizeMatches } from './rules/large-objects.js';

// The bounds a message and the DevInfs inside it share (the WBXML machinery itself is @atomsync/wbxml).
export { ElementBudget } from './tree.js';
