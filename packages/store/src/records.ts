/**
 * What the store keeps: one record type per table, in the server's own terms (not the wire's).
 * Handlers map records to entries (handlers/*.ts); the store maps them to rows (store/kysely/*).
 *
 * Timestamps are `Date`s with millisecond precision, in UTC. Secrets are never kept in the clear:
 * passwords are scrypt hashes, bearer tokens SHA-256 digests, and what must be recovered later
 * (OAuth consumer secrets, extdata token key/secret, the SyncML MD5 digest) is sealed with the
 * server's SecretBox (secrets/box.ts) before it reaches the store.
 */
import type { ClientKind, ConflictWinner, MessageDirection, OutboxKind, Statistics, SyncMode, SyncmlEncoding, SyncResult, TokenType, WipeScope } from '@atomsync/atom';

import type { SyncStatsResult } from '@atomsync/engine';
import type { FormatQuirks, ItemDataclass, ItemDescription } from '@atomsync/items';

/** The dataclass of one stored item (the engine's): `Calendar` is a filter, never an item's class. */
export { ITEM_DATACLASSES, type ItemDataclass } from '@atomsync/items';

export interface AccountRecord {
  readonly id: number;
  readonly username: string;
  /** scrypt, in the self-describing form of auth/password.ts. */
  readonly passwordHash: string;
  /** Sealed `B64(MD5(user:password))` for SyncML auth-md5 (guide/protocol.md#syncml-authentication). */
  readonly syncmlDigest: string | null;
  readonly admin: boolean;
  readonly created: Date;
  readonly updated: Date;
}

export interface NewAccount {
  readonly username: string;
  readonly passwordHash: string;
  readonly syncmlDigest: string | null;
  readonly admin: boolean;
}

export interface BearerTokenRecord {
  readonly id: number;
  readonly accountId: number;
  /** Hex SHA-256 of the token; the token itself is shown once and never stored. */
  readonly digest: string;
  readonly created: Date;
}

export interface ConsumerRecord {
  readonly key: string;
  readonly accountId: number;
  /** Sealed consumer secret (HMAC-SHA1 verification needs it back). */
  readonly sealedSecret: string;
  readonly created: Date;
}

/**
 * A named password of an account for one device's CardDAV/CalDAV sign-in (auth/device-sign-in.ts),
 * never for the Atom API. The password itself is shown once, on create, and never stored.
 */
export interface AppPasswordRecord {
  readonly accountId: number;
  readonly uuid: string;
  /** 1 to 100 characters, unique in the account. */
  readonly name: string;
  /** scrypt, in the self-describing form of auth/password.ts, of the password's typed form (services/app-passwords.ts). */
  readonly passwordHash: string;
  /**
   * 16 bits of the SHA-256 of the password's typed form: which of the account's app passwords a
   * presented one can be, so a sign-in runs scrypt against about one of them, not all
   * (auth/device-sign-in.ts says why this costs the secret nothing that matters).
   */
  readonly hint: number;
  readonly created: Date;
  /** When it last signed a device in (written at most about once a minute); null when never. */
  readonly lastUsed: Date | null;
}

export type NewAppPassword = Omit<AppPasswordRecord, 'created' | 'lastUsed'>;

// ---- clients --------------------------------------------------------------------------------

export interface ExtdataTokenRecord {
  readonly type: TokenType;
  /** Sealed. */
  readonly sealedKey: string;
  /** Sealed. */
  readonly sealedSecret: string;
  readonly scopes: readonly string[];
  /**
   * An OAuth 2.0 bearer token being refreshed (connectors/extdata/dav/refreshed.ts): which run
   * holds the refresh and until when (ms since the epoch). The other instances' runs wait for the
   * tokens it stores instead of spending the refresh token too (a provider that rotates them
   * voids the loser's). Absent when none is.
   */
  readonly refreshing?: { readonly by: string; readonly until: number };
}

export interface ExtdataDatastoreRecord {
  readonly dataclass: ItemDataclass | 'Calendar';
  readonly href: string;
  /** As registered; undefined → the dataclass is the name. */
  readonly name: string | null;
  readonly token: ExtdataTokenRecord | null;
  /**
   * Set when registration found the href speaking CardDAV/CalDAV: the collection discovery chose,
   * synced by the DAV connector. Absent: today's Atom feed (or a remote not reached at registration).
   */
  readonly dav?: ExtdataDavRecord;
}

export interface ExtdataDavRecord {
  /** The collection's absolute URL, as the remote spells it. */
  readonly collection: string;
  readonly kind: 'addressbook' | 'calendar';
}

export interface ExtdataClientRecord {
  readonly uuid: string;
  readonly accountId: number;
  readonly userId: string;
  /** In registration order. */
  readonly datastores: readonly ExtdataDatastoreRecord[];
  readonly created: Date;
  readonly updated: Date;
}

export interface DatastoreClientRecord {
  readonly uuid: string;
  readonly accountId: number;
  readonly userId: string;
  readonly created: Date;
  readonly updated: Date;
}

export interface PhoneDatastoreRecord {
  /** The datastore's name as the phone sent it (its source LocURI, e.g. `./contacts`). */
  readonly name: string;
  readonly dataclass: ItemDataclass | 'Calendar';
  /** The server datastore URI it syncs with (`contacts`, `calendar`, …). */
  readonly serverUri: string;
}

export interface SyncmlClientRecord {
  readonly uuid: string;
  readonly accountId: number;
  readonly userId: string;
  readonly phoneNumber: string;
  readonly modelUuid: string;
  /** '' until the phone's first session names its DevID. */
  readonly imei: string;
  readonly timezone: string;
  /** Name of the last setup sent; '' when none. */
  readonly setupName: string;
  readonly setupSent: Date | null;
  readonly datastores: readonly PhoneDatastoreRecord[];
  readonly created: Date;
  readonly updated: Date;
}

export interface ActivesyncClientRecord {
  readonly uuid: string;
  readonly accountId: number;
  readonly userId: string;
  readonly username: string;
  /** scrypt (auth/password.ts); write-only on the API. */
  readonly passwordHash: string;
  readonly phoneNumber: string;
  readonly modelUuid: string;
  readonly lastSync: Date | null;
  readonly created: Date;
  readonly updated: Date;
}

// ---- datastore contents ---------------------------------------------------------------------

export interface ContentRecord {
  readonly uuid: string;
  readonly clientUuid: string;
  readonly dataclass: ItemDataclass;
  readonly title: string;
  /** Media type, e.g. `text/x-vcard`. */
  readonly type: string;
  /** The item text; '' for a tombstone. */
  readonly body: string;
  readonly created: Date;
  /** Last change, the delete included: the `since` feed selects on it. */
  readonly updated: Date;
  /** Set when deleted: the row stays as a tombstone so `since` feeds report the delete. */
  readonly deleted: Date | null;
}

/**
 * A contents row as DAV reads it: the record, its DAV name and its last change. Every contents
 * row the store returns is one (ContentRepo), so a writer learns the sequence it wrote.
 */
export interface DavItemRecord extends ContentRecord {
  /**
   * The name a DAV client gave the item when it created it (the last path segment, decoded); null:
   * made by another protocol, served as `<uuid>.vcf` / `.ics`; RELEASED_HREF: a tombstone whose
   * name a later item took.
   */
  readonly href: string | null;
  /** The change sequence of the write that last touched it (its client's counter): a sync token's position. */
  readonly sequence: number;
  /**
   * The ETag (unquoted) of what DAV serves of it, kept beside the body by every write; null for a
   * tombstone or an item written before the column (then hashed when read: dav/representation.ts).
   */
  readonly etag: string | null;
  /**
   * `uidOf` of the body, as the store keeps it, when the read brought it (byHrefs: a multiget then
   * need not read each body for its UID); written with the etag by every write, so it says
   * something only beside a non-null etag. Absent when not read.
   */
  readonly uid?: string | null;
}

/**
 * The href of a tombstone whose name a later item of its collection took (no name is empty). A
 * delta leaves it out: the item that has the name now answers for it, with a greater sequence, and
 * the tombstone has no other name the client knew (null would serve it as `<uuid>.ics`, a stray
 * 404). It stays a tombstone for the REST `since` feed, which reports the delete by uuid.
 */
export const RELEASED_HREF = '';

/**
 * What a listing of ETags (PROPFIND Depth 1, an initial sync-collection) reads of a live item: its
 * name, its stored ETag and its date, not its body — a listing of 5,000 reads no more. An item
 * without a stored ETag (written before the column) comes whole, a DavItemRecord, to be hashed.
 */
export type DavListedItem = Pick<DavItemRecord, 'uuid' | 'dataclass' | 'href' | 'etag' | 'updated'>;

/** A DAV home: where address books are, or calendars. */
export type DavFamily = 'addressbooks' | 'calendars';

/** The segment a DAV client chose for a collection it made, in its home: from then on it names that collection. */
export interface DavSegmentRecord {
  readonly accountId: number;
  readonly family: DavFamily;
  readonly segment: string;
  readonly clientUuid: string;
  readonly dataclass: ItemDataclass;
}

export interface NewContent {
  readonly uuid: string;
  /** The account of the client holding the item: with clientUuid, its client's key (store.ts ClientKey). */
  readonly accountId: number;
  readonly clientUuid: string;
  readonly dataclass: ItemDataclass;
  readonly title: string;
  readonly type: string;
  readonly body: string;
  /**
   * The name a DAV client gave the item it PUT (the last path segment, decoded), stored as given;
   * absent or null for items of other protocols. Inserting a live item under a name a tombstone of
   * its collection still holds takes the name off the tombstone, so a delta never lists it twice.
   */
  readonly href?: string | null;
  /**
   * `describeItem` of this very content, when the writer has it already (the sync engine copying
   * an item it described on reading it); without it the store describes the item itself.
   */
  readonly description?: ItemDescription;
  /** As ContentChange's: the body's UID and served hash, when the writer has them. */
  readonly uid?: string | null;
  readonly etag?: string;
}

export interface ContentChange {
  readonly dataclass: ItemDataclass;
  readonly title: string;
  readonly type: string;
  readonly body: string;
  /** As NewContent's: `describeItem` of this very content, when the writer has it. */
  readonly description?: ItemDescription;
  /**
   * `uidOf` of this very body and the hash of what DAV serves of it (served-hash.ts over
   * `davBody`), when the writer has them (a DAV PUT worked both out to check the body and answer
   * its ETag): the store writes them as given instead of reading the body again.
   */
  readonly uid?: string | null;
  readonly etag?: string;
}

/**
 * A live item as a slow sync reads it: its content and its description (fingerprint and duplicate
 * key, kept beside it so that reading 10,000 items does not parse 10,000 vCards).
 */
export interface DescribedContent {
  readonly uuid: string;
  readonly dataclass: ItemDataclass;
  readonly title: string;
  readonly type: string;
  readonly body: string;
  readonly description: ItemDescription;
  /**
   * The row's UID and DAV ETag (ContentChange's uid and etag), when it has them (rows written before
   * the etag column have not): a writer storing this very body elsewhere (a sync's copy) hands them
   * on instead of rendering and hashing the body again.
   */
  readonly served?: { readonly uid: string | null; readonly etag: string };
}

/** A change as a sync reads it: a live item with its description, or a delete (a tombstone). */
export type DescribedChange =
  | (DescribedContent & { readonly deleted: false })
  | { readonly uuid: string; readonly dataclass: ItemDataclass; readonly deleted: true };

// ---- sync engine ----------------------------------------------------------------------------

export interface ClientRefRecord {
  readonly kind: ClientKind;
  readonly uuid: string;
}

export interface BindingRecord {
  readonly id: number;
  readonly accountId: number;
  readonly source: ClientRefRecord;
  readonly target: ClientRefRecord;
  readonly conflictWinner: ConflictWinner;
  readonly created: Date;
  readonly updated: Date;
}

/** A run's statistics as the engine reports them (the log keeps them as JSON). */
export type SyncStatsRecord = SyncStatsResult;

export interface SyncLogRecord {
  readonly id: number;
  readonly accountId: number;
  /** null once the binding is deleted: the log outlives it. */
  readonly bindingId: number | null;
  readonly source: ClientRefRecord;
  readonly target: ClientRefRecord;
  readonly syncMode: SyncMode;
  readonly dataclass: ItemDataclass | 'Calendar';
  readonly stats: SyncStatsRecord;
  readonly result: SyncResult;
  readonly reason: string | null;
  readonly published: Date;
}

export type NewSyncLog = Omit<SyncLogRecord, 'id' | 'published'>;

export interface PhoneBindingRecord {
  readonly id: number;
  readonly accountId: number;
  readonly modelUuid: string;
  readonly phoneNumber: string;
  readonly foreignUserId: string;
  readonly timezone: string;
  readonly syncmlClientUuid: string;
  readonly datastoreClientUuid: string;
  readonly created: Date;
  readonly updated: Date;
}

export type NewPhoneBinding = Omit<PhoneBindingRecord, 'id' | 'created' | 'updated'>;

// ---- SyncML: what was sent to phones, sessions, chat log ------------------------------------

export interface OutboxRecord {
  readonly id: number;
  readonly accountId: number;
  readonly clientUuid: string;
  readonly kind: OutboxKind;
  readonly phoneNumber: string;
  /** e.g. `application/vnd.wap.connectivity-wbxml`, `application/vnd.syncml.notification`. */
  readonly mediaType: string;
  readonly payload: Uint8Array;
  readonly created: Date;
}

export type NewOutboxItem = Omit<OutboxRecord, 'id' | 'created'>;

export interface SessionDatastoreRecord {
  readonly uri: string;
  readonly dataclass: ItemDataclass | 'Calendar' | null;
  readonly syncMode: SyncMode | null;
  readonly statistics: Statistics | null;
}

export interface SessionRecord {
  readonly id: string;
  /** null when the session was refused before an account was known. */
  readonly accountId: number | null;
  readonly clientUuid: string | null;
  readonly deviceId: string;
  readonly protocol: string;
  readonly encoding: SyncmlEncoding;
  readonly started: Date;
  readonly ended: Date | null;
  readonly status: number | null;
  readonly reason: string | null;
  readonly datastores: readonly SessionDatastoreRecord[];
}

export interface ChatMessageRecord {
  readonly id: number;
  readonly sessionId: string;
  readonly msgId: number;
  readonly direction: MessageDirection;
  readonly encoding: SyncmlEncoding;
  /** The message as XML text (a WBXML message as its XML form; `encoding` says which crossed the wire). */
  readonly body: string;
  readonly created: Date;
}

export type NewChatMessage = Omit<ChatMessageRecord, 'id' | 'created'>;

// ---- ActiveSync: each phone's device state ------------------------------------------------

/**
 * An ActiveSync phone as it first contacted us: one per ActiveSync client (a new DeviceId
 * replaces it). The JSON texts here and in the collection are the endpoint's (activesync/); the
 * store does not read them.
 */
export interface ActivesyncDeviceRecord {
  readonly accountId: number;
  readonly clientUuid: string;
  readonly deviceId: string;
  readonly deviceType: string;
  readonly userAgent: string;
  /** The MS-ASProtocolVersion of its last request. */
  readonly protocolVersion: string;
  /** The policy key the device acknowledged (Provision, second phase); null before. */
  readonly policyKey: string | null;
  /** A policy key handed out in the first phase, awaiting its acknowledgement. */
  readonly pendingPolicyKey: string | null;
  /** The FolderSync key the device holds ('0' before its first FolderSync). */
  readonly folderSyncKey: string;
  /** The folders it was given (JSON text: the endpoint's business; '[]' on first contact). */
  readonly folders: string;
  /** Settings' DeviceInformation as sent (JSON text), or null. */
  readonly information: string | null;
  readonly created: Date;
  /** Its last request, to the minute: written only when it moved by more than WRITE_LAST_SEEN_AFTER_MS. */
  readonly lastSeen: Date;
  /** The last full Sync request (the endpoint's JSON), for an empty or partial Sync; null before one. */
  readonly syncRequest?: string | null;
  /** The last full Ping request (the endpoint's JSON), for an empty Ping; null before one. */
  readonly pingRequest?: string | null;
  /** Since when FolderSync finds the client in no binding (the phone gets no folders); null while bound. */
  readonly unboundSince: Date | null;
  /** The device this one replaced (another DeviceId on the same client), or null. */
  readonly replaced: { readonly deviceId: string; readonly at: Date } | null;
  /** A remote wipe asked for this device, or null. */
  readonly wipe: ActivesyncWipe | null;
}

/** MS-ASPROV RemoteWipe ('device') or, from 16.1, AccountOnlyRemoteWipe ('account'): the API's WipeScope. */
export type ActivesyncWipeScope = WipeScope;

export interface ActivesyncWipe {
  readonly scope: ActivesyncWipeScope;
  readonly requested: Date;
  /** When the phone was last told to wipe (a Provision answered with the wipe); null before. */
  readonly sent: Date | null;
  /** When the phone acknowledged it (Provision with the wipe's Status 1): refused from then on. */
  readonly acknowledged: Date | null;
}

/** An item loop protection took out of a collection's queue: the phone kept failing on it. */
export interface ActivesyncIsolatedItem {
  /** The folder's ServerId. */
  readonly collectionId: string;
  readonly serverId: string;
  readonly op: ActivesyncOutboxOp;
  /** The binding whose sync log reports it. */
  readonly bindingId: number;
  readonly since: Date;
}

/** One synchronized collection (folder) of a device. */
export interface ActivesyncCollectionRecord {
  readonly accountId: number;
  readonly clientUuid: string;
  /** The folder's ServerId. */
  readonly collectionId: string;
  /** The SyncKey handed out last ('0': none yet). */
  readonly syncKey: string;
  /** The SyncKey of the request `lastReply` answered (a phone that resends it gets the same reply). */
  readonly previousKey: string | null;
  /** The Collection element of that reply, as the endpoint stored it (JSON text), or null. */
  readonly lastReply: string | null;
  /** The collection's options, Supported list, anchors… (JSON text: the endpoint's business). */
  readonly state: string;
  readonly updated: Date;
}

/** `softdelete`: the item left the phone's window (FilterType); the phone drops it without deleting it anywhere (MS-ASCMD SoftDelete). */
export type ActivesyncOutboxOp = 'add' | 'replace' | 'delete' | 'softdelete';

/** A change queued for the device, sent a window at a time. */
export interface ActivesyncOutboxRow {
  /** Increasing within the device (so within the collection), never reused while the device lasts; not consecutive. */
  readonly seq: number;
  readonly op: ActivesyncOutboxOp;
  readonly serverId: string;
  readonly dataclass: ItemDataclass;
  /** The item (empty for a delete). */
  readonly body: string;
}

/** An item as the device holds it: what ghosting and Fetch read. */
export interface ActivesyncDeviceItem {
  readonly serverId: string;
  readonly dataclass: ItemDataclass;
  readonly body: string;
}

// ---- phone catalogue ------------------------------------------------------------------------

export interface VendorRecord {
  readonly uuid: string;
  readonly name: string;
}

/**
 * Per-model rules applied to what a phone is sent, kept as data in the catalogue (not as code):
 * the quirks @atomsync/items renders a phone's items for.
 */
export type ModelQuirks = FormatQuirks;

export interface ModelRecord {
  readonly uuid: string;
  readonly vendorUuid: string;
  readonly name: string;
  /** '' when there is no picture. */
  readonly imageUrl: string;
  /** SyncML DS version, e.g. `1.1.2`, `1.2`; null when unknown. */
  readonly syncmlVersion: string | null;
  /** What the phone syncs; empty when unknown. */
  readonly dataclasses: readonly (ItemDataclass | 'Calendar')[];
  readonly quirks: ModelQuirks;
}
