/**
 * The hash of the bytes DAV serves of an item (@atomsync/items davBody): its ETag, unquoted.
 * The store writes it beside the body on every write, as it does the fingerprint.
 */
import { createHash } from 'node:crypto';

/** 27 base64url characters of sha-256 (160 bits: collisions are not a concern for an ETag). */
export function servedHash(body: string): string {
  return createHash('sha256').update(body, 'utf8').digest('base64url').slice(0, 27);
}
