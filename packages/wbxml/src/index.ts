// WBXML (WAP-192-WBXML-20010725-a): the one reader and writer of SyncML, ActiveSync and OMA Client Provisioning.
export { WBXML, CHARSET_UTF8, PUBLIC_ID_UNKNOWN } from './tokens.js';
export { mbUint32 } from './bytes.js';
export { encodeWbxml, WbxmlWriter } from './write.js';
export type { AttributeValuePart, WbxmlAttribute, WbxmlDocument, WbxmlElement, WbxmlHeader, WbxmlString } from './write.js';
export { readWbxml, walkWbxml, WbxmlError, WbxmlLimitError } from './read.js';
export type { CodePageTables, WbxmlBuilder, WbxmlNode, WbxmlReadAttribute, WbxmlReadDocument, WbxmlReadHeader, WbxmlReadOptions, WbxmlStrictProfile } from './read.js';
export { addChild, ElementBudget, NO_CHILDREN } from './tree.js';
export type { Element } from './tree.js';
export { DEFAULT_MAX_CHILDREN, DEFAULT_MAX_DEPTH, DEFAULT_MAX_ELEMENTS, MAX_STRING_TABLE_EXPANSION, STRING_TABLE_SLACK } from './limits.js';
