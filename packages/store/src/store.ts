/**
 * The Store: the one storage interface the services use. Two implementations pass one shared
 * suite (packages/store/test/*.test.ts): the embedded default (better-sqlite3, WAL) and PostgreSQL, both
 * in kysely/ over one Kysely query layer (guide/operators.md#stores).
 *
 * Isolation is structural: every method that reaches an account's objects takes the account id,
 * and an object of another account is simply not found (undefined / false), exactly like one that
 * does not exist. Contents are reached through their client's key (its account and uuid) once the
 * handler has checked that the client belongs to the caller.
 *
 * Every write that touches more than one row runs in one transaction (`transaction`), inside
 * which the repositories of `tx` see and write the same snapshot.
 */
import type { ConflictWinner, SyncMode } from '@atomsync/atom';
import type { SideName, StateChange, SyncState } from '@atomsync/engine';
import type {
  AccountRecord,
  AppPasswordRecord,
  ActivesyncClientRecord,
  ActivesyncCollectionRecord,
  ActivesyncDeviceItem,
  ActivesyncDeviceRecord,
  ActivesyncIsolatedItem,
  ActivesyncOutboxRow,
  ActivesyncWipeScope,
  BearerTokenRecord,
  BindingRecord,
  ChatMessageRecord,
  ClientRefRecord,
  ConsumerRecord,
  ContentChange,
  DescribedChange,
  DescribedContent,
  DatastoreClientRecord,
  DavFamily,
  DavItemRecord,
  DavListedItem,
  DavSegmentRecord,
  ExtdataClientRecord,
  ExtdataDatastoreRecord,
  ItemDataclass,
  ModelRecord,
  NewAccount,
  NewAppPassword,
  NewChatMessage,
  NewContent,
  NewOutboxItem,
  NewPhoneBinding,
  NewSyncLog,
  OutboxRecord,
  PhoneBindingRecord,
  PhoneDatastoreRecord,
  SessionRecord,
  SyncLogRecord,
  SyncmlClientRecord,
  VendorRecord,
} from './records.js';

export interface AccountRepo {
  list(): Promise<AccountRecord[]>;
  get(id: number): Promise<AccountRecord | undefined>;
  /** Through the username's route (its account's row is read by id). */
  byUsername(username: string): Promise<AccountRecord | undefined>;
  /** undefined when the username is taken (its route decides). */
  create(account: NewAccount): Promise<AccountRecord | undefined>;
  /** Password (and its MD5 digest) and admin flag; false when there is no such account. The username never changes (its route would change with it). */
  update(id: number, change: { passwordHash: string; syncmlDigest: string | null; admin: boolean }): Promise<boolean>;
  /** Deletes the account and everything it owns (clients, contents, bindings, logs, tokens, …). */
  delete(id: number): Promise<boolean>;
  /**
   * As `delete`, unless the account is the last administrator: then 'last_admin' and nothing
   * changes. The count and the delete are one transaction with the administrators' rows locked
   * (PostgreSQL `for update`; a SQLite transaction holds the write lock from its start), so two
   * deletes at once, on any instances, cannot remove the last two administrators between them.
   */
  deleteUnlessLastAdmin(id: number): Promise<'deleted' | 'absent' | 'last_admin'>;
}

export interface TokenRepo {
  /** Throws for a digest that exists (in any account). */
  create(accountId: number, digest: string): Promise<BearerTokenRecord>;
  /** Through the digest's route. */
  byDigest(digest: string): Promise<BearerTokenRecord | undefined>;
}

export interface ConsumerRepo {
  /** Throws for a key that exists (in any account). */
  create(consumer: Omit<ConsumerRecord, 'created'>): Promise<ConsumerRecord>;
  /** Through the key's route. */
  byKey(key: string): Promise<ConsumerRecord | undefined>;
}

/**
 * An account's app passwords (records.ts AppPasswordRecord). Found by the account only: a device
 * signs in with the account's username, which leads to the account first.
 */
export interface AppPasswordRepo {
  /** The account's app passwords, oldest first, with their hashes (the sign-in needs them; the API shows none). */
  list(accountId: number): Promise<AppPasswordRecord[]>;
  /**
   * Inserts it, in one transaction with the checks, unless the account has one of the same name
   * ('name_taken') or holds `limit` already ('full'); concurrent creates of one account are
   * serialized, so neither rule is broken by a race, on any instance.
   */
  create(fresh: NewAppPassword, limit: number): Promise<AppPasswordRecord | 'name_taken' | 'full'>;
  /**
   * The account `accountId`, and its app password hashed as `passwordHash` when it has one: in one
   * read, what a remembered DAV sign-in is checked against on every request (auth/device-sign-in.ts).
   * Undefined when the account is gone.
   */
  holding(accountId: number, passwordHash: string): Promise<{ account: AccountRecord; appPassword?: AppPasswordRecord } | undefined>;
  /** false when the account has no app password with this uuid. */
  delete(accountId: number, uuid: string): Promise<boolean>;
  /** Records a sign-in at `when`, unless one was recorded less than `unlessWithinMs` before it; no-op for one revoked meanwhile. */
  touch(accountId: number, uuid: string, when: Date, unlessWithinMs: number): Promise<void>;
}

export interface NonceRepo {
  /**
   * Records an OAuth nonce for a consumer (of the account) and timestamp; false when the same
   * (consumer, timestamp, nonce) was already seen: a replay. Shared by every server instance on
   * one database. The consumer must exist: its nonces go with it.
   */
  remember(accountId: number, consumerKey: string, timestamp: number, nonce: string): Promise<boolean>;
  /**
   * Forgets nonces older than the window (their timestamps are refused anyway): the account's, or
   * without one every account's (housekeeping only: it reads across accounts).
   */
  prune(olderThan: number, accountId?: number): Promise<void>;
}

export interface ExtdataClientRepo {
  list(accountId: number): Promise<ExtdataClientRecord[]>;
  get(accountId: number, uuid: string): Promise<ExtdataClientRecord | undefined>;
  create(client: Omit<ExtdataClientRecord, 'created' | 'updated'>): Promise<ExtdataClientRecord>;
  /** Sets user_id and appends datastores; undefined when not found. */
  addDatastores(accountId: number, uuid: string, userId: string, datastores: readonly ExtdataDatastoreRecord[]): Promise<ExtdataClientRecord | undefined>;
  /**
   * Rewrites the datastores `change` returns a new record for (the others as they are), in one
   * locked read-modify-write: the `dav` marker a run discovered, a refreshed OAuth token, a lease
   * on refreshing one. `change` is also given every datastore as stored (a decision that weighs
   * them all is made inside the lock). Undefined when the client is gone.
   */
  updateDatastores(
    accountId: number,
    uuid: string,
    change: (datastore: ExtdataDatastoreRecord, stored: readonly ExtdataDatastoreRecord[]) => ExtdataDatastoreRecord | undefined,
  ): Promise<ExtdataClientRecord | undefined>;
  delete(accountId: number, uuid: string): Promise<boolean>;
}

export interface DatastoreClientRepo {
  list(accountId: number): Promise<DatastoreClientRecord[]>;
  get(accountId: number, uuid: string): Promise<DatastoreClientRecord | undefined>;
  /** user_id is unique per account: the phone-to-datastore binding reuses the client it names. */
  byUserId(accountId: number, userId: string): Promise<DatastoreClientRecord | undefined>;
  /** undefined when the account already has a datastore client with this user_id. */
  create(client: Omit<DatastoreClientRecord, 'created' | 'updated'>): Promise<DatastoreClientRecord | undefined>;
  delete(accountId: number, uuid: string): Promise<boolean>;
}

/** Where a page of changes starts: after this change (its item's `updated` and uuid). */
export interface ChangePosition {
  readonly updated: Date;
  readonly uuid: string;
}

/**
 * What names a client to the contents it holds: its account (the key the store is sharded by,
 * leading the contents' primary key) and its uuid. A client record is one.
 */
export type ClientKey = Pick<DatastoreClientRecord, 'accountId' | 'uuid'>;

/** One dataclass of one datastore client: what DAV serves as one collection. */
export interface CollectionKey extends ClientKey {
  readonly dataclass: ItemDataclass;
}

/** Where a page of DAV changes starts: after this change (its sequence and its item's uuid). */
export interface SequencePosition {
  readonly sequence: number;
  readonly uuid: string;
}

export interface ContentRepo {
  /** Live items of a client, optionally only these dataclasses. */
  list(client: ClientKey, dataclasses?: readonly ItemDataclass[]): Promise<DavItemRecord[]>;
  /**
   * list's items, in its order, with their descriptions as written beside them (what a slow sync
   * reads). An item written before descriptions were kept is described now and its description
   * written back (in one transaction, unless the item changed meanwhile).
   */
  listDescribed(client: ClientKey, dataclasses?: readonly ItemDataclass[]): Promise<DescribedContent[]>;
  /**
   * Live items of a client a page at a time, in uuid order after `after` (none: from the first),
   * then past `offset` more (default none), at most `limit`: for whatever reads a whole
   * datastore with memory bounded by a page. With `words` (lower case), only the items whose
   * title or body holds every one of them, case folded (the listing's `?q=` search).
   */
  page(client: ClientKey, after: string | undefined, limit: number, dataclasses?: readonly ItemDataclass[], offset?: number, words?: readonly string[]): Promise<DavItemRecord[]>;
  /** Live and deleted items changed at or after `since`, oldest change first. */
  changesSince(client: ClientKey, since: Date, dataclasses?: readonly ItemDataclass[]): Promise<DavItemRecord[]>;
  /**
   * changesSince's changes, in its order, the live items with their descriptions (what a two-way
   * sync reads); a live item written before descriptions were kept is described as listDescribed does.
   */
  changesDescribed(client: ClientKey, since: Date, dataclasses?: readonly ItemDataclass[]): Promise<DescribedChange[]>;
  /**
   * changesSince a page at a time: in (updated, uuid) order after the change `after` (none: from
   * the first), then past `offset` more (default none), at most `limit`. An item changed while
   * the pages are read moves behind the position and is read again, never skipped.
   */
  changesPage(client: ClientKey, since: Date, after: ChangePosition | undefined, limit: number, dataclasses?: readonly ItemDataclass[], offset?: number): Promise<DavItemRecord[]>;
  /**
   * The newest `updated` of the live items (`since` undefined), or of the items changed at or
   * after `since`, live or deleted; undefined when there are none.
   */
  newest(client: ClientKey, since: Date | undefined, dataclasses?: readonly ItemDataclass[]): Promise<Date | undefined>;
  /** The live item; undefined when absent or deleted. */
  get(client: ClientKey, uuid: string): Promise<DavItemRecord | undefined>;
  /**
   * Takes the client's change counter until the caller's transaction ends: the datastore's other
   * writers wait, so a check that a DAV name is free and the insert under it are one step. Only
   * inside a transaction; the transaction's writes use the value taken.
   */
  lockClient(client: ClientKey): Promise<void>;
  /**
   * `get`, its row locked until the caller's transaction ends (PostgreSQL `for update`; a SQLite
   * transaction holds the write lock from its start): a check of the item and the write that
   * follows it see the same item, on any instance. Only inside a transaction.
   */
  getLocked(client: ClientKey, uuid: string): Promise<DavItemRecord | undefined>;
  /** Live items among `uuids` (missing ones are left out). */
  getMany(client: ClientKey, uuids: readonly string[]): Promise<DavItemRecord[]>;
  /** getMany's items with their descriptions (a sync run's check of what it replaces or deletes), described as listDescribed does. */
  getManyDescribed(client: ClientKey, uuids: readonly string[]): Promise<DescribedContent[]>;
  /**
   * Which of `keys` (duplicate keys, describeItem's) a live item of the client has: an import's
   * twins, found without reading the datastore whole. Items stored before descriptions were kept
   * are described first, as listDescribed does.
   */
  keysPresent(client: ClientKey, keys: readonly string[]): Promise<Set<string>>;
  /**
   * The time of each client's latest change (an add, a replace or a delete), for whoever waits
   * for one (ActiveSync Ping): keyed by the very keys given; clients without any item are absent.
   * The clients may be of several accounts (an instance's held Pings): one indexed read for all.
   */
  lastChanged(clients: readonly ClientKey[]): Promise<Map<ClientKey, Date>>;
  /** Live item count per client uuid of the account (clients without items are absent). */
  countLive(accountId: number, clientUuids: readonly string[]): Promise<Map<string, number>>;
  /** Writes the items, each under its client (`accountId`, `clientUuid`). */
  insertMany(items: readonly NewContent[], options?: InsertOptions): Promise<DavItemRecord[]>;
  /**
   * insertMany without the records of what it wrote, for a writer that reads none of them back
   * (a sync run's adds, a DAV PUT's create): a 10k-vs-10k slow sync's 14,000 copies made a record
   * and two Dates each for nothing.
   */
  insertOnly(items: readonly NewContent[], options?: InsertOptions): Promise<void>;
  /** Replaces a live item; undefined when absent or deleted. */
  update(client: ClientKey, uuid: string, change: ContentChange): Promise<DavItemRecord | undefined>;
  /**
   * Replaces many live items of a client in a few statements (a sync run's replaces); the records
   * written, in the order asked. Absent and deleted items are left out; of two changes of one
   * item the later one is written.
   */
  updateMany(client: ClientKey, changes: readonly { readonly uuid: string; readonly change: ContentChange }[]): Promise<DavItemRecord[]>;
  /** Turns live items into tombstones; returns the uuids that were live. */
  deleteMany(client: ClientKey, uuids: readonly string[]): Promise<string[]>;

  // DAV (issue 21). Every write above (insertMany, update, updateMany, deleteMany) takes its
  // client's next change sequence in its own transaction (one value per client per transaction)
  // and stamps every row it writes with it; the counter's lock orders the writers of one datastore
  // until they commit, so a reader of deltas never skips a change that committed late. getLocked
  // takes the counter too (PostgreSQL), so that its row lock never waits on a writer that holds it.

  /**
   * The sequence of the collection's latest change, live or deleted (0 when none), and never below
   * the datastore's pruned horizon (davSyncState): a delete whose tombstone was pruned does not
   * take the collection back to a value it had before it.
   */
  collectionSequence(collection: CollectionKey): Promise<number>;
  /** Live items of the collection in uuid order after `after` (none: from the first), at most `limit`. */
  davPage(collection: CollectionKey, after: string | undefined, limit: number): Promise<DavItemRecord[]>;
  /**
   * collectionSequence (`current`) and the datastore's pruned horizon (`oldest`: the greatest
   * sequence of a tombstone pruned, 0 when none): a delta can start from a sequence at or above
   * `oldest` only. One read.
   */
  davSyncState(collection: CollectionKey): Promise<{ readonly current: number; readonly oldest: number }>;
  /**
   * Housekeeping (reads across accounts): deletes up to `limit` tombstones deleted before
   * `before`, oldest first, in one transaction that raises each datastore's pruned horizon to the
   * greatest sequence it deleted; returns how many went. Safe on several instances at once.
   */
  pruneTombstones(before: Date, limit: number): Promise<number>;
  /**
   * davPage for a listing of ETags: only what it serves of each item (DavListedItem), items
   * without a stored ETag whole.
   */
  davListing(collection: CollectionKey, after: string | undefined, limit: number): Promise<DavListedItem[]>;
  /**
   * Items of the collection, live and tombstones, written after `afterSequence`, in (sequence,
   * uuid) order after `position` (for paging within one sequence), at most `limit`.
   */
  davChanges(collection: CollectionKey, afterSequence: number, limit: number, position?: SequencePosition): Promise<DavItemRecord[]>;
  /**
   * What a DAV PUT reads of its name before it writes: the live item holding the name (as byHrefs
   * of it) and whether a tombstone still holds it. In the PUT's transaction, none holding it lets
   * the insert skip taking the name off tombstones (InsertOptions.hrefsFree): one statement fewer.
   * With `uid`, in the same statement, the live items holding it, as byUid reads them (its
   * counter taken first on PostgreSQL, uuid order).
   */
  davNamed(collection: CollectionKey, name: string, uid?: string | null): Promise<DavNamed>;
  /** The live items of the collection whose DAV name is among `names` (href column). */
  byHrefs(collection: CollectionKey, names: readonly string[]): Promise<DavItemRecord[]>;
  /** The live items of the collection among `uuids` (the DAV endpoint's `<uuid>.vcf` names), with href and sequence. */
  davGetMany(collection: CollectionKey, uuids: readonly string[]): Promise<DavItemRecord[]>;
  /**
   * The live items of the collection whose body's UID (@atomsync/items uidOf, written beside it
   * by every write) is `uid`, through an index. Inside a transaction on PostgreSQL it first takes
   * the client's change counter, as getLocked does: two writers checking one UID in one datastore
   * are ordered, and the later sees what the earlier wrote. (A SQLite transaction holds the write
   * lock from its start.)
   */
  byUid(collection: CollectionKey, uid: string): Promise<DavItemRecord[]>;
}

/**
 * What DAV clients set on collections (PROPPATCH, MKCALENDAR, extended MKCOL): per collection,
 * Clark name (`{ns}name`) → the stored text (a live property's checked value, a dead one's XML
 * fragment as sent). Deleted with the account and with the datastore client.
 */
export interface DavPropertyRepo {
  /**
   * The properties of each of `collections`, keyed by the very keys given (collections without
   * any are absent): one read for all of them, as a home listing asks.
   */
  get(collections: readonly CollectionKey[]): Promise<Map<CollectionKey, Map<string, string>>>;
  /** Sets (inserts or replaces) and removes properties of one collection, all in one transaction. */
  patch(collection: CollectionKey, set: readonly { readonly name: string; readonly value: string }[], remove: readonly string[]): Promise<void>;
}

/** The segments DAV clients chose for the collections they made. Deleted with the account and with the datastore client. */
export interface DavSegmentRepo {
  /** Every segment of the account (a home listing names its collections by them). */
  list(accountId: number): Promise<DavSegmentRecord[]>;
  get(accountId: number, family: DavFamily, segment: string): Promise<DavSegmentRecord | undefined>;
  /** false when the account's home already has the segment (nothing written). */
  add(segment: DavSegmentRecord): Promise<boolean>;
}

export interface SyncmlClientRepo {
  list(accountId: number): Promise<SyncmlClientRecord[]>;
  get(accountId: number, uuid: string): Promise<SyncmlClientRecord | undefined>;
  create(client: Omit<SyncmlClientRecord, 'created' | 'updated' | 'datastores' | 'setupName' | 'setupSent' | 'imei'>): Promise<SyncmlClientRecord>;
  recordSetup(accountId: number, uuid: string, name: string, sent: Date): Promise<SyncmlClientRecord | undefined>;
  setImei(accountId: number, uuid: string, imei: string): Promise<boolean>;
  /** Adds a phone datastore on first sync of its URI (no-op when the name exists). */
  addDatastore(accountId: number, uuid: string, datastore: PhoneDatastoreRecord): Promise<boolean>;
  delete(accountId: number, uuid: string): Promise<boolean>;
}

/** An ActiveSync username some client already holds (compared without ASCII case): nothing was written. */
export class ActivesyncNameTaken extends Error {
  constructor(readonly username: string) {
    super(`the ActiveSync username ${JSON.stringify(username)} is taken`);
    this.name = 'ActivesyncNameTaken';
  }
}

export interface ActivesyncClientRepo {
  list(accountId: number): Promise<ActivesyncClientRecord[]>;
  get(accountId: number, uuid: string): Promise<ActivesyncClientRecord | undefined>;
  /**
   * Throws ActivesyncNameTaken when a client of any account holds the username, whatever its ASCII
   * case (a phone's HTTP Basic names no account: the name alone must say whose client it is).
   */
  create(client: Omit<ActivesyncClientRecord, 'created' | 'updated' | 'lastSync'>): Promise<ActivesyncClientRecord>;
  setPassword(accountId: number, uuid: string, passwordHash: string): Promise<ActivesyncClientRecord | undefined>;
  delete(accountId: number, uuid: string): Promise<boolean>;
  /**
   * The client holding this username, in any account, compared without ASCII case; undefined for
   * a name nobody holds, or one several clients held before migration 15 (it leads to none of
   * them). Through the username's route; the username of a client never changes.
   */
  byUsername(username: string): Promise<ActivesyncClientRecord | undefined>;
  /** `last_sync`: the time of the device's last completed Sync. */
  setLastSync(accountId: number, uuid: string, when: Date): Promise<void>;
}

export interface BindingRepo {
  list(accountId: number): Promise<BindingRecord[]>;
  get(accountId: number, id: number): Promise<BindingRecord | undefined>;
  create(binding: { accountId: number; source: ClientRefRecord; target: ClientRefRecord; conflictWinner: ConflictWinner }): Promise<BindingRecord>;
  setConflictWinner(accountId: number, id: number, winner: ConflictWinner): Promise<BindingRecord | undefined>;
  delete(accountId: number, id: number): Promise<boolean>;
  /** Bindings with this client on either side (to find a client's peer, or refuse deleting it). */
  byClient(accountId: number, clientUuid: string): Promise<BindingRecord[]>;
}

export interface SyncLogRepo {
  /** Newest first. */
  list(accountId: number, bindingId?: number): Promise<SyncLogRecord[]>;
  get(accountId: number, id: number): Promise<SyncLogRecord | undefined>;
  /** A run's entry: `running` when it starts (then `finish`ed), or one that ended already. Published now. */
  append(entry: NewSyncLog): Promise<SyncLogRecord>;
  /** The end of a run logged `running`: its entry takes `outcome`, published now; undefined when it is gone or no longer running. */
  finish(accountId: number, id: number, outcome: SyncLogOutcome): Promise<SyncLogRecord | undefined>;
  /** The entry of `bindingId` still `running`, if any (at most one: runs of a binding hold its lease in turn). */
  running(accountId: number, bindingId: number): Promise<SyncLogRecord | undefined>;
}

/** How a run ended, for SyncLogRepo.finish. */
export type SyncLogOutcome = Pick<NewSyncLog, 'syncMode' | 'stats' | 'result' | 'reason'>;

/**
 * What names a binding to the tables of its state: its account (the key the store is sharded by,
 * leading their primary keys) and its id. A BindingRecord is one.
 */
export type BindingKey = Pick<BindingRecord, 'accountId' | 'id'>;

/**
 * The sync engine's memory of a binding (engine/state.ts): the id map, one row per pair, keyed by
 * the item's class; and the anchors of each side, kept per dataclass *as asked* (`anchorKey`:
 * `Contacts`, …, `Calendar`), since a `Calendar` run reads both Events and Tasks from one anchor.
 * Deleting the binding deletes its state.
 */
export interface SyncStateRepo {
  /** The map entries of these item classes and the anchors kept under `anchorKey`. */
  load(binding: BindingKey, dataclasses: readonly ItemDataclass[], anchorKey: string): Promise<SyncState>;
  /** Applies a run's state change; call inside the run's transaction. */
  save(binding: BindingKey, anchorKey: string, change: StateChange): Promise<void>;
  /**
   * Renames ids of one side in the map: a phone's Map names the LUIDs of the items a session
   * added to it under provisional ids. A pair already holding a new id (a LUID the phone reused)
   * is dropped first. Returns how many pairs were renamed.
   */
  renameIds(binding: BindingKey, side: SideName, renames: readonly { readonly from: string; readonly to: string }[]): Promise<number>;
}

/** What a lease row says of the run holding it: enough to log that run should it never end. */
export interface LeaseRun {
  readonly dataclass: ItemDataclass | 'Calendar';
  /** The mode the run was asked for. */
  readonly syncMode: SyncMode;
  readonly started: Date;
}

export type LeaseTake =
  | { readonly taken: true; readonly interrupted?: { readonly holder: string; readonly expired: Date; readonly run: LeaseRun } }
  | { readonly taken: false; readonly expires: Date };

/**
 * The run lock of a binding: a lease row, so runs of one binding are serialized across every
 * server instance on one database, and a crashed instance's lease runs out instead of blocking
 * the binding forever.
 */
export interface SyncLockRepo {
  /** Takes the lease for `holder` for `ttlMs`; false while another holder's lease is live. */
  acquire(binding: BindingKey, holder: string, ttlMs: number): Promise<boolean>;
  /**
   * Takes the lease for `holder` for `ttlMs`, recording `run` in it, in one transaction (joining
   * the caller's): refused while another holder's lease is live (with when it runs out); taken
   * over when it ran out, with what the row said of the run that held it (a run that never gave
   * its lease up: its server died, or lost the database, mid-run).
   */
  take(binding: BindingKey, holder: string, ttlMs: number, run: LeaseRun): Promise<LeaseTake>;
  /**
   * Up to `limit` bindings whose lease, recording a run, ran out at or before `now` (housekeeping
   * only: it reads across accounts; the table holds a row per running binding).
   */
  expired(now: Date, limit: number): Promise<BindingKey[]>;
  /** Extends the holder's lease; false when it was lost (expired and taken). */
  renew(binding: BindingKey, holder: string, ttlMs: number): Promise<boolean>;
  /** Gives the lease up (no-op when not the holder). */
  release(binding: BindingKey, holder: string): Promise<void>;
}

export interface PhoneBindingRepo {
  list(accountId: number): Promise<PhoneBindingRecord[]>;
  create(binding: NewPhoneBinding): Promise<PhoneBindingRecord>;
  bySyncmlClient(accountId: number, syncmlClientUuid: string): Promise<PhoneBindingRecord | undefined>;
  /** Deletes the phone bindings of a SyncML client (it is being deleted); how many there were. */
  deleteBySyncmlClient(accountId: number, syncmlClientUuid: string): Promise<number>;
}

export interface OutboxRepo {
  append(item: NewOutboxItem): Promise<OutboxRecord>;
  /** Newest first. */
  list(accountId: number, clientUuid: string): Promise<OutboxRecord[]>;
}

export interface SessionRepo {
  /** Newest first. */
  list(accountId: number): Promise<SessionRecord[]>;
  get(id: string): Promise<SessionRecord | undefined>;
  /** Inserts or replaces the record of a session. */
  save(session: SessionRecord): Promise<void>;
  /**
   * Drops the records of sessions no account holds, started before `before`: refused attempts
   * (kept by servers before issue 20, none since), which no listing shows. Returns how many.
   */
  pruneUnowned(before: Date): Promise<number>;
}

export interface ChatLogRepo {
  append(message: NewChatMessage): Promise<ChatMessageRecord>;
  /** Newest first, at most `limit`. */
  list(limit: number): Promise<ChatMessageRecord[]>;
  /** Bounded retention: drops messages older than `before`. */
  prune(before: Date): Promise<number>;
  /** Bounded retention: keeps only the newest `keep` messages; returns how many were dropped. */
  keepNewest(keep: number): Promise<number>;
  /**
   * Bounded retention by size: keeps the newest messages whose bodies add up to at most
   * `maxBytes` (UTF-8); returns how many were dropped.
   */
  keepBytes(maxBytes: number): Promise<number>;
}

/**
 * The row of a SyncML session in progress: the endpoint's session machine (syncml/) keeps
 * everything here, so any server instance can take the session's next message. `state` is the
 * machine's JSON (written and checked by syncml/session/codecs.ts); the store does not read it.
 */
export interface SyncmlSessionRow {
  /**
   * The session's id: a digest of the random key carried in our RespURI (the key itself, a bearer
   * secret while the session lives, is never stored).
   */
  readonly key: string;
  /** The phone's DevID (SyncHdr Source LocURI) and its SessionID. */
  readonly deviceId: string;
  readonly phoneSessionId: string;
  readonly state: string;
  /** Bumped by every update: an update made against an older version is refused. */
  readonly version: number;
  /**
   * The MsgID of the last message answered, the reply sent, and a digest of the request it
   * answered (encoding, session key, Authorization, body): a repeat must be that very request.
   */
  readonly lastMsgId: string | null;
  readonly lastReply: Uint8Array | null;
  readonly lastRequest: string | null;
  readonly updated: Date;
}

/** One item change buffered by a session: what the phone sent ('in'), what is queued for it ('out'). */
export interface SyncmlSessionItemRow {
  readonly direction: 'in' | 'out';
  /** Order within the session and direction, from 0. */
  readonly seq: number;
  /** The machine's JSON for the change (syncml/session/codecs.ts); the store does not read it. */
  readonly body: string;
}

export interface SyncmlSessionRepo {
  create(row: Omit<SyncmlSessionRow, 'version' | 'updated'>): Promise<SyncmlSessionRow>;
  get(key: string): Promise<SyncmlSessionRow | undefined>;
  /**
   * The latest session of a device with the phone's SessionID; with `lastRequest`, only one whose
   * last answered request has that digest (a phone repeating a message it sent without our key).
   */
  find(deviceId: string, phoneSessionId: string, lastRequest?: string): Promise<SyncmlSessionRow | undefined>;
  /**
   * Writes the session's new state if it is still at `version` (compare-and-set) and returns the
   * new record; undefined when another instance moved it first, or it is gone.
   */
  update(key: string, version: number, change: { state: string; lastMsgId: string | null; lastReply: Uint8Array | null; lastRequest: string | null }): Promise<SyncmlSessionRow | undefined>;
  /** Drops the session and its items. */
  delete(key: string): Promise<void>;
  /** Drops sessions not updated since `before`, with their items; returns how many. */
  pruneIdle(before: Date): Promise<number>;
  /** Appends changes after the last of their direction (seq continues from there). */
  appendItems(key: string, direction: 'in' | 'out', bodies: readonly string[]): Promise<void>;
  /** A direction's items with seq ≥ `from`, in order, at most `limit`. */
  items(key: string, direction: 'in' | 'out', from?: number, limit?: number): Promise<SyncmlSessionItemRow[]>;
  /** How many items a direction holds. */
  countItems(key: string, direction: 'in' | 'out'): Promise<number>;
}

/**
 * What the server keeps per phone device across sessions, before and after it is matched to a
 * SyncML client: the MD5 nonce it was last given (Chal NextNonce) and its DevInf (JSON).
 */
export interface SyncmlDeviceRecord {
  readonly accountId: number;
  readonly deviceId: string;
  /** '' when none was issued. */
  readonly nonce: string;
  /** JSON of the phone's DevInf (@atomsync/syncml; written and checked by syncml/session/codecs.ts), or null before its first Put. */
  readonly devinf: string | null;
  readonly updated: Date;
}

export interface SyncmlDeviceRepo {
  get(accountId: number, deviceId: string): Promise<SyncmlDeviceRecord | undefined>;
  /** Inserts or updates the fields given (the others are kept). */
  save(accountId: number, deviceId: string, change: { nonce?: string; devinf?: string }): Promise<void>;
}

/**
 * What the ActiveSync endpoint keeps per phone between its requests, so any server instance can
 * take the next one: the device (policy, FolderSync key, folders), per collection its SyncKey,
 * last reply and state, the changes queued for it, and the items as the phone holds them. All of
 * it belongs to the ActiveSync client and goes with it, or with its account.
 */
/**
 * A device's lastSeen is written when it moved by more than this: phones send a request every few
 * seconds to minutes (a Ping per change, Syncs in windows), and a row write per request bought a
 * precision no reader needs (the record shows the last contact to the minute).
 */
export const WRITE_LAST_SEEN_AFTER_MS = 60_000;

export interface ActivesyncDeviceRepo {
  device(accountId: number, clientUuid: string): Promise<ActivesyncDeviceRecord | undefined>;
  /** Every device of the account's clients, in clientUuid order. */
  devices(accountId: number): Promise<ActivesyncDeviceRecord[]>;
  /**
   * Records the device on its request: created on first contact; the same DeviceId refreshes deviceType,
   * userAgent, protocolVersion and lastSeen — written only when one of the first three changed or lastSeen moved by
   * more than WRITE_LAST_SEEN_AFTER_MS; another DeviceId replaces the device and drops every state of the
   * old one (its collections, outbox, items, isolated items) — `replaced` names the old DeviceId then, and
   * the record keeps it (`replaced`) until the next replacement — except while a remote wipe is in force (asked and not
   * cancelled): then another DeviceId changes nothing and gets the record as it is, the wiped phone's (its deviceId
   * is not the request's).
   */
  touch(accountId: number, clientUuid: string, device: { deviceId: string; deviceType: string; userAgent: string; protocolVersion: string }, now: Date): Promise<{ record: ActivesyncDeviceRecord; replaced: string | null }>;
  /** Writes the fields given (the others are kept); no-op for a device not recorded. */
  update(
    accountId: number,
    clientUuid: string,
    patch: Partial<Pick<ActivesyncDeviceRecord, 'policyKey' | 'pendingPolicyKey' | 'folderSyncKey' | 'folders' | 'information' | 'syncRequest' | 'pingRequest' | 'unboundSince'>>,
  ): Promise<void>;
  /** Asks a remote wipe of the device (a new ask replaces an earlier one, sent or acknowledged); undefined for a device not recorded. */
  requestWipe(accountId: number, clientUuid: string, scope: ActivesyncWipeScope, now: Date): Promise<ActivesyncDeviceRecord | undefined>;
  /** Forgets the wipe, whatever its state (the device is served again); undefined for a device not recorded. */
  cancelWipe(accountId: number, clientUuid: string): Promise<ActivesyncDeviceRecord | undefined>;
  /** The phone was told to wipe: only for the wipe asked at `requested`, not yet acknowledged. */
  wipeSent(accountId: number, clientUuid: string, requested: Date, now: Date): Promise<void>;
  /** The phone acknowledged the wipe asked at `requested`: false when that wipe is gone (cancelled, asked again) or already acknowledged. */
  acknowledgeWipe(accountId: number, clientUuid: string, requested: Date, now: Date): Promise<boolean>;
  /** Those of `devices` with a wipe asked and not yet acknowledged (one query for all, for the held Pings of an instance). */
  pendingWipes(devices: readonly { readonly accountId: number; readonly clientUuid: string }[]): Promise<{ accountId: number; clientUuid: string }[]>;
  /** Records an item loop protection took out (again: its row is replaced). The device must be recorded. */
  isolate(accountId: number, clientUuid: string, item: ActivesyncIsolatedItem): Promise<void>;
  /** The isolated items of one client's device, or of every device of the account, by clientUuid, oldest first. */
  isolated(accountId: number, clientUuid?: string): Promise<Map<string, ActivesyncIsolatedItem[]>>;
  collection(accountId: number, clientUuid: string, collectionId: string): Promise<ActivesyncCollectionRecord | undefined>;
  /** In collectionId order. */
  collections(accountId: number, clientUuid: string): Promise<ActivesyncCollectionRecord[]>;
  /** Inserts or replaces the collection's row (updated = now). The device must be recorded. */
  saveCollection(record: Omit<ActivesyncCollectionRecord, 'updated'>, now: Date): Promise<void>;
  /** Forgets a collection: its row, outbox, items and isolated items (a SyncKey 0, a folder gone). */
  resetCollection(accountId: number, clientUuid: string, collectionId: string): Promise<void>;
  /** Queues changes after those queued before, in the order given. The device must be recorded. */
  appendOutbox(accountId: number, clientUuid: string, collectionId: string, rows: readonly Omit<ActivesyncOutboxRow, 'seq'>[]): Promise<void>;
  /** The oldest `limit` queued changes, in order. */
  peekOutbox(accountId: number, clientUuid: string, collectionId: string, limit: number): Promise<ActivesyncOutboxRow[]>;
  outboxSize(accountId: number, clientUuid: string, collectionId: string): Promise<number>;
  /** Drops the queued changes up to and including `throughSeq`; an isolated item among them is isolated no more (the phone took it). */
  dropOutbox(accountId: number, clientUuid: string, collectionId: string, throughSeq: number): Promise<void>;
  /** Those of `serverIds` the device holds, by serverId (missing ones are left out). */
  items(accountId: number, clientUuid: string, collectionId: string, serverIds: readonly string[]): Promise<Map<string, ActivesyncDeviceItem>>;
  /** Inserts or replaces items by serverId (of two with one serverId the later wins). The device must be recorded. */
  putItems(accountId: number, clientUuid: string, collectionId: string, items: readonly ActivesyncDeviceItem[]): Promise<void>;
  removeItems(accountId: number, clientUuid: string, collectionId: string, serverIds: readonly string[]): Promise<void>;
}

export interface CatalogueRepo {
  listVendors(): Promise<VendorRecord[]>;
  getVendor(uuid: string): Promise<VendorRecord | undefined>;
  /** All models, or one vendor's. */
  listModels(vendorUuid?: string): Promise<ModelRecord[]>;
  getModel(uuid: string): Promise<ModelRecord | undefined>;
  /** Inserts or replaces vendors and models (by uuid), in one transaction with the caller's. */
  upsert(vendors: readonly VendorRecord[], models: readonly ModelRecord[]): Promise<void>;
  isEmpty(): Promise<boolean>;
}

/** How insertMany may write. */
export interface InsertOptions {
  /**
   * The caller read, inside this transaction, that no row of the items' collections (live or
   * tombstone) holds the items' names (davNamed): the release of tombstones' names is skipped.
   */
  readonly hrefsFree?: boolean;
}

/** davNamed's answer. */
export interface DavNamed {
  /** The live item holding the name. */
  readonly live: DavItemRecord | undefined;
  /** Whether a tombstone holds it (its name not yet released to a later item). */
  readonly tombstoned: boolean;
  /** The live items holding the UID asked (byUid's answer); empty when none was. */
  readonly holdersOfUid: DavItemRecord[];
}

export interface Repositories {
  readonly accounts: AccountRepo;
  readonly tokens: TokenRepo;
  readonly consumers: ConsumerRepo;
  readonly nonces: NonceRepo;
  readonly appPasswords: AppPasswordRepo;
  readonly extdata: ExtdataClientRepo;
  readonly datastores: DatastoreClientRepo;
  readonly contents: ContentRepo;
  readonly davProperties: DavPropertyRepo;
  readonly davSegments: DavSegmentRepo;
  readonly syncml: SyncmlClientRepo;
  readonly activesync: ActivesyncClientRepo;
  readonly bindings: BindingRepo;
  readonly syncLog: SyncLogRepo;
  readonly syncState: SyncStateRepo;
  readonly syncLocks: SyncLockRepo;
  readonly phoneBindings: PhoneBindingRepo;
  readonly outbox: OutboxRepo;
  readonly sessions: SessionRepo;
  readonly chatLog: ChatLogRepo;
  readonly syncmlSessions: SyncmlSessionRepo;
  readonly syncmlDevices: SyncmlDeviceRepo;
  readonly activesyncDevices: ActivesyncDeviceRepo;
  readonly catalogue: CatalogueRepo;
}

/** A PostgreSQL store's connection pool, for the metrics. */
export interface PoolStats {
  readonly total: number;
  readonly idle: number;
  readonly waiting: number;
  readonly max: number;
}

/** How `Store.transaction` runs its work. */
export interface TransactionOptions {
  /**
   * `work` does nothing but read and write the store (no message sent, no remote called, nothing
   * of the request's state it cannot set again), so it may run again from the start when its
   * transaction was cut before its COMMIT was sent (a terminated backend, a restart, a failover)
   * or lost a serialization conflict or deadlock: the database kept nothing of that attempt.
   * A COMMIT sent and its answer lost is never retried: it may have been kept. Default: false,
   * every failure is the caller's.
   */
  readonly retry?: boolean;
}

export interface Store extends Repositories {
  readonly dialect: 'sqlite' | 'postgres';
  /** The connection pool's figures; undefined where there is no pool (SQLite's one connection). */
  poolStats(): PoolStats | undefined;
  /**
   * A token of the store's state: it changes with every committed write (of any table, by any
   * instance or process), so two equal tokens mean nothing was written between their reads. It
   * may change without anything a given read answers changing. For keeping answers computed from
   * the store (http/answer-cache.ts): read it before what the answer is computed from.
   */
  version(): Promise<string>;
  /**
   * Runs `work` in one transaction: all its writes land, or none. Inside, use `tx`'s repositories
   * only. Nested calls join the outer transaction (and its `retry`).
   */
  transaction<T>(work: (tx: Repositories) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * Runs `callback` once the transaction of the moment has committed, or at once outside one. A
   * transaction rolled back (or an attempt of it that runs again, `retry`) never runs it.
   */
  afterCommit(callback: () => void): void;
  close(): Promise<void>;
}
