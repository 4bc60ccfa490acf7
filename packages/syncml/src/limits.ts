/**
 * Bounds on what a device may send, shared by both readers (xml/read.ts, wbxml/read.ts) and the
 * mapper (read-message.ts, read-devinf.ts). Each is far above what any phone sends and is there so
 * that a hostile body costs time linear in its size and is stored in a bounded shape; passing one
 * is a SyncmlDecodeError (the server's 400 `invalid_xml`).
 */

/**
 * How deep elements nest, in either wire form. The deepest SyncML message goes about a dozen
 * levels (SyncML/SyncBody/Sync/Add/Item/Data/DevInf/DataStore/CTCap/Property/PropParam/ValEnum).
 */
export const MAX_ELEMENT_DEPTH = 64;

/** MsgID, CmdID, MsgRef and CmdRef are decimal integers no larger than this (2^31 − 1). */
export const MAX_MESSAGE_NUMBER = 2 ** 31 - 1;

/** Longest SessionID. */
export const MAX_SESSION_ID_LENGTH = 64;

/** Longest LocURI (a device id, a datastore URI, an item's LUID), LocName, RespURI and DevInf DevID. */
export const MAX_URI_LENGTH = 1024;

/**
 * WBXML string-table references may expand a document (one reference of two bytes names a string
 * of any length): all they name together may be at most this many times the document's size (plus
 * STRING_TABLE_SLACK). A phone that uses a string table references short strings (content types,
 * datastore URIs) a few bytes at a time; nothing real comes near.
 */
export const MAX_STRING_TABLE_EXPANSION = 8;
export const STRING_TABLE_SLACK = 64 * 1024;

/**
 * DevInf 1.1 lists CTCap once for the device and the mapper copies it into every datastore: the
 * copies together may hold at most this many entries (content types, properties, parameters,
 * values), so a DevInf cannot multiply itself by its number of datastores.
 */
export const MAX_DEVINF_COPIED_ENTRIES = 100_000;
