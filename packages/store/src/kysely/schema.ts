/**
 * The tables as Kysely sees them. One shape for both dialects: timestamps are epoch milliseconds
 * (bigint in PostgreSQL, parsed back to numbers; integer in SQLite), flags are 0/1 integers, and
 * nested lists (datastores, statistics, quirks) are JSON text. Rows map to records in the
 * repository of their table, nowhere else.
 */
import type { Generated } from 'kysely';

/** Epoch milliseconds, UTC. */
export type Millis = number;

export interface AccountsTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  syncml_digest: string | null;
  admin: number;
  created: Millis;
  updated: Millis;
}

export interface TokensTable {
  id: Generated<number>;
  account_id: number;
  digest: string;
  created: Millis;
}

export interface ConsumersTable {
  key: string;
  account_id: number;
  sealed_secret: string;
  created: Millis;
}

/** Migration 19: an account's named passwords for its devices (AppPasswordRecord). */
export interface AppPasswordsTable {
  account_id: number;
  uuid: string;
  name: string;
  password_hash: string;
  hint: number;
  created: Millis;
  last_used: Millis | null;
}

export interface NoncesTable {
  /** The consumer's account (migration 13). */
  account_id: number;
  consumer_key: string;
  timestamp: number;
  nonce: string;
}

/**
 * Routing tables (migration 13): from the name a sign-in starts with to the account it belongs
 * to, keyed by the name (store/kysely/routes.ts writes them with the rows they route).
 */
export interface UsernameRoutesTable {
  username: string;
  account_id: number;
}

export interface TokenRoutesTable {
  digest: string;
  account_id: number;
}

export interface ConsumerRoutesTable {
  key: string;
  account_id: number;
}

/**
 * One row per ActiveSync username, keyed by its folded form (routes.ts activesyncNameKey): unique
 * across the service since migration 15. A row leads to the one client holding the name; a name
 * that several clients of the schema before held (they collided) leads to none: client_uuid and
 * account_id are null and `holders` counts those clients, so the name stays taken until the last
 * of them is deleted.
 */
export interface ActivesyncRoutesTable {
  username: string;
  account_id: number | null;
  client_uuid: string | null;
  holders: number;
}

export interface ExtdataClientsTable {
  uuid: string;
  account_id: number;
  user_id: string;
  /** JSON ExtdataDatastoreRecord[]. */
  datastores: string;
  created: Millis;
  updated: Millis;
}

export interface DatastoreClientsTable {
  uuid: string;
  account_id: number;
  user_id: string;
  created: Millis;
  updated: Millis;
}

export interface ContentsTable {
  /** The account of the client holding the row (migration 12): leads the primary key (account_id, client_uuid, uuid). */
  account_id: number;
  client_uuid: string;
  uuid: string;
  dataclass: string;
  title: string;
  type: string;
  body: string;
  created: Millis;
  updated: Millis;
  deleted: Millis | null;
  /** `describeItem` of the body, written with it (migration 7); null: written before, described when next read. */
  fingerprint: string | null;
  /** The duplicate key; null also when the item has none (then `fingerprint` is set). */
  duplicate_key: string | null;
  /** The change sequence of the write that last touched the row (migration 18; 0: written before). */
  sequence: number;
  /** The DAV name a DAV client gave the item when it created it (migration 18); null: made by another protocol. */
  href: string | null;
  /**
   * The UID of the vCard or iCalendar body (migration 20; @atomsync/items uidOf), written with it;
   * null for a body without one, a tombstone, or a row written before.
   */
  uid: string | null;
  /**
   * The ETag (unquoted) of the bytes DAV serves of the item (migration 21; @atomsync/items davBody
   * hashed), written with the body; null for a tombstone or a row written before.
   */
  etag: string | null;
}

/**
 * A property a DAV client set on a collection (migration 20): one row per property, keyed by the
 * collection (account, datastore client, dataclass) and the property's Clark name `{ns}name`. A
 * live property the client may set (displayname, calendar-color …) holds its checked value as text;
 * a dead one the XML fragment the client sent.
 */
export interface DavPropertiesTable {
  account_id: number;
  client_uuid: string;
  dataclass: string;
  name: string;
  value: string;
}

/**
 * The URL segment a DAV client chose for a collection it made (migration 20, MKCALENDAR and
 * extended MKCOL): the segment names that collection in its home from then on.
 */
export interface DavSegmentsTable {
  account_id: number;
  /** 'addressbooks' or 'calendars': the home the segment is in. */
  family: string;
  segment: string;
  client_uuid: string;
  dataclass: string;
}

/** One change counter per datastore client (migration 18): every write of its contents takes the next value. */
export interface ContentSequencesTable {
  account_id: number;
  client_uuid: string;
  /** The last value taken. */
  sequence: number;
  /** The greatest sequence of a tombstone pruned (migration 22): a sync token below it is refused; 0 when none was. */
  pruned_through: Generated<number>;
}

export interface SyncmlClientsTable {
  uuid: string;
  account_id: number;
  user_id: string;
  phone_number: string;
  model_uuid: string;
  imei: string;
  timezone: string;
  setup_name: string;
  setup_sent: Millis | null;
  /** JSON PhoneDatastoreRecord[]. */
  datastores: string;
  created: Millis;
  updated: Millis;
}

export interface ActivesyncClientsTable {
  uuid: string;
  account_id: number;
  user_id: string;
  username: string;
  password_hash: string;
  phone_number: string;
  model_uuid: string;
  last_sync: Millis | null;
  created: Millis;
  updated: Millis;
}

export interface BindingsTable {
  id: Generated<number>;
  account_id: number;
  source_kind: string;
  source_uuid: string;
  target_kind: string;
  target_uuid: string;
  conflict_winner: string;
  created: Millis;
  updated: Millis;
}

export interface SyncLogTable {
  id: Generated<number>;
  account_id: number;
  binding_id: number | null;
  source_kind: string;
  source_uuid: string;
  target_kind: string;
  target_uuid: string;
  sync_mode: number;
  dataclass: string;
  /** JSON SyncStatsRecord. */
  stats: string;
  result: string;
  reason: string | null;
  published: Millis;
}

export interface PhoneBindingsTable {
  id: Generated<number>;
  account_id: number;
  model_uuid: string;
  phone_number: string;
  foreign_user_id: string;
  timezone: string;
  syncml_client_uuid: string;
  datastore_client_uuid: string;
  created: Millis;
  updated: Millis;
}

export interface OutboxTable {
  id: Generated<number>;
  account_id: number;
  client_uuid: string;
  kind: string;
  phone_number: string;
  media_type: string;
  payload: Uint8Array;
  created: Millis;
}

export interface SessionsTable {
  id: string;
  account_id: number | null;
  client_uuid: string | null;
  device_id: string;
  protocol: string;
  encoding: string;
  started: Millis;
  ended: Millis | null;
  status: number | null;
  reason: string | null;
  /** JSON SessionDatastoreRecord[]. */
  datastores: string;
}

export interface ChatLogTable {
  id: Generated<number>;
  session_id: string;
  msg_id: number;
  direction: string;
  encoding: string;
  body: string;
  created: Millis;
}

export interface VendorsTable {
  uuid: string;
  name: string;
}

export interface ModelsTable {
  uuid: string;
  vendor_uuid: string;
  name: string;
  image_url: string;
  syncml_version: string | null;
  /** JSON dataclass list. */
  dataclasses: string;
  /** JSON ModelQuirks. */
  quirks: string;
}

/** One pair of a binding's id map (engine MapEntry). */
export interface SyncMapTable {
  account_id: number;
  binding_id: number;
  dataclass: string;
  source_id: string;
  target_id: string;
  source_hash: string;
  target_hash: string;
}

export interface SyncAnchorsTable {
  account_id: number;
  binding_id: number;
  /** The dataclass as a run asked for it, `Calendar` included. */
  anchor_key: string;
  source_anchor: string | null;
  target_anchor: string | null;
}

export interface SyncLocksTable {
  account_id: number;
  binding_id: number;
  /** Whoever holds the lease (one run of one instance). */
  holder: string;
  expires: Millis;
  /** The run holding it (migration 17; null in a row taken by `acquire`): logged should it never end. */
  dataclass: string | null;
  sync_mode: number | null;
  started: Millis | null;
}

/** A SyncML session between messages (store.ts SyncmlSessionRow). */
export interface SyncmlSessionStateTable {
  key: string;
  device_id: string;
  phone_session_id: string;
  /** The session machine's JSON; the store does not read it. */
  state: string;
  /** Compare-and-set counter, bumped by every update. */
  version: number;
  last_msg_id: string | null;
  last_reply: Uint8Array | null;
  /** Digest of the request `last_reply` answers (migration 4). */
  last_request: string | null;
  updated: Millis;
}

/** An item change buffered by a session, per direction in `seq` order. */
export interface SyncmlSessionItemsTable {
  session_key: string;
  direction: string;
  seq: number;
  /** The session machine's JSON of the change. */
  body: string;
}

export interface SyncmlDevicesTable {
  account_id: number;
  device_id: string;
  /** '' when none was issued. */
  nonce: string;
  /** JSON DevInf, null before the phone's first Put. */
  devinf: string | null;
  updated: Millis;
}

/** An ActiveSync client's device (store.ts ActivesyncDeviceRepo): one row per client. */
export interface ActivesyncDevicesTable {
  account_id: number;
  client_uuid: string;
  device_id: string;
  device_type: string;
  user_agent: string;
  protocol_version: string;
  policy_key: string | null;
  pending_policy_key: string | null;
  folder_sync_key: string;
  /** The endpoint's JSON; the store does not read it. */
  folders: string;
  /** JSON DeviceInformation, null until Settings sends it. */
  information: string | null;
  /** The last outbox seq handed out to the device (0: none yet). */
  outbox_seq: number;
  created: Millis;
  last_seen: Millis;
  /** The endpoint's JSON of the last full Sync / Ping request (migration 6). */
  sync_request: string | null;
  ping_request: string | null;
  /** Since when FolderSync finds the client in no binding. */
  unbound_since: Millis | null;
  /** The DeviceId this device replaced, and when. */
  replaced_device_id: string | null;
  replaced_at: Millis | null;
  /** A remote wipe: 'device' | 'account', asked, last sent to the phone, acknowledged by it. */
  wipe_scope: string | null;
  wipe_requested: Millis | null;
  wipe_sent: Millis | null;
  wipe_acknowledged: Millis | null;
}

/** An item loop protection took out of a collection's queue (migration 6). */
export interface ActivesyncIsolatedTable {
  account_id: number;
  client_uuid: string;
  collection_id: string;
  server_id: string;
  /** 'add' | 'replace' | 'delete': the change the phone kept failing on. */
  op: string;
  binding_id: number;
  since: Millis;
}

export interface ActivesyncCollectionsTable {
  account_id: number;
  client_uuid: string;
  collection_id: string;
  sync_key: string;
  previous_key: string | null;
  /** The endpoint's JSON of the last Collection reply. */
  last_reply: string | null;
  /** The endpoint's JSON; the store does not read it. */
  state: string;
  updated: Millis;
}

/** A change queued for a device's collection, in `seq` order. */
export interface ActivesyncOutboxTable {
  account_id: number;
  client_uuid: string;
  collection_id: string;
  seq: number;
  /** 'add' | 'replace' | 'delete'. */
  op: string;
  server_id: string;
  dataclass: string;
  body: string;
}

/** An item as a device's collection holds it. */
export interface ActivesyncItemsTable {
  account_id: number;
  client_uuid: string;
  collection_id: string;
  server_id: string;
  dataclass: string;
  body: string;
}

export interface Database {
  accounts: AccountsTable;
  tokens: TokensTable;
  consumers: ConsumersTable;
  nonces: NoncesTable;
  app_passwords: AppPasswordsTable;
  username_routes: UsernameRoutesTable;
  token_routes: TokenRoutesTable;
  consumer_routes: ConsumerRoutesTable;
  activesync_routes: ActivesyncRoutesTable;
  extdata_clients: ExtdataClientsTable;
  datastore_clients: DatastoreClientsTable;
  contents: ContentsTable;
  content_sequences: ContentSequencesTable;
  dav_properties: DavPropertiesTable;
  dav_segments: DavSegmentsTable;
  syncml_clients: SyncmlClientsTable;
  activesync_clients: ActivesyncClientsTable;
  bindings: BindingsTable;
  sync_log: SyncLogTable;
  phone_bindings: PhoneBindingsTable;
  outbox: OutboxTable;
  sessions: SessionsTable;
  chat_log: ChatLogTable;
  vendors: VendorsTable;
  models: ModelsTable;
  sync_map: SyncMapTable;
  sync_anchors: SyncAnchorsTable;
  sync_locks: SyncLocksTable;
  syncml_session_state: SyncmlSessionStateTable;
  syncml_session_items: SyncmlSessionItemsTable;
  syncml_devices: SyncmlDevicesTable;
  activesync_devices: ActivesyncDevicesTable;
  activesync_collections: ActivesyncCollectionsTable;
  activesync_outbox: ActivesyncOutboxTable;
  activesync_items: ActivesyncItemsTable;
  activesync_isolated: ActivesyncIsolatedTable;
}
