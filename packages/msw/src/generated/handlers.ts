// generated — do not edit. Written by codegen/src/emit/msw.ts from spec/openapi.yaml and spec/xsd/*.xsd; run `npm run generate`.
/* eslint-disable */
import { http, type HttpHandler } from 'msw';
import { operations } from '@atomsync/atom';
import { byQuery, mockResolver, onlyWithQuery, type HandlersOptions, type MockOverride } from '../resolver.js';

/**
 * List external data clients: `GET /v2/services/extdata/` → 200, a feed of ExtdataClientEntry.
 * @param override answer this instead of the sample: a result value, a function of the request, or an `HttpResponse`.
 */
export function getListExtdataClientsMockHandler(override?: MockOverride<'listExtdataClients'>): HttpHandler {
  return http.get(/^[^:/]+:\/\/[^/]+\/v2\/services\/extdata\/?$/, mockResolver(operations.listExtdataClients, override));
}

/**
 * Register an external data client: `POST /v2/services/extdata/` → 201, one ExtdataClientEntry.
 * @param override answer this instead of the sample: a result value, a function of the request, or an `HttpResponse`.
 */
export function getCreateExtdataClientMockHandler(override?: MockOverride<'createExtdataClient'>): HttpHandler {
  return http.post(/^[^:/]+:\/\/[^/]+\/v2\/services\/extdata\/?$/, mockResolver(operations.createExtdataClient, override));
}

/**
 * Get an external data client: `GET /v2/services/extdata/{clientUuid}/` → 200, one ExtdataClientEntry.
 * @param override answer this instead of the sample: a result value, a function of the request, or an `HttpResponse`.
 */
export function getGetExtdataClientMockHandler(override?: MockOverride<'getExtdataClient'>): HttpHandler {
  return http.get(/^[^:/]+:\/\/[^/]+\/v2\/services\/extdata\/(?<clientUuid>[^/]+)\/?$/, mockResolver(operations.getExtdataClient, override));
}

/**
 * Add datastores to an external data client: `PUT /v2/services/extdata/{clientUuid}/` → 200 Updated, one ExtdataClientEntry.
 * @param override answer this instead of the sample: a result value, a function of the request, or an `HttpResponse`.
 */
export function getUpdateExtdataClientMockHandler(override?: MockOverride<'updateExtdataClient'>): HttpHandler {
  return http.put(/^[^:/]+:\/\/[^/]+\/v2\/services\/extdata\/(?<clientUuid>[^/]+)\/?$/, mockResolver(operations.updateExtdataClient, override));
}

/**
 * Delete an external data client: `DELETE /v2/services/extdata/{clientUuid}/` → 200 Deleted, no body.
 * @param override answer this instead of the sample: a result value, a function of the request, or an `HttpResponse`.
 */
export function getDeleteExtdataClientMockHandler(override?: MockOverride<'deleteExtdataClient'>): HttpHandler {
  return http.delete(/^[^:/]+:\/\/[^/]+\/v2\/services\/extdata\/(?<clientUuid>[^/]+)\/?$/, mockResolver(operations.deleteExtdataClient, override));
}

/**
 * List datastore clients: `GET /v2/services/datastore/` → 200, a feed of DatastoreClientEntry.
 * @param override answer this instead of the sample: a result value, a function of the request, or an `HttpResponse`.
 */
export function getListDatastoreClientsMockHandler(override?: MockOverride<'listDatastoreClients'>): HttpHandler {
  return http.get(/^[^:/]+:\/\/[^/]+\/v2\/services\/datastore\/?$/, mockResolver(operations.listDatastoreClients, override));
}

/**
 * Create a datastore client: `POST /v2/services/datastore/` → 201, one DatastoreClientEntry.
 * @param override answer this instead of the sample: a result value, a function of the request, or an `HttpResponse`.
 */
export function getCreateDatastoreClientMockHandler(override?: MockOverride<'createDatastoreClient'>): HttpHandler {
  return http.post(/^[^:/]+:\/\/[^/]+\/v2\/services\/datastore\/?$/, mockResolver(operations.createDatastoreClient, override));
}

/**
 * Get a datastore client: `GET /v2/services/datastore/{clientUuid}/` → 200, one DatastoreClientEntry.
 * @param override answer this instead of the sample: a result value, a function of the request, or an `HttpResponse`.
 */
export function getGetDatastoreClientMockHandler(override?: MockOverride<'getDatastoreClient'>): HttpHandler {
  return http.get(/^[^:/]+:\/\/[^/]+(?!\/v2\/services\/datastore\/content\/?$)\/v2\/services\/datastore\/(?<clientUuid>[^/]+)\/?$/, mockResolver(operations.getDatastoreClient, override));
}

/**
 * List content of all clients (not allowed): `GET /v2/services/datastore/content/` → 400, the service's fixed 400 error.
 * @param override answer this instead of the sample: a result value, a function of the request, or an `HttpResponse`.
 */
export function getListAllContentsMockHandler(override?: MockOverride<'listAllContents'>): HttpHandler {
  return http.get(/^[^:/]+:\/\/[^/]+\/v2\/services\/datastore\/content\/?$/, mockResolver(operations.listAllContents, override, { code: "bad_request", message: "Content can only be listed per client" }));
}

/**
 * List a client's content items, or its changes since a time: `GET /v2/services/datastore/{clientUuid}/contents/` → 200, a feed of ContentEntry.
 * @param override answer this instead of the sample: a result value, a function of the request, or an `HttpResponse`.
 */
export function getListContentsMockHandler(override?: MockOverride<'listContents'>, variants?: { listContentChanges?: MockOverride<'listContentChanges'> }): HttpHandler {
  // One handler for the path: the query picks the variant, as on the server.
  return http.get(/^[^:/]+:\/\/[^/]+\/v2\/services\/datastore\/(?<clientUuid>[^/]+)\/contents\/?$/, byQuery(mockResolver(operations.listContents, override), { since: mockResolver(operations.listContentChanges, variants?.listContentChanges) }));
}

/**
 * List the changes to a client's content items since a time: `GET /v2/services/datastore/{clientUuid}/contents/` → 200, a feed of BatchContentEntry.
 * @param override answer this instead of the sample: a result value, a function of the request, or an `HttpResponse`.
 */
export function getListContentChangesMockHandler(override?: MockOverride<'listContentChanges'>): HttpHandler {
  // Answers only requests with `since`; others fall through to getListContentsMockHandler.
  return http.get(/^[^:/]+:\/\/[^/]+\/v2\/services\/datastore\/(?<clientUuid>[^/]+)\/contents\/?$/, onlyWithQuery('since', mockResolver(operations.listContentChanges, override)));
}

/**
 * Create a content item: `POST /v2/services/datastore/{clientUuid}/contents/` → 201, one ContentEntry.
 * @param override answer this instead of the sample: a result value, a function of the request, or an `HttpResponse`.
 */
export function getCreateContentMockHandler(override?: MockOverride<'createContent'>): HttpHandler {
  return http.post(/^[^:/]+:\/\/[^/]+\/v2\/services\/datastore\/(?<clientUuid>[^/]+)\/contents\/?$/, mockResolver(operations.createContent, override));
}

/**
 * Get a content item: `GET /v2/services/datastore/{clientUuid}/contents/{contentUuid}` → 200, one ContentEntry.
 * @param override answer this instead of the sample: a result value, a function of the request, or an `HttpResponse`.
 */
export function getGetContentMockHandler(override?: MockOverride<'getContent'>): HttpHandler {
  return http.get(/^[^:/]+:\/\/[^/]+(?!\/v2\/services\/datastore\/[^/]+\/contents\/batch\/?$)\/v2\/services\/datastore\/(?<clientUuid>[^/]+)\/contents\/(?<contentUuid>[^/]+)\/?$/, mockResolver(operations.getContent, override));
}

/**
 * Replace a content item: `PUT /v2/services/datastore/{clientUuid}/contents/{contentUuid}` → 200, one ContentEntry.
 * @param override answer this instead of the sample: a result value, a function of the request, or an `HttpResponse`.
 */
export function getUpdateContentMockHandler(override?: MockOverride<'updateContent'>): HttpHandler {
  return http.put(/^[^:/]+:\/\/[^/]+(?!\/v2\/services\/datastore\/[^/]+\/contents\/batch\/?$)\/v2\/services\/datastore\/(?<clientUuid>[^/]+)\/contents\/(?<contentUuid>[^/]+)\/?$/, mockResolver(operations.updateContent, override));
}

/**
 * Delete a content item: `DELETE /v2/services/datastore/{clientUuid}/contents/{contentUuid}` → 200 Deleted, no body.
 * @param override answer this instead of the sample: a result value, a function of the request, or an `HttpResponse`.
 */
export function getDeleteContentMockHandler(override?: MockOverride<'deleteContent'>): HttpHandler {
  return http.delete(/^[^:/]+:\/\/[^/]+(?!\/v2\/services\/datastore\/[^/]+\/contents\/batch\/?$)\/v2\/services\/datastore\/(?<clientUuid>[^/]+)\/contents\/(?<contentUuid>[^/]+)\/?$/, mockResolver(operations.deleteContent, override));
}

/**
 * Apply a batch of content changes: `POST /v2/services/datastore/{clientUuid}/contents/batch` → 200, a feed of BatchContentEntry.
 * @param override answer this instead of the sample: a result value, a function of the request, or an `HttpResponse`.
 */
export function getBatchContentsMockHandler(override?: MockOverride<'batchContents'>): HttpHandler {
  return http.post(/^[^:/]+:\/\/[^/]+\/v2\/services\/datastore\/(?<clientUuid>[^/]+)\/contents\/batch\/?$/, mockResolver(operations.batchContents, override));
}

/**
 * List SyncML clients: `GET /v2/services/syncml/` → 200, a feed of SyncmlClientEntry.
 * @param override answer this instead of the sample: a result value, a function of the request, or an `HttpResponse`.
 */
export function getListSyncmlClientsMockHandler(override?: MockOverride<'listSyncmlClients'>): HttpHandler {
  return http.get(/^[^:/]+:\/\/[^/]+\/v2\/services\/syncml\/?$/, mockResolver(operations.listSyncmlClients, override));
}

/**
 * Register a SyncML phone: `POST /v2/services/syncml/` → 201, one SyncmlClientEntry.
 * @param override answer this instead of the sample: a result value, a function of the request, or an `HttpResponse`.
 */
export function getCreateSyncmlClientMockHandler(override?: MockOverride<'createSyncmlClient'>): HttpHandler {
  return http.post(/^[^:/]+:\/\/[^/]+\/v2\/services\/syncml\/?$/, mockResolver(operations.createSyncmlClient, override));
}

/**
 * Get a SyncML client: `GET /v2/services/syncml/{clientUuid}` → 200, one SyncmlClientEntry.
 * @param override answer this instead of the sample: a result value, a function of the request, or an `HttpResponse`.
 */
export function getGetSyncmlClientMockHandler(override?: MockOverride<'getSyncmlClient'>): HttpHandler {
  return http.get(/^[^:/]+:\/\/[^/]+(?!\/v2\/services\/syncml\/sessions\/?$)(?!\/v2\/services\/syncml\/datastores\/?$)\/v2\/services\/syncml\/(?<clientUuid>[^/]+)\/?$/, mockResolver(operations.getSyncmlClient, override));
}

/**
 * Update a SyncML client (not offered): `PUT /v2/services/syncml/{clientUuid}` → 405, the service's fixed 405 error.
 * @param override answer this instead of the sample: a result value, a function of the request, or an `HttpResponse`.
 */
export function getUpdateSyncmlClientMockHandler(override?: MockOverride<'updateSyncmlClient'>): HttpHandler {
  return http.put(/^[^:/]+:\/\/[^/]+(?!\/v2\/services\/syncml\/sessions\/?$)(?!\/v2\/services\/syncml\/datastores\/?$)\/v2\/services\/syncml\/(?<clientUuid>[^/]+)\/?$/, mockResolver(operations.updateSyncmlClient, override, { code: "method_not_allowed", message: "A SyncML client cannot be edited", headers: { Allow: "GET, DELETE" } }));
}

/**
 * Delete a SyncML client: `DELETE /v2/services/syncml/{clientUuid}` → 200 Deleted, no body.
 * @param override answer this instead of the sample: a result value, a function of the request, or an `HttpResponse`.
 */
export function getDeleteSyncmlClientMockHandler(override?: MockOverride<'deleteSyncmlClient'>): HttpHandler {
  return http.delete(/^[^:/]+:\/\/[^/]+(?!\/v2\/services\/syncml\/sessions\/?$)(?!\/v2\/services\/syncml\/datastores\/?$)\/v2\/services\/syncml\/(?<clientUuid>[^/]+)\/?$/, mockResolver(operations.deleteSyncmlClient, override));
}

/**
 * Send synchronization settings to the phone: `POST /v2/services/syncml/{clientUuid}/setup/` → 201, one SyncmlSetupEntry.
 * @param override answer this instead of the sample: a result value, a function of the request, or an `HttpResponse`.
 */
export function getCreateSyncmlSetupMockHandler(override?: MockOverride<'createSyncmlSetup'>): HttpHandler {
  return http.post(/^[^:/]+:\/\/[^/]+\/v2\/services\/syncml\/(?<clientUuid>[^/]+)\/setup\/?$/, mockResolver(operations.createSyncmlSetup, override));
}

/**
 * Request a server-initiated sync: `POST /v2/services/syncml/{clientUuid}/sync/` → 200, no body.
 * @param override answer this instead of the sample: a result value, a function of the request, or an `HttpResponse`.
 */
export function getRequestSyncmlSyncMockHandler(override?: MockOverride<'requestSyncmlSync'>): HttpHandler {
  return http.post(/^[^:/]+:\/\/[^/]+\/v2\/services\/syncml\/(?<clientUuid>[^/]+)\/sync\/?$/, mockResolver(operations.requestSyncmlSync, override));
}

/**
 * List what was sent to the phone: `GET /v2/services/syncml/{clientUuid}/outbox/` → 200, a feed of OutboxEntry.
 * @param override answer this instead of the sample: a result value, a function of the request, or an `HttpResponse`.
 */
export function getListSyncmlOutboxMockHandler(override?: MockOverride<'listSyncmlOutbox'>): HttpHandler {
  return http.get(/^[^:/]+:\/\/[^/]+\/v2\/services\/syncml\/(?<clientUuid>[^/]+)\/outbox\/?$/, mockResolver(operations.listSyncmlOutbox, override));
}

/**
 * List SyncML sessions: `GET /v2/services/syncml/sessions/` → 200, a feed of SessionEntry.
 * @param override answer this instead of the sample: a result value, a function of the request, or an `HttpResponse`.
 */
export function getListSyncmlSessionsMockHandler(override?: MockOverride<'listSyncmlSessions'>): HttpHandler {
  return http.get(/^[^:/]+:\/\/[^/]+\/v2\/services\/syncml\/sessions\/?$/, mockResolver(operations.listSyncmlSessions, override));
}

/**
 * List the SyncML chat log (administrators): `GET /v2/services/syncml/sessions/chatlog/` → 200, a feed of ChatMessageEntry.
 * @param override answer this instead of the sample: a result value, a function of the request, or an `HttpResponse`.
 */
export function getListSyncmlChatlogMockHandler(override?: MockOverride<'listSyncmlChatlog'>): HttpHandler {
  return http.get(/^[^:/]+:\/\/[^/]+\/v2\/services\/syncml\/sessions\/chatlog\/?$/, mockResolver(operations.listSyncmlChatlog, override));
}

/**
 * List phone datastores (not implemented): `GET /v2/services/syncml/datastores/` → 501, the service's fixed 501 error.
 * @param override answer this instead of the sample: a result value, a function of the request, or an `HttpResponse`.
 */
export function getListSyncmlDatastoresMockHandler(override?: MockOverride<'listSyncmlDatastores'>): HttpHandler {
  return http.get(/^[^:/]+:\/\/[^/]+\/v2\/services\/syncml\/datastores\/?$/, mockResolver(operations.listSyncmlDatastores, override, { code: "not_implemented", message: "The operation is described but not implemented" }));
}

/**
 * List ActiveSync clients: `GET /v2/services/activesync/` → 200, a feed of ActivesyncClientEntry.
 * @param override answer this instead of the sample: a result value, a function of the request, or an `HttpResponse`.
 */
export function getListActivesyncClientsMockHandler(override?: MockOverride<'listActivesyncClients'>): HttpHandler {
  return http.get(/^[^:/]+:\/\/[^/]+\/v2\/services\/activesync\/?$/, mockResolver(operations.listActivesyncClients, override));
}

/**
 * Register an ActiveSync phone: `POST /v2/services/activesync/` → 201, one ActivesyncClientEntry.
 * @param override answer this instead of the sample: a result value, a function of the request, or an `HttpResponse`.
 */
export function getCreateActivesyncClientMockHandler(override?: MockOverride<'createActivesyncClient'>): HttpHandler {
  return http.post(/^[^:/]+:\/\/[^/]+\/v2\/services\/activesync\/?$/, mockResolver(operations.createActivesyncClient, override));
}

/**
 * Get an ActiveSync client: `GET /v2/services/activesync/{clientUuid}` → 200, one ActivesyncClientEntry.
 * @param override answer this instead of the sample: a result value, a function of the request, or an `HttpResponse`.
 */
export function getGetActivesyncClientMockHandler(override?: MockOverride<'getActivesyncClient'>): HttpHandler {
  return http.get(/^[^:/]+:\/\/[^/]+\/v2\/services\/activesync\/(?<clientUuid>[^/]+)\/?$/, mockResolver(operations.getActivesyncClient, override));
}

/**
 * Change an ActiveSync client's password: `PUT /v2/services/activesync/{clientUuid}` → 200, one ActivesyncClientEntry.
 * @param override answer this instead of the sample: a result value, a function of the request, or an `HttpResponse`.
 */
export function getUpdateActivesyncClientMockHandler(override?: MockOverride<'updateActivesyncClient'>): HttpHandler {
  return http.put(/^[^:/]+:\/\/[^/]+\/v2\/services\/activesync\/(?<clientUuid>[^/]+)\/?$/, mockResolver(operations.updateActivesyncClient, override));
}

/**
 * Delete an ActiveSync client: `DELETE /v2/services/activesync/{clientUuid}` → 200 Deleted, no body.
 * @param override answer this instead of the sample: a result value, a function of the request, or an `HttpResponse`.
 */
export function getDeleteActivesyncClientMockHandler(override?: MockOverride<'deleteActivesyncClient'>): HttpHandler {
  return http.delete(/^[^:/]+:\/\/[^/]+\/v2\/services\/activesync\/(?<clientUuid>[^/]+)\/?$/, mockResolver(operations.deleteActivesyncClient, override));
}

/**
 * List sync bindings: `GET /v2/syncengine/` → 200, a feed of BindingEntry.
 * @param override answer this instead of the sample: a result value, a function of the request, or an `HttpResponse`.
 */
export function getListBindingsMockHandler(override?: MockOverride<'listBindings'>): HttpHandler {
  return http.get(/^[^:/]+:\/\/[^/]+\/v2\/syncengine\/?$/, mockResolver(operations.listBindings, override));
}

/**
 * Bind two clients: `POST /v2/syncengine/` → 200, one BindingEntry.
 * @param override answer this instead of the sample: a result value, a function of the request, or an `HttpResponse`.
 */
export function getCreateBindingMockHandler(override?: MockOverride<'createBinding'>): HttpHandler {
  return http.post(/^[^:/]+:\/\/[^/]+\/v2\/syncengine\/?$/, mockResolver(operations.createBinding, override));
}

/**
 * Get a sync binding: `GET /v2/syncengine/{bindingId}/` → 200, one BindingEntry.
 * @param override answer this instead of the sample: a result value, a function of the request, or an `HttpResponse`.
 */
export function getGetBindingMockHandler(override?: MockOverride<'getBinding'>): HttpHandler {
  return http.get(/^[^:/]+:\/\/[^/]+(?!\/v2\/syncengine\/synchronization\/?$)(?!\/v2\/syncengine\/sources\/?$)(?!\/v2\/syncengine\/phone_datastore_bindings\/?$)\/v2\/syncengine\/(?<bindingId>[^/]+)\/?$/, mockResolver(operations.getBinding, override));
}

/**
 * Change a binding's conflict winner: `PUT /v2/syncengine/{bindingId}/` → 200 Updated, one BindingEntry.
 * @param override answer this instead of the sample: a result value, a function of the request, or an `HttpResponse`.
 */
export function getUpdateBindingMockHandler(override?: MockOverride<'updateBinding'>): HttpHandler {
  return http.put(/^[^:/]+:\/\/[^/]+(?!\/v2\/syncengine\/synchronization\/?$)(?!\/v2\/syncengine\/sources\/?$)(?!\/v2\/syncengine\/phone_datastore_bindings\/?$)\/v2\/syncengine\/(?<bindingId>[^/]+)\/?$/, mockResolver(operations.updateBinding, override));
}

/**
 * Delete a sync binding: `DELETE /v2/syncengine/{bindingId}/` → 200 Deleted, no body.
 * @param override answer this instead of the sample: a result value, a function of the request, or an `HttpResponse`.
 */
export function getDeleteBindingMockHandler(override?: MockOverride<'deleteBinding'>): HttpHandler {
  return http.delete(/^[^:/]+:\/\/[^/]+(?!\/v2\/syncengine\/synchronization\/?$)(?!\/v2\/syncengine\/sources\/?$)(?!\/v2\/syncengine\/phone_datastore_bindings\/?$)\/v2\/syncengine\/(?<bindingId>[^/]+)\/?$/, mockResolver(operations.deleteBinding, override));
}

/**
 * List the synchronization log: `GET /v2/syncengine/synchronization/` → 200, a feed of SyncLogEntry.
 * @param override answer this instead of the sample: a result value, a function of the request, or an `HttpResponse`.
 */
export function getListSyncLogMockHandler(override?: MockOverride<'listSyncLog'>): HttpHandler {
  return http.get(/^[^:/]+:\/\/[^/]+\/v2\/syncengine\/synchronization\/?$/, mockResolver(operations.listSyncLog, override));
}

/**
 * List one binding's synchronization log: `GET /v2/syncengine/{bindingId}/synchronization/` → 200, a feed of SyncLogEntry.
 * @param override answer this instead of the sample: a result value, a function of the request, or an `HttpResponse`.
 */
export function getListBindingSyncLogMockHandler(override?: MockOverride<'listBindingSyncLog'>): HttpHandler {
  return http.get(/^[^:/]+:\/\/[^/]+(?!\/v2\/syncengine\/synclog\/[^/]+\/?$)\/v2\/syncengine\/(?<bindingId>[^/]+)\/synchronization\/?$/, mockResolver(operations.listBindingSyncLog, override));
}

/**
 * Run a synchronization: `POST /v2/syncengine/{bindingId}/synchronization/` → 200, one SyncLogEntry.
 * @param override answer this instead of the sample: a result value, a function of the request, or an `HttpResponse`.
 */
export function getSynchronizeMockHandler(override?: MockOverride<'synchronize'>): HttpHandler {
  return http.post(/^[^:/]+:\/\/[^/]+(?!\/v2\/syncengine\/synclog\/[^/]+\/?$)\/v2\/syncengine\/(?<bindingId>[^/]+)\/synchronization\/?$/, mockResolver(operations.synchronize, override));
}

/**
 * Get one synchronization log entry: `GET /v2/syncengine/synclog/{logId}` → 200, one SyncLogEntry.
 * @param override answer this instead of the sample: a result value, a function of the request, or an `HttpResponse`.
 */
export function getGetSyncLogEntryMockHandler(override?: MockOverride<'getSyncLogEntry'>): HttpHandler {
  return http.get(/^[^:/]+:\/\/[^/]+\/v2\/syncengine\/synclog\/(?<logId>[^/]+)\/?$/, mockResolver(operations.getSyncLogEntry, override));
}

/**
 * List sync sources (not implemented): `GET /v2/syncengine/sources/` → 501, the service's fixed 501 error.
 * @param override answer this instead of the sample: a result value, a function of the request, or an `HttpResponse`.
 */
export function getListSyncSourcesMockHandler(override?: MockOverride<'listSyncSources'>): HttpHandler {
  return http.get(/^[^:/]+:\/\/[^/]+\/v2\/syncengine\/sources\/?$/, mockResolver(operations.listSyncSources, override, { code: "not_implemented", message: "The operation is described but not implemented" }));
}

/**
 * Register a sync source (not implemented): `POST /v2/syncengine/sources/` → 501, the service's fixed 501 error.
 * @param override answer this instead of the sample: a result value, a function of the request, or an `HttpResponse`.
 */
export function getRegisterSyncSourceMockHandler(override?: MockOverride<'registerSyncSource'>): HttpHandler {
  return http.post(/^[^:/]+:\/\/[^/]+\/v2\/syncengine\/sources\/?$/, mockResolver(operations.registerSyncSource, override, { code: "not_implemented", message: "The operation is described but not implemented" }));
}

/**
 * List phone-to-datastore bindings: `GET /v2/syncengine/phone_datastore_bindings/` → 200, a feed of PhoneDatastoreBindingEntry.
 * @param override answer this instead of the sample: a result value, a function of the request, or an `HttpResponse`.
 */
export function getListPhoneDatastoreBindingsMockHandler(override?: MockOverride<'listPhoneDatastoreBindings'>): HttpHandler {
  return http.get(/^[^:/]+:\/\/[^/]+\/v2\/syncengine\/phone_datastore_bindings\/?$/, mockResolver(operations.listPhoneDatastoreBindings, override));
}

/**
 * Create a phone bound to a datastore: `POST /v2/syncengine/phone_datastore_bindings` → 201, one PhoneDatastoreBindingEntry.
 * @param override answer this instead of the sample: a result value, a function of the request, or an `HttpResponse`.
 */
export function getCreatePhoneDatastoreBindingMockHandler(override?: MockOverride<'createPhoneDatastoreBinding'>): HttpHandler {
  return http.post(/^[^:/]+:\/\/[^/]+\/v2\/syncengine\/phone_datastore_bindings\/?$/, mockResolver(operations.createPhoneDatastoreBinding, override));
}

/**
 * List phone vendors: `GET /v2/phones/vendors/` → 200, a feed of VendorEntry.
 * @param override answer this instead of the sample: a result value, a function of the request, or an `HttpResponse`.
 */
export function getListVendorsMockHandler(override?: MockOverride<'listVendors'>): HttpHandler {
  return http.get(/^[^:/]+:\/\/[^/]+\/v2\/phones\/vendors\/?$/, mockResolver(operations.listVendors, override));
}

/**
 * Get a phone vendor: `GET /v2/phones/vendors/{vendorUuid}` → 200, one VendorEntry.
 * @param override answer this instead of the sample: a result value, a function of the request, or an `HttpResponse`.
 */
export function getGetVendorMockHandler(override?: MockOverride<'getVendor'>): HttpHandler {
  return http.get(/^[^:/]+:\/\/[^/]+(?!\/v2\/phones\/vendors\/models\/?$)\/v2\/phones\/vendors\/(?<vendorUuid>[^/]+)\/?$/, mockResolver(operations.getVendor, override));
}

/**
 * List one vendor's phone models: `GET /v2/phones/vendors/{vendorUuid}/models/` → 200, a feed of PhoneModelEntry.
 * @param override answer this instead of the sample: a result value, a function of the request, or an `HttpResponse`.
 */
export function getListVendorModelsMockHandler(override?: MockOverride<'listVendorModels'>): HttpHandler {
  return http.get(/^[^:/]+:\/\/[^/]+(?!\/v2\/phones\/vendors\/models\/[^/]+\/?$)\/v2\/phones\/vendors\/(?<vendorUuid>[^/]+)\/models\/?$/, mockResolver(operations.listVendorModels, override));
}

/**
 * List all phone models: `GET /v2/phones/vendors/models/` → 200, a feed of PhoneModelEntry.
 * @param override answer this instead of the sample: a result value, a function of the request, or an `HttpResponse`.
 */
export function getListModelsMockHandler(override?: MockOverride<'listModels'>): HttpHandler {
  return http.get(/^[^:/]+:\/\/[^/]+\/v2\/phones\/vendors\/models\/?$/, mockResolver(operations.listModels, override));
}

/**
 * Get a phone model: `GET /v2/phones/vendors/models/{modelUuid}` → 200, one PhoneModelEntry.
 * @param override answer this instead of the sample: a result value, a function of the request, or an `HttpResponse`.
 */
export function getGetModelMockHandler(override?: MockOverride<'getModel'>): HttpHandler {
  return http.get(/^[^:/]+:\/\/[^/]+\/v2\/phones\/vendors\/models\/(?<modelUuid>[^/]+)\/?$/, mockResolver(operations.getModel, override));
}

/**
 * List accounts: `GET /v2/admin/accounts` → 200, a feed of AccountEntry.
 * @param override answer this instead of the sample: a result value, a function of the request, or an `HttpResponse`.
 */
export function getListAccountsMockHandler(override?: MockOverride<'listAccounts'>): HttpHandler {
  return http.get(/^[^:/]+:\/\/[^/]+\/v2\/admin\/accounts\/?$/, mockResolver(operations.listAccounts, override));
}

/**
 * Create an account: `POST /v2/admin/accounts` → 201, one AccountEntry.
 * @param override answer this instead of the sample: a result value, a function of the request, or an `HttpResponse`.
 */
export function getCreateAccountMockHandler(override?: MockOverride<'createAccount'>): HttpHandler {
  return http.post(/^[^:/]+:\/\/[^/]+\/v2\/admin\/accounts\/?$/, mockResolver(operations.createAccount, override));
}

/**
 * Delete an account: `DELETE /v2/admin/accounts/{username}` → 200 Deleted, no body.
 * @param override answer this instead of the sample: a result value, a function of the request, or an `HttpResponse`.
 */
export function getDeleteAccountMockHandler(override?: MockOverride<'deleteAccount'>): HttpHandler {
  return http.delete(/^[^:/]+:\/\/[^/]+\/v2\/admin\/accounts\/(?<username>[^/]+)\/?$/, mockResolver(operations.deleteAccount, override));
}

/**
 * Issue a bearer token for an account: `POST /v2/admin/accounts/{username}/tokens` → 201, one TokenEntry.
 * @param override answer this instead of the sample: a result value, a function of the request, or an `HttpResponse`.
 */
export function getCreateAccountTokenMockHandler(override?: MockOverride<'createAccountToken'>): HttpHandler {
  return http.post(/^[^:/]+:\/\/[^/]+\/v2\/admin\/accounts\/(?<username>[^/]+)\/tokens\/?$/, mockResolver(operations.createAccountToken, override));
}

/**
 * Issue an OAuth 1.0a consumer for an account: `POST /v2/admin/accounts/{username}/consumers` → 201, one ConsumerEntry.
 * @param override answer this instead of the sample: a result value, a function of the request, or an `HttpResponse`.
 */
export function getCreateAccountConsumerMockHandler(override?: MockOverride<'createAccountConsumer'>): HttpHandler {
  return http.post(/^[^:/]+:\/\/[^/]+\/v2\/admin\/accounts\/(?<username>[^/]+)\/consumers\/?$/, mockResolver(operations.createAccountConsumer, override));
}

/**
 * Exchange a SyncML message: `POST /syncml` → 200, a application/vnd.syncml+xml body.
 * @param override answer this instead of the sample: a result value, a function of the request, or an `HttpResponse`.
 */
export function getPostSyncmlMessageMockHandler(override?: MockOverride<'postSyncmlMessage'>): HttpHandler {
  return http.post(/^[^:/]+:\/\/[^/]+\/syncml\/?$/, mockResolver(operations.postSyncmlMessage, override));
}

/**
 * Readiness probe: `GET /healthz` → 200, a text/plain body.
 * @param override answer this instead of the sample: a result value, a function of the request, or an `HttpResponse`.
 */
export function getGetHealthMockHandler(override?: MockOverride<'getHealth'>): HttpHandler {
  return http.get(/^[^:/]+:\/\/[^/]+\/healthz\/?$/, mockResolver(operations.getHealth, override));
}

/**
 * A handler for every operation, answering the samples unless `options.overrides` says
 * otherwise. Variants share their base operation's handler.
 */
export function handlers(options: HandlersOptions = {}): HttpHandler[] {
  const o = options.overrides ?? {};
  return [
    getListExtdataClientsMockHandler(o.listExtdataClients),
    getCreateExtdataClientMockHandler(o.createExtdataClient),
    getGetExtdataClientMockHandler(o.getExtdataClient),
    getUpdateExtdataClientMockHandler(o.updateExtdataClient),
    getDeleteExtdataClientMockHandler(o.deleteExtdataClient),
    getListDatastoreClientsMockHandler(o.listDatastoreClients),
    getCreateDatastoreClientMockHandler(o.createDatastoreClient),
    getGetDatastoreClientMockHandler(o.getDatastoreClient),
    getListAllContentsMockHandler(o.listAllContents),
    getListContentsMockHandler(o.listContents, { listContentChanges: o.listContentChanges }),
    getCreateContentMockHandler(o.createContent),
    getGetContentMockHandler(o.getContent),
    getUpdateContentMockHandler(o.updateContent),
    getDeleteContentMockHandler(o.deleteContent),
    getBatchContentsMockHandler(o.batchContents),
    getListSyncmlClientsMockHandler(o.listSyncmlClients),
    getCreateSyncmlClientMockHandler(o.createSyncmlClient),
    getGetSyncmlClientMockHandler(o.getSyncmlClient),
    getUpdateSyncmlClientMockHandler(o.updateSyncmlClient),
    getDeleteSyncmlClientMockHandler(o.deleteSyncmlClient),
    getCreateSyncmlSetupMockHandler(o.createSyncmlSetup),
    getRequestSyncmlSyncMockHandler(o.requestSyncmlSync),
    getListSyncmlOutboxMockHandler(o.listSyncmlOutbox),
    getListSyncmlSessionsMockHandler(o.listSyncmlSessions),
    getListSyncmlChatlogMockHandler(o.listSyncmlChatlog),
    getListSyncmlDatastoresMockHandler(o.listSyncmlDatastores),
    getListActivesyncClientsMockHandler(o.listActivesyncClients),
    getCreateActivesyncClientMockHandler(o.createActivesyncClient),
    getGetActivesyncClientMockHandler(o.getActivesyncClient),
    getUpdateActivesyncClientMockHandler(o.updateActivesyncClient),
    getDeleteActivesyncClientMockHandler(o.deleteActivesyncClient),
    getListBindingsMockHandler(o.listBindings),
    getCreateBindingMockHandler(o.createBinding),
    getGetBindingMockHandler(o.getBinding),
    getUpdateBindingMockHandler(o.updateBinding),
    getDeleteBindingMockHandler(o.deleteBinding),
    getListSyncLogMockHandler(o.listSyncLog),
    getListBindingSyncLogMockHandler(o.listBindingSyncLog),
    getSynchronizeMockHandler(o.synchronize),
    getGetSyncLogEntryMockHandler(o.getSyncLogEntry),
    getListSyncSourcesMockHandler(o.listSyncSources),
    getRegisterSyncSourceMockHandler(o.registerSyncSource),
    getListPhoneDatastoreBindingsMockHandler(o.listPhoneDatastoreBindings),
    getCreatePhoneDatastoreBindingMockHandler(o.createPhoneDatastoreBinding),
    getListVendorsMockHandler(o.listVendors),
    getGetVendorMockHandler(o.getVendor),
    getListVendorModelsMockHandler(o.listVendorModels),
    getListModelsMockHandler(o.listModels),
    getGetModelMockHandler(o.getModel),
    getListAccountsMockHandler(o.listAccounts),
    getCreateAccountMockHandler(o.createAccount),
    getDeleteAccountMockHandler(o.deleteAccount),
    getCreateAccountTokenMockHandler(o.createAccountToken),
    getCreateAccountConsumerMockHandler(o.createAccountConsumer),
    getPostSyncmlMessageMockHandler(o.postSyncmlMessage),
    getGetHealthMockHandler(o.getHealth),
  ];
}
