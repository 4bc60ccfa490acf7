/**
 * How a client lists a collection's changes, as pure decisions (DAVx⁵'s strategy): what to ask
 * next given what it holds and what the collection said of itself, and what a listing means
 * against the ETags held. The requests themselves are listing.ts's; the driver is the caller's.
 *
 * - With a sync token held: `sync-collection` from it (RFC 6578 §3.2), and nothing first — the
 *   collection's own sync-token and ctag cost a server as much as the delta (Radicale walks every
 *   item for each), and the delta says whether anything changed.
 * - A token the server refuses (403 valid-sync-token, RFC 6578 §3.2; what servers answer instead:
 *   Xandikos 500, others 400/409/410; 501 when the report is no longer offered): the head, then a
 *   full listing compared with the ETags held — never doubles.
 * - Without a token: the head (PROPFIND Depth 0); a ctag (CalendarServer getctag) equal to the
 *   one held means nothing changed; else a full listing — sync-collection from no token when the
 *   collection offers it (RFC 6578 §3.1: it gives a token for next time), PROPFIND Depth 1
 *   {getetag} for an address book (RFC 6352 §8.6 leaves it to WebDAV), a calendar-query per
 *   component for a calendar (RFC 4791 §7.8: one calendar may mix events and tasks).
 */
import { DAV_NS, type QName } from '../namespaces.js';
import { CLIENT_PROPS } from '../requests/write.js';
import type { CollectionAnchor } from './anchor.js';
import type { CollectionKind, CollectionState } from './collection.js';

/** What a run asks of a collection's head: not its sync-token, which sync-collection gives with the listing. */
export const HEAD_PROPS: readonly QName[] = CLIENT_PROPS.collection.filter((p) => !(p.ns === DAV_NS && p.name === 'sync-token'));

export type ListingAsk =
  /** REPORT sync-collection from `token` ('' for everything). */
  | { readonly ask: 'sync-collection'; readonly token: string }
  /** PROPFIND Depth 0 for the head (HEAD_PROPS), then listingAfterHead. */
  | { readonly ask: 'head' }
  /** The ctag did not move: nothing changed, the anchor stays. */
  | { readonly ask: 'nothing' }
  /** PROPFIND Depth 1 {getetag, resourcetype}. */
  | { readonly ask: 'propfind-etags' }
  /** REPORT calendar-query {getetag} per component. */
  | { readonly ask: 'calendar-query'; readonly components: readonly string[] };

/** The first request of a run: sync-collection from the token held, else the head. */
export function firstListingAsk(held: CollectionAnchor | undefined): ListingAsk {
  return held?.token !== undefined ? { ask: 'sync-collection', token: held.token } : { ask: 'head' };
}

/**
 * After the head: `unchangedSince` is the ctag held when a matching one may end the run (not after
 * a refused token: that listing is owed whatever the ctag says).
 */
export function listingAfterHead(head: CollectionState, kind: CollectionKind, components: readonly string[], unchangedSince?: string): ListingAsk {
  if (unchangedSince !== undefined && head.ctag !== undefined && head.ctag === unchangedSince) return { ask: 'nothing' };
  if (head.syncCollection) return { ask: 'sync-collection', token: '' };
  return kind === 'addressbook' ? { ask: 'propfind-etags' } : { ask: 'calendar-query', components };
}

/** Statuses a sync-collection from a held token is refused with when the token is the trouble (see above). */
const FORGOTTEN_TOKEN = new Set([400, 403, 409, 410, 500, 501]);

/** What a refused sync-collection from a held token leads to: a full listing, or the run fails. */
export const afterSyncRefusal = (status: number): 'full-listing' | 'fail' => (FORGOTTEN_TOKEN.has(status) ? 'full-listing' : 'fail');

/** What one listing means against the ETags held. */
export interface Reconciled {
  /** path → ETag listed (undefined: the server did not say). */
  readonly changed: ReadonlyMap<string, string | undefined>;
  /** Held paths the remote no longer has. */
  readonly deleted: readonly string[];
  /** The members to read (multiget): changed, with an ETag unknown or not the one held. */
  readonly toRead: readonly string[];
  /** The ETags held with the deleted dropped (the read members' are noted by the caller). */
  readonly etags: Record<string, string>;
}

/**
 * `delta`: a sync-collection's answer from the held token — what it lists is what changed, its
 * deletes count only for members held. `listing`: every member (a full listing) — changed is any
 * whose ETag differs from the one held, deleted any held member not listed (RFC 4791 §8.2.1.4,
 * RFC 6352 §8.7's "ETag comparison").
 */
export function reconcile(
  held: Readonly<Record<string, string>>,
  answer: { readonly delta: { readonly changed: ReadonlyMap<string, string | undefined>; readonly deleted: ReadonlySet<string> } } | { readonly listing: ReadonlyMap<string, string | undefined> },
): Reconciled {
  const etags: Record<string, string> = { ...held };
  let changed: ReadonlyMap<string, string | undefined>;
  let deleted: string[];
  if ('delta' in answer) {
    changed = answer.delta.changed;
    deleted = [...answer.delta.deleted].filter((path) => Object.hasOwn(etags, path));
  } else {
    const listing = answer.listing;
    changed = new Map([...listing].filter(([path, etag]) => etag === undefined || etags[path] !== etag));
    deleted = Object.keys(etags).filter((path) => !listing.has(path));
  }
  for (const path of deleted) delete etags[path];
  const toRead = [...changed].filter(([path, etag]) => etag === undefined || etags[path] !== etag).map(([path]) => path);
  return { changed, deleted, toRead, etags };
}

/** The ETag held for a member read: the multiget's, else the listing's, else '' (unknown: read before writing over it). */
export const etagRead = (multiget: string | undefined, listed: string | undefined): string => multiget ?? listed ?? '';

/**
 * The delete guard: a listing (or the other side's changes) may delete at most DELETE_GUARD of the
 * members a collection held, and always up to DELETE_FLOOR. An empty or truncated answer where the
 * remote listed items before is not "everything was deleted" (vdirsyncer's users lost whole
 * address books that way); a run asked to list in full (a refresh) is the way to accept it.
 */
export const DELETE_GUARD = 0.5;
export const DELETE_FLOOR = 5;

export const tooManyDeletes = (held: number, deleting: number): boolean => deleting > DELETE_FLOOR && deleting > held * DELETE_GUARD;
