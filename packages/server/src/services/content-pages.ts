/**
 * The contents listing and the since feed a page at a time (RFC 5005 paging with the GData
 * `max-results` / `start-index`, guide/protocol.md#paged-feeds).
 *
 * A page starts at a position: after an item (`start-after`, the token the previous page's
 * `rel="next"` carries), else `start-index - 1` items in. A listing pages in uuid order (its
 * position: the last uuid), a since feed in (updated, uuid) order (its position: the last
 * change's time and uuid, `<epoch ms>.<uuid>`): keyset positions, so no entry that is there
 * throughout is ever skipped, whatever changes meanwhile, and an item changed while a since feed
 * is paged is read again behind the position, with its new state.
 */
import type { Dataclass } from '@atomsync/atom';
import type { ContentRecord } from '@atomsync/store';
import type { ChangePosition, ClientKey, Repositories } from '@atomsync/store';
import { quote } from '../http/safe-text.js';
import { changeOf, invalid, type ContentChangeItem } from './contents.js';
import { classesOfFilter } from './dataclass.js';

/** The most `max-results` may ask for, and how many items an unpaged answer may hold before it is streamed. */
export const PAGE_LIMIT = 1_000;

/**
 * How many items a streamed answer reads (and writes) at a time. Each such step runs without
 * letting other requests in (a read of SQLite's and the encoding are synchronous), so it is kept
 * short: with 1,000 a /healthz poll waited up to 90 ms behind a 200,000-item listing.
 */
export const STREAM_PAGE = 250;

/** What a request asks of the pages: none (`limit` undefined: every item) or one of `limit` items. */
export interface Paging {
  readonly limit: number | undefined;
  /** 1-based position of the first item answered (`start-index`). */
  readonly startIndex: number;
  /** The `start-after` token, unchecked. */
  readonly after: string | undefined;
}

/** `max-results`, `start-index` and `start-after` of a request; 400 validation_failed when out of range. */
export function readPaging(query: { readonly 'max-results'?: number; readonly 'start-index'?: number; readonly 'start-after'?: string }): Paging {
  const limit = query['max-results'];
  if (limit !== undefined && (limit < 1 || limit > PAGE_LIMIT)) throw invalid('?max-results', `${limit} is not between 1 and 1,000`);
  const startIndex = query['start-index'] ?? 1;
  if (startIndex < 1) throw invalid('?start-index', `${startIndex} is below 1, the first entry`);
  return { limit, startIndex, after: query['start-after'] };
}

/** One kind of paged feed: how it reads a page of items, and how it writes and reads positions. */
export interface Pager<T> {
  /** At most `limit` items after `after` (none: from the first), then past `offset` more. */
  read(after: string | undefined, offset: number, limit: number): Promise<T[]>;
  /** The `start-after` of the page following `item`. */
  positionAfter(item: T): string;
  /** The newest `updated` of all the feed's items (for the head of an answer streamed in pages). */
  newest(): Promise<Date | undefined>;
}

/** A content uuid as the server writes them (lower case; services/item-uuid.ts): what a listing's position is. */
const POSITION_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A change feed's position: the change's time (epoch ms) and the item's uuid. */
const CHANGE_POSITION = /^(\d{1,15})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

function badPosition(token: string): never {
  throw invalid('?start-after', `${quote(token)} is not a position this feed wrote; follow the rel="next" link as given`);
}

/** How long a search (`?q=`) may be: its words are each a scan condition. */
const SEARCH_CHARS = 200;
const SEARCH_WORDS = 10;

/** The words of a listing's `?q=`, lower-cased; none for no search; 400 validation_failed past the limits. */
export function searchWords(q: string | undefined): string[] {
  if (q === undefined) return [];
  if (q.length > SEARCH_CHARS) throw invalid('?q', `the search is ${q.length} characters long; at most ${SEARCH_CHARS}`);
  const words = q.toLowerCase().split(/\s+/).filter((w) => w !== '');
  if (words.length > SEARCH_WORDS) throw invalid('?q', `the search has ${words.length} words; at most ${SEARCH_WORDS}`);
  return words;
}

/** The live items of a client (optionally of some dataclasses, holding some words), in uuid order. */
export function listingPager(store: Repositories, client: ClientKey, filter: Dataclass | 'all' | undefined, words: readonly string[] = []): Pager<ContentRecord> {
  const classes = classesOfFilter(filter);
  return {
    read(after, offset, limit) {
      if (after !== undefined && !POSITION_UUID.test(after)) badPosition(after);
      return store.contents.page(client, after, limit, classes, offset, words);
    },
    positionAfter: (item) => item.uuid,
    newest: () => store.contents.newest(client, undefined, classes),
  };
}

/** The changes of a client's items at or after `since`, live and deleted, in (updated, uuid) order. */
export function changesPager(store: Repositories, client: ClientKey, since: Date, filter: Dataclass | 'all' | undefined): Pager<ContentChangeItem> {
  const classes = classesOfFilter(filter);
  return {
    async read(after, offset, limit) {
      let position: ChangePosition | undefined;
      if (after !== undefined) {
        const match = CHANGE_POSITION.exec(after) ?? badPosition(after);
        position = { updated: new Date(Number(match[1])), uuid: match[2]! };
      }
      const items = await store.contents.changesPage(client, since, position, limit, classes, offset);
      return items.map((item) => changeOf(item, since));
    },
    positionAfter: (change) => `${change.item.updated.getTime()}.${change.item.uuid}`,
    newest: () => store.contents.newest(client, since, classes),
  };
}

/** A page, and the position of the next one when more items follow. */
export interface Page<T> {
  readonly items: T[];
  /** The next page's `start-after` and `start-index`; undefined on the last page. */
  readonly next: { readonly after: string; readonly startIndex: number } | undefined;
}

/** The page `paging` asks for (its `limit` set). */
export async function readPage<T>(pager: Pager<T>, paging: Paging & { readonly limit: number }): Promise<Page<T>> {
  const offset = paging.after === undefined ? paging.startIndex - 1 : 0;
  const read = await pager.read(paging.after, offset, paging.limit + 1);
  const items = read.slice(0, paging.limit);
  const more = read.length > paging.limit;
  return { items, next: more ? { after: pager.positionAfter(items.at(-1)!), startIndex: paging.startIndex + items.length } : undefined };
}

/**
 * Every item from the request's position on, for an answer that is not paged: `first` holds
 * them all when there are at most PAGE_LIMIT; else `rest` reads the items after `first`,
 * STREAM_PAGE at a time, for an answer streamed in pages.
 */
export async function readAll<T>(pager: Pager<T>, paging: Paging): Promise<{ first: T[]; rest: AsyncIterable<T[]> | undefined }> {
  const offset = paging.after === undefined ? paging.startIndex - 1 : 0;
  const read = await pager.read(paging.after, offset, PAGE_LIMIT + 1);
  if (read.length <= PAGE_LIMIT) return { first: read, rest: undefined };
  const first = read.slice(0, PAGE_LIMIT);
  async function* rest(): AsyncGenerator<T[]> {
    let after = pager.positionAfter(first.at(-1)!);
    for (;;) {
      const page = await pager.read(after, 0, STREAM_PAGE);
      if (page.length === 0) return;
      yield page;
      if (page.length < STREAM_PAGE) return;
      after = pager.positionAfter(page.at(-1)!);
    }
  }
  return { first, rest: rest() };
}
