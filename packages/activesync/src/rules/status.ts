/**
 * The status codes a server answers, per command, as MS-ASCMD gives them (§2.2.3.177). Only the
 * codes a server of contacts, calendars, tasks and notes sends are named; each command has its own
 * numbering, so each has its own table.
 */

/** Sync (§2.2.3.177.17): the whole request, a collection, or one item of it. */
export const SYNC_STATUS = {
  OK: 1,
  /** The SyncKey is not the one the server handed out: the client starts again from SyncKey 0. */
  INVALID_SYNC_KEY: 3,
  PROTOCOL_ERROR: 4,
  SERVER_ERROR: 5,
  /** The item's data could not be read or written (the client keeps it, the rest goes on). */
  CONVERSION_ERROR: 6,
  /** A change lost against a newer one on the server. */
  CONFLICT: 7,
  /** No such item (a Change, Delete or Fetch of an unknown ServerId). */
  OBJECT_NOT_FOUND: 8,
  /** The folder hierarchy changed: the client runs FolderSync before syncing this collection. */
  FOLDER_HIERARCHY_CHANGED: 12,
  /** An empty or partial Sync request with nothing cached to complete it. */
  INCOMPLETE_REQUEST: 13,
  INVALID_WAIT_OR_HEARTBEAT: 14,
  RETRY: 16,
} as const;

/** FolderSync (§2.2.3.177.4). */
export const FOLDER_SYNC_STATUS = {
  OK: 1,
  SERVER_ERROR: 6,
  /** The key is not the one handed out: the client starts again from key 0. */
  INVALID_SYNC_KEY: 9,
  MALFORMED_REQUEST: 10,
} as const;

/** GetItemEstimate (§2.2.3.177.6). */
export const ESTIMATE_STATUS = {
  OK: 1,
  INVALID_COLLECTION: 2,
  /** The collection has not been synchronized yet (no SyncKey but 0). */
  NOT_PRIMED: 3,
  INVALID_SYNC_KEY: 4,
} as const;

/** Ping (§2.2.3.177.10). */
export const PING_STATUS = {
  /** The heartbeat expired with no change. */
  EXPIRED: 1,
  /** Changes in the folders listed. */
  CHANGES: 2,
  /** Nothing to watch: no cached folders and none sent. */
  MISSING_PARAMETERS: 3,
  SYNTAX_ERROR: 4,
  /** HeartbeatInterval out of range: the Limit element says the bound. */
  HEARTBEAT_OUT_OF_RANGE: 5,
  TOO_MANY_FOLDERS: 6,
  /** A folder is unknown: the client runs FolderSync. */
  FOLDER_SYNC_REQUIRED: 7,
  SERVER_ERROR: 8,
} as const;

/** Provision (§2.2.3.177.12 for the command, §2.2.3.177.13 for a policy). */
export const PROVISION_STATUS = {
  OK: 1,
  PROTOCOL_ERROR: 2,
  SERVER_ERROR: 3,
} as const;
export const POLICY_STATUS = {
  OK: 1,
  /** No policy of the type asked for. */
  NO_POLICY: 2,
  UNKNOWN_POLICY_TYPE: 3,
  /** The acknowledged policy key is not the one handed out. */
  WRONG_POLICY_KEY: 5,
} as const;

/** Settings (§2.2.3.177.14). */
export const SETTINGS_STATUS = {
  OK: 1,
  PROTOCOL_ERROR: 2,
  ACCESS_DENIED: 3,
  SERVER_UNAVAILABLE: 4,
  INVALID_ARGUMENTS: 5,
} as const;

/** ItemOperations (§2.2.3.177.7). */
export const ITEM_OPERATIONS_STATUS = {
  OK: 1,
  PROTOCOL_ERROR: 2,
  SERVER_ERROR: 3,
  /** The item is not found (or not the caller's). */
  NOT_FOUND: 6,
  /** The store (a mail server's mailbox, a document library) is not one we serve. */
  STORE_NOT_SUPPORTED: 9,
} as const;

/**
 * The status of any command (14.0+, §2.2.3.177.?: "common status codes"), sent in the command's own
 * Status element: 142 when the device must provision first; 2.5 and 12.x get HTTP 449 instead.
 */
export const COMMON_STATUS = {
  /** A remote wipe was asked: the device is to send a Provision (MS-ASPROV §3.1.5.1). */
  REMOTE_WIPE_REQUESTED: 140,
  DEVICE_NOT_PROVISIONED: 142,
  POLICY_REFRESH: 143,
  INVALID_POLICY_KEY: 144,
} as const;
