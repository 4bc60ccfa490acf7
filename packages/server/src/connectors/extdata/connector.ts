/**
 * The extdata connector: one side of a binding that lives on a remote service, reached through the
 * Atom feed at each of the client's datastores (`href`, a contents collection in the style of our
 * own datastore API: listing, `?since=` change feed, batch post), each request signed with the
 * datastore's token (sign.ts) and sent through transport.ts (timeouts, bounded retries).
 *
 * Which feed serves a class: the datastore of exactly that class, else a `Calendar` datastore for
 * Events and Tasks. Classes served by one href share its requests.
 *
 * The anchor is JSON of href → the remote's time (`YYYY-MM-DDTHH:MM:SSZ`) to ask `since` next
 * time. It is taken from the remote's own clock (the answer's `Date`, else the newest `updated`
 * seen), floored to the second and moved back by a safety margin, so a write the remote stamped
 * just before answering is not missed; the overlap only repeats items, which the engine filters
 * by fingerprint.
 *
 * A remote that pages its feeds (RFC 5005 `link rel="next"`, as GData services and our own
 * `max-results` do) is read page after page, asked for pages of `pageSize`; the next page must be
 * on the feed's own origin (the token signs for it alone) and not one read already. The anchor
 * comes from the first page's answer, so what changes while the pages are read is asked again.
 */
import type { ApplyResult, Change, Connector, Item, Listing, OutgoingChange } from '@atomsync/engine';
import { itemClassesOf, type ItemDataclass } from '@atomsync/items';
import type { SecretBox } from '../../secrets/box.js';
import type { ExtdataClientRecord, ExtdataDatastoreRecord } from '@atomsync/store';
import { batchBytesOf, chunksOf, decodeBatchResults, decodeChanges, decodeListing, encodeBatch, filterOf, type Decoded, type FeedScope } from './feed.js';
import { oauthSigner } from './sign.js';
import { createTransport, ExtdataError, type RetryPolicy, type Transport } from './transport.js';

export interface ExtdataConnectorOptions {
  /** The fetch to call instead of the global one (looked up per request, so msw sees ours). */
  readonly fetch?: typeof globalThis.fetch;
  /** Per attempt; default 30 s. */
  readonly timeoutMs?: number;
  /** Retries after the first attempt (default 2), or the whole policy. */
  readonly retries?: number | Partial<RetryPolicy>;
  /** How far the anchor is moved back from the remote's clock; default 5 s. */
  readonly marginSeconds?: number;
  /** Entries per batch post; default and maximum 1,000 (the API's limit). */
  readonly batchSize?: number;
  /** The `max-results` asked of a listing and a change feed; default and maximum 1,000. */
  readonly pageSize?: number;
}

/** The API's limits: 1,000 entries per batch feed, 10 MiB per request (kept well under). */
const MAX_BATCH_ENTRIES = 1_000;
const MAX_BATCH_BYTES = 8 * 1024 * 1024;
const DEFAULT_MARGIN_SECONDS = 5;
const MAX_PAGE_SIZE = 1_000;
/** Pages read of one feed in one run, at most: a remote whose next links never end is refused. */
const MAX_PAGES = 100_000;

/** The datastore that serves `dataclass`: the exact one, else a Calendar datastore for Events and Tasks. */
export function datastoreFor(client: ExtdataClientRecord, dataclass: ItemDataclass): ExtdataDatastoreRecord | undefined {
  return (
    client.datastores.find((d) => d.dataclass === dataclass) ??
    (dataclass === 'Events' || dataclass === 'Tasks' ? client.datastores.find((d) => d.dataclass === 'Calendar') : undefined)
  );
}

/** The classes of `dataclasses` (Calendar meaning Events and Tasks) no datastore of `client` serves. */
export function extdataCoverage(client: ExtdataClientRecord, dataclasses: readonly (ItemDataclass | 'Calendar')[]): ItemDataclass[] {
  const wanted = new Set(dataclasses.flatMap(itemClassesOf));
  return [...wanted].filter((c) => datastoreFor(client, c) === undefined);
}

/** One feed of a run: the scope it serves and the transport signed with its datastore's token. */
interface Route extends FeedScope {
  readonly transport: Transport;
}

/** `2009-06-01T12:00:00Z`: the since-form, to the second. */
function sinceText(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

function parseAnchor(anchor: string): Record<string, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(anchor);
  } catch {
    parsed = undefined;
  }
  const ok = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) && Object.values(parsed).every((v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(v));
  if (!ok) throw new ExtdataError(`extdata: the anchor ${JSON.stringify(anchor.slice(0, 80))} is not one this connector wrote`);
  return parsed as Record<string, string>;
}

export function extdataConnector(client: ExtdataClientRecord, secrets: SecretBox, options: ExtdataConnectorOptions = {}): Connector {
  const retry = typeof options.retries === 'number' ? { retries: options.retries } : options.retries;
  const marginMs = (options.marginSeconds ?? DEFAULT_MARGIN_SECONDS) * 1000;
  const batchSize = Math.min(Math.max(1, options.batchSize ?? MAX_BATCH_ENTRIES), MAX_BATCH_ENTRIES);
  const pageSize = Math.min(Math.max(1, options.pageSize ?? MAX_PAGE_SIZE), MAX_PAGE_SIZE);
  // Every secret opened, to scrub from any message that leaves the connector.
  const opened = new Set<string>();
  const transports = new Map<ExtdataDatastoreRecord, Transport>();

  function redact(text: string): string {
    let out = text;
    for (const secret of opened) if (secret.length > 0) out = out.split(secret).join('[redacted]');
    return out;
  }

  function transportOf(datastore: ExtdataDatastoreRecord): Transport {
    let transport = transports.get(datastore);
    if (transport === undefined) {
      const token = datastore.token;
      if (token === null) throw new ExtdataError(`extdata ${datastore.href}: the ${datastore.dataclass} datastore has no token to sign requests with`);
      let key: string;
      let secret: string;
      try {
        key = secrets.open(token.sealedKey);
        secret = secrets.open(token.sealedSecret);
      } catch {
        throw new ExtdataError(`extdata ${datastore.href}: the ${datastore.dataclass} datastore's token cannot be unsealed with this server's key`);
      }
      opened.add(key);
      opened.add(secret);
      transport = createTransport(oauthSigner(key, secret), { fetch: options.fetch, timeoutMs: options.timeoutMs, retry });
      transports.set(datastore, transport);
    }
    return transport;
  }

  /** The feeds that serve `dataclasses`, each with the classes it serves; throws when one has none. */
  function routes(dataclasses: readonly ItemDataclass[]): Route[] {
    const missing = extdataCoverage(client, dataclasses);
    if (missing.length > 0) {
      throw new ExtdataError(`extdata client ${client.uuid} has no datastore for ${missing.join(', ')}${missing.some((c) => c === 'Events' || c === 'Tasks') ? ' (nor a Calendar datastore)' : ''}`);
    }
    const byHref = new Map<string, { datastore: ExtdataDatastoreRecord; classes: ItemDataclass[] }>();
    for (const dataclass of new Set(dataclasses)) {
      const datastore = datastoreFor(client, dataclass)!;
      const group = byHref.get(datastore.href);
      if (group === undefined) byHref.set(datastore.href, { datastore, classes: [dataclass] });
      else group.classes.push(dataclass);
    }
    return [...byHref].map(([href, { datastore, classes }]) => ({
      href,
      classes,
      fallback: datastore.dataclass === 'Calendar' ? undefined : datastore.dataclass,
      transport: transportOf(datastore),
    }));
  }

  function feedUrl(route: Route, query: Record<string, string | undefined>): URL {
    const url = new URL(route.href);
    for (const [name, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(name, value);
    return url;
  }

  /**
   * The remote's time to ask `since` next: its clock (the answer's Date, else the newest entry),
   * floored to the second, less the margin. A change feed that tells neither keeps its `since`:
   * our own clock may run ahead of the remote's. The anchor never moves back.
   */
  function nextSince(date: string | null, decoded: Decoded<unknown>, previous?: string): string {
    const answered = date === null ? Number.NaN : Date.parse(date);
    const clock = Number.isNaN(answered) ? decoded.newest?.getTime() : answered;
    if (clock === undefined && previous !== undefined) return previous;
    const next = sinceText(new Date(Math.floor((clock ?? Date.now()) / 1000) * 1000 - marginMs));
    // The since-form sorts as it reads; never step back past where the last run asked from.
    return previous !== undefined && previous > next ? previous : next;
  }

  /**
   * Every page of the feed at `first`, following `rel="next"`: the entries of all, their newest
   * `updated`, and the first answer's Date.
   */
  async function readPages<T>(route: Route, first: URL, decode: (scope: FeedScope, xml: string) => Decoded<T>): Promise<{ decoded: Decoded<T>; date: string | null }> {
    const entries: T[] = [];
    let newest: Date | undefined;
    let date: string | null | undefined;
    const read = new Set<string>();
    let url: URL | undefined = first;
    while (url !== undefined) {
      read.add(url.href);
      const response = await route.transport.send({ method: 'GET', url, label: route.href });
      if (date === undefined) date = response.headers.get('date');
      const page = decode(route, response.text);
      entries.push(...page.entries);
      if (page.newest !== undefined && (newest === undefined || page.newest > newest)) newest = page.newest;
      url = page.next === undefined ? undefined : nextPage(route, url, page.next, read);
    }
    return { decoded: { entries, newest }, date: date ?? null };
  }

  /** The next page's URL; a link elsewhere, back to a page read, or past MAX_PAGES is refused. */
  function nextPage(route: Route, current: URL, href: string, read: ReadonlySet<string>): URL {
    const refuse = (why: string) => new ExtdataError(`extdata ${route.href}: the remote's next page ${why}`);
    let next: URL;
    try {
      next = new URL(href, current);
    } catch {
      throw refuse(`link ${JSON.stringify(href.slice(0, 200))} is not a URL`);
    }
    if (next.origin !== new URL(route.href).origin) throw refuse(`${next.origin} is not on the feed's origin; its token signs for that alone`);
    if (read.has(next.href)) throw refuse(`leads back to a page read already (${next.href})`);
    if (read.size >= MAX_PAGES) throw refuse(`would be page ${read.size + 1}: more than ${MAX_PAGES} pages in one run`);
    return next;
  }

  async function list(route: Route): Promise<{ items: Item[]; since: string }> {
    const { decoded, date } = await readPages(route, feedUrl(route, { dataclass: filterOf(route.classes), 'max-results': String(pageSize) }), decodeListing);
    return { items: decoded.entries, since: nextSince(date, decoded) };
  }

  async function changes(route: Route, since: string | undefined): Promise<{ changes: Change[]; since: string }> {
    // A feed the anchor does not know yet (a datastore added since): everything in it is news.
    if (since === undefined) {
      const listed = await list(route);
      return { changes: listed.items.map((item) => ({ op: 'upsert', item })), since: listed.since };
    }
    const { decoded, date } = await readPages(route, feedUrl(route, { since, dataclass: filterOf(route.classes), 'max-results': String(pageSize) }), decodeChanges);
    return { changes: decoded.entries, since: nextSince(date, decoded, since) };
  }

  async function post(route: Route, batch: readonly OutgoingChange[]): Promise<ApplyResult[]> {
    const url = new URL('batch', route.href.endsWith('/') ? route.href : `${route.href}/`);
    const response = await route.transport.send({ method: 'POST', url, body: encodeBatch(batch), label: route.href });
    return decodeBatchResults(route, batch, response.text).map((result) => (result.ok || result.stale ? result : { ok: false, reason: redact(result.reason) }));
  }

  /**
   * Runs `work`, scrubbing the token out of whatever it throws. Other errors than ours keep their
   * class and stack: the sync service tells a bug (a TypeError of ours) from a refusing remote.
   */
  async function guarded<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof ExtdataError) throw new ExtdataError(redact(error.message), error.status);
      if (error instanceof Error) {
        error.message = redact(error.message);
        if (error.stack !== undefined) error.stack = redact(error.stack);
        throw error;
      }
      throw new ExtdataError(redact(`extdata client ${client.uuid}: ${String(error)}`));
    }
  }

  return {
    kind: 'extdata',
    local: false,

    changesSince(dataclasses, anchor) {
      return guarded(async (): Promise<Listing<Change>> => {
        const previous = parseAnchor(anchor);
        const next: Record<string, string> = { ...previous };
        const entries: Change[] = [];
        for (const route of routes(dataclasses)) {
          const result = await changes(route, previous[route.href]);
          entries.push(...result.changes);
          next[route.href] = result.since;
        }
        return { entries, anchor: JSON.stringify(next) };
      });
    },

    all(dataclasses) {
      return guarded(async (): Promise<Listing<Item>> => {
        const next: Record<string, string> = {};
        const entries: Item[] = [];
        for (const route of routes(dataclasses)) {
          const result = await list(route);
          entries.push(...result.items);
          next[route.href] = result.since;
        }
        return { entries, anchor: JSON.stringify(next) };
      });
    },

    apply(outgoing) {
      return guarded(async (): Promise<ApplyResult[]> => {
        const classOf = (change: OutgoingChange): ItemDataclass => (change.op === 'delete' ? change.dataclass : change.item.dataclass);
        const all = routes([...new Set(outgoing.map(classOf))]);
        const routeOf = new Map<ItemDataclass, Route>();
        for (const route of all) for (const dataclass of route.classes) routeOf.set(dataclass, route);
        // Per feed, in the order given; results go back to each change's own position.
        const results = new Array<ApplyResult>(outgoing.length);
        for (const route of all) {
          const mine = outgoing.map((change, at) => ({ change, at })).filter(({ change }) => routeOf.get(classOf(change)) === route);
          for (const chunk of chunksOf(mine, ({ change }) => batchBytesOf(change), batchSize, MAX_BATCH_BYTES)) {
            const answers = await post(route, chunk.map(({ change }) => change));
            chunk.forEach(({ at }, i) => (results[at] = answers[i]!));
          }
        }
        return results;
      });
    },
  };
}
