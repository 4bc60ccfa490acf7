export * from './message.js';
export type * from './devinf.js';
export { decodeMessage, SyncmlDecodeError } from './decode.js';
export { encodeMessage, encodeXmlStart } from './encode.js';

// The protocol's rules a DS session follows: status and alert codes, credentials, where DevInf travels, what a
// message costs on the wire, and how a large object is cut into chunks.
export { StatusCode, refusesChange } from './rules/status.js';
export { AlertCode, alertRequest, INCREMENTAL_MODES, performedMode, type AlertRequest, type AnchorsSeen, type SyncModeCode } from './rules/alerts.js';
export { AUTH_BASIC, AUTH_MD5, credentialType, md5Challenge, refusalStatus, type CredentialRefusal } from './rules/credentials.js';
export { DEVINF_MEDIA_TYPES, devinfUri, isDevinfUri } from './rules/devinf.js';
export { ITEM_OVERHEAD, itemCost, utf8Length, wireLength } from './rules/size.js';
export { charsWithin, chunkEnd, sizeMatches } from './rules/large-objects.js';

// The bounds a message and the DevInfs inside it share (the WBXML machinery itself is @atomsync/wbxml).
export { ElementBudget } from './tree.js';

// The session machine: one message in, the reply, the next state and the writes out; no store.
export * from './session/index.js';
