/**
 * Handlers of datastore clients and their contents (items, since-feeds, batches): the checks and
 * writes are in services/ (datastore-clients, contents, content-batch, dataclass); here records
 * become the entries of the golden examples (spec/examples/datastore-client.*, content*.xml).
 */
import { ifNoneMatchHolds, type BatchContentEntry, type ContentEntry, type ContentImportEntry, type DatastoreClientEntry, type Feed, type Link, type Person } from '@atomsync/atom';
import type { RequestContext } from '../context.js';
import { applyPlan, planBatch, type BatchOutcome, type BatchRequest } from '../services/content-batch.js';
import { changesPager, listingPager, readAll, readPage, readPaging, searchWords, type Pager, type Paging } from '../services/content-pages.js';
import { createContent, deleteContent, getContent, parseSince, updateContent, type ContentChangeItem, type ContentInput } from '../services/contents.js';
import { AnswerCache, keepingAnswer, keptAnswer } from '../http/answer-cache.js';
import { streamedFeed } from '../http/feed-stream.js';
import { writable } from '../http/safe-text.js';
import { ifMatchPrecondition } from '../http/preconditions.js';
import { entryTag } from '../http/respond.js';
import { ServiceError } from '../errors.js';
import { importPart, type ImportSummary } from '../services/import-export.js';
import { canonicalUuid, countLines, createClient, listClients, ownedClient } from '../services/datastore-clients.js';
import type { ContentRecord, DatastoreClientRecord } from '@atomsync/store';
import type { Store } from '@atomsync/store';
import { authorOf, caller, editableEntryHead, feedOf, linksTo, urlOf } from './atom.js';
import type { HandlerGroup } from './deps.js';

const clientPath = (uuid: string) => `/v2/services/datastore/${uuid}/`;
const contentsPath = (clientUuid: string) => `${clientPath(clientUuid)}contents/`;
const itemPath = (clientUuid: string, uuid: string) => `${contentsPath(clientUuid)}${uuid}`;
const urn = (uuid: string) => `urn:uuid:${uuid}`;

// ---- datastore clients ------------------------------------------------------------------------

/** The listing's form: id `urn:uuid:`, title the user_id, content `Content lines: <count>`. */
function listedClient(ctx: RequestContext, client: DatastoreClientRecord, contentLines: number): DatastoreClientEntry {
  return {
    author: authorOf(ctx),
    id: urn(client.uuid),
    links: linksTo(urlOf(ctx, clientPath(client.uuid)), 'self', 'edit'),
    published: client.created,
    updated: client.updated,
    title: client.userId,
    content: { type: 'text', value: `Content lines: ${contentLines}` },
    client: { uuid: client.uuid, userId: client.userId },
  };
}

/** The create answer's form: id the entry URL, title the uuid, content empty with type text. */
function createdClient(ctx: RequestContext, client: DatastoreClientRecord): DatastoreClientEntry {
  const href = urlOf(ctx, clientPath(client.uuid));
  return {
    ...editableEntryHead(ctx, href, client),
    title: client.uuid,
    content: { type: 'text', value: '' },
    client: { uuid: client.uuid, userId: client.userId },
  };
}

/** The answer to an import: what became of the items (services/import-export.ts). */
function importedEntry(ctx: RequestContext, client: DatastoreClientRecord, summary: ImportSummary): ContentImportEntry {
  return {
    author: authorOf(ctx),
    id: urlOf(ctx, `${contentsPath(client.uuid)}import`),
    updated: new Date(),
    title: `Import into ${client.userId}`,
    import: {
      items: summary.items,
      added: summary.added,
      twins: summary.twins,
      refusedCount: summary.refusedCount,
      refusals: summary.refused.map((r) => ({ line: r.line, reason: writable(r.reason), ...(r.title === undefined ? {} : { title: writable(r.title) }) })),
    },
  };
}

// ---- content items ----------------------------------------------------------------------------

/**
 * An item's title and body as an entry carries them. What the API and the phones store now holds
 * only characters XML can carry, but an item a phone stored before they were checked (issue 20)
 * may not: each such character is shown as U+FFFD, so no stored item can fail a listing.
 */
const shown = (item: ContentRecord) => ({ title: writable(item.title), body: writable(item.body) });

function contentEntry(ctx: RequestContext, item: ContentRecord): ContentEntry {
  const { title, body } = shown(item);
  return {
    author: authorOf(ctx),
    id: urn(item.uuid),
    links: linksTo(urlOf(ctx, itemPath(item.clientUuid, item.uuid)), 'self', 'edit'),
    published: item.created,
    updated: item.updated,
    title,
    content: { type: item.type, value: body },
    dataclass: item.dataclass,
  };
}

/** The ETag a GET of the item answers this caller (its entry's bytes: its links follow the base URL). */
function contentTag(ctx: RequestContext, item: ContentRecord): string {
  return entryTag('ContentEntry', contentEntry(ctx, item));
}

/** An item in a batch feed (change feed, batch result): self link only, s:content with its class. */
function batchItem(author: Person | undefined, ctx: RequestContext, item: ContentRecord, withContent: boolean): BatchContentEntry {
  const { title, body } = shown(item);
  return {
    author,
    id: urn(item.uuid),
    links: linksTo(urlOf(ctx, itemPath(item.clientUuid, item.uuid)), 'self'),
    published: item.created,
    updated: item.updated,
    title,
    content: withContent ? { dataclass: item.dataclass, type: item.type, value: body } : undefined,
  };
}

/** A change-feed entry; a delete is a tombstone: id, time of the delete, operation. */
function changeEntry(ctx: RequestContext, author: Person | undefined, change: ContentChangeItem): BatchContentEntry {
  if (change.operation === 'delete') return { id: urn(change.item.uuid), updated: change.item.updated, operation: { type: 'delete' } };
  return { ...batchItem(author, ctx, change.item, true), operation: { type: change.operation } };
}

function contentInput(title: string | undefined, content: { value: string; type?: string } | undefined, dataclass: ContentEntry['dataclass']): ContentInput {
  return { title, body: content?.value, type: content?.type, dataclass };
}

function batchRequest(entry: BatchContentEntry): BatchRequest {
  return { operation: entry.operation?.type, id: entry.id, content: contentInput(entry.title, entry.content, entry.content?.dataclass) };
}

/** The result entry of one posted entry: its batch id and operation echoed, the status, the item's data. */
function batchResult(ctx: RequestContext, author: Person | undefined, posted: BatchContentEntry, outcome: BatchOutcome): BatchContentEntry {
  const item = outcome.item;
  const data: BatchContentEntry =
    item === undefined
      ? { id: posted.id }
      : outcome.deleted !== undefined
        ? { ...batchItem(author, ctx, item, false), updated: outcome.deleted }
        : batchItem(author, ctx, item, true);
  return { ...data, operation: posted.operation, batchId: posted.batchId, status: { code: outcome.code, reason: outcome.reason } };
}

// ---- paged feeds ------------------------------------------------------------------------------

/** A feed: its path, the query that selects it (the paging parameters aside), its id (a path) and title. */
interface FeedAt {
  readonly path: string;
  readonly query: readonly string[];
  /** Its id and, unpaged, its self link (the listing's leaves its dataclass filter out, as ever). */
  readonly id: string;
  readonly title: string;
}

const hrefOf = (ctx: RequestContext, path: string, query: readonly string[]) => urlOf(ctx, query.length === 0 ? path : `${path}?${query.join('&')}`);

/**
 * The feed a request asks for (services/content-pages.ts): one page with `max-results`, its self
 * link the page's URL and `rel="next"` the next page's while more follow; every entry without,
 * in one feed when they fit one page and else streamed a page at a time (http/feed-stream.ts).
 * The feed's id stays the feed's URL without the paging parameters.
 */
async function pagedFeed<T, E extends { updated?: Date | null; published?: Date | null }>(
  ctx: RequestContext,
  at: FeedAt,
  paging: Paging,
  pager: Pager<T>,
  entryOf: (item: T) => E,
): Promise<Feed<E>> {
  const whole = feedOf(ctx, at.id, at.title, [] as E[]);
  if (paging.limit !== undefined) {
    const page = await readPage(pager, { ...paging, limit: paging.limit });
    const position = (startIndex: number, after: string | undefined) => [
      ...at.query,
      `max-results=${paging.limit}`,
      `start-index=${startIndex}`,
      ...(after === undefined ? [] : [`start-after=${encodeURIComponent(after)}`]),
    ];
    const links: Link[] = [{ rel: 'self', href: hrefOf(ctx, at.path, position(paging.startIndex, paging.after)) }];
    if (page.next !== undefined) links.push({ rel: 'next', href: hrefOf(ctx, at.path, position(page.next.startIndex, page.next.after)) });
    const feed = feedOf(ctx, at.path, at.title, page.items.map(entryOf));
    return { ...feed, id: whole.id, links };
  }
  const { first, rest } = await readAll(pager, paging);
  const entries = first.map(entryOf);
  if (rest === undefined) return { ...feedOf(ctx, at.path, at.title, entries), id: whole.id, links: whole.links };
  const newest = await pager.newest();
  async function* pages(): AsyncGenerator<E[]> {
    for await (const page of rest!) yield page.map(entryOf);
  }
  return streamedFeed({ ...whole, updated: newest ?? whole.updated }, entries, pages());
}

/**
 * A contents feed, through the answers kept (http/answer-cache.ts): the one kept for this caller,
 * base URL and feed (`what`: its client, query and paging) while the store is as it was then —
 * its bytes, or its tag alone when the request's If-None-Match names it (a 304); else the feed
 * `read` gives, kept once written. Clients poll these: an unchanged feed is then neither read
 * nor written again for a 304, nor, once polled, for the same bytes.
 */
async function keptFeed<E>(answers: AnswerCache, store: Store, ctx: RequestContext, what: readonly unknown[], read: () => Promise<Feed<E>>): Promise<Feed<E>> {
  const key = JSON.stringify([caller(ctx).id, caller(ctx).username, ctx.baseUrl, ...what]);
  // Read before the items: a write landing in between makes the kept answer a miss later, never stale.
  const version = await store.version();
  const kept = answers.get(key, version);
  if (kept !== undefined && (kept.body !== undefined || ifNoneMatchHolds(ctx.event.req.headers.get('if-none-match'), kept.etag))) return keptAnswer(kept);
  return keepingAnswer(await read(), (answer) => answers.set(key, version, answer));
}

export const datastoreHandlers: HandlerGroup = ({ store }) => {
  const answers = new AnswerCache();
  return {
    async listDatastoreClients(_input, ctx) {
      const clients = await listClients(store, caller(ctx).id);
      return feedOf(ctx, '/v2/services/datastore/', 'Datastore clients', clients.map(({ client, contentLines }) => listedClient(ctx, client, contentLines)));
    },

    async createDatastoreClient({ body }, ctx) {
      return createdClient(ctx, await createClient(store, caller(ctx).id, body.client.userId));
    },

    /**
     * The listing's form, not the create answer's: a read shows what the client holds now (its
     * `Content lines`), and names it the way every listing and binding does (`urn:uuid:`, titled by
     * its user_id); the create answer's form (uuid title, empty content) only acknowledges a creation.
     */
    async getDatastoreClient({ path }, ctx) {
      const client = await ownedClient(store, caller(ctx).id, path.clientUuid);
      return listedClient(ctx, client, await countLines(store, client));
    },

    async listContents({ path, query }, ctx) {
      const paging = readPaging(query);
      const words = searchWords(query.q);
      // The client is checked when the feed is read: an answer kept under this version was
      // written after the check passed, and nothing has changed since.
      return keptFeed(answers, store, ctx, ['listContents', canonicalUuid(path.clientUuid) ?? path.clientUuid, query.dataclass, words, paging], async () => {
        const client = await ownedClient(store, caller(ctx).id, path.clientUuid);
        const filter = [...(query.dataclass === undefined ? [] : [`dataclass=${query.dataclass}`]), ...(words.length === 0 ? [] : [`q=${encodeURIComponent(words.join(' '))}`])];
        const feed = { path: contentsPath(client.uuid), query: filter, id: contentsPath(client.uuid), title: `Contents of ${client.userId}` };
        return pagedFeed(ctx, feed, paging, listingPager(store, client, query.dataclass, words), (item) => contentEntry(ctx, item));
      });
    },

    async listContentChanges({ path, query }, ctx) {
      if (query.q !== undefined) throw new ServiceError(400, 'validation_failed', 'q searches the listing, not the changes since a time: leave out since or q', [{ path: '?q', message: 'not with since' }]);
      const since = parseSince(query.since);
      const paging = readPaging(query);
      const what = ['listContentChanges', canonicalUuid(path.clientUuid) ?? path.clientUuid, query.since, query.dataclass, paging];
      return keptFeed(answers, store, ctx, what, async () => {
        const client = await ownedClient(store, caller(ctx).id, path.clientUuid);
        const author = authorOf(ctx);
        const filter = [`since=${encodeURIComponent(query.since)}`, ...(query.dataclass === undefined ? [] : [`dataclass=${query.dataclass}`])];
        const feed = { path: contentsPath(client.uuid), query: filter, id: `${contentsPath(client.uuid)}?${filter.join('&')}`, title: `Changes since ${query.since}` };
        return pagedFeed(ctx, feed, paging, changesPager(store, client, since, query.dataclass), (change) => changeEntry(ctx, author, change));
      });
    },

    async createContent({ path, query, body }, ctx) {
      const client = await ownedClient(store, caller(ctx).id, path.clientUuid);
      const input = contentInput(body.title, body.content, query.dataclass ?? body.dataclass);
      return contentEntry(ctx, await ctx.inWriterTurn(() => createContent(store, client, input)));
    },

    async getContent({ path }, ctx) {
      const client = await ownedClient(store, caller(ctx).id, path.clientUuid);
      return contentEntry(ctx, await getContent(store, client, path.contentUuid));
    },

    async updateContent({ path, body }, ctx) {
      const client = await ownedClient(store, caller(ctx).id, path.clientUuid);
      const input = contentInput(body.title, body.content, body.dataclass);
      const precondition = ifMatchPrecondition(ctx.event, (item: ContentRecord) => contentTag(ctx, item));
      return contentEntry(ctx, await ctx.inWriterTurn(() => updateContent(store, client, path.contentUuid, input, precondition)));
    },

    async deleteContent({ path }, ctx) {
      const client = await ownedClient(store, caller(ctx).id, path.clientUuid);
      const precondition = ifMatchPrecondition(ctx.event, (item: ContentRecord) => contentTag(ctx, item));
      await deleteContent(store, client, path.contentUuid, precondition);
    },

    async batchContents({ path, query, body }, ctx) {
      const client = await ownedClient(store, caller(ctx).id, path.clientUuid);
      const plan = await planBatch(client, body.entries.map(batchRequest), query.dataclass);
      const outcomes = await ctx.inWriterTurn(() => applyPlan(store, client, plan));
      const author = authorOf(ctx);
      const results = body.entries.map((posted, i) => batchResult(ctx, author, posted, outcomes[i]!));
      return feedOf(ctx, `${contentsPath(client.uuid)}batch`, 'Batch results', results);
    },

    async importContents({ path, query, body }, ctx) {
      const client = await ownedClient(store, caller(ctx).id, path.clientUuid);
      const firstLine = query['first-line'] ?? 1;
      if (firstLine < 1) throw new ServiceError(400, 'validation_failed', `first-line is ${firstLine}: the file's lines are numbered from 1`, [{ path: 'first-line', message: 'must be 1 or more' }]);
      const summary = await importPart(store, client, body, { dataclass: query.dataclass, firstLine, inTurn: (write) => ctx.inWriterTurn(write) });
      return importedEntry(ctx, client, summary);
    },
  };
};
