/**
 * Bounds on what a device may send, shared by both readers (xml/read.ts, and @atomsync/wbxml's as wbxml/syncml.ts calls it) and the
 * mapper (read-message.ts, read-devinf.ts). Each is far above what any phone sends and is there so
 * that a hostile body costs time linear in its size and is stored in a bounded shape; passing one
 * is a SyncmlDecodeError (the server's 400 `invalid_xml`).
 */

/**
 * How deep elements nest, in either wire form. The deepest SyncML message goes about a dozen
 * levels (SyncML/SyncBody/Sync/Add/Item/Data/DevInf/DataStore/CTCap/Property/PropParam/ValEnum).
 */
export const MAX_ELEMENT_DEPTH = 64;

/**
 * How many elements one message may hold, counted across the message and the DevInf documents
 * carried inside it as WBXML. A message is at most our MaxMsgSize (4 MiB, the server's
 * session.ts): phones keep to it, and real ones send far less (64 KiB to 1 MiB: a few hundred
 * items). The largest real message is a slow sync of a whole address book in one go: 10,000
 * contacts, each an Add/Replace with its CmdID, Meta/Type, Item/Source/LocURI and Data, ~10
 * elements, so 100,000; twice that is room for Status and Map traffic in the same message. At
 * ~100 bytes of tree per element, the cap keeps what a body can make us build to ~20 MB, where a
 * 10 MiB run of 1-byte WBXML tags built ten million elements (2 GB).
 */
export const MAX_ELEMENTS = 200_000;

/**
 * How many children one element may hold. The widest real elements are a Sync's commands, a
 * Map's MapItems and a Delete's Items: one per item of a message, 10,000 at most in the slow sync
 * above; twice that for room. Bounds the work of the mapper's by-name look-ups among siblings too.
 */
export const MAX_CHILDREN = 20_000;

/** MsgID, CmdID, MsgRef and CmdRef are decimal integers no larger than this (2^31 − 1). */
export const MAX_MESSAGE_NUMBER = 2 ** 31 - 1;

/** Longest SessionID. */
export const MAX_SESSION_ID_LENGTH = 64;

/** Longest LocURI (a device id, a datastore URI, an item's LUID), LocName, RespURI and DevInf DevID. */
export const MAX_URI_LENGTH = 1024;

/**
 * DevInf 1.1 lists CTCap once for the device and the mapper copies it into every datastore: the
 * copies together may hold at most this many entries (content types, properties, parameters,
 * values), so a DevInf cannot multiply itself by its number of datastores.
 */
export const MAX_DEVINF_COPIED_ENTRIES = 100_000;
