/**
 * A conditional write's `If-Match` (RFC 9110 §13.1.1; spec/openapi.yaml, IfMatch): the write goes
 * ahead only while the resource still has a tag the header names, else 412 `precondition_failed`
 * with the current tag in `ETag`, nothing changed. The comparison is @atomsync/atom's
 * `ifMatchHolds`; the tag is the one a GET of the resource answers (`tagOf`), and the service
 * calls the check on the resource as it reads it, locked, in the write's own transaction
 * (services/contents.ts), so no write lands between the check and the write on any instance.
 */
import { ifMatchHolds } from '@atomsync/atom';
import type { H3Event } from 'h3';
import { ServiceError } from '../errors.js';

/** The request's If-Match as a check of the resource as it is now; undefined when it sent none. */
export function ifMatchPrecondition<T>(event: H3Event, tagOf: (current: T) => string): ((current: T) => void) | undefined {
  const header = event.req.headers.get('if-match');
  if (header === null) return undefined;
  return (current) => {
    const etag = tagOf(current);
    if (ifMatchHolds(header, etag)) return;
    throw new ServiceError(
      412,
      'precondition_failed',
      'the item has changed since the copy your If-Match names (or the header names no ETag): nothing was changed; its current ETag is in this answer',
      [],
      { etag },
    );
  };
}
