/**
 * A request path resolved to the account's resource: its kind, href and (for collections and
 * members) what it is in the store. Another account's principal, homes, collections and items are
 * simply not found (404), as everywhere in the service.
 */
import { checkSegmentLength, memberKindOf, type ResourceKind } from '@atomsync/dav';
import { ServiceError } from '../errors.js';
import type { DavItemRecord } from '@atomsync/store';
import { collectionNamed, type DavCollection } from './collections.js';
import type { DavRequest } from './context.js';
import { collectionHref, homeHref, homeKindOf, memberHref, principalHref, principalsHref, rootHref, type DavTarget, type Family } from './layout.js';
import { memberNamed } from './members.js';

export type Resource =
  | { readonly kind: 'root'; readonly href: string }
  | { readonly kind: 'principals'; readonly href: string }
  | { readonly kind: 'principal'; readonly href: string }
  | { readonly kind: 'home'; readonly href: string; readonly family: Family }
  | { readonly kind: 'collection'; readonly href: string; readonly collection: DavCollection }
  /**
   * A member name with nothing there yet (a PUT creates it), or one not looked at: a PUT looks
   * inside its own transaction, which it must for concurrent PUTs, so a look before it is wasted.
   */
  | { readonly kind: 'unmapped'; readonly href: string; readonly collection: DavCollection; readonly name: string }
  | { readonly kind: 'member'; readonly href: string; readonly collection: DavCollection; readonly name: string; readonly item: DavItemRecord };

export function notFound(what: string): ServiceError {
  return new ServiceError(404, 'not_found', `there is no ${what} here`);
}

/** The DAV kind of a resource, as @atomsync/dav's tables know it. */
export function kindOf(resource: Exclude<Resource, { kind: 'unmapped' }>): ResourceKind {
  switch (resource.kind) {
    case 'root':
    case 'principals':
      return 'root';
    case 'principal':
      return 'principal';
    case 'home':
      return homeKindOf(resource.family);
    case 'collection':
      return resource.collection.kind;
    case 'member':
      return memberKindOf(resource.collection.kind);
  }
}

/** `lookUpMember: false` (PUT): a member's URL resolves to `unmapped` without reading the item there. */
export async function resolve(req: DavRequest, target: DavTarget, { lookUpMember = true }: { readonly lookUpMember?: boolean } = {}): Promise<Resource> {
  const { username, id } = req.account;
  if (target.kind === 'root') return { kind: 'root', href: rootHref() };
  if (target.kind === 'principals') return { kind: 'principals', href: principalsHref() };
  // A name is the account's own or nobody's: nothing tells another account's from a free one.
  if (target.user !== username) throw notFound('such principal');
  if (target.kind === 'principal') return { kind: 'principal', href: principalHref(username) };
  if (target.kind === 'home') return { kind: 'home', href: homeHref(target.family, username), family: target.family };
  const collection = await collectionNamed(req.store, id, target.family, target.name);
  if (collection === undefined) throw notFound('such collection');
  if (target.kind === 'collection') return { kind: 'collection', href: collectionHref(target.family, username, collection.name), collection };
  const href = memberHref(target.family, username, collection.name, target.member);
  checkSegmentLength(target.member, 'a member name');
  const item = lookUpMember ? await memberNamed(req.store, collection, target.member) : undefined;
  return item === undefined ? { kind: 'unmapped', href, collection, name: target.member } : { kind: 'member', href, collection, name: target.member, item };
}
