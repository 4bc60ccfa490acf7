// generated — do not edit. Written by codegen/src/emit/server.ts from spec/openapi.yaml and spec/xsd/*.xsd; run `npm run generate`.
/* eslint-disable */
import { operations, type ErrorCode, type HttpMethod, type OperationSpec } from '@atomsync/atom';

/** One method on one path of spec/openapi.yaml, as the server routes it. */
export interface RouteSpec {
  readonly method: HttpMethod;
  /** The OpenAPI path template, as the spec writes it. */
  readonly path: string;
  /** The h3 (rou3) pattern: `{name}` becomes `:name`; no trailing slash (rou3 matches both forms). */
  readonly pattern: string;
  /** The operation this method and path run. */
  readonly operation: OperationSpec;
  /** Operations that run instead when their query parameter is present (`?since=`). */
  readonly variants: readonly { readonly when: string; readonly operation: OperationSpec }[];
  /** The request body's media types (`requestBody.content`); empty when the operation takes no body. */
  readonly mediaTypes: readonly string[];
  /** The methods the path offers, for `Allow` on a 405. */
  readonly allow: string;
  /** Set when the spec fixes the answer: given after authentication, no handler runs. */
  readonly fixed?: { readonly status: number; readonly code: ErrorCode; readonly message: string };
}

/** Every route of the server, in spec order. */
export const routes: readonly RouteSpec[] = [
  // List external data clients
  { method: "GET", path: "/v2/services/extdata/", pattern: "/v2/services/extdata", operation: operations.listExtdataClients, variants: [], mediaTypes: [], allow: "GET, POST" },
  // Register an external data client
  { method: "POST", path: "/v2/services/extdata/", pattern: "/v2/services/extdata", operation: operations.createExtdataClient, variants: [], mediaTypes: ["application/atom+xml"], allow: "GET, POST" },
  // Get an external data client
  { method: "GET", path: "/v2/services/extdata/{clientUuid}/", pattern: "/v2/services/extdata/:clientUuid", operation: operations.getExtdataClient, variants: [], mediaTypes: [], allow: "GET, PUT, DELETE" },
  // Add datastores to an external data client, or give one a new token
  { method: "PUT", path: "/v2/services/extdata/{clientUuid}/", pattern: "/v2/services/extdata/:clientUuid", operation: operations.updateExtdataClient, variants: [], mediaTypes: ["application/atom+xml"], allow: "GET, PUT, DELETE" },
  // Delete an external data client
  { method: "DELETE", path: "/v2/services/extdata/{clientUuid}/", pattern: "/v2/services/extdata/:clientUuid", operation: operations.deleteExtdataClient, variants: [], mediaTypes: [], allow: "GET, PUT, DELETE" },
  // List datastore clients
  { method: "GET", path: "/v2/services/datastore/", pattern: "/v2/services/datastore", operation: operations.listDatastoreClients, variants: [], mediaTypes: [], allow: "GET, POST" },
  // Create a datastore client
  { method: "POST", path: "/v2/services/datastore/", pattern: "/v2/services/datastore", operation: operations.createDatastoreClient, variants: [], mediaTypes: ["application/atom+xml"], allow: "GET, POST" },
  // Get a datastore client
  { method: "GET", path: "/v2/services/datastore/{clientUuid}/", pattern: "/v2/services/datastore/:clientUuid", operation: operations.getDatastoreClient, variants: [], mediaTypes: [], allow: "GET" },
  // List content of all clients (not allowed)
  { method: "GET", path: "/v2/services/datastore/content/", pattern: "/v2/services/datastore/content", operation: operations.listAllContents, variants: [], mediaTypes: [], allow: "GET", fixed: {"status":400,"code":"bad_request","message":"Listing the content of all datastore clients at once is not allowed: the client must be named in the path (/v2/services/datastore/{clientUuid}/contents/)."} },
  // List a client's content items, or its changes since a time
  { method: "GET", path: "/v2/services/datastore/{clientUuid}/contents/", pattern: "/v2/services/datastore/:clientUuid/contents", operation: operations.listContents, variants: [{ when: "since", operation: operations.listContentChanges }], mediaTypes: [], allow: "GET, POST" },
  // Create a content item
  { method: "POST", path: "/v2/services/datastore/{clientUuid}/contents/", pattern: "/v2/services/datastore/:clientUuid/contents", operation: operations.createContent, variants: [], mediaTypes: ["application/atom+xml"], allow: "GET, POST" },
  // Get a content item
  { method: "GET", path: "/v2/services/datastore/{clientUuid}/contents/{contentUuid}", pattern: "/v2/services/datastore/:clientUuid/contents/:contentUuid", operation: operations.getContent, variants: [], mediaTypes: [], allow: "GET, PUT, DELETE" },
  // Replace a content item
  { method: "PUT", path: "/v2/services/datastore/{clientUuid}/contents/{contentUuid}", pattern: "/v2/services/datastore/:clientUuid/contents/:contentUuid", operation: operations.updateContent, variants: [], mediaTypes: ["application/atom+xml"], allow: "GET, PUT, DELETE" },
  // Delete a content item
  { method: "DELETE", path: "/v2/services/datastore/{clientUuid}/contents/{contentUuid}", pattern: "/v2/services/datastore/:clientUuid/contents/:contentUuid", operation: operations.deleteContent, variants: [], mediaTypes: [], allow: "GET, PUT, DELETE" },
  // Apply a batch of content changes
  { method: "POST", path: "/v2/services/datastore/{clientUuid}/contents/batch", pattern: "/v2/services/datastore/:clientUuid/contents/batch", operation: operations.batchContents, variants: [], mediaTypes: ["application/atom+xml"], allow: "POST" },
  // Import a .vcf or .ics
  { method: "POST", path: "/v2/services/datastore/{clientUuid}/contents/import", pattern: "/v2/services/datastore/:clientUuid/contents/import", operation: operations.importContents, variants: [], mediaTypes: ["text/vcard","text/x-vcard","text/calendar","text/x-vcalendar"], allow: "POST" },
  // List SyncML clients
  { method: "GET", path: "/v2/services/syncml/", pattern: "/v2/services/syncml", operation: operations.listSyncmlClients, variants: [], mediaTypes: [], allow: "GET, POST" },
  // Register a SyncML phone
  { method: "POST", path: "/v2/services/syncml/", pattern: "/v2/services/syncml", operation: operations.createSyncmlClient, variants: [], mediaTypes: ["application/atom+xml"], allow: "GET, POST" },
  // Get a SyncML client
  { method: "GET", path: "/v2/services/syncml/{clientUuid}", pattern: "/v2/services/syncml/:clientUuid", operation: operations.getSyncmlClient, variants: [], mediaTypes: [], allow: "GET, DELETE" },
  // Update a SyncML client (not offered)
  { method: "PUT", path: "/v2/services/syncml/{clientUuid}", pattern: "/v2/services/syncml/:clientUuid", operation: operations.updateSyncmlClient, variants: [], mediaTypes: [], allow: "GET, DELETE", fixed: {"status":405,"code":"method_not_allowed","message":"There is no PUT for SyncML clients: a client cannot be edited after creation."} },
  // Delete a SyncML client
  { method: "DELETE", path: "/v2/services/syncml/{clientUuid}", pattern: "/v2/services/syncml/:clientUuid", operation: operations.deleteSyncmlClient, variants: [], mediaTypes: [], allow: "GET, DELETE" },
  // Send synchronization settings to the phone
  { method: "POST", path: "/v2/services/syncml/{clientUuid}/setup/", pattern: "/v2/services/syncml/:clientUuid/setup", operation: operations.createSyncmlSetup, variants: [], mediaTypes: ["application/atom+xml"], allow: "POST" },
  // Request a server-initiated sync
  { method: "POST", path: "/v2/services/syncml/{clientUuid}/sync/", pattern: "/v2/services/syncml/:clientUuid/sync", operation: operations.requestSyncmlSync, variants: [], mediaTypes: [], allow: "POST" },
  // List what was sent to the phone
  { method: "GET", path: "/v2/services/syncml/{clientUuid}/outbox/", pattern: "/v2/services/syncml/:clientUuid/outbox", operation: operations.listSyncmlOutbox, variants: [], mediaTypes: [], allow: "GET" },
  // List SyncML sessions
  { method: "GET", path: "/v2/services/syncml/sessions/", pattern: "/v2/services/syncml/sessions", operation: operations.listSyncmlSessions, variants: [], mediaTypes: [], allow: "GET" },
  // List the SyncML chat log (administrators)
  { method: "GET", path: "/v2/services/syncml/sessions/chatlog/", pattern: "/v2/services/syncml/sessions/chatlog", operation: operations.listSyncmlChatlog, variants: [], mediaTypes: [], allow: "GET" },
  // List phone datastores (not implemented)
  { method: "GET", path: "/v2/services/syncml/datastores/", pattern: "/v2/services/syncml/datastores", operation: operations.listSyncmlDatastores, variants: [], mediaTypes: [], allow: "GET", fixed: {"status":501,"code":"not_implemented","message":"GET /v2/services/syncml/datastores/ is not implemented"} },
  // List ActiveSync clients
  { method: "GET", path: "/v2/services/activesync/", pattern: "/v2/services/activesync", operation: operations.listActivesyncClients, variants: [], mediaTypes: [], allow: "GET, POST" },
  // Register an ActiveSync phone
  { method: "POST", path: "/v2/services/activesync/", pattern: "/v2/services/activesync", operation: operations.createActivesyncClient, variants: [], mediaTypes: ["application/atom+xml"], allow: "GET, POST" },
  // Get an ActiveSync client
  { method: "GET", path: "/v2/services/activesync/{clientUuid}", pattern: "/v2/services/activesync/:clientUuid", operation: operations.getActivesyncClient, variants: [], mediaTypes: [], allow: "GET, PUT, DELETE" },
  // Change an ActiveSync client's password
  { method: "PUT", path: "/v2/services/activesync/{clientUuid}", pattern: "/v2/services/activesync/:clientUuid", operation: operations.updateActivesyncClient, variants: [], mediaTypes: ["application/atom+xml"], allow: "GET, PUT, DELETE" },
  // Delete an ActiveSync client
  { method: "DELETE", path: "/v2/services/activesync/{clientUuid}", pattern: "/v2/services/activesync/:clientUuid", operation: operations.deleteActivesyncClient, variants: [], mediaTypes: [], allow: "GET, PUT, DELETE" },
  // Remotely wipe the client's phone
  { method: "POST", path: "/v2/services/activesync/{clientUuid}/wipe", pattern: "/v2/services/activesync/:clientUuid/wipe", operation: operations.wipeActivesyncDevice, variants: [], mediaTypes: ["application/atom+xml"], allow: "POST, DELETE" },
  // Cancel a remote wipe
  { method: "DELETE", path: "/v2/services/activesync/{clientUuid}/wipe", pattern: "/v2/services/activesync/:clientUuid/wipe", operation: operations.cancelActivesyncWipe, variants: [], mediaTypes: [], allow: "POST, DELETE" },
  // List sync bindings
  { method: "GET", path: "/v2/syncengine/", pattern: "/v2/syncengine", operation: operations.listBindings, variants: [], mediaTypes: [], allow: "GET, POST" },
  // Bind two clients
  { method: "POST", path: "/v2/syncengine/", pattern: "/v2/syncengine", operation: operations.createBinding, variants: [], mediaTypes: ["application/atom+xml"], allow: "GET, POST" },
  // Get a sync binding
  { method: "GET", path: "/v2/syncengine/{bindingId}/", pattern: "/v2/syncengine/:bindingId", operation: operations.getBinding, variants: [], mediaTypes: [], allow: "GET, PUT, DELETE" },
  // Change a binding's conflict winner
  { method: "PUT", path: "/v2/syncengine/{bindingId}/", pattern: "/v2/syncengine/:bindingId", operation: operations.updateBinding, variants: [], mediaTypes: ["application/atom+xml"], allow: "GET, PUT, DELETE" },
  // Delete a sync binding
  { method: "DELETE", path: "/v2/syncengine/{bindingId}/", pattern: "/v2/syncengine/:bindingId", operation: operations.deleteBinding, variants: [], mediaTypes: [], allow: "GET, PUT, DELETE" },
  // List the synchronization log
  { method: "GET", path: "/v2/syncengine/synchronization/", pattern: "/v2/syncengine/synchronization", operation: operations.listSyncLog, variants: [], mediaTypes: [], allow: "GET" },
  // List one binding's synchronization log
  { method: "GET", path: "/v2/syncengine/{bindingId}/synchronization/", pattern: "/v2/syncengine/:bindingId/synchronization", operation: operations.listBindingSyncLog, variants: [], mediaTypes: [], allow: "GET, POST" },
  // Run a synchronization
  { method: "POST", path: "/v2/syncengine/{bindingId}/synchronization/", pattern: "/v2/syncengine/:bindingId/synchronization", operation: operations.synchronize, variants: [], mediaTypes: ["application/atom+xml"], allow: "GET, POST" },
  // Get one synchronization log entry
  { method: "GET", path: "/v2/syncengine/synclog/{logId}", pattern: "/v2/syncengine/synclog/:logId", operation: operations.getSyncLogEntry, variants: [], mediaTypes: [], allow: "GET" },
  // List sync sources (not implemented)
  { method: "GET", path: "/v2/syncengine/sources/", pattern: "/v2/syncengine/sources", operation: operations.listSyncSources, variants: [], mediaTypes: [], allow: "GET, POST", fixed: {"status":501,"code":"not_implemented","message":"GET /v2/syncengine/sources/ is not implemented"} },
  // Register a sync source (not implemented)
  { method: "POST", path: "/v2/syncengine/sources/", pattern: "/v2/syncengine/sources", operation: operations.registerSyncSource, variants: [], mediaTypes: [], allow: "GET, POST", fixed: {"status":501,"code":"not_implemented","message":"POST /v2/syncengine/sources/ is not implemented"} },
  // List phone-to-datastore bindings
  { method: "GET", path: "/v2/syncengine/phone_datastore_bindings/", pattern: "/v2/syncengine/phone_datastore_bindings", operation: operations.listPhoneDatastoreBindings, variants: [], mediaTypes: [], allow: "GET, POST" },
  // Create a phone bound to a datastore
  { method: "POST", path: "/v2/syncengine/phone_datastore_bindings", pattern: "/v2/syncengine/phone_datastore_bindings", operation: operations.createPhoneDatastoreBinding, variants: [], mediaTypes: ["application/atom+xml"], allow: "GET, POST" },
  // List phone vendors
  { method: "GET", path: "/v2/phones/vendors/", pattern: "/v2/phones/vendors", operation: operations.listVendors, variants: [], mediaTypes: [], allow: "GET" },
  // Get a phone vendor
  { method: "GET", path: "/v2/phones/vendors/{vendorUuid}", pattern: "/v2/phones/vendors/:vendorUuid", operation: operations.getVendor, variants: [], mediaTypes: [], allow: "GET" },
  // List one vendor's phone models
  { method: "GET", path: "/v2/phones/vendors/{vendorUuid}/models/", pattern: "/v2/phones/vendors/:vendorUuid/models", operation: operations.listVendorModels, variants: [], mediaTypes: [], allow: "GET" },
  // List all phone models
  { method: "GET", path: "/v2/phones/vendors/models/", pattern: "/v2/phones/vendors/models", operation: operations.listModels, variants: [], mediaTypes: [], allow: "GET" },
  // Get a phone model
  { method: "GET", path: "/v2/phones/vendors/models/{modelUuid}", pattern: "/v2/phones/vendors/models/:modelUuid", operation: operations.getModel, variants: [], mediaTypes: [], allow: "GET" },
  // Change the caller's own password
  { method: "PUT", path: "/v2/account/password", pattern: "/v2/account/password", operation: operations.changeOwnPassword, variants: [], mediaTypes: ["application/atom+xml"], allow: "PUT" },
  // List the account's app passwords
  { method: "GET", path: "/v2/account/app_passwords/", pattern: "/v2/account/app_passwords", operation: operations.listAppPasswords, variants: [], mediaTypes: [], allow: "GET, POST" },
  // Create an app password
  { method: "POST", path: "/v2/account/app_passwords/", pattern: "/v2/account/app_passwords", operation: operations.createAppPassword, variants: [], mediaTypes: ["application/atom+xml"], allow: "GET, POST" },
  // Revoke an app password
  { method: "DELETE", path: "/v2/account/app_passwords/{appPasswordUuid}", pattern: "/v2/account/app_passwords/:appPasswordUuid", operation: operations.revokeAppPassword, variants: [], mediaTypes: [], allow: "DELETE" },
  // List accounts
  { method: "GET", path: "/v2/admin/accounts", pattern: "/v2/admin/accounts", operation: operations.listAccounts, variants: [], mediaTypes: [], allow: "GET, POST" },
  // Create an account
  { method: "POST", path: "/v2/admin/accounts", pattern: "/v2/admin/accounts", operation: operations.createAccount, variants: [], mediaTypes: ["application/atom+xml"], allow: "GET, POST" },
  // Reset an account's password
  { method: "PUT", path: "/v2/admin/accounts/{username}", pattern: "/v2/admin/accounts/:username", operation: operations.updateAccount, variants: [], mediaTypes: ["application/atom+xml"], allow: "PUT, DELETE" },
  // Delete an account
  { method: "DELETE", path: "/v2/admin/accounts/{username}", pattern: "/v2/admin/accounts/:username", operation: operations.deleteAccount, variants: [], mediaTypes: [], allow: "PUT, DELETE" },
  // Issue a bearer token for an account
  { method: "POST", path: "/v2/admin/accounts/{username}/tokens", pattern: "/v2/admin/accounts/:username/tokens", operation: operations.createAccountToken, variants: [], mediaTypes: [], allow: "POST" },
  // Issue an OAuth 1.0a consumer for an account
  { method: "POST", path: "/v2/admin/accounts/{username}/consumers", pattern: "/v2/admin/accounts/:username/consumers", operation: operations.createAccountConsumer, variants: [], mediaTypes: [], allow: "POST" },
  // Exchange a SyncML message
  { method: "POST", path: "/syncml", pattern: "/syncml", operation: operations.postSyncmlMessage, variants: [], mediaTypes: ["application/vnd.syncml+xml","application/vnd.syncml+wbxml"], allow: "POST" },
  // Liveness probe
  { method: "GET", path: "/healthz", pattern: "/healthz", operation: operations.getHealth, variants: [], mediaTypes: [], allow: "GET" },
];
