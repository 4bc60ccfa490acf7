/**
 * The anchor of a DAV extdata side: per collection, the remote's sync token (when it offers
 * sync-collection), its ctag, and the ETag of every member as last read (path → ETag; '' when the
 * server gave none). The ETags are what `If-Match` is sent with, and what a listing without a token
 * is compared against; the count is what the delete guard weighs a listing by.
 */
import { ExtdataError } from '../transport.js';

export interface CollectionAnchor {
  readonly token?: string;
  readonly ctag?: string;
  readonly etags: Record<string, string>;
}

export interface DavAnchor {
  readonly dav: 1;
  readonly collections: Record<string, CollectionAnchor>;
}

export const isDavAnchor = (anchor: string): boolean => anchor.startsWith('{"dav":1');

export function parseDavAnchor(anchor: string): DavAnchor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(anchor);
  } catch {
    parsed = undefined;
  }
  const ok =
    typeof parsed === 'object' && parsed !== null && (parsed as DavAnchor).dav === 1 &&
    typeof (parsed as DavAnchor).collections === 'object' && (parsed as DavAnchor).collections !== null &&
    Object.values((parsed as DavAnchor).collections).every((c) => typeof c === 'object' && c !== null && typeof c.etags === 'object' && c.etags !== null);
  if (!ok) throw new ExtdataError(`extdata: the anchor ${JSON.stringify(anchor.slice(0, 80))} is not one the DAV connector wrote`);
  return parsed as DavAnchor;
}

/** Written with `dav` first: isDavAnchor tells the two connectors' anchors apart by it. */
export const writeDavAnchor = (collections: Record<string, CollectionAnchor>): string => JSON.stringify({ dav: 1, collections } satisfies DavAnchor);
