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

// The generic WBXML machinery (OMA Client Provisioning documents are written with it too).
export { WBXML, CHARSET_UTF8, PUBLIC_ID_UNKNOWN } from './wbxml/tokens.js';
export { mbUint32 } from './wbxml/bytes.js';
export { encodeWbxml, WbxmlWriter } from './wbxml/write.js';
export type { AttributeValuePart, WbxmlAttribute, WbxmlDocument, WbxmlElement, WbxmlHeader, WbxmlString } from './wbxml/write.js';
export { readWbxml, WbxmlError, WbxmlLimitError } from './wbxml/read.js';
export { ElementBudget } from './tree.js';
export type { CodePageTables, WbxmlNode, WbxmlReadAttribute, WbxmlReadDocument } from './wbxml/read.js';
