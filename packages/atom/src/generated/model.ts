// generated — do not edit. Written by codegen/src/emit/model.ts from spec/openapi.yaml and spec/xsd/*.xsd; run `npm run generate`.
/* eslint-disable */


/** 1 = request token, 2 = access token. */
export const TOKEN_TYPE_VALUES = [1, 2] as const;
export type TokenType = (typeof TOKEN_TYPE_VALUES)[number];

/** A content item's dataclass. Calendar groups Events and Tasks. */
export const DATACLASS_VALUES = ["Contacts", "Events", "Tasks", "Notes", "Calendar"] as const;
export type Dataclass = (typeof DATACLASS_VALUES)[number];

/** What a remote wipe erases: device (MS-ASPROV RemoteWipe, the whole phone) or account (AccountOnlyRemoteWipe, only this account's data and credentials; phones on protocol 16.1). */
export const WIPE_SCOPE_VALUES = ["device", "account"] as const;
export type WipeScope = (typeof WIPE_SCOPE_VALUES)[number];

export const OPERATION_TYPE_VALUES = ["insert", "update", "delete", "query"] as const;
export type OperationType = (typeof OPERATION_TYPE_VALUES)[number];

/** The kind of a sync client: SyncML phone, internal datastore, external data account, ActiveSync phone. */
export const CLIENT_KIND_VALUES = ["syncml", "datastore", "extdata", "activesync"] as const;
export type ClientKind = (typeof CLIENT_KIND_VALUES)[number];

/** Which side of a binding wins a conflict; the default is source. */
export const CONFLICT_WINNER_VALUES = ["source", "target"] as const;
export type ConflictWinner = (typeof CONFLICT_WINNER_VALUES)[number];

/** The SyncML alert codes (guide/protocol.md#sync-modes): 200 two-way, 201 slow, 202 one-way from source, 203 refresh from source, 204 one-way from target, 205 refresh from target. */
export const SYNC_MODE_VALUES = [200, 201, 202, 203, 204, 205] as const;
export type SyncMode = (typeof SYNC_MODE_VALUES)[number];

/** Where a synchronization run is: running (its log entry is written when it starts, with zero statistics, and becomes completed or failed, under the same id, when it ends), completed, or failed. A failed run changes nothing. */
export const SYNC_RESULT_VALUES = ["running", "completed", "failed"] as const;
export type SyncResult = (typeof SYNC_RESULT_VALUES)[number];

export const SYNCML_ENCODING_VALUES = ["xml", "wbxml"] as const;
export type SyncmlEncoding = (typeof SYNCML_ENCODING_VALUES)[number];

export const MESSAGE_DIRECTION_VALUES = ["in", "out"] as const;
export type MessageDirection = (typeof MESSAGE_DIRECTION_VALUES)[number];

export const OUTBOX_KIND_VALUES = ["setup", "notification"] as const;
export type OutboxKind = (typeof OUTBOX_KIND_VALUES)[number];

/** The code of an error body (guide/protocol.md#error-codes). */
export const ERROR_CODE_VALUES = ["bad_request", "invalid_xml", "validation_failed", "unauthorized", "forbidden", "not_found", "method_not_allowed", "conflict", "precondition_failed", "payload_too_large", "unsupported_media_type", "rate_limited", "not_implemented", "internal", "unavailable"] as const;
export type ErrorCode = (typeof ERROR_CODE_VALUES)[number];

/** XSD type `Person`. */
export interface Person {
  /** `name` */
  name: string;
  /** `email` */
  email?: string;
  /** `uri` */
  uri?: string;
}

/** XSD type `Link`. */
export interface Link {
  /** attribute `href` */
  href: string;
  /** attribute `rel` */
  rel?: string;
  /** attribute `type` */
  type?: string;
  /** attribute `title` */
  title?: string;
}

/** The head of every feed; its entries follow, all of one entry shape. */
export interface FeedHead {
  /** `author` */
  author?: Person;
  /** `id` */
  id?: string;
  /** `link` (repeated) */
  links?: Link[];
  /** `title` */
  title?: string;
  /** `updated` */
  updated?: Date | null;
}

/** XSD type `Content`. */
export interface Content {
  /** attribute `type` */
  type?: string;
  /** attribute `src` */
  src?: string;
  /** the element's text */
  value: string;
}

/** token/type is written token_type in requests and type in listings. For a CardDAV/CalDAV datastore (token_type 2): HTTP Basic with key the username and secret the (app) password; or, when one of its scopes is urn:ietf:params:oauth:token-type:access_token (RFC 8693's identifier of an OAuth 2.0 access token), an OAuth 2.0 bearer token (key the access token, secret the refresh token). That scope alone tells the two apart; a token without it is Basic. A bearer token the remote answers 401 is refreshed with the server operator's OAuth client for the collection's origin, the new tokens replace the stored ones, and the request is sent again once; a refresh the provider refuses (or no client set for that origin) fails the run with the reason in its sync log entry. key and secret are write-only and stored encrypted. */
export interface ExtdataToken {
  /** `token_type` */
  tokenType?: TokenType;
  /** `type` */
  type?: TokenType;
  /** `key` */
  key?: string;
  /** `secret` */
  secret?: string;
  /** `scope` (repeated) */
  scopes?: string[];
}

/** A datastore of an external data account: its dataclass, the URL of the remote feed, an optional name (default: the dataclass), and the token that grants access. In an update, a datastore with the dataclass and href of one the client has gives that datastore a new token in place (the token is required, the name if given must be the registered one). */
export interface ExtdataDatastore {
  /** attribute `dataclass` */
  dataclass: Dataclass;
  /** attribute `href` */
  href: string;
  /** attribute `name` */
  name?: string;
  /** `token` */
  token?: ExtdataToken;
}

/** An external data client: the user id on the external service and one datastore per supported dataclass. */
export interface ExtdataClient {
  /** `uuid` */
  uuid?: string;
  /** `user_id` */
  userId?: string;
  /** `datastore` (repeated) */
  datastores?: ExtdataDatastore[];
}

/** `ExtdataClient` as the service answers it: `uuid` always present. */
export interface ExtdataClientResponse extends ExtdataClient {
  /** `uuid`: in every answer. */
  uuid: string;
}

/** XSD type `ExtdataClientEntry`. */
export interface ExtdataClientEntry {
  /** `author` */
  author?: Person;
  /** `id` */
  id?: string;
  /** `link` (repeated) */
  links?: Link[];
  /** `published` */
  published?: Date | null;
  /** `updated` */
  updated?: Date | null;
  /** `title` */
  title?: string;
  /** `content` */
  content?: Content;
  /** `client` */
  client: ExtdataClient;
}

/** `ExtdataClientEntry` as the service answers it: `id` always present. */
export interface ExtdataClientEntryResponse extends ExtdataClientEntry {
  /** `id`: in every answer. */
  id: string;
  /** `client` */
  client: ExtdataClientResponse;
}

/** A client of the internal datastore. */
export interface DatastoreClient {
  /** `uuid` */
  uuid?: string;
  /** `user_id` */
  userId?: string;
}

/** `DatastoreClient` as the service answers it: `uuid` always present. */
export interface DatastoreClientResponse extends DatastoreClient {
  /** `uuid`: in every answer. */
  uuid: string;
}

/** XSD type `DatastoreClientEntry`. */
export interface DatastoreClientEntry {
  /** `author` */
  author?: Person;
  /** `id` */
  id?: string;
  /** `link` (repeated) */
  links?: Link[];
  /** `published` */
  published?: Date | null;
  /** `updated` */
  updated?: Date | null;
  /** `title` */
  title?: string;
  /** `content` */
  content?: Content;
  /** `client` */
  client: DatastoreClient;
}

/** `DatastoreClientEntry` as the service answers it: `id` always present. */
export interface DatastoreClientEntryResponse extends DatastoreClientEntry {
  /** `id`: in every answer. */
  id: string;
  /** `client` */
  client: DatastoreClientResponse;
}

/** The setup sent to a phone as the client listing shows it: setup name, and sent as YYYY-MM-DD HH:MM:SS (empty when never sent). */
export interface ListingSetup {
  /** attribute `sent` */
  sent: Date | null;
  /** the element's text */
  name: string;
}

/** A phone's datastore: its name on the phone (source LocURI), created on first sync. */
export interface PhoneDatastore {
  /** attribute `dataclass` */
  dataclass: Dataclass;
  /** attribute `href` */
  href: string;
  /** the element's text */
  name: string;
}

/** A SyncML phone. It cannot be edited after creation; datastore elements appear after its first synchronization. */
export interface SyncmlClient {
  /** `uuid` */
  uuid?: string;
  /** `user_id` */
  userId?: string;
  /** `phone_number` */
  phoneNumber?: string;
  /** `model_uuid` */
  modelUuid?: string;
  /** `imei` */
  imei?: string;
  /** `timezone` */
  timezone?: string;
  /** `setup` */
  setup?: ListingSetup;
  /** `datastore` (repeated) */
  datastores?: PhoneDatastore[];
}

/** `SyncmlClient` as the service answers it: `uuid` always present. */
export interface SyncmlClientResponse extends SyncmlClient {
  /** `uuid`: in every answer. */
  uuid: string;
}

/** XSD type `SyncmlClientEntry`. */
export interface SyncmlClientEntry {
  /** `author` */
  author?: Person;
  /** `id` */
  id?: string;
  /** `link` (repeated) */
  links?: Link[];
  /** `published` */
  published?: Date | null;
  /** `updated` */
  updated?: Date | null;
  /** `title` */
  title?: string;
  /** `content` */
  content?: Content;
  /** `client` */
  client: SyncmlClient;
}

/** `SyncmlClientEntry` as the service answers it: `id` always present. */
export interface SyncmlClientEntryResponse extends SyncmlClientEntry {
  /** `id`: in every answer. */
  id: string;
  /** `client` */
  client: SyncmlClientResponse;
}

/** The client is in no binding, so the phone got no folders (since: the first FolderSync that found none). */
export interface DeviceUnbound {
  /** attribute `since` */
  since: Date;
}

/** An item the phone kept failing on, taken out of its folder's queue by loop protection so the rest syncs: collection is the folder's ServerId, folder its name, server_id the item's, op the change (add, replace, delete), binding the binding whose sync log reports it. It clears when the phone takes a later change of the item or starts the folder again. */
export interface IsolatedItem {
  /** attribute `collection` */
  collection: string;
  /** attribute `folder` */
  folder?: string;
  /** attribute `server_id` */
  serverId: string;
  /** attribute `op` */
  op: string;
  /** attribute `binding` */
  binding: number;
  /** attribute `since` */
  since: Date;
}

/** The device this one replaced on the client (another DeviceId: a reset or new phone), and when; its state was dropped. */
export interface DeviceReplacement {
  /** attribute `device_id` */
  deviceId: string;
  /** attribute `at` */
  at: Date;
}

/** A remote wipe asked through POST .../wipe: its scope, when it was asked, when the phone was last told (sent) and when it acknowledged it (from then on the phone is refused). */
export interface DeviceWipe {
  /** attribute `scope` */
  scope: WipeScope;
  /** attribute `requested` */
  requested: Date;
  /** attribute `sent` */
  sent?: Date;
  /** attribute `acknowledged` */
  acknowledged?: Date;
}

/** Response only: the phone that signed in as this client (absent until one has), as it reported itself, and what is wrong with it — no binding, items loop protection isolated, the device it replaced, a remote wipe. */
export interface ActivesyncDevice {
  /** attribute `id` */
  id: string;
  /** attribute `type` */
  type: string;
  /** attribute `protocol_version` */
  protocolVersion: string;
  /** attribute `first_contact` */
  firstContact: Date;
  /** attribute `last_contact` */
  lastContact: Date;
  /** `user_agent` */
  userAgent?: string;
  /** `model` */
  model?: string;
  /** `os` */
  os?: string;
  /** `friendly_name` */
  friendlyName?: string;
  /** `unbound` */
  unbound?: DeviceUnbound;
  /** `isolated` (repeated) */
  isolatedItems?: IsolatedItem[];
  /** `replaced` */
  replaced?: DeviceReplacement;
  /** `wipe` */
  wipe?: DeviceWipe;
}

/** An ActiveSync phone. password is write-only (never returned); changing it requires old_pass. */
export interface ActivesyncClient {
  /** `uuid` */
  uuid?: string;
  /** `user_id` */
  userId?: string;
  /** `username` */
  username?: string;
  /** `password` */
  password?: string;
  /** `old_pass` */
  oldPassword?: string;
  /** `phone_number` */
  phoneNumber?: string;
  /** `model_uuid` */
  modelUuid?: string;
  /** `last_sync` */
  lastSync?: Date | null;
  /** `device` */
  device?: ActivesyncDevice;
}

/** `ActivesyncClient` as the service answers it: `uuid` always present. */
export interface ActivesyncClientResponse extends ActivesyncClient {
  /** `uuid`: in every answer. */
  uuid: string;
}

/** XSD type `ActivesyncClientEntry`. */
export interface ActivesyncClientEntry {
  /** `author` */
  author?: Person;
  /** `id` */
  id?: string;
  /** `link` (repeated) */
  links?: Link[];
  /** `published` */
  published?: Date | null;
  /** `updated` */
  updated?: Date | null;
  /** `title` */
  title?: string;
  /** `content` */
  content?: Content;
  /** `client` */
  client: ActivesyncClient;
}

/** `ActivesyncClientEntry` as the service answers it: `id` always present. */
export interface ActivesyncClientEntryResponse extends ActivesyncClientEntry {
  /** `id`: in every answer. */
  id: string;
  /** `client` */
  client: ActivesyncClientResponse;
}

/** The body of POST /v2/services/activesync/<uuid>/wipe: the scope (default device). */
export interface WipeRequest {
  /** attribute `scope` */
  scope?: WipeScope;
}

/** The request of POST /v2/services/activesync/<uuid>/wipe. */
export interface ActivesyncWipeEntry {
  /** `author` */
  author?: Person;
  /** `id` */
  id?: string;
  /** `link` (repeated) */
  links?: Link[];
  /** `published` */
  published?: Date | null;
  /** `updated` */
  updated?: Date | null;
  /** `title` */
  title?: string;
  /** `content` */
  content?: Content;
  /** `wipe` */
  wipe?: WipeRequest;
}

/** `ActivesyncWipeEntry` as the service answers it: `id` always present. */
export interface ActivesyncWipeEntryResponse extends ActivesyncWipeEntry {
  /** `id`: in every answer. */
  id: string;
}

/** A datastore content item: atom:title, atom:content (text + type), atom:id urn:uuid. */
export interface ContentEntry {
  /** `author` */
  author?: Person;
  /** `id` */
  id?: string;
  /** `link` (repeated) */
  links?: Link[];
  /** `published` */
  published?: Date | null;
  /** `updated` */
  updated?: Date | null;
  /** `title` */
  title?: string;
  /** `content` */
  content?: Content;
  /** `dataclass` */
  dataclass?: Dataclass;
}

/** `ContentEntry` as the service answers it: `id` always present. */
export interface ContentEntryResponse extends ContentEntry {
  /** `id`: in every answer. */
  id: string;
}

/** The content of a batch entry: the item text, with its dataclass and media type. */
export interface BatchContent {
  /** attribute `dataclass` */
  dataclass?: Dataclass;
  /** attribute `type` */
  type?: string;
  /** the element's text */
  value: string;
}

/** XSD type `Operation`. */
export interface Operation {
  /** attribute `type` */
  type: OperationType;
}

/** XSD type `Status`. */
export interface Status {
  /** attribute `code` */
  code: number;
  /** attribute `reason` */
  reason?: string;
}

/** A batch request or result entry, and an entry of the ?since= change feed. The content is s:content (with dataclass); atom:id names the item (delete, update, query). */
export interface BatchContentEntry {
  /** `author` */
  author?: Person;
  /** `id` */
  id?: string;
  /** `link` (repeated) */
  links?: Link[];
  /** `published` */
  published?: Date | null;
  /** `updated` */
  updated?: Date | null;
  /** `title` */
  title?: string;
  /** `content` */
  content?: BatchContent;
  /** `operation` */
  operation?: Operation;
  /** `id` */
  batchId?: string;
  /** `status` */
  status?: Status;
}

/** An item of an imported file that was not added, and why (the text): line is the line of the posted body the item begins on (with the import's ?first-line=, the line of the whole file), title the item's name when it could be read (a card's FN, an event's SUMMARY). */
export interface ImportRefusal {
  /** attribute `line` */
  line: number;
  /** attribute `title` */
  title?: string;
  /** the element's text */
  reason: string;
}

/** What an import did with the items of the posted .vcf or .ics: items, how many it held (added + twins + refused items; what could not be read as an item is refused but not counted); added, stored as new items; twins, not added because an item of the datastore, or an earlier one of the body, has the same duplicate key (a card's name, an event's UID); refused_count, refused in all; refused, the first 100 of them, each with its line and reason. */
export interface ImportSummary {
  /** `items` */
  items: number;
  /** `added` */
  added: number;
  /** `twins` */
  twins: number;
  /** `refused_count` */
  refusedCount: number;
  /** `refused` (repeated) */
  refusals?: ImportRefusal[];
}

/** The answer to an import (POST /v2/services/datastore/<uuid>/contents/import): atom:title says what was imported into which datastore, s:import what became of the items. */
export interface ContentImportEntry {
  /** `author` */
  author?: Person;
  /** `id` */
  id?: string;
  /** `link` (repeated) */
  links?: Link[];
  /** `published` */
  published?: Date | null;
  /** `updated` */
  updated?: Date | null;
  /** `title` */
  title?: string;
  /** `content` */
  content?: Content;
  /** `import` */
  import: ImportSummary;
}

/** `ContentImportEntry` as the service answers it: `id` always present. */
export interface ContentImportEntryResponse extends ContentImportEntry {
  /** `id`: in every answer. */
  id: string;
}

/** The setup just sent to a phone: setup name, and sent as an ISO 8601 UTC timestamp. */
export interface SentSetup {
  /** attribute `sent` */
  sent: Date | null;
  /** the element's text */
  name: string;
}

/** XSD type `SyncmlSetupEntry`. */
export interface SyncmlSetupEntry {
  /** `author` */
  author?: Person;
  /** `id` */
  id?: string;
  /** `link` (repeated) */
  links?: Link[];
  /** `published` */
  published?: Date | null;
  /** `updated` */
  updated?: Date | null;
  /** `title` */
  title?: string;
  /** `content` */
  content?: Content;
  /** `pincode` */
  pincode?: string;
  /** `setup` */
  setup?: SentSetup;
}

/** `SyncmlSetupEntry` as the service answers it: `id` always present. */
export interface SyncmlSetupEntryResponse extends SyncmlSetupEntry {
  /** `id`: in every answer. */
  id: string;
}

/** One side of a binding: the kind of client and its uuid. */
export interface ClientRef {
  /** `sync_source` */
  syncSource: ClientKind;
  /** `uuid` */
  uuid: string;
}

/** XSD type `BindingEntry`. */
export interface BindingEntry {
  /** `author` */
  author?: Person;
  /** `id` */
  id?: string;
  /** `link` (repeated) */
  links?: Link[];
  /** `published` */
  published?: Date | null;
  /** `updated` */
  updated?: Date | null;
  /** `title` */
  title?: string;
  /** `content` */
  content?: Content;
  /** `source` */
  source?: ClientRef;
  /** `target` */
  target?: ClientRef;
  /** `conflict_winner` */
  conflictWinner?: ConflictWinner;
  /** `binding_id` */
  bindingId?: number;
}

/** `BindingEntry` as the service answers it: `id`, `bindingId` always present. */
export interface BindingEntryResponse extends BindingEntry {
  /** `id`: in every answer. */
  id: string;
  /** `binding_id`: in every answer. */
  bindingId: number;
}

/** The request of POST /v2/syncengine/<binding_id>/synchronization/. */
export interface SynchronizationEntry {
  /** `author` */
  author?: Person;
  /** `id` */
  id?: string;
  /** `link` (repeated) */
  links?: Link[];
  /** `published` */
  published?: Date | null;
  /** `updated` */
  updated?: Date | null;
  /** `title` */
  title?: string;
  /** `content` */
  content?: Content;
  /** `sync_mode` */
  syncMode: SyncMode;
  /** `dataclass` */
  dataclass: Dataclass;
}

/** `SynchronizationEntry` as the service answers it: `id` always present. */
export interface SynchronizationEntryResponse extends SynchronizationEntry {
  /** `id`: in every answer. */
  id: string;
}

/** sync_stats/source/sync_source: the kind in @type, the client's uuid as text. */
export interface SyncSourceRef {
  /** attribute `type` */
  type: ClientKind;
  /** the element's text */
  uuid: string;
}

/** Per side: *_in are changes the run applied to this side, *_out this side's own changes sent to the other (guide/protocol.md#statistics-direction). */
export interface Statistics {
  /** `adds_in` */
  addsIn: number;
  /** `replaces_in` */
  replacesIn: number;
  /** `deletes_in` */
  deletesIn: number;
  /** `adds_out` */
  addsOut: number;
  /** `replaces_out` */
  replacesOut: number;
  /** `deletes_out` */
  deletesOut: number;
}

/** The statistics of one side of a synchronization run. */
export interface SideStats {
  /** `sync_source` */
  syncSource: SyncSourceRef;
  /** `statistics` */
  statistics: Statistics;
}

/** Statistics of one run. duplicates_detected: twins found by duplicate key (a pair, one item on each side, matched instead of added: it counts in both sides' adds_out, in neither's adds_in) plus identical second copies found on one side; duplicates_removed: those identical second copies a slow sync deleted (each also a deletes_in of its side); conflicts_detected: items both sides changed to different versions since the last run (resolved by the binding's conflict_winner). */
export interface SyncStats {
  /** `source` */
  source: SideStats;
  /** `target` */
  target: SideStats;
  /** `duplicates_detected` */
  duplicatesDetected: number;
  /** `duplicates_removed` */
  duplicatesRemoved: number;
  /** `conflicts_detected` */
  conflictsDetected: number;
}

/** XSD type `SyncLogEntry`. */
export interface SyncLogEntry {
  /** `author` */
  author?: Person;
  /** `id` */
  id?: string;
  /** `link` (repeated) */
  links?: Link[];
  /** `published` */
  published?: Date | null;
  /** `updated` */
  updated?: Date | null;
  /** `title` */
  title?: string;
  /** `content` */
  content?: Content;
  /** `sync_stats` */
  syncStats: SyncStats;
  /** `sync_mode` */
  syncMode: SyncMode;
  /** `dataclass` */
  dataclass: Dataclass;
  /** `binding_id` */
  bindingId?: number;
  /** `result` */
  result?: SyncResult;
  /** `reason` */
  reason?: string;
}

/** `SyncLogEntry` as the service answers it: `id` always present. */
export interface SyncLogEntryResponse extends SyncLogEntry {
  /** `id`: in every answer. */
  id: string;
}

/** XSD type `VendorEntry`. */
export interface VendorEntry {
  /** `author` */
  author?: Person;
  /** `id` */
  id?: string;
  /** `link` (repeated) */
  links?: Link[];
  /** `published` */
  published?: Date | null;
  /** `updated` */
  updated?: Date | null;
  /** `title` */
  title?: string;
  /** `content` */
  content?: Content;
}

/** `VendorEntry` as the service answers it: `id` always present. */
export interface VendorEntryResponse extends VendorEntry {
  /** `id`: in every answer. */
  id: string;
}

/** XSD type `PhoneModelEntry`. */
export interface PhoneModelEntry {
  /** `author` */
  author?: Person;
  /** `id` */
  id?: string;
  /** `link` (repeated) */
  links?: Link[];
  /** `published` */
  published?: Date | null;
  /** `updated` */
  updated?: Date | null;
  /** `title` */
  title?: string;
  /** `content` */
  content?: Content;
  /** `uuid` */
  uuid: string;
  /** `image_url` */
  imageUrl: string;
  /** `vendor_uuid` */
  vendorUuid?: string;
  /** `syncml_version` */
  syncmlVersion?: string;
  /** `dataclass` (repeated) */
  dataclasses?: Dataclass[];
}

/** `PhoneModelEntry` as the service answers it: `id` always present. */
export interface PhoneModelEntryResponse extends PhoneModelEntry {
  /** `id`: in every answer. */
  id: string;
}

/** XSD type `PhoneDatastoreBindingEntry`. */
export interface PhoneDatastoreBindingEntry {
  /** `author` */
  author?: Person;
  /** `id` */
  id?: string;
  /** `link` (repeated) */
  links?: Link[];
  /** `published` */
  published?: Date | null;
  /** `updated` */
  updated?: Date | null;
  /** `title` */
  title?: string;
  /** `content` */
  content?: Content;
  /** `model_uuid` */
  modelUuid?: string;
  /** `phone_number` */
  phoneNumber?: string;
  /** `foreign_user_id` */
  foreignUserId?: string;
  /** `timezone` */
  timezone?: string;
}

/** `PhoneDatastoreBindingEntry` as the service answers it: `id` always present. */
export interface PhoneDatastoreBindingEntryResponse extends PhoneDatastoreBindingEntry {
  /** `id`: in every answer. */
  id: string;
}

/** One datastore synchronized in a SyncML session, with its statistics on the phone side. */
export interface SessionDatastore {
  /** attribute `uri` */
  uri: string;
  /** attribute `dataclass` */
  dataclass?: Dataclass;
  /** attribute `sync_mode` */
  syncMode?: SyncMode;
  /** `statistics` */
  statistics?: Statistics;
}

/** One SyncML session as recorded by the SyncML endpoint. */
export interface Session {
  /** `session_id` */
  sessionId: string;
  /** `device_id` */
  deviceId: string;
  /** `client_uuid` */
  clientUuid?: string;
  /** `protocol` */
  protocol?: string;
  /** `encoding` */
  encoding?: SyncmlEncoding;
  /** `started` */
  started: Date;
  /** `ended` */
  ended?: Date | null;
  /** `status` */
  status?: number;
  /** `reason` */
  reason?: string;
  /** `datastore` (repeated) */
  datastores?: SessionDatastore[];
}

/** XSD type `SessionEntry`. */
export interface SessionEntry {
  /** `author` */
  author?: Person;
  /** `id` */
  id?: string;
  /** `link` (repeated) */
  links?: Link[];
  /** `published` */
  published?: Date | null;
  /** `updated` */
  updated?: Date | null;
  /** `title` */
  title?: string;
  /** `content` */
  content?: Content;
  /** `session` */
  session: Session;
}

/** `SessionEntry` as the service answers it: `id` always present. */
export interface SessionEntryResponse extends SessionEntry {
  /** `id`: in every answer. */
  id: string;
}

/** One SyncML message of the chat log; the message itself is the entry's atom:content. */
export interface ChatMessage {
  /** `session_id` */
  sessionId: string;
  /** `msg_id` */
  msgId: number;
  /** `direction` */
  direction: MessageDirection;
  /** `encoding` */
  encoding: SyncmlEncoding;
}

/** XSD type `ChatMessageEntry`. */
export interface ChatMessageEntry {
  /** `author` */
  author?: Person;
  /** `id` */
  id?: string;
  /** `link` (repeated) */
  links?: Link[];
  /** `published` */
  published?: Date | null;
  /** `updated` */
  updated?: Date | null;
  /** `title` */
  title?: string;
  /** `content` */
  content?: Content;
  /** `message` */
  message: ChatMessage;
}

/** `ChatMessageEntry` as the service answers it: `id` always present. */
export interface ChatMessageEntryResponse extends ChatMessageEntry {
  /** `id`: in every answer. */
  id: string;
}

/** What was handed to the SMS/WAP-push gateway; the payload is the entry's atom:content, base64. */
export interface OutboxItem {
  /** `kind` */
  kind: OutboxKind;
  /** `client_uuid` */
  clientUuid: string;
  /** `phone_number` */
  phoneNumber?: string;
}

/** XSD type `OutboxEntry`. */
export interface OutboxEntry {
  /** `author` */
  author?: Person;
  /** `id` */
  id?: string;
  /** `link` (repeated) */
  links?: Link[];
  /** `published` */
  published?: Date | null;
  /** `updated` */
  updated?: Date | null;
  /** `title` */
  title?: string;
  /** `content` */
  content?: Content;
  /** `outbox_item` */
  outboxItem: OutboxItem;
}

/** `OutboxEntry` as the service answers it: `id` always present. */
export interface OutboxEntryResponse extends OutboxEntry {
  /** `id`: in every answer. */
  id: string;
}

/** An account of the service (admin API, and the caller's own password change). password is write-only; old_pass (write-only) is the current password, which the account's own change of it requires. */
export interface Account {
  /** `username` */
  username: string;
  /** `password` */
  password?: string;
  /** `old_pass` */
  oldPassword?: string;
  /** `admin` */
  admin?: boolean;
}

/** XSD type `AccountEntry`. */
export interface AccountEntry {
  /** `author` */
  author?: Person;
  /** `id` */
  id?: string;
  /** `link` (repeated) */
  links?: Link[];
  /** `published` */
  published?: Date | null;
  /** `updated` */
  updated?: Date | null;
  /** `title` */
  title?: string;
  /** `content` */
  content?: Content;
  /** `account` */
  account: Account;
}

/** `AccountEntry` as the service answers it: `id` always present. */
export interface AccountEntryResponse extends AccountEntry {
  /** `id`: in every answer. */
  id: string;
}

/** XSD type `TokenEntry`. */
export interface TokenEntry {
  /** `author` */
  author?: Person;
  /** `id` */
  id?: string;
  /** `link` (repeated) */
  links?: Link[];
  /** `published` */
  published?: Date | null;
  /** `updated` */
  updated?: Date | null;
  /** `title` */
  title?: string;
  /** `content` */
  content?: Content;
  /** `token` */
  token: string;
}

/** `TokenEntry` as the service answers it: `id` always present. */
export interface TokenEntryResponse extends TokenEntry {
  /** `id`: in every answer. */
  id: string;
}

/** A named password of the account for one device's CardDAV/CalDAV sign-in (HTTP Basic with the account's username), never for this API. name: 1 to 100 characters, unique in the account; the only field a create takes. password: the generated secret, only in the answer to the create (the store keeps its scrypt hash). last_used: when it last signed a device in, to the minute; empty when never. */
export interface AppPassword {
  /** `uuid` */
  uuid?: string;
  /** `name` */
  name: string;
  /** `password` */
  password?: string;
  /** `last_used` */
  lastUsed?: Date | null;
}

/** `AppPassword` as the service answers it: `uuid` always present. */
export interface AppPasswordResponse extends AppPassword {
  /** `uuid`: in every answer. */
  uuid: string;
}

/** An app password: atom:title its name, atom:published when it was created. */
export interface AppPasswordEntry {
  /** `author` */
  author?: Person;
  /** `id` */
  id?: string;
  /** `link` (repeated) */
  links?: Link[];
  /** `published` */
  published?: Date | null;
  /** `updated` */
  updated?: Date | null;
  /** `title` */
  title?: string;
  /** `content` */
  content?: Content;
  /** `app_password` */
  appPassword: AppPassword;
}

/** `AppPasswordEntry` as the service answers it: `id` always present. */
export interface AppPasswordEntryResponse extends AppPasswordEntry {
  /** `id`: in every answer. */
  id: string;
  /** `app_password` */
  appPassword: AppPasswordResponse;
}

/** An OAuth 1.0a consumer key and secret, shown only when created. */
export interface Consumer {
  /** `key` */
  key: string;
  /** `secret` */
  secret: string;
}

/** XSD type `ConsumerEntry`. */
export interface ConsumerEntry {
  /** `author` */
  author?: Person;
  /** `id` */
  id?: string;
  /** `link` (repeated) */
  links?: Link[];
  /** `published` */
  published?: Date | null;
  /** `updated` */
  updated?: Date | null;
  /** `title` */
  title?: string;
  /** `content` */
  content?: Content;
  /** `consumer` */
  consumer: Consumer;
}

/** `ConsumerEntry` as the service answers it: `id` always present. */
export interface ConsumerEntryResponse extends ConsumerEntry {
  /** `id`: in every answer. */
  id: string;
}

/** XSD type `ErrorDetail`. */
export interface ErrorDetail {
  /** attribute `path` */
  path?: string;
  /** the element's text */
  message: string;
}

/** The error body of every failure: status, code, a message, and one detail per violation for validation_failed. */
export interface ServiceError {
  /** `status` */
  status: number;
  /** `code` */
  code: ErrorCode;
  /** `message` */
  message: string;
  /** `detail` (repeated) */
  details?: ErrorDetail[];
}

/** An Atom feed: the feed head and its entries, all of one entry shape. */
export interface Feed<E> extends FeedHead {
  entries: E[];
}

/** The name of every entry shape of the service. */
export type EntryShapeName = "ExtdataClientEntry" | "DatastoreClientEntry" | "SyncmlClientEntry" | "ActivesyncClientEntry" | "ActivesyncWipeEntry" | "ContentEntry" | "BatchContentEntry" | "ContentImportEntry" | "SyncmlSetupEntry" | "BindingEntry" | "SynchronizationEntry" | "SyncLogEntry" | "VendorEntry" | "PhoneModelEntry" | "PhoneDatastoreBindingEntry" | "SessionEntry" | "ChatMessageEntry" | "OutboxEntry" | "AccountEntry" | "TokenEntry" | "AppPasswordEntry" | "ConsumerEntry";

/** Entry shape name → its type. */
export interface EntryShapes {
  ExtdataClientEntry: ExtdataClientEntry;
  DatastoreClientEntry: DatastoreClientEntry;
  SyncmlClientEntry: SyncmlClientEntry;
  ActivesyncClientEntry: ActivesyncClientEntry;
  ActivesyncWipeEntry: ActivesyncWipeEntry;
  ContentEntry: ContentEntry;
  BatchContentEntry: BatchContentEntry;
  ContentImportEntry: ContentImportEntry;
  SyncmlSetupEntry: SyncmlSetupEntry;
  BindingEntry: BindingEntry;
  SynchronizationEntry: SynchronizationEntry;
  SyncLogEntry: SyncLogEntry;
  VendorEntry: VendorEntry;
  PhoneModelEntry: PhoneModelEntry;
  PhoneDatastoreBindingEntry: PhoneDatastoreBindingEntry;
  SessionEntry: SessionEntry;
  ChatMessageEntry: ChatMessageEntry;
  OutboxEntry: OutboxEntry;
  AccountEntry: AccountEntry;
  TokenEntry: TokenEntry;
  AppPasswordEntry: AppPasswordEntry;
  ConsumerEntry: ConsumerEntry;
}

/** Entry shape name → its type as the service answers it (its response form, where it has one). */
export interface ResponseShapes {
  ExtdataClientEntry: ExtdataClientEntryResponse;
  DatastoreClientEntry: DatastoreClientEntryResponse;
  SyncmlClientEntry: SyncmlClientEntryResponse;
  ActivesyncClientEntry: ActivesyncClientEntryResponse;
  ActivesyncWipeEntry: ActivesyncWipeEntryResponse;
  ContentEntry: ContentEntryResponse;
  BatchContentEntry: BatchContentEntry;
  ContentImportEntry: ContentImportEntryResponse;
  SyncmlSetupEntry: SyncmlSetupEntryResponse;
  BindingEntry: BindingEntryResponse;
  SynchronizationEntry: SynchronizationEntryResponse;
  SyncLogEntry: SyncLogEntryResponse;
  VendorEntry: VendorEntryResponse;
  PhoneModelEntry: PhoneModelEntryResponse;
  PhoneDatastoreBindingEntry: PhoneDatastoreBindingEntryResponse;
  SessionEntry: SessionEntryResponse;
  ChatMessageEntry: ChatMessageEntryResponse;
  OutboxEntry: OutboxEntryResponse;
  AccountEntry: AccountEntryResponse;
  TokenEntry: TokenEntryResponse;
  AppPasswordEntry: AppPasswordEntryResponse;
  ConsumerEntry: ConsumerEntryResponse;
}
