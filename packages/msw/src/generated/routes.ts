// generated — do not edit. Written by codegen/src/emit/msw.ts from spec/openapi.yaml and spec/xsd/*.xsd; run `npm run generate`.
/* eslint-disable */
import type { ErrorCode, OperationId } from '@atomsync/atom';

export interface MockRoute {
  /** Matches `origin + pathname`: any origin, an optional trailing slash, a named group per path parameter. */
  readonly route: RegExp;
  /** The error an operation that always refuses gives (400 listAllContents, 405 updateSyncmlClient, 501 …). */
  readonly refusal?: { readonly code: ErrorCode; readonly message: string; readonly headers?: Readonly<Record<string, string>> };
}

/** Every operation's route, in the order of spec/openapi.yaml. Variants share their base operation's route. */
export const mockRoutes: { readonly [Id in OperationId]: MockRoute } = {
  listExtdataClients: { route: /^[^:/]+:\/\/[^/]+\/v2\/services\/extdata\/?$/ },
  createExtdataClient: { route: /^[^:/]+:\/\/[^/]+\/v2\/services\/extdata\/?$/ },
  getExtdataClient: { route: /^[^:/]+:\/\/[^/]+\/v2\/services\/extdata\/(?<clientUuid>[^/]+)\/?$/ },
  updateExtdataClient: { route: /^[^:/]+:\/\/[^/]+\/v2\/services\/extdata\/(?<clientUuid>[^/]+)\/?$/ },
  deleteExtdataClient: { route: /^[^:/]+:\/\/[^/]+\/v2\/services\/extdata\/(?<clientUuid>[^/]+)\/?$/ },
  listDatastoreClients: { route: /^[^:/]+:\/\/[^/]+\/v2\/services\/datastore\/?$/ },
  createDatastoreClient: { route: /^[^:/]+:\/\/[^/]+\/v2\/services\/datastore\/?$/ },
  getDatastoreClient: { route: /^[^:/]+:\/\/[^/]+(?!\/v2\/services\/datastore\/content\/?$)\/v2\/services\/datastore\/(?<clientUuid>[^/]+)\/?$/ },
  listAllContents: { route: /^[^:/]+:\/\/[^/]+\/v2\/services\/datastore\/content\/?$/, refusal: { code: "bad_request", message: "Content can only be listed per client" } },
  listContents: { route: /^[^:/]+:\/\/[^/]+\/v2\/services\/datastore\/(?<clientUuid>[^/]+)\/contents\/?$/ },
  listContentChanges: { route: /^[^:/]+:\/\/[^/]+\/v2\/services\/datastore\/(?<clientUuid>[^/]+)\/contents\/?$/ },
  createContent: { route: /^[^:/]+:\/\/[^/]+\/v2\/services\/datastore\/(?<clientUuid>[^/]+)\/contents\/?$/ },
  getContent: { route: /^[^:/]+:\/\/[^/]+(?!\/v2\/services\/datastore\/[^/]+\/contents\/batch\/?$)\/v2\/services\/datastore\/(?<clientUuid>[^/]+)\/contents\/(?<contentUuid>[^/]+)\/?$/ },
  updateContent: { route: /^[^:/]+:\/\/[^/]+(?!\/v2\/services\/datastore\/[^/]+\/contents\/batch\/?$)\/v2\/services\/datastore\/(?<clientUuid>[^/]+)\/contents\/(?<contentUuid>[^/]+)\/?$/ },
  deleteContent: { route: /^[^:/]+:\/\/[^/]+(?!\/v2\/services\/datastore\/[^/]+\/contents\/batch\/?$)\/v2\/services\/datastore\/(?<clientUuid>[^/]+)\/contents\/(?<contentUuid>[^/]+)\/?$/ },
  batchContents: { route: /^[^:/]+:\/\/[^/]+\/v2\/services\/datastore\/(?<clientUuid>[^/]+)\/contents\/batch\/?$/ },
  listSyncmlClients: { route: /^[^:/]+:\/\/[^/]+\/v2\/services\/syncml\/?$/ },
  createSyncmlClient: { route: /^[^:/]+:\/\/[^/]+\/v2\/services\/syncml\/?$/ },
  getSyncmlClient: { route: /^[^:/]+:\/\/[^/]+(?!\/v2\/services\/syncml\/sessions\/?$)(?!\/v2\/services\/syncml\/datastores\/?$)\/v2\/services\/syncml\/(?<clientUuid>[^/]+)\/?$/ },
  updateSyncmlClient: { route: /^[^:/]+:\/\/[^/]+(?!\/v2\/services\/syncml\/sessions\/?$)(?!\/v2\/services\/syncml\/datastores\/?$)\/v2\/services\/syncml\/(?<clientUuid>[^/]+)\/?$/, refusal: { code: "method_not_allowed", message: "A SyncML client cannot be edited", headers: { Allow: "GET, DELETE" } } },
  deleteSyncmlClient: { route: /^[^:/]+:\/\/[^/]+(?!\/v2\/services\/syncml\/sessions\/?$)(?!\/v2\/services\/syncml\/datastores\/?$)\/v2\/services\/syncml\/(?<clientUuid>[^/]+)\/?$/ },
  createSyncmlSetup: { route: /^[^:/]+:\/\/[^/]+\/v2\/services\/syncml\/(?<clientUuid>[^/]+)\/setup\/?$/ },
  requestSyncmlSync: { route: /^[^:/]+:\/\/[^/]+\/v2\/services\/syncml\/(?<clientUuid>[^/]+)\/sync\/?$/ },
  listSyncmlOutbox: { route: /^[^:/]+:\/\/[^/]+\/v2\/services\/syncml\/(?<clientUuid>[^/]+)\/outbox\/?$/ },
  listSyncmlSessions: { route: /^[^:/]+:\/\/[^/]+\/v2\/services\/syncml\/sessions\/?$/ },
  listSyncmlChatlog: { route: /^[^:/]+:\/\/[^/]+\/v2\/services\/syncml\/sessions\/chatlog\/?$/ },
  listSyncmlDatastores: { route: /^[^:/]+:\/\/[^/]+\/v2\/services\/syncml\/datastores\/?$/, refusal: { code: "not_implemented", message: "The operation is described but not implemented" } },
  listActivesyncClients: { route: /^[^:/]+:\/\/[^/]+\/v2\/services\/activesync\/?$/ },
  createActivesyncClient: { route: /^[^:/]+:\/\/[^/]+\/v2\/services\/activesync\/?$/ },
  getActivesyncClient: { route: /^[^:/]+:\/\/[^/]+\/v2\/services\/activesync\/(?<clientUuid>[^/]+)\/?$/ },
  updateActivesyncClient: { route: /^[^:/]+:\/\/[^/]+\/v2\/services\/activesync\/(?<clientUuid>[^/]+)\/?$/ },
  deleteActivesyncClient: { route: /^[^:/]+:\/\/[^/]+\/v2\/services\/activesync\/(?<clientUuid>[^/]+)\/?$/ },
  wipeActivesyncDevice: { route: /^[^:/]+:\/\/[^/]+\/v2\/services\/activesync\/(?<clientUuid>[^/]+)\/wipe\/?$/ },
  cancelActivesyncWipe: { route: /^[^:/]+:\/\/[^/]+\/v2\/services\/activesync\/(?<clientUuid>[^/]+)\/wipe\/?$/ },
  listBindings: { route: /^[^:/]+:\/\/[^/]+\/v2\/syncengine\/?$/ },
  createBinding: { route: /^[^:/]+:\/\/[^/]+\/v2\/syncengine\/?$/ },
  getBinding: { route: /^[^:/]+:\/\/[^/]+(?!\/v2\/syncengine\/synchronization\/?$)(?!\/v2\/syncengine\/sources\/?$)(?!\/v2\/syncengine\/phone_datastore_bindings\/?$)\/v2\/syncengine\/(?<bindingId>[^/]+)\/?$/ },
  updateBinding: { route: /^[^:/]+:\/\/[^/]+(?!\/v2\/syncengine\/synchronization\/?$)(?!\/v2\/syncengine\/sources\/?$)(?!\/v2\/syncengine\/phone_datastore_bindings\/?$)\/v2\/syncengine\/(?<bindingId>[^/]+)\/?$/ },
  deleteBinding: { route: /^[^:/]+:\/\/[^/]+(?!\/v2\/syncengine\/synchronization\/?$)(?!\/v2\/syncengine\/sources\/?$)(?!\/v2\/syncengine\/phone_datastore_bindings\/?$)\/v2\/syncengine\/(?<bindingId>[^/]+)\/?$/ },
  listSyncLog: { route: /^[^:/]+:\/\/[^/]+\/v2\/syncengine\/synchronization\/?$/ },
  listBindingSyncLog: { route: /^[^:/]+:\/\/[^/]+(?!\/v2\/syncengine\/synclog\/[^/]+\/?$)\/v2\/syncengine\/(?<bindingId>[^/]+)\/synchronization\/?$/ },
  synchronize: { route: /^[^:/]+:\/\/[^/]+(?!\/v2\/syncengine\/synclog\/[^/]+\/?$)\/v2\/syncengine\/(?<bindingId>[^/]+)\/synchronization\/?$/ },
  getSyncLogEntry: { route: /^[^:/]+:\/\/[^/]+\/v2\/syncengine\/synclog\/(?<logId>[^/]+)\/?$/ },
  listSyncSources: { route: /^[^:/]+:\/\/[^/]+\/v2\/syncengine\/sources\/?$/, refusal: { code: "not_implemented", message: "The operation is described but not implemented" } },
  registerSyncSource: { route: /^[^:/]+:\/\/[^/]+\/v2\/syncengine\/sources\/?$/, refusal: { code: "not_implemented", message: "The operation is described but not implemented" } },
  listPhoneDatastoreBindings: { route: /^[^:/]+:\/\/[^/]+\/v2\/syncengine\/phone_datastore_bindings\/?$/ },
  createPhoneDatastoreBinding: { route: /^[^:/]+:\/\/[^/]+\/v2\/syncengine\/phone_datastore_bindings\/?$/ },
  listVendors: { route: /^[^:/]+:\/\/[^/]+\/v2\/phones\/vendors\/?$/ },
  getVendor: { route: /^[^:/]+:\/\/[^/]+(?!\/v2\/phones\/vendors\/models\/?$)\/v2\/phones\/vendors\/(?<vendorUuid>[^/]+)\/?$/ },
  listVendorModels: { route: /^[^:/]+:\/\/[^/]+(?!\/v2\/phones\/vendors\/models\/[^/]+\/?$)\/v2\/phones\/vendors\/(?<vendorUuid>[^/]+)\/models\/?$/ },
  listModels: { route: /^[^:/]+:\/\/[^/]+\/v2\/phones\/vendors\/models\/?$/ },
  getModel: { route: /^[^:/]+:\/\/[^/]+\/v2\/phones\/vendors\/models\/(?<modelUuid>[^/]+)\/?$/ },
  listAccounts: { route: /^[^:/]+:\/\/[^/]+\/v2\/admin\/accounts\/?$/ },
  createAccount: { route: /^[^:/]+:\/\/[^/]+\/v2\/admin\/accounts\/?$/ },
  deleteAccount: { route: /^[^:/]+:\/\/[^/]+\/v2\/admin\/accounts\/(?<username>[^/]+)\/?$/ },
  createAccountToken: { route: /^[^:/]+:\/\/[^/]+\/v2\/admin\/accounts\/(?<username>[^/]+)\/tokens\/?$/ },
  createAccountConsumer: { route: /^[^:/]+:\/\/[^/]+\/v2\/admin\/accounts\/(?<username>[^/]+)\/consumers\/?$/ },
  postSyncmlMessage: { route: /^[^:/]+:\/\/[^/]+\/syncml\/?$/ },
  getHealth: { route: /^[^:/]+:\/\/[^/]+\/healthz\/?$/ },
};
