// generated — do not edit. Written by codegen/src/emit/model.ts from spec/openapi.yaml and spec/xsd/*.xsd; run `npm run generate`.
/* eslint-disable */


export const TOKEN_TYPE_VALUES = [1, 2] as const;
export type TokenType = (typeof TOKEN_TYPE_VALUES)[number];

export const DATACLASS_VALUES = ["Contacts", "Events", "Tasks", "Notes", "Calendar"] as const;
export type Dataclass = (typeof DATACLASS_VALUES)[number];

export const OPERATION_TYPE_VALUES = ["insert", "update", "delete", "query"] as const;
export type OperationType = (typeof OPERATION_TYPE_VALUES)[number];

export const CLIENT_KIND_VALUES = ["syncml", "datastore", "extdata", "activesync"] as const;
export type ClientKind = (typeof CLIENT_KIND_VALUES)[number];

export const CONFLICT_WINNER_VALUES = ["source", "target"] as const;
export type ConflictWinner = (typeof CONFLICT_WINNER_VALUES)[number];

export const SYNC_MODE_VALUES = [200, 201, 202, 203, 204, 205] as const;
export type SyncMode = (typeof SYNC_MODE_VALUES)[number];

export const SYNC_RESULT_VALUES = ["completed", "failed"] as const;
export type SyncResult = (typeof SYNC_RESULT_VALUES)[number];

export const SYNCML_ENCODING_VALUES = ["xml", "wbxml"] as const;
export type SyncmlEncoding = (typeof SYNCML_ENCODING_VALUES)[number];

export const MESSAGE_DIRECTION_VALUES = ["in", "out"] as const;
export type MessageDirection = (typeof MESSAGE_DIRECTION_VALUES)[number];

export const OUTBOX_KIND_VALUES = ["setup", "notification"] as const;
export type OutboxKind = (typeof OUTBOX_KIND_VALUES)[number];

export const ERROR_CODE_VALUES = ["bad_request", "invalid_xml", "validation_failed", "unauthorized", "forbidden", "not_found", "method_not_allowed", "conflict", "payload_too_large", "unsupported_media_type", "rate_limited", "not_implemented", "internal"] as const;
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

/** XSD type `FeedHead`. */
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

/** XSD type `ExtdataToken`. */
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

/** XSD type `ExtdataDatastore`. */
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

/** XSD type `ExtdataClient`. */
export interface ExtdataClient {
  /** `uuid` */
  uuid?: string;
  /** `user_id` */
  userId?: string;
  /** `datastore` (repeated) */
  datastores?: ExtdataDatastore[];
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

/** XSD type `DatastoreClient`. */
export interface DatastoreClient {
  /** `uuid` */
  uuid?: string;
  /** `user_id` */
  userId?: string;
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

/** XSD type `ListingSetup`. */
export interface ListingSetup {
  /** attribute `sent` */
  sent: Date | null;
  /** the element's text */
  name: string;
}

/** XSD type `PhoneDatastore`. */
export interface PhoneDatastore {
  /** attribute `dataclass` */
  dataclass: Dataclass;
  /** attribute `href` */
  href: string;
  /** the element's text */
  name: string;
}

/** XSD type `SyncmlClient`. */
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

/** XSD type `ActivesyncClient`. */
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

/** XSD type `ContentEntry`. */
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

/** XSD type `BatchContent`. */
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

/** XSD type `BatchContentEntry`. */
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

/** XSD type `SentSetup`. */
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

/** XSD type `ClientRef`. */
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
}

/** XSD type `SynchronizationEntry`. */
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

/** XSD type `SyncSourceRef`. */
export interface SyncSourceRef {
  /** attribute `type` */
  type: ClientKind;
  /** the element's text */
  uuid: string;
}

/** XSD type `Statistics`. */
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

/** XSD type `SideStats`. */
export interface SideStats {
  /** `sync_source` */
  syncSource: SyncSourceRef;
  /** `statistics` */
  statistics: Statistics;
}

/** XSD type `SyncStats`. */
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

/** XSD type `SessionDatastore`. */
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

/** XSD type `Session`. */
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

/** XSD type `ChatMessage`. */
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

/** XSD type `OutboxItem`. */
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

/** XSD type `Account`. */
export interface Account {
  /** `username` */
  username: string;
  /** `password` */
  password?: string;
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

/** XSD type `Consumer`. */
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

/** XSD type `ErrorDetail`. */
export interface ErrorDetail {
  /** attribute `path` */
  path?: string;
  /** the element's text */
  message: string;
}

/** XSD type `ServiceError`. */
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
export type EntryShapeName = "ExtdataClientEntry" | "DatastoreClientEntry" | "SyncmlClientEntry" | "ActivesyncClientEntry" | "ContentEntry" | "BatchContentEntry" | "SyncmlSetupEntry" | "BindingEntry" | "SynchronizationEntry" | "SyncLogEntry" | "VendorEntry" | "PhoneModelEntry" | "PhoneDatastoreBindingEntry" | "SessionEntry" | "ChatMessageEntry" | "OutboxEntry" | "AccountEntry" | "TokenEntry" | "ConsumerEntry";

/** Entry shape name → its type. */
export interface EntryShapes {
  ExtdataClientEntry: ExtdataClientEntry;
  DatastoreClientEntry: DatastoreClientEntry;
  SyncmlClientEntry: SyncmlClientEntry;
  ActivesyncClientEntry: ActivesyncClientEntry;
  ContentEntry: ContentEntry;
  BatchContentEntry: BatchContentEntry;
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
  ConsumerEntry: ConsumerEntry;
}
