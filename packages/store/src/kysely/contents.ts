/**
 * Datastore contents, reached by their client's key: its account and uuid (the handler has checked
 * the client is the caller's). Every statement names the account, which leads the table's key and
 * indexes (sharding by account, guide/operators.md). A delete keeps the row as a tombstone
 * (`deleted` set, body emptied) so the `since` feed can report it; live queries skip tombstones.
 */
import { davBody, describeItem, uidOf, type ItemDescription } from '@atomsync/items';
import { CompiledQuery, sql, type RawBuilder, type Selectable } from 'kysely';
import { servedHash } from '../served-hash.js';
import { RELEASED_HREF, type ContentChange, type DavItemRecord, type DavListedItem, type DescribedChange, type DescribedContent, type ItemDataclass, type NewContent } from '../records.js';
import type { ClientKey, CollectionKey, ContentRepo, InsertOptions } from '../store.js';
import { prepared, preparedArrays, type PreparedStatement } from './prepared.js';
import { chunks, insertChunks, millis, multiRowInsert, runQuery, unnestInsert, toDate, toDateOrNull, UNICODE_LOWER, type StoreContext } from './context.js';
import type { ContentsTable, Millis } from './schema.js';

/** A row as its record: what RECORD_COLUMNS select (byHrefs reads its rows as arrays instead: NamedRow). */
type RecordRow = Pick<Selectable<ContentsTable>, (typeof RECORD_COLUMNS)[number]>;

const content = (row: RecordRow): DavItemRecord => ({
  uuid: row.uuid,
  clientUuid: row.client_uuid,
  dataclass: row.dataclass as ItemDataclass,
  title: row.title,
  type: row.type,
  body: row.body,
  created: toDate(row.created),
  updated: toDate(row.updated),
  deleted: toDateOrNull(row.deleted),
  href: row.href,
  sequence: Number(row.sequence),
  etag: row.etag,
});

/** The ETag (unquoted) of what DAV serves of an item: written beside it by every write, as its description is (the writer's when it has it). */
const etagOfItem = (item: ContentChange): string => item.etag ?? servedHash(davBody(item));

/** The body's UID, written beside it: the writer's when it has it. */
const uidOfItem = (item: ContentChange): string | null => (item.uid === undefined ? uidOf(item.body) : item.uid);

/**
 * An item's description, written beside it by every insert and update: the writer's when it has
 * one (the sync engine's copy of an item it described), else computed here, so no writer can
 * leave it out or let it go stale.
 */
const describe = (item: ContentChange): ItemDescription => item.description ?? describeItem(item);

/** Columns of a record (DavItemRecord, a ContentRecord with its DAV name and sequence), the ones RETURNING hands back. */
const RECORD_COLUMNS = ['client_uuid', 'uuid', 'dataclass', 'title', 'type', 'body', 'created', 'updated', 'deleted', 'href', 'sequence', 'etag'] as const;
/**
 * A PUT's lookups (a member by its name, the items holding a UID), run on every DAV write: as
 * prepared statements, not built and compiled per call (issue 21). Neither orders: SQLite then
 * walks the collection in key order instead of using contents_href / contents_uid.
 */
/** RECORD_COLUMNS as a select list (and a returning one). */
const RECORD_SELECT = RECORD_COLUMNS.map((c) => `"${c}"`).join(', ');
const LIVE_OF_COLLECTION = `select ${RECORD_SELECT} from "contents" where "account_id" = ? and "client_uuid" = ? and "deleted" is null and "dataclass" = ?`;
const liveByHref = prepared<RecordRow>(`${LIVE_OF_COLLECTION} and "href" = ?`);
const liveByUid = prepared<RecordRow>(`${LIVE_OF_COLLECTION} and "uid" = ?`);
/** davNamed's lookup: liveByHref with the tombstones (contents_href holds them too). */
const byHrefWithTombstones = prepared<RecordRow>(`select ${RECORD_SELECT} from "contents" where "account_id" = ? and "client_uuid" = ? and "dataclass" = ? and "href" = ?`);
/**
 * davNamed's lookup with a UID: byHrefWithTombstones and liveByUid as one statement (a PUT's two
 * lookups, one round through the driver), each half served by its own index (contents_href,
 * contents_uid; one `href = ? or uid = ?` could not use both partial indexes). by_uid tells the
 * halves' rows apart.
 */
const byHrefOrUid = prepared<RecordRow & { by_uid: number }>(
  `select 0 as "by_uid", ${RECORD_SELECT} from "contents" where "account_id" = ? and "client_uuid" = ? and "dataclass" = ? and "href" = ? ` +
    `union all select 1 as "by_uid", ${RECORD_SELECT} from "contents" where "account_id" = ? and "client_uuid" = ? and "deleted" is null and "dataclass" = ? and "uid" = ?`,
);
const byUuid = (a: DavItemRecord, b: DavItemRecord): number => (a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0);
/**
 * A multiget's members by name: prepared, not built and compiled per call by the query builder (a
 * third of a multiget of 100 in the store). One statement per power of two of names, the list
 * padded with its last name (IN matches a row once), so a handful of statements serve every count.
 */
const byHrefsOfSize = new Map<number, PreparedStatement<NamedRow>>();
function liveByHrefs(names: readonly string[]): { statement: PreparedStatement<NamedRow>; names: string[] } {
  const size = 2 ** Math.ceil(Math.log2(names.length));
  let statement = byHrefsOfSize.get(size);
  if (statement === undefined) byHrefsOfSize.set(size, (statement = preparedArrays<NamedRow>(`${LIVE_NAMED} and "href" in (${Array.from({ length: size }, () => '?').join(', ')})`)));
  return { statement, names: [...names, ...Array.from({ length: size - names.length }, () => names[names.length - 1]!)] };
}
/**
 * byHrefs' rows without the columns its WHERE fixes (client_uuid and dataclass equal to the
 * collection's, text compared exactly; deleted null): each value read is a conversion per row,
 * and these three were a fifth of the statement's time for a multiget of 100 (issue 21). With the
 * body's UID (DavItemRecord.uid), which the multiget serves without reading the body for it.
 * Read as arrays (preparedArrays), in NAMED_COLUMNS' order: a row object costs a lookup of each
 * column's name per row.
 */
const NAMED_COLUMNS = ['uuid', 'title', 'type', 'body', 'created', 'updated', 'href', 'sequence', 'etag', 'uid'] as const;
type NamedRow = readonly [uuid: string, title: string, type: string, body: string, created: Millis, updated: Millis, href: string | null, sequence: number | string, etag: string | null, uid: string | null];
const LIVE_NAMED = LIVE_OF_COLLECTION.replace(/^select .* from "contents"/, `select ${NAMED_COLUMNS.map((c) => `"${c}"`).join(', ')} from "contents"`);
const namedContent = (collection: CollectionKey, row: NamedRow): DavItemRecord => ({
  uuid: row[0],
  clientUuid: collection.uuid,
  dataclass: collection.dataclass,
  title: row[1],
  type: row[2],
  body: row[3],
  created: toDate(row[4]),
  updated: toDate(row[5]),
  deleted: null,
  href: row[6],
  sequence: Number(row[7]),
  etag: row[8],
  uid: row[9],
});
/**
 * A collection's latest sequence and its datastore's pruned horizon (syncState), read by every
 * PROPFIND of a collection and every sync-collection: prepared, like the PUT's lookups.
 */
const syncStateRow = prepared<{ latest: number | string | null; pruned: number | string | null }>(
  'select max("sequence") as "latest", (select "pruned_through" from "content_sequences" where "content_sequences"."account_id" = ? and "content_sequences"."client_uuid" = ?) as "pruned" ' +
    'from "contents" where "account_id" = ? and "client_uuid" = ? and "dataclass" = ?',
);
/**
 * A page of a listing of ETags (davListing) as one row: its count and its members as one string,
 * `uuid/=etag/=href/updated` each, joined by `/` (an absent etag or href is empty: present ones
 * carry `=`), one prepared statement. Reading 5,000 rows as row objects cost more than the rest
 * of the listing's store work together (issue 21); one string per page, split in JavaScript, about
 * half. No DAV name holds a `/` (segmentsOfHref refuses it), nor does a uuid or an ETag (base64url),
 * so the split is unambiguous; should a row ever hold one, the count of fields says so and the
 * page is read again row by row (readListing).
 *
 * The order: PostgreSQL's string_agg is told it (`order by`); SQLite's aggregates the ordered
 * subquery's rows as they come, which is that order (an `order by` in the aggregate sorted the
 * 5,000 strings a second time: 40 % of the statement), and listedOfPage checks it all the same.
 */
const listingPageSql = (aggregateOrder: string) =>
  `select count(*) as "n", string_agg("line", '/'${aggregateOrder}) as "page" from (` +
  `select "uuid", "uuid" || '/' || coalesce('=' || "etag", '') || '/' || coalesce('=' || "href", '') || '/' || "updated" as "line" ` +
  'from "contents" where "account_id" = ? and "client_uuid" = ? and "dataclass" = ? and "deleted" is null and "uuid" > ? order by "uuid" limit ?) as "listed"';
const listingPage = { sqlite: prepared<{ n: number | string; page: string | null }>(listingPageSql('')), postgres: prepared<{ n: number | string; page: string | null }>(listingPageSql(' order by "uuid"')) };
/** A listed item; its date made only when asked (a listing of ETags never asks). */
class ListedRow implements DavListedItem {
  constructor(
    readonly uuid: string,
    readonly dataclass: ItemDataclass,
    readonly href: string | null,
    readonly etag: string | null,
    private readonly updatedMs: number,
  ) {}
  get updated(): Date {
    return toDate(this.updatedMs);
  }
}
/**
 * A listingPage's members, or undefined when a field held a `/` (then the fields do not come out
 * four a member) or the members are not in uuid order (SQLite's; its collation is binary, which
 * JavaScript's comparison of these ASCII uuids agrees with).
 */
function listedOfPage(dataclass: ItemDataclass, n: number, page: string, checkOrder: boolean): DavListedItem[] | undefined {
  const fields = page.split('/');
  if (fields.length !== 4 * n) return undefined;
  const listed: DavListedItem[] = new Array(n);
  let previous = '';
  for (let i = 0, f = 0; i < n; i++, f += 4) {
    const uuid = fields[f]!;
    if (checkOrder && !(uuid > previous)) return undefined;
    previous = uuid;
    const etag = fields[f + 1]!;
    const href = fields[f + 2]!;
    listed[i] = new ListedRow(uuid, dataclass, href === '' ? null : href.slice(1), etag === '' ? null : etag.slice(1), Number(fields[f + 3]));
  }
  return listed;
}

/** Columns of one contents row, in insert order: the multi-row insert chunks by them. */
const INSERT_COLUMNS = ['account_id', ...RECORD_COLUMNS, 'fingerprint', 'duplicate_key', 'uid'] as const;
const CONTENT_COLUMNS = INSERT_COLUMNS.length;
/** One row's insert, prepared (insertMany of one item). */
const insertOne = prepared<never>(`insert into "contents" (${INSERT_COLUMNS.map((c) => `"${c}"`).join(', ')}) values (${INSERT_COLUMNS.map(() => '?').join(', ')})`);
/** One row's values, in INSERT_COLUMNS order. */
type InsertValues = readonly [
  accountId: number,
  clientUuid: string,
  uuid: string,
  dataclass: ItemDataclass,
  title: string,
  type: string,
  body: string,
  created: number,
  updated: number,
  deleted: null,
  href: string | null,
  sequence: number,
  etag: string,
  fingerprint: string,
  duplicateKey: string | null,
  uid: string | null,
];
/** The record of a row insertMany wrote (`content` of it as it would be read). */
const insertedContent = (row: InsertValues): DavItemRecord => ({
  uuid: row[2],
  clientUuid: row[1],
  dataclass: row[3],
  title: row[4],
  type: row[5],
  body: row[6],
  created: toDate(row[7]),
  updated: toDate(row[8]),
  deleted: null,
  href: row[10],
  sequence: row[11],
  etag: row[12],
});
/** Their PostgreSQL types, for the arrays of the unnest insert. */
const INSERT_TYPES = ['int8', 'text', 'text', 'text', 'text', 'text', 'text', 'int8', 'int8', 'int8', 'text', 'int8', 'text', 'text', 'text', 'text'] as const;

/** Columns of one row of the `updateMany` values list: the item and what it becomes. */
const UPDATE_COLUMNS = ['uuid', 'dataclass', 'title', 'type', 'body', 'fingerprint', 'duplicate_key', 'uid', 'etag'] as const;
/**
 * One item's update and one item's delete (a DAV PUT over an item, a DAV DELETE; the REST API's
 * too): prepared, like the PUT's lookups, not built and compiled by the query builder per call.
 */
const updateOne = prepared<RecordRow>(
  'update "contents" set "dataclass" = ?, "title" = ?, "type" = ?, "body" = ?, "fingerprint" = ?, "duplicate_key" = ?, "uid" = ?, "etag" = ?, "updated" = ?, "sequence" = ? ' +
    `where "account_id" = ? and "client_uuid" = ? and "uuid" = ? and "deleted" is null returning ${RECORD_SELECT}`,
);
const deleteOne = prepared<{ uuid: string }>(
  'update "contents" set "deleted" = ?, "updated" = ?, "body" = \'\', "uid" = null, "etag" = null, "sequence" = ? where "account_id" = ? and "client_uuid" = ? and "uuid" = ? and "deleted" is null returning "uuid"',
);

/**
 * The SQL of an update of `rows` items from a values list, written once per dialect and size like
 * the insert: one statement per chunk instead of one per item (3,000 replaces made 3,000 round
 * trips). A CTE names the values' columns in both dialects (SQLite has no `as v(a, b)` alias list;
 * its UPDATE … FROM needs 3.33). The values' columns are prefixed so that RETURNING's plain names
 * can only mean the contents row (PostgreSQL's `*` would return the values too).
 */
const updateSql = new Map<string, string>();
function multiRowUpdate(dialect: 'sqlite' | 'postgres', rows: number): string {
  const key = `${dialect}:${rows}`;
  let text = updateSql.get(key);
  if (text === undefined) {
    let n = 0;
    const placeholder = dialect === 'postgres' ? () => `$${++n}` : () => '?';
    // Numbered in the order of the text (SQLite's `?` are positional): the rows, the time, the sequence, the client's account and uuid.
    const tuples: string[] = [];
    for (let r = 0; r < rows; r++) tuples.push(`(${UPDATE_COLUMNS.map(placeholder).join(', ')})`);
    const now = placeholder();
    const sequence = placeholder();
    const account = placeholder();
    const client = placeholder();
    text =
      `with "v" (${UPDATE_COLUMNS.map((c) => `"v_${c}"`).join(', ')}) as (values ${tuples.join(', ')}) ` +
      `update "contents" set "dataclass" = "v_dataclass", "title" = "v_title", "type" = "v_type", "body" = "v_body", ` +
      `"fingerprint" = "v_fingerprint", "duplicate_key" = "v_duplicate_key", "uid" = "v_uid", "etag" = "v_etag", "updated" = ${now}, "sequence" = ${sequence} ` +
      `from "v" where "contents"."account_id" = ${account} and "contents"."client_uuid" = ${client} and "contents"."uuid" = "v_uuid" and "contents"."deleted" is null ` +
      `returning ${RECORD_SELECT}`;
    updateSql.set(key, text);
  }
  return text;
}

/**
 * The change sequence each open transaction took, per client (`account:uuid`), keyed by the
 * transaction's handle: a transaction takes one value per client however many writes it makes
 * (a transaction is one change for a delta reader, which sees all of it or none).
 */
/** A datastore's next write sequence, taken once per transaction: prepared, as every write takes one (issue 21). */
const nextSequence = prepared<{ sequence: number | string }>('insert into "content_sequences" ("account_id", "client_uuid", "sequence") values (?, ?, 1) on conflict ("account_id", "client_uuid") do update set "sequence" = "content_sequences"."sequence" + 1 returning "sequence"');
const takenSequences = new WeakMap<object, Map<string, number>>();
/** releaseHrefs for one name (a DAV PUT's): prepared, as it runs on every PUT of a new name and almost always finds nothing. */
const releaseHref = prepared<never>('update "contents" set "href" = ? where "account_id" = ? and "client_uuid" = ? and "dataclass" = ? and "href" = ? and "deleted" is not null');

const clientId = (accountId: number, clientUuid: string): string => `${accountId}:${clientUuid}`;

/**
 * The change sequence of the current transaction for each of `clients` (joined, or opened for
 * this alone): each client's counter moved on by one (`insert … on conflict … do update`, creating
 * it at 1), once per transaction. The counter row stays locked until the transaction ends, so the
 * writers of one datastore take their values in the order they commit: a delta reader that saw
 * value n never later finds a value below n committed. Clients are taken in (account, uuid) order,
 * so two transactions writing the same clients cannot deadlock on the counters.
 */
async function takeSequences(ctx: StoreContext, clients: readonly ClientKey[]): Promise<Map<string, number>> {
  return ctx.inTransaction(async () => {
    const db = ctx.db();
    let taken = takenSequences.get(db);
    if (taken === undefined) takenSequences.set(db, (taken = new Map()));
    // One client (a DAV PUT's, an API create's: most writes) has no order to settle.
    const order = clients.length === 1 ? clients : inLockOrder(clients);
    for (const client of order) {
      const id = clientId(client.accountId, client.uuid);
      if (taken.has(id)) continue;
      const row = (await nextSequence.first(ctx, [client.accountId, client.uuid]))!;
      taken.set(id, Number(row.sequence));
    }
    return taken;
  });
}

/** `clients` without repeats, in (account, uuid) order: the order takeSequences locks their counters in. */
function inLockOrder(clients: readonly ClientKey[]): ClientKey[] {
  const asked = new Map<string, ClientKey>();
  for (const client of clients) asked.set(clientId(client.accountId, client.uuid), client);
  return [...asked.values()].sort((a, b) => a.accountId - b.accountId || (a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0));
}

/** The clients of `items`, each run of one client's items giving it once (takeSequences drops repeats). */
function clientsOf(items: readonly NewContent[]): ClientKey[] {
  const clients: ClientKey[] = [];
  let previous: NewContent | undefined;
  for (const item of items) {
    if (previous !== undefined && previous.accountId === item.accountId && previous.clientUuid === item.clientUuid) continue;
    clients.push({ accountId: item.accountId, uuid: item.clientUuid });
    previous = item;
  }
  return clients;
}

/** takeSequences for one client. */
async function takeSequence(ctx: StoreContext, client: ClientKey): Promise<number> {
  return (await takeSequences(ctx, [client])).get(clientId(client.accountId, client.uuid))!;
}

/**
 * Takes the names of `items` off the tombstones of their collections that still hold them, their
 * sequence left as it was: a delta then lists a name once, for the live item that has it now, and
 * leaves the tombstone out (RELEASED_HREF; with null it came as a stray 404 under `<uuid>.ics`).
 */
async function releaseHrefs(ctx: StoreContext, items: readonly NewContent[]): Promise<void> {
  const byCollection = new Map<string, { collection: CollectionKey; names: string[] }>();
  for (const item of items) {
    if (item.href === undefined || item.href === null) continue;
    const id = `${clientId(item.accountId, item.clientUuid)}:${item.dataclass}`;
    let entry = byCollection.get(id);
    if (entry === undefined) byCollection.set(id, (entry = { collection: { accountId: item.accountId, uuid: item.clientUuid, dataclass: item.dataclass }, names: [] }));
    entry.names.push(item.href);
  }
  for (const { collection, names } of byCollection.values()) {
    if (names.length === 1) {
      await releaseHref.rows(ctx, [RELEASED_HREF, collection.accountId, collection.uuid, collection.dataclass, names[0]]);
      continue;
    }
    for (const part of chunks(names, 1, ctx.dialect)) {
      await ctx
        .db()
        .updateTable('contents')
        .set({ href: RELEASED_HREF })
        .where('account_id', '=', collection.accountId)
        .where('client_uuid', '=', collection.uuid)
        .where('dataclass', '=', collection.dataclass)
        .where('href', 'in', part)
        .where('deleted', 'is not', null)
        .execute();
    }
  }
}

export function contentRepo(ctx: StoreContext): ContentRepo {
  /** The client's rows: every read starts here, so none can leave the account out. */
  const of = (client: ClientKey) => ctx.db().selectFrom('contents').where('account_id', '=', client.accountId).where('client_uuid', '=', client.uuid);
  // A record's columns, not `*`: the account (known to the caller) and the description are not read for nothing.
  const live = (client: ClientKey) => of(client).select(RECORD_COLUMNS).where('deleted', 'is', null);
  /** A DAV collection's rows: its client's of its dataclass. */
  const ofCollection = (collection: CollectionKey) => of(collection).where('dataclass', '=', collection.dataclass);
  const liveOf = (collection: CollectionKey) => live(collection).where('dataclass', '=', collection.dataclass);
  /** Writes `items` (insertMany, insertOnly): the rows written, as their values. */
  async function insertRows(items: readonly NewContent[], options: InsertOptions | undefined): Promise<InsertValues[]> {
    if (items.length === 0) return [];
    const now = Date.now();
    return ctx.inTransaction(async () => {
      const sequences = await takeSequences(ctx, clientsOf(items));
      // The client's sequence looked up when the client changes from the item before, not per
      // row: a batch is one client's (a sync's side), and a key built and hashed per row was a
      // measurable part of writing a 10k-vs-10k slow sync's 14,000 copies.
      let current: { accountId: number; clientUuid: string; sequence: number } | undefined;
      // Each row as its values in INSERT_COLUMNS order, not as an object read back column by
      // column for the parameters (14,000 rows of 16 columns by name was most of this loop).
      const rows = items.map((item): InsertValues => {
        const { fingerprint, key } = describe(item);
        if (current === undefined || current.accountId !== item.accountId || current.clientUuid !== item.clientUuid) {
          current = { accountId: item.accountId, clientUuid: item.clientUuid, sequence: sequences.get(clientId(item.accountId, item.clientUuid))! };
        }
        return [item.accountId, item.clientUuid, item.uuid, item.dataclass, item.title, item.type, item.body, now, now, null, item.href ?? null, current.sequence, etagOfItem(item), fingerprint, key, uidOfItem(item)];
      });
      if (options?.hrefsFree !== true) await releaseHrefs(ctx, items);
      // One PostgreSQL statement whatever the count: a column's values are one array. Not on
      // Citus: there an insert … select from unnest is pulled through the coordinator and
      // sent on as a statement across shards, where a VALUES list of one account's rows is
      // routed whole to the account's shard (issue 24).
      if (rows.length === 1 && !ctx.distributed) {
        // One item (a DAV PUT of a new name, the REST API's create): PostgreSQL binds a statement
        // it planned once instead of parsing and planning the unnest anew.
        await insertOne.rows(ctx, rows[0]!);
      } else if (ctx.dialect === 'postgres' && !ctx.distributed) {
        const columns = INSERT_COLUMNS.map((_, column) => rows.map((row) => row[column]));
        await ctx.db().executeQuery(CompiledQuery.raw(unnestInsert('contents', INSERT_COLUMNS, INSERT_TYPES), columns));
      } else {
        for (const part of insertChunks(rows, CONTENT_COLUMNS, ctx.dialect)) {
          const parameters: unknown[] = [];
          for (const row of part) for (const value of row) parameters.push(value);
          await runQuery(ctx, CompiledQuery.raw(multiRowInsert(ctx.dialect, 'contents', INSERT_COLUMNS, part.length), parameters));
        }
      }
      return rows;
    });
  }

  /** davListing's page row by row: what listingPage gives, for a page whose fields cannot be told apart. */
  const readListing = async (collection: CollectionKey, after: string | undefined, limit: number): Promise<DavListedItem[]> => {
    const rows = await ofCollection(collection)
      .select(['uuid', 'href', 'etag', 'updated'])
      .where('deleted', 'is', null)
      .$if(after !== undefined, (q) => q.where('uuid', '>', after ?? ''))
      .orderBy('uuid')
      .limit(limit)
      .execute();
    return rows.map((row) => new ListedRow(row.uuid, collection.dataclass, row.href, row.etag, Number(row.updated)));
  };
  /**
   * A collection's latest sequence and its datastore's pruned horizon, in one read. The current
   * value is never below the horizon: were the latest change a delete whose tombstone was pruned,
   * the collection would otherwise answer a token (and a getctag) it had answered before that
   * delete, and a client holding it would never learn of the delete.
   */
  const syncState = async (collection: CollectionKey): Promise<{ current: number; oldest: number }> => {
    const row = await syncStateRow.first(ctx, [collection.accountId, collection.uuid, collection.accountId, collection.uuid, collection.dataclass]);
    const latest = row?.latest === null || row?.latest === undefined ? 0 : Number(row.latest);
    const oldest = row?.pruned === null || row?.pruned === undefined ? 0 : Number(row.pruned);
    return { current: Math.max(latest, oldest), oldest };
  };
  /** Whether PostgreSQL has ICU's root collation (initdb makes it when built with ICU, as Debian's is); asked once. */
  let icu: Promise<boolean> | undefined;
  const hasIcu = (): Promise<boolean> =>
    (icu ??= sql<{ found: number }>`select 1 as found from pg_collation where collname = 'und-x-icu'`
      .execute(ctx.db())
      .then((result) => result.rows.length > 0)
      .catch((error: unknown) => {
        icu = undefined;
        throw error;
      }));
  /**
   * A column lower-cased for a search word: by lower() for a word of ASCII letters, which finds it
   * as a full fold would (a letter outside ASCII never lower-cases into it, but the Kelvin sign and
   * the dotted capital I), at no cost beyond the scan; otherwise by a fold of every letter: the
   * embedded database's UNICODE_LOWER, PostgreSQL's lower() under ICU's collation (its own lower()
   * folds ASCII only in a database of the C locale, as initdb --locale=C makes).
   */
  const lowered = async (word: string): Promise<(column: 'title' | 'body') => RawBuilder<string>> => {
    if (/^[\x00-\x7f]*$/.test(word)) return (column) => sql<string>`lower(${sql.ref(column)})`;
    if (ctx.dialect === 'sqlite') return (column) => sql<string>`${sql.raw(UNICODE_LOWER)}(${sql.ref(column)})`;
    if (await hasIcu()) return (column) => sql<string>`lower(${sql.ref(column)} collate "und-x-icu")`;
    return (column) => sql<string>`lower(${sql.ref(column)})`;
  };
  return {
    async list(client, dataclasses) {
      if (dataclasses !== undefined && dataclasses.length === 0) return [];
      const rows = await live(client)
        .$if(dataclasses !== undefined, (q) => q.where('dataclass', 'in', dataclasses ?? []))
        .orderBy('created')
        .orderBy('uuid')
        .execute();
      return rows.map(content);
    },
    async listDescribed(client, dataclasses) {
      if (dataclasses !== undefined && dataclasses.length === 0) return [];
      // Only what a sync reads (no dates to build for 10,000 rows), as arrays (liveDescribed).
      const rows = await liveDescribed(dataclasses?.length).rows(ctx, [client.accountId, client.uuid, ...(dataclasses ?? [])]);
      const missing: Described[] = [];
      const out = rows.map((row) => describedOf(row[0], row[1], row[2], row[3], row[4], row[5], row[6], row[7], row[8], row[9], missing));
      if (missing.length > 0) await writeDescriptions(ctx, client, missing);
      return out;
    },
    async changesDescribed(client, since, dataclasses) {
      if (dataclasses !== undefined && dataclasses.length === 0) return [];
      const rows = await of(client)
        .select(['uuid', 'dataclass', 'title', 'type', 'body', 'updated', 'deleted', 'fingerprint', 'duplicate_key', 'uid', 'etag'])
        .where('updated', '>=', millis(since))
        .$if(dataclasses !== undefined, (q) => q.where('dataclass', 'in', dataclasses ?? []))
        .orderBy('updated')
        .orderBy('uuid')
        .execute();
      const missing: Described[] = [];
      const out = rows.map(
        (row): DescribedChange =>
          row.deleted !== null ? { uuid: row.uuid, dataclass: row.dataclass as ItemDataclass, deleted: true } : { ...describedRow(row, missing), deleted: false },
      );
      if (missing.length > 0) await writeDescriptions(ctx, client, missing);
      return out;
    },
    async page(client, after, limit, dataclasses, offset = 0, words = []) {
      if (dataclasses !== undefined && dataclasses.length === 0) return [];
      let query = live(client).$if(dataclasses !== undefined, (q) => q.where('dataclass', 'in', dataclasses ?? []));
      // A scan of the client's rows in uuid order that stops at the page's last match: LIKE with
      // the word's own % _ \ escaped, on both sides lower-cased (the word by the service, the columns by `lowered`).
      for (const word of words) {
        const pattern = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        const lower = await lowered(word);
        query = query.where(sql<boolean>`(${lower('title')} like ${pattern} escape '\\' or ${lower('body')} like ${pattern} escape '\\')`);
      }
      const rows = await query
        .$if(after !== undefined, (q) => q.where('uuid', '>', after ?? ''))
        .orderBy('uuid')
        .limit(limit)
        .$if(offset > 0, (q) => q.offset(offset))
        .execute();
      return rows.map(content);
    },
    async changesPage(client, since, after, limit, dataclasses, offset = 0) {
      if (dataclasses !== undefined && dataclasses.length === 0) return [];
      const rows = await of(client)
        .select(RECORD_COLUMNS)
        .where('updated', '>=', millis(since))
        .$if(dataclasses !== undefined, (q) => q.where('dataclass', 'in', dataclasses ?? []))
        .$if(after !== undefined, (q) =>
          q.where((eb) => eb.or([eb('updated', '>', millis(after!.updated)), eb.and([eb('updated', '=', millis(after!.updated)), eb('uuid', '>', after!.uuid)])])),
        )
        .orderBy('updated')
        .orderBy('uuid')
        .limit(limit)
        .$if(offset > 0, (q) => q.offset(offset))
        .execute();
      return rows.map(content);
    },
    async newest(client, since, dataclasses) {
      if (dataclasses !== undefined && dataclasses.length === 0) return undefined;
      const row = await of(client)
        .select((eb) => eb.fn.max('updated').as('newest'))
        .$if(since === undefined, (q) => q.where('deleted', 'is', null))
        .$if(since !== undefined, (q) => q.where('updated', '>=', millis(since!)))
        .$if(dataclasses !== undefined, (q) => q.where('dataclass', 'in', dataclasses ?? []))
        .executeTakeFirst();
      return row?.newest === null || row?.newest === undefined ? undefined : toDate(row.newest);
    },
    async changesSince(client, since, dataclasses) {
      if (dataclasses !== undefined && dataclasses.length === 0) return [];
      const rows = await of(client)
        .select(RECORD_COLUMNS)
        .where('updated', '>=', millis(since))
        .$if(dataclasses !== undefined, (q) => q.where('dataclass', 'in', dataclasses ?? []))
        .orderBy('updated')
        .orderBy('uuid')
        .execute();
      return rows.map(content);
    },
    async get(client, uuid) {
      const row = await live(client).where('uuid', '=', uuid).executeTakeFirst();
      return row && content(row);
    },
    async lockClient(client) {
      // The counter row the client's next write takes: SQLite's transaction holds the write lock already.
      if (ctx.dialect === 'postgres') await takeSequence(ctx, client);
    },
    async getLocked(client, uuid) {
      // The client's sequence first (the write that follows takes the same): every writer takes
      // the counter before any row lock, so a row locked here never waits on a writer holding the
      // counter while that writer waits on this row. SQLite's transaction holds the write lock already.
      if (ctx.dialect === 'postgres') await takeSequence(ctx, client);
      const row = await live(client)
        .where('uuid', '=', uuid)
        .$if(ctx.dialect === 'postgres', (q) => q.forUpdate())
        .executeTakeFirst();
      return row && content(row);
    },
    async getMany(client, uuids) {
      const out: DavItemRecord[] = [];
      for (const part of chunks(uuids, 1, ctx.dialect)) {
        const rows = await live(client).where('uuid', 'in', part).orderBy('created').orderBy('uuid').execute();
        for (const row of rows) out.push(content(row));
      }
      return out;
    },
    async getManyDescribed(client, uuids) {
      const out: DescribedContent[] = [];
      const missing: Described[] = [];
      for (const part of chunks(uuids, 1, ctx.dialect)) {
        const rows = await of(client)
          .select(['uuid', 'dataclass', 'title', 'type', 'body', 'updated', 'fingerprint', 'duplicate_key'])
          .where('deleted', 'is', null)
          .where('uuid', 'in', part)
          .orderBy('created')
          .orderBy('uuid')
          .execute();
        for (const row of rows) out.push(describedRow(row, missing));
      }
      if (missing.length > 0) await writeDescriptions(ctx, client, missing);
      return out;
    },
    async keysPresent(client, keys) {
      const present = new Set<string>();
      if (keys.length === 0) return present;
      // Items from before descriptions were kept have none to compare: described (and kept) now.
      const undescribed = await of(client)
        .select(['uuid', 'dataclass', 'title', 'type', 'body', 'updated', 'fingerprint', 'duplicate_key'])
        .where('deleted', 'is', null)
        .where('fingerprint', 'is', null)
        .execute();
      const missing: Described[] = [];
      for (const row of undescribed) describedRow(row, missing);
      if (missing.length > 0) await writeDescriptions(ctx, client, missing);
      for (const part of chunks(keys, 1, ctx.dialect)) {
        const rows = await of(client).select('duplicate_key').distinct().where('deleted', 'is', null).where('duplicate_key', 'in', part).execute();
        for (const row of rows) if (row.duplicate_key !== null) present.add(row.duplicate_key);
      }
      return present;
    },
    async lastChanged(clients) {
      const latest = new Map<ClientKey, Date>();
      // The keys asked, by account and uuid (one pair may be asked under several objects).
      const asked = new Map<string, ClientKey[]>();
      for (const client of clients) {
        const id = `${client.accountId}:${client.uuid}`;
        const keys = asked.get(id);
        if (keys === undefined) asked.set(id, [client]);
        else keys.push(client);
      }
      // By accounts and then clients, each an indexed list (contents_changes leads with both); the
      // pairs asked are picked out here. One read for every client whatever its account: an
      // instance's held Pings are read together on each tick (activesync/watch.ts).
      for (const part of chunks([...asked.values()].map((keys) => keys[0]!), 2, ctx.dialect)) {
        const rows = await ctx
          .db()
          .selectFrom('contents')
          .select((eb) => ['account_id', 'client_uuid', eb.fn.max('updated').as('updated')])
          .where('account_id', 'in', [...new Set(part.map((c) => c.accountId))])
          .where('client_uuid', 'in', [...new Set(part.map((c) => c.uuid))])
          .groupBy(['account_id', 'client_uuid'])
          .execute();
        for (const row of rows) {
          if (row.updated === null) continue;
          for (const client of asked.get(`${Number(row.account_id)}:${row.client_uuid}`) ?? []) latest.set(client, new Date(Number(row.updated)));
        }
      }
      return latest;
    },
    async countLive(accountId, clientUuids) {
      const counts = new Map<string, number>();
      for (const part of chunks(clientUuids, 1, ctx.dialect)) {
        const rows = await ctx
          .db()
          .selectFrom('contents')
          .select((eb) => ['client_uuid', eb.fn.countAll<number>().as('n')])
          .where('account_id', '=', accountId)
          .where('client_uuid', 'in', part)
          .where('deleted', 'is', null)
          .groupBy('client_uuid')
          .execute();
        for (const row of rows) counts.set(row.client_uuid, Number(row.n));
      }
      return counts;
    },
    async insertMany(items, options) {
      // The rows are exactly what was written: no need to read them back.
      return (await insertRows(items, options)).map(insertedContent);
    },
    async insertOnly(items, options) {
      await insertRows(items, options);
    },
    async update(client, uuid, change) {
      const { fingerprint, key } = describe(change);
      return ctx.inTransaction(async () => {
        const sequence = await takeSequence(ctx, client);
        const row = await updateOne.first(ctx, [
          change.dataclass,
          change.title,
          change.type,
          change.body,
          fingerprint,
          key,
          uidOfItem(change),
          etagOfItem(change),
          Date.now(),
          sequence,
          client.accountId,
          client.uuid,
          uuid,
        ]);
        return row && content(row);
      });
    },
    async updateMany(client, changes) {
      // The later change of an item wins, as if applied in turn; a values list naming a row twice
      // would update it with either.
      const latest = new Map<string, (typeof changes)[number]['change']>();
      for (const { uuid, change } of changes) latest.set(uuid, change);
      if (latest.size === 0) return [];
      const now = Date.now();
      const written = new Map<string, DavItemRecord>();
      await ctx.inTransaction(async () => {
        const sequence = await takeSequence(ctx, client);
        // The time and the client besides the rows' parameters: the chunk limit leaves room for them.
        for (const part of chunks([...latest], UPDATE_COLUMNS.length, ctx.dialect)) {
          const parameters: unknown[] = [];
          for (const [uuid, change] of part) {
            const { fingerprint, key } = describe(change);
            parameters.push(uuid, change.dataclass, change.title, change.type, change.body, fingerprint, key, uidOfItem(change), etagOfItem(change));
          }
          parameters.push(now, sequence, client.accountId, client.uuid);
          const result = await ctx.db().executeQuery<RecordRow>(CompiledQuery.raw(multiRowUpdate(ctx.dialect, part.length), parameters));
          for (const row of result.rows) written.set(row.uuid, content(row));
        }
      });
      return [...latest.keys()].flatMap((uuid) => written.get(uuid) ?? []);
    },
    async deleteMany(client, uuids) {
      if (uuids.length === 0) return [];
      const now = Date.now();
      return ctx.inTransaction(async () => {
        // The tombstone keeps its href: the delta reports the delete under the name the DAV client knows.
        const sequence = await takeSequence(ctx, client);
        if (uuids.length === 1) return (await deleteOne.rows(ctx, [now, now, sequence, client.accountId, client.uuid, uuids[0]])).map((row) => row.uuid);
        const deleted: string[] = [];
        for (const part of chunks(uuids, 1, ctx.dialect)) {
          const rows = await ctx
            .db()
            .updateTable('contents')
            .set({ deleted: now, updated: now, body: '', uid: null, etag: null, sequence })
            .where('account_id', '=', client.accountId)
            .where('client_uuid', '=', client.uuid)
            .where('uuid', 'in', part)
            .where('deleted', 'is', null)
            .returning('uuid')
            .execute();
          for (const row of rows) deleted.push(row.uuid);
        }
        return deleted;
      });
    },
    async collectionSequence(collection) {
      return (await syncState(collection)).current;
    },
    davSyncState: (collection) => syncState(collection),
    async pruneTombstones(before, limit) {
      return ctx.inTransaction(async () => {
        // Across accounts (housekeeping): the oldest due first, through contents_tombstones.
        const due = await ctx
          .db()
          .selectFrom('contents')
          .select(['account_id', 'client_uuid', 'uuid', 'sequence'])
          .where('deleted', 'is not', null)
          .where('deleted', '<', millis(before))
          .orderBy('deleted')
          .limit(limit)
          .execute();
        const byClient = new Map<string, { client: ClientKey; uuids: string[]; through: number }>();
        for (const row of due) {
          const client = { accountId: Number(row.account_id), uuid: row.client_uuid };
          const id = clientId(client.accountId, client.uuid);
          let entry = byClient.get(id);
          if (entry === undefined) byClient.set(id, (entry = { client, uuids: [], through: 0 }));
          entry.uuids.push(row.uuid);
          entry.through = Math.max(entry.through, Number(row.sequence));
        }
        // The counters first, in takeSequences' order, as every writer takes them before any row
        // lock (several instances pruning at once wait on each other here, then find the rows gone).
        // The horizon only rises (max), and only on a counter that exists: a client deleted
        // meanwhile took its counter with it, and one is not made again for it here.
        const order = [...byClient.values()].sort((a, b) => a.client.accountId - b.client.accountId || (a.client.uuid < b.client.uuid ? -1 : a.client.uuid > b.client.uuid ? 1 : 0));
        const greatest = ctx.dialect === 'postgres' ? 'greatest' : 'max';
        for (const { client, through } of order) {
          await ctx
            .db()
            .updateTable('content_sequences')
            .set({ pruned_through: sql<number>`${sql.raw(greatest)}("pruned_through", ${through})` })
            .where('account_id', '=', client.accountId)
            .where('client_uuid', '=', client.uuid)
            .execute();
        }
        let pruned = 0;
        for (const { client, uuids } of order) {
          for (const part of chunks(uuids, 1, ctx.dialect)) {
            const result = await ctx
              .db()
              .deleteFrom('contents')
              .where('account_id', '=', client.accountId)
              .where('client_uuid', '=', client.uuid)
              .where('uuid', 'in', part)
              .where('deleted', 'is not', null)
              .executeTakeFirst();
            pruned += Number(result.numDeletedRows);
          }
        }
        return pruned;
      });
    },
    async davPage(collection, after, limit) {
      const rows = await liveOf(collection)
        .$if(after !== undefined, (q) => q.where('uuid', '>', after ?? ''))
        .orderBy('uuid')
        .limit(limit)
        .execute();
      return rows.map(content);
    },
    async davListing(collection, after, limit) {
      // Four columns, not the record's twelve: in SQLite, reading a row's values is most of a
      // listing's cost (5,000 rows: a third of it), and the etag and href columns lie past the body.
      // No uuid is empty: `> ''` is every row.
      const row = await listingPage[ctx.dialect].first(ctx, [collection.accountId, collection.uuid, collection.dataclass, after ?? '', limit]);
      const n = Number(row?.n ?? 0);
      const listed = n === 0 ? [] : (listedOfPage(collection.dataclass, n, row!.page!, ctx.dialect === 'sqlite') ?? (await readListing(collection, after, limit)));
      // Rows written before the etag column: whole, for the DAV layer to hash.
      const unhashed = listed.filter((item) => item.etag === null).map((item) => item.uuid);
      if (unhashed.length === 0) return listed;
      const whole = new Map<string, DavItemRecord>();
      for (const part of chunks(unhashed, 1, ctx.dialect)) for (const row of await liveOf(collection).where('uuid', 'in', part).execute()) whole.set(row.uuid, content(row));
      return listed.map((item) => whole.get(item.uuid) ?? item);
    },
    async davChanges(collection, afterSequence, limit, position) {
      // The position as a row value, which both databases bound in the index (contents_sequence
      // ends with the uuid): a page within one large sequence reads on from there.
      const rows = await ofCollection(collection)
        .select(RECORD_COLUMNS)
        .where('sequence', '>', afterSequence)
        .$if(position !== undefined, (q) => q.where(({ eb, refTuple, tuple }) => eb(refTuple('sequence', 'uuid'), '>', tuple(position!.sequence, position!.uuid))))
        .orderBy('sequence')
        .orderBy('uuid')
        .limit(limit)
        .execute();
      return rows.map(content);
    },
    async davNamed(collection, name, uid) {
      let live: DavItemRecord | undefined;
      let tombstoned = false;
      const holdersOfUid: DavItemRecord[] = [];
      const key = [collection.accountId, collection.uuid, collection.dataclass, name];
      if (uid === undefined || uid === null) {
        // Of two live rows of one name (none is written so) the last, as membersNamed keeps.
        for (const row of await byHrefWithTombstones.rows(ctx, key)) {
          if (row.deleted === null) live = content(row);
          else tombstoned = true;
        }
        return { live, tombstoned, holdersOfUid };
      }
      // The counter first, as byUid takes it.
      if (ctx.dialect === 'postgres' && ctx.db().isTransaction) await takeSequence(ctx, collection);
      for (const row of await byHrefOrUid.rows(ctx, [...key, collection.accountId, collection.uuid, collection.dataclass, uid])) {
        if (Number(row.by_uid) === 1) holdersOfUid.push(content(row));
        else if (row.deleted === null) live = content(row);
        else tombstoned = true;
      }
      if (holdersOfUid.length > 1) holdersOfUid.sort(byUuid);
      return { live, tombstoned, holdersOfUid };
    },
    async byHrefs(collection, names) {
      if (names.length === 1) return (await liveByHref.rows(ctx, [collection.accountId, collection.uuid, collection.dataclass, names[0]])).map(content);
      const out: DavItemRecord[] = [];
      // Parts of at most 1,000 (SQLite) or 1,875 names: padded to 1,024 or 2,048, well inside either's parameter limit.
      for (const part of chunks(names, 32, ctx.dialect)) {
        // No order: with one, SQLite walks the whole collection in key order instead of looking the
        // names up in contents_href (a PUT into 100,000 items took 120 ms instead of 0.2).
        const { statement, names: padded } = liveByHrefs(part);
        for (const row of await statement.rows(ctx, [collection.accountId, collection.uuid, collection.dataclass, ...padded])) out.push(namedContent(collection, row));
      }
      return out;
    },
    async byUid(collection, uid) {
      // The counter first, as getLocked takes it: a check of a UID and the write that follows it
      // are ordered with every other writer of the datastore (PostgreSQL; SQLite's transaction holds the write lock).
      if (ctx.dialect === 'postgres' && ctx.db().isTransaction) await takeSequence(ctx, collection);
      // Ordered here, not in SQL: with `order by uuid` SQLite walked the collection in key order
      // instead of looking the UID up in contents_uid (a PUT into 5,000 items took 4 ms in it, and
      // more with every item). A UID is held by one item, rarely two.
      const rows = await liveByUid.rows(ctx, [collection.accountId, collection.uuid, collection.dataclass, uid]);
      return rows.map(content).sort(byUuid);
    },
    async davGetMany(collection, uuids) {
      const out: DavItemRecord[] = [];
      for (const part of chunks(uuids, 1, ctx.dialect)) {
        const rows = await liveOf(collection).where('uuid', 'in', part).orderBy('uuid').execute();
        for (const row of rows) out.push(content(row));
      }
      return out;
    },
  };
}

/** What listDescribed and changesDescribed read of a live row. */
type DescribedRow = Pick<Selectable<ContentsTable>, 'uuid' | 'dataclass' | 'title' | 'type' | 'body' | 'updated' | 'fingerprint' | 'duplicate_key'> &
  Partial<Pick<Selectable<ContentsTable>, 'uid' | 'etag'>>;

/** A live row with its description: the one written beside it, else one made now (added to `missing`). */
function describedRow(row: DescribedRow, missing: Described[]): DescribedContent {
  return describedOf(row.uuid, row.dataclass, row.title, row.type, row.body, row.updated, row.fingerprint, row.duplicate_key, row.uid, row.etag, missing);
}

/** describedRow of a row's values one by one: listDescribed reads its rows as arrays. */
function describedOf(
  uuid: string,
  dataclassText: string,
  title: string,
  type: string,
  body: string,
  updated: number | string,
  fingerprint: string | null,
  key: string | null,
  uid: string | null | undefined,
  etag: string | null | undefined,
  missing: Described[],
): DescribedContent {
  const dataclass = dataclassText as ItemDataclass;
  let description: ItemDescription;
  if (fingerprint !== null) description = { fingerprint, key };
  else {
    description = describeItem({ dataclass, title, type, body });
    missing.push({ uuid, updated: Number(updated), description });
  }
  const described: { -readonly [K in keyof DescribedContent]: DescribedContent[K] } = { uuid, dataclass, title, type, body, description };
  // Every write sets the etag and the uid together (deletes clear both): a row with an etag has its uid.
  // Set, not spread in: a slow sync reads 20,000 rows here, and a spread is a runtime copy per row.
  if (etag !== null && etag !== undefined) described.served = { uid: uid ?? null, etag };
  return described;
}

/** listDescribed's columns, in the order of its rows' values. */
type LiveDescribedRow = readonly [string, string, string, string, string, number | string, string | null, string | null, string | null, string | null];
const LIVE_DESCRIBED = `select "uuid", "dataclass", "title", "type", "body", "updated", "fingerprint", "duplicate_key", "uid", "etag" from "contents" where "account_id" = ? and "client_uuid" = ? and "deleted" is null`;
/** listDescribed's statement for a count of dataclasses (undefined: all of them): a slow sync reads each side's 10,000 rows with it, as arrays. */
const liveDescribedOfCount = new Map<number | undefined, PreparedStatement<LiveDescribedRow>>();
function liveDescribed(dataclasses: number | undefined): PreparedStatement<LiveDescribedRow> {
  let statement = liveDescribedOfCount.get(dataclasses);
  if (statement === undefined) {
    const which = dataclasses === undefined ? '' : ` and "dataclass" in (${Array.from({ length: dataclasses }, () => '?').join(', ')})`;
    liveDescribedOfCount.set(dataclasses, (statement = preparedArrays<LiveDescribedRow>(`${LIVE_DESCRIBED}${which} order by "created", "uuid"`)));
  }
  return statement;
}

/** A row read without its description, described now. */
interface Described {
  readonly uuid: string;
  /** The row's `updated` when read: the description is written only to that version of it. */
  readonly updated: number;
  readonly description: ItemDescription;
}

/** Columns of one row of the descriptions' values list. */
const DESCRIBED_COLUMNS = 4;

/**
 * Writes back descriptions computed for rows written before they were kept: one statement per
 * chunk, all in one transaction. A row changed since it was read (its `updated` moved) or
 * described meanwhile is left alone: its writer wrote its own description.
 */
async function writeDescriptions(ctx: StoreContext, client: ClientKey, rows: readonly Described[]): Promise<void> {
  await ctx.inTransaction(async () => {
    for (const part of chunks(rows, DESCRIBED_COLUMNS, ctx.dialect)) {
      let n = 0;
      const p = ctx.dialect === 'postgres' ? () => `$${++n}` : () => '?';
      const parameters: unknown[] = [];
      const tuples: string[] = [];
      for (const row of part) {
        tuples.push(`(${p()}, ${p()}, ${p()}, ${p()})`);
        parameters.push(row.uuid, row.updated, row.description.fingerprint, row.description.key);
      }
      parameters.push(client.accountId, client.uuid);
      // PostgreSQL types a values list's parameters as text: `updated` is compared as a bigint.
      const text =
        `with "v" ("v_uuid", "v_updated", "v_fingerprint", "v_duplicate_key") as (values ${tuples.join(', ')}) ` +
        `update "contents" set "fingerprint" = "v_fingerprint", "duplicate_key" = "v_duplicate_key" ` +
        `from "v" where "contents"."account_id" = ${p()} and "contents"."client_uuid" = ${p()} and "contents"."uuid" = "v_uuid" ` +
        `and "contents"."updated" = cast("v_updated" as bigint) and "contents"."fingerprint" is null and "contents"."deleted" is null`;
      await ctx.db().executeQuery(CompiledQuery.raw(text, parameters));
    }
  });
}
