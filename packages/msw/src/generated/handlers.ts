// generated — do not edit. Written by codegen/src/emit/msw.ts from spec/openapi.yaml and spec/xsd/*.xsd; run `npm run generate`.
/* eslint-disable */
import type { HttpHandler } from 'msw';
import { mockHandler, type MockHandlerOptions, type MockOverride } from '../handler.js';

/**
 * List external data clients: `GET /v2/services/extdata/` → 200, a feed of ExtdataClientEntry.
 * A value answered here carries its `ETag`, and is 304 Not Modified to an If-None-Match that names it, as the server answers.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getListExtdataClientsMockHandler(override?: MockOverride<'listExtdataClients'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('listExtdataClients', override, options);
}

/**
 * Register an external data client: `POST /v2/services/extdata/` → 201, one ExtdataClientEntry.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getCreateExtdataClientMockHandler(override?: MockOverride<'createExtdataClient'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('createExtdataClient', override, options);
}

/**
 * Get an external data client: `GET /v2/services/extdata/{clientUuid}/` → 200, one ExtdataClientEntry.
 * A value answered here carries its `ETag`, and is 304 Not Modified to an If-None-Match that names it, as the server answers.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getGetExtdataClientMockHandler(override?: MockOverride<'getExtdataClient'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('getExtdataClient', override, options);
}

/**
 * Add datastores to an external data client, or give one a new token: `PUT /v2/services/extdata/{clientUuid}/` → 200 Updated, one ExtdataClientEntry.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getUpdateExtdataClientMockHandler(override?: MockOverride<'updateExtdataClient'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('updateExtdataClient', override, options);
}

/**
 * Delete an external data client: `DELETE /v2/services/extdata/{clientUuid}/` → 200 Deleted, no body.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getDeleteExtdataClientMockHandler(override?: MockOverride<'deleteExtdataClient'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('deleteExtdataClient', override, options);
}

/**
 * List datastore clients: `GET /v2/services/datastore/` → 200, a feed of DatastoreClientEntry.
 * A value answered here carries its `ETag`, and is 304 Not Modified to an If-None-Match that names it, as the server answers.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getListDatastoreClientsMockHandler(override?: MockOverride<'listDatastoreClients'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('listDatastoreClients', override, options);
}

/**
 * Create a datastore client: `POST /v2/services/datastore/` → 201, one DatastoreClientEntry.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getCreateDatastoreClientMockHandler(override?: MockOverride<'createDatastoreClient'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('createDatastoreClient', override, options);
}

/**
 * Get a datastore client: `GET /v2/services/datastore/{clientUuid}/` → 200, one DatastoreClientEntry.
 * A value answered here carries its `ETag`, and is 304 Not Modified to an If-None-Match that names it, as the server answers.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getGetDatastoreClientMockHandler(override?: MockOverride<'getDatastoreClient'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('getDatastoreClient', override, options);
}

/**
 * List content of all clients (not allowed): `GET /v2/services/datastore/content/` → 400, the service's fixed 400 error.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getListAllContentsMockHandler(override?: MockOverride<'listAllContents'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('listAllContents', override, options);
}

/**
 * List a client's content items, or its changes since a time: `GET /v2/services/datastore/{clientUuid}/contents/` → 200, a feed of ContentEntry.
 * Takes only requests without `?since` (getListContentChangesMockHandler take those).
 * A value answered here carries its `ETag`, and is 304 Not Modified to an If-None-Match that names it, as the server answers.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getListContentsMockHandler(override?: MockOverride<'listContents'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('listContents', override, options);
}

/**
 * List the changes to a client's content items since a time: `GET /v2/services/datastore/{clientUuid}/contents/` → 200, a feed of BatchContentEntry.
 * Takes only requests with `?since`; the others go on to getListContentsMockHandler.
 * A value answered here carries its `ETag`, and is 304 Not Modified to an If-None-Match that names it, as the server answers.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getListContentChangesMockHandler(override?: MockOverride<'listContentChanges'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('listContentChanges', override, options);
}

/**
 * Create a content item: `POST /v2/services/datastore/{clientUuid}/contents/` → 201, one ContentEntry.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getCreateContentMockHandler(override?: MockOverride<'createContent'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('createContent', override, options);
}

/**
 * Get a content item: `GET /v2/services/datastore/{clientUuid}/contents/{contentUuid}` → 200, one ContentEntry.
 * A value answered here carries its `ETag`, and is 304 Not Modified to an If-None-Match that names it, as the server answers.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getGetContentMockHandler(override?: MockOverride<'getContent'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('getContent', override, options);
}

/**
 * Replace a content item: `PUT /v2/services/datastore/{clientUuid}/contents/{contentUuid}` → 200, one ContentEntry.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getUpdateContentMockHandler(override?: MockOverride<'updateContent'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('updateContent', override, options);
}

/**
 * Delete a content item: `DELETE /v2/services/datastore/{clientUuid}/contents/{contentUuid}` → 200 Deleted, no body.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getDeleteContentMockHandler(override?: MockOverride<'deleteContent'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('deleteContent', override, options);
}

/**
 * Apply a batch of content changes: `POST /v2/services/datastore/{clientUuid}/contents/batch` → 200, a feed of BatchContentEntry.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getBatchContentsMockHandler(override?: MockOverride<'batchContents'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('batchContents', override, options);
}

/**
 * Import a .vcf or .ics: `POST /v2/services/datastore/{clientUuid}/contents/import` → 200, one ContentImportEntry.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getImportContentsMockHandler(override?: MockOverride<'importContents'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('importContents', override, options);
}

/**
 * List SyncML clients: `GET /v2/services/syncml/` → 200, a feed of SyncmlClientEntry.
 * A value answered here carries its `ETag`, and is 304 Not Modified to an If-None-Match that names it, as the server answers.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getListSyncmlClientsMockHandler(override?: MockOverride<'listSyncmlClients'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('listSyncmlClients', override, options);
}

/**
 * Register a SyncML phone: `POST /v2/services/syncml/` → 201, one SyncmlClientEntry.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getCreateSyncmlClientMockHandler(override?: MockOverride<'createSyncmlClient'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('createSyncmlClient', override, options);
}

/**
 * Get a SyncML client: `GET /v2/services/syncml/{clientUuid}` → 200, one SyncmlClientEntry.
 * A value answered here carries its `ETag`, and is 304 Not Modified to an If-None-Match that names it, as the server answers.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getGetSyncmlClientMockHandler(override?: MockOverride<'getSyncmlClient'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('getSyncmlClient', override, options);
}

/**
 * Update a SyncML client (not offered): `PUT /v2/services/syncml/{clientUuid}` → 405, the service's fixed 405 error.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getUpdateSyncmlClientMockHandler(override?: MockOverride<'updateSyncmlClient'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('updateSyncmlClient', override, options);
}

/**
 * Delete a SyncML client: `DELETE /v2/services/syncml/{clientUuid}` → 200 Deleted, no body.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getDeleteSyncmlClientMockHandler(override?: MockOverride<'deleteSyncmlClient'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('deleteSyncmlClient', override, options);
}

/**
 * Send synchronization settings to the phone: `POST /v2/services/syncml/{clientUuid}/setup/` → 201, one SyncmlSetupEntry.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getCreateSyncmlSetupMockHandler(override?: MockOverride<'createSyncmlSetup'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('createSyncmlSetup', override, options);
}

/**
 * Request a server-initiated sync: `POST /v2/services/syncml/{clientUuid}/sync/` → 200, no body.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getRequestSyncmlSyncMockHandler(override?: MockOverride<'requestSyncmlSync'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('requestSyncmlSync', override, options);
}

/**
 * List what was sent to the phone: `GET /v2/services/syncml/{clientUuid}/outbox/` → 200, a feed of OutboxEntry.
 * A value answered here carries its `ETag`, and is 304 Not Modified to an If-None-Match that names it, as the server answers.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getListSyncmlOutboxMockHandler(override?: MockOverride<'listSyncmlOutbox'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('listSyncmlOutbox', override, options);
}

/**
 * List SyncML sessions: `GET /v2/services/syncml/sessions/` → 200, a feed of SessionEntry.
 * A value answered here carries its `ETag`, and is 304 Not Modified to an If-None-Match that names it, as the server answers.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getListSyncmlSessionsMockHandler(override?: MockOverride<'listSyncmlSessions'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('listSyncmlSessions', override, options);
}

/**
 * List the SyncML chat log (administrators): `GET /v2/services/syncml/sessions/chatlog/` → 200, a feed of ChatMessageEntry.
 * A value answered here carries its `ETag`, and is 304 Not Modified to an If-None-Match that names it, as the server answers.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getListSyncmlChatlogMockHandler(override?: MockOverride<'listSyncmlChatlog'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('listSyncmlChatlog', override, options);
}

/**
 * List phone datastores (not implemented): `GET /v2/services/syncml/datastores/` → 501, the service's fixed 501 error.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getListSyncmlDatastoresMockHandler(override?: MockOverride<'listSyncmlDatastores'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('listSyncmlDatastores', override, options);
}

/**
 * List ActiveSync clients: `GET /v2/services/activesync/` → 200, a feed of ActivesyncClientEntry.
 * A value answered here carries its `ETag`, and is 304 Not Modified to an If-None-Match that names it, as the server answers.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getListActivesyncClientsMockHandler(override?: MockOverride<'listActivesyncClients'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('listActivesyncClients', override, options);
}

/**
 * Register an ActiveSync phone: `POST /v2/services/activesync/` → 201, one ActivesyncClientEntry.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getCreateActivesyncClientMockHandler(override?: MockOverride<'createActivesyncClient'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('createActivesyncClient', override, options);
}

/**
 * Get an ActiveSync client: `GET /v2/services/activesync/{clientUuid}` → 200, one ActivesyncClientEntry.
 * A value answered here carries its `ETag`, and is 304 Not Modified to an If-None-Match that names it, as the server answers.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getGetActivesyncClientMockHandler(override?: MockOverride<'getActivesyncClient'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('getActivesyncClient', override, options);
}

/**
 * Change an ActiveSync client's password: `PUT /v2/services/activesync/{clientUuid}` → 200, one ActivesyncClientEntry.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getUpdateActivesyncClientMockHandler(override?: MockOverride<'updateActivesyncClient'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('updateActivesyncClient', override, options);
}

/**
 * Delete an ActiveSync client: `DELETE /v2/services/activesync/{clientUuid}` → 200 Deleted, no body.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getDeleteActivesyncClientMockHandler(override?: MockOverride<'deleteActivesyncClient'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('deleteActivesyncClient', override, options);
}

/**
 * Remotely wipe the client's phone: `POST /v2/services/activesync/{clientUuid}/wipe` → 202, one ActivesyncClientEntry.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getWipeActivesyncDeviceMockHandler(override?: MockOverride<'wipeActivesyncDevice'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('wipeActivesyncDevice', override, options);
}

/**
 * Cancel a remote wipe: `DELETE /v2/services/activesync/{clientUuid}/wipe` → 200, one ActivesyncClientEntry.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getCancelActivesyncWipeMockHandler(override?: MockOverride<'cancelActivesyncWipe'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('cancelActivesyncWipe', override, options);
}

/**
 * List sync bindings: `GET /v2/syncengine/` → 200, a feed of BindingEntry.
 * A value answered here carries its `ETag`, and is 304 Not Modified to an If-None-Match that names it, as the server answers.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getListBindingsMockHandler(override?: MockOverride<'listBindings'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('listBindings', override, options);
}

/**
 * Bind two clients: `POST /v2/syncengine/` → 200, one BindingEntry.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getCreateBindingMockHandler(override?: MockOverride<'createBinding'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('createBinding', override, options);
}

/**
 * Get a sync binding: `GET /v2/syncengine/{bindingId}/` → 200, one BindingEntry.
 * A value answered here carries its `ETag`, and is 304 Not Modified to an If-None-Match that names it, as the server answers.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getGetBindingMockHandler(override?: MockOverride<'getBinding'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('getBinding', override, options);
}

/**
 * Change a binding's conflict winner: `PUT /v2/syncengine/{bindingId}/` → 200 Updated, one BindingEntry.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getUpdateBindingMockHandler(override?: MockOverride<'updateBinding'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('updateBinding', override, options);
}

/**
 * Delete a sync binding: `DELETE /v2/syncengine/{bindingId}/` → 200 Deleted, no body.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getDeleteBindingMockHandler(override?: MockOverride<'deleteBinding'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('deleteBinding', override, options);
}

/**
 * List the synchronization log: `GET /v2/syncengine/synchronization/` → 200, a feed of SyncLogEntry.
 * A value answered here carries its `ETag`, and is 304 Not Modified to an If-None-Match that names it, as the server answers.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getListSyncLogMockHandler(override?: MockOverride<'listSyncLog'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('listSyncLog', override, options);
}

/**
 * List one binding's synchronization log: `GET /v2/syncengine/{bindingId}/synchronization/` → 200, a feed of SyncLogEntry.
 * A value answered here carries its `ETag`, and is 304 Not Modified to an If-None-Match that names it, as the server answers.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getListBindingSyncLogMockHandler(override?: MockOverride<'listBindingSyncLog'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('listBindingSyncLog', override, options);
}

/**
 * Run a synchronization: `POST /v2/syncengine/{bindingId}/synchronization/` → 200, one SyncLogEntry.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getSynchronizeMockHandler(override?: MockOverride<'synchronize'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('synchronize', override, options);
}

/**
 * Get one synchronization log entry: `GET /v2/syncengine/synclog/{logId}` → 200, one SyncLogEntry.
 * A value answered here carries its `ETag`, and is 304 Not Modified to an If-None-Match that names it, as the server answers.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getGetSyncLogEntryMockHandler(override?: MockOverride<'getSyncLogEntry'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('getSyncLogEntry', override, options);
}

/**
 * List sync sources (not implemented): `GET /v2/syncengine/sources/` → 501, the service's fixed 501 error.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getListSyncSourcesMockHandler(override?: MockOverride<'listSyncSources'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('listSyncSources', override, options);
}

/**
 * Register a sync source (not implemented): `POST /v2/syncengine/sources/` → 501, the service's fixed 501 error.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getRegisterSyncSourceMockHandler(override?: MockOverride<'registerSyncSource'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('registerSyncSource', override, options);
}

/**
 * List phone-to-datastore bindings: `GET /v2/syncengine/phone_datastore_bindings/` → 200, a feed of PhoneDatastoreBindingEntry.
 * A value answered here carries its `ETag`, and is 304 Not Modified to an If-None-Match that names it, as the server answers.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getListPhoneDatastoreBindingsMockHandler(override?: MockOverride<'listPhoneDatastoreBindings'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('listPhoneDatastoreBindings', override, options);
}

/**
 * Create a phone bound to a datastore: `POST /v2/syncengine/phone_datastore_bindings` → 201, one PhoneDatastoreBindingEntry.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getCreatePhoneDatastoreBindingMockHandler(override?: MockOverride<'createPhoneDatastoreBinding'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('createPhoneDatastoreBinding', override, options);
}

/**
 * List phone vendors: `GET /v2/phones/vendors/` → 200, a feed of VendorEntry.
 * A value answered here carries its `ETag`, and is 304 Not Modified to an If-None-Match that names it, as the server answers.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getListVendorsMockHandler(override?: MockOverride<'listVendors'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('listVendors', override, options);
}

/**
 * Get a phone vendor: `GET /v2/phones/vendors/{vendorUuid}` → 200, one VendorEntry.
 * A value answered here carries its `ETag`, and is 304 Not Modified to an If-None-Match that names it, as the server answers.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getGetVendorMockHandler(override?: MockOverride<'getVendor'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('getVendor', override, options);
}

/**
 * List one vendor's phone models: `GET /v2/phones/vendors/{vendorUuid}/models/` → 200, a feed of PhoneModelEntry.
 * A value answered here carries its `ETag`, and is 304 Not Modified to an If-None-Match that names it, as the server answers.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getListVendorModelsMockHandler(override?: MockOverride<'listVendorModels'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('listVendorModels', override, options);
}

/**
 * List all phone models: `GET /v2/phones/vendors/models/` → 200, a feed of PhoneModelEntry.
 * A value answered here carries its `ETag`, and is 304 Not Modified to an If-None-Match that names it, as the server answers.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getListModelsMockHandler(override?: MockOverride<'listModels'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('listModels', override, options);
}

/**
 * Get a phone model: `GET /v2/phones/vendors/models/{modelUuid}` → 200, one PhoneModelEntry.
 * A value answered here carries its `ETag`, and is 304 Not Modified to an If-None-Match that names it, as the server answers.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getGetModelMockHandler(override?: MockOverride<'getModel'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('getModel', override, options);
}

/**
 * Change the caller's own password: `PUT /v2/account/password` → 200, one AccountEntry.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getChangeOwnPasswordMockHandler(override?: MockOverride<'changeOwnPassword'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('changeOwnPassword', override, options);
}

/**
 * List the account's app passwords: `GET /v2/account/app_passwords/` → 200, a feed of AppPasswordEntry.
 * A value answered here carries its `ETag`, and is 304 Not Modified to an If-None-Match that names it, as the server answers.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getListAppPasswordsMockHandler(override?: MockOverride<'listAppPasswords'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('listAppPasswords', override, options);
}

/**
 * Create an app password: `POST /v2/account/app_passwords/` → 201, one AppPasswordEntry.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getCreateAppPasswordMockHandler(override?: MockOverride<'createAppPassword'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('createAppPassword', override, options);
}

/**
 * Revoke an app password: `DELETE /v2/account/app_passwords/{appPasswordUuid}` → 200 Deleted, no body.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getRevokeAppPasswordMockHandler(override?: MockOverride<'revokeAppPassword'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('revokeAppPassword', override, options);
}

/**
 * List accounts: `GET /v2/admin/accounts` → 200, a feed of AccountEntry.
 * A value answered here carries its `ETag`, and is 304 Not Modified to an If-None-Match that names it, as the server answers.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getListAccountsMockHandler(override?: MockOverride<'listAccounts'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('listAccounts', override, options);
}

/**
 * Create an account: `POST /v2/admin/accounts` → 201, one AccountEntry.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getCreateAccountMockHandler(override?: MockOverride<'createAccount'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('createAccount', override, options);
}

/**
 * Reset an account's password: `PUT /v2/admin/accounts/{username}` → 200, one AccountEntry.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getUpdateAccountMockHandler(override?: MockOverride<'updateAccount'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('updateAccount', override, options);
}

/**
 * Delete an account: `DELETE /v2/admin/accounts/{username}` → 200 Deleted, no body.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getDeleteAccountMockHandler(override?: MockOverride<'deleteAccount'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('deleteAccount', override, options);
}

/**
 * Issue a bearer token for an account: `POST /v2/admin/accounts/{username}/tokens` → 201, one TokenEntry.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getCreateAccountTokenMockHandler(override?: MockOverride<'createAccountToken'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('createAccountToken', override, options);
}

/**
 * Issue an OAuth 1.0a consumer for an account: `POST /v2/admin/accounts/{username}/consumers` → 201, one ConsumerEntry.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getCreateAccountConsumerMockHandler(override?: MockOverride<'createAccountConsumer'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('createAccountConsumer', override, options);
}

/**
 * Exchange a SyncML message: `POST /syncml` → 200, a application/vnd.syncml+xml body.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getPostSyncmlMessageMockHandler(override?: MockOverride<'postSyncmlMessage'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('postSyncmlMessage', override, options);
}

/**
 * Liveness probe: `GET /healthz` → 200, a text/plain body.
 * @param override answer this instead of the server: a result value, an `HttpResponse`, or a function of the request
 *   returning either (or nothing, to let the server answer). Without one the request goes on to the next handler.
 * @param options `delay` before answering (or before handing on).
 */
export function getGetHealthMockHandler(override?: MockOverride<'getHealth'>, options?: MockHandlerOptions): HttpHandler {
  return mockHandler('getHealth', override, options);
}
