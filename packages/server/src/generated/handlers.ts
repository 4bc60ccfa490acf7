// generated — do not edit. Written by codegen/src/emit/server.ts from spec/openapi.yaml and spec/xsd/*.xsd; run `npm run generate`.
/* eslint-disable */
import type { OperationTypes } from '@atomsync/atom';

/** What a handler receives: the decoded path and query parameters and the decoded body. */
export type OperationInput<K extends keyof OperationTypes> = {
  path: OperationTypes[K]['path'];
  query: OperationTypes[K]['query'];
  body: OperationTypes[K]['body'];
};

/** What a handler resolves to: the value the pipeline encodes with the operation's response codec. */
export type OperationResult<K extends keyof OperationTypes> = OperationTypes[K]['result'];

/**
 * The server's operations, one optional method each, named by operationId, each taking the
 * server's request context `Ctx` second (generated code names no handwritten type; the server
 * binds it: `OperationHandlers` in src/context.ts). An operation without
 * a handler answers 501 `not_implemented` once its input has been validated. Not listed,
 * because the spec fixes their answer and the pipeline gives it after authentication:
 * - listAllContents: 400 `bad_request`
 * - updateSyncmlClient: 405 `method_not_allowed`
 * - listSyncmlDatastores: 501 `not_implemented`
 * - listSyncSources: 501 `not_implemented`
 * - registerSyncSource: 501 `not_implemented`
 */
export interface OperationHandlersOf<Ctx> {
  /**
   * List external data clients.
   *
   * `GET /v2/services/extdata/`; auth `account`; answers 200.
   */
  listExtdataClients?(input: OperationInput<"listExtdataClients">, ctx: Ctx): Promise<OperationResult<"listExtdataClients">>;

  /**
   * Register an external data client.
   *
   * `POST /v2/services/extdata/`; auth `account`; answers 201.
   */
  createExtdataClient?(input: OperationInput<"createExtdataClient">, ctx: Ctx): Promise<OperationResult<"createExtdataClient">>;

  /**
   * Get an external data client.
   *
   * `GET /v2/services/extdata/{clientUuid}/`; auth `account`; answers 200.
   */
  getExtdataClient?(input: OperationInput<"getExtdataClient">, ctx: Ctx): Promise<OperationResult<"getExtdataClient">>;

  /**
   * Add datastores to an external data client, or give one a new token.
   *
   * `PUT /v2/services/extdata/{clientUuid}/`; auth `account`; answers 200 Updated.
   */
  updateExtdataClient?(input: OperationInput<"updateExtdataClient">, ctx: Ctx): Promise<OperationResult<"updateExtdataClient">>;

  /**
   * Delete an external data client.
   *
   * `DELETE /v2/services/extdata/{clientUuid}/`; auth `account`; answers 200 Deleted.
   */
  deleteExtdataClient?(input: OperationInput<"deleteExtdataClient">, ctx: Ctx): Promise<OperationResult<"deleteExtdataClient">>;

  /**
   * List datastore clients.
   *
   * `GET /v2/services/datastore/`; auth `account`; answers 200.
   */
  listDatastoreClients?(input: OperationInput<"listDatastoreClients">, ctx: Ctx): Promise<OperationResult<"listDatastoreClients">>;

  /**
   * Create a datastore client.
   *
   * `POST /v2/services/datastore/`; auth `account`; answers 201.
   */
  createDatastoreClient?(input: OperationInput<"createDatastoreClient">, ctx: Ctx): Promise<OperationResult<"createDatastoreClient">>;

  /**
   * Get a datastore client.
   *
   * `GET /v2/services/datastore/{clientUuid}/`; auth `account`; answers 200.
   */
  getDatastoreClient?(input: OperationInput<"getDatastoreClient">, ctx: Ctx): Promise<OperationResult<"getDatastoreClient">>;

  /**
   * List a client's content items, or its changes since a time.
   *
   * `GET /v2/services/datastore/{clientUuid}/contents/`; auth `account`; answers 200.
   */
  listContents?(input: OperationInput<"listContents">, ctx: Ctx): Promise<OperationResult<"listContents">>;

  /**
   * List the changes to a client's content items since a time.
   *
   * `GET /v2/services/datastore/{clientUuid}/contents/` with `?since=`; auth `account`; answers 200.
   */
  listContentChanges?(input: OperationInput<"listContentChanges">, ctx: Ctx): Promise<OperationResult<"listContentChanges">>;

  /**
   * Create a content item.
   *
   * `POST /v2/services/datastore/{clientUuid}/contents/`; auth `account`; answers 201.
   */
  createContent?(input: OperationInput<"createContent">, ctx: Ctx): Promise<OperationResult<"createContent">>;

  /**
   * Get a content item.
   *
   * `GET /v2/services/datastore/{clientUuid}/contents/{contentUuid}`; auth `account`; answers 200.
   */
  getContent?(input: OperationInput<"getContent">, ctx: Ctx): Promise<OperationResult<"getContent">>;

  /**
   * Replace a content item.
   *
   * `PUT /v2/services/datastore/{clientUuid}/contents/{contentUuid}`; auth `account`; answers 200.
   */
  updateContent?(input: OperationInput<"updateContent">, ctx: Ctx): Promise<OperationResult<"updateContent">>;

  /**
   * Delete a content item.
   *
   * `DELETE /v2/services/datastore/{clientUuid}/contents/{contentUuid}`; auth `account`; answers 200 Deleted.
   */
  deleteContent?(input: OperationInput<"deleteContent">, ctx: Ctx): Promise<OperationResult<"deleteContent">>;

  /**
   * Apply a batch of content changes.
   *
   * `POST /v2/services/datastore/{clientUuid}/contents/batch`; auth `account`; answers 200.
   */
  batchContents?(input: OperationInput<"batchContents">, ctx: Ctx): Promise<OperationResult<"batchContents">>;

  /**
   * Import a .vcf or .ics.
   *
   * `POST /v2/services/datastore/{clientUuid}/contents/import`; auth `account`; answers 200.
   */
  importContents?(input: OperationInput<"importContents">, ctx: Ctx): Promise<OperationResult<"importContents">>;

  /**
   * List SyncML clients.
   *
   * `GET /v2/services/syncml/`; auth `account`; answers 200.
   */
  listSyncmlClients?(input: OperationInput<"listSyncmlClients">, ctx: Ctx): Promise<OperationResult<"listSyncmlClients">>;

  /**
   * Register a SyncML phone.
   *
   * `POST /v2/services/syncml/`; auth `account`; answers 201.
   */
  createSyncmlClient?(input: OperationInput<"createSyncmlClient">, ctx: Ctx): Promise<OperationResult<"createSyncmlClient">>;

  /**
   * Get a SyncML client.
   *
   * `GET /v2/services/syncml/{clientUuid}`; auth `account`; answers 200.
   */
  getSyncmlClient?(input: OperationInput<"getSyncmlClient">, ctx: Ctx): Promise<OperationResult<"getSyncmlClient">>;

  /**
   * Delete a SyncML client.
   *
   * `DELETE /v2/services/syncml/{clientUuid}`; auth `account`; answers 200 Deleted.
   */
  deleteSyncmlClient?(input: OperationInput<"deleteSyncmlClient">, ctx: Ctx): Promise<OperationResult<"deleteSyncmlClient">>;

  /**
   * Send synchronization settings to the phone.
   *
   * `POST /v2/services/syncml/{clientUuid}/setup/`; auth `account`; answers 201.
   */
  createSyncmlSetup?(input: OperationInput<"createSyncmlSetup">, ctx: Ctx): Promise<OperationResult<"createSyncmlSetup">>;

  /**
   * Request a server-initiated sync.
   *
   * `POST /v2/services/syncml/{clientUuid}/sync/`; auth `account`; answers 200.
   */
  requestSyncmlSync?(input: OperationInput<"requestSyncmlSync">, ctx: Ctx): Promise<OperationResult<"requestSyncmlSync">>;

  /**
   * List what was sent to the phone.
   *
   * `GET /v2/services/syncml/{clientUuid}/outbox/`; auth `account`; answers 200.
   */
  listSyncmlOutbox?(input: OperationInput<"listSyncmlOutbox">, ctx: Ctx): Promise<OperationResult<"listSyncmlOutbox">>;

  /**
   * List SyncML sessions.
   *
   * `GET /v2/services/syncml/sessions/`; auth `account`; answers 200.
   */
  listSyncmlSessions?(input: OperationInput<"listSyncmlSessions">, ctx: Ctx): Promise<OperationResult<"listSyncmlSessions">>;

  /**
   * List the SyncML chat log (administrators).
   *
   * `GET /v2/services/syncml/sessions/chatlog/`; auth `admin`; answers 200.
   */
  listSyncmlChatlog?(input: OperationInput<"listSyncmlChatlog">, ctx: Ctx): Promise<OperationResult<"listSyncmlChatlog">>;

  /**
   * List ActiveSync clients.
   *
   * `GET /v2/services/activesync/`; auth `account`; answers 200.
   */
  listActivesyncClients?(input: OperationInput<"listActivesyncClients">, ctx: Ctx): Promise<OperationResult<"listActivesyncClients">>;

  /**
   * Register an ActiveSync phone.
   *
   * `POST /v2/services/activesync/`; auth `account`; answers 201.
   */
  createActivesyncClient?(input: OperationInput<"createActivesyncClient">, ctx: Ctx): Promise<OperationResult<"createActivesyncClient">>;

  /**
   * Get an ActiveSync client.
   *
   * `GET /v2/services/activesync/{clientUuid}`; auth `account`; answers 200.
   */
  getActivesyncClient?(input: OperationInput<"getActivesyncClient">, ctx: Ctx): Promise<OperationResult<"getActivesyncClient">>;

  /**
   * Change an ActiveSync client's password.
   *
   * `PUT /v2/services/activesync/{clientUuid}`; auth `account`; answers 200.
   */
  updateActivesyncClient?(input: OperationInput<"updateActivesyncClient">, ctx: Ctx): Promise<OperationResult<"updateActivesyncClient">>;

  /**
   * Delete an ActiveSync client.
   *
   * `DELETE /v2/services/activesync/{clientUuid}`; auth `account`; answers 200 Deleted.
   */
  deleteActivesyncClient?(input: OperationInput<"deleteActivesyncClient">, ctx: Ctx): Promise<OperationResult<"deleteActivesyncClient">>;

  /**
   * Remotely wipe the client's phone.
   *
   * `POST /v2/services/activesync/{clientUuid}/wipe`; auth `account`; answers 202.
   */
  wipeActivesyncDevice?(input: OperationInput<"wipeActivesyncDevice">, ctx: Ctx): Promise<OperationResult<"wipeActivesyncDevice">>;

  /**
   * Cancel a remote wipe.
   *
   * `DELETE /v2/services/activesync/{clientUuid}/wipe`; auth `account`; answers 200.
   */
  cancelActivesyncWipe?(input: OperationInput<"cancelActivesyncWipe">, ctx: Ctx): Promise<OperationResult<"cancelActivesyncWipe">>;

  /**
   * List sync bindings.
   *
   * `GET /v2/syncengine/`; auth `account`; answers 200.
   */
  listBindings?(input: OperationInput<"listBindings">, ctx: Ctx): Promise<OperationResult<"listBindings">>;

  /**
   * Bind two clients.
   *
   * `POST /v2/syncengine/`; auth `account`; answers 200.
   */
  createBinding?(input: OperationInput<"createBinding">, ctx: Ctx): Promise<OperationResult<"createBinding">>;

  /**
   * Get a sync binding.
   *
   * `GET /v2/syncengine/{bindingId}/`; auth `account`; answers 200.
   */
  getBinding?(input: OperationInput<"getBinding">, ctx: Ctx): Promise<OperationResult<"getBinding">>;

  /**
   * Change a binding's conflict winner.
   *
   * `PUT /v2/syncengine/{bindingId}/`; auth `account`; answers 200 Updated.
   */
  updateBinding?(input: OperationInput<"updateBinding">, ctx: Ctx): Promise<OperationResult<"updateBinding">>;

  /**
   * Delete a sync binding.
   *
   * `DELETE /v2/syncengine/{bindingId}/`; auth `account`; answers 200 Deleted.
   */
  deleteBinding?(input: OperationInput<"deleteBinding">, ctx: Ctx): Promise<OperationResult<"deleteBinding">>;

  /**
   * List the synchronization log.
   *
   * `GET /v2/syncengine/synchronization/`; auth `account`; answers 200.
   */
  listSyncLog?(input: OperationInput<"listSyncLog">, ctx: Ctx): Promise<OperationResult<"listSyncLog">>;

  /**
   * List one binding's synchronization log.
   *
   * `GET /v2/syncengine/{bindingId}/synchronization/`; auth `account`; answers 200.
   */
  listBindingSyncLog?(input: OperationInput<"listBindingSyncLog">, ctx: Ctx): Promise<OperationResult<"listBindingSyncLog">>;

  /**
   * Run a synchronization.
   *
   * `POST /v2/syncengine/{bindingId}/synchronization/`; auth `account`; answers 200.
   */
  synchronize?(input: OperationInput<"synchronize">, ctx: Ctx): Promise<OperationResult<"synchronize">>;

  /**
   * Get one synchronization log entry.
   *
   * `GET /v2/syncengine/synclog/{logId}`; auth `account`; answers 200.
   */
  getSyncLogEntry?(input: OperationInput<"getSyncLogEntry">, ctx: Ctx): Promise<OperationResult<"getSyncLogEntry">>;

  /**
   * List phone-to-datastore bindings.
   *
   * `GET /v2/syncengine/phone_datastore_bindings/`; auth `account`; answers 200.
   */
  listPhoneDatastoreBindings?(input: OperationInput<"listPhoneDatastoreBindings">, ctx: Ctx): Promise<OperationResult<"listPhoneDatastoreBindings">>;

  /**
   * Create a phone bound to a datastore.
   *
   * `POST /v2/syncengine/phone_datastore_bindings`; auth `account`; answers 201.
   */
  createPhoneDatastoreBinding?(input: OperationInput<"createPhoneDatastoreBinding">, ctx: Ctx): Promise<OperationResult<"createPhoneDatastoreBinding">>;

  /**
   * List phone vendors.
   *
   * `GET /v2/phones/vendors/`; auth `none`; answers 200.
   */
  listVendors?(input: OperationInput<"listVendors">, ctx: Ctx): Promise<OperationResult<"listVendors">>;

  /**
   * Get a phone vendor.
   *
   * `GET /v2/phones/vendors/{vendorUuid}`; auth `none`; answers 200.
   */
  getVendor?(input: OperationInput<"getVendor">, ctx: Ctx): Promise<OperationResult<"getVendor">>;

  /**
   * List one vendor's phone models.
   *
   * `GET /v2/phones/vendors/{vendorUuid}/models/`; auth `none`; answers 200.
   */
  listVendorModels?(input: OperationInput<"listVendorModels">, ctx: Ctx): Promise<OperationResult<"listVendorModels">>;

  /**
   * List all phone models.
   *
   * `GET /v2/phones/vendors/models/`; auth `none`; answers 200.
   */
  listModels?(input: OperationInput<"listModels">, ctx: Ctx): Promise<OperationResult<"listModels">>;

  /**
   * Get a phone model.
   *
   * `GET /v2/phones/vendors/models/{modelUuid}`; auth `none`; answers 200.
   */
  getModel?(input: OperationInput<"getModel">, ctx: Ctx): Promise<OperationResult<"getModel">>;

  /**
   * Change the caller's own password.
   *
   * `PUT /v2/account/password`; auth `account`; answers 200.
   */
  changeOwnPassword?(input: OperationInput<"changeOwnPassword">, ctx: Ctx): Promise<OperationResult<"changeOwnPassword">>;

  /**
   * List the account's app passwords.
   *
   * `GET /v2/account/app_passwords/`; auth `account`; answers 200.
   */
  listAppPasswords?(input: OperationInput<"listAppPasswords">, ctx: Ctx): Promise<OperationResult<"listAppPasswords">>;

  /**
   * Create an app password.
   *
   * `POST /v2/account/app_passwords/`; auth `account`; answers 201.
   */
  createAppPassword?(input: OperationInput<"createAppPassword">, ctx: Ctx): Promise<OperationResult<"createAppPassword">>;

  /**
   * Revoke an app password.
   *
   * `DELETE /v2/account/app_passwords/{appPasswordUuid}`; auth `account`; answers 200 Deleted.
   */
  revokeAppPassword?(input: OperationInput<"revokeAppPassword">, ctx: Ctx): Promise<OperationResult<"revokeAppPassword">>;

  /**
   * List accounts.
   *
   * `GET /v2/admin/accounts`; auth `admin`; answers 200.
   */
  listAccounts?(input: OperationInput<"listAccounts">, ctx: Ctx): Promise<OperationResult<"listAccounts">>;

  /**
   * Create an account.
   *
   * `POST /v2/admin/accounts`; auth `admin`; answers 201.
   */
  createAccount?(input: OperationInput<"createAccount">, ctx: Ctx): Promise<OperationResult<"createAccount">>;

  /**
   * Reset an account's password.
   *
   * `PUT /v2/admin/accounts/{username}`; auth `admin`; answers 200.
   */
  updateAccount?(input: OperationInput<"updateAccount">, ctx: Ctx): Promise<OperationResult<"updateAccount">>;

  /**
   * Delete an account.
   *
   * `DELETE /v2/admin/accounts/{username}`; auth `admin`; answers 200 Deleted.
   */
  deleteAccount?(input: OperationInput<"deleteAccount">, ctx: Ctx): Promise<OperationResult<"deleteAccount">>;

  /**
   * Issue a bearer token for an account.
   *
   * `POST /v2/admin/accounts/{username}/tokens`; auth `admin`; answers 201.
   */
  createAccountToken?(input: OperationInput<"createAccountToken">, ctx: Ctx): Promise<OperationResult<"createAccountToken">>;

  /**
   * Issue an OAuth 1.0a consumer for an account.
   *
   * `POST /v2/admin/accounts/{username}/consumers`; auth `admin`; answers 201.
   */
  createAccountConsumer?(input: OperationInput<"createAccountConsumer">, ctx: Ctx): Promise<OperationResult<"createAccountConsumer">>;

  /**
   * Exchange a SyncML message.
   *
   * `POST /syncml`; auth `none`; answers 200.
   */
  postSyncmlMessage?(input: OperationInput<"postSyncmlMessage">, ctx: Ctx): Promise<OperationResult<"postSyncmlMessage">>;

  /**
   * Liveness probe.
   *
   * `GET /healthz`; auth `none`; answers 200.
   */
  getHealth?(input: OperationInput<"getHealth">, ctx: Ctx): Promise<OperationResult<"getHealth">>;
}

/** The operation ids a handler can be given for. */
export type HandledOperationId = keyof OperationHandlersOf<unknown>;
