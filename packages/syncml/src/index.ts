export * from './message.js';
export type * from './devinf.js';
export { decodeMessage, SyncmlDecodeError } from './decode.js';
export { encodeMessage } from './encode.js';

// The generic WBXML machinery (OMA Client Provisioning documents are written with it too).
export { WBXML, CHARSET_UTF8, PUBLIC_ID_UNKNOWN } from './wbxml/tokens.js';
export { mbUint32 } from './wbxml/bytes.js';
export { encodeWbxml, WbxmlWriter } from './wbxml/write.js';
export type { AttributeValuePart, WbxmlAttribute, WbxmlDocument, WbxmlElement, WbxmlHeader, WbxmlString } from './wbxml/write.js';
export { readWbxml, WbxmlError } from './wbxml/read.js';
export type { CodePageTables, WbxmlNode, WbxmlReadAttribute, WbxmlReadDocument } from './wbxml/read.js';
