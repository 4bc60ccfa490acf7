/**
 * The WBXML writer of the OMA Client Provisioning document (oma-cp.ts). The machinery itself —
 * header, tags and code pages, STR_I/STR_T, attributes, entities, OPAQUE — is generic and lives in
 * `@atomsync/wbxml`, which SyncML and ActiveSync read and write with too; this module keeps
 * provisioning's imports in one place.
 */
export { CHARSET_UTF8, encodeWbxml, mbUint32, WBXML } from '@atomsync/wbxml';
export type { AttributeValuePart, WbxmlAttribute, WbxmlDocument, WbxmlElement, WbxmlString } from '@atomsync/wbxml';
