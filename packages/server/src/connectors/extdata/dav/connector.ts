/**
 * The extdata connector for a CardDAV/CalDAV remote, as DAVx⁵ syncs: the glue between the engine's
 * Connector and @atomsync/dav's client. The protocol's rules are the package's, as pure decisions:
 * what to ask of a collection and what its answers mean (client/strategy.ts: sync-collection from
 * the token held, the head's ctag, the full listing and its ETag comparison, the delete guard), the
 * anchor's format (client/anchor.ts), the write conditions and what a refusal means
 * (client/writes.ts), the write pace (client/pace.ts). Here: the routes from datastores to
 * collections, the credentials (credentials.ts), members as items of the engine's classes, the
 * delete guard's words in the sync log, secrets kept out of messages, and the requests in order.
 *
 * Items are the members' paths. A 412 (or a 403/409 the member check reads so) is a stale result:
 * the engine keeps the anchors, the next run reads the remote's version as a change and decides by
 * conflict_winner. A refresh (which lists in full and asks nothing of the anchor) is the way to
 * accept deletes the guard stopped.
 */
import { randomUUID } from 'node:crypto';
// The client (requests), its listing rules and anchor, its write rules (@atomsync/dav client/).
import { collectionStateOf, createDavClient, DavHttpError, listEtags, multiget, syncCollection, type CollectionKind, type CollectionState, type DavClient, type FetchLike } from '@atomsync/dav';
import { DELETE_GUARD, HEAD_PROPS, afterSyncRefusal, collectionAnchor, etagRead, firstListingAsk, listingAfterHead, readDavAnchor, reconcile, settleWrites, tooManyDeletes, writeDavAnchor, type CollectionAnchor, type DavAnchor } from '@atomsync/dav';
import { MEMBER_MEDIA_TYPE, WritePace, etagAfterPut, etagAfterReadBack, etagToWriteOver, memberVerdict, newMemberPath, refusedWrite, uidOfMemberPath, writeCondition, writePaced, type MemberNow, type WriteOp, type WriteVerdict } from '@atomsync/dav';
import type { ApplyResult, Change, Connector, Item, Listing, OutgoingChange } from '@atomsync/engine';
import { davBody, describeItem, inferDataclass, titleOf, uidOf, type ItemContent, type ItemDataclass } from '@atomsync/items';
import type { SecretBox } from '../../../secrets/box.js';
import type { ExtdataClientRecord, ExtdataDatastoreRecord } from '@atomsync/store';
import { datastoreFor, extdataCoverage } from '../connector.js';
import { ExtdataError } from '../transport.js';
import { openSignIn, signInKey, type BearerRefresh, type SignIn } from './credentials.js';

export interface DavConnectorOptions {
  readonly fetch: FetchLike;
  /** Hrefs per multiget; default 100. */
  readonly multigetBatch?: number;
  /** How bearer tokens are refreshed on a 401; without it a refused access token fails the run. */
  readonly oauth?: BearerRefresh;
  /** The most writes (PUT, DELETE) in flight at once; how many up to it is measured per run (pace.ts). Default 4. */
  readonly writesInFlight?: number;
}

const COMPONENT_OF: Partial<Record<ItemDataclass, string>> = { Events: 'VEVENT', Tasks: 'VTODO' };

/** The DAV client's anchor (its format is @atomsync/dav's), or the run fails saying it is not one. */
function parseDavAnchor(anchor: string): DavAnchor {
  const read = readDavAnchor(anchor);
  if (read === undefined) throw new ExtdataError(`extdata: the anchor ${JSON.stringify(anchor.slice(0, 80))} is not one the DAV connector wrote`);
  return read;
}

interface Route {
  readonly url: string;
  readonly kind: CollectionKind;
  readonly classes: ItemDataclass[];
  readonly client: DavClient;
}

/** What one run learnt of a collection: the anchor it will write, and the ETags writes go with. */
interface Seen {
  anchor: CollectionAnchor;
  /** Listed in full (all(): a slow sync or a refresh, whose deletes are asked for): no delete guard on writes. */
  full?: boolean;
}

/**
 * What a PUT sends: the item as DAV serves it (davBody), with a UID when it has none (Radicale
 * answers 400 without): the member's name (uidOfMemberPath).
 */
export function putBody(item: ItemContent, path: string): string {
  const body = davBody(item);
  if (uidOf(body) !== null) return body;
  const newline = body.includes('\r\n') ? '\r\n' : '\n';
  const end = /\r?\nEND:(VCARD|VEVENT|VTODO|VJOURNAL)/i.exec(body);
  if (end === null) return body;
  return `${body.slice(0, end.index)}${newline}UID:${uidOfMemberPath(path)}${body.slice(end.index)}`;
}

export const isDavDatastore = (d: ExtdataDatastoreRecord): boolean => d.dav !== undefined;

export function davConnector(client: ExtdataClientRecord, secrets: SecretBox, options: DavConnectorOptions): Connector {
  const opened = new Set<string>();
  const clients = new Map<string, DavClient>();
  /** Per token (signInKey): one sign-in, so one refresh serves every datastore that holds it. */
  const signIns = new Map<string, SignIn>();
  /** Per collection URL: what this run read (changesSince/all come before apply). */
  const seen = new Map<string, Seen>();
  /** Per collection URL: what this run's apply wrote (path → the ETag answered, '' for none; null: deleted), for settle. */
  const written = new Map<string, Map<string, string | null>>();
  const wrote = (route: Route, path: string, etag: string | null | undefined): void => {
    let paths = written.get(route.url);
    if (paths === undefined) written.set(route.url, (paths = new Map()));
    paths.set(path, etag === null ? null : etagAfterPut(etag));
  };

  function clientOf(datastore: ExtdataDatastoreRecord): DavClient {
    const dav = datastore.dav!;
    let c = clients.get(dav.collection);
    if (c === undefined) {
      if (datastore.token === null) throw new ExtdataError(`extdata ${datastore.href}: the ${datastore.dataclass} datastore has no credentials`);
      let signIn: SignIn;
      try {
        const key = signInKey(datastore.token, secrets);
        signIn = signIns.get(key) ?? openSignIn(datastore.token, secrets, dav.collection, { refresh: options.oauth, fetch: options.fetch, onSecret: (s) => opened.add(s) });
        signIns.set(key, signIn);
      } catch {
        throw new ExtdataError(`extdata ${datastore.href}: the ${datastore.dataclass} datastore's credentials cannot be unsealed with this server's key`);
      }
      // Credentials to the collection's origin alone (the DAV client drops them on a hop elsewhere).
      c = createDavClient({ fetch: options.fetch, origin: new URL(dav.collection).origin, authorization: signIn.authorization, reauthorize: signIn.reauthorize, userAgent: 'atomsync-extdata' });
      clients.set(dav.collection, c);
    }
    return c;
  }

  function routes(dataclasses: readonly ItemDataclass[]): Route[] {
    const missing = extdataCoverage(client, dataclasses);
    if (missing.length > 0) throw new ExtdataError(`extdata client ${client.uuid} has no datastore for ${missing.join(', ')}`);
    const byUrl = new Map<string, Route>();
    for (const dataclass of new Set(dataclasses)) {
      const datastore = datastoreFor(client, dataclass)!;
      if (datastore.dav === undefined) throw new ExtdataError(`extdata client ${client.uuid}: its ${datastore.dataclass} datastore is an Atom feed and others are CardDAV/CalDAV; one run cannot mix them yet`);
      const route = byUrl.get(datastore.dav.collection);
      if (route === undefined) byUrl.set(datastore.dav.collection, { url: datastore.dav.collection, kind: datastore.dav.kind, classes: [dataclass], client: clientOf(datastore) });
      else route.classes.push(dataclass);
    }
    return [...byUrl.values()];
  }

  const componentsOf = (route: Route): string[] => route.classes.map((c) => COMPONENT_OF[c]).filter((c): c is string => c !== undefined);

  /** A member as an item of one of the route's classes; undefined for another class (a task in a run of events). */
  function itemOf(route: Route, path: string, data: string): Item | undefined {
    let dataclass: ItemDataclass = 'Contacts';
    if (route.kind === 'calendar') {
      const inferred = inferDataclass('text/calendar', data);
      if (!inferred.ok) return undefined;
      dataclass = inferred.dataclass;
    }
    if (!route.classes.includes(dataclass)) return undefined;
    return { id: path, dataclass, type: route.kind === 'addressbook' ? 'text/vcard' : 'text/calendar', title: titleOf(dataclass, data), body: data };
  }

  /** The items at `paths`, their ETags noted in `etags` (the multiget's, else the listing's). */
  async function read(route: Route, paths: readonly string[], etags: Record<string, string>, listed: ReadonlyMap<string, string | undefined>): Promise<Item[]> {
    const items: Item[] = [];
    for (const member of await multiget(route.client, route.url, route.kind, paths, options.multigetBatch)) {
      etags[member.path] = etagRead(member.etag, listed.get(member.path));
      const item = itemOf(route, member.path, member.data);
      if (item !== undefined) items.push(item);
    }
    return items;
  }

  /**
   * After the head (strategy.ts): nothing when its ctag is still `unchangedSince`, else every
   * member — sync-collection from no token when offered (it gives a token), else the ETag listing.
   */
  async function listAfterHead(route: Route, head: CollectionState, unchangedSince?: string): Promise<{ etags: Map<string, string | undefined>; token?: string; ctag?: string } | undefined> {
    const next = listingAfterHead(head, route.kind, componentsOf(route), unchangedSince);
    switch (next.ask) {
      case 'nothing':
        return undefined;
      case 'sync-collection': {
        const delta = await syncCollection(route.client, route.url, next.token);
        return { etags: delta.changed, token: delta.syncToken, ctag: head.ctag };
      }
      default:
        return { etags: await listEtags(route.client, route.url, route.kind, next.ask === 'calendar-query' ? next.components : undefined), ctag: head.ctag };
    }
  }

  async function listAll(route: Route, head?: CollectionState): Promise<{ etags: Map<string, string | undefined>; token?: string; ctag?: string }> {
    return (await listAfterHead(route, head ?? (await collectionHead(route))))!;
  }

  async function collectionHead(route: Route) {
    const answer = await route.client.propfind(route.url, '0', HEAD_PROPS);
    const first = answer.responses[0];
    if (first === undefined) throw new ExtdataError(`extdata ${route.url}: PROPFIND answered no response for the collection`);
    return collectionStateOf(first);
  }

  async function full(route: Route): Promise<Item[]> {
    const listed = await listAll(route);
    // Only what the multiget returned is remembered: a member deleted between listing and reading is gone.
    const etags: Record<string, string> = {};
    const items = await read(route, [...listed.etags.keys()], etags, listed.etags);
    seen.set(route.url, { anchor: collectionAnchor(listed.token, listed.ctag, etags), full: true });
    return items;
  }

  function guardDeletes(route: Route, held: number, deleting: number): void {
    if (!tooManyDeletes(held, deleting)) return;
    throw new ExtdataError(
      `extdata ${route.url}: the remote's listing would delete ${deleting} of the ${held} items it held; a run that would delete more than ${DELETE_GUARD * 100}% stops (an empty or truncated answer must not empty the other side) — if they were really deleted, run a refresh (sync_mode 203 or 205)`,
    );
  }

  /**
   * The datastore side's guard: a run whose changes would delete more than DELETE_GUARD of what
   * the collection holds (a datastore emptied by mistake, a client that deleted what it should
   * have dropped) writes nothing and fails saying so. Weighed against this run's listing; a run
   * that listed in full (a refresh, whose deletes are what was asked) is not held.
   */
  function guardOutgoingDeletes(route: Route, deleting: number): void {
    const listed = seen.get(route.url);
    if (listed === undefined || listed.full === true) return;
    const held = Object.keys(listed.anchor.etags).length;
    if (!tooManyDeletes(held, deleting)) return;
    throw new ExtdataError(
      `extdata ${route.url}: the datastore's changes would delete ${deleting} of the ${held} items the remote holds; a run that would delete more than ${DELETE_GUARD * 100}% stops — if they were really deleted, run a refresh from the datastore's side (sync_mode 203 when it is the binding's source, 205 when it is its target)`,
    );
  }

  async function changes(route: Route, previous: CollectionAnchor | undefined): Promise<Change[]> {
    if (previous === undefined) return (await full(route)).map((item) => ({ op: 'upsert', item }));
    let answer: Parameters<typeof reconcile>[1];
    let token: string | undefined;
    let ctag: string | undefined;
    const first = firstListingAsk(previous);
    if (first.ask === 'sync-collection') {
      // The ctag is not kept after a delta: an old one must never pass for "unchanged" should the
      // remote stop offering sync-collection.
      try {
        const delta = await syncCollection(route.client, route.url, first.token);
        [answer, token] = [{ delta }, delta.syncToken];
      } catch (error) {
        if (!(error instanceof DavHttpError) || afterSyncRefusal(error.status) === 'fail') throw error;
        const all = await listAll(route);
        [answer, token, ctag] = [{ listing: all.etags }, all.token, all.ctag];
      }
    } else {
      const all = await listAfterHead(route, await collectionHead(route), previous.ctag);
      if (all === undefined) {
        seen.set(route.url, { anchor: previous });
        return [];
      }
      [answer, token, ctag] = [{ listing: all.etags }, all.token, all.ctag];
    }
    const { changed, deleted, toRead, etags } = reconcile(previous.etags, answer);
    guardDeletes(route, Object.keys(previous.etags).length, deleted.length);
    const items = await read(route, toRead, etags, changed);
    seen.set(route.url, { anchor: collectionAnchor(token, ctag, etags) });
    const kind = route.kind === 'addressbook' ? 'Contacts' : undefined;
    return [...items.map((item): Change => ({ op: 'upsert', item })), ...deleted.map((id): Change => ({ op: 'delete', id, ...(kind === undefined ? {} : { dataclass: kind }) }))];
  }

  /** The ETag to write over `path` with: the one held, else read back now and checked against what the engine last saw. */
  async function currentEtag(route: Route, path: string, expected: string | undefined, dataclass: ItemDataclass): Promise<string | undefined> {
    const held = etagToWriteOver(seen.get(route.url)?.anchor.etags[path]);
    if (held !== undefined) return held;
    const current = await route.client.get(new URL(path, route.url).href);
    const unchanged = expected === undefined || describeItem({ dataclass, type: current.contentType, title: '', body: current.body }).fingerprint === expected;
    return etagAfterReadBack(current.etag, unchanged);
  }

  const stale: ApplyResult = { ok: false, stale: true };

  /** A write's verdict (writes.ts) as the engine's result; a done delete is noted for settle. */
  function resultOf(route: Route, id: string, verdict: WriteVerdict, error: DavHttpError): ApplyResult {
    if (verdict === 'stale') return stale;
    if (verdict === 'done') {
      wrote(route, id, null);
      return { ok: true, id };
    }
    return { ok: false, reason: redact(error.message) };
  }

  async function applyOne(route: Route, change: OutgoingChange): Promise<ApplyResult> {
    if (change.op === 'add') {
      const path = newMemberPath(route.url, randomUUID(), route.kind);
      try {
        const put = await route.client.put(new URL(path, route.url).href, putBody(change.item, path), MEMBER_MEDIA_TYPE[route.kind], writeCondition('add'));
        wrote(route, path, put.etag);
        return { ok: true, id: path };
      } catch (error) {
        if (!(error instanceof DavHttpError)) throw error;
        return resultOf(route, path, refusedWrite('add', error.status, 'write', error.preconditions.length), error);
      }
    }
    const op: WriteOp = change.op;
    const dataclass = change.op === 'delete' ? change.dataclass : change.item.dataclass;
    let etag: string | undefined;
    try {
      etag = await currentEtag(route, change.id, change.expected, dataclass);
    } catch (error) {
      if (!(error instanceof DavHttpError)) throw error;
      return resultOf(route, change.id, refusedWrite(op, error.status, 'read', error.preconditions.length), error);
    }
    if (etag === undefined) return stale;
    const url = new URL(change.id, route.url).href;
    try {
      if (change.op === 'replace') wrote(route, change.id, (await route.client.put(url, putBody(change.item, change.id), MEMBER_MEDIA_TYPE[route.kind], writeCondition('replace', etag))).etag);
      else {
        await route.client.delete(url, writeCondition('delete', etag));
        wrote(route, change.id, null);
      }
      return { ok: true, id: change.id };
    } catch (error) {
      if (!(error instanceof DavHttpError)) throw error;
      let verdict = refusedWrite(op, error.status, 'write', error.preconditions.length);
      if (verdict === 'check-member') verdict = memberVerdict(op, etag, await memberNow(route, url));
      return resultOf(route, change.id, verdict, error);
    }
  }

  /** The member as it is now, after a 403 or 409 naming no precondition (writes.ts memberVerdict weighs it). */
  async function memberNow(route: Route, url: string): Promise<MemberNow> {
    try {
      return { etag: (await route.client.get(url)).etag };
    } catch (reading) {
      if (reading instanceof DavHttpError && (reading.status === 404 || reading.status === 410)) return 'gone';
      return 'unreadable';
    }
  }

  function redact(text: string): string {
    let out = text;
    for (const secret of opened) if (secret.length > 0) out = out.split(secret).join('[redacted]');
    return out;
  }

  async function guarded<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof ExtdataError) throw new ExtdataError(redact(error.message), error.status);
      if (error instanceof DavHttpError) {
        // A 401 that reached here was not renewed (Basic, or no refresh): the password changed or was revoked; say how to mend it without re-registering.
        const mend = error.status === 401 ? `: the remote refused the datastore's credentials; give the new ones with PUT /v2/services/extdata/${client.uuid}/ naming the datastore (its dataclass and href), which keeps the bindings' state` : '';
        throw new ExtdataError(redact(`extdata ${error.message}${mend}`), error.status);
      }
      if (error instanceof Error) {
        error.message = redact(error.message);
        throw error;
      }
      throw new ExtdataError(redact(`extdata client ${client.uuid}: ${String(error)}`));
    }
  }

  function anchorOf(all: readonly Route[], previous: Record<string, CollectionAnchor> = {}): string {
    const next: Record<string, CollectionAnchor> = { ...previous };
    for (const route of all) next[route.url] = seen.get(route.url)!.anchor;
    return writeDavAnchor(next);
  }

  return {
    kind: 'extdata',
    local: false,

    changesSince(dataclasses, anchor) {
      return guarded(async (): Promise<Listing<Change>> => {
        const previous = parseDavAnchor(anchor).collections;
        const all = routes(dataclasses);
        const entries: Change[] = [];
        for (const route of all) entries.push(...(await changes(route, previous[route.url])));
        return { entries, anchor: anchorOf(all, previous) };
      });
    },

    all(dataclasses) {
      return guarded(async (): Promise<Listing<Item>> => {
        const all = routes(dataclasses);
        const entries: Item[] = [];
        for (const route of all) entries.push(...(await full(route)));
        return { entries, anchor: anchorOf(all) };
      });
    },

    settle(anchor) {
      if (written.size === 0) return anchor;
      return writeDavAnchor(settleWrites(parseDavAnchor(anchor), written));
    },

    apply(outgoing) {
      return guarded(async (): Promise<ApplyResult[]> => {
        const classOf = (change: OutgoingChange): ItemDataclass => (change.op === 'delete' ? change.dataclass : change.item.dataclass);
        const all = routes([...new Set(outgoing.map(classOf))]);
        const routeOf = new Map<ItemDataclass, Route>();
        for (const route of all) for (const dataclass of route.classes) routeOf.set(dataclass, route);
        for (const route of all) guardOutgoingDeletes(route, outgoing.filter((c) => c.op === 'delete' && routeOf.get(c.dataclass) === route).length);
        return writePaced(outgoing.length, (at) => applyOne(routeOf.get(classOf(outgoing[at]!))!, outgoing[at]!), new WritePace(options.writesInFlight));
      });
    },
  };
}
