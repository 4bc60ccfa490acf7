/**
 * SyncML status codes (SyncML Representation Protocol, "Response Status Codes") a DS server
 * answers with or reads in a client's Statuses. Codes from 300 on say the command failed; 418
 * (already exists) is the one among them that leaves the client's data as it should be.
 */
export const StatusCode = {
  /** The command succeeded. */
  OK: 200,
  /** An Add succeeded: the item is new. */
  ITEM_ADDED: 201,
  /** The credentials were accepted; they need not be sent again in this session. */
  AUTHENTICATED: 212,
  /** A chunk of a large object was taken; send the next. */
  CHUNK_ACCEPTED: 213,
  /** The credentials were refused (a Chal says what to send). */
  INVALID_CREDENTIALS: 401,
  NOT_FOUND: 404,
  COMMAND_NOT_ALLOWED: 405,
  /** A command or feature the recipient does not implement. */
  OPTIONAL_FEATURE_NOT_SUPPORTED: 406,
  /** The message carried no credentials (a Chal says what to send). */
  MISSING_CREDENTIALS: 407,
  ALREADY_EXISTS: 418,
  /** A large object's chunks did not add up to the Size its first chunk declared. */
  SIZE_MISMATCH: 424,
  COMMAND_FAILED: 500,
  /** The anchors are not in step: the alerted sync runs as a slow sync. */
  REFRESH_REQUIRED: 508,
} as const;

export type StatusCode = (typeof StatusCode)[keyof typeof StatusCode];

/** Whether a status to an Add/Replace/Delete says the recipient did not take the change. */
export function refusesChange(status: number): boolean {
  return status >= 300 && status !== StatusCode.ALREADY_EXISTS;
}
