// generated — do not edit. Written by codegen/src/emit/codecs.ts from spec/openapi.yaml and spec/xsd/*.xsd; run `npm run generate`.
/* eslint-disable */

import { AtomEncodeError } from '../errors.js';
import { ATOM_NS, BATCH_NS, SERVICE_NS } from '../namespaces.js';
import { decodeDocument, type DecodeOptions } from '../xml/reader.js';
import { escapeAttr, escapeText } from '../xml/escape.js';
import { defineScalar, formatBoolean, formatDateTime, formatInteger, formatListingTimestamp } from '../scalars.js';
import { defineFeedShape, defineShape, type ShapeSpec } from '../shape.js';
import type { Person, Link, Content, ExtdataToken, ExtdataDatastore, ExtdataClient, ExtdataClientEntry, DatastoreClient, DatastoreClientEntry, ListingSetup, PhoneDatastore, SyncmlClient, SyncmlClientEntry, DeviceUnbound, IsolatedItem, DeviceReplacement, DeviceWipe, ActivesyncDevice, ActivesyncClient, ActivesyncClientEntry, WipeRequest, ActivesyncWipeEntry, ContentEntry, BatchContent, Operation, Status, BatchContentEntry, ImportRefusal, ImportSummary, ContentImportEntry, SentSetup, SyncmlSetupEntry, ClientRef, BindingEntry, SynchronizationEntry, SyncSourceRef, Statistics, SideStats, SyncStats, SyncLogEntry, VendorEntry, PhoneModelEntry, PhoneDatastoreBindingEntry, SessionDatastore, Session, SessionEntry, ChatMessage, ChatMessageEntry, OutboxItem, OutboxEntry, Account, AccountEntry, TokenEntry, AppPassword, AppPasswordEntry, Consumer, ConsumerEntry, ErrorDetail, ServiceError, ExtdataClientEntryResponse, DatastoreClientEntryResponse, SyncmlClientEntryResponse, ActivesyncClientEntryResponse, ActivesyncWipeEntryResponse, ContentEntryResponse, ContentImportEntryResponse, SyncmlSetupEntryResponse, BindingEntryResponse, SynchronizationEntryResponse, SyncLogEntryResponse, VendorEntryResponse, PhoneModelEntryResponse, PhoneDatastoreBindingEntryResponse, SessionEntryResponse, ChatMessageEntryResponse, OutboxEntryResponse, AccountEntryResponse, TokenEntryResponse, AppPasswordEntryResponse, ConsumerEntryResponse, Feed, EntryShapes, EntryShapeName, ResponseShapes } from './model.js';

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

// ---- scalar types ----
const T_string = defineScalar({"kind":"string","type":"string"});
const T_anyURI = defineScalar({"kind":"anyURI","type":"anyURI"});
const T_DateTimeOrEmpty = defineScalar({"kind":"dateTime","type":"DateTimeOrEmpty","nullable":true});
const T_TokenType = defineScalar({"kind":"int","type":"TokenType","values":[1,2]});
const T_Dataclass = defineScalar({"kind":"string","type":"Dataclass","values":["Contacts","Events","Tasks","Notes","Calendar"]});
const T_Uuid = defineScalar({"kind":"string","type":"Uuid","pattern":"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"});
const T_ListingTimestampOrEmpty = defineScalar({"kind":"listingTimestamp","type":"ListingTimestampOrEmpty","nullable":true});
const T_dateTime = defineScalar({"kind":"dateTime","type":"dateTime"});
const T_integer = defineScalar({"kind":"integer","type":"integer"});
const T_WipeScope = defineScalar({"kind":"string","type":"WipeScope","values":["device","account"]});
const T_OperationType = defineScalar({"kind":"string","type":"OperationType","values":["insert","update","delete","query"]});
const T_int = defineScalar({"kind":"int","type":"int"});
const T_nonNegativeInteger = defineScalar({"kind":"nonNegativeInteger","type":"nonNegativeInteger"});
const T_ClientKind = defineScalar({"kind":"string","type":"ClientKind","values":["syncml","datastore","extdata","activesync"]});
const T_ConflictWinner = defineScalar({"kind":"string","type":"ConflictWinner","values":["source","target"]});
const T_SyncMode = defineScalar({"kind":"int","type":"SyncMode","values":[200,201,202,203,204,205]});
const T_SyncResult = defineScalar({"kind":"string","type":"SyncResult","values":["running","completed","failed"]});
const T_SyncmlEncoding = defineScalar({"kind":"string","type":"SyncmlEncoding","values":["xml","wbxml"]});
const T_MessageDirection = defineScalar({"kind":"string","type":"MessageDirection","values":["in","out"]});
const T_OutboxKind = defineScalar({"kind":"string","type":"OutboxKind","values":["setup","notification"]});
const T_boolean = defineScalar({"kind":"boolean","type":"boolean"});
const T_ErrorCode = defineScalar({"kind":"string","type":"ErrorCode","values":["bad_request","invalid_xml","validation_failed","unauthorized","forbidden","not_found","method_not_allowed","conflict","precondition_failed","payload_too_large","unsupported_media_type","rate_limited","not_implemented","internal","unavailable"]});

// ---- shapes (read by the streaming decoder) ----
const S_Person: ShapeSpec = defineShape({
  name: "Person",
  fields: [
    { uri: ATOM_NS, local: "name", prop: "name", many: false, required: true, scalar: T_string },
    { uri: ATOM_NS, local: "email", prop: "email", many: false, required: false, scalar: T_string },
    { uri: ATOM_NS, local: "uri", prop: "uri", many: false, required: false, scalar: T_anyURI },
  ],
  attrs: [

  ],
});

const S_Link: ShapeSpec = defineShape({
  name: "Link",
  fields: [

  ],
  attrs: [
    { local: "href", prop: "href", required: true, scalar: T_anyURI },
    { local: "rel", prop: "rel", required: false, scalar: T_string },
    { local: "type", prop: "type", required: false, scalar: T_string },
    { local: "title", prop: "title", required: false, scalar: T_string },
  ],
});

const S_FeedHead: ShapeSpec = defineShape({
  name: "FeedHead",
  fields: [
    { uri: ATOM_NS, local: "author", prop: "author", many: false, required: false, shape: S_Person },
    { uri: ATOM_NS, local: "id", prop: "id", many: false, required: false, scalar: T_anyURI },
    { uri: ATOM_NS, local: "link", prop: "links", many: true, required: false, shape: S_Link },
    { uri: ATOM_NS, local: "title", prop: "title", many: false, required: false, scalar: T_string },
    { uri: ATOM_NS, local: "updated", prop: "updated", many: false, required: false, scalar: T_DateTimeOrEmpty },
  ],
  attrs: [

  ],
});

const S_Content: ShapeSpec = defineShape({
  name: "Content",
  fields: [

  ],
  attrs: [
    { local: "type", prop: "type", required: false, scalar: T_string },
    { local: "src", prop: "src", required: false, scalar: T_anyURI },
  ],
  text: { prop: "value", scalar: T_string },
});

const S_ExtdataToken: ShapeSpec = defineShape({
  name: "ExtdataToken",
  fields: [
    { uri: SERVICE_NS, local: "token_type", prop: "tokenType", many: false, required: false, scalar: T_TokenType },
    { uri: SERVICE_NS, local: "type", prop: "type", many: false, required: false, scalar: T_TokenType },
    { uri: SERVICE_NS, local: "key", prop: "key", many: false, required: false, scalar: T_string },
    { uri: SERVICE_NS, local: "secret", prop: "secret", many: false, required: false, scalar: T_string },
    { uri: SERVICE_NS, local: "scope", prop: "scopes", many: true, required: false, scalar: T_anyURI },
  ],
  attrs: [

  ],
});

const S_ExtdataDatastore: ShapeSpec = defineShape({
  name: "ExtdataDatastore",
  fields: [
    { uri: SERVICE_NS, local: "token", prop: "token", many: false, required: false, shape: S_ExtdataToken },
  ],
  attrs: [
    { local: "dataclass", prop: "dataclass", required: true, scalar: T_Dataclass },
    { local: "href", prop: "href", required: true, scalar: T_anyURI },
    { local: "name", prop: "name", required: false, scalar: T_string },
  ],
});

const S_ExtdataClient: ShapeSpec = defineShape({
  name: "ExtdataClient",
  fields: [
    { uri: SERVICE_NS, local: "uuid", prop: "uuid", many: false, required: false, scalar: T_Uuid },
    { uri: SERVICE_NS, local: "user_id", prop: "userId", many: false, required: false, scalar: T_string },
    { uri: SERVICE_NS, local: "datastore", prop: "datastores", many: true, required: false, shape: S_ExtdataDatastore },
  ],
  attrs: [

  ],
});

const S_ExtdataClientResponse: ShapeSpec = defineShape({
  name: "ExtdataClientResponse",
  fields: [
    { uri: SERVICE_NS, local: "uuid", prop: "uuid", many: false, required: true, scalar: T_Uuid },
    { uri: SERVICE_NS, local: "user_id", prop: "userId", many: false, required: false, scalar: T_string },
    { uri: SERVICE_NS, local: "datastore", prop: "datastores", many: true, required: false, shape: S_ExtdataDatastore },
  ],
  attrs: [

  ],
});

const S_ExtdataClientEntry: ShapeSpec = defineShape({
  name: "ExtdataClientEntry",
  fields: [
    { uri: ATOM_NS, local: "author", prop: "author", many: false, required: false, shape: S_Person },
    { uri: ATOM_NS, local: "id", prop: "id", many: false, required: false, scalar: T_anyURI },
    { uri: ATOM_NS, local: "link", prop: "links", many: true, required: false, shape: S_Link },
    { uri: ATOM_NS, local: "published", prop: "published", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "updated", prop: "updated", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "title", prop: "title", many: false, required: false, scalar: T_string },
    { uri: ATOM_NS, local: "content", prop: "content", many: false, required: false, shape: S_Content },
    { uri: SERVICE_NS, local: "client", prop: "client", many: false, required: true, shape: S_ExtdataClient },
  ],
  attrs: [

  ],
});

const S_ExtdataClientEntryResponse: ShapeSpec = defineShape({
  name: "ExtdataClientEntryResponse",
  fields: [
    { uri: ATOM_NS, local: "author", prop: "author", many: false, required: false, shape: S_Person },
    { uri: ATOM_NS, local: "id", prop: "id", many: false, required: true, scalar: T_anyURI },
    { uri: ATOM_NS, local: "link", prop: "links", many: true, required: false, shape: S_Link },
    { uri: ATOM_NS, local: "published", prop: "published", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "updated", prop: "updated", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "title", prop: "title", many: false, required: false, scalar: T_string },
    { uri: ATOM_NS, local: "content", prop: "content", many: false, required: false, shape: S_Content },
    { uri: SERVICE_NS, local: "client", prop: "client", many: false, required: true, shape: S_ExtdataClientResponse },
  ],
  attrs: [

  ],
});

const S_DatastoreClient: ShapeSpec = defineShape({
  name: "DatastoreClient",
  fields: [
    { uri: SERVICE_NS, local: "uuid", prop: "uuid", many: false, required: false, scalar: T_Uuid },
    { uri: SERVICE_NS, local: "user_id", prop: "userId", many: false, required: false, scalar: T_string },
  ],
  attrs: [

  ],
});

const S_DatastoreClientResponse: ShapeSpec = defineShape({
  name: "DatastoreClientResponse",
  fields: [
    { uri: SERVICE_NS, local: "uuid", prop: "uuid", many: false, required: true, scalar: T_Uuid },
    { uri: SERVICE_NS, local: "user_id", prop: "userId", many: false, required: false, scalar: T_string },
  ],
  attrs: [

  ],
});

const S_DatastoreClientEntry: ShapeSpec = defineShape({
  name: "DatastoreClientEntry",
  fields: [
    { uri: ATOM_NS, local: "author", prop: "author", many: false, required: false, shape: S_Person },
    { uri: ATOM_NS, local: "id", prop: "id", many: false, required: false, scalar: T_anyURI },
    { uri: ATOM_NS, local: "link", prop: "links", many: true, required: false, shape: S_Link },
    { uri: ATOM_NS, local: "published", prop: "published", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "updated", prop: "updated", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "title", prop: "title", many: false, required: false, scalar: T_string },
    { uri: ATOM_NS, local: "content", prop: "content", many: false, required: false, shape: S_Content },
    { uri: SERVICE_NS, local: "client", prop: "client", many: false, required: true, shape: S_DatastoreClient },
  ],
  attrs: [

  ],
});

const S_DatastoreClientEntryResponse: ShapeSpec = defineShape({
  name: "DatastoreClientEntryResponse",
  fields: [
    { uri: ATOM_NS, local: "author", prop: "author", many: false, required: false, shape: S_Person },
    { uri: ATOM_NS, local: "id", prop: "id", many: false, required: true, scalar: T_anyURI },
    { uri: ATOM_NS, local: "link", prop: "links", many: true, required: false, shape: S_Link },
    { uri: ATOM_NS, local: "published", prop: "published", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "updated", prop: "updated", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "title", prop: "title", many: false, required: false, scalar: T_string },
    { uri: ATOM_NS, local: "content", prop: "content", many: false, required: false, shape: S_Content },
    { uri: SERVICE_NS, local: "client", prop: "client", many: false, required: true, shape: S_DatastoreClientResponse },
  ],
  attrs: [

  ],
});

const S_ListingSetup: ShapeSpec = defineShape({
  name: "ListingSetup",
  fields: [

  ],
  attrs: [
    { local: "sent", prop: "sent", required: true, scalar: T_ListingTimestampOrEmpty },
  ],
  text: { prop: "name", scalar: T_string },
});

const S_PhoneDatastore: ShapeSpec = defineShape({
  name: "PhoneDatastore",
  fields: [

  ],
  attrs: [
    { local: "dataclass", prop: "dataclass", required: true, scalar: T_Dataclass },
    { local: "href", prop: "href", required: true, scalar: T_anyURI },
  ],
  text: { prop: "name", scalar: T_string },
});

const S_SyncmlClient: ShapeSpec = defineShape({
  name: "SyncmlClient",
  fields: [
    { uri: SERVICE_NS, local: "uuid", prop: "uuid", many: false, required: false, scalar: T_Uuid },
    { uri: SERVICE_NS, local: "user_id", prop: "userId", many: false, required: false, scalar: T_string },
    { uri: SERVICE_NS, local: "phone_number", prop: "phoneNumber", many: false, required: false, scalar: T_string },
    { uri: SERVICE_NS, local: "model_uuid", prop: "modelUuid", many: false, required: false, scalar: T_Uuid },
    { uri: SERVICE_NS, local: "imei", prop: "imei", many: false, required: false, scalar: T_string },
    { uri: SERVICE_NS, local: "timezone", prop: "timezone", many: false, required: false, scalar: T_string },
    { uri: SERVICE_NS, local: "setup", prop: "setup", many: false, required: false, shape: S_ListingSetup },
    { uri: SERVICE_NS, local: "datastore", prop: "datastores", many: true, required: false, shape: S_PhoneDatastore },
  ],
  attrs: [

  ],
});

const S_SyncmlClientResponse: ShapeSpec = defineShape({
  name: "SyncmlClientResponse",
  fields: [
    { uri: SERVICE_NS, local: "uuid", prop: "uuid", many: false, required: true, scalar: T_Uuid },
    { uri: SERVICE_NS, local: "user_id", prop: "userId", many: false, required: false, scalar: T_string },
    { uri: SERVICE_NS, local: "phone_number", prop: "phoneNumber", many: false, required: false, scalar: T_string },
    { uri: SERVICE_NS, local: "model_uuid", prop: "modelUuid", many: false, required: false, scalar: T_Uuid },
    { uri: SERVICE_NS, local: "imei", prop: "imei", many: false, required: false, scalar: T_string },
    { uri: SERVICE_NS, local: "timezone", prop: "timezone", many: false, required: false, scalar: T_string },
    { uri: SERVICE_NS, local: "setup", prop: "setup", many: false, required: false, shape: S_ListingSetup },
    { uri: SERVICE_NS, local: "datastore", prop: "datastores", many: true, required: false, shape: S_PhoneDatastore },
  ],
  attrs: [

  ],
});

const S_SyncmlClientEntry: ShapeSpec = defineShape({
  name: "SyncmlClientEntry",
  fields: [
    { uri: ATOM_NS, local: "author", prop: "author", many: false, required: false, shape: S_Person },
    { uri: ATOM_NS, local: "id", prop: "id", many: false, required: false, scalar: T_anyURI },
    { uri: ATOM_NS, local: "link", prop: "links", many: true, required: false, shape: S_Link },
    { uri: ATOM_NS, local: "published", prop: "published", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "updated", prop: "updated", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "title", prop: "title", many: false, required: false, scalar: T_string },
    { uri: ATOM_NS, local: "content", prop: "content", many: false, required: false, shape: S_Content },
    { uri: SERVICE_NS, local: "client", prop: "client", many: false, required: true, shape: S_SyncmlClient },
  ],
  attrs: [

  ],
});

const S_SyncmlClientEntryResponse: ShapeSpec = defineShape({
  name: "SyncmlClientEntryResponse",
  fields: [
    { uri: ATOM_NS, local: "author", prop: "author", many: false, required: false, shape: S_Person },
    { uri: ATOM_NS, local: "id", prop: "id", many: false, required: true, scalar: T_anyURI },
    { uri: ATOM_NS, local: "link", prop: "links", many: true, required: false, shape: S_Link },
    { uri: ATOM_NS, local: "published", prop: "published", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "updated", prop: "updated", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "title", prop: "title", many: false, required: false, scalar: T_string },
    { uri: ATOM_NS, local: "content", prop: "content", many: false, required: false, shape: S_Content },
    { uri: SERVICE_NS, local: "client", prop: "client", many: false, required: true, shape: S_SyncmlClientResponse },
  ],
  attrs: [

  ],
});

const S_DeviceUnbound: ShapeSpec = defineShape({
  name: "DeviceUnbound",
  fields: [

  ],
  attrs: [
    { local: "since", prop: "since", required: true, scalar: T_dateTime },
  ],
});

const S_IsolatedItem: ShapeSpec = defineShape({
  name: "IsolatedItem",
  fields: [

  ],
  attrs: [
    { local: "collection", prop: "collection", required: true, scalar: T_string },
    { local: "folder", prop: "folder", required: false, scalar: T_string },
    { local: "server_id", prop: "serverId", required: true, scalar: T_string },
    { local: "op", prop: "op", required: true, scalar: T_string },
    { local: "binding", prop: "binding", required: true, scalar: T_integer },
    { local: "since", prop: "since", required: true, scalar: T_dateTime },
  ],
});

const S_DeviceReplacement: ShapeSpec = defineShape({
  name: "DeviceReplacement",
  fields: [

  ],
  attrs: [
    { local: "device_id", prop: "deviceId", required: true, scalar: T_string },
    { local: "at", prop: "at", required: true, scalar: T_dateTime },
  ],
});

const S_DeviceWipe: ShapeSpec = defineShape({
  name: "DeviceWipe",
  fields: [

  ],
  attrs: [
    { local: "scope", prop: "scope", required: true, scalar: T_WipeScope },
    { local: "requested", prop: "requested", required: true, scalar: T_dateTime },
    { local: "sent", prop: "sent", required: false, scalar: T_dateTime },
    { local: "acknowledged", prop: "acknowledged", required: false, scalar: T_dateTime },
  ],
});

const S_ActivesyncDevice: ShapeSpec = defineShape({
  name: "ActivesyncDevice",
  fields: [
    { uri: SERVICE_NS, local: "user_agent", prop: "userAgent", many: false, required: false, scalar: T_string },
    { uri: SERVICE_NS, local: "model", prop: "model", many: false, required: false, scalar: T_string },
    { uri: SERVICE_NS, local: "os", prop: "os", many: false, required: false, scalar: T_string },
    { uri: SERVICE_NS, local: "friendly_name", prop: "friendlyName", many: false, required: false, scalar: T_string },
    { uri: SERVICE_NS, local: "unbound", prop: "unbound", many: false, required: false, shape: S_DeviceUnbound },
    { uri: SERVICE_NS, local: "isolated", prop: "isolatedItems", many: true, required: false, shape: S_IsolatedItem },
    { uri: SERVICE_NS, local: "replaced", prop: "replaced", many: false, required: false, shape: S_DeviceReplacement },
    { uri: SERVICE_NS, local: "wipe", prop: "wipe", many: false, required: false, shape: S_DeviceWipe },
  ],
  attrs: [
    { local: "id", prop: "id", required: true, scalar: T_string },
    { local: "type", prop: "type", required: true, scalar: T_string },
    { local: "protocol_version", prop: "protocolVersion", required: true, scalar: T_string },
    { local: "first_contact", prop: "firstContact", required: true, scalar: T_dateTime },
    { local: "last_contact", prop: "lastContact", required: true, scalar: T_dateTime },
  ],
});

const S_ActivesyncClient: ShapeSpec = defineShape({
  name: "ActivesyncClient",
  fields: [
    { uri: SERVICE_NS, local: "uuid", prop: "uuid", many: false, required: false, scalar: T_Uuid },
    { uri: SERVICE_NS, local: "user_id", prop: "userId", many: false, required: false, scalar: T_string },
    { uri: SERVICE_NS, local: "username", prop: "username", many: false, required: false, scalar: T_string },
    { uri: SERVICE_NS, local: "password", prop: "password", many: false, required: false, scalar: T_string },
    { uri: SERVICE_NS, local: "old_pass", prop: "oldPassword", many: false, required: false, scalar: T_string },
    { uri: SERVICE_NS, local: "phone_number", prop: "phoneNumber", many: false, required: false, scalar: T_string },
    { uri: SERVICE_NS, local: "model_uuid", prop: "modelUuid", many: false, required: false, scalar: T_Uuid },
    { uri: SERVICE_NS, local: "last_sync", prop: "lastSync", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: SERVICE_NS, local: "device", prop: "device", many: false, required: false, shape: S_ActivesyncDevice },
  ],
  attrs: [

  ],
});

const S_ActivesyncClientResponse: ShapeSpec = defineShape({
  name: "ActivesyncClientResponse",
  fields: [
    { uri: SERVICE_NS, local: "uuid", prop: "uuid", many: false, required: true, scalar: T_Uuid },
    { uri: SERVICE_NS, local: "user_id", prop: "userId", many: false, required: false, scalar: T_string },
    { uri: SERVICE_NS, local: "username", prop: "username", many: false, required: false, scalar: T_string },
    { uri: SERVICE_NS, local: "password", prop: "password", many: false, required: false, scalar: T_string },
    { uri: SERVICE_NS, local: "old_pass", prop: "oldPassword", many: false, required: false, scalar: T_string },
    { uri: SERVICE_NS, local: "phone_number", prop: "phoneNumber", many: false, required: false, scalar: T_string },
    { uri: SERVICE_NS, local: "model_uuid", prop: "modelUuid", many: false, required: false, scalar: T_Uuid },
    { uri: SERVICE_NS, local: "last_sync", prop: "lastSync", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: SERVICE_NS, local: "device", prop: "device", many: false, required: false, shape: S_ActivesyncDevice },
  ],
  attrs: [

  ],
});

const S_ActivesyncClientEntry: ShapeSpec = defineShape({
  name: "ActivesyncClientEntry",
  fields: [
    { uri: ATOM_NS, local: "author", prop: "author", many: false, required: false, shape: S_Person },
    { uri: ATOM_NS, local: "id", prop: "id", many: false, required: false, scalar: T_anyURI },
    { uri: ATOM_NS, local: "link", prop: "links", many: true, required: false, shape: S_Link },
    { uri: ATOM_NS, local: "published", prop: "published", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "updated", prop: "updated", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "title", prop: "title", many: false, required: false, scalar: T_string },
    { uri: ATOM_NS, local: "content", prop: "content", many: false, required: false, shape: S_Content },
    { uri: SERVICE_NS, local: "client", prop: "client", many: false, required: true, shape: S_ActivesyncClient },
  ],
  attrs: [

  ],
});

const S_ActivesyncClientEntryResponse: ShapeSpec = defineShape({
  name: "ActivesyncClientEntryResponse",
  fields: [
    { uri: ATOM_NS, local: "author", prop: "author", many: false, required: false, shape: S_Person },
    { uri: ATOM_NS, local: "id", prop: "id", many: false, required: true, scalar: T_anyURI },
    { uri: ATOM_NS, local: "link", prop: "links", many: true, required: false, shape: S_Link },
    { uri: ATOM_NS, local: "published", prop: "published", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "updated", prop: "updated", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "title", prop: "title", many: false, required: false, scalar: T_string },
    { uri: ATOM_NS, local: "content", prop: "content", many: false, required: false, shape: S_Content },
    { uri: SERVICE_NS, local: "client", prop: "client", many: false, required: true, shape: S_ActivesyncClientResponse },
  ],
  attrs: [

  ],
});

const S_WipeRequest: ShapeSpec = defineShape({
  name: "WipeRequest",
  fields: [

  ],
  attrs: [
    { local: "scope", prop: "scope", required: false, scalar: T_WipeScope },
  ],
});

const S_ActivesyncWipeEntry: ShapeSpec = defineShape({
  name: "ActivesyncWipeEntry",
  fields: [
    { uri: ATOM_NS, local: "author", prop: "author", many: false, required: false, shape: S_Person },
    { uri: ATOM_NS, local: "id", prop: "id", many: false, required: false, scalar: T_anyURI },
    { uri: ATOM_NS, local: "link", prop: "links", many: true, required: false, shape: S_Link },
    { uri: ATOM_NS, local: "published", prop: "published", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "updated", prop: "updated", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "title", prop: "title", many: false, required: false, scalar: T_string },
    { uri: ATOM_NS, local: "content", prop: "content", many: false, required: false, shape: S_Content },
    { uri: SERVICE_NS, local: "wipe", prop: "wipe", many: false, required: false, shape: S_WipeRequest },
  ],
  attrs: [

  ],
});

const S_ActivesyncWipeEntryResponse: ShapeSpec = defineShape({
  name: "ActivesyncWipeEntryResponse",
  fields: [
    { uri: ATOM_NS, local: "author", prop: "author", many: false, required: false, shape: S_Person },
    { uri: ATOM_NS, local: "id", prop: "id", many: false, required: true, scalar: T_anyURI },
    { uri: ATOM_NS, local: "link", prop: "links", many: true, required: false, shape: S_Link },
    { uri: ATOM_NS, local: "published", prop: "published", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "updated", prop: "updated", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "title", prop: "title", many: false, required: false, scalar: T_string },
    { uri: ATOM_NS, local: "content", prop: "content", many: false, required: false, shape: S_Content },
    { uri: SERVICE_NS, local: "wipe", prop: "wipe", many: false, required: false, shape: S_WipeRequest },
  ],
  attrs: [

  ],
});

const S_ContentEntry: ShapeSpec = defineShape({
  name: "ContentEntry",
  fields: [
    { uri: ATOM_NS, local: "author", prop: "author", many: false, required: false, shape: S_Person },
    { uri: ATOM_NS, local: "id", prop: "id", many: false, required: false, scalar: T_anyURI },
    { uri: ATOM_NS, local: "link", prop: "links", many: true, required: false, shape: S_Link },
    { uri: ATOM_NS, local: "published", prop: "published", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "updated", prop: "updated", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "title", prop: "title", many: false, required: false, scalar: T_string },
    { uri: ATOM_NS, local: "content", prop: "content", many: false, required: false, shape: S_Content },
    { uri: SERVICE_NS, local: "dataclass", prop: "dataclass", many: false, required: false, scalar: T_Dataclass },
  ],
  attrs: [

  ],
});

const S_ContentEntryResponse: ShapeSpec = defineShape({
  name: "ContentEntryResponse",
  fields: [
    { uri: ATOM_NS, local: "author", prop: "author", many: false, required: false, shape: S_Person },
    { uri: ATOM_NS, local: "id", prop: "id", many: false, required: true, scalar: T_anyURI },
    { uri: ATOM_NS, local: "link", prop: "links", many: true, required: false, shape: S_Link },
    { uri: ATOM_NS, local: "published", prop: "published", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "updated", prop: "updated", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "title", prop: "title", many: false, required: false, scalar: T_string },
    { uri: ATOM_NS, local: "content", prop: "content", many: false, required: false, shape: S_Content },
    { uri: SERVICE_NS, local: "dataclass", prop: "dataclass", many: false, required: false, scalar: T_Dataclass },
  ],
  attrs: [

  ],
});

const S_BatchContent: ShapeSpec = defineShape({
  name: "BatchContent",
  fields: [

  ],
  attrs: [
    { local: "dataclass", prop: "dataclass", required: false, scalar: T_Dataclass },
    { local: "type", prop: "type", required: false, scalar: T_string },
  ],
  text: { prop: "value", scalar: T_string },
});

const S_Operation: ShapeSpec = defineShape({
  name: "Operation",
  fields: [

  ],
  attrs: [
    { local: "type", prop: "type", required: true, scalar: T_OperationType },
  ],
});

const S_Status: ShapeSpec = defineShape({
  name: "Status",
  fields: [

  ],
  attrs: [
    { local: "code", prop: "code", required: true, scalar: T_int },
    { local: "reason", prop: "reason", required: false, scalar: T_string },
  ],
});

const S_BatchContentEntry: ShapeSpec = defineShape({
  name: "BatchContentEntry",
  fields: [
    { uri: ATOM_NS, local: "author", prop: "author", many: false, required: false, shape: S_Person },
    { uri: ATOM_NS, local: "id", prop: "id", many: false, required: false, scalar: T_anyURI },
    { uri: ATOM_NS, local: "link", prop: "links", many: true, required: false, shape: S_Link },
    { uri: ATOM_NS, local: "published", prop: "published", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "updated", prop: "updated", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "title", prop: "title", many: false, required: false, scalar: T_string },
    { uri: SERVICE_NS, local: "content", prop: "content", many: false, required: false, shape: S_BatchContent },
    { uri: BATCH_NS, local: "operation", prop: "operation", many: false, required: false, shape: S_Operation },
    { uri: BATCH_NS, local: "id", prop: "batchId", many: false, required: false, scalar: T_string },
    { uri: BATCH_NS, local: "status", prop: "status", many: false, required: false, shape: S_Status },
  ],
  attrs: [

  ],
});

const S_ImportRefusal: ShapeSpec = defineShape({
  name: "ImportRefusal",
  fields: [

  ],
  attrs: [
    { local: "line", prop: "line", required: true, scalar: T_integer },
    { local: "title", prop: "title", required: false, scalar: T_string },
  ],
  text: { prop: "reason", scalar: T_string },
});

const S_ImportSummary: ShapeSpec = defineShape({
  name: "ImportSummary",
  fields: [
    { uri: SERVICE_NS, local: "items", prop: "items", many: false, required: true, scalar: T_nonNegativeInteger },
    { uri: SERVICE_NS, local: "added", prop: "added", many: false, required: true, scalar: T_nonNegativeInteger },
    { uri: SERVICE_NS, local: "twins", prop: "twins", many: false, required: true, scalar: T_nonNegativeInteger },
    { uri: SERVICE_NS, local: "refused_count", prop: "refusedCount", many: false, required: true, scalar: T_nonNegativeInteger },
    { uri: SERVICE_NS, local: "refused", prop: "refusals", many: true, required: false, shape: S_ImportRefusal },
  ],
  attrs: [

  ],
});

const S_ContentImportEntry: ShapeSpec = defineShape({
  name: "ContentImportEntry",
  fields: [
    { uri: ATOM_NS, local: "author", prop: "author", many: false, required: false, shape: S_Person },
    { uri: ATOM_NS, local: "id", prop: "id", many: false, required: false, scalar: T_anyURI },
    { uri: ATOM_NS, local: "link", prop: "links", many: true, required: false, shape: S_Link },
    { uri: ATOM_NS, local: "published", prop: "published", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "updated", prop: "updated", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "title", prop: "title", many: false, required: false, scalar: T_string },
    { uri: ATOM_NS, local: "content", prop: "content", many: false, required: false, shape: S_Content },
    { uri: SERVICE_NS, local: "import", prop: "import", many: false, required: true, shape: S_ImportSummary },
  ],
  attrs: [

  ],
});

const S_ContentImportEntryResponse: ShapeSpec = defineShape({
  name: "ContentImportEntryResponse",
  fields: [
    { uri: ATOM_NS, local: "author", prop: "author", many: false, required: false, shape: S_Person },
    { uri: ATOM_NS, local: "id", prop: "id", many: false, required: true, scalar: T_anyURI },
    { uri: ATOM_NS, local: "link", prop: "links", many: true, required: false, shape: S_Link },
    { uri: ATOM_NS, local: "published", prop: "published", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "updated", prop: "updated", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "title", prop: "title", many: false, required: false, scalar: T_string },
    { uri: ATOM_NS, local: "content", prop: "content", many: false, required: false, shape: S_Content },
    { uri: SERVICE_NS, local: "import", prop: "import", many: false, required: true, shape: S_ImportSummary },
  ],
  attrs: [

  ],
});

const S_SentSetup: ShapeSpec = defineShape({
  name: "SentSetup",
  fields: [

  ],
  attrs: [
    { local: "sent", prop: "sent", required: true, scalar: T_DateTimeOrEmpty },
  ],
  text: { prop: "name", scalar: T_string },
});

const S_SyncmlSetupEntry: ShapeSpec = defineShape({
  name: "SyncmlSetupEntry",
  fields: [
    { uri: ATOM_NS, local: "author", prop: "author", many: false, required: false, shape: S_Person },
    { uri: ATOM_NS, local: "id", prop: "id", many: false, required: false, scalar: T_anyURI },
    { uri: ATOM_NS, local: "link", prop: "links", many: true, required: false, shape: S_Link },
    { uri: ATOM_NS, local: "published", prop: "published", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "updated", prop: "updated", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "title", prop: "title", many: false, required: false, scalar: T_string },
    { uri: ATOM_NS, local: "content", prop: "content", many: false, required: false, shape: S_Content },
    { uri: SERVICE_NS, local: "pincode", prop: "pincode", many: false, required: false, scalar: T_string },
    { uri: SERVICE_NS, local: "setup", prop: "setup", many: false, required: false, shape: S_SentSetup },
  ],
  attrs: [

  ],
});

const S_SyncmlSetupEntryResponse: ShapeSpec = defineShape({
  name: "SyncmlSetupEntryResponse",
  fields: [
    { uri: ATOM_NS, local: "author", prop: "author", many: false, required: false, shape: S_Person },
    { uri: ATOM_NS, local: "id", prop: "id", many: false, required: true, scalar: T_anyURI },
    { uri: ATOM_NS, local: "link", prop: "links", many: true, required: false, shape: S_Link },
    { uri: ATOM_NS, local: "published", prop: "published", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "updated", prop: "updated", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "title", prop: "title", many: false, required: false, scalar: T_string },
    { uri: ATOM_NS, local: "content", prop: "content", many: false, required: false, shape: S_Content },
    { uri: SERVICE_NS, local: "pincode", prop: "pincode", many: false, required: false, scalar: T_string },
    { uri: SERVICE_NS, local: "setup", prop: "setup", many: false, required: false, shape: S_SentSetup },
  ],
  attrs: [

  ],
});

const S_ClientRef: ShapeSpec = defineShape({
  name: "ClientRef",
  fields: [
    { uri: SERVICE_NS, local: "sync_source", prop: "syncSource", many: false, required: true, scalar: T_ClientKind },
    { uri: SERVICE_NS, local: "uuid", prop: "uuid", many: false, required: true, scalar: T_Uuid },
  ],
  attrs: [

  ],
});

const S_BindingEntry: ShapeSpec = defineShape({
  name: "BindingEntry",
  fields: [
    { uri: ATOM_NS, local: "author", prop: "author", many: false, required: false, shape: S_Person },
    { uri: ATOM_NS, local: "id", prop: "id", many: false, required: false, scalar: T_anyURI },
    { uri: ATOM_NS, local: "link", prop: "links", many: true, required: false, shape: S_Link },
    { uri: ATOM_NS, local: "published", prop: "published", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "updated", prop: "updated", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "title", prop: "title", many: false, required: false, scalar: T_string },
    { uri: ATOM_NS, local: "content", prop: "content", many: false, required: false, shape: S_Content },
    { uri: SERVICE_NS, local: "source", prop: "source", many: false, required: false, shape: S_ClientRef },
    { uri: SERVICE_NS, local: "target", prop: "target", many: false, required: false, shape: S_ClientRef },
    { uri: SERVICE_NS, local: "conflict_winner", prop: "conflictWinner", many: false, required: false, scalar: T_ConflictWinner },
    { uri: SERVICE_NS, local: "binding_id", prop: "bindingId", many: false, required: false, scalar: T_nonNegativeInteger },
  ],
  attrs: [

  ],
});

const S_BindingEntryResponse: ShapeSpec = defineShape({
  name: "BindingEntryResponse",
  fields: [
    { uri: ATOM_NS, local: "author", prop: "author", many: false, required: false, shape: S_Person },
    { uri: ATOM_NS, local: "id", prop: "id", many: false, required: true, scalar: T_anyURI },
    { uri: ATOM_NS, local: "link", prop: "links", many: true, required: false, shape: S_Link },
    { uri: ATOM_NS, local: "published", prop: "published", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "updated", prop: "updated", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "title", prop: "title", many: false, required: false, scalar: T_string },
    { uri: ATOM_NS, local: "content", prop: "content", many: false, required: false, shape: S_Content },
    { uri: SERVICE_NS, local: "source", prop: "source", many: false, required: false, shape: S_ClientRef },
    { uri: SERVICE_NS, local: "target", prop: "target", many: false, required: false, shape: S_ClientRef },
    { uri: SERVICE_NS, local: "conflict_winner", prop: "conflictWinner", many: false, required: false, scalar: T_ConflictWinner },
    { uri: SERVICE_NS, local: "binding_id", prop: "bindingId", many: false, required: true, scalar: T_nonNegativeInteger },
  ],
  attrs: [

  ],
});

const S_SynchronizationEntry: ShapeSpec = defineShape({
  name: "SynchronizationEntry",
  fields: [
    { uri: ATOM_NS, local: "author", prop: "author", many: false, required: false, shape: S_Person },
    { uri: ATOM_NS, local: "id", prop: "id", many: false, required: false, scalar: T_anyURI },
    { uri: ATOM_NS, local: "link", prop: "links", many: true, required: false, shape: S_Link },
    { uri: ATOM_NS, local: "published", prop: "published", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "updated", prop: "updated", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "title", prop: "title", many: false, required: false, scalar: T_string },
    { uri: ATOM_NS, local: "content", prop: "content", many: false, required: false, shape: S_Content },
    { uri: SERVICE_NS, local: "sync_mode", prop: "syncMode", many: false, required: true, scalar: T_SyncMode },
    { uri: SERVICE_NS, local: "dataclass", prop: "dataclass", many: false, required: true, scalar: T_Dataclass },
  ],
  attrs: [

  ],
});

const S_SynchronizationEntryResponse: ShapeSpec = defineShape({
  name: "SynchronizationEntryResponse",
  fields: [
    { uri: ATOM_NS, local: "author", prop: "author", many: false, required: false, shape: S_Person },
    { uri: ATOM_NS, local: "id", prop: "id", many: false, required: true, scalar: T_anyURI },
    { uri: ATOM_NS, local: "link", prop: "links", many: true, required: false, shape: S_Link },
    { uri: ATOM_NS, local: "published", prop: "published", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "updated", prop: "updated", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "title", prop: "title", many: false, required: false, scalar: T_string },
    { uri: ATOM_NS, local: "content", prop: "content", many: false, required: false, shape: S_Content },
    { uri: SERVICE_NS, local: "sync_mode", prop: "syncMode", many: false, required: true, scalar: T_SyncMode },
    { uri: SERVICE_NS, local: "dataclass", prop: "dataclass", many: false, required: true, scalar: T_Dataclass },
  ],
  attrs: [

  ],
});

const S_SyncSourceRef: ShapeSpec = defineShape({
  name: "SyncSourceRef",
  fields: [

  ],
  attrs: [
    { local: "type", prop: "type", required: true, scalar: T_ClientKind },
  ],
  text: { prop: "uuid", scalar: T_string },
});

const S_Statistics: ShapeSpec = defineShape({
  name: "Statistics",
  fields: [
    { uri: SERVICE_NS, local: "adds_in", prop: "addsIn", many: false, required: true, scalar: T_nonNegativeInteger },
    { uri: SERVICE_NS, local: "replaces_in", prop: "replacesIn", many: false, required: true, scalar: T_nonNegativeInteger },
    { uri: SERVICE_NS, local: "deletes_in", prop: "deletesIn", many: false, required: true, scalar: T_nonNegativeInteger },
    { uri: SERVICE_NS, local: "adds_out", prop: "addsOut", many: false, required: true, scalar: T_nonNegativeInteger },
    { uri: SERVICE_NS, local: "replaces_out", prop: "replacesOut", many: false, required: true, scalar: T_nonNegativeInteger },
    { uri: SERVICE_NS, local: "deletes_out", prop: "deletesOut", many: false, required: true, scalar: T_nonNegativeInteger },
  ],
  attrs: [

  ],
});

const S_SideStats: ShapeSpec = defineShape({
  name: "SideStats",
  fields: [
    { uri: SERVICE_NS, local: "sync_source", prop: "syncSource", many: false, required: true, shape: S_SyncSourceRef },
    { uri: SERVICE_NS, local: "statistics", prop: "statistics", many: false, required: true, shape: S_Statistics },
  ],
  attrs: [

  ],
});

const S_SyncStats: ShapeSpec = defineShape({
  name: "SyncStats",
  fields: [
    { uri: SERVICE_NS, local: "source", prop: "source", many: false, required: true, shape: S_SideStats },
    { uri: SERVICE_NS, local: "target", prop: "target", many: false, required: true, shape: S_SideStats },
    { uri: SERVICE_NS, local: "duplicates_detected", prop: "duplicatesDetected", many: false, required: true, scalar: T_nonNegativeInteger },
    { uri: SERVICE_NS, local: "duplicates_removed", prop: "duplicatesRemoved", many: false, required: true, scalar: T_nonNegativeInteger },
    { uri: SERVICE_NS, local: "conflicts_detected", prop: "conflictsDetected", many: false, required: true, scalar: T_nonNegativeInteger },
  ],
  attrs: [

  ],
});

const S_SyncLogEntry: ShapeSpec = defineShape({
  name: "SyncLogEntry",
  fields: [
    { uri: ATOM_NS, local: "author", prop: "author", many: false, required: false, shape: S_Person },
    { uri: ATOM_NS, local: "id", prop: "id", many: false, required: false, scalar: T_anyURI },
    { uri: ATOM_NS, local: "link", prop: "links", many: true, required: false, shape: S_Link },
    { uri: ATOM_NS, local: "published", prop: "published", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "updated", prop: "updated", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "title", prop: "title", many: false, required: false, scalar: T_string },
    { uri: ATOM_NS, local: "content", prop: "content", many: false, required: false, shape: S_Content },
    { uri: SERVICE_NS, local: "sync_stats", prop: "syncStats", many: false, required: true, shape: S_SyncStats },
    { uri: SERVICE_NS, local: "sync_mode", prop: "syncMode", many: false, required: true, scalar: T_SyncMode },
    { uri: SERVICE_NS, local: "dataclass", prop: "dataclass", many: false, required: true, scalar: T_Dataclass },
    { uri: SERVICE_NS, local: "binding_id", prop: "bindingId", many: false, required: false, scalar: T_nonNegativeInteger },
    { uri: SERVICE_NS, local: "result", prop: "result", many: false, required: false, scalar: T_SyncResult },
    { uri: SERVICE_NS, local: "reason", prop: "reason", many: false, required: false, scalar: T_string },
  ],
  attrs: [

  ],
});

const S_SyncLogEntryResponse: ShapeSpec = defineShape({
  name: "SyncLogEntryResponse",
  fields: [
    { uri: ATOM_NS, local: "author", prop: "author", many: false, required: false, shape: S_Person },
    { uri: ATOM_NS, local: "id", prop: "id", many: false, required: true, scalar: T_anyURI },
    { uri: ATOM_NS, local: "link", prop: "links", many: true, required: false, shape: S_Link },
    { uri: ATOM_NS, local: "published", prop: "published", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "updated", prop: "updated", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "title", prop: "title", many: false, required: false, scalar: T_string },
    { uri: ATOM_NS, local: "content", prop: "content", many: false, required: false, shape: S_Content },
    { uri: SERVICE_NS, local: "sync_stats", prop: "syncStats", many: false, required: true, shape: S_SyncStats },
    { uri: SERVICE_NS, local: "sync_mode", prop: "syncMode", many: false, required: true, scalar: T_SyncMode },
    { uri: SERVICE_NS, local: "dataclass", prop: "dataclass", many: false, required: true, scalar: T_Dataclass },
    { uri: SERVICE_NS, local: "binding_id", prop: "bindingId", many: false, required: false, scalar: T_nonNegativeInteger },
    { uri: SERVICE_NS, local: "result", prop: "result", many: false, required: false, scalar: T_SyncResult },
    { uri: SERVICE_NS, local: "reason", prop: "reason", many: false, required: false, scalar: T_string },
  ],
  attrs: [

  ],
});

const S_VendorEntry: ShapeSpec = defineShape({
  name: "VendorEntry",
  fields: [
    { uri: ATOM_NS, local: "author", prop: "author", many: false, required: false, shape: S_Person },
    { uri: ATOM_NS, local: "id", prop: "id", many: false, required: false, scalar: T_anyURI },
    { uri: ATOM_NS, local: "link", prop: "links", many: true, required: false, shape: S_Link },
    { uri: ATOM_NS, local: "published", prop: "published", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "updated", prop: "updated", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "title", prop: "title", many: false, required: false, scalar: T_string },
    { uri: ATOM_NS, local: "content", prop: "content", many: false, required: false, shape: S_Content },
  ],
  attrs: [

  ],
});

const S_VendorEntryResponse: ShapeSpec = defineShape({
  name: "VendorEntryResponse",
  fields: [
    { uri: ATOM_NS, local: "author", prop: "author", many: false, required: false, shape: S_Person },
    { uri: ATOM_NS, local: "id", prop: "id", many: false, required: true, scalar: T_anyURI },
    { uri: ATOM_NS, local: "link", prop: "links", many: true, required: false, shape: S_Link },
    { uri: ATOM_NS, local: "published", prop: "published", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "updated", prop: "updated", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "title", prop: "title", many: false, required: false, scalar: T_string },
    { uri: ATOM_NS, local: "content", prop: "content", many: false, required: false, shape: S_Content },
  ],
  attrs: [

  ],
});

const S_PhoneModelEntry: ShapeSpec = defineShape({
  name: "PhoneModelEntry",
  fields: [
    { uri: ATOM_NS, local: "author", prop: "author", many: false, required: false, shape: S_Person },
    { uri: ATOM_NS, local: "id", prop: "id", many: false, required: false, scalar: T_anyURI },
    { uri: ATOM_NS, local: "link", prop: "links", many: true, required: false, shape: S_Link },
    { uri: ATOM_NS, local: "published", prop: "published", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "updated", prop: "updated", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "title", prop: "title", many: false, required: false, scalar: T_string },
    { uri: ATOM_NS, local: "content", prop: "content", many: false, required: false, shape: S_Content },
    { uri: SERVICE_NS, local: "uuid", prop: "uuid", many: false, required: true, scalar: T_Uuid },
    { uri: SERVICE_NS, local: "image_url", prop: "imageUrl", many: false, required: true, scalar: T_string },
    { uri: SERVICE_NS, local: "vendor_uuid", prop: "vendorUuid", many: false, required: false, scalar: T_Uuid },
    { uri: SERVICE_NS, local: "syncml_version", prop: "syncmlVersion", many: false, required: false, scalar: T_string },
    { uri: SERVICE_NS, local: "dataclass", prop: "dataclasses", many: true, required: false, scalar: T_Dataclass },
  ],
  attrs: [

  ],
});

const S_PhoneModelEntryResponse: ShapeSpec = defineShape({
  name: "PhoneModelEntryResponse",
  fields: [
    { uri: ATOM_NS, local: "author", prop: "author", many: false, required: false, shape: S_Person },
    { uri: ATOM_NS, local: "id", prop: "id", many: false, required: true, scalar: T_anyURI },
    { uri: ATOM_NS, local: "link", prop: "links", many: true, required: false, shape: S_Link },
    { uri: ATOM_NS, local: "published", prop: "published", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "updated", prop: "updated", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "title", prop: "title", many: false, required: false, scalar: T_string },
    { uri: ATOM_NS, local: "content", prop: "content", many: false, required: false, shape: S_Content },
    { uri: SERVICE_NS, local: "uuid", prop: "uuid", many: false, required: true, scalar: T_Uuid },
    { uri: SERVICE_NS, local: "image_url", prop: "imageUrl", many: false, required: true, scalar: T_string },
    { uri: SERVICE_NS, local: "vendor_uuid", prop: "vendorUuid", many: false, required: false, scalar: T_Uuid },
    { uri: SERVICE_NS, local: "syncml_version", prop: "syncmlVersion", many: false, required: false, scalar: T_string },
    { uri: SERVICE_NS, local: "dataclass", prop: "dataclasses", many: true, required: false, scalar: T_Dataclass },
  ],
  attrs: [

  ],
});

const S_PhoneDatastoreBindingEntry: ShapeSpec = defineShape({
  name: "PhoneDatastoreBindingEntry",
  fields: [
    { uri: ATOM_NS, local: "author", prop: "author", many: false, required: false, shape: S_Person },
    { uri: ATOM_NS, local: "id", prop: "id", many: false, required: false, scalar: T_anyURI },
    { uri: ATOM_NS, local: "link", prop: "links", many: true, required: false, shape: S_Link },
    { uri: ATOM_NS, local: "published", prop: "published", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "updated", prop: "updated", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "title", prop: "title", many: false, required: false, scalar: T_string },
    { uri: ATOM_NS, local: "content", prop: "content", many: false, required: false, shape: S_Content },
    { uri: SERVICE_NS, local: "model_uuid", prop: "modelUuid", many: false, required: false, scalar: T_Uuid },
    { uri: SERVICE_NS, local: "phone_number", prop: "phoneNumber", many: false, required: false, scalar: T_string },
    { uri: SERVICE_NS, local: "foreign_user_id", prop: "foreignUserId", many: false, required: false, scalar: T_string },
    { uri: SERVICE_NS, local: "timezone", prop: "timezone", many: false, required: false, scalar: T_string },
  ],
  attrs: [

  ],
});

const S_PhoneDatastoreBindingEntryResponse: ShapeSpec = defineShape({
  name: "PhoneDatastoreBindingEntryResponse",
  fields: [
    { uri: ATOM_NS, local: "author", prop: "author", many: false, required: false, shape: S_Person },
    { uri: ATOM_NS, local: "id", prop: "id", many: false, required: true, scalar: T_anyURI },
    { uri: ATOM_NS, local: "link", prop: "links", many: true, required: false, shape: S_Link },
    { uri: ATOM_NS, local: "published", prop: "published", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "updated", prop: "updated", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "title", prop: "title", many: false, required: false, scalar: T_string },
    { uri: ATOM_NS, local: "content", prop: "content", many: false, required: false, shape: S_Content },
    { uri: SERVICE_NS, local: "model_uuid", prop: "modelUuid", many: false, required: false, scalar: T_Uuid },
    { uri: SERVICE_NS, local: "phone_number", prop: "phoneNumber", many: false, required: false, scalar: T_string },
    { uri: SERVICE_NS, local: "foreign_user_id", prop: "foreignUserId", many: false, required: false, scalar: T_string },
    { uri: SERVICE_NS, local: "timezone", prop: "timezone", many: false, required: false, scalar: T_string },
  ],
  attrs: [

  ],
});

const S_SessionDatastore: ShapeSpec = defineShape({
  name: "SessionDatastore",
  fields: [
    { uri: SERVICE_NS, local: "statistics", prop: "statistics", many: false, required: false, shape: S_Statistics },
  ],
  attrs: [
    { local: "uri", prop: "uri", required: true, scalar: T_string },
    { local: "dataclass", prop: "dataclass", required: false, scalar: T_Dataclass },
    { local: "sync_mode", prop: "syncMode", required: false, scalar: T_SyncMode },
  ],
});

const S_Session: ShapeSpec = defineShape({
  name: "Session",
  fields: [
    { uri: SERVICE_NS, local: "session_id", prop: "sessionId", many: false, required: true, scalar: T_string },
    { uri: SERVICE_NS, local: "device_id", prop: "deviceId", many: false, required: true, scalar: T_string },
    { uri: SERVICE_NS, local: "client_uuid", prop: "clientUuid", many: false, required: false, scalar: T_Uuid },
    { uri: SERVICE_NS, local: "protocol", prop: "protocol", many: false, required: false, scalar: T_string },
    { uri: SERVICE_NS, local: "encoding", prop: "encoding", many: false, required: false, scalar: T_SyncmlEncoding },
    { uri: SERVICE_NS, local: "started", prop: "started", many: false, required: true, scalar: T_dateTime },
    { uri: SERVICE_NS, local: "ended", prop: "ended", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: SERVICE_NS, local: "status", prop: "status", many: false, required: false, scalar: T_int },
    { uri: SERVICE_NS, local: "reason", prop: "reason", many: false, required: false, scalar: T_string },
    { uri: SERVICE_NS, local: "datastore", prop: "datastores", many: true, required: false, shape: S_SessionDatastore },
  ],
  attrs: [

  ],
});

const S_SessionEntry: ShapeSpec = defineShape({
  name: "SessionEntry",
  fields: [
    { uri: ATOM_NS, local: "author", prop: "author", many: false, required: false, shape: S_Person },
    { uri: ATOM_NS, local: "id", prop: "id", many: false, required: false, scalar: T_anyURI },
    { uri: ATOM_NS, local: "link", prop: "links", many: true, required: false, shape: S_Link },
    { uri: ATOM_NS, local: "published", prop: "published", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "updated", prop: "updated", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "title", prop: "title", many: false, required: false, scalar: T_string },
    { uri: ATOM_NS, local: "content", prop: "content", many: false, required: false, shape: S_Content },
    { uri: SERVICE_NS, local: "session", prop: "session", many: false, required: true, shape: S_Session },
  ],
  attrs: [

  ],
});

const S_SessionEntryResponse: ShapeSpec = defineShape({
  name: "SessionEntryResponse",
  fields: [
    { uri: ATOM_NS, local: "author", prop: "author", many: false, required: false, shape: S_Person },
    { uri: ATOM_NS, local: "id", prop: "id", many: false, required: true, scalar: T_anyURI },
    { uri: ATOM_NS, local: "link", prop: "links", many: true, required: false, shape: S_Link },
    { uri: ATOM_NS, local: "published", prop: "published", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "updated", prop: "updated", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "title", prop: "title", many: false, required: false, scalar: T_string },
    { uri: ATOM_NS, local: "content", prop: "content", many: false, required: false, shape: S_Content },
    { uri: SERVICE_NS, local: "session", prop: "session", many: false, required: true, shape: S_Session },
  ],
  attrs: [

  ],
});

const S_ChatMessage: ShapeSpec = defineShape({
  name: "ChatMessage",
  fields: [
    { uri: SERVICE_NS, local: "session_id", prop: "sessionId", many: false, required: true, scalar: T_string },
    { uri: SERVICE_NS, local: "msg_id", prop: "msgId", many: false, required: true, scalar: T_nonNegativeInteger },
    { uri: SERVICE_NS, local: "direction", prop: "direction", many: false, required: true, scalar: T_MessageDirection },
    { uri: SERVICE_NS, local: "encoding", prop: "encoding", many: false, required: true, scalar: T_SyncmlEncoding },
  ],
  attrs: [

  ],
});

const S_ChatMessageEntry: ShapeSpec = defineShape({
  name: "ChatMessageEntry",
  fields: [
    { uri: ATOM_NS, local: "author", prop: "author", many: false, required: false, shape: S_Person },
    { uri: ATOM_NS, local: "id", prop: "id", many: false, required: false, scalar: T_anyURI },
    { uri: ATOM_NS, local: "link", prop: "links", many: true, required: false, shape: S_Link },
    { uri: ATOM_NS, local: "published", prop: "published", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "updated", prop: "updated", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "title", prop: "title", many: false, required: false, scalar: T_string },
    { uri: ATOM_NS, local: "content", prop: "content", many: false, required: false, shape: S_Content },
    { uri: SERVICE_NS, local: "message", prop: "message", many: false, required: true, shape: S_ChatMessage },
  ],
  attrs: [

  ],
});

const S_ChatMessageEntryResponse: ShapeSpec = defineShape({
  name: "ChatMessageEntryResponse",
  fields: [
    { uri: ATOM_NS, local: "author", prop: "author", many: false, required: false, shape: S_Person },
    { uri: ATOM_NS, local: "id", prop: "id", many: false, required: true, scalar: T_anyURI },
    { uri: ATOM_NS, local: "link", prop: "links", many: true, required: false, shape: S_Link },
    { uri: ATOM_NS, local: "published", prop: "published", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "updated", prop: "updated", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "title", prop: "title", many: false, required: false, scalar: T_string },
    { uri: ATOM_NS, local: "content", prop: "content", many: false, required: false, shape: S_Content },
    { uri: SERVICE_NS, local: "message", prop: "message", many: false, required: true, shape: S_ChatMessage },
  ],
  attrs: [

  ],
});

const S_OutboxItem: ShapeSpec = defineShape({
  name: "OutboxItem",
  fields: [
    { uri: SERVICE_NS, local: "kind", prop: "kind", many: false, required: true, scalar: T_OutboxKind },
    { uri: SERVICE_NS, local: "client_uuid", prop: "clientUuid", many: false, required: true, scalar: T_Uuid },
    { uri: SERVICE_NS, local: "phone_number", prop: "phoneNumber", many: false, required: false, scalar: T_string },
  ],
  attrs: [

  ],
});

const S_OutboxEntry: ShapeSpec = defineShape({
  name: "OutboxEntry",
  fields: [
    { uri: ATOM_NS, local: "author", prop: "author", many: false, required: false, shape: S_Person },
    { uri: ATOM_NS, local: "id", prop: "id", many: false, required: false, scalar: T_anyURI },
    { uri: ATOM_NS, local: "link", prop: "links", many: true, required: false, shape: S_Link },
    { uri: ATOM_NS, local: "published", prop: "published", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "updated", prop: "updated", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "title", prop: "title", many: false, required: false, scalar: T_string },
    { uri: ATOM_NS, local: "content", prop: "content", many: false, required: false, shape: S_Content },
    { uri: SERVICE_NS, local: "outbox_item", prop: "outboxItem", many: false, required: true, shape: S_OutboxItem },
  ],
  attrs: [

  ],
});

const S_OutboxEntryResponse: ShapeSpec = defineShape({
  name: "OutboxEntryResponse",
  fields: [
    { uri: ATOM_NS, local: "author", prop: "author", many: false, required: false, shape: S_Person },
    { uri: ATOM_NS, local: "id", prop: "id", many: false, required: true, scalar: T_anyURI },
    { uri: ATOM_NS, local: "link", prop: "links", many: true, required: false, shape: S_Link },
    { uri: ATOM_NS, local: "published", prop: "published", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "updated", prop: "updated", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "title", prop: "title", many: false, required: false, scalar: T_string },
    { uri: ATOM_NS, local: "content", prop: "content", many: false, required: false, shape: S_Content },
    { uri: SERVICE_NS, local: "outbox_item", prop: "outboxItem", many: false, required: true, shape: S_OutboxItem },
  ],
  attrs: [

  ],
});

const S_Account: ShapeSpec = defineShape({
  name: "Account",
  fields: [
    { uri: SERVICE_NS, local: "username", prop: "username", many: false, required: true, scalar: T_string },
    { uri: SERVICE_NS, local: "password", prop: "password", many: false, required: false, scalar: T_string },
    { uri: SERVICE_NS, local: "old_pass", prop: "oldPassword", many: false, required: false, scalar: T_string },
    { uri: SERVICE_NS, local: "admin", prop: "admin", many: false, required: false, scalar: T_boolean },
  ],
  attrs: [

  ],
});

const S_AccountEntry: ShapeSpec = defineShape({
  name: "AccountEntry",
  fields: [
    { uri: ATOM_NS, local: "author", prop: "author", many: false, required: false, shape: S_Person },
    { uri: ATOM_NS, local: "id", prop: "id", many: false, required: false, scalar: T_anyURI },
    { uri: ATOM_NS, local: "link", prop: "links", many: true, required: false, shape: S_Link },
    { uri: ATOM_NS, local: "published", prop: "published", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "updated", prop: "updated", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "title", prop: "title", many: false, required: false, scalar: T_string },
    { uri: ATOM_NS, local: "content", prop: "content", many: false, required: false, shape: S_Content },
    { uri: SERVICE_NS, local: "account", prop: "account", many: false, required: true, shape: S_Account },
  ],
  attrs: [

  ],
});

const S_AccountEntryResponse: ShapeSpec = defineShape({
  name: "AccountEntryResponse",
  fields: [
    { uri: ATOM_NS, local: "author", prop: "author", many: false, required: false, shape: S_Person },
    { uri: ATOM_NS, local: "id", prop: "id", many: false, required: true, scalar: T_anyURI },
    { uri: ATOM_NS, local: "link", prop: "links", many: true, required: false, shape: S_Link },
    { uri: ATOM_NS, local: "published", prop: "published", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "updated", prop: "updated", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "title", prop: "title", many: false, required: false, scalar: T_string },
    { uri: ATOM_NS, local: "content", prop: "content", many: false, required: false, shape: S_Content },
    { uri: SERVICE_NS, local: "account", prop: "account", many: false, required: true, shape: S_Account },
  ],
  attrs: [

  ],
});

const S_TokenEntry: ShapeSpec = defineShape({
  name: "TokenEntry",
  fields: [
    { uri: ATOM_NS, local: "author", prop: "author", many: false, required: false, shape: S_Person },
    { uri: ATOM_NS, local: "id", prop: "id", many: false, required: false, scalar: T_anyURI },
    { uri: ATOM_NS, local: "link", prop: "links", many: true, required: false, shape: S_Link },
    { uri: ATOM_NS, local: "published", prop: "published", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "updated", prop: "updated", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "title", prop: "title", many: false, required: false, scalar: T_string },
    { uri: ATOM_NS, local: "content", prop: "content", many: false, required: false, shape: S_Content },
    { uri: SERVICE_NS, local: "token", prop: "token", many: false, required: true, scalar: T_string },
  ],
  attrs: [

  ],
});

const S_TokenEntryResponse: ShapeSpec = defineShape({
  name: "TokenEntryResponse",
  fields: [
    { uri: ATOM_NS, local: "author", prop: "author", many: false, required: false, shape: S_Person },
    { uri: ATOM_NS, local: "id", prop: "id", many: false, required: true, scalar: T_anyURI },
    { uri: ATOM_NS, local: "link", prop: "links", many: true, required: false, shape: S_Link },
    { uri: ATOM_NS, local: "published", prop: "published", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "updated", prop: "updated", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "title", prop: "title", many: false, required: false, scalar: T_string },
    { uri: ATOM_NS, local: "content", prop: "content", many: false, required: false, shape: S_Content },
    { uri: SERVICE_NS, local: "token", prop: "token", many: false, required: true, scalar: T_string },
  ],
  attrs: [

  ],
});

const S_AppPassword: ShapeSpec = defineShape({
  name: "AppPassword",
  fields: [
    { uri: SERVICE_NS, local: "uuid", prop: "uuid", many: false, required: false, scalar: T_Uuid },
    { uri: SERVICE_NS, local: "name", prop: "name", many: false, required: true, scalar: T_string },
    { uri: SERVICE_NS, local: "password", prop: "password", many: false, required: false, scalar: T_string },
    { uri: SERVICE_NS, local: "last_used", prop: "lastUsed", many: false, required: false, scalar: T_DateTimeOrEmpty },
  ],
  attrs: [

  ],
});

const S_AppPasswordResponse: ShapeSpec = defineShape({
  name: "AppPasswordResponse",
  fields: [
    { uri: SERVICE_NS, local: "uuid", prop: "uuid", many: false, required: true, scalar: T_Uuid },
    { uri: SERVICE_NS, local: "name", prop: "name", many: false, required: true, scalar: T_string },
    { uri: SERVICE_NS, local: "password", prop: "password", many: false, required: false, scalar: T_string },
    { uri: SERVICE_NS, local: "last_used", prop: "lastUsed", many: false, required: false, scalar: T_DateTimeOrEmpty },
  ],
  attrs: [

  ],
});

const S_AppPasswordEntry: ShapeSpec = defineShape({
  name: "AppPasswordEntry",
  fields: [
    { uri: ATOM_NS, local: "author", prop: "author", many: false, required: false, shape: S_Person },
    { uri: ATOM_NS, local: "id", prop: "id", many: false, required: false, scalar: T_anyURI },
    { uri: ATOM_NS, local: "link", prop: "links", many: true, required: false, shape: S_Link },
    { uri: ATOM_NS, local: "published", prop: "published", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "updated", prop: "updated", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "title", prop: "title", many: false, required: false, scalar: T_string },
    { uri: ATOM_NS, local: "content", prop: "content", many: false, required: false, shape: S_Content },
    { uri: SERVICE_NS, local: "app_password", prop: "appPassword", many: false, required: true, shape: S_AppPassword },
  ],
  attrs: [

  ],
});

const S_AppPasswordEntryResponse: ShapeSpec = defineShape({
  name: "AppPasswordEntryResponse",
  fields: [
    { uri: ATOM_NS, local: "author", prop: "author", many: false, required: false, shape: S_Person },
    { uri: ATOM_NS, local: "id", prop: "id", many: false, required: true, scalar: T_anyURI },
    { uri: ATOM_NS, local: "link", prop: "links", many: true, required: false, shape: S_Link },
    { uri: ATOM_NS, local: "published", prop: "published", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "updated", prop: "updated", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "title", prop: "title", many: false, required: false, scalar: T_string },
    { uri: ATOM_NS, local: "content", prop: "content", many: false, required: false, shape: S_Content },
    { uri: SERVICE_NS, local: "app_password", prop: "appPassword", many: false, required: true, shape: S_AppPasswordResponse },
  ],
  attrs: [

  ],
});

const S_Consumer: ShapeSpec = defineShape({
  name: "Consumer",
  fields: [
    { uri: SERVICE_NS, local: "key", prop: "key", many: false, required: true, scalar: T_string },
    { uri: SERVICE_NS, local: "secret", prop: "secret", many: false, required: true, scalar: T_string },
  ],
  attrs: [

  ],
});

const S_ConsumerEntry: ShapeSpec = defineShape({
  name: "ConsumerEntry",
  fields: [
    { uri: ATOM_NS, local: "author", prop: "author", many: false, required: false, shape: S_Person },
    { uri: ATOM_NS, local: "id", prop: "id", many: false, required: false, scalar: T_anyURI },
    { uri: ATOM_NS, local: "link", prop: "links", many: true, required: false, shape: S_Link },
    { uri: ATOM_NS, local: "published", prop: "published", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "updated", prop: "updated", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "title", prop: "title", many: false, required: false, scalar: T_string },
    { uri: ATOM_NS, local: "content", prop: "content", many: false, required: false, shape: S_Content },
    { uri: SERVICE_NS, local: "consumer", prop: "consumer", many: false, required: true, shape: S_Consumer },
  ],
  attrs: [

  ],
});

const S_ConsumerEntryResponse: ShapeSpec = defineShape({
  name: "ConsumerEntryResponse",
  fields: [
    { uri: ATOM_NS, local: "author", prop: "author", many: false, required: false, shape: S_Person },
    { uri: ATOM_NS, local: "id", prop: "id", many: false, required: true, scalar: T_anyURI },
    { uri: ATOM_NS, local: "link", prop: "links", many: true, required: false, shape: S_Link },
    { uri: ATOM_NS, local: "published", prop: "published", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "updated", prop: "updated", many: false, required: false, scalar: T_DateTimeOrEmpty },
    { uri: ATOM_NS, local: "title", prop: "title", many: false, required: false, scalar: T_string },
    { uri: ATOM_NS, local: "content", prop: "content", many: false, required: false, shape: S_Content },
    { uri: SERVICE_NS, local: "consumer", prop: "consumer", many: false, required: true, shape: S_Consumer },
  ],
  attrs: [

  ],
});

const S_ErrorDetail: ShapeSpec = defineShape({
  name: "ErrorDetail",
  fields: [

  ],
  attrs: [
    { local: "path", prop: "path", required: false, scalar: T_string },
  ],
  text: { prop: "message", scalar: T_string },
});

const S_ServiceError: ShapeSpec = defineShape({
  name: "ServiceError",
  fields: [
    { uri: SERVICE_NS, local: "status", prop: "status", many: false, required: true, scalar: T_int },
    { uri: SERVICE_NS, local: "code", prop: "code", many: false, required: true, scalar: T_ErrorCode },
    { uri: SERVICE_NS, local: "message", prop: "message", many: false, required: true, scalar: T_string },
    { uri: SERVICE_NS, local: "detail", prop: "details", many: true, required: false, shape: S_ErrorDetail },
  ],
  attrs: [

  ],
});

const F_ExtdataClientEntry: ShapeSpec = defineFeedShape(S_FeedHead, S_ExtdataClientEntry);

const F_ExtdataClientEntryResponse: ShapeSpec = defineFeedShape(S_FeedHead, S_ExtdataClientEntryResponse);

const F_DatastoreClientEntry: ShapeSpec = defineFeedShape(S_FeedHead, S_DatastoreClientEntry);

const F_DatastoreClientEntryResponse: ShapeSpec = defineFeedShape(S_FeedHead, S_DatastoreClientEntryResponse);

const F_SyncmlClientEntry: ShapeSpec = defineFeedShape(S_FeedHead, S_SyncmlClientEntry);

const F_SyncmlClientEntryResponse: ShapeSpec = defineFeedShape(S_FeedHead, S_SyncmlClientEntryResponse);

const F_ActivesyncClientEntry: ShapeSpec = defineFeedShape(S_FeedHead, S_ActivesyncClientEntry);

const F_ActivesyncClientEntryResponse: ShapeSpec = defineFeedShape(S_FeedHead, S_ActivesyncClientEntryResponse);

const F_ActivesyncWipeEntry: ShapeSpec = defineFeedShape(S_FeedHead, S_ActivesyncWipeEntry);

const F_ActivesyncWipeEntryResponse: ShapeSpec = defineFeedShape(S_FeedHead, S_ActivesyncWipeEntryResponse);

const F_ContentEntry: ShapeSpec = defineFeedShape(S_FeedHead, S_ContentEntry);

const F_ContentEntryResponse: ShapeSpec = defineFeedShape(S_FeedHead, S_ContentEntryResponse);

const F_BatchContentEntry: ShapeSpec = defineFeedShape(S_FeedHead, S_BatchContentEntry);

const F_ContentImportEntry: ShapeSpec = defineFeedShape(S_FeedHead, S_ContentImportEntry);

const F_ContentImportEntryResponse: ShapeSpec = defineFeedShape(S_FeedHead, S_ContentImportEntryResponse);

const F_SyncmlSetupEntry: ShapeSpec = defineFeedShape(S_FeedHead, S_SyncmlSetupEntry);

const F_SyncmlSetupEntryResponse: ShapeSpec = defineFeedShape(S_FeedHead, S_SyncmlSetupEntryResponse);

const F_BindingEntry: ShapeSpec = defineFeedShape(S_FeedHead, S_BindingEntry);

const F_BindingEntryResponse: ShapeSpec = defineFeedShape(S_FeedHead, S_BindingEntryResponse);

const F_SynchronizationEntry: ShapeSpec = defineFeedShape(S_FeedHead, S_SynchronizationEntry);

const F_SynchronizationEntryResponse: ShapeSpec = defineFeedShape(S_FeedHead, S_SynchronizationEntryResponse);

const F_SyncLogEntry: ShapeSpec = defineFeedShape(S_FeedHead, S_SyncLogEntry);

const F_SyncLogEntryResponse: ShapeSpec = defineFeedShape(S_FeedHead, S_SyncLogEntryResponse);

const F_VendorEntry: ShapeSpec = defineFeedShape(S_FeedHead, S_VendorEntry);

const F_VendorEntryResponse: ShapeSpec = defineFeedShape(S_FeedHead, S_VendorEntryResponse);

const F_PhoneModelEntry: ShapeSpec = defineFeedShape(S_FeedHead, S_PhoneModelEntry);

const F_PhoneModelEntryResponse: ShapeSpec = defineFeedShape(S_FeedHead, S_PhoneModelEntryResponse);

const F_PhoneDatastoreBindingEntry: ShapeSpec = defineFeedShape(S_FeedHead, S_PhoneDatastoreBindingEntry);

const F_PhoneDatastoreBindingEntryResponse: ShapeSpec = defineFeedShape(S_FeedHead, S_PhoneDatastoreBindingEntryResponse);

const F_SessionEntry: ShapeSpec = defineFeedShape(S_FeedHead, S_SessionEntry);

const F_SessionEntryResponse: ShapeSpec = defineFeedShape(S_FeedHead, S_SessionEntryResponse);

const F_ChatMessageEntry: ShapeSpec = defineFeedShape(S_FeedHead, S_ChatMessageEntry);

const F_ChatMessageEntryResponse: ShapeSpec = defineFeedShape(S_FeedHead, S_ChatMessageEntryResponse);

const F_OutboxEntry: ShapeSpec = defineFeedShape(S_FeedHead, S_OutboxEntry);

const F_OutboxEntryResponse: ShapeSpec = defineFeedShape(S_FeedHead, S_OutboxEntryResponse);

const F_AccountEntry: ShapeSpec = defineFeedShape(S_FeedHead, S_AccountEntry);

const F_AccountEntryResponse: ShapeSpec = defineFeedShape(S_FeedHead, S_AccountEntryResponse);

const F_TokenEntry: ShapeSpec = defineFeedShape(S_FeedHead, S_TokenEntry);

const F_TokenEntryResponse: ShapeSpec = defineFeedShape(S_FeedHead, S_TokenEntryResponse);

const F_AppPasswordEntry: ShapeSpec = defineFeedShape(S_FeedHead, S_AppPasswordEntry);

const F_AppPasswordEntryResponse: ShapeSpec = defineFeedShape(S_FeedHead, S_AppPasswordEntryResponse);

const F_ConsumerEntry: ShapeSpec = defineFeedShape(S_FeedHead, S_ConsumerEntry);

const F_ConsumerEntryResponse: ShapeSpec = defineFeedShape(S_FeedHead, S_ConsumerEntryResponse);

// ---- writers (straight-line string builders) ----
function w_Person(tag: string, v: Person, ns: string): string {
  let s = '<' + tag + ns;
  s += '>';
  if (v.name === undefined) throw new AtomEncodeError('is required', "Person.name");
  s += "<name>" + escapeText(v.name) + "</name>";
  if (v.email !== undefined) s += "<email>" + escapeText(v.email) + "</email>";
  if (v.uri !== undefined) s += "<uri>" + escapeText(v.uri) + "</uri>";
  return s + '</' + tag + '>';
}

function w_Link(tag: string, v: Link, ns: string): string {
  let s = '<' + tag + ns;
  if (v.href === undefined) throw new AtomEncodeError('is required', "Link.href");
  s += " href=\"" + escapeAttr(v.href) + '"';
  if (v.rel !== undefined) s += " rel=\"" + escapeAttr(v.rel) + '"';
  if (v.type !== undefined) s += " type=\"" + escapeAttr(v.type) + '"';
  if (v.title !== undefined) s += " title=\"" + escapeAttr(v.title) + '"';
  return s + '/>';
}

function w_Content(tag: string, v: Content, ns: string): string {
  let s = '<' + tag + ns;
  if (v.type !== undefined) s += " type=\"" + escapeAttr(v.type) + '"';
  if (v.src !== undefined) s += " src=\"" + escapeAttr(v.src) + '"';
  s += '>';
  s += escapeText(v.value);
  return s + '</' + tag + '>';
}

function w_ExtdataToken(tag: string, v: ExtdataToken, ns: string): string {
  let s = '<' + tag + ns;
  s += '>';
  if (v.tokenType !== undefined) s += "<s:token_type>" + formatInteger(v.tokenType, "ExtdataToken.tokenType") + "</s:token_type>";
  if (v.type !== undefined) s += "<s:type>" + formatInteger(v.type, "ExtdataToken.type") + "</s:type>";
  if (v.key !== undefined) s += "<s:key>" + escapeText(v.key) + "</s:key>";
  if (v.secret !== undefined) s += "<s:secret>" + escapeText(v.secret) + "</s:secret>";
  { const a = v.scopes; if (a !== undefined) for (let i = 0; i < a.length; i++) { s += "<s:scope>" + escapeText(a[i]!) + "</s:scope>"; } }
  return s + '</' + tag + '>';
}

function w_ExtdataDatastore(tag: string, v: ExtdataDatastore, ns: string): string {
  let s = '<' + tag + ns;
  if (v.dataclass === undefined) throw new AtomEncodeError('is required', "ExtdataDatastore.dataclass");
  s += " dataclass=\"" + escapeAttr(v.dataclass) + '"';
  if (v.href === undefined) throw new AtomEncodeError('is required', "ExtdataDatastore.href");
  s += " href=\"" + escapeAttr(v.href) + '"';
  if (v.name !== undefined) s += " name=\"" + escapeAttr(v.name) + '"';
  s += '>';
  if (v.token !== undefined) s += w_ExtdataToken("s:token", v.token, '');
  return s + '</' + tag + '>';
}

function w_ExtdataClient(tag: string, v: ExtdataClient, ns: string): string {
  let s = '<' + tag + ns;
  s += '>';
  if (v.uuid !== undefined) s += "<s:uuid>" + escapeText(v.uuid) + "</s:uuid>";
  if (v.userId !== undefined) s += "<s:user_id>" + escapeText(v.userId) + "</s:user_id>";
  { const a = v.datastores; if (a !== undefined) for (let i = 0; i < a.length; i++) { s += w_ExtdataDatastore("s:datastore", a[i]!, ''); } }
  return s + '</' + tag + '>';
}

function w_ExtdataClientEntry(tag: string, v: ExtdataClientEntry, ns: string): string {
  let s = '<' + tag + ns;
  s += '>';
  if (v.author !== undefined) s += w_Person("author", v.author, '');
  if (v.id !== undefined) s += "<id>" + escapeText(v.id) + "</id>";
  { const a = v.links; if (a !== undefined) for (let i = 0; i < a.length; i++) { s += w_Link("link", a[i]!, ''); } }
  if (v.published !== undefined) s += v.published === null ? "<published/>" : "<published>" + formatDateTime(v.published, "ExtdataClientEntry.published") + "</published>";
  if (v.updated !== undefined) s += v.updated === null ? "<updated/>" : "<updated>" + formatDateTime(v.updated, "ExtdataClientEntry.updated") + "</updated>";
  if (v.title !== undefined) s += "<title>" + escapeText(v.title) + "</title>";
  if (v.content !== undefined) s += w_Content("content", v.content, '');
  if (v.client === undefined) throw new AtomEncodeError('is required', "ExtdataClientEntry.client");
  s += w_ExtdataClient("s:client", v.client, '');
  return s + '</' + tag + '>';
}

function w_DatastoreClient(tag: string, v: DatastoreClient, ns: string): string {
  let s = '<' + tag + ns;
  s += '>';
  if (v.uuid !== undefined) s += "<s:uuid>" + escapeText(v.uuid) + "</s:uuid>";
  if (v.userId !== undefined) s += "<s:user_id>" + escapeText(v.userId) + "</s:user_id>";
  return s + '</' + tag + '>';
}

function w_DatastoreClientEntry(tag: string, v: DatastoreClientEntry, ns: string): string {
  let s = '<' + tag + ns;
  s += '>';
  if (v.author !== undefined) s += w_Person("author", v.author, '');
  if (v.id !== undefined) s += "<id>" + escapeText(v.id) + "</id>";
  { const a = v.links; if (a !== undefined) for (let i = 0; i < a.length; i++) { s += w_Link("link", a[i]!, ''); } }
  if (v.published !== undefined) s += v.published === null ? "<published/>" : "<published>" + formatDateTime(v.published, "DatastoreClientEntry.published") + "</published>";
  if (v.updated !== undefined) s += v.updated === null ? "<updated/>" : "<updated>" + formatDateTime(v.updated, "DatastoreClientEntry.updated") + "</updated>";
  if (v.title !== undefined) s += "<title>" + escapeText(v.title) + "</title>";
  if (v.content !== undefined) s += w_Content("content", v.content, '');
  if (v.client === undefined) throw new AtomEncodeError('is required', "DatastoreClientEntry.client");
  s += w_DatastoreClient("s:client", v.client, '');
  return s + '</' + tag + '>';
}

function w_ListingSetup(tag: string, v: ListingSetup, ns: string): string {
  let s = '<' + tag + ns;
  if (v.sent === undefined) throw new AtomEncodeError('is required', "ListingSetup.sent");
  s += " sent=\"" + formatListingTimestamp(v.sent, "ListingSetup.sent") + '"';
  s += '>';
  s += escapeText(v.name);
  return s + '</' + tag + '>';
}

function w_PhoneDatastore(tag: string, v: PhoneDatastore, ns: string): string {
  let s = '<' + tag + ns;
  if (v.dataclass === undefined) throw new AtomEncodeError('is required', "PhoneDatastore.dataclass");
  s += " dataclass=\"" + escapeAttr(v.dataclass) + '"';
  if (v.href === undefined) throw new AtomEncodeError('is required', "PhoneDatastore.href");
  s += " href=\"" + escapeAttr(v.href) + '"';
  s += '>';
  s += escapeText(v.name);
  return s + '</' + tag + '>';
}

function w_SyncmlClient(tag: string, v: SyncmlClient, ns: string): string {
  let s = '<' + tag + ns;
  s += '>';
  if (v.uuid !== undefined) s += "<s:uuid>" + escapeText(v.uuid) + "</s:uuid>";
  if (v.userId !== undefined) s += "<s:user_id>" + escapeText(v.userId) + "</s:user_id>";
  if (v.phoneNumber !== undefined) s += "<s:phone_number>" + escapeText(v.phoneNumber) + "</s:phone_number>";
  if (v.modelUuid !== undefined) s += "<s:model_uuid>" + escapeText(v.modelUuid) + "</s:model_uuid>";
  if (v.imei !== undefined) s += "<s:imei>" + escapeText(v.imei) + "</s:imei>";
  if (v.timezone !== undefined) s += "<s:timezone>" + escapeText(v.timezone) + "</s:timezone>";
  if (v.setup !== undefined) s += w_ListingSetup("s:setup", v.setup, '');
  { const a = v.datastores; if (a !== undefined) for (let i = 0; i < a.length; i++) { s += w_PhoneDatastore("s:datastore", a[i]!, ''); } }
  return s + '</' + tag + '>';
}

function w_SyncmlClientEntry(tag: string, v: SyncmlClientEntry, ns: string): string {
  let s = '<' + tag + ns;
  s += '>';
  if (v.author !== undefined) s += w_Person("author", v.author, '');
  if (v.id !== undefined) s += "<id>" + escapeText(v.id) + "</id>";
  { const a = v.links; if (a !== undefined) for (let i = 0; i < a.length; i++) { s += w_Link("link", a[i]!, ''); } }
  if (v.published !== undefined) s += v.published === null ? "<published/>" : "<published>" + formatDateTime(v.published, "SyncmlClientEntry.published") + "</published>";
  if (v.updated !== undefined) s += v.updated === null ? "<updated/>" : "<updated>" + formatDateTime(v.updated, "SyncmlClientEntry.updated") + "</updated>";
  if (v.title !== undefined) s += "<title>" + escapeText(v.title) + "</title>";
  if (v.content !== undefined) s += w_Content("content", v.content, '');
  if (v.client === undefined) throw new AtomEncodeError('is required', "SyncmlClientEntry.client");
  s += w_SyncmlClient("s:client", v.client, '');
  return s + '</' + tag + '>';
}

function w_DeviceUnbound(tag: string, v: DeviceUnbound, ns: string): string {
  let s = '<' + tag + ns;
  if (v.since === undefined) throw new AtomEncodeError('is required', "DeviceUnbound.since");
  s += " since=\"" + formatDateTime(v.since, "DeviceUnbound.since") + '"';
  return s + '/>';
}

function w_IsolatedItem(tag: string, v: IsolatedItem, ns: string): string {
  let s = '<' + tag + ns;
  if (v.collection === undefined) throw new AtomEncodeError('is required', "IsolatedItem.collection");
  s += " collection=\"" + escapeAttr(v.collection) + '"';
  if (v.folder !== undefined) s += " folder=\"" + escapeAttr(v.folder) + '"';
  if (v.serverId === undefined) throw new AtomEncodeError('is required', "IsolatedItem.serverId");
  s += " server_id=\"" + escapeAttr(v.serverId) + '"';
  if (v.op === undefined) throw new AtomEncodeError('is required', "IsolatedItem.op");
  s += " op=\"" + escapeAttr(v.op) + '"';
  if (v.binding === undefined) throw new AtomEncodeError('is required', "IsolatedItem.binding");
  s += " binding=\"" + formatInteger(v.binding, "IsolatedItem.binding") + '"';
  if (v.since === undefined) throw new AtomEncodeError('is required', "IsolatedItem.since");
  s += " since=\"" + formatDateTime(v.since, "IsolatedItem.since") + '"';
  return s + '/>';
}

function w_DeviceReplacement(tag: string, v: DeviceReplacement, ns: string): string {
  let s = '<' + tag + ns;
  if (v.deviceId === undefined) throw new AtomEncodeError('is required', "DeviceReplacement.deviceId");
  s += " device_id=\"" + escapeAttr(v.deviceId) + '"';
  if (v.at === undefined) throw new AtomEncodeError('is required', "DeviceReplacement.at");
  s += " at=\"" + formatDateTime(v.at, "DeviceReplacement.at") + '"';
  return s + '/>';
}

function w_DeviceWipe(tag: string, v: DeviceWipe, ns: string): string {
  let s = '<' + tag + ns;
  if (v.scope === undefined) throw new AtomEncodeError('is required', "DeviceWipe.scope");
  s += " scope=\"" + escapeAttr(v.scope) + '"';
  if (v.requested === undefined) throw new AtomEncodeError('is required', "DeviceWipe.requested");
  s += " requested=\"" + formatDateTime(v.requested, "DeviceWipe.requested") + '"';
  if (v.sent !== undefined) s += " sent=\"" + formatDateTime(v.sent, "DeviceWipe.sent") + '"';
  if (v.acknowledged !== undefined) s += " acknowledged=\"" + formatDateTime(v.acknowledged, "DeviceWipe.acknowledged") + '"';
  return s + '/>';
}

function w_ActivesyncDevice(tag: string, v: ActivesyncDevice, ns: string): string {
  let s = '<' + tag + ns;
  if (v.id === undefined) throw new AtomEncodeError('is required', "ActivesyncDevice.id");
  s += " id=\"" + escapeAttr(v.id) + '"';
  if (v.type === undefined) throw new AtomEncodeError('is required', "ActivesyncDevice.type");
  s += " type=\"" + escapeAttr(v.type) + '"';
  if (v.protocolVersion === undefined) throw new AtomEncodeError('is required', "ActivesyncDevice.protocolVersion");
  s += " protocol_version=\"" + escapeAttr(v.protocolVersion) + '"';
  if (v.firstContact === undefined) throw new AtomEncodeError('is required', "ActivesyncDevice.firstContact");
  s += " first_contact=\"" + formatDateTime(v.firstContact, "ActivesyncDevice.firstContact") + '"';
  if (v.lastContact === undefined) throw new AtomEncodeError('is required', "ActivesyncDevice.lastContact");
  s += " last_contact=\"" + formatDateTime(v.lastContact, "ActivesyncDevice.lastContact") + '"';
  s += '>';
  if (v.userAgent !== undefined) s += "<s:user_agent>" + escapeText(v.userAgent) + "</s:user_agent>";
  if (v.model !== undefined) s += "<s:model>" + escapeText(v.model) + "</s:model>";
  if (v.os !== undefined) s += "<s:os>" + escapeText(v.os) + "</s:os>";
  if (v.friendlyName !== undefined) s += "<s:friendly_name>" + escapeText(v.friendlyName) + "</s:friendly_name>";
  if (v.unbound !== undefined) s += w_DeviceUnbound("s:unbound", v.unbound, '');
  { const a = v.isolatedItems; if (a !== undefined) for (let i = 0; i < a.length; i++) { s += w_IsolatedItem("s:isolated", a[i]!, ''); } }
  if (v.replaced !== undefined) s += w_DeviceReplacement("s:replaced", v.replaced, '');
  if (v.wipe !== undefined) s += w_DeviceWipe("s:wipe", v.wipe, '');
  return s + '</' + tag + '>';
}

function w_ActivesyncClient(tag: string, v: ActivesyncClient, ns: string): string {
  let s = '<' + tag + ns;
  s += '>';
  if (v.uuid !== undefined) s += "<s:uuid>" + escapeText(v.uuid) + "</s:uuid>";
  if (v.userId !== undefined) s += "<s:user_id>" + escapeText(v.userId) + "</s:user_id>";
  if (v.username !== undefined) s += "<s:username>" + escapeText(v.username) + "</s:username>";
  if (v.password !== undefined) s += "<s:password>" + escapeText(v.password) + "</s:password>";
  if (v.oldPassword !== undefined) s += "<s:old_pass>" + escapeText(v.oldPassword) + "</s:old_pass>";
  if (v.phoneNumber !== undefined) s += "<s:phone_number>" + escapeText(v.phoneNumber) + "</s:phone_number>";
  if (v.modelUuid !== undefined) s += "<s:model_uuid>" + escapeText(v.modelUuid) + "</s:model_uuid>";
  if (v.lastSync !== undefined) s += v.lastSync === null ? "<s:last_sync/>" : "<s:last_sync>" + formatDateTime(v.lastSync, "ActivesyncClient.lastSync") + "</s:last_sync>";
  if (v.device !== undefined) s += w_ActivesyncDevice("s:device", v.device, '');
  return s + '</' + tag + '>';
}

function w_ActivesyncClientEntry(tag: string, v: ActivesyncClientEntry, ns: string): string {
  let s = '<' + tag + ns;
  s += '>';
  if (v.author !== undefined) s += w_Person("author", v.author, '');
  if (v.id !== undefined) s += "<id>" + escapeText(v.id) + "</id>";
  { const a = v.links; if (a !== undefined) for (let i = 0; i < a.length; i++) { s += w_Link("link", a[i]!, ''); } }
  if (v.published !== undefined) s += v.published === null ? "<published/>" : "<published>" + formatDateTime(v.published, "ActivesyncClientEntry.published") + "</published>";
  if (v.updated !== undefined) s += v.updated === null ? "<updated/>" : "<updated>" + formatDateTime(v.updated, "ActivesyncClientEntry.updated") + "</updated>";
  if (v.title !== undefined) s += "<title>" + escapeText(v.title) + "</title>";
  if (v.content !== undefined) s += w_Content("content", v.content, '');
  if (v.client === undefined) throw new AtomEncodeError('is required', "ActivesyncClientEntry.client");
  s += w_ActivesyncClient("s:client", v.client, '');
  return s + '</' + tag + '>';
}

function w_WipeRequest(tag: string, v: WipeRequest, ns: string): string {
  let s = '<' + tag + ns;
  if (v.scope !== undefined) s += " scope=\"" + escapeAttr(v.scope) + '"';
  return s + '/>';
}

function w_ActivesyncWipeEntry(tag: string, v: ActivesyncWipeEntry, ns: string): string {
  let s = '<' + tag + ns;
  s += '>';
  if (v.author !== undefined) s += w_Person("author", v.author, '');
  if (v.id !== undefined) s += "<id>" + escapeText(v.id) + "</id>";
  { const a = v.links; if (a !== undefined) for (let i = 0; i < a.length; i++) { s += w_Link("link", a[i]!, ''); } }
  if (v.published !== undefined) s += v.published === null ? "<published/>" : "<published>" + formatDateTime(v.published, "ActivesyncWipeEntry.published") + "</published>";
  if (v.updated !== undefined) s += v.updated === null ? "<updated/>" : "<updated>" + formatDateTime(v.updated, "ActivesyncWipeEntry.updated") + "</updated>";
  if (v.title !== undefined) s += "<title>" + escapeText(v.title) + "</title>";
  if (v.content !== undefined) s += w_Content("content", v.content, '');
  if (v.wipe !== undefined) s += w_WipeRequest("s:wipe", v.wipe, '');
  return s + '</' + tag + '>';
}

function w_ContentEntry(tag: string, v: ContentEntry, ns: string): string {
  let s = '<' + tag + ns;
  s += '>';
  if (v.author !== undefined) s += w_Person("author", v.author, '');
  if (v.id !== undefined) s += "<id>" + escapeText(v.id) + "</id>";
  { const a = v.links; if (a !== undefined) for (let i = 0; i < a.length; i++) { s += w_Link("link", a[i]!, ''); } }
  if (v.published !== undefined) s += v.published === null ? "<published/>" : "<published>" + formatDateTime(v.published, "ContentEntry.published") + "</published>";
  if (v.updated !== undefined) s += v.updated === null ? "<updated/>" : "<updated>" + formatDateTime(v.updated, "ContentEntry.updated") + "</updated>";
  if (v.title !== undefined) s += "<title>" + escapeText(v.title) + "</title>";
  if (v.content !== undefined) s += w_Content("content", v.content, '');
  if (v.dataclass !== undefined) s += "<s:dataclass>" + escapeText(v.dataclass) + "</s:dataclass>";
  return s + '</' + tag + '>';
}

function w_BatchContent(tag: string, v: BatchContent, ns: string): string {
  let s = '<' + tag + ns;
  if (v.dataclass !== undefined) s += " dataclass=\"" + escapeAttr(v.dataclass) + '"';
  if (v.type !== undefined) s += " type=\"" + escapeAttr(v.type) + '"';
  s += '>';
  s += escapeText(v.value);
  return s + '</' + tag + '>';
}

function w_Operation(tag: string, v: Operation, ns: string): string {
  let s = '<' + tag + ns;
  if (v.type === undefined) throw new AtomEncodeError('is required', "Operation.type");
  s += " type=\"" + escapeAttr(v.type) + '"';
  return s + '/>';
}

function w_Status(tag: string, v: Status, ns: string): string {
  let s = '<' + tag + ns;
  if (v.code === undefined) throw new AtomEncodeError('is required', "Status.code");
  s += " code=\"" + formatInteger(v.code, "Status.code") + '"';
  if (v.reason !== undefined) s += " reason=\"" + escapeAttr(v.reason) + '"';
  return s + '/>';
}

function w_BatchContentEntry(tag: string, v: BatchContentEntry, ns: string): string {
  let s = '<' + tag + ns;
  s += '>';
  if (v.author !== undefined) s += w_Person("author", v.author, '');
  if (v.id !== undefined) s += "<id>" + escapeText(v.id) + "</id>";
  { const a = v.links; if (a !== undefined) for (let i = 0; i < a.length; i++) { s += w_Link("link", a[i]!, ''); } }
  if (v.published !== undefined) s += v.published === null ? "<published/>" : "<published>" + formatDateTime(v.published, "BatchContentEntry.published") + "</published>";
  if (v.updated !== undefined) s += v.updated === null ? "<updated/>" : "<updated>" + formatDateTime(v.updated, "BatchContentEntry.updated") + "</updated>";
  if (v.title !== undefined) s += "<title>" + escapeText(v.title) + "</title>";
  if (v.content !== undefined) s += w_BatchContent("s:content", v.content, '');
  if (v.operation !== undefined) s += w_Operation("batch:operation", v.operation, '');
  if (v.batchId !== undefined) s += "<batch:id>" + escapeText(v.batchId) + "</batch:id>";
  if (v.status !== undefined) s += w_Status("batch:status", v.status, '');
  return s + '</' + tag + '>';
}

function w_ImportRefusal(tag: string, v: ImportRefusal, ns: string): string {
  let s = '<' + tag + ns;
  if (v.line === undefined) throw new AtomEncodeError('is required', "ImportRefusal.line");
  s += " line=\"" + formatInteger(v.line, "ImportRefusal.line") + '"';
  if (v.title !== undefined) s += " title=\"" + escapeAttr(v.title) + '"';
  s += '>';
  s += escapeText(v.reason);
  return s + '</' + tag + '>';
}

function w_ImportSummary(tag: string, v: ImportSummary, ns: string): string {
  let s = '<' + tag + ns;
  s += '>';
  if (v.items === undefined) throw new AtomEncodeError('is required', "ImportSummary.items");
  s += "<s:items>" + formatInteger(v.items, "ImportSummary.items") + "</s:items>";
  if (v.added === undefined) throw new AtomEncodeError('is required', "ImportSummary.added");
  s += "<s:added>" + formatInteger(v.added, "ImportSummary.added") + "</s:added>";
  if (v.twins === undefined) throw new AtomEncodeError('is required', "ImportSummary.twins");
  s += "<s:twins>" + formatInteger(v.twins, "ImportSummary.twins") + "</s:twins>";
  if (v.refusedCount === undefined) throw new AtomEncodeError('is required', "ImportSummary.refusedCount");
  s += "<s:refused_count>" + formatInteger(v.refusedCount, "ImportSummary.refusedCount") + "</s:refused_count>";
  { const a = v.refusals; if (a !== undefined) for (let i = 0; i < a.length; i++) { s += w_ImportRefusal("s:refused", a[i]!, ''); } }
  return s + '</' + tag + '>';
}

function w_ContentImportEntry(tag: string, v: ContentImportEntry, ns: string): string {
  let s = '<' + tag + ns;
  s += '>';
  if (v.author !== undefined) s += w_Person("author", v.author, '');
  if (v.id !== undefined) s += "<id>" + escapeText(v.id) + "</id>";
  { const a = v.links; if (a !== undefined) for (let i = 0; i < a.length; i++) { s += w_Link("link", a[i]!, ''); } }
  if (v.published !== undefined) s += v.published === null ? "<published/>" : "<published>" + formatDateTime(v.published, "ContentImportEntry.published") + "</published>";
  if (v.updated !== undefined) s += v.updated === null ? "<updated/>" : "<updated>" + formatDateTime(v.updated, "ContentImportEntry.updated") + "</updated>";
  if (v.title !== undefined) s += "<title>" + escapeText(v.title) + "</title>";
  if (v.content !== undefined) s += w_Content("content", v.content, '');
  if (v.import === undefined) throw new AtomEncodeError('is required', "ContentImportEntry.import");
  s += w_ImportSummary("s:import", v.import, '');
  return s + '</' + tag + '>';
}

function w_SentSetup(tag: string, v: SentSetup, ns: string): string {
  let s = '<' + tag + ns;
  if (v.sent === undefined) throw new AtomEncodeError('is required', "SentSetup.sent");
  s += " sent=\"" + formatDateTime(v.sent, "SentSetup.sent") + '"';
  s += '>';
  s += escapeText(v.name);
  return s + '</' + tag + '>';
}

function w_SyncmlSetupEntry(tag: string, v: SyncmlSetupEntry, ns: string): string {
  let s = '<' + tag + ns;
  s += '>';
  if (v.author !== undefined) s += w_Person("author", v.author, '');
  if (v.id !== undefined) s += "<id>" + escapeText(v.id) + "</id>";
  { const a = v.links; if (a !== undefined) for (let i = 0; i < a.length; i++) { s += w_Link("link", a[i]!, ''); } }
  if (v.published !== undefined) s += v.published === null ? "<published/>" : "<published>" + formatDateTime(v.published, "SyncmlSetupEntry.published") + "</published>";
  if (v.updated !== undefined) s += v.updated === null ? "<updated/>" : "<updated>" + formatDateTime(v.updated, "SyncmlSetupEntry.updated") + "</updated>";
  if (v.title !== undefined) s += "<title>" + escapeText(v.title) + "</title>";
  if (v.content !== undefined) s += w_Content("content", v.content, '');
  if (v.pincode !== undefined) s += "<s:pincode>" + escapeText(v.pincode) + "</s:pincode>";
  if (v.setup !== undefined) s += w_SentSetup("s:setup", v.setup, '');
  return s + '</' + tag + '>';
}

function w_ClientRef(tag: string, v: ClientRef, ns: string): string {
  let s = '<' + tag + ns;
  s += '>';
  if (v.syncSource === undefined) throw new AtomEncodeError('is required', "ClientRef.syncSource");
  s += "<s:sync_source>" + escapeText(v.syncSource) + "</s:sync_source>";
  if (v.uuid === undefined) throw new AtomEncodeError('is required', "ClientRef.uuid");
  s += "<s:uuid>" + escapeText(v.uuid) + "</s:uuid>";
  return s + '</' + tag + '>';
}

function w_BindingEntry(tag: string, v: BindingEntry, ns: string): string {
  let s = '<' + tag + ns;
  s += '>';
  if (v.author !== undefined) s += w_Person("author", v.author, '');
  if (v.id !== undefined) s += "<id>" + escapeText(v.id) + "</id>";
  { const a = v.links; if (a !== undefined) for (let i = 0; i < a.length; i++) { s += w_Link("link", a[i]!, ''); } }
  if (v.published !== undefined) s += v.published === null ? "<published/>" : "<published>" + formatDateTime(v.published, "BindingEntry.published") + "</published>";
  if (v.updated !== undefined) s += v.updated === null ? "<updated/>" : "<updated>" + formatDateTime(v.updated, "BindingEntry.updated") + "</updated>";
  if (v.title !== undefined) s += "<title>" + escapeText(v.title) + "</title>";
  if (v.content !== undefined) s += w_Content("content", v.content, '');
  if (v.source !== undefined) s += w_ClientRef("s:source", v.source, '');
  if (v.target !== undefined) s += w_ClientRef("s:target", v.target, '');
  if (v.conflictWinner !== undefined) s += "<s:conflict_winner>" + escapeText(v.conflictWinner) + "</s:conflict_winner>";
  if (v.bindingId !== undefined) s += "<s:binding_id>" + formatInteger(v.bindingId, "BindingEntry.bindingId") + "</s:binding_id>";
  return s + '</' + tag + '>';
}

function w_SynchronizationEntry(tag: string, v: SynchronizationEntry, ns: string): string {
  let s = '<' + tag + ns;
  s += '>';
  if (v.author !== undefined) s += w_Person("author", v.author, '');
  if (v.id !== undefined) s += "<id>" + escapeText(v.id) + "</id>";
  { const a = v.links; if (a !== undefined) for (let i = 0; i < a.length; i++) { s += w_Link("link", a[i]!, ''); } }
  if (v.published !== undefined) s += v.published === null ? "<published/>" : "<published>" + formatDateTime(v.published, "SynchronizationEntry.published") + "</published>";
  if (v.updated !== undefined) s += v.updated === null ? "<updated/>" : "<updated>" + formatDateTime(v.updated, "SynchronizationEntry.updated") + "</updated>";
  if (v.title !== undefined) s += "<title>" + escapeText(v.title) + "</title>";
  if (v.content !== undefined) s += w_Content("content", v.content, '');
  if (v.syncMode === undefined) throw new AtomEncodeError('is required', "SynchronizationEntry.syncMode");
  s += "<s:sync_mode>" + formatInteger(v.syncMode, "SynchronizationEntry.syncMode") + "</s:sync_mode>";
  if (v.dataclass === undefined) throw new AtomEncodeError('is required', "SynchronizationEntry.dataclass");
  s += "<s:dataclass>" + escapeText(v.dataclass) + "</s:dataclass>";
  return s + '</' + tag + '>';
}

function w_SyncSourceRef(tag: string, v: SyncSourceRef, ns: string): string {
  let s = '<' + tag + ns;
  if (v.type === undefined) throw new AtomEncodeError('is required', "SyncSourceRef.type");
  s += " type=\"" + escapeAttr(v.type) + '"';
  s += '>';
  s += escapeText(v.uuid);
  return s + '</' + tag + '>';
}

function w_Statistics(tag: string, v: Statistics, ns: string): string {
  let s = '<' + tag + ns;
  s += '>';
  if (v.addsIn === undefined) throw new AtomEncodeError('is required', "Statistics.addsIn");
  s += "<s:adds_in>" + formatInteger(v.addsIn, "Statistics.addsIn") + "</s:adds_in>";
  if (v.replacesIn === undefined) throw new AtomEncodeError('is required', "Statistics.replacesIn");
  s += "<s:replaces_in>" + formatInteger(v.replacesIn, "Statistics.replacesIn") + "</s:replaces_in>";
  if (v.deletesIn === undefined) throw new AtomEncodeError('is required', "Statistics.deletesIn");
  s += "<s:deletes_in>" + formatInteger(v.deletesIn, "Statistics.deletesIn") + "</s:deletes_in>";
  if (v.addsOut === undefined) throw new AtomEncodeError('is required', "Statistics.addsOut");
  s += "<s:adds_out>" + formatInteger(v.addsOut, "Statistics.addsOut") + "</s:adds_out>";
  if (v.replacesOut === undefined) throw new AtomEncodeError('is required', "Statistics.replacesOut");
  s += "<s:replaces_out>" + formatInteger(v.replacesOut, "Statistics.replacesOut") + "</s:replaces_out>";
  if (v.deletesOut === undefined) throw new AtomEncodeError('is required', "Statistics.deletesOut");
  s += "<s:deletes_out>" + formatInteger(v.deletesOut, "Statistics.deletesOut") + "</s:deletes_out>";
  return s + '</' + tag + '>';
}

function w_SideStats(tag: string, v: SideStats, ns: string): string {
  let s = '<' + tag + ns;
  s += '>';
  if (v.syncSource === undefined) throw new AtomEncodeError('is required', "SideStats.syncSource");
  s += w_SyncSourceRef("s:sync_source", v.syncSource, '');
  if (v.statistics === undefined) throw new AtomEncodeError('is required', "SideStats.statistics");
  s += w_Statistics("s:statistics", v.statistics, '');
  return s + '</' + tag + '>';
}

function w_SyncStats(tag: string, v: SyncStats, ns: string): string {
  let s = '<' + tag + ns;
  s += '>';
  if (v.source === undefined) throw new AtomEncodeError('is required', "SyncStats.source");
  s += w_SideStats("s:source", v.source, '');
  if (v.target === undefined) throw new AtomEncodeError('is required', "SyncStats.target");
  s += w_SideStats("s:target", v.target, '');
  if (v.duplicatesDetected === undefined) throw new AtomEncodeError('is required', "SyncStats.duplicatesDetected");
  s += "<s:duplicates_detected>" + formatInteger(v.duplicatesDetected, "SyncStats.duplicatesDetected") + "</s:duplicates_detected>";
  if (v.duplicatesRemoved === undefined) throw new AtomEncodeError('is required', "SyncStats.duplicatesRemoved");
  s += "<s:duplicates_removed>" + formatInteger(v.duplicatesRemoved, "SyncStats.duplicatesRemoved") + "</s:duplicates_removed>";
  if (v.conflictsDetected === undefined) throw new AtomEncodeError('is required', "SyncStats.conflictsDetected");
  s += "<s:conflicts_detected>" + formatInteger(v.conflictsDetected, "SyncStats.conflictsDetected") + "</s:conflicts_detected>";
  return s + '</' + tag + '>';
}

function w_SyncLogEntry(tag: string, v: SyncLogEntry, ns: string): string {
  let s = '<' + tag + ns;
  s += '>';
  if (v.author !== undefined) s += w_Person("author", v.author, '');
  if (v.id !== undefined) s += "<id>" + escapeText(v.id) + "</id>";
  { const a = v.links; if (a !== undefined) for (let i = 0; i < a.length; i++) { s += w_Link("link", a[i]!, ''); } }
  if (v.published !== undefined) s += v.published === null ? "<published/>" : "<published>" + formatDateTime(v.published, "SyncLogEntry.published") + "</published>";
  if (v.updated !== undefined) s += v.updated === null ? "<updated/>" : "<updated>" + formatDateTime(v.updated, "SyncLogEntry.updated") + "</updated>";
  if (v.title !== undefined) s += "<title>" + escapeText(v.title) + "</title>";
  if (v.content !== undefined) s += w_Content("content", v.content, '');
  if (v.syncStats === undefined) throw new AtomEncodeError('is required', "SyncLogEntry.syncStats");
  s += w_SyncStats("s:sync_stats", v.syncStats, '');
  if (v.syncMode === undefined) throw new AtomEncodeError('is required', "SyncLogEntry.syncMode");
  s += "<s:sync_mode>" + formatInteger(v.syncMode, "SyncLogEntry.syncMode") + "</s:sync_mode>";
  if (v.dataclass === undefined) throw new AtomEncodeError('is required', "SyncLogEntry.dataclass");
  s += "<s:dataclass>" + escapeText(v.dataclass) + "</s:dataclass>";
  if (v.bindingId !== undefined) s += "<s:binding_id>" + formatInteger(v.bindingId, "SyncLogEntry.bindingId") + "</s:binding_id>";
  if (v.result !== undefined) s += "<s:result>" + escapeText(v.result) + "</s:result>";
  if (v.reason !== undefined) s += "<s:reason>" + escapeText(v.reason) + "</s:reason>";
  return s + '</' + tag + '>';
}

function w_VendorEntry(tag: string, v: VendorEntry, ns: string): string {
  let s = '<' + tag + ns;
  s += '>';
  if (v.author !== undefined) s += w_Person("author", v.author, '');
  if (v.id !== undefined) s += "<id>" + escapeText(v.id) + "</id>";
  { const a = v.links; if (a !== undefined) for (let i = 0; i < a.length; i++) { s += w_Link("link", a[i]!, ''); } }
  if (v.published !== undefined) s += v.published === null ? "<published/>" : "<published>" + formatDateTime(v.published, "VendorEntry.published") + "</published>";
  if (v.updated !== undefined) s += v.updated === null ? "<updated/>" : "<updated>" + formatDateTime(v.updated, "VendorEntry.updated") + "</updated>";
  if (v.title !== undefined) s += "<title>" + escapeText(v.title) + "</title>";
  if (v.content !== undefined) s += w_Content("content", v.content, '');
  return s + '</' + tag + '>';
}

function w_PhoneModelEntry(tag: string, v: PhoneModelEntry, ns: string): string {
  let s = '<' + tag + ns;
  s += '>';
  if (v.author !== undefined) s += w_Person("author", v.author, '');
  if (v.id !== undefined) s += "<id>" + escapeText(v.id) + "</id>";
  { const a = v.links; if (a !== undefined) for (let i = 0; i < a.length; i++) { s += w_Link("link", a[i]!, ''); } }
  if (v.published !== undefined) s += v.published === null ? "<published/>" : "<published>" + formatDateTime(v.published, "PhoneModelEntry.published") + "</published>";
  if (v.updated !== undefined) s += v.updated === null ? "<updated/>" : "<updated>" + formatDateTime(v.updated, "PhoneModelEntry.updated") + "</updated>";
  if (v.title !== undefined) s += "<title>" + escapeText(v.title) + "</title>";
  if (v.content !== undefined) s += w_Content("content", v.content, '');
  if (v.uuid === undefined) throw new AtomEncodeError('is required', "PhoneModelEntry.uuid");
  s += "<s:uuid>" + escapeText(v.uuid) + "</s:uuid>";
  if (v.imageUrl === undefined) throw new AtomEncodeError('is required', "PhoneModelEntry.imageUrl");
  s += "<s:image_url>" + escapeText(v.imageUrl) + "</s:image_url>";
  if (v.vendorUuid !== undefined) s += "<s:vendor_uuid>" + escapeText(v.vendorUuid) + "</s:vendor_uuid>";
  if (v.syncmlVersion !== undefined) s += "<s:syncml_version>" + escapeText(v.syncmlVersion) + "</s:syncml_version>";
  { const a = v.dataclasses; if (a !== undefined) for (let i = 0; i < a.length; i++) { s += "<s:dataclass>" + escapeText(a[i]!) + "</s:dataclass>"; } }
  return s + '</' + tag + '>';
}

function w_PhoneDatastoreBindingEntry(tag: string, v: PhoneDatastoreBindingEntry, ns: string): string {
  let s = '<' + tag + ns;
  s += '>';
  if (v.author !== undefined) s += w_Person("author", v.author, '');
  if (v.id !== undefined) s += "<id>" + escapeText(v.id) + "</id>";
  { const a = v.links; if (a !== undefined) for (let i = 0; i < a.length; i++) { s += w_Link("link", a[i]!, ''); } }
  if (v.published !== undefined) s += v.published === null ? "<published/>" : "<published>" + formatDateTime(v.published, "PhoneDatastoreBindingEntry.published") + "</published>";
  if (v.updated !== undefined) s += v.updated === null ? "<updated/>" : "<updated>" + formatDateTime(v.updated, "PhoneDatastoreBindingEntry.updated") + "</updated>";
  if (v.title !== undefined) s += "<title>" + escapeText(v.title) + "</title>";
  if (v.content !== undefined) s += w_Content("content", v.content, '');
  if (v.modelUuid !== undefined) s += "<s:model_uuid>" + escapeText(v.modelUuid) + "</s:model_uuid>";
  if (v.phoneNumber !== undefined) s += "<s:phone_number>" + escapeText(v.phoneNumber) + "</s:phone_number>";
  if (v.foreignUserId !== undefined) s += "<s:foreign_user_id>" + escapeText(v.foreignUserId) + "</s:foreign_user_id>";
  if (v.timezone !== undefined) s += "<s:timezone>" + escapeText(v.timezone) + "</s:timezone>";
  return s + '</' + tag + '>';
}

function w_SessionDatastore(tag: string, v: SessionDatastore, ns: string): string {
  let s = '<' + tag + ns;
  if (v.uri === undefined) throw new AtomEncodeError('is required', "SessionDatastore.uri");
  s += " uri=\"" + escapeAttr(v.uri) + '"';
  if (v.dataclass !== undefined) s += " dataclass=\"" + escapeAttr(v.dataclass) + '"';
  if (v.syncMode !== undefined) s += " sync_mode=\"" + formatInteger(v.syncMode, "SessionDatastore.syncMode") + '"';
  s += '>';
  if (v.statistics !== undefined) s += w_Statistics("s:statistics", v.statistics, '');
  return s + '</' + tag + '>';
}

function w_Session(tag: string, v: Session, ns: string): string {
  let s = '<' + tag + ns;
  s += '>';
  if (v.sessionId === undefined) throw new AtomEncodeError('is required', "Session.sessionId");
  s += "<s:session_id>" + escapeText(v.sessionId) + "</s:session_id>";
  if (v.deviceId === undefined) throw new AtomEncodeError('is required', "Session.deviceId");
  s += "<s:device_id>" + escapeText(v.deviceId) + "</s:device_id>";
  if (v.clientUuid !== undefined) s += "<s:client_uuid>" + escapeText(v.clientUuid) + "</s:client_uuid>";
  if (v.protocol !== undefined) s += "<s:protocol>" + escapeText(v.protocol) + "</s:protocol>";
  if (v.encoding !== undefined) s += "<s:encoding>" + escapeText(v.encoding) + "</s:encoding>";
  if (v.started === undefined) throw new AtomEncodeError('is required', "Session.started");
  s += "<s:started>" + formatDateTime(v.started, "Session.started") + "</s:started>";
  if (v.ended !== undefined) s += v.ended === null ? "<s:ended/>" : "<s:ended>" + formatDateTime(v.ended, "Session.ended") + "</s:ended>";
  if (v.status !== undefined) s += "<s:status>" + formatInteger(v.status, "Session.status") + "</s:status>";
  if (v.reason !== undefined) s += "<s:reason>" + escapeText(v.reason) + "</s:reason>";
  { const a = v.datastores; if (a !== undefined) for (let i = 0; i < a.length; i++) { s += w_SessionDatastore("s:datastore", a[i]!, ''); } }
  return s + '</' + tag + '>';
}

function w_SessionEntry(tag: string, v: SessionEntry, ns: string): string {
  let s = '<' + tag + ns;
  s += '>';
  if (v.author !== undefined) s += w_Person("author", v.author, '');
  if (v.id !== undefined) s += "<id>" + escapeText(v.id) + "</id>";
  { const a = v.links; if (a !== undefined) for (let i = 0; i < a.length; i++) { s += w_Link("link", a[i]!, ''); } }
  if (v.published !== undefined) s += v.published === null ? "<published/>" : "<published>" + formatDateTime(v.published, "SessionEntry.published") + "</published>";
  if (v.updated !== undefined) s += v.updated === null ? "<updated/>" : "<updated>" + formatDateTime(v.updated, "SessionEntry.updated") + "</updated>";
  if (v.title !== undefined) s += "<title>" + escapeText(v.title) + "</title>";
  if (v.content !== undefined) s += w_Content("content", v.content, '');
  if (v.session === undefined) throw new AtomEncodeError('is required', "SessionEntry.session");
  s += w_Session("s:session", v.session, '');
  return s + '</' + tag + '>';
}

function w_ChatMessage(tag: string, v: ChatMessage, ns: string): string {
  let s = '<' + tag + ns;
  s += '>';
  if (v.sessionId === undefined) throw new AtomEncodeError('is required', "ChatMessage.sessionId");
  s += "<s:session_id>" + escapeText(v.sessionId) + "</s:session_id>";
  if (v.msgId === undefined) throw new AtomEncodeError('is required', "ChatMessage.msgId");
  s += "<s:msg_id>" + formatInteger(v.msgId, "ChatMessage.msgId") + "</s:msg_id>";
  if (v.direction === undefined) throw new AtomEncodeError('is required', "ChatMessage.direction");
  s += "<s:direction>" + escapeText(v.direction) + "</s:direction>";
  if (v.encoding === undefined) throw new AtomEncodeError('is required', "ChatMessage.encoding");
  s += "<s:encoding>" + escapeText(v.encoding) + "</s:encoding>";
  return s + '</' + tag + '>';
}

function w_ChatMessageEntry(tag: string, v: ChatMessageEntry, ns: string): string {
  let s = '<' + tag + ns;
  s += '>';
  if (v.author !== undefined) s += w_Person("author", v.author, '');
  if (v.id !== undefined) s += "<id>" + escapeText(v.id) + "</id>";
  { const a = v.links; if (a !== undefined) for (let i = 0; i < a.length; i++) { s += w_Link("link", a[i]!, ''); } }
  if (v.published !== undefined) s += v.published === null ? "<published/>" : "<published>" + formatDateTime(v.published, "ChatMessageEntry.published") + "</published>";
  if (v.updated !== undefined) s += v.updated === null ? "<updated/>" : "<updated>" + formatDateTime(v.updated, "ChatMessageEntry.updated") + "</updated>";
  if (v.title !== undefined) s += "<title>" + escapeText(v.title) + "</title>";
  if (v.content !== undefined) s += w_Content("content", v.content, '');
  if (v.message === undefined) throw new AtomEncodeError('is required', "ChatMessageEntry.message");
  s += w_ChatMessage("s:message", v.message, '');
  return s + '</' + tag + '>';
}

function w_OutboxItem(tag: string, v: OutboxItem, ns: string): string {
  let s = '<' + tag + ns;
  s += '>';
  if (v.kind === undefined) throw new AtomEncodeError('is required', "OutboxItem.kind");
  s += "<s:kind>" + escapeText(v.kind) + "</s:kind>";
  if (v.clientUuid === undefined) throw new AtomEncodeError('is required', "OutboxItem.clientUuid");
  s += "<s:client_uuid>" + escapeText(v.clientUuid) + "</s:client_uuid>";
  if (v.phoneNumber !== undefined) s += "<s:phone_number>" + escapeText(v.phoneNumber) + "</s:phone_number>";
  return s + '</' + tag + '>';
}

function w_OutboxEntry(tag: string, v: OutboxEntry, ns: string): string {
  let s = '<' + tag + ns;
  s += '>';
  if (v.author !== undefined) s += w_Person("author", v.author, '');
  if (v.id !== undefined) s += "<id>" + escapeText(v.id) + "</id>";
  { const a = v.links; if (a !== undefined) for (let i = 0; i < a.length; i++) { s += w_Link("link", a[i]!, ''); } }
  if (v.published !== undefined) s += v.published === null ? "<published/>" : "<published>" + formatDateTime(v.published, "OutboxEntry.published") + "</published>";
  if (v.updated !== undefined) s += v.updated === null ? "<updated/>" : "<updated>" + formatDateTime(v.updated, "OutboxEntry.updated") + "</updated>";
  if (v.title !== undefined) s += "<title>" + escapeText(v.title) + "</title>";
  if (v.content !== undefined) s += w_Content("content", v.content, '');
  if (v.outboxItem === undefined) throw new AtomEncodeError('is required', "OutboxEntry.outboxItem");
  s += w_OutboxItem("s:outbox_item", v.outboxItem, '');
  return s + '</' + tag + '>';
}

function w_Account(tag: string, v: Account, ns: string): string {
  let s = '<' + tag + ns;
  s += '>';
  if (v.username === undefined) throw new AtomEncodeError('is required', "Account.username");
  s += "<s:username>" + escapeText(v.username) + "</s:username>";
  if (v.password !== undefined) s += "<s:password>" + escapeText(v.password) + "</s:password>";
  if (v.oldPassword !== undefined) s += "<s:old_pass>" + escapeText(v.oldPassword) + "</s:old_pass>";
  if (v.admin !== undefined) s += "<s:admin>" + formatBoolean(v.admin, "Account.admin") + "</s:admin>";
  return s + '</' + tag + '>';
}

function w_AccountEntry(tag: string, v: AccountEntry, ns: string): string {
  let s = '<' + tag + ns;
  s += '>';
  if (v.author !== undefined) s += w_Person("author", v.author, '');
  if (v.id !== undefined) s += "<id>" + escapeText(v.id) + "</id>";
  { const a = v.links; if (a !== undefined) for (let i = 0; i < a.length; i++) { s += w_Link("link", a[i]!, ''); } }
  if (v.published !== undefined) s += v.published === null ? "<published/>" : "<published>" + formatDateTime(v.published, "AccountEntry.published") + "</published>";
  if (v.updated !== undefined) s += v.updated === null ? "<updated/>" : "<updated>" + formatDateTime(v.updated, "AccountEntry.updated") + "</updated>";
  if (v.title !== undefined) s += "<title>" + escapeText(v.title) + "</title>";
  if (v.content !== undefined) s += w_Content("content", v.content, '');
  if (v.account === undefined) throw new AtomEncodeError('is required', "AccountEntry.account");
  s += w_Account("s:account", v.account, '');
  return s + '</' + tag + '>';
}

function w_TokenEntry(tag: string, v: TokenEntry, ns: string): string {
  let s = '<' + tag + ns;
  s += '>';
  if (v.author !== undefined) s += w_Person("author", v.author, '');
  if (v.id !== undefined) s += "<id>" + escapeText(v.id) + "</id>";
  { const a = v.links; if (a !== undefined) for (let i = 0; i < a.length; i++) { s += w_Link("link", a[i]!, ''); } }
  if (v.published !== undefined) s += v.published === null ? "<published/>" : "<published>" + formatDateTime(v.published, "TokenEntry.published") + "</published>";
  if (v.updated !== undefined) s += v.updated === null ? "<updated/>" : "<updated>" + formatDateTime(v.updated, "TokenEntry.updated") + "</updated>";
  if (v.title !== undefined) s += "<title>" + escapeText(v.title) + "</title>";
  if (v.content !== undefined) s += w_Content("content", v.content, '');
  if (v.token === undefined) throw new AtomEncodeError('is required', "TokenEntry.token");
  s += "<s:token>" + escapeText(v.token) + "</s:token>";
  return s + '</' + tag + '>';
}

function w_AppPassword(tag: string, v: AppPassword, ns: string): string {
  let s = '<' + tag + ns;
  s += '>';
  if (v.uuid !== undefined) s += "<s:uuid>" + escapeText(v.uuid) + "</s:uuid>";
  if (v.name === undefined) throw new AtomEncodeError('is required', "AppPassword.name");
  s += "<s:name>" + escapeText(v.name) + "</s:name>";
  if (v.password !== undefined) s += "<s:password>" + escapeText(v.password) + "</s:password>";
  if (v.lastUsed !== undefined) s += v.lastUsed === null ? "<s:last_used/>" : "<s:last_used>" + formatDateTime(v.lastUsed, "AppPassword.lastUsed") + "</s:last_used>";
  return s + '</' + tag + '>';
}

function w_AppPasswordEntry(tag: string, v: AppPasswordEntry, ns: string): string {
  let s = '<' + tag + ns;
  s += '>';
  if (v.author !== undefined) s += w_Person("author", v.author, '');
  if (v.id !== undefined) s += "<id>" + escapeText(v.id) + "</id>";
  { const a = v.links; if (a !== undefined) for (let i = 0; i < a.length; i++) { s += w_Link("link", a[i]!, ''); } }
  if (v.published !== undefined) s += v.published === null ? "<published/>" : "<published>" + formatDateTime(v.published, "AppPasswordEntry.published") + "</published>";
  if (v.updated !== undefined) s += v.updated === null ? "<updated/>" : "<updated>" + formatDateTime(v.updated, "AppPasswordEntry.updated") + "</updated>";
  if (v.title !== undefined) s += "<title>" + escapeText(v.title) + "</title>";
  if (v.content !== undefined) s += w_Content("content", v.content, '');
  if (v.appPassword === undefined) throw new AtomEncodeError('is required', "AppPasswordEntry.appPassword");
  s += w_AppPassword("s:app_password", v.appPassword, '');
  return s + '</' + tag + '>';
}

function w_Consumer(tag: string, v: Consumer, ns: string): string {
  let s = '<' + tag + ns;
  s += '>';
  if (v.key === undefined) throw new AtomEncodeError('is required', "Consumer.key");
  s += "<s:key>" + escapeText(v.key) + "</s:key>";
  if (v.secret === undefined) throw new AtomEncodeError('is required', "Consumer.secret");
  s += "<s:secret>" + escapeText(v.secret) + "</s:secret>";
  return s + '</' + tag + '>';
}

function w_ConsumerEntry(tag: string, v: ConsumerEntry, ns: string): string {
  let s = '<' + tag + ns;
  s += '>';
  if (v.author !== undefined) s += w_Person("author", v.author, '');
  if (v.id !== undefined) s += "<id>" + escapeText(v.id) + "</id>";
  { const a = v.links; if (a !== undefined) for (let i = 0; i < a.length; i++) { s += w_Link("link", a[i]!, ''); } }
  if (v.published !== undefined) s += v.published === null ? "<published/>" : "<published>" + formatDateTime(v.published, "ConsumerEntry.published") + "</published>";
  if (v.updated !== undefined) s += v.updated === null ? "<updated/>" : "<updated>" + formatDateTime(v.updated, "ConsumerEntry.updated") + "</updated>";
  if (v.title !== undefined) s += "<title>" + escapeText(v.title) + "</title>";
  if (v.content !== undefined) s += w_Content("content", v.content, '');
  if (v.consumer === undefined) throw new AtomEncodeError('is required', "ConsumerEntry.consumer");
  s += w_Consumer("s:consumer", v.consumer, '');
  return s + '</' + tag + '>';
}

function w_ErrorDetail_svc(tag: string, v: ErrorDetail, ns: string): string {
  let s = '<' + tag + ns;
  if (v.path !== undefined) s += " path=\"" + escapeAttr(v.path) + '"';
  s += '>';
  s += escapeText(v.message);
  return s + '</' + tag + '>';
}

function w_ServiceError_svc(tag: string, v: ServiceError, ns: string): string {
  let s = '<' + tag + ns;
  s += '>';
  if (v.status === undefined) throw new AtomEncodeError('is required', "ServiceError.status");
  s += "<status>" + formatInteger(v.status, "ServiceError.status") + "</status>";
  if (v.code === undefined) throw new AtomEncodeError('is required', "ServiceError.code");
  s += "<code>" + escapeText(v.code) + "</code>";
  if (v.message === undefined) throw new AtomEncodeError('is required', "ServiceError.message");
  s += "<message>" + escapeText(v.message) + "</message>";
  { const a = v.details; if (a !== undefined) for (let i = 0; i < a.length; i++) { s += w_ErrorDetail_svc("detail", a[i]!, ''); } }
  return s + '</' + tag + '>';
}

// ---- documents ----
/** Decodes an atom:entry of shape ExtdataClientEntry. */
export function decodeExtdataClientEntry(xml: string, options?: DecodeOptions): ExtdataClientEntry {
  return decodeDocument(xml, ATOM_NS, 'entry', S_ExtdataClientEntry, options) as ExtdataClientEntry;
}

/** Encodes an atom:entry of shape ExtdataClientEntry, with its XML declaration. */
export function encodeExtdataClientEntry(v: ExtdataClientEntry): string {
  return XML_DECLARATION + w_ExtdataClientEntry('entry', v, " xmlns=\"http://www.w3.org/2005/Atom\" xmlns:s=\"http://schemas.atomsync.dev/2009/sync\"");
}

/** Decodes an atom:feed of ExtdataClientEntry entries. */
export function decodeExtdataClientFeed(xml: string, options?: DecodeOptions): Feed<ExtdataClientEntry> {
  return decodeDocument(xml, ATOM_NS, 'feed', F_ExtdataClientEntry, options) as Feed<ExtdataClientEntry>;
}

/** Encodes an atom:feed of ExtdataClientEntry entries, with its XML declaration. */
export function encodeExtdataClientFeed(v: Feed<ExtdataClientEntry>): string {
  let s = XML_DECLARATION + '<feed xmlns=\"http://www.w3.org/2005/Atom\" xmlns:s=\"http://schemas.atomsync.dev/2009/sync\">';
  if (v.author !== undefined) s += w_Person("author", v.author, '');
  if (v.id !== undefined) s += "<id>" + escapeText(v.id) + "</id>";
  { const a = v.links; if (a !== undefined) for (let i = 0; i < a.length; i++) { s += w_Link("link", a[i]!, ''); } }
  if (v.title !== undefined) s += "<title>" + escapeText(v.title) + "</title>";
  if (v.updated !== undefined) s += v.updated === null ? "<updated/>" : "<updated>" + formatDateTime(v.updated, "ExtdataClientEntryFeed.updated") + "</updated>";
  const entries = v.entries;
  for (let i = 0; i < entries.length; i++) s += w_ExtdataClientEntry('entry', entries[i]!, '');
  return s + '</feed>';
}

/** Decodes an atom:entry of shape ExtdataClientEntry as the service answers it: as ExtdataClientEntryResponse, also requiring what every answer carries. */
export function decodeExtdataClientEntryResponse(xml: string, options?: DecodeOptions): ExtdataClientEntryResponse {
  return decodeDocument(xml, ATOM_NS, 'entry', S_ExtdataClientEntryResponse, options) as ExtdataClientEntryResponse;
}

/** Decodes an atom:feed of ExtdataClientEntry entries as the service answers it: entries as ExtdataClientEntryResponse. */
export function decodeExtdataClientFeedResponse(xml: string, options?: DecodeOptions): Feed<ExtdataClientEntryResponse> {
  return decodeDocument(xml, ATOM_NS, 'feed', F_ExtdataClientEntryResponse, options) as Feed<ExtdataClientEntryResponse>;
}

/** Decodes an atom:entry of shape DatastoreClientEntry. */
export function decodeDatastoreClientEntry(xml: string, options?: DecodeOptions): DatastoreClientEntry {
  return decodeDocument(xml, ATOM_NS, 'entry', S_DatastoreClientEntry, options) as DatastoreClientEntry;
}

/** Encodes an atom:entry of shape DatastoreClientEntry, with its XML declaration. */
export function encodeDatastoreClientEntry(v: DatastoreClientEntry): string {
  return XML_DECLARATION + w_DatastoreClientEntry('entry', v, " xmlns=\"http://www.w3.org/2005/Atom\" xmlns:s=\"http://schemas.atomsync.dev/2009/sync\"");
}

/** Decodes an atom:feed of DatastoreClientEntry entries. */
export function decodeDatastoreClientFeed(xml: string, options?: DecodeOptions): Feed<DatastoreClientEntry> {
  return decodeDocument(xml, ATOM_NS, 'feed', F_DatastoreClientEntry, options) as Feed<DatastoreClientEntry>;
}

/** Encodes an atom:feed of DatastoreClientEntry entries, with its XML declaration. */
export function encodeDatastoreClientFeed(v: Feed<DatastoreClientEntry>): string {
  let s = XML_DECLARATION + '<feed xmlns=\"http://www.w3.org/2005/Atom\" xmlns:s=\"http://schemas.atomsync.dev/2009/sync\">';
  if (v.author !== undefined) s += w_Person("author", v.author, '');
  if (v.id !== undefined) s += "<id>" + escapeText(v.id) + "</id>";
  { const a = v.links; if (a !== undefined) for (let i = 0; i < a.length; i++) { s += w_Link("link", a[i]!, ''); } }
  if (v.title !== undefined) s += "<title>" + escapeText(v.title) + "</title>";
  if (v.updated !== undefined) s += v.updated === null ? "<updated/>" : "<updated>" + formatDateTime(v.updated, "DatastoreClientEntryFeed.updated") + "</updated>";
  const entries = v.entries;
  for (let i = 0; i < entries.length; i++) s += w_DatastoreClientEntry('entry', entries[i]!, '');
  return s + '</feed>';
}

/** Decodes an atom:entry of shape DatastoreClientEntry as the service answers it: as DatastoreClientEntryResponse, also requiring what every answer carries. */
export function decodeDatastoreClientEntryResponse(xml: string, options?: DecodeOptions): DatastoreClientEntryResponse {
  return decodeDocument(xml, ATOM_NS, 'entry', S_DatastoreClientEntryResponse, options) as DatastoreClientEntryResponse;
}

/** Decodes an atom:feed of DatastoreClientEntry entries as the service answers it: entries as DatastoreClientEntryResponse. */
export function decodeDatastoreClientFeedResponse(xml: string, options?: DecodeOptions): Feed<DatastoreClientEntryResponse> {
  return decodeDocument(xml, ATOM_NS, 'feed', F_DatastoreClientEntryResponse, options) as Feed<DatastoreClientEntryResponse>;
}

/** Decodes an atom:entry of shape SyncmlClientEntry. */
export function decodeSyncmlClientEntry(xml: string, options?: DecodeOptions): SyncmlClientEntry {
  return decodeDocument(xml, ATOM_NS, 'entry', S_SyncmlClientEntry, options) as SyncmlClientEntry;
}

/** Encodes an atom:entry of shape SyncmlClientEntry, with its XML declaration. */
export function encodeSyncmlClientEntry(v: SyncmlClientEntry): string {
  return XML_DECLARATION + w_SyncmlClientEntry('entry', v, " xmlns=\"http://www.w3.org/2005/Atom\" xmlns:s=\"http://schemas.atomsync.dev/2009/sync\"");
}

/** Decodes an atom:feed of SyncmlClientEntry entries. */
export function decodeSyncmlClientFeed(xml: string, options?: DecodeOptions): Feed<SyncmlClientEntry> {
  return decodeDocument(xml, ATOM_NS, 'feed', F_SyncmlClientEntry, options) as Feed<SyncmlClientEntry>;
}

/** Encodes an atom:feed of SyncmlClientEntry entries, with its XML declaration. */
export function encodeSyncmlClientFeed(v: Feed<SyncmlClientEntry>): string {
  let s = XML_DECLARATION + '<feed xmlns=\"http://www.w3.org/2005/Atom\" xmlns:s=\"http://schemas.atomsync.dev/2009/sync\">';
  if (v.author !== undefined) s += w_Person("author", v.author, '');
  if (v.id !== undefined) s += "<id>" + escapeText(v.id) + "</id>";
  { const a = v.links; if (a !== undefined) for (let i = 0; i < a.length; i++) { s += w_Link("link", a[i]!, ''); } }
  if (v.title !== undefined) s += "<title>" + escapeText(v.title) + "</title>";
  if (v.updated !== undefined) s += v.updated === null ? "<updated/>" : "<updated>" + formatDateTime(v.updated, "SyncmlClientEntryFeed.updated") + "</updated>";
  const entries = v.entries;
  for (let i = 0; i < entries.length; i++) s += w_SyncmlClientEntry('entry', entries[i]!, '');
  return s + '</feed>';
}

/** Decodes an atom:entry of shape SyncmlClientEntry as the service answers it: as SyncmlClientEntryResponse, also requiring what every answer carries. */
export function decodeSyncmlClientEntryResponse(xml: string, options?: DecodeOptions): SyncmlClientEntryResponse {
  return decodeDocument(xml, ATOM_NS, 'entry', S_SyncmlClientEntryResponse, options) as SyncmlClientEntryResponse;
}

/** Decodes an atom:feed of SyncmlClientEntry entries as the service answers it: entries as SyncmlClientEntryResponse. */
export function decodeSyncmlClientFeedResponse(xml: string, options?: DecodeOptions): Feed<SyncmlClientEntryResponse> {
  return decodeDocument(xml, ATOM_NS, 'feed', F_SyncmlClientEntryResponse, options) as Feed<SyncmlClientEntryResponse>;
}

/** Decodes an atom:entry of shape ActivesyncClientEntry. */
export function decodeActivesyncClientEntry(xml: string, options?: DecodeOptions): ActivesyncClientEntry {
  return decodeDocument(xml, ATOM_NS, 'entry', S_ActivesyncClientEntry, options) as ActivesyncClientEntry;
}

/** Encodes an atom:entry of shape ActivesyncClientEntry, with its XML declaration. */
export function encodeActivesyncClientEntry(v: ActivesyncClientEntry): string {
  return XML_DECLARATION + w_ActivesyncClientEntry('entry', v, " xmlns=\"http://www.w3.org/2005/Atom\" xmlns:s=\"http://schemas.atomsync.dev/2009/sync\"");
}

/** Decodes an atom:feed of ActivesyncClientEntry entries. */
export function decodeActivesyncClientFeed(xml: string, options?: DecodeOptions): Feed<ActivesyncClientEntry> {
  return decodeDocument(xml, ATOM_NS, 'feed', F_ActivesyncClientEntry, options) as Feed<ActivesyncClientEntry>;
}

/** Encodes an atom:feed of ActivesyncClientEntry entries, with its XML declaration. */
export function encodeActivesyncClientFeed(v: Feed<ActivesyncClientEntry>): string {
  let s = XML_DECLARATION + '<feed xmlns=\"http://www.w3.org/2005/Atom\" xmlns:s=\"http://schemas.atomsync.dev/2009/sync\">';
  if (v.author !== undefined) s += w_Person("author", v.author, '');
  if (v.id !== undefined) s += "<id>" + escapeText(v.id) + "</id>";
  { const a = v.links; if (a !== undefined) for (let i = 0; i < a.length; i++) { s += w_Link("link", a[i]!, ''); } }
  if (v.title !== undefined) s += "<title>" + escapeText(v.title) + "</title>";
  if (v.updated !== undefined) s += v.updated === null ? "<updated/>" : "<updated>" + formatDateTime(v.updated, "ActivesyncClientEntryFeed.updated") + "</updated>";
  const entries = v.entries;
  for (let i = 0; i < entries.length; i++) s += w_ActivesyncClientEntry('entry', entries[i]!, '');
  return s + '</feed>';
}

/** Decodes an atom:entry of shape ActivesyncClientEntry as the service answers it: as ActivesyncClientEntryResponse, also requiring what every answer carries. */
export function decodeActivesyncClientEntryResponse(xml: string, options?: DecodeOptions): ActivesyncClientEntryResponse {
  return decodeDocument(xml, ATOM_NS, 'entry', S_ActivesyncClientEntryResponse, options) as ActivesyncClientEntryResponse;
}

/** Decodes an atom:feed of ActivesyncClientEntry entries as the service answers it: entries as ActivesyncClientEntryResponse. */
export function decodeActivesyncClientFeedResponse(xml: string, options?: DecodeOptions): Feed<ActivesyncClientEntryResponse> {
  return decodeDocument(xml, ATOM_NS, 'feed', F_ActivesyncClientEntryResponse, options) as Feed<ActivesyncClientEntryResponse>;
}

/** Decodes an atom:entry of shape ActivesyncWipeEntry. */
export function decodeActivesyncWipeEntry(xml: string, options?: DecodeOptions): ActivesyncWipeEntry {
  return decodeDocument(xml, ATOM_NS, 'entry', S_ActivesyncWipeEntry, options) as ActivesyncWipeEntry;
}

/** Encodes an atom:entry of shape ActivesyncWipeEntry, with its XML declaration. */
export function encodeActivesyncWipeEntry(v: ActivesyncWipeEntry): string {
  return XML_DECLARATION + w_ActivesyncWipeEntry('entry', v, " xmlns=\"http://www.w3.org/2005/Atom\" xmlns:s=\"http://schemas.atomsync.dev/2009/sync\"");
}

/** Decodes an atom:feed of ActivesyncWipeEntry entries. */
export function decodeActivesyncWipeFeed(xml: string, options?: DecodeOptions): Feed<ActivesyncWipeEntry> {
  return decodeDocument(xml, ATOM_NS, 'feed', F_ActivesyncWipeEntry, options) as Feed<ActivesyncWipeEntry>;
}

/** Encodes an atom:feed of ActivesyncWipeEntry entries, with its XML declaration. */
export function encodeActivesyncWipeFeed(v: Feed<ActivesyncWipeEntry>): string {
  let s = XML_DECLARATION + '<feed xmlns=\"http://www.w3.org/2005/Atom\" xmlns:s=\"http://schemas.atomsync.dev/2009/sync\">';
  if (v.author !== undefined) s += w_Person("author", v.author, '');
  if (v.id !== undefined) s += "<id>" + escapeText(v.id) + "</id>";
  { const a = v.links; if (a !== undefined) for (let i = 0; i < a.length; i++) { s += w_Link("link", a[i]!, ''); } }
  if (v.title !== undefined) s += "<title>" + escapeText(v.title) + "</title>";
  if (v.updated !== undefined) s += v.updated === null ? "<updated/>" : "<updated>" + formatDateTime(v.updated, "ActivesyncWipeEntryFeed.updated") + "</updated>";
  const entries = v.entries;
  for (let i = 0; i < entries.length; i++) s += w_ActivesyncWipeEntry('entry', entries[i]!, '');
  return s + '</feed>';
}

/** Decodes an atom:entry of shape ActivesyncWipeEntry as the service answers it: as ActivesyncWipeEntryResponse, also requiring what every answer carries. */
export function decodeActivesyncWipeEntryResponse(xml: string, options?: DecodeOptions): ActivesyncWipeEntryResponse {
  return decodeDocument(xml, ATOM_NS, 'entry', S_ActivesyncWipeEntryResponse, options) as ActivesyncWipeEntryResponse;
}

/** Decodes an atom:feed of ActivesyncWipeEntry entries as the service answers it: entries as ActivesyncWipeEntryResponse. */
export function decodeActivesyncWipeFeedResponse(xml: string, options?: DecodeOptions): Feed<ActivesyncWipeEntryResponse> {
  return decodeDocument(xml, ATOM_NS, 'feed', F_ActivesyncWipeEntryResponse, options) as Feed<ActivesyncWipeEntryResponse>;
}

/** Decodes an atom:entry of shape ContentEntry. */
export function decodeContentEntry(xml: string, options?: DecodeOptions): ContentEntry {
  return decodeDocument(xml, ATOM_NS, 'entry', S_ContentEntry, options) as ContentEntry;
}

/** Encodes an atom:entry of shape ContentEntry, with its XML declaration. */
export function encodeContentEntry(v: ContentEntry): string {
  return XML_DECLARATION + w_ContentEntry('entry', v, " xmlns=\"http://www.w3.org/2005/Atom\" xmlns:s=\"http://schemas.atomsync.dev/2009/sync\"");
}

/** Decodes an atom:feed of ContentEntry entries. */
export function decodeContentFeed(xml: string, options?: DecodeOptions): Feed<ContentEntry> {
  return decodeDocument(xml, ATOM_NS, 'feed', F_ContentEntry, options) as Feed<ContentEntry>;
}

/** Encodes an atom:feed of ContentEntry entries, with its XML declaration. */
export function encodeContentFeed(v: Feed<ContentEntry>): string {
  let s = XML_DECLARATION + '<feed xmlns=\"http://www.w3.org/2005/Atom\" xmlns:s=\"http://schemas.atomsync.dev/2009/sync\">';
  if (v.author !== undefined) s += w_Person("author", v.author, '');
  if (v.id !== undefined) s += "<id>" + escapeText(v.id) + "</id>";
  { const a = v.links; if (a !== undefined) for (let i = 0; i < a.length; i++) { s += w_Link("link", a[i]!, ''); } }
  if (v.title !== undefined) s += "<title>" + escapeText(v.title) + "</title>";
  if (v.updated !== undefined) s += v.updated === null ? "<updated/>" : "<updated>" + formatDateTime(v.updated, "ContentEntryFeed.updated") + "</updated>";
  const entries = v.entries;
  for (let i = 0; i < entries.length; i++) s += w_ContentEntry('entry', entries[i]!, '');
  return s + '</feed>';
}

/** Decodes an atom:entry of shape ContentEntry as the service answers it: as ContentEntryResponse, also requiring what every answer carries. */
export function decodeContentEntryResponse(xml: string, options?: DecodeOptions): ContentEntryResponse {
  return decodeDocument(xml, ATOM_NS, 'entry', S_ContentEntryResponse, options) as ContentEntryResponse;
}

/** Decodes an atom:feed of ContentEntry entries as the service answers it: entries as ContentEntryResponse. */
export function decodeContentFeedResponse(xml: string, options?: DecodeOptions): Feed<ContentEntryResponse> {
  return decodeDocument(xml, ATOM_NS, 'feed', F_ContentEntryResponse, options) as Feed<ContentEntryResponse>;
}

/** Decodes an atom:entry of shape BatchContentEntry. */
export function decodeBatchContentEntry(xml: string, options?: DecodeOptions): BatchContentEntry {
  return decodeDocument(xml, ATOM_NS, 'entry', S_BatchContentEntry, options) as BatchContentEntry;
}

/** Encodes an atom:entry of shape BatchContentEntry, with its XML declaration. */
export function encodeBatchContentEntry(v: BatchContentEntry): string {
  return XML_DECLARATION + w_BatchContentEntry('entry', v, " xmlns=\"http://www.w3.org/2005/Atom\" xmlns:batch=\"http://schemas.google.com/gdata/batch\" xmlns:s=\"http://schemas.atomsync.dev/2009/sync\"");
}

/** Decodes an atom:feed of BatchContentEntry entries. */
export function decodeBatchContentFeed(xml: string, options?: DecodeOptions): Feed<BatchContentEntry> {
  return decodeDocument(xml, ATOM_NS, 'feed', F_BatchContentEntry, options) as Feed<BatchContentEntry>;
}

/** Encodes an atom:feed of BatchContentEntry entries, with its XML declaration. */
export function encodeBatchContentFeed(v: Feed<BatchContentEntry>): string {
  let s = XML_DECLARATION + '<feed xmlns=\"http://www.w3.org/2005/Atom\" xmlns:batch=\"http://schemas.google.com/gdata/batch\" xmlns:s=\"http://schemas.atomsync.dev/2009/sync\">';
  if (v.author !== undefined) s += w_Person("author", v.author, '');
  if (v.id !== undefined) s += "<id>" + escapeText(v.id) + "</id>";
  { const a = v.links; if (a !== undefined) for (let i = 0; i < a.length; i++) { s += w_Link("link", a[i]!, ''); } }
  if (v.title !== undefined) s += "<title>" + escapeText(v.title) + "</title>";
  if (v.updated !== undefined) s += v.updated === null ? "<updated/>" : "<updated>" + formatDateTime(v.updated, "BatchContentEntryFeed.updated") + "</updated>";
  const entries = v.entries;
  for (let i = 0; i < entries.length; i++) s += w_BatchContentEntry('entry', entries[i]!, '');
  return s + '</feed>';
}

/** Decodes an atom:entry of shape ContentImportEntry. */
export function decodeContentImportEntry(xml: string, options?: DecodeOptions): ContentImportEntry {
  return decodeDocument(xml, ATOM_NS, 'entry', S_ContentImportEntry, options) as ContentImportEntry;
}

/** Encodes an atom:entry of shape ContentImportEntry, with its XML declaration. */
export function encodeContentImportEntry(v: ContentImportEntry): string {
  return XML_DECLARATION + w_ContentImportEntry('entry', v, " xmlns=\"http://www.w3.org/2005/Atom\" xmlns:s=\"http://schemas.atomsync.dev/2009/sync\"");
}

/** Decodes an atom:feed of ContentImportEntry entries. */
export function decodeContentImportFeed(xml: string, options?: DecodeOptions): Feed<ContentImportEntry> {
  return decodeDocument(xml, ATOM_NS, 'feed', F_ContentImportEntry, options) as Feed<ContentImportEntry>;
}

/** Encodes an atom:feed of ContentImportEntry entries, with its XML declaration. */
export function encodeContentImportFeed(v: Feed<ContentImportEntry>): string {
  let s = XML_DECLARATION + '<feed xmlns=\"http://www.w3.org/2005/Atom\" xmlns:s=\"http://schemas.atomsync.dev/2009/sync\">';
  if (v.author !== undefined) s += w_Person("author", v.author, '');
  if (v.id !== undefined) s += "<id>" + escapeText(v.id) + "</id>";
  { const a = v.links; if (a !== undefined) for (let i = 0; i < a.length; i++) { s += w_Link("link", a[i]!, ''); } }
  if (v.title !== undefined) s += "<title>" + escapeText(v.title) + "</title>";
  if (v.updated !== undefined) s += v.updated === null ? "<updated/>" : "<updated>" + formatDateTime(v.updated, "ContentImportEntryFeed.updated") + "</updated>";
  const entries = v.entries;
  for (let i = 0; i < entries.length; i++) s += w_ContentImportEntry('entry', entries[i]!, '');
  return s + '</feed>';
}

/** Decodes an atom:entry of shape ContentImportEntry as the service answers it: as ContentImportEntryResponse, also requiring what every answer carries. */
export function decodeContentImportEntryResponse(xml: string, options?: DecodeOptions): ContentImportEntryResponse {
  return decodeDocument(xml, ATOM_NS, 'entry', S_ContentImportEntryResponse, options) as ContentImportEntryResponse;
}

/** Decodes an atom:feed of ContentImportEntry entries as the service answers it: entries as ContentImportEntryResponse. */
export function decodeContentImportFeedResponse(xml: string, options?: DecodeOptions): Feed<ContentImportEntryResponse> {
  return decodeDocument(xml, ATOM_NS, 'feed', F_ContentImportEntryResponse, options) as Feed<ContentImportEntryResponse>;
}

/** Decodes an atom:entry of shape SyncmlSetupEntry. */
export function decodeSyncmlSetupEntry(xml: string, options?: DecodeOptions): SyncmlSetupEntry {
  return decodeDocument(xml, ATOM_NS, 'entry', S_SyncmlSetupEntry, options) as SyncmlSetupEntry;
}

/** Encodes an atom:entry of shape SyncmlSetupEntry, with its XML declaration. */
export function encodeSyncmlSetupEntry(v: SyncmlSetupEntry): string {
  return XML_DECLARATION + w_SyncmlSetupEntry('entry', v, " xmlns=\"http://www.w3.org/2005/Atom\" xmlns:s=\"http://schemas.atomsync.dev/2009/sync\"");
}

/** Decodes an atom:feed of SyncmlSetupEntry entries. */
export function decodeSyncmlSetupFeed(xml: string, options?: DecodeOptions): Feed<SyncmlSetupEntry> {
  return decodeDocument(xml, ATOM_NS, 'feed', F_SyncmlSetupEntry, options) as Feed<SyncmlSetupEntry>;
}

/** Encodes an atom:feed of SyncmlSetupEntry entries, with its XML declaration. */
export function encodeSyncmlSetupFeed(v: Feed<SyncmlSetupEntry>): string {
  let s = XML_DECLARATION + '<feed xmlns=\"http://www.w3.org/2005/Atom\" xmlns:s=\"http://schemas.atomsync.dev/2009/sync\">';
  if (v.author !== undefined) s += w_Person("author", v.author, '');
  if (v.id !== undefined) s += "<id>" + escapeText(v.id) + "</id>";
  { const a = v.links; if (a !== undefined) for (let i = 0; i < a.length; i++) { s += w_Link("link", a[i]!, ''); } }
  if (v.title !== undefined) s += "<title>" + escapeText(v.title) + "</title>";
  if (v.updated !== undefined) s += v.updated === null ? "<updated/>" : "<updated>" + formatDateTime(v.updated, "SyncmlSetupEntryFeed.updated") + "</updated>";
  const entries = v.entries;
  for (let i = 0; i < entries.length; i++) s += w_SyncmlSetupEntry('entry', entries[i]!, '');
  return s + '</feed>';
}

/** Decodes an atom:entry of shape SyncmlSetupEntry as the service answers it: as SyncmlSetupEntryResponse, also requiring what every answer carries. */
export function decodeSyncmlSetupEntryResponse(xml: string, options?: DecodeOptions): SyncmlSetupEntryResponse {
  return decodeDocument(xml, ATOM_NS, 'entry', S_SyncmlSetupEntryResponse, options) as SyncmlSetupEntryResponse;
}

/** Decodes an atom:feed of SyncmlSetupEntry entries as the service answers it: entries as SyncmlSetupEntryResponse. */
export function decodeSyncmlSetupFeedResponse(xml: string, options?: DecodeOptions): Feed<SyncmlSetupEntryResponse> {
  return decodeDocument(xml, ATOM_NS, 'feed', F_SyncmlSetupEntryResponse, options) as Feed<SyncmlSetupEntryResponse>;
}

/** Decodes an atom:entry of shape BindingEntry. */
export function decodeBindingEntry(xml: string, options?: DecodeOptions): BindingEntry {
  return decodeDocument(xml, ATOM_NS, 'entry', S_BindingEntry, options) as BindingEntry;
}

/** Encodes an atom:entry of shape BindingEntry, with its XML declaration. */
export function encodeBindingEntry(v: BindingEntry): string {
  return XML_DECLARATION + w_BindingEntry('entry', v, " xmlns=\"http://www.w3.org/2005/Atom\" xmlns:s=\"http://schemas.atomsync.dev/2009/sync\"");
}

/** Decodes an atom:feed of BindingEntry entries. */
export function decodeBindingFeed(xml: string, options?: DecodeOptions): Feed<BindingEntry> {
  return decodeDocument(xml, ATOM_NS, 'feed', F_BindingEntry, options) as Feed<BindingEntry>;
}

/** Encodes an atom:feed of BindingEntry entries, with its XML declaration. */
export function encodeBindingFeed(v: Feed<BindingEntry>): string {
  let s = XML_DECLARATION + '<feed xmlns=\"http://www.w3.org/2005/Atom\" xmlns:s=\"http://schemas.atomsync.dev/2009/sync\">';
  if (v.author !== undefined) s += w_Person("author", v.author, '');
  if (v.id !== undefined) s += "<id>" + escapeText(v.id) + "</id>";
  { const a = v.links; if (a !== undefined) for (let i = 0; i < a.length; i++) { s += w_Link("link", a[i]!, ''); } }
  if (v.title !== undefined) s += "<title>" + escapeText(v.title) + "</title>";
  if (v.updated !== undefined) s += v.updated === null ? "<updated/>" : "<updated>" + formatDateTime(v.updated, "BindingEntryFeed.updated") + "</updated>";
  const entries = v.entries;
  for (let i = 0; i < entries.length; i++) s += w_BindingEntry('entry', entries[i]!, '');
  return s + '</feed>';
}

/** Decodes an atom:entry of shape BindingEntry as the service answers it: as BindingEntryResponse, also requiring what every answer carries. */
export function decodeBindingEntryResponse(xml: string, options?: DecodeOptions): BindingEntryResponse {
  return decodeDocument(xml, ATOM_NS, 'entry', S_BindingEntryResponse, options) as BindingEntryResponse;
}

/** Decodes an atom:feed of BindingEntry entries as the service answers it: entries as BindingEntryResponse. */
export function decodeBindingFeedResponse(xml: string, options?: DecodeOptions): Feed<BindingEntryResponse> {
  return decodeDocument(xml, ATOM_NS, 'feed', F_BindingEntryResponse, options) as Feed<BindingEntryResponse>;
}

/** Decodes an atom:entry of shape SynchronizationEntry. */
export function decodeSynchronizationEntry(xml: string, options?: DecodeOptions): SynchronizationEntry {
  return decodeDocument(xml, ATOM_NS, 'entry', S_SynchronizationEntry, options) as SynchronizationEntry;
}

/** Encodes an atom:entry of shape SynchronizationEntry, with its XML declaration. */
export function encodeSynchronizationEntry(v: SynchronizationEntry): string {
  return XML_DECLARATION + w_SynchronizationEntry('entry', v, " xmlns=\"http://www.w3.org/2005/Atom\" xmlns:s=\"http://schemas.atomsync.dev/2009/sync\"");
}

/** Decodes an atom:feed of SynchronizationEntry entries. */
export function decodeSynchronizationFeed(xml: string, options?: DecodeOptions): Feed<SynchronizationEntry> {
  return decodeDocument(xml, ATOM_NS, 'feed', F_SynchronizationEntry, options) as Feed<SynchronizationEntry>;
}

/** Encodes an atom:feed of SynchronizationEntry entries, with its XML declaration. */
export function encodeSynchronizationFeed(v: Feed<SynchronizationEntry>): string {
  let s = XML_DECLARATION + '<feed xmlns=\"http://www.w3.org/2005/Atom\" xmlns:s=\"http://schemas.atomsync.dev/2009/sync\">';
  if (v.author !== undefined) s += w_Person("author", v.author, '');
  if (v.id !== undefined) s += "<id>" + escapeText(v.id) + "</id>";
  { const a = v.links; if (a !== undefined) for (let i = 0; i < a.length; i++) { s += w_Link("link", a[i]!, ''); } }
  if (v.title !== undefined) s += "<title>" + escapeText(v.title) + "</title>";
  if (v.updated !== undefined) s += v.updated === null ? "<updated/>" : "<updated>" + formatDateTime(v.updated, "SynchronizationEntryFeed.updated") + "</updated>";
  const entries = v.entries;
  for (let i = 0; i < entries.length; i++) s += w_SynchronizationEntry('entry', entries[i]!, '');
  return s + '</feed>';
}

/** Decodes an atom:entry of shape SynchronizationEntry as the service answers it: as SynchronizationEntryResponse, also requiring what every answer carries. */
export function decodeSynchronizationEntryResponse(xml: string, options?: DecodeOptions): SynchronizationEntryResponse {
  return decodeDocument(xml, ATOM_NS, 'entry', S_SynchronizationEntryResponse, options) as SynchronizationEntryResponse;
}

/** Decodes an atom:feed of SynchronizationEntry entries as the service answers it: entries as SynchronizationEntryResponse. */
export function decodeSynchronizationFeedResponse(xml: string, options?: DecodeOptions): Feed<SynchronizationEntryResponse> {
  return decodeDocument(xml, ATOM_NS, 'feed', F_SynchronizationEntryResponse, options) as Feed<SynchronizationEntryResponse>;
}

/** Decodes an atom:entry of shape SyncLogEntry. */
export function decodeSyncLogEntry(xml: string, options?: DecodeOptions): SyncLogEntry {
  return decodeDocument(xml, ATOM_NS, 'entry', S_SyncLogEntry, options) as SyncLogEntry;
}

/** Encodes an atom:entry of shape SyncLogEntry, with its XML declaration. */
export function encodeSyncLogEntry(v: SyncLogEntry): string {
  return XML_DECLARATION + w_SyncLogEntry('entry', v, " xmlns=\"http://www.w3.org/2005/Atom\" xmlns:s=\"http://schemas.atomsync.dev/2009/sync\"");
}

/** Decodes an atom:feed of SyncLogEntry entries. */
export function decodeSyncLogFeed(xml: string, options?: DecodeOptions): Feed<SyncLogEntry> {
  return decodeDocument(xml, ATOM_NS, 'feed', F_SyncLogEntry, options) as Feed<SyncLogEntry>;
}

/** Encodes an atom:feed of SyncLogEntry entries, with its XML declaration. */
export function encodeSyncLogFeed(v: Feed<SyncLogEntry>): string {
  let s = XML_DECLARATION + '<feed xmlns=\"http://www.w3.org/2005/Atom\" xmlns:s=\"http://schemas.atomsync.dev/2009/sync\">';
  if (v.author !== undefined) s += w_Person("author", v.author, '');
  if (v.id !== undefined) s += "<id>" + escapeText(v.id) + "</id>";
  { const a = v.links; if (a !== undefined) for (let i = 0; i < a.length; i++) { s += w_Link("link", a[i]!, ''); } }
  if (v.title !== undefined) s += "<title>" + escapeText(v.title) + "</title>";
  if (v.updated !== undefined) s += v.updated === null ? "<updated/>" : "<updated>" + formatDateTime(v.updated, "SyncLogEntryFeed.updated") + "</updated>";
  const entries = v.entries;
  for (let i = 0; i < entries.length; i++) s += w_SyncLogEntry('entry', entries[i]!, '');
  return s + '</feed>';
}

/** Decodes an atom:entry of shape SyncLogEntry as the service answers it: as SyncLogEntryResponse, also requiring what every answer carries. */
export function decodeSyncLogEntryResponse(xml: string, options?: DecodeOptions): SyncLogEntryResponse {
  return decodeDocument(xml, ATOM_NS, 'entry', S_SyncLogEntryResponse, options) as SyncLogEntryResponse;
}

/** Decodes an atom:feed of SyncLogEntry entries as the service answers it: entries as SyncLogEntryResponse. */
export function decodeSyncLogFeedResponse(xml: string, options?: DecodeOptions): Feed<SyncLogEntryResponse> {
  return decodeDocument(xml, ATOM_NS, 'feed', F_SyncLogEntryResponse, options) as Feed<SyncLogEntryResponse>;
}

/** Decodes an atom:entry of shape VendorEntry. */
export function decodeVendorEntry(xml: string, options?: DecodeOptions): VendorEntry {
  return decodeDocument(xml, ATOM_NS, 'entry', S_VendorEntry, options) as VendorEntry;
}

/** Encodes an atom:entry of shape VendorEntry, with its XML declaration. */
export function encodeVendorEntry(v: VendorEntry): string {
  return XML_DECLARATION + w_VendorEntry('entry', v, " xmlns=\"http://www.w3.org/2005/Atom\"");
}

/** Decodes an atom:feed of VendorEntry entries. */
export function decodeVendorFeed(xml: string, options?: DecodeOptions): Feed<VendorEntry> {
  return decodeDocument(xml, ATOM_NS, 'feed', F_VendorEntry, options) as Feed<VendorEntry>;
}

/** Encodes an atom:feed of VendorEntry entries, with its XML declaration. */
export function encodeVendorFeed(v: Feed<VendorEntry>): string {
  let s = XML_DECLARATION + '<feed xmlns=\"http://www.w3.org/2005/Atom\">';
  if (v.author !== undefined) s += w_Person("author", v.author, '');
  if (v.id !== undefined) s += "<id>" + escapeText(v.id) + "</id>";
  { const a = v.links; if (a !== undefined) for (let i = 0; i < a.length; i++) { s += w_Link("link", a[i]!, ''); } }
  if (v.title !== undefined) s += "<title>" + escapeText(v.title) + "</title>";
  if (v.updated !== undefined) s += v.updated === null ? "<updated/>" : "<updated>" + formatDateTime(v.updated, "VendorEntryFeed.updated") + "</updated>";
  const entries = v.entries;
  for (let i = 0; i < entries.length; i++) s += w_VendorEntry('entry', entries[i]!, '');
  return s + '</feed>';
}

/** Decodes an atom:entry of shape VendorEntry as the service answers it: as VendorEntryResponse, also requiring what every answer carries. */
export function decodeVendorEntryResponse(xml: string, options?: DecodeOptions): VendorEntryResponse {
  return decodeDocument(xml, ATOM_NS, 'entry', S_VendorEntryResponse, options) as VendorEntryResponse;
}

/** Decodes an atom:feed of VendorEntry entries as the service answers it: entries as VendorEntryResponse. */
export function decodeVendorFeedResponse(xml: string, options?: DecodeOptions): Feed<VendorEntryResponse> {
  return decodeDocument(xml, ATOM_NS, 'feed', F_VendorEntryResponse, options) as Feed<VendorEntryResponse>;
}

/** Decodes an atom:entry of shape PhoneModelEntry. */
export function decodePhoneModelEntry(xml: string, options?: DecodeOptions): PhoneModelEntry {
  return decodeDocument(xml, ATOM_NS, 'entry', S_PhoneModelEntry, options) as PhoneModelEntry;
}

/** Encodes an atom:entry of shape PhoneModelEntry, with its XML declaration. */
export function encodePhoneModelEntry(v: PhoneModelEntry): string {
  return XML_DECLARATION + w_PhoneModelEntry('entry', v, " xmlns=\"http://www.w3.org/2005/Atom\" xmlns:s=\"http://schemas.atomsync.dev/2009/sync\"");
}

/** Decodes an atom:feed of PhoneModelEntry entries. */
export function decodePhoneModelFeed(xml: string, options?: DecodeOptions): Feed<PhoneModelEntry> {
  return decodeDocument(xml, ATOM_NS, 'feed', F_PhoneModelEntry, options) as Feed<PhoneModelEntry>;
}

/** Encodes an atom:feed of PhoneModelEntry entries, with its XML declaration. */
export function encodePhoneModelFeed(v: Feed<PhoneModelEntry>): string {
  let s = XML_DECLARATION + '<feed xmlns=\"http://www.w3.org/2005/Atom\" xmlns:s=\"http://schemas.atomsync.dev/2009/sync\">';
  if (v.author !== undefined) s += w_Person("author", v.author, '');
  if (v.id !== undefined) s += "<id>" + escapeText(v.id) + "</id>";
  { const a = v.links; if (a !== undefined) for (let i = 0; i < a.length; i++) { s += w_Link("link", a[i]!, ''); } }
  if (v.title !== undefined) s += "<title>" + escapeText(v.title) + "</title>";
  if (v.updated !== undefined) s += v.updated === null ? "<updated/>" : "<updated>" + formatDateTime(v.updated, "PhoneModelEntryFeed.updated") + "</updated>";
  const entries = v.entries;
  for (let i = 0; i < entries.length; i++) s += w_PhoneModelEntry('entry', entries[i]!, '');
  return s + '</feed>';
}

/** Decodes an atom:entry of shape PhoneModelEntry as the service answers it: as PhoneModelEntryResponse, also requiring what every answer carries. */
export function decodePhoneModelEntryResponse(xml: string, options?: DecodeOptions): PhoneModelEntryResponse {
  return decodeDocument(xml, ATOM_NS, 'entry', S_PhoneModelEntryResponse, options) as PhoneModelEntryResponse;
}

/** Decodes an atom:feed of PhoneModelEntry entries as the service answers it: entries as PhoneModelEntryResponse. */
export function decodePhoneModelFeedResponse(xml: string, options?: DecodeOptions): Feed<PhoneModelEntryResponse> {
  return decodeDocument(xml, ATOM_NS, 'feed', F_PhoneModelEntryResponse, options) as Feed<PhoneModelEntryResponse>;
}

/** Decodes an atom:entry of shape PhoneDatastoreBindingEntry. */
export function decodePhoneDatastoreBindingEntry(xml: string, options?: DecodeOptions): PhoneDatastoreBindingEntry {
  return decodeDocument(xml, ATOM_NS, 'entry', S_PhoneDatastoreBindingEntry, options) as PhoneDatastoreBindingEntry;
}

/** Encodes an atom:entry of shape PhoneDatastoreBindingEntry, with its XML declaration. */
export function encodePhoneDatastoreBindingEntry(v: PhoneDatastoreBindingEntry): string {
  return XML_DECLARATION + w_PhoneDatastoreBindingEntry('entry', v, " xmlns=\"http://www.w3.org/2005/Atom\" xmlns:s=\"http://schemas.atomsync.dev/2009/sync\"");
}

/** Decodes an atom:feed of PhoneDatastoreBindingEntry entries. */
export function decodePhoneDatastoreBindingFeed(xml: string, options?: DecodeOptions): Feed<PhoneDatastoreBindingEntry> {
  return decodeDocument(xml, ATOM_NS, 'feed', F_PhoneDatastoreBindingEntry, options) as Feed<PhoneDatastoreBindingEntry>;
}

/** Encodes an atom:feed of PhoneDatastoreBindingEntry entries, with its XML declaration. */
export function encodePhoneDatastoreBindingFeed(v: Feed<PhoneDatastoreBindingEntry>): string {
  let s = XML_DECLARATION + '<feed xmlns=\"http://www.w3.org/2005/Atom\" xmlns:s=\"http://schemas.atomsync.dev/2009/sync\">';
  if (v.author !== undefined) s += w_Person("author", v.author, '');
  if (v.id !== undefined) s += "<id>" + escapeText(v.id) + "</id>";
  { const a = v.links; if (a !== undefined) for (let i = 0; i < a.length; i++) { s += w_Link("link", a[i]!, ''); } }
  if (v.title !== undefined) s += "<title>" + escapeText(v.title) + "</title>";
  if (v.updated !== undefined) s += v.updated === null ? "<updated/>" : "<updated>" + formatDateTime(v.updated, "PhoneDatastoreBindingEntryFeed.updated") + "</updated>";
  const entries = v.entries;
  for (let i = 0; i < entries.length; i++) s += w_PhoneDatastoreBindingEntry('entry', entries[i]!, '');
  return s + '</feed>';
}

/** Decodes an atom:entry of shape PhoneDatastoreBindingEntry as the service answers it: as PhoneDatastoreBindingEntryResponse, also requiring what every answer carries. */
export function decodePhoneDatastoreBindingEntryResponse(xml: string, options?: DecodeOptions): PhoneDatastoreBindingEntryResponse {
  return decodeDocument(xml, ATOM_NS, 'entry', S_PhoneDatastoreBindingEntryResponse, options) as PhoneDatastoreBindingEntryResponse;
}

/** Decodes an atom:feed of PhoneDatastoreBindingEntry entries as the service answers it: entries as PhoneDatastoreBindingEntryResponse. */
export function decodePhoneDatastoreBindingFeedResponse(xml: string, options?: DecodeOptions): Feed<PhoneDatastoreBindingEntryResponse> {
  return decodeDocument(xml, ATOM_NS, 'feed', F_PhoneDatastoreBindingEntryResponse, options) as Feed<PhoneDatastoreBindingEntryResponse>;
}

/** Decodes an atom:entry of shape SessionEntry. */
export function decodeSessionEntry(xml: string, options?: DecodeOptions): SessionEntry {
  return decodeDocument(xml, ATOM_NS, 'entry', S_SessionEntry, options) as SessionEntry;
}

/** Encodes an atom:entry of shape SessionEntry, with its XML declaration. */
export function encodeSessionEntry(v: SessionEntry): string {
  return XML_DECLARATION + w_SessionEntry('entry', v, " xmlns=\"http://www.w3.org/2005/Atom\" xmlns:s=\"http://schemas.atomsync.dev/2009/sync\"");
}

/** Decodes an atom:feed of SessionEntry entries. */
export function decodeSessionFeed(xml: string, options?: DecodeOptions): Feed<SessionEntry> {
  return decodeDocument(xml, ATOM_NS, 'feed', F_SessionEntry, options) as Feed<SessionEntry>;
}

/** Encodes an atom:feed of SessionEntry entries, with its XML declaration. */
export function encodeSessionFeed(v: Feed<SessionEntry>): string {
  let s = XML_DECLARATION + '<feed xmlns=\"http://www.w3.org/2005/Atom\" xmlns:s=\"http://schemas.atomsync.dev/2009/sync\">';
  if (v.author !== undefined) s += w_Person("author", v.author, '');
  if (v.id !== undefined) s += "<id>" + escapeText(v.id) + "</id>";
  { const a = v.links; if (a !== undefined) for (let i = 0; i < a.length; i++) { s += w_Link("link", a[i]!, ''); } }
  if (v.title !== undefined) s += "<title>" + escapeText(v.title) + "</title>";
  if (v.updated !== undefined) s += v.updated === null ? "<updated/>" : "<updated>" + formatDateTime(v.updated, "SessionEntryFeed.updated") + "</updated>";
  const entries = v.entries;
  for (let i = 0; i < entries.length; i++) s += w_SessionEntry('entry', entries[i]!, '');
  return s + '</feed>';
}

/** Decodes an atom:entry of shape SessionEntry as the service answers it: as SessionEntryResponse, also requiring what every answer carries. */
export function decodeSessionEntryResponse(xml: string, options?: DecodeOptions): SessionEntryResponse {
  return decodeDocument(xml, ATOM_NS, 'entry', S_SessionEntryResponse, options) as SessionEntryResponse;
}

/** Decodes an atom:feed of SessionEntry entries as the service answers it: entries as SessionEntryResponse. */
export function decodeSessionFeedResponse(xml: string, options?: DecodeOptions): Feed<SessionEntryResponse> {
  return decodeDocument(xml, ATOM_NS, 'feed', F_SessionEntryResponse, options) as Feed<SessionEntryResponse>;
}

/** Decodes an atom:entry of shape ChatMessageEntry. */
export function decodeChatMessageEntry(xml: string, options?: DecodeOptions): ChatMessageEntry {
  return decodeDocument(xml, ATOM_NS, 'entry', S_ChatMessageEntry, options) as ChatMessageEntry;
}

/** Encodes an atom:entry of shape ChatMessageEntry, with its XML declaration. */
export function encodeChatMessageEntry(v: ChatMessageEntry): string {
  return XML_DECLARATION + w_ChatMessageEntry('entry', v, " xmlns=\"http://www.w3.org/2005/Atom\" xmlns:s=\"http://schemas.atomsync.dev/2009/sync\"");
}

/** Decodes an atom:feed of ChatMessageEntry entries. */
export function decodeChatMessageFeed(xml: string, options?: DecodeOptions): Feed<ChatMessageEntry> {
  return decodeDocument(xml, ATOM_NS, 'feed', F_ChatMessageEntry, options) as Feed<ChatMessageEntry>;
}

/** Encodes an atom:feed of ChatMessageEntry entries, with its XML declaration. */
export function encodeChatMessageFeed(v: Feed<ChatMessageEntry>): string {
  let s = XML_DECLARATION + '<feed xmlns=\"http://www.w3.org/2005/Atom\" xmlns:s=\"http://schemas.atomsync.dev/2009/sync\">';
  if (v.author !== undefined) s += w_Person("author", v.author, '');
  if (v.id !== undefined) s += "<id>" + escapeText(v.id) + "</id>";
  { const a = v.links; if (a !== undefined) for (let i = 0; i < a.length; i++) { s += w_Link("link", a[i]!, ''); } }
  if (v.title !== undefined) s += "<title>" + escapeText(v.title) + "</title>";
  if (v.updated !== undefined) s += v.updated === null ? "<updated/>" : "<updated>" + formatDateTime(v.updated, "ChatMessageEntryFeed.updated") + "</updated>";
  const entries = v.entries;
  for (let i = 0; i < entries.length; i++) s += w_ChatMessageEntry('entry', entries[i]!, '');
  return s + '</feed>';
}

/** Decodes an atom:entry of shape ChatMessageEntry as the service answers it: as ChatMessageEntryResponse, also requiring what every answer carries. */
export function decodeChatMessageEntryResponse(xml: string, options?: DecodeOptions): ChatMessageEntryResponse {
  return decodeDocument(xml, ATOM_NS, 'entry', S_ChatMessageEntryResponse, options) as ChatMessageEntryResponse;
}

/** Decodes an atom:feed of ChatMessageEntry entries as the service answers it: entries as ChatMessageEntryResponse. */
export function decodeChatMessageFeedResponse(xml: string, options?: DecodeOptions): Feed<ChatMessageEntryResponse> {
  return decodeDocument(xml, ATOM_NS, 'feed', F_ChatMessageEntryResponse, options) as Feed<ChatMessageEntryResponse>;
}

/** Decodes an atom:entry of shape OutboxEntry. */
export function decodeOutboxEntry(xml: string, options?: DecodeOptions): OutboxEntry {
  return decodeDocument(xml, ATOM_NS, 'entry', S_OutboxEntry, options) as OutboxEntry;
}

/** Encodes an atom:entry of shape OutboxEntry, with its XML declaration. */
export function encodeOutboxEntry(v: OutboxEntry): string {
  return XML_DECLARATION + w_OutboxEntry('entry', v, " xmlns=\"http://www.w3.org/2005/Atom\" xmlns:s=\"http://schemas.atomsync.dev/2009/sync\"");
}

/** Decodes an atom:feed of OutboxEntry entries. */
export function decodeOutboxFeed(xml: string, options?: DecodeOptions): Feed<OutboxEntry> {
  return decodeDocument(xml, ATOM_NS, 'feed', F_OutboxEntry, options) as Feed<OutboxEntry>;
}

/** Encodes an atom:feed of OutboxEntry entries, with its XML declaration. */
export function encodeOutboxFeed(v: Feed<OutboxEntry>): string {
  let s = XML_DECLARATION + '<feed xmlns=\"http://www.w3.org/2005/Atom\" xmlns:s=\"http://schemas.atomsync.dev/2009/sync\">';
  if (v.author !== undefined) s += w_Person("author", v.author, '');
  if (v.id !== undefined) s += "<id>" + escapeText(v.id) + "</id>";
  { const a = v.links; if (a !== undefined) for (let i = 0; i < a.length; i++) { s += w_Link("link", a[i]!, ''); } }
  if (v.title !== undefined) s += "<title>" + escapeText(v.title) + "</title>";
  if (v.updated !== undefined) s += v.updated === null ? "<updated/>" : "<updated>" + formatDateTime(v.updated, "OutboxEntryFeed.updated") + "</updated>";
  const entries = v.entries;
  for (let i = 0; i < entries.length; i++) s += w_OutboxEntry('entry', entries[i]!, '');
  return s + '</feed>';
}

/** Decodes an atom:entry of shape OutboxEntry as the service answers it: as OutboxEntryResponse, also requiring what every answer carries. */
export function decodeOutboxEntryResponse(xml: string, options?: DecodeOptions): OutboxEntryResponse {
  return decodeDocument(xml, ATOM_NS, 'entry', S_OutboxEntryResponse, options) as OutboxEntryResponse;
}

/** Decodes an atom:feed of OutboxEntry entries as the service answers it: entries as OutboxEntryResponse. */
export function decodeOutboxFeedResponse(xml: string, options?: DecodeOptions): Feed<OutboxEntryResponse> {
  return decodeDocument(xml, ATOM_NS, 'feed', F_OutboxEntryResponse, options) as Feed<OutboxEntryResponse>;
}

/** Decodes an atom:entry of shape AccountEntry. */
export function decodeAccountEntry(xml: string, options?: DecodeOptions): AccountEntry {
  return decodeDocument(xml, ATOM_NS, 'entry', S_AccountEntry, options) as AccountEntry;
}

/** Encodes an atom:entry of shape AccountEntry, with its XML declaration. */
export function encodeAccountEntry(v: AccountEntry): string {
  return XML_DECLARATION + w_AccountEntry('entry', v, " xmlns=\"http://www.w3.org/2005/Atom\" xmlns:s=\"http://schemas.atomsync.dev/2009/sync\"");
}

/** Decodes an atom:feed of AccountEntry entries. */
export function decodeAccountFeed(xml: string, options?: DecodeOptions): Feed<AccountEntry> {
  return decodeDocument(xml, ATOM_NS, 'feed', F_AccountEntry, options) as Feed<AccountEntry>;
}

/** Encodes an atom:feed of AccountEntry entries, with its XML declaration. */
export function encodeAccountFeed(v: Feed<AccountEntry>): string {
  let s = XML_DECLARATION + '<feed xmlns=\"http://www.w3.org/2005/Atom\" xmlns:s=\"http://schemas.atomsync.dev/2009/sync\">';
  if (v.author !== undefined) s += w_Person("author", v.author, '');
  if (v.id !== undefined) s += "<id>" + escapeText(v.id) + "</id>";
  { const a = v.links; if (a !== undefined) for (let i = 0; i < a.length; i++) { s += w_Link("link", a[i]!, ''); } }
  if (v.title !== undefined) s += "<title>" + escapeText(v.title) + "</title>";
  if (v.updated !== undefined) s += v.updated === null ? "<updated/>" : "<updated>" + formatDateTime(v.updated, "AccountEntryFeed.updated") + "</updated>";
  const entries = v.entries;
  for (let i = 0; i < entries.length; i++) s += w_AccountEntry('entry', entries[i]!, '');
  return s + '</feed>';
}

/** Decodes an atom:entry of shape AccountEntry as the service answers it: as AccountEntryResponse, also requiring what every answer carries. */
export function decodeAccountEntryResponse(xml: string, options?: DecodeOptions): AccountEntryResponse {
  return decodeDocument(xml, ATOM_NS, 'entry', S_AccountEntryResponse, options) as AccountEntryResponse;
}

/** Decodes an atom:feed of AccountEntry entries as the service answers it: entries as AccountEntryResponse. */
export function decodeAccountFeedResponse(xml: string, options?: DecodeOptions): Feed<AccountEntryResponse> {
  return decodeDocument(xml, ATOM_NS, 'feed', F_AccountEntryResponse, options) as Feed<AccountEntryResponse>;
}

/** Decodes an atom:entry of shape TokenEntry. */
export function decodeTokenEntry(xml: string, options?: DecodeOptions): TokenEntry {
  return decodeDocument(xml, ATOM_NS, 'entry', S_TokenEntry, options) as TokenEntry;
}

/** Encodes an atom:entry of shape TokenEntry, with its XML declaration. */
export function encodeTokenEntry(v: TokenEntry): string {
  return XML_DECLARATION + w_TokenEntry('entry', v, " xmlns=\"http://www.w3.org/2005/Atom\" xmlns:s=\"http://schemas.atomsync.dev/2009/sync\"");
}

/** Decodes an atom:feed of TokenEntry entries. */
export function decodeTokenFeed(xml: string, options?: DecodeOptions): Feed<TokenEntry> {
  return decodeDocument(xml, ATOM_NS, 'feed', F_TokenEntry, options) as Feed<TokenEntry>;
}

/** Encodes an atom:feed of TokenEntry entries, with its XML declaration. */
export function encodeTokenFeed(v: Feed<TokenEntry>): string {
  let s = XML_DECLARATION + '<feed xmlns=\"http://www.w3.org/2005/Atom\" xmlns:s=\"http://schemas.atomsync.dev/2009/sync\">';
  if (v.author !== undefined) s += w_Person("author", v.author, '');
  if (v.id !== undefined) s += "<id>" + escapeText(v.id) + "</id>";
  { const a = v.links; if (a !== undefined) for (let i = 0; i < a.length; i++) { s += w_Link("link", a[i]!, ''); } }
  if (v.title !== undefined) s += "<title>" + escapeText(v.title) + "</title>";
  if (v.updated !== undefined) s += v.updated === null ? "<updated/>" : "<updated>" + formatDateTime(v.updated, "TokenEntryFeed.updated") + "</updated>";
  const entries = v.entries;
  for (let i = 0; i < entries.length; i++) s += w_TokenEntry('entry', entries[i]!, '');
  return s + '</feed>';
}

/** Decodes an atom:entry of shape TokenEntry as the service answers it: as TokenEntryResponse, also requiring what every answer carries. */
export function decodeTokenEntryResponse(xml: string, options?: DecodeOptions): TokenEntryResponse {
  return decodeDocument(xml, ATOM_NS, 'entry', S_TokenEntryResponse, options) as TokenEntryResponse;
}

/** Decodes an atom:feed of TokenEntry entries as the service answers it: entries as TokenEntryResponse. */
export function decodeTokenFeedResponse(xml: string, options?: DecodeOptions): Feed<TokenEntryResponse> {
  return decodeDocument(xml, ATOM_NS, 'feed', F_TokenEntryResponse, options) as Feed<TokenEntryResponse>;
}

/** Decodes an atom:entry of shape AppPasswordEntry. */
export function decodeAppPasswordEntry(xml: string, options?: DecodeOptions): AppPasswordEntry {
  return decodeDocument(xml, ATOM_NS, 'entry', S_AppPasswordEntry, options) as AppPasswordEntry;
}

/** Encodes an atom:entry of shape AppPasswordEntry, with its XML declaration. */
export function encodeAppPasswordEntry(v: AppPasswordEntry): string {
  return XML_DECLARATION + w_AppPasswordEntry('entry', v, " xmlns=\"http://www.w3.org/2005/Atom\" xmlns:s=\"http://schemas.atomsync.dev/2009/sync\"");
}

/** Decodes an atom:feed of AppPasswordEntry entries. */
export function decodeAppPasswordFeed(xml: string, options?: DecodeOptions): Feed<AppPasswordEntry> {
  return decodeDocument(xml, ATOM_NS, 'feed', F_AppPasswordEntry, options) as Feed<AppPasswordEntry>;
}

/** Encodes an atom:feed of AppPasswordEntry entries, with its XML declaration. */
export function encodeAppPasswordFeed(v: Feed<AppPasswordEntry>): string {
  let s = XML_DECLARATION + '<feed xmlns=\"http://www.w3.org/2005/Atom\" xmlns:s=\"http://schemas.atomsync.dev/2009/sync\">';
  if (v.author !== undefined) s += w_Person("author", v.author, '');
  if (v.id !== undefined) s += "<id>" + escapeText(v.id) + "</id>";
  { const a = v.links; if (a !== undefined) for (let i = 0; i < a.length; i++) { s += w_Link("link", a[i]!, ''); } }
  if (v.title !== undefined) s += "<title>" + escapeText(v.title) + "</title>";
  if (v.updated !== undefined) s += v.updated === null ? "<updated/>" : "<updated>" + formatDateTime(v.updated, "AppPasswordEntryFeed.updated") + "</updated>";
  const entries = v.entries;
  for (let i = 0; i < entries.length; i++) s += w_AppPasswordEntry('entry', entries[i]!, '');
  return s + '</feed>';
}

/** Decodes an atom:entry of shape AppPasswordEntry as the service answers it: as AppPasswordEntryResponse, also requiring what every answer carries. */
export function decodeAppPasswordEntryResponse(xml: string, options?: DecodeOptions): AppPasswordEntryResponse {
  return decodeDocument(xml, ATOM_NS, 'entry', S_AppPasswordEntryResponse, options) as AppPasswordEntryResponse;
}

/** Decodes an atom:feed of AppPasswordEntry entries as the service answers it: entries as AppPasswordEntryResponse. */
export function decodeAppPasswordFeedResponse(xml: string, options?: DecodeOptions): Feed<AppPasswordEntryResponse> {
  return decodeDocument(xml, ATOM_NS, 'feed', F_AppPasswordEntryResponse, options) as Feed<AppPasswordEntryResponse>;
}

/** Decodes an atom:entry of shape ConsumerEntry. */
export function decodeConsumerEntry(xml: string, options?: DecodeOptions): ConsumerEntry {
  return decodeDocument(xml, ATOM_NS, 'entry', S_ConsumerEntry, options) as ConsumerEntry;
}

/** Encodes an atom:entry of shape ConsumerEntry, with its XML declaration. */
export function encodeConsumerEntry(v: ConsumerEntry): string {
  return XML_DECLARATION + w_ConsumerEntry('entry', v, " xmlns=\"http://www.w3.org/2005/Atom\" xmlns:s=\"http://schemas.atomsync.dev/2009/sync\"");
}

/** Decodes an atom:feed of ConsumerEntry entries. */
export function decodeConsumerFeed(xml: string, options?: DecodeOptions): Feed<ConsumerEntry> {
  return decodeDocument(xml, ATOM_NS, 'feed', F_ConsumerEntry, options) as Feed<ConsumerEntry>;
}

/** Encodes an atom:feed of ConsumerEntry entries, with its XML declaration. */
export function encodeConsumerFeed(v: Feed<ConsumerEntry>): string {
  let s = XML_DECLARATION + '<feed xmlns=\"http://www.w3.org/2005/Atom\" xmlns:s=\"http://schemas.atomsync.dev/2009/sync\">';
  if (v.author !== undefined) s += w_Person("author", v.author, '');
  if (v.id !== undefined) s += "<id>" + escapeText(v.id) + "</id>";
  { const a = v.links; if (a !== undefined) for (let i = 0; i < a.length; i++) { s += w_Link("link", a[i]!, ''); } }
  if (v.title !== undefined) s += "<title>" + escapeText(v.title) + "</title>";
  if (v.updated !== undefined) s += v.updated === null ? "<updated/>" : "<updated>" + formatDateTime(v.updated, "ConsumerEntryFeed.updated") + "</updated>";
  const entries = v.entries;
  for (let i = 0; i < entries.length; i++) s += w_ConsumerEntry('entry', entries[i]!, '');
  return s + '</feed>';
}

/** Decodes an atom:entry of shape ConsumerEntry as the service answers it: as ConsumerEntryResponse, also requiring what every answer carries. */
export function decodeConsumerEntryResponse(xml: string, options?: DecodeOptions): ConsumerEntryResponse {
  return decodeDocument(xml, ATOM_NS, 'entry', S_ConsumerEntryResponse, options) as ConsumerEntryResponse;
}

/** Decodes an atom:feed of ConsumerEntry entries as the service answers it: entries as ConsumerEntryResponse. */
export function decodeConsumerFeedResponse(xml: string, options?: DecodeOptions): Feed<ConsumerEntryResponse> {
  return decodeDocument(xml, ATOM_NS, 'feed', F_ConsumerEntryResponse, options) as Feed<ConsumerEntryResponse>;
}

/** Decodes the error document of guide/protocol.md#error-body (`<error xmlns="{schema_ns}">`). */
export function decodeServiceError(xml: string, options?: DecodeOptions): ServiceError {
  return decodeDocument(xml, SERVICE_NS, 'error', S_ServiceError, options) as ServiceError;
}

/** Encodes the error document of guide/protocol.md#error-body, with its XML declaration. */
export function encodeServiceError(v: ServiceError): string {
  return XML_DECLARATION + w_ServiceError_svc('error', v, " xmlns=\"http://schemas.atomsync.dev/2009/sync\"");
}

/**
 * The codecs of one entry shape: its entry and feed documents. `R` is the shape as the service
 * answers it (ResponseShapes): the response decoders also require what every answer carries.
 */
export interface EntryCodec<E, R extends E = E> {
  readonly name: string;
  readonly entryShape: ShapeSpec;
  readonly feedShape: ShapeSpec;
  decodeEntry(xml: string, options?: DecodeOptions): E;
  encodeEntry(value: E): string;
  decodeFeed(xml: string, options?: DecodeOptions): Feed<E>;
  encodeFeed(value: Feed<E>): string;
  decodeResponseEntry(xml: string, options?: DecodeOptions): R;
  decodeResponseFeed(xml: string, options?: DecodeOptions): Feed<R>;
}

/** Every entry shape's codecs, by shape name (the operation table refers to them by name). */
export const entryCodecs: { readonly [K in EntryShapeName]: EntryCodec<EntryShapes[K], ResponseShapes[K]> } = {
  ExtdataClientEntry: { name: "ExtdataClientEntry", entryShape: S_ExtdataClientEntry, feedShape: F_ExtdataClientEntry, decodeEntry: decodeExtdataClientEntry, encodeEntry: encodeExtdataClientEntry, decodeFeed: decodeExtdataClientFeed, encodeFeed: encodeExtdataClientFeed, decodeResponseEntry: decodeExtdataClientEntryResponse, decodeResponseFeed: decodeExtdataClientFeedResponse },
  DatastoreClientEntry: { name: "DatastoreClientEntry", entryShape: S_DatastoreClientEntry, feedShape: F_DatastoreClientEntry, decodeEntry: decodeDatastoreClientEntry, encodeEntry: encodeDatastoreClientEntry, decodeFeed: decodeDatastoreClientFeed, encodeFeed: encodeDatastoreClientFeed, decodeResponseEntry: decodeDatastoreClientEntryResponse, decodeResponseFeed: decodeDatastoreClientFeedResponse },
  SyncmlClientEntry: { name: "SyncmlClientEntry", entryShape: S_SyncmlClientEntry, feedShape: F_SyncmlClientEntry, decodeEntry: decodeSyncmlClientEntry, encodeEntry: encodeSyncmlClientEntry, decodeFeed: decodeSyncmlClientFeed, encodeFeed: encodeSyncmlClientFeed, decodeResponseEntry: decodeSyncmlClientEntryResponse, decodeResponseFeed: decodeSyncmlClientFeedResponse },
  ActivesyncClientEntry: { name: "ActivesyncClientEntry", entryShape: S_ActivesyncClientEntry, feedShape: F_ActivesyncClientEntry, decodeEntry: decodeActivesyncClientEntry, encodeEntry: encodeActivesyncClientEntry, decodeFeed: decodeActivesyncClientFeed, encodeFeed: encodeActivesyncClientFeed, decodeResponseEntry: decodeActivesyncClientEntryResponse, decodeResponseFeed: decodeActivesyncClientFeedResponse },
  ActivesyncWipeEntry: { name: "ActivesyncWipeEntry", entryShape: S_ActivesyncWipeEntry, feedShape: F_ActivesyncWipeEntry, decodeEntry: decodeActivesyncWipeEntry, encodeEntry: encodeActivesyncWipeEntry, decodeFeed: decodeActivesyncWipeFeed, encodeFeed: encodeActivesyncWipeFeed, decodeResponseEntry: decodeActivesyncWipeEntryResponse, decodeResponseFeed: decodeActivesyncWipeFeedResponse },
  ContentEntry: { name: "ContentEntry", entryShape: S_ContentEntry, feedShape: F_ContentEntry, decodeEntry: decodeContentEntry, encodeEntry: encodeContentEntry, decodeFeed: decodeContentFeed, encodeFeed: encodeContentFeed, decodeResponseEntry: decodeContentEntryResponse, decodeResponseFeed: decodeContentFeedResponse },
  BatchContentEntry: { name: "BatchContentEntry", entryShape: S_BatchContentEntry, feedShape: F_BatchContentEntry, decodeEntry: decodeBatchContentEntry, encodeEntry: encodeBatchContentEntry, decodeFeed: decodeBatchContentFeed, encodeFeed: encodeBatchContentFeed, decodeResponseEntry: decodeBatchContentEntry, decodeResponseFeed: decodeBatchContentFeed },
  ContentImportEntry: { name: "ContentImportEntry", entryShape: S_ContentImportEntry, feedShape: F_ContentImportEntry, decodeEntry: decodeContentImportEntry, encodeEntry: encodeContentImportEntry, decodeFeed: decodeContentImportFeed, encodeFeed: encodeContentImportFeed, decodeResponseEntry: decodeContentImportEntryResponse, decodeResponseFeed: decodeContentImportFeedResponse },
  SyncmlSetupEntry: { name: "SyncmlSetupEntry", entryShape: S_SyncmlSetupEntry, feedShape: F_SyncmlSetupEntry, decodeEntry: decodeSyncmlSetupEntry, encodeEntry: encodeSyncmlSetupEntry, decodeFeed: decodeSyncmlSetupFeed, encodeFeed: encodeSyncmlSetupFeed, decodeResponseEntry: decodeSyncmlSetupEntryResponse, decodeResponseFeed: decodeSyncmlSetupFeedResponse },
  BindingEntry: { name: "BindingEntry", entryShape: S_BindingEntry, feedShape: F_BindingEntry, decodeEntry: decodeBindingEntry, encodeEntry: encodeBindingEntry, decodeFeed: decodeBindingFeed, encodeFeed: encodeBindingFeed, decodeResponseEntry: decodeBindingEntryResponse, decodeResponseFeed: decodeBindingFeedResponse },
  SynchronizationEntry: { name: "SynchronizationEntry", entryShape: S_SynchronizationEntry, feedShape: F_SynchronizationEntry, decodeEntry: decodeSynchronizationEntry, encodeEntry: encodeSynchronizationEntry, decodeFeed: decodeSynchronizationFeed, encodeFeed: encodeSynchronizationFeed, decodeResponseEntry: decodeSynchronizationEntryResponse, decodeResponseFeed: decodeSynchronizationFeedResponse },
  SyncLogEntry: { name: "SyncLogEntry", entryShape: S_SyncLogEntry, feedShape: F_SyncLogEntry, decodeEntry: decodeSyncLogEntry, encodeEntry: encodeSyncLogEntry, decodeFeed: decodeSyncLogFeed, encodeFeed: encodeSyncLogFeed, decodeResponseEntry: decodeSyncLogEntryResponse, decodeResponseFeed: decodeSyncLogFeedResponse },
  VendorEntry: { name: "VendorEntry", entryShape: S_VendorEntry, feedShape: F_VendorEntry, decodeEntry: decodeVendorEntry, encodeEntry: encodeVendorEntry, decodeFeed: decodeVendorFeed, encodeFeed: encodeVendorFeed, decodeResponseEntry: decodeVendorEntryResponse, decodeResponseFeed: decodeVendorFeedResponse },
  PhoneModelEntry: { name: "PhoneModelEntry", entryShape: S_PhoneModelEntry, feedShape: F_PhoneModelEntry, decodeEntry: decodePhoneModelEntry, encodeEntry: encodePhoneModelEntry, decodeFeed: decodePhoneModelFeed, encodeFeed: encodePhoneModelFeed, decodeResponseEntry: decodePhoneModelEntryResponse, decodeResponseFeed: decodePhoneModelFeedResponse },
  PhoneDatastoreBindingEntry: { name: "PhoneDatastoreBindingEntry", entryShape: S_PhoneDatastoreBindingEntry, feedShape: F_PhoneDatastoreBindingEntry, decodeEntry: decodePhoneDatastoreBindingEntry, encodeEntry: encodePhoneDatastoreBindingEntry, decodeFeed: decodePhoneDatastoreBindingFeed, encodeFeed: encodePhoneDatastoreBindingFeed, decodeResponseEntry: decodePhoneDatastoreBindingEntryResponse, decodeResponseFeed: decodePhoneDatastoreBindingFeedResponse },
  SessionEntry: { name: "SessionEntry", entryShape: S_SessionEntry, feedShape: F_SessionEntry, decodeEntry: decodeSessionEntry, encodeEntry: encodeSessionEntry, decodeFeed: decodeSessionFeed, encodeFeed: encodeSessionFeed, decodeResponseEntry: decodeSessionEntryResponse, decodeResponseFeed: decodeSessionFeedResponse },
  ChatMessageEntry: { name: "ChatMessageEntry", entryShape: S_ChatMessageEntry, feedShape: F_ChatMessageEntry, decodeEntry: decodeChatMessageEntry, encodeEntry: encodeChatMessageEntry, decodeFeed: decodeChatMessageFeed, encodeFeed: encodeChatMessageFeed, decodeResponseEntry: decodeChatMessageEntryResponse, decodeResponseFeed: decodeChatMessageFeedResponse },
  OutboxEntry: { name: "OutboxEntry", entryShape: S_OutboxEntry, feedShape: F_OutboxEntry, decodeEntry: decodeOutboxEntry, encodeEntry: encodeOutboxEntry, decodeFeed: decodeOutboxFeed, encodeFeed: encodeOutboxFeed, decodeResponseEntry: decodeOutboxEntryResponse, decodeResponseFeed: decodeOutboxFeedResponse },
  AccountEntry: { name: "AccountEntry", entryShape: S_AccountEntry, feedShape: F_AccountEntry, decodeEntry: decodeAccountEntry, encodeEntry: encodeAccountEntry, decodeFeed: decodeAccountFeed, encodeFeed: encodeAccountFeed, decodeResponseEntry: decodeAccountEntryResponse, decodeResponseFeed: decodeAccountFeedResponse },
  TokenEntry: { name: "TokenEntry", entryShape: S_TokenEntry, feedShape: F_TokenEntry, decodeEntry: decodeTokenEntry, encodeEntry: encodeTokenEntry, decodeFeed: decodeTokenFeed, encodeFeed: encodeTokenFeed, decodeResponseEntry: decodeTokenEntryResponse, decodeResponseFeed: decodeTokenFeedResponse },
  AppPasswordEntry: { name: "AppPasswordEntry", entryShape: S_AppPasswordEntry, feedShape: F_AppPasswordEntry, decodeEntry: decodeAppPasswordEntry, encodeEntry: encodeAppPasswordEntry, decodeFeed: decodeAppPasswordFeed, encodeFeed: encodeAppPasswordFeed, decodeResponseEntry: decodeAppPasswordEntryResponse, decodeResponseFeed: decodeAppPasswordFeedResponse },
  ConsumerEntry: { name: "ConsumerEntry", entryShape: S_ConsumerEntry, feedShape: F_ConsumerEntry, decodeEntry: decodeConsumerEntry, encodeEntry: encodeConsumerEntry, decodeFeed: decodeConsumerFeed, encodeFeed: encodeConsumerFeed, decodeResponseEntry: decodeConsumerEntryResponse, decodeResponseFeed: decodeConsumerFeedResponse },
};

/** The shape descriptor of every emitted type, for tests and tools. */
export const shapes = {
  Person: S_Person,
  Link: S_Link,
  FeedHead: S_FeedHead,
  Content: S_Content,
  ExtdataToken: S_ExtdataToken,
  ExtdataDatastore: S_ExtdataDatastore,
  ExtdataClient: S_ExtdataClient,
  ExtdataClientEntry: S_ExtdataClientEntry,
  DatastoreClient: S_DatastoreClient,
  DatastoreClientEntry: S_DatastoreClientEntry,
  ListingSetup: S_ListingSetup,
  PhoneDatastore: S_PhoneDatastore,
  SyncmlClient: S_SyncmlClient,
  SyncmlClientEntry: S_SyncmlClientEntry,
  DeviceUnbound: S_DeviceUnbound,
  IsolatedItem: S_IsolatedItem,
  DeviceReplacement: S_DeviceReplacement,
  DeviceWipe: S_DeviceWipe,
  ActivesyncDevice: S_ActivesyncDevice,
  ActivesyncClient: S_ActivesyncClient,
  ActivesyncClientEntry: S_ActivesyncClientEntry,
  WipeRequest: S_WipeRequest,
  ActivesyncWipeEntry: S_ActivesyncWipeEntry,
  ContentEntry: S_ContentEntry,
  BatchContent: S_BatchContent,
  Operation: S_Operation,
  Status: S_Status,
  BatchContentEntry: S_BatchContentEntry,
  ImportRefusal: S_ImportRefusal,
  ImportSummary: S_ImportSummary,
  ContentImportEntry: S_ContentImportEntry,
  SentSetup: S_SentSetup,
  SyncmlSetupEntry: S_SyncmlSetupEntry,
  ClientRef: S_ClientRef,
  BindingEntry: S_BindingEntry,
  SynchronizationEntry: S_SynchronizationEntry,
  SyncSourceRef: S_SyncSourceRef,
  Statistics: S_Statistics,
  SideStats: S_SideStats,
  SyncStats: S_SyncStats,
  SyncLogEntry: S_SyncLogEntry,
  VendorEntry: S_VendorEntry,
  PhoneModelEntry: S_PhoneModelEntry,
  PhoneDatastoreBindingEntry: S_PhoneDatastoreBindingEntry,
  SessionDatastore: S_SessionDatastore,
  Session: S_Session,
  SessionEntry: S_SessionEntry,
  ChatMessage: S_ChatMessage,
  ChatMessageEntry: S_ChatMessageEntry,
  OutboxItem: S_OutboxItem,
  OutboxEntry: S_OutboxEntry,
  Account: S_Account,
  AccountEntry: S_AccountEntry,
  TokenEntry: S_TokenEntry,
  AppPassword: S_AppPassword,
  AppPasswordEntry: S_AppPasswordEntry,
  Consumer: S_Consumer,
  ConsumerEntry: S_ConsumerEntry,
  ErrorDetail: S_ErrorDetail,
  ServiceError: S_ServiceError,
} as const;
