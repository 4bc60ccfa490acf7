/**
 * The anchor a DAV client keeps between runs: per collection, the remote's sync token (when it
 * offers sync-collection, RFC 6578 §3.2), its ctag (CalendarServer's getctag, for servers without
 * one), and the ETag of every member as last read (path → ETag; '' when the server gave none, so
 * the member is read before it is written over). The ETags are what `If-Match` is sent with, and
 * what a listing without a token is compared against; their count is what the delete guard weighs
 * a listing by.
 */

export interface CollectionAnchor {
  readonly token?: string;
  readonly ctag?: string;
  readonly etags: Record<string, string>;
}

export interface DavAnchor {
  readonly dav: 1;
  /** Per collection URL. */
  readonly collections: Record<string, CollectionAnchor>;
}

/** An anchor this format wrote (a client that also keeps other anchors tells them apart by it). */
export const isDavAnchor = (anchor: string): boolean => anchor.startsWith('{"dav":1');

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The anchor read back; undefined for text this format did not write. */
export function readDavAnchor(anchor: string): DavAnchor | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(anchor);
  } catch {
    return undefined;
  }
  if (!isRecord(parsed) || parsed.dav !== 1 || !isRecord(parsed.collections)) return undefined;
  const ok = Object.values(parsed.collections).every((c) => isRecord(c) && isRecord(c.etags));
  return ok ? (parsed as unknown as DavAnchor) : undefined;
}

/** Written with `dav` first: isDavAnchor tells it apart by that. */
export const writeDavAnchor = (collections: Record<string, CollectionAnchor>): string => JSON.stringify({ dav: 1, collections } satisfies DavAnchor);

/** A collection's anchor with only the fields that hold a value (a missing token is no token). */
export const collectionAnchor = (token: string | undefined, ctag: string | undefined, etags: Record<string, string>): CollectionAnchor => ({
  ...(token === undefined ? {} : { token }),
  ...(ctag === undefined ? {} : { ctag }),
  etags,
});

/**
 * What a run's writes leave in the anchor: each written member's ETag as answered ('' when the PUT
 * gave none: read back before the next write over it), a deleted one (null) dropped. Collections
 * the anchor does not hold are left out (a run that listed nothing of them has no anchor to amend).
 */
export function settleWrites(anchor: DavAnchor, written: ReadonlyMap<string, ReadonlyMap<string, string | null>>): Record<string, CollectionAnchor> {
  const collections = { ...anchor.collections };
  for (const [url, paths] of written) {
    const held = collections[url];
    if (held === undefined) continue;
    const etags = { ...held.etags };
    for (const [path, etag] of paths) {
      if (etag === null) delete etags[path];
      else etags[path] = etag;
    }
    collections[url] = { ...held, etags };
  }
  return collections;
}
