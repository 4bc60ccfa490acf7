/**
 * The WBXML writer of the OMA Client Provisioning document (oma-cp.ts). The machinery itself —
 * header, tags and code pages, STR_I/STR_T, attributes, entities, OPAQUE — is generic and lives in
 * `@atomsync/syncml` (src/wbxml/), which also reads WBXML and writes SyncML with it; this module
 * keeps provisioning's imports in one place.
 */
export { CHARSET_UTF8, encodeWbxml, mbUint32, WBXML } from '@atomsync/syncml';
export type { AttributeValuePart, WbxmlAttribute, WbxmlDocument, WbxmlElement, WbxmlString } from '@atomsync/syncml';
