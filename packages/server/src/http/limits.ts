/** The request limits (guide/protocol.md#limits). */

/** Bytes of request body, counted as they arrive: past this the answer is 413. */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;

/** Entries of one batch feed: past this the answer is 413. */
export const MAX_BATCH_ENTRIES = 1000;
