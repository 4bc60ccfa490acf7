/**
 * The extdata connector for a CardDAV/CalDAV remote, as DAVx⁵ syncs: per collection, with a sync
 * token held, `sync-collection` from it (507 rounds followed; a token the remote forgot → a full
 * listing compared with the ETags we hold, never doubles); without one, a PROPFIND Depth 0 for the
 * ctag and reports, and when the ctag moved a full listing (sync-collection from no token when
 * offered, which gives a token; else PROPFIND Depth 1 for an address book, calendar-query for a
 * calendar) compared with ours; what changed is read by multiget in batches. Items are the
 * members' paths; the anchor (anchor.ts) holds the token, ctag and ETags per collection.
 *
 * Writes never overwrite blindly: a new item is PUT with `If-None-Match: *`, a change and a delete
 * with `If-Match` of the ETag we read. A 412 (the remote changed it meanwhile) is a stale result:
 * the engine keeps the anchors, the next run reads the remote's version as a change and decides by
 * conflict_winner; so is a 403 or 409 naming no precondition when the member did change (memberNow).
 * A change of an item whose ETag we do not hold reads it first and writes only
 * when it is still what the engine last saw.
 *
 * What a remote must not make us do: a listing that would delete more than DELETE_GUARD of the
 * items it held (an empty or truncated answer: vdirsyncer's users lost address books so) fails the
 * run with the reason; a refresh (which lists in full and asks nothing of the anchor) is the way to
 * accept it.
 */
import { randomUUID } from 'node:crypto';
import { CLIENT_PROPS, collectionStateOf, createDavClient, DavHttpError, listEtags, multiget, syncCollection, type CollectionKind, type CollectionState, type DavClient, type FetchLike } from '@atomsync/dav';
import type { ApplyResult, Change, Connector, Item, Listing, OutgoingChange } from '@atomsync/engine';
import { davBody, describeItem, inferDataclass, titleOf, uidOf, type ItemContent, type ItemDataclass } from '@atomsync/items';
import type { SecretBox } from '../../../secrets/box.js';
import type { ExtdataClientRecord, ExtdataDatastoreRecord } from '../../../store/records.js';
import { datastoreFor, extdataCoverage } from '../connector.js';
import { ExtdataError } from '../transport.js';
import { parseDavAnchor, writeDavAnchor, type CollectionAnchor } from './anchor.js';
import { openSignIn, signInKey, type BearerRefresh, type SignIn } from './credentials.js';
import { WritePace } from './pace.js';

export interface DavConnectorOptions {
  readonly fetch: FetchLike;
  /** Hrefs per multiget; default 100. */
  readonly multigetBatch?: number;
  /** How bearer tokens are refreshed on a 401; without it a refused access token fails the run. */
  readonly oauth?: BearerRefresh;
  /** The most writes (PUT, DELETE) in flight at once; how many up to it is measured per run (pace.ts). Default 4. */
  readonly writesInFlight?: number;
}

/** A listing may delete at most this share of what a collection held (and always up to DELETE_FLOOR items). */
const DELETE_GUARD = 0.5;
const DELETE_FLOOR = 5;

/**
 * What a run reads of a collection's head: not its sync-token, which sync-collection gives with
 * the listing (Radicale walks every item, and their history, to answer it as a property).
 */
const HEAD_PROPS = CLIENT_PROPS.collection.filter((p) => p.name !== 'sync-token');

const COMPONENT_OF: Partial<Record<ItemDataclass, string>> = { Events: 'VEVENT', Tasks: 'VTODO' };
const MEDIA: Record<CollectionKind, string> = { addressbook: 'text/vcard; charset=utf-8', calendar: 'text/calendar; charset=utf-8' };
const EXTENSION: Record<CollectionKind, string> = { addressbook: '.vcf', calendar: '.ics' };

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
 * What a PUT sends: the item as DAV serves it (davBody), with a UID when it has none — CardDAV and
 * CalDAV require one (RFC 6352 §5.1, RFC 4791 §4.1; Radicale answers 400 without). The UID is the
 * member's name, so the item we created at `<uuid>.vcf` carries `<uuid>` and a rewrite keeps it.
 */
export function putBody(item: ItemContent, path: string): string {
  const body = davBody(item);
  if (uidOf(body) !== null) return body;
  const name = path.slice(path.lastIndexOf('/') + 1).replace(/\.(vcf|ics)$/i, '');
  let uid = name;
  try {
    uid = decodeURIComponent(name);
  } catch {
    // A name that is not percent-encoding as we know it serves as it is.
  }
  const newline = body.includes('\r\n') ? '\r\n' : '\n';
  const end = /\r?\nEND:(VCARD|VEVENT|VTODO|VJOURNAL)/i.exec(body);
  if (end === null) return body;
  return `${body.slice(0, end.index)}${newline}UID:${uid.replace(/[\r\n]/g, '')}${body.slice(end.index)}`;
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
    paths.set(path, etag === undefined ? '' : etag);
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
      etags[member.path] = member.etag ?? listed.get(member.path) ?? '';
      const item = itemOf(route, member.path, member.data);
      if (item !== undefined) items.push(item);
    }
    return items;
  }

  /** Every member: sync-collection from no token when offered (it gives a token), else the ETag listing. */
  async function listAll(route: Route, known?: CollectionState): Promise<{ etags: Map<string, string | undefined>; token?: string; ctag?: string }> {
    const head = known ?? (await collectionHead(route));
    if (head.syncCollection) {
      const delta = await syncCollection(route.client, route.url, '');
      return { etags: delta.changed, token: delta.syncToken, ctag: head.ctag };
    }
    return { etags: await listEtags(route.client, route.url, route.kind, componentsOf(route)), ctag: head.ctag };
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
    seen.set(route.url, { anchor: { ...(listed.token === undefined ? {} : { token: listed.token }), ...(listed.ctag === undefined ? {} : { ctag: listed.ctag }), etags }, full: true });
    return items;
  }

  function guardDeletes(route: Route, held: number, deleting: number): void {
    if (deleting <= DELETE_FLOOR || deleting <= held * DELETE_GUARD) return;
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
    if (deleting <= DELETE_FLOOR || deleting <= held * DELETE_GUARD) return;
    throw new ExtdataError(
      `extdata ${route.url}: the datastore's changes would delete ${deleting} of the ${held} items the remote holds; a run that would delete more than ${DELETE_GUARD * 100}% stops — if they were really deleted, run a refresh from the datastore's side (sync_mode 203 when it is the binding's source, 205 when it is its target)`,
    );
  }

  async function changes(route: Route, previous: CollectionAnchor | undefined): Promise<Change[]> {
    if (previous === undefined) return (await full(route)).map((item) => ({ op: 'upsert', item }));
    const etags: Record<string, string> = { ...previous.etags };
    let changed: Map<string, string | undefined>;
    let deleted: string[];
    let token: string | undefined;
    let ctag: string | undefined;
    let listing: Map<string, string | undefined> | undefined;
    if (previous.token !== undefined) {
      // With a token, sync-collection alone: no PROPFIND Depth 0 first. Its sync-token and ctag
      // cost a server as much as the delta (Radicale lists every item for each), and the delta
      // says whether anything changed. The ctag is not kept then: an old one must never pass for
      // "unchanged" should the remote stop offering sync-collection.
      try {
        const delta = await syncCollection(route.client, route.url, previous.token);
        changed = delta.changed;
        deleted = [...delta.deleted].filter((p) => p in etags);
        token = delta.syncToken;
      } catch (error) {
        // 403 valid-sync-token (RFC 6578), what servers answer instead (Xandikos: 500), or the
        // report no longer offered (501): list in full, as the collection's head says it can.
        if (!(error instanceof DavHttpError) || ![400, 403, 409, 410, 500, 501].includes(error.status)) throw error;
        const head = await collectionHead(route);
        const all = await listAll(route, head);
        [listing, token, ctag] = [all.etags, all.token, head.ctag];
      }
    } else {
      const head = await collectionHead(route);
      if (head.ctag !== undefined && head.ctag === previous.ctag) {
        seen.set(route.url, { anchor: previous });
        return [];
      }
      const all = await listAll(route, head);
      [listing, token, ctag] = [all.etags, all.token, head.ctag];
    }
    if (listing !== undefined) {
      changed = new Map([...listing].filter(([path, etag]) => etag === undefined || etags[path] !== etag));
      deleted = Object.keys(etags).filter((path) => !listing!.has(path));
    }
    guardDeletes(route, Object.keys(etags).length, deleted!.length);
    for (const path of deleted!) delete etags[path];
    const toRead = [...changed!].filter(([path, etag]) => etag === undefined || etags[path] !== etag).map(([path]) => path);
    const items = await read(route, toRead, etags, changed!);
    seen.set(route.url, { anchor: { ...(token === undefined ? {} : { token }), ...(ctag === undefined ? {} : { ctag }), etags } });
    const kind = route.kind === 'addressbook' ? 'Contacts' : undefined;
    return [...items.map((item): Change => ({ op: 'upsert', item })), ...deleted!.map((id): Change => ({ op: 'delete', id, ...(kind === undefined ? {} : { dataclass: kind }) }))];
  }

  /** The ETag to write over `path` with: the one read this run, else read now and checked against what the engine last saw. */
  async function currentEtag(route: Route, path: string, expected: string | undefined, dataclass: ItemDataclass): Promise<string | undefined> {
    const known = seen.get(route.url)?.anchor.etags[path];
    if (known !== undefined && known !== '') return known;
    const current = await route.client.get(new URL(path, route.url).href);
    if (expected !== undefined && describeItem({ dataclass, type: current.contentType, title: '', body: current.body }).fingerprint !== expected) return undefined;
    return current.etag;
  }

  const stale: ApplyResult = { ok: false, stale: true };

  async function applyOne(route: Route, change: OutgoingChange): Promise<ApplyResult> {
    try {
      if (change.op === 'add') {
        const path = `${new URL(route.url).pathname}${route.url.endsWith('/') ? '' : '/'}${randomUUID()}${EXTENSION[route.kind]}`;
        const put = await route.client.put(new URL(path, route.url).href, putBody(change.item, path), MEDIA[route.kind], { ifNoneMatch: '*' });
        wrote(route, path, put.etag);
        return { ok: true, id: path };
      }
      const dataclass = change.op === 'delete' ? change.dataclass : change.item.dataclass;
      const etag = await currentEtag(route, change.id, change.expected, dataclass);
      if (etag === undefined) return stale;
      const url = new URL(change.id, route.url).href;
      try {
        if (change.op === 'replace') wrote(route, change.id, (await route.client.put(url, putBody(change.item, change.id), MEDIA[route.kind], { ifMatch: etag })).etag);
        else {
          await route.client.delete(url, { ifMatch: etag });
          wrote(route, change.id, null);
        }
      } catch (error) {
        if (!(error instanceof DavHttpError) || (error.status !== 403 && error.status !== 409)) throw error;
        const now = await memberNow(route, url, etag, error);
        if (now === 'refused') throw error;
        if (now !== 'gone' || change.op !== 'delete') return stale;
        wrote(route, change.id, null);
        return { ok: true, id: change.id };
      }
      return { ok: true, id: change.id };
    } catch (error) {
      if (!(error instanceof DavHttpError)) throw error;
      // Changed meanwhile (412), or gone meanwhile: the next run reads the remote's version first.
      if (error.status === 412) return stale;
      if (error.status === 404 && change.op === 'delete') {
        wrote(route, change.id, null);
        return { ok: true, id: change.id };
      }
      if (error.status === 404) return stale;
      return { ok: false, reason: redact(error.message) };
    }
  }

  /**
   * Whether a 403 or 409 to a write conditional on `etag` means what a 412 means. RFC 4918 §12.1 and
   * RFC 7232 §4.2 answer a failed If-Match with 412, as Radicale and sabre/dav (Nextcloud, Baïkal)
   * do; 403 and 409 are what CalDAV/CardDAV refuse a write with when a precondition of theirs
   * fails (RFC 4791 §1.3, RFC 6352 §6.3.2.1 — e.g. Radicale's 409 no-uid-conflict), named in a
   * DAV:error body. Some servers answer 403 or 409 to an ETag that no longer matches, naming
   * nothing: so an answer naming no precondition is checked against the member itself — gone or
   * with another ETag now, it changed meanwhile (stale: the next run reads it, the engine decides
   * by conflict_winner; a delete of a member gone is done); still the ETag we sent, the refusal is
   * the remote's, and the change fails with its reason.
   */
  async function memberNow(route: Route, url: string, sent: string, error: DavHttpError): Promise<'changed' | 'gone' | 'refused'> {
    if (error.preconditions.length > 0) return 'refused';
    try {
      const now = await route.client.get(url);
      return now.etag !== undefined && now.etag !== sent ? 'changed' : 'refused';
    } catch (reading) {
      if (reading instanceof DavHttpError && (reading.status === 404 || reading.status === 410)) return 'gone';
      return 'refused';
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
      const collections = { ...parseDavAnchor(anchor).collections };
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
      return writeDavAnchor(collections);
    },

    apply(outgoing) {
      return guarded(async (): Promise<ApplyResult[]> => {
        const classOf = (change: OutgoingChange): ItemDataclass => (change.op === 'delete' ? change.dataclass : change.item.dataclass);
        const all = routes([...new Set(outgoing.map(classOf))]);
        const routeOf = new Map<ItemDataclass, Route>();
        for (const route of all) for (const dataclass of route.classes) routeOf.set(dataclass, route);
        for (const route of all) guardOutgoingDeletes(route, outgoing.filter((c) => c.op === 'delete' && routeOf.get(c.dataclass) === route).length);
        const results: ApplyResult[] = new Array(outgoing.length);
        let next = 0;
        let failure: { error: unknown } | undefined;
        // Writes in flight as the pace says (each conditional on its own member, so their order does not matter).
        const pace = new WritePace(options.writesInFlight);
        await new Promise<void>((resolve) => {
          let active = 0;
          const pump = (): void => {
            while (failure === undefined && next < outgoing.length && active < pace.limit) {
              const at = next++;
              const change = outgoing[at]!;
              active++;
              applyOne(routeOf.get(classOf(change))!, change)
                .then(
                  (result) => void (results[at] = result),
                  // The first failure fails the run (as it did one write at a time); writes already in flight finish.
                  (error: unknown) => void (failure ??= { error }),
                )
                .finally(() => {
                  active--;
                  pace.finished();
                  pump();
                });
            }
            if (active === 0) resolve();
          };
          pump();
        });
        if (failure !== undefined) throw failure.error;
        return results;
      });
    },
  };
}
