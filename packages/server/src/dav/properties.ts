/**
 * The facts @atomsync/dav computes each DAV resource's live properties from: the account's hrefs in
 * our layout, a collection's id, change sequence and name. (Its values, which kinds answer what,
 * and how members are answered are the package's: collectionValues, itemAnswer.)
 */
import type { CollectionFacts, PrincipalFacts } from '@atomsync/dav';
import { displayNameOf, type DavCollection } from './collections.js';
import { homeHref, principalHref, principalsHref } from './layout.js';

/** The largest item a PUT stores (advertised as max-resource-size). */
export { MAX_RESOURCE_BYTES } from '@atomsync/dav';

export interface Viewer {
  readonly username: string;
}

/** The signed-in account's principal. */
export function principalOf(viewer: Viewer): PrincipalFacts {
  return {
    href: principalHref(viewer.username),
    collection: principalsHref(),
    displayname: viewer.username,
    addressbookHome: homeHref('addressbooks', viewer.username),
    calendarHome: homeHref('calendars', viewer.username),
  };
}

/** A collection as its properties see it, at change sequence `sequence`. */
export function collectionFacts(c: DavCollection, sequence: number): CollectionFacts {
  return { component: c.component, id: c.id, sequence, displayname: displayNameOf(c) };
}
