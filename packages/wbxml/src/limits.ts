/**
 * The reader's own bounds, the ones that belong to WBXML itself rather than to a protocol (each
 * protocol passes its depth and element bounds: @atomsync/syncml and @atomsync/activesync have
 * their limits.ts).
 *
 * String-table references may expand a document (one reference of two bytes names a string of
 * any length): all they name together may be at most MAX_STRING_TABLE_EXPANSION times the
 * document's size (plus STRING_TABLE_SLACK). A phone that uses a string table references short
 * strings (content types, datastore URIs) a few bytes at a time; nothing real comes near.
 */
export const MAX_STRING_TABLE_EXPANSION = 8;
export const STRING_TABLE_SLACK = 64 * 1024;

/**
 * What a caller that names no bounds gets (a test, a one-off tool): the SyncML reader's, the
 * looser of the two protocols'.
 */
export const DEFAULT_MAX_DEPTH = 64;
export const DEFAULT_MAX_ELEMENTS = 200_000;
export const DEFAULT_MAX_CHILDREN = 20_000;
