/**
 * Reading a collection's members as a client: the ETag listing (sync-collection with or without a
 * token, PROPFIND Depth 1, calendar-query per component) and the bodies (multiget in batches).
 * Members are keyed by their path (an href's origin dropped), so a server that writes absolute hrefs
 * in one answer and relative ones in the next still names one member once. The collection itself,
 * which some servers (iCloud) list among its changes, is never a member.
 */
import { CALDAV_NS, CARDDAV_NS, DAV_NS } from '../namespaces.js';
import { foundProp, type ReadResponse } from '../multistatus/read.js';
import { CLIENT_PROPS, calendarQueryBody, multigetBody, syncCollectionBody } from '../requests/write.js';
import type { CollectionKind } from './collection.js';
import { DavHttpError, pathOfHref, type DavClient, type Multistatus } from './http.js';

export interface Delta {
  /** path → ETag (undefined when the server did not say: read it to know). */
  readonly changed: Map<string, string | undefined>;
  readonly deleted: Set<string>;
  /** The token to ask from next time. */
  readonly syncToken: string | undefined;
}

/** Rounds of a sync-collection truncated by the server (507) followed in one call, at most. */
const MAX_SYNC_ROUNDS = 10_000;

const trimmed = (value: string | undefined): string | undefined => (value === undefined || value.trim() === '' ? undefined : value.trim());

const isCollectionItself = (path: string, collection: string): boolean => path === collection || `${path}/` === collection;

/** What a sync-collection answer has said so far (RFC 6578 §3.5): changed members and removed ones. */
export interface SyncRead {
  /** path → ETag (undefined when the server did not say). */
  readonly changed: Map<string, string | undefined>;
  readonly deleted: Set<string>;
}

/**
 * One sync-collection answer read into `into` (later rounds win over earlier): a member answered
 * 404 or 410 is removed (RFC 6578 §3.5.2), one answered 2xx or with propstats changed (§3.5.1);
 * the collection itself is never a member (iCloud lists it among the changes), and when it is
 * listed with 507 the answer was truncated (§3.6).
 */
export function readSyncRound(answer: Pick<Multistatus, 'responses' | 'url'>, collectionUrl: string, into: SyncRead): { readonly truncated: boolean } {
  const collection = new URL(collectionUrl).pathname;
  let truncated = false;
  for (const r of answer.responses) {
    const path = pathOfHref(r.href, answer.url);
    if (isCollectionItself(path, collection)) {
      if (r.status === 507) truncated = true;
      continue;
    }
    if (r.status === 404 || r.status === 410) {
      into.changed.delete(path);
      into.deleted.add(path);
    } else if (r.status === undefined || (r.status >= 200 && r.status < 300)) {
      into.deleted.delete(path);
      into.changed.set(path, trimmed(foundProp(r, DAV_NS, 'getetag')?.text));
    }
  }
  return { truncated };
}

/**
 * After a round: done with the answer's token, or the next round from it (RFC 6578 §3.6: the
 * token of a truncated answer is where the next starts). An answer without a token, a truncated
 * one that did not move it (the loop would never end) or past MAX_SYNC_ROUNDS is an error.
 */
export function nextSyncRound(
  round: number,
  asked: string,
  answered: string | undefined,
  truncated: boolean,
): { readonly done: string } | { readonly next: string } | { readonly error: string; readonly status: number } {
  if (answered === undefined) return { error: 'a sync-collection answer without a sync-token', status: 207 };
  if (!truncated) return { done: answered };
  if (answered === asked) return { error: 'truncated (507) without moving its sync-token', status: 507 };
  if (round >= MAX_SYNC_ROUNDS) return { error: `still truncated after ${MAX_SYNC_ROUNDS} rounds`, status: 507 };
  return { next: answered };
}

/**
 * REPORT sync-collection from `token` ('' for everything), following truncation round by round.
 * A token the server no longer knows is a DavHttpError (403 valid-sync-token, or another status
 * from servers that break the RFC): strategy.ts's afterSyncRefusal says what follows.
 */
export async function syncCollection(client: DavClient, url: string, token: string): Promise<Delta> {
  const read: SyncRead = { changed: new Map(), deleted: new Set() };
  let current = token;
  for (let round = 0; ; round++) {
    const answer = await client.report(url, '0', syncCollectionBody({ syncToken: current, props: CLIENT_PROPS.etag }));
    const { truncated } = readSyncRound(answer, url, read);
    const next = nextSyncRound(round, current, answer.syncToken, truncated);
    if ('error' in next) throw new DavHttpError(`REPORT ${url}: ${next.error}`, next.status, url);
    if ('done' in next) return { ...read, syncToken: next.done };
    current = next.next;
  }
}

/**
 * The ETags of an answer that lists members (PROPFIND Depth 1, calendar-query), into `into`: the
 * collection itself, members answered with a status of their own and sub-collections left out.
 */
export function readEtagListing(answer: Pick<Multistatus, 'responses' | 'url'>, collectionUrl: string, into: Map<string, string | undefined>): void {
  const collection = new URL(collectionUrl).pathname;
  for (const r of answer.responses) {
    const path = pathOfHref(r.href, answer.url);
    if (isCollectionItself(path, collection) || r.status !== undefined) continue;
    if (foundProp(r, DAV_NS, 'resourcetype')?.node.children.some((c) => c.ns === DAV_NS && c.name === 'collection')) continue;
    into.set(path, trimmed(foundProp(r, DAV_NS, 'getetag')?.text));
  }
}

/**
 * Every member's ETag without a token: PROPFIND Depth 1 for an address book, a calendar-query per
 * component for a calendar (only the components asked for: a calendar mixing events and tasks
 * serves each class apart).
 */
export async function listEtags(client: DavClient, url: string, kind: CollectionKind, components: readonly string[] = ['VEVENT', 'VTODO']): Promise<Map<string, string | undefined>> {
  const found = new Map<string, string | undefined>();
  if (kind === 'addressbook') {
    readEtagListing(await client.propfind(url, '1', [...CLIENT_PROPS.etag, { ns: DAV_NS, name: 'resourcetype' }]), url, found);
    return found;
  }
  for (const component of components) readEtagListing(await client.report(url, '1', calendarQueryBody({ component, props: CLIENT_PROPS.etag })), url, found);
  return found;
}

export interface Member {
  readonly path: string;
  readonly etag: string | undefined;
  readonly data: string;
}

/**
 * The bodies of `paths`, `batchSize` hrefs per multiget. A member answered 404 is left out (deleted
 * since it was listed): the caller sees it missing.
 */
export async function multiget(client: DavClient, url: string, kind: CollectionKind, paths: readonly string[], batchSize = 100): Promise<Member[]> {
  const report = kind === 'addressbook' ? 'addressbook-multiget' : 'calendar-multiget';
  const props = kind === 'addressbook' ? CLIENT_PROPS.vcard : CLIENT_PROPS.icalendar;
  const [dataNs, dataName] = kind === 'addressbook' ? [CARDDAV_NS, 'address-data'] : [CALDAV_NS, 'calendar-data'];
  const members: Member[] = [];
  for (let at = 0; at < paths.length; at += batchSize) {
    const answer = await client.report(url, '1', multigetBody(report, paths.slice(at, at + batchSize), props));
    for (const r of answer.responses) {
      const data = dataOf(r, dataNs, dataName);
      if (data === undefined) continue;
      members.push({ path: pathOfHref(r.href, answer.url), etag: trimmed(foundProp(r, DAV_NS, 'getetag')?.text), data });
    }
  }
  return members;
}

function dataOf(r: ReadResponse, ns: string, name: string): string | undefined {
  if (r.status !== undefined && r.status !== 200) return undefined;
  const text = foundProp(r, ns, name)?.text;
  return text === undefined || text.trim() === '' ? undefined : text;
}
