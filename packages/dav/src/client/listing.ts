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

/**
 * REPORT sync-collection from `token` ('' for everything), following truncation: an answer that
 * lists the collection with 507 is one page, its token the start of the next (RFC 6578 §3.6).
 * A token the server no longer knows is a DavHttpError (403 valid-sync-token, or another status
 * from servers that break the RFC): the caller lists in full.
 */
export async function syncCollection(client: DavClient, url: string, token: string): Promise<Delta> {
  const collection = new URL(url).pathname;
  const changed = new Map<string, string | undefined>();
  const deleted = new Set<string>();
  let current = token;
  for (let round = 0; ; round++) {
    const answer = await client.report(url, '0', syncCollectionBody({ syncToken: current, props: CLIENT_PROPS.etag }));
    let truncated = false;
    for (const r of answer.responses) {
      const path = pathOfHref(r.href, answer.url);
      if (isCollectionItself(path, collection)) {
        if (r.status === 507) truncated = true;
        continue;
      }
      if (r.status === 404 || r.status === 410) {
        changed.delete(path);
        deleted.add(path);
      } else if (r.status === undefined || (r.status >= 200 && r.status < 300)) {
        deleted.delete(path);
        changed.set(path, trimmed(foundProp(r, DAV_NS, 'getetag')?.text));
      }
    }
    if (answer.syncToken === undefined) throw new DavHttpError(`REPORT ${url}: a sync-collection answer without a sync-token`, 207, url);
    if (!truncated) return { changed, deleted, syncToken: answer.syncToken };
    if (answer.syncToken === current) throw new DavHttpError(`REPORT ${url}: truncated (507) without moving its sync-token`, 507, url);
    if (round >= MAX_SYNC_ROUNDS) throw new DavHttpError(`REPORT ${url}: still truncated after ${MAX_SYNC_ROUNDS} rounds`, 507, url);
    current = answer.syncToken;
  }
}

function etagsOf(answer: Multistatus, collection: string, into: Map<string, string | undefined>): void {
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
  const collection = new URL(url).pathname;
  const found = new Map<string, string | undefined>();
  if (kind === 'addressbook') {
    etagsOf(await client.propfind(url, '1', [...CLIENT_PROPS.etag, { ns: DAV_NS, name: 'resourcetype' }]), collection, found);
    return found;
  }
  for (const component of components) etagsOf(await client.report(url, '1', calendarQueryBody({ component, props: CLIENT_PROPS.etag })), collection, found);
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
