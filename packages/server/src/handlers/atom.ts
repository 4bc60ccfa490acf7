/**
 * The pieces of the Atom envelope every handler writes (seed "Common Atom entry envelope"): the
 * author, links, the feed head, and the caller's account.
 */
import type { Feed, Link, Person } from '@atomsync/atom';
import type { RequestContext } from '../context.js';
import type { AccountPrincipal } from '../auth/principal.js';
import { ServiceError } from '../errors.js';

/** The authenticated caller; operations of auth class `account`/`admin` always have one. */
export function caller(ctx: RequestContext): AccountPrincipal {
  if (ctx.principal.kind !== 'account') throw new ServiceError(401, 'unauthorized', 'this operation needs credentials');
  return ctx.principal;
}

/** The entry author: the caller's account (the catalogue, open to anyone, has none). */
export function authorOf(ctx: RequestContext): Person | undefined {
  return ctx.principal.kind === 'account' ? { name: ctx.principal.username } : undefined;
}

/** `{base_url}` + path. */
export function urlOf(ctx: RequestContext, path: string): string {
  return ctx.baseUrl + path;
}

/** `link` elements for the given rels, all pointing at `href`. */
export function linksTo(href: string, ...rels: string[]): Link[] {
  return rels.map((rel) => (rel === 'alternate' ? { rel, type: 'text/html', href } : { rel, href }));
}

/**
 * The head of an entry that is its own resource: author, id = its URL, links self and edit,
 * published and updated from the record's times.
 */
export function editableEntryHead(ctx: RequestContext, href: string, record: { created: Date; updated: Date }) {
  return { author: authorOf(ctx), id: href, links: linksTo(href, 'self', 'edit'), published: record.created, updated: record.updated };
}

/**
 * A feed head at `path` (id and self link), titled, updated at its newest entry's change (or
 * now when empty), around `entries`.
 */
export function feedOf<E extends { updated?: Date | null; published?: Date | null }>(ctx: RequestContext, path: string, title: string, entries: E[]): Feed<E> {
  const href = urlOf(ctx, path);
  let updated = 0;
  for (const entry of entries) updated = Math.max(updated, (entry.updated ?? entry.published)?.getTime() ?? 0);
  return {
    author: authorOf(ctx),
    id: href,
    links: linksTo(href, 'self'),
    title,
    updated: updated === 0 ? new Date() : new Date(updated),
    entries,
  };
}
