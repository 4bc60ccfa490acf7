/**
 * The uuid of a new content item: a UUIDv7 (RFC 9562 §5.7), whose first 48 bits are the time in
 * milliseconds. Inserts then land at the right edge of the contents primary key (client_uuid, uuid)
 * instead of all over it: a random v4 id made every 1,000-item batch touch pages across the whole
 * index, which grew the commit's I/O with the table (issue 14). The uuid library keeps the ids of
 * one process strictly increasing, also within one millisecond (its v7 counter).
 *
 * A v7 id tells when the item was created, which its `created` says anyway. Listings page by uuid
 * as any total order allows (content-pages.ts); nothing reads the time back out of an id.
 */
import { v7 } from 'uuid';

export function newItemUuid(): string {
  return v7();
}
