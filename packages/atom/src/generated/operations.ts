// generated — do not edit. Written by codegen/src/emit/operations.ts from spec/openapi.yaml and spec/xsd/*.xsd; run `npm run generate`.
/* eslint-disable */
import type { OperationSpec } from '../operation.js';
import type { Feed, ExtdataClientEntry, DatastoreClientEntry, SyncmlClientEntry, ActivesyncClientEntry, ActivesyncWipeEntry, ContentEntry, BatchContentEntry, ContentImportEntry, SyncmlSetupEntry, BindingEntry, SynchronizationEntry, SyncLogEntry, VendorEntry, PhoneModelEntry, PhoneDatastoreBindingEntry, SessionEntry, ChatMessageEntry, OutboxEntry, AccountEntry, TokenEntry, AppPasswordEntry, ConsumerEntry, ExtdataClientEntryResponse, DatastoreClientEntryResponse, SyncmlClientEntryResponse, ActivesyncClientEntryResponse, ContentEntryResponse, ContentImportEntryResponse, SyncmlSetupEntryResponse, BindingEntryResponse, SyncLogEntryResponse, VendorEntryResponse, PhoneModelEntryResponse, PhoneDatastoreBindingEntryResponse, SessionEntryResponse, ChatMessageEntryResponse, OutboxEntryResponse, AccountEntryResponse, TokenEntryResponse, AppPasswordEntryResponse, ConsumerEntryResponse } from './model.js';

/** Every operation of spec/openapi.yaml, by operationId. */
export const operations = {
  listExtdataClients: {"id":"listExtdataClients","method":"GET","path":"/v2/services/extdata/","tag":"extdata","params":[],"auth":"account","response":{"kind":"feed","shape":"ExtdataClientEntry"},"status":200,"implemented":true,"conditional":true,"errors":[{"status":401,"code":"unauthorized"},{"status":500,"code":"internal"},{"status":503,"code":"unavailable"}]},
  createExtdataClient: {"id":"createExtdataClient","method":"POST","path":"/v2/services/extdata/","tag":"extdata","params":[],"auth":"account","request":{"kind":"entry","shape":"ExtdataClientEntry","field":"client"},"response":{"kind":"entry","shape":"ExtdataClientEntry"},"status":201,"implemented":true,"errors":[{"status":400,"code":"validation_failed"},{"status":401,"code":"unauthorized"},{"status":413,"code":"payload_too_large"},{"status":415,"code":"unsupported_media_type"},{"status":500,"code":"internal"},{"status":503,"code":"unavailable"}]},
  getExtdataClient: {"id":"getExtdataClient","method":"GET","path":"/v2/services/extdata/{clientUuid}/","tag":"extdata","params":[{"name":"clientUuid","in":"path","required":true,"type":"string"}],"auth":"account","response":{"kind":"entry","shape":"ExtdataClientEntry"},"status":200,"implemented":true,"conditional":true,"errors":[{"status":401,"code":"unauthorized"},{"status":404,"code":"not_found"},{"status":500,"code":"internal"},{"status":503,"code":"unavailable"}]},
  updateExtdataClient: {"id":"updateExtdataClient","method":"PUT","path":"/v2/services/extdata/{clientUuid}/","tag":"extdata","params":[{"name":"clientUuid","in":"path","required":true,"type":"string"}],"auth":"account","request":{"kind":"entry","shape":"ExtdataClientEntry","field":"client"},"response":{"kind":"entry","shape":"ExtdataClientEntry"},"status":200,"reason":"Updated","implemented":true,"errors":[{"status":400,"code":"validation_failed"},{"status":401,"code":"unauthorized"},{"status":404,"code":"not_found"},{"status":413,"code":"payload_too_large"},{"status":415,"code":"unsupported_media_type"},{"status":500,"code":"internal"},{"status":503,"code":"unavailable"}]},
  deleteExtdataClient: {"id":"deleteExtdataClient","method":"DELETE","path":"/v2/services/extdata/{clientUuid}/","tag":"extdata","params":[{"name":"clientUuid","in":"path","required":true,"type":"string"}],"auth":"account","response":{"kind":"empty"},"status":200,"reason":"Deleted","implemented":true,"errors":[{"status":401,"code":"unauthorized"},{"status":404,"code":"not_found"},{"status":500,"code":"internal"},{"status":503,"code":"unavailable"}]},
  listDatastoreClients: {"id":"listDatastoreClients","method":"GET","path":"/v2/services/datastore/","tag":"datastore","params":[],"auth":"account","response":{"kind":"feed","shape":"DatastoreClientEntry"},"status":200,"implemented":true,"conditional":true,"errors":[{"status":401,"code":"unauthorized"},{"status":500,"code":"internal"},{"status":503,"code":"unavailable"}]},
  createDatastoreClient: {"id":"createDatastoreClient","method":"POST","path":"/v2/services/datastore/","tag":"datastore","params":[],"auth":"account","request":{"kind":"entry","shape":"DatastoreClientEntry","field":"client"},"response":{"kind":"entry","shape":"DatastoreClientEntry"},"status":201,"implemented":true,"errors":[{"status":400,"code":"validation_failed"},{"status":401,"code":"unauthorized"},{"status":413,"code":"payload_too_large"},{"status":415,"code":"unsupported_media_type"},{"status":500,"code":"internal"},{"status":503,"code":"unavailable"}]},
  getDatastoreClient: {"id":"getDatastoreClient","method":"GET","path":"/v2/services/datastore/{clientUuid}/","tag":"datastore","params":[{"name":"clientUuid","in":"path","required":true,"type":"string"}],"auth":"account","response":{"kind":"entry","shape":"DatastoreClientEntry"},"status":200,"implemented":true,"conditional":true,"errors":[{"status":401,"code":"unauthorized"},{"status":404,"code":"not_found"},{"status":500,"code":"internal"},{"status":503,"code":"unavailable"}]},
  listAllContents: {"id":"listAllContents","method":"GET","path":"/v2/services/datastore/content/","tag":"contents","params":[],"auth":"account","response":{"kind":"empty"},"status":400,"implemented":true,"errors":[{"status":400,"code":"bad_request"},{"status":401,"code":"unauthorized"}]},
  listContents: {"id":"listContents","method":"GET","path":"/v2/services/datastore/{clientUuid}/contents/","tag":"contents","params":[{"name":"clientUuid","in":"path","required":true,"type":"string"},{"name":"dataclass","in":"query","required":false,"type":"string","enum":["Contacts","Events","Tasks","Notes","Calendar","all"]},{"name":"since","in":"query","required":false,"type":"string"},{"name":"max-results","in":"query","required":false,"type":"integer"},{"name":"start-index","in":"query","required":false,"type":"integer"},{"name":"start-after","in":"query","required":false,"type":"string"},{"name":"q","in":"query","required":false,"type":"string"}],"auth":"account","response":{"kind":"feed","shape":"ContentEntry"},"status":200,"implemented":true,"conditional":true,"errors":[{"status":400,"code":"validation_failed"},{"status":401,"code":"unauthorized"},{"status":404,"code":"not_found"},{"status":500,"code":"internal"},{"status":503,"code":"unavailable"}]},
  listContentChanges: {"id":"listContentChanges","method":"GET","path":"/v2/services/datastore/{clientUuid}/contents/","tag":"contents","params":[{"name":"clientUuid","in":"path","required":true,"type":"string"},{"name":"dataclass","in":"query","required":false,"type":"string","enum":["Contacts","Events","Tasks","Notes","Calendar","all"]},{"name":"since","in":"query","required":true,"type":"string"},{"name":"max-results","in":"query","required":false,"type":"integer"},{"name":"start-index","in":"query","required":false,"type":"integer"},{"name":"start-after","in":"query","required":false,"type":"string"},{"name":"q","in":"query","required":false,"type":"string"}],"auth":"account","response":{"kind":"feed","shape":"BatchContentEntry"},"status":200,"implemented":true,"variantOf":"listContents","when":"since","conditional":true,"errors":[{"status":400,"code":"validation_failed"},{"status":401,"code":"unauthorized"},{"status":404,"code":"not_found"},{"status":500,"code":"internal"},{"status":503,"code":"unavailable"}]},
  createContent: {"id":"createContent","method":"POST","path":"/v2/services/datastore/{clientUuid}/contents/","tag":"contents","params":[{"name":"clientUuid","in":"path","required":true,"type":"string"},{"name":"dataclass","in":"query","required":false,"type":"string","enum":["Contacts","Events","Tasks","Notes","Calendar"]}],"auth":"account","request":{"kind":"entry","shape":"ContentEntry"},"response":{"kind":"entry","shape":"ContentEntry"},"status":201,"implemented":true,"errors":[{"status":400,"code":"validation_failed"},{"status":401,"code":"unauthorized"},{"status":404,"code":"not_found"},{"status":413,"code":"payload_too_large"},{"status":415,"code":"unsupported_media_type"},{"status":500,"code":"internal"},{"status":503,"code":"unavailable"}]},
  getContent: {"id":"getContent","method":"GET","path":"/v2/services/datastore/{clientUuid}/contents/{contentUuid}","tag":"contents","params":[{"name":"clientUuid","in":"path","required":true,"type":"string"},{"name":"contentUuid","in":"path","required":true,"type":"string"}],"auth":"account","response":{"kind":"entry","shape":"ContentEntry"},"status":200,"implemented":true,"conditional":true,"errors":[{"status":401,"code":"unauthorized"},{"status":404,"code":"not_found"},{"status":500,"code":"internal"},{"status":503,"code":"unavailable"}]},
  updateContent: {"id":"updateContent","method":"PUT","path":"/v2/services/datastore/{clientUuid}/contents/{contentUuid}","tag":"contents","params":[{"name":"clientUuid","in":"path","required":true,"type":"string"},{"name":"contentUuid","in":"path","required":true,"type":"string"}],"auth":"account","request":{"kind":"entry","shape":"ContentEntry"},"response":{"kind":"entry","shape":"ContentEntry"},"status":200,"implemented":true,"preconditioned":true,"errors":[{"status":400,"code":"validation_failed"},{"status":401,"code":"unauthorized"},{"status":404,"code":"not_found"},{"status":412,"code":"precondition_failed"},{"status":413,"code":"payload_too_large"},{"status":415,"code":"unsupported_media_type"},{"status":500,"code":"internal"},{"status":503,"code":"unavailable"}]},
  deleteContent: {"id":"deleteContent","method":"DELETE","path":"/v2/services/datastore/{clientUuid}/contents/{contentUuid}","tag":"contents","params":[{"name":"clientUuid","in":"path","required":true,"type":"string"},{"name":"contentUuid","in":"path","required":true,"type":"string"}],"auth":"account","response":{"kind":"empty"},"status":200,"reason":"Deleted","implemented":true,"preconditioned":true,"errors":[{"status":401,"code":"unauthorized"},{"status":404,"code":"not_found"},{"status":412,"code":"precondition_failed"},{"status":500,"code":"internal"},{"status":503,"code":"unavailable"}]},
  batchContents: {"id":"batchContents","method":"POST","path":"/v2/services/datastore/{clientUuid}/contents/batch","tag":"contents","params":[{"name":"clientUuid","in":"path","required":true,"type":"string"},{"name":"dataclass","in":"query","required":false,"type":"string","enum":["Contacts","Events","Tasks","Notes","Calendar"]}],"auth":"account","request":{"kind":"feed","shape":"BatchContentEntry"},"response":{"kind":"feed","shape":"BatchContentEntry"},"status":200,"implemented":true,"errors":[{"status":400,"code":"validation_failed"},{"status":401,"code":"unauthorized"},{"status":404,"code":"not_found"},{"status":413,"code":"payload_too_large"},{"status":415,"code":"unsupported_media_type"},{"status":500,"code":"internal"},{"status":503,"code":"unavailable"}]},
  importContents: {"id":"importContents","method":"POST","path":"/v2/services/datastore/{clientUuid}/contents/import","tag":"contents","params":[{"name":"clientUuid","in":"path","required":true,"type":"string"},{"name":"dataclass","in":"query","required":false,"type":"string","enum":["Contacts","Events","Tasks","Calendar"]},{"name":"first-line","in":"query","required":false,"type":"integer"}],"auth":"account","request":{"kind":"raw","mediaType":"text/vcard"},"response":{"kind":"entry","shape":"ContentImportEntry"},"status":200,"implemented":true,"errors":[{"status":400,"code":"validation_failed"},{"status":401,"code":"unauthorized"},{"status":404,"code":"not_found"},{"status":413,"code":"payload_too_large"},{"status":415,"code":"unsupported_media_type"},{"status":500,"code":"internal"},{"status":503,"code":"unavailable"}]},
  listSyncmlClients: {"id":"listSyncmlClients","method":"GET","path":"/v2/services/syncml/","tag":"syncml","params":[],"auth":"account","response":{"kind":"feed","shape":"SyncmlClientEntry"},"status":200,"implemented":true,"conditional":true,"errors":[{"status":401,"code":"unauthorized"},{"status":500,"code":"internal"},{"status":503,"code":"unavailable"}]},
  createSyncmlClient: {"id":"createSyncmlClient","method":"POST","path":"/v2/services/syncml/","tag":"syncml","params":[],"auth":"account","request":{"kind":"entry","shape":"SyncmlClientEntry","field":"client"},"response":{"kind":"entry","shape":"SyncmlClientEntry"},"status":201,"implemented":true,"errors":[{"status":400,"code":"validation_failed"},{"status":401,"code":"unauthorized"},{"status":413,"code":"payload_too_large"},{"status":415,"code":"unsupported_media_type"},{"status":500,"code":"internal"},{"status":503,"code":"unavailable"}]},
  getSyncmlClient: {"id":"getSyncmlClient","method":"GET","path":"/v2/services/syncml/{clientUuid}","tag":"syncml","params":[{"name":"clientUuid","in":"path","required":true,"type":"string"}],"auth":"account","response":{"kind":"entry","shape":"SyncmlClientEntry"},"status":200,"implemented":true,"conditional":true,"errors":[{"status":401,"code":"unauthorized"},{"status":404,"code":"not_found"},{"status":500,"code":"internal"},{"status":503,"code":"unavailable"}]},
  updateSyncmlClient: {"id":"updateSyncmlClient","method":"PUT","path":"/v2/services/syncml/{clientUuid}","tag":"syncml","params":[{"name":"clientUuid","in":"path","required":true,"type":"string"}],"auth":"account","response":{"kind":"empty"},"status":405,"implemented":true,"errors":[{"status":401,"code":"unauthorized"},{"status":405,"code":"method_not_allowed"}]},
  deleteSyncmlClient: {"id":"deleteSyncmlClient","method":"DELETE","path":"/v2/services/syncml/{clientUuid}","tag":"syncml","params":[{"name":"clientUuid","in":"path","required":true,"type":"string"}],"auth":"account","response":{"kind":"empty"},"status":200,"reason":"Deleted","implemented":true,"errors":[{"status":401,"code":"unauthorized"},{"status":404,"code":"not_found"},{"status":500,"code":"internal"},{"status":503,"code":"unavailable"}]},
  createSyncmlSetup: {"id":"createSyncmlSetup","method":"POST","path":"/v2/services/syncml/{clientUuid}/setup/","tag":"syncml","params":[{"name":"clientUuid","in":"path","required":true,"type":"string"}],"auth":"account","request":{"kind":"entry","shape":"SyncmlSetupEntry"},"response":{"kind":"entry","shape":"SyncmlSetupEntry"},"status":201,"implemented":true,"errors":[{"status":400,"code":"validation_failed"},{"status":401,"code":"unauthorized"},{"status":404,"code":"not_found"},{"status":413,"code":"payload_too_large"},{"status":415,"code":"unsupported_media_type"},{"status":500,"code":"internal"},{"status":503,"code":"unavailable"}]},
  requestSyncmlSync: {"id":"requestSyncmlSync","method":"POST","path":"/v2/services/syncml/{clientUuid}/sync/","tag":"syncml","params":[{"name":"clientUuid","in":"path","required":true,"type":"string"}],"auth":"account","response":{"kind":"empty"},"status":200,"implemented":true,"errors":[{"status":401,"code":"unauthorized"},{"status":404,"code":"not_found"},{"status":500,"code":"internal"},{"status":503,"code":"unavailable"}]},
  listSyncmlOutbox: {"id":"listSyncmlOutbox","method":"GET","path":"/v2/services/syncml/{clientUuid}/outbox/","tag":"syncml","params":[{"name":"clientUuid","in":"path","required":true,"type":"string"}],"auth":"account","response":{"kind":"feed","shape":"OutboxEntry"},"status":200,"implemented":true,"conditional":true,"errors":[{"status":401,"code":"unauthorized"},{"status":404,"code":"not_found"},{"status":500,"code":"internal"},{"status":503,"code":"unavailable"}]},
  listSyncmlSessions: {"id":"listSyncmlSessions","method":"GET","path":"/v2/services/syncml/sessions/","tag":"syncml","params":[],"auth":"account","response":{"kind":"feed","shape":"SessionEntry"},"status":200,"implemented":true,"conditional":true,"errors":[{"status":401,"code":"unauthorized"},{"status":500,"code":"internal"},{"status":503,"code":"unavailable"}]},
  listSyncmlChatlog: {"id":"listSyncmlChatlog","method":"GET","path":"/v2/services/syncml/sessions/chatlog/","tag":"syncml","params":[],"auth":"admin","response":{"kind":"feed","shape":"ChatMessageEntry"},"status":200,"implemented":true,"conditional":true,"errors":[{"status":401,"code":"unauthorized"},{"status":403,"code":"forbidden"},{"status":500,"code":"internal"},{"status":503,"code":"unavailable"}]},
  listSyncmlDatastores: {"id":"listSyncmlDatastores","method":"GET","path":"/v2/services/syncml/datastores/","tag":"syncml","params":[],"auth":"account","response":{"kind":"empty"},"status":501,"implemented":false,"errors":[{"status":401,"code":"unauthorized"},{"status":501,"code":"not_implemented"}]},
  listActivesyncClients: {"id":"listActivesyncClients","method":"GET","path":"/v2/services/activesync/","tag":"activesync","params":[],"auth":"account","response":{"kind":"feed","shape":"ActivesyncClientEntry"},"status":200,"implemented":true,"conditional":true,"errors":[{"status":401,"code":"unauthorized"},{"status":500,"code":"internal"},{"status":503,"code":"unavailable"}]},
  createActivesyncClient: {"id":"createActivesyncClient","method":"POST","path":"/v2/services/activesync/","tag":"activesync","params":[],"auth":"account","request":{"kind":"entry","shape":"ActivesyncClientEntry","field":"client"},"response":{"kind":"entry","shape":"ActivesyncClientEntry"},"status":201,"implemented":true,"errors":[{"status":400,"code":"validation_failed"},{"status":401,"code":"unauthorized"},{"status":413,"code":"payload_too_large"},{"status":415,"code":"unsupported_media_type"},{"status":500,"code":"internal"},{"status":503,"code":"unavailable"}]},
  getActivesyncClient: {"id":"getActivesyncClient","method":"GET","path":"/v2/services/activesync/{clientUuid}","tag":"activesync","params":[{"name":"clientUuid","in":"path","required":true,"type":"string"}],"auth":"account","response":{"kind":"entry","shape":"ActivesyncClientEntry"},"status":200,"implemented":true,"conditional":true,"errors":[{"status":401,"code":"unauthorized"},{"status":404,"code":"not_found"},{"status":500,"code":"internal"},{"status":503,"code":"unavailable"}]},
  updateActivesyncClient: {"id":"updateActivesyncClient","method":"PUT","path":"/v2/services/activesync/{clientUuid}","tag":"activesync","params":[{"name":"clientUuid","in":"path","required":true,"type":"string"}],"auth":"account","request":{"kind":"entry","shape":"ActivesyncClientEntry","field":"client"},"response":{"kind":"entry","shape":"ActivesyncClientEntry"},"status":200,"implemented":true,"errors":[{"status":400,"code":"validation_failed"},{"status":401,"code":"unauthorized"},{"status":403,"code":"forbidden"},{"status":404,"code":"not_found"},{"status":413,"code":"payload_too_large"},{"status":415,"code":"unsupported_media_type"},{"status":500,"code":"internal"},{"status":503,"code":"unavailable"}]},
  deleteActivesyncClient: {"id":"deleteActivesyncClient","method":"DELETE","path":"/v2/services/activesync/{clientUuid}","tag":"activesync","params":[{"name":"clientUuid","in":"path","required":true,"type":"string"}],"auth":"account","response":{"kind":"empty"},"status":200,"reason":"Deleted","implemented":true,"errors":[{"status":401,"code":"unauthorized"},{"status":404,"code":"not_found"},{"status":500,"code":"internal"},{"status":503,"code":"unavailable"}]},
  wipeActivesyncDevice: {"id":"wipeActivesyncDevice","method":"POST","path":"/v2/services/activesync/{clientUuid}/wipe","tag":"activesync","params":[{"name":"clientUuid","in":"path","required":true,"type":"string"}],"auth":"account","request":{"kind":"entry","shape":"ActivesyncWipeEntry"},"response":{"kind":"entry","shape":"ActivesyncClientEntry"},"status":202,"implemented":true,"errors":[{"status":400,"code":"validation_failed"},{"status":401,"code":"unauthorized"},{"status":404,"code":"not_found"},{"status":409,"code":"conflict"},{"status":413,"code":"payload_too_large"},{"status":415,"code":"unsupported_media_type"},{"status":500,"code":"internal"},{"status":503,"code":"unavailable"}]},
  cancelActivesyncWipe: {"id":"cancelActivesyncWipe","method":"DELETE","path":"/v2/services/activesync/{clientUuid}/wipe","tag":"activesync","params":[{"name":"clientUuid","in":"path","required":true,"type":"string"}],"auth":"account","response":{"kind":"entry","shape":"ActivesyncClientEntry"},"status":200,"implemented":true,"errors":[{"status":401,"code":"unauthorized"},{"status":404,"code":"not_found"},{"status":500,"code":"internal"},{"status":503,"code":"unavailable"}]},
  listBindings: {"id":"listBindings","method":"GET","path":"/v2/syncengine/","tag":"syncengine","params":[],"auth":"account","response":{"kind":"feed","shape":"BindingEntry"},"status":200,"implemented":true,"conditional":true,"errors":[{"status":401,"code":"unauthorized"},{"status":500,"code":"internal"},{"status":503,"code":"unavailable"}]},
  createBinding: {"id":"createBinding","method":"POST","path":"/v2/syncengine/","tag":"syncengine","params":[],"auth":"account","request":{"kind":"entry","shape":"BindingEntry"},"response":{"kind":"entry","shape":"BindingEntry"},"status":200,"implemented":true,"errors":[{"status":400,"code":"validation_failed"},{"status":401,"code":"unauthorized"},{"status":413,"code":"payload_too_large"},{"status":415,"code":"unsupported_media_type"},{"status":500,"code":"internal"},{"status":503,"code":"unavailable"}]},
  getBinding: {"id":"getBinding","method":"GET","path":"/v2/syncengine/{bindingId}/","tag":"syncengine","params":[{"name":"bindingId","in":"path","required":true,"type":"integer"}],"auth":"account","response":{"kind":"entry","shape":"BindingEntry"},"status":200,"implemented":true,"conditional":true,"errors":[{"status":401,"code":"unauthorized"},{"status":404,"code":"not_found"},{"status":500,"code":"internal"},{"status":503,"code":"unavailable"}]},
  updateBinding: {"id":"updateBinding","method":"PUT","path":"/v2/syncengine/{bindingId}/","tag":"syncengine","params":[{"name":"bindingId","in":"path","required":true,"type":"integer"}],"auth":"account","request":{"kind":"entry","shape":"BindingEntry"},"response":{"kind":"entry","shape":"BindingEntry"},"status":200,"reason":"Updated","implemented":true,"errors":[{"status":400,"code":"bad_request"},{"status":401,"code":"unauthorized"},{"status":404,"code":"not_found"},{"status":413,"code":"payload_too_large"},{"status":415,"code":"unsupported_media_type"},{"status":500,"code":"internal"},{"status":503,"code":"unavailable"}]},
  deleteBinding: {"id":"deleteBinding","method":"DELETE","path":"/v2/syncengine/{bindingId}/","tag":"syncengine","params":[{"name":"bindingId","in":"path","required":true,"type":"integer"}],"auth":"account","response":{"kind":"empty"},"status":200,"reason":"Deleted","implemented":true,"errors":[{"status":401,"code":"unauthorized"},{"status":404,"code":"not_found"},{"status":500,"code":"internal"},{"status":503,"code":"unavailable"}]},
  listSyncLog: {"id":"listSyncLog","method":"GET","path":"/v2/syncengine/synchronization/","tag":"syncengine","params":[],"auth":"account","response":{"kind":"feed","shape":"SyncLogEntry"},"status":200,"implemented":true,"conditional":true,"errors":[{"status":401,"code":"unauthorized"},{"status":500,"code":"internal"},{"status":503,"code":"unavailable"}]},
  listBindingSyncLog: {"id":"listBindingSyncLog","method":"GET","path":"/v2/syncengine/{bindingId}/synchronization/","tag":"syncengine","params":[{"name":"bindingId","in":"path","required":true,"type":"integer"}],"auth":"account","response":{"kind":"feed","shape":"SyncLogEntry"},"status":200,"implemented":true,"conditional":true,"errors":[{"status":401,"code":"unauthorized"},{"status":404,"code":"not_found"},{"status":500,"code":"internal"},{"status":503,"code":"unavailable"}]},
  synchronize: {"id":"synchronize","method":"POST","path":"/v2/syncengine/{bindingId}/synchronization/","tag":"syncengine","params":[{"name":"bindingId","in":"path","required":true,"type":"integer"}],"auth":"account","request":{"kind":"entry","shape":"SynchronizationEntry"},"response":{"kind":"entry","shape":"SyncLogEntry"},"status":200,"implemented":true,"errors":[{"status":400,"code":"validation_failed"},{"status":401,"code":"unauthorized"},{"status":404,"code":"not_found"},{"status":409,"code":"conflict"},{"status":413,"code":"payload_too_large"},{"status":415,"code":"unsupported_media_type"},{"status":500,"code":"internal"},{"status":503,"code":"unavailable"}]},
  getSyncLogEntry: {"id":"getSyncLogEntry","method":"GET","path":"/v2/syncengine/synclog/{logId}","tag":"syncengine","params":[{"name":"logId","in":"path","required":true,"type":"integer"}],"auth":"account","response":{"kind":"entry","shape":"SyncLogEntry"},"status":200,"implemented":true,"conditional":true,"errors":[{"status":401,"code":"unauthorized"},{"status":404,"code":"not_found"},{"status":500,"code":"internal"},{"status":503,"code":"unavailable"}]},
  listSyncSources: {"id":"listSyncSources","method":"GET","path":"/v2/syncengine/sources/","tag":"syncengine","params":[],"auth":"account","response":{"kind":"empty"},"status":501,"implemented":false,"errors":[{"status":401,"code":"unauthorized"},{"status":501,"code":"not_implemented"}]},
  registerSyncSource: {"id":"registerSyncSource","method":"POST","path":"/v2/syncengine/sources/","tag":"syncengine","params":[],"auth":"account","response":{"kind":"empty"},"status":501,"implemented":false,"errors":[{"status":401,"code":"unauthorized"},{"status":501,"code":"not_implemented"}]},
  listPhoneDatastoreBindings: {"id":"listPhoneDatastoreBindings","method":"GET","path":"/v2/syncengine/phone_datastore_bindings/","tag":"phone-datastore-bindings","params":[],"auth":"account","response":{"kind":"feed","shape":"PhoneDatastoreBindingEntry"},"status":200,"implemented":true,"conditional":true,"errors":[{"status":401,"code":"unauthorized"},{"status":500,"code":"internal"},{"status":503,"code":"unavailable"}]},
  createPhoneDatastoreBinding: {"id":"createPhoneDatastoreBinding","method":"POST","path":"/v2/syncengine/phone_datastore_bindings","tag":"phone-datastore-bindings","params":[],"auth":"account","request":{"kind":"entry","shape":"PhoneDatastoreBindingEntry"},"response":{"kind":"entry","shape":"PhoneDatastoreBindingEntry"},"status":201,"implemented":true,"errors":[{"status":400,"code":"validation_failed"},{"status":401,"code":"unauthorized"},{"status":413,"code":"payload_too_large"},{"status":415,"code":"unsupported_media_type"},{"status":500,"code":"internal"},{"status":503,"code":"unavailable"}]},
  listVendors: {"id":"listVendors","method":"GET","path":"/v2/phones/vendors/","tag":"phones","params":[],"auth":"none","response":{"kind":"feed","shape":"VendorEntry"},"status":200,"implemented":true,"conditional":true,"errors":[{"status":500,"code":"internal"},{"status":503,"code":"unavailable"}]},
  getVendor: {"id":"getVendor","method":"GET","path":"/v2/phones/vendors/{vendorUuid}","tag":"phones","params":[{"name":"vendorUuid","in":"path","required":true,"type":"string"}],"auth":"none","response":{"kind":"entry","shape":"VendorEntry"},"status":200,"implemented":true,"conditional":true,"errors":[{"status":404,"code":"not_found"},{"status":500,"code":"internal"},{"status":503,"code":"unavailable"}]},
  listVendorModels: {"id":"listVendorModels","method":"GET","path":"/v2/phones/vendors/{vendorUuid}/models/","tag":"phones","params":[{"name":"vendorUuid","in":"path","required":true,"type":"string"}],"auth":"none","response":{"kind":"feed","shape":"PhoneModelEntry"},"status":200,"implemented":true,"conditional":true,"errors":[{"status":404,"code":"not_found"},{"status":500,"code":"internal"},{"status":503,"code":"unavailable"}]},
  listModels: {"id":"listModels","method":"GET","path":"/v2/phones/vendors/models/","tag":"phones","params":[],"auth":"none","response":{"kind":"feed","shape":"PhoneModelEntry"},"status":200,"implemented":true,"conditional":true,"errors":[{"status":500,"code":"internal"},{"status":503,"code":"unavailable"}]},
  getModel: {"id":"getModel","method":"GET","path":"/v2/phones/vendors/models/{modelUuid}","tag":"phones","params":[{"name":"modelUuid","in":"path","required":true,"type":"string"}],"auth":"none","response":{"kind":"entry","shape":"PhoneModelEntry"},"status":200,"implemented":true,"conditional":true,"errors":[{"status":404,"code":"not_found"},{"status":500,"code":"internal"},{"status":503,"code":"unavailable"}]},
  changeOwnPassword: {"id":"changeOwnPassword","method":"PUT","path":"/v2/account/password","tag":"account","params":[],"auth":"account","request":{"kind":"entry","shape":"AccountEntry","field":"account"},"response":{"kind":"entry","shape":"AccountEntry"},"status":200,"implemented":true,"errors":[{"status":400,"code":"validation_failed"},{"status":401,"code":"unauthorized"},{"status":403,"code":"forbidden"},{"status":413,"code":"payload_too_large"},{"status":415,"code":"unsupported_media_type"},{"status":500,"code":"internal"},{"status":503,"code":"unavailable"}]},
  listAppPasswords: {"id":"listAppPasswords","method":"GET","path":"/v2/account/app_passwords/","tag":"account","params":[],"auth":"account","response":{"kind":"feed","shape":"AppPasswordEntry"},"status":200,"implemented":true,"conditional":true,"errors":[{"status":401,"code":"unauthorized"},{"status":500,"code":"internal"},{"status":503,"code":"unavailable"}]},
  createAppPassword: {"id":"createAppPassword","method":"POST","path":"/v2/account/app_passwords/","tag":"account","params":[],"auth":"account","request":{"kind":"entry","shape":"AppPasswordEntry","field":"app_password"},"response":{"kind":"entry","shape":"AppPasswordEntry"},"status":201,"implemented":true,"errors":[{"status":400,"code":"validation_failed"},{"status":401,"code":"unauthorized"},{"status":409,"code":"conflict"},{"status":413,"code":"payload_too_large"},{"status":415,"code":"unsupported_media_type"},{"status":500,"code":"internal"},{"status":503,"code":"unavailable"}]},
  revokeAppPassword: {"id":"revokeAppPassword","method":"DELETE","path":"/v2/account/app_passwords/{appPasswordUuid}","tag":"account","params":[{"name":"appPasswordUuid","in":"path","required":true,"type":"string"}],"auth":"account","response":{"kind":"empty"},"status":200,"reason":"Deleted","implemented":true,"errors":[{"status":401,"code":"unauthorized"},{"status":404,"code":"not_found"},{"status":500,"code":"internal"},{"status":503,"code":"unavailable"}]},
  listAccounts: {"id":"listAccounts","method":"GET","path":"/v2/admin/accounts","tag":"admin","params":[],"auth":"admin","response":{"kind":"feed","shape":"AccountEntry"},"status":200,"implemented":true,"conditional":true,"errors":[{"status":401,"code":"unauthorized"},{"status":403,"code":"forbidden"},{"status":500,"code":"internal"},{"status":503,"code":"unavailable"}]},
  createAccount: {"id":"createAccount","method":"POST","path":"/v2/admin/accounts","tag":"admin","params":[],"auth":"admin","request":{"kind":"entry","shape":"AccountEntry","field":"account"},"response":{"kind":"entry","shape":"AccountEntry"},"status":201,"implemented":true,"errors":[{"status":400,"code":"validation_failed"},{"status":401,"code":"unauthorized"},{"status":403,"code":"forbidden"},{"status":409,"code":"conflict"},{"status":413,"code":"payload_too_large"},{"status":415,"code":"unsupported_media_type"},{"status":500,"code":"internal"},{"status":503,"code":"unavailable"}]},
  updateAccount: {"id":"updateAccount","method":"PUT","path":"/v2/admin/accounts/{username}","tag":"admin","params":[{"name":"username","in":"path","required":true,"type":"string"}],"auth":"admin","request":{"kind":"entry","shape":"AccountEntry","field":"account"},"response":{"kind":"entry","shape":"AccountEntry"},"status":200,"implemented":true,"errors":[{"status":400,"code":"validation_failed"},{"status":401,"code":"unauthorized"},{"status":403,"code":"forbidden"},{"status":404,"code":"not_found"},{"status":413,"code":"payload_too_large"},{"status":415,"code":"unsupported_media_type"},{"status":500,"code":"internal"},{"status":503,"code":"unavailable"}]},
  deleteAccount: {"id":"deleteAccount","method":"DELETE","path":"/v2/admin/accounts/{username}","tag":"admin","params":[{"name":"username","in":"path","required":true,"type":"string"}],"auth":"admin","response":{"kind":"empty"},"status":200,"reason":"Deleted","implemented":true,"errors":[{"status":401,"code":"unauthorized"},{"status":403,"code":"forbidden"},{"status":404,"code":"not_found"},{"status":409,"code":"conflict"},{"status":500,"code":"internal"},{"status":503,"code":"unavailable"}]},
  createAccountToken: {"id":"createAccountToken","method":"POST","path":"/v2/admin/accounts/{username}/tokens","tag":"admin","params":[{"name":"username","in":"path","required":true,"type":"string"}],"auth":"admin","response":{"kind":"entry","shape":"TokenEntry"},"status":201,"implemented":true,"errors":[{"status":401,"code":"unauthorized"},{"status":403,"code":"forbidden"},{"status":404,"code":"not_found"},{"status":500,"code":"internal"},{"status":503,"code":"unavailable"}]},
  createAccountConsumer: {"id":"createAccountConsumer","method":"POST","path":"/v2/admin/accounts/{username}/consumers","tag":"admin","params":[{"name":"username","in":"path","required":true,"type":"string"}],"auth":"admin","response":{"kind":"entry","shape":"ConsumerEntry"},"status":201,"implemented":true,"errors":[{"status":401,"code":"unauthorized"},{"status":403,"code":"forbidden"},{"status":404,"code":"not_found"},{"status":500,"code":"internal"},{"status":503,"code":"unavailable"}]},
  postSyncmlMessage: {"id":"postSyncmlMessage","method":"POST","path":"/syncml","tag":"syncml-protocol","params":[],"auth":"none","request":{"kind":"raw","mediaType":"application/vnd.syncml+xml"},"response":{"kind":"raw","mediaType":"application/vnd.syncml+xml"},"status":200,"implemented":true,"errors":[{"status":400,"code":"invalid_xml"},{"status":413,"code":"payload_too_large"},{"status":415,"code":"unsupported_media_type"},{"status":500,"code":"internal"},{"status":503,"code":"unavailable"}]},
  getHealth: {"id":"getHealth","method":"GET","path":"/healthz","tag":"health","params":[],"auth":"none","response":{"kind":"raw","mediaType":"text/plain"},"status":200,"implemented":true,"errors":[]},
} as const satisfies Record<string, OperationSpec>;

export type OperationId = keyof typeof operations;

/**
 * Each operation's path and query parameters, request body and success result: `result` is
 * what a handler returns and the answer's codec writes; `response` is what a client decodes
 * from the answer, entries in their response form (what every answer carries, required).
 */
export interface OperationTypes {
  listExtdataClients: {
    path: {  };
    query: {  };
    body: undefined;
    result: Feed<ExtdataClientEntry>;
    response: Feed<ExtdataClientEntryResponse>;
  };
  createExtdataClient: {
    path: {  };
    query: {  };
    body: ExtdataClientEntry;
    result: ExtdataClientEntry;
    response: ExtdataClientEntryResponse;
  };
  getExtdataClient: {
    path: { clientUuid: string };
    query: {  };
    body: undefined;
    result: ExtdataClientEntry;
    response: ExtdataClientEntryResponse;
  };
  updateExtdataClient: {
    path: { clientUuid: string };
    query: {  };
    body: ExtdataClientEntry;
    result: ExtdataClientEntry;
    response: ExtdataClientEntryResponse;
  };
  deleteExtdataClient: {
    path: { clientUuid: string };
    query: {  };
    body: undefined;
    result: void;
    response: void;
  };
  listDatastoreClients: {
    path: {  };
    query: {  };
    body: undefined;
    result: Feed<DatastoreClientEntry>;
    response: Feed<DatastoreClientEntryResponse>;
  };
  createDatastoreClient: {
    path: {  };
    query: {  };
    body: DatastoreClientEntry;
    result: DatastoreClientEntry;
    response: DatastoreClientEntryResponse;
  };
  getDatastoreClient: {
    path: { clientUuid: string };
    query: {  };
    body: undefined;
    result: DatastoreClientEntry;
    response: DatastoreClientEntryResponse;
  };
  listAllContents: {
    path: {  };
    query: {  };
    body: undefined;
    result: void;
    response: void;
  };
  listContents: {
    path: { clientUuid: string };
    query: { dataclass?: "Contacts" | "Events" | "Tasks" | "Notes" | "Calendar" | "all"; 'max-results'?: number; 'start-index'?: number; 'start-after'?: string; q?: string };
    body: undefined;
    result: Feed<ContentEntry>;
    response: Feed<ContentEntryResponse>;
  };
  listContentChanges: {
    path: { clientUuid: string };
    query: { dataclass?: "Contacts" | "Events" | "Tasks" | "Notes" | "Calendar" | "all"; since: string; 'max-results'?: number; 'start-index'?: number; 'start-after'?: string; q?: string };
    body: undefined;
    result: Feed<BatchContentEntry>;
    response: Feed<BatchContentEntry>;
  };
  createContent: {
    path: { clientUuid: string };
    query: { dataclass?: "Contacts" | "Events" | "Tasks" | "Notes" | "Calendar" };
    body: ContentEntry;
    result: ContentEntry;
    response: ContentEntryResponse;
  };
  getContent: {
    path: { clientUuid: string; contentUuid: string };
    query: {  };
    body: undefined;
    result: ContentEntry;
    response: ContentEntryResponse;
  };
  updateContent: {
    path: { clientUuid: string; contentUuid: string };
    query: {  };
    body: ContentEntry;
    result: ContentEntry;
    response: ContentEntryResponse;
  };
  deleteContent: {
    path: { clientUuid: string; contentUuid: string };
    query: {  };
    body: undefined;
    result: void;
    response: void;
  };
  batchContents: {
    path: { clientUuid: string };
    query: { dataclass?: "Contacts" | "Events" | "Tasks" | "Notes" | "Calendar" };
    body: Feed<BatchContentEntry>;
    result: Feed<BatchContentEntry>;
    response: Feed<BatchContentEntry>;
  };
  importContents: {
    path: { clientUuid: string };
    query: { dataclass?: "Contacts" | "Events" | "Tasks" | "Calendar"; 'first-line'?: number };
    body: string;
    result: ContentImportEntry;
    response: ContentImportEntryResponse;
  };
  listSyncmlClients: {
    path: {  };
    query: {  };
    body: undefined;
    result: Feed<SyncmlClientEntry>;
    response: Feed<SyncmlClientEntryResponse>;
  };
  createSyncmlClient: {
    path: {  };
    query: {  };
    body: SyncmlClientEntry;
    result: SyncmlClientEntry;
    response: SyncmlClientEntryResponse;
  };
  getSyncmlClient: {
    path: { clientUuid: string };
    query: {  };
    body: undefined;
    result: SyncmlClientEntry;
    response: SyncmlClientEntryResponse;
  };
  updateSyncmlClient: {
    path: { clientUuid: string };
    query: {  };
    body: undefined;
    result: void;
    response: void;
  };
  deleteSyncmlClient: {
    path: { clientUuid: string };
    query: {  };
    body: undefined;
    result: void;
    response: void;
  };
  createSyncmlSetup: {
    path: { clientUuid: string };
    query: {  };
    body: SyncmlSetupEntry;
    result: SyncmlSetupEntry;
    response: SyncmlSetupEntryResponse;
  };
  requestSyncmlSync: {
    path: { clientUuid: string };
    query: {  };
    body: undefined;
    result: void;
    response: void;
  };
  listSyncmlOutbox: {
    path: { clientUuid: string };
    query: {  };
    body: undefined;
    result: Feed<OutboxEntry>;
    response: Feed<OutboxEntryResponse>;
  };
  listSyncmlSessions: {
    path: {  };
    query: {  };
    body: undefined;
    result: Feed<SessionEntry>;
    response: Feed<SessionEntryResponse>;
  };
  listSyncmlChatlog: {
    path: {  };
    query: {  };
    body: undefined;
    result: Feed<ChatMessageEntry>;
    response: Feed<ChatMessageEntryResponse>;
  };
  listSyncmlDatastores: {
    path: {  };
    query: {  };
    body: undefined;
    result: void;
    response: void;
  };
  listActivesyncClients: {
    path: {  };
    query: {  };
    body: undefined;
    result: Feed<ActivesyncClientEntry>;
    response: Feed<ActivesyncClientEntryResponse>;
  };
  createActivesyncClient: {
    path: {  };
    query: {  };
    body: ActivesyncClientEntry;
    result: ActivesyncClientEntry;
    response: ActivesyncClientEntryResponse;
  };
  getActivesyncClient: {
    path: { clientUuid: string };
    query: {  };
    body: undefined;
    result: ActivesyncClientEntry;
    response: ActivesyncClientEntryResponse;
  };
  updateActivesyncClient: {
    path: { clientUuid: string };
    query: {  };
    body: ActivesyncClientEntry;
    result: ActivesyncClientEntry;
    response: ActivesyncClientEntryResponse;
  };
  deleteActivesyncClient: {
    path: { clientUuid: string };
    query: {  };
    body: undefined;
    result: void;
    response: void;
  };
  wipeActivesyncDevice: {
    path: { clientUuid: string };
    query: {  };
    body: ActivesyncWipeEntry;
    result: ActivesyncClientEntry;
    response: ActivesyncClientEntryResponse;
  };
  cancelActivesyncWipe: {
    path: { clientUuid: string };
    query: {  };
    body: undefined;
    result: ActivesyncClientEntry;
    response: ActivesyncClientEntryResponse;
  };
  listBindings: {
    path: {  };
    query: {  };
    body: undefined;
    result: Feed<BindingEntry>;
    response: Feed<BindingEntryResponse>;
  };
  createBinding: {
    path: {  };
    query: {  };
    body: BindingEntry;
    result: BindingEntry;
    response: BindingEntryResponse;
  };
  getBinding: {
    path: { bindingId: number };
    query: {  };
    body: undefined;
    result: BindingEntry;
    response: BindingEntryResponse;
  };
  updateBinding: {
    path: { bindingId: number };
    query: {  };
    body: BindingEntry;
    result: BindingEntry;
    response: BindingEntryResponse;
  };
  deleteBinding: {
    path: { bindingId: number };
    query: {  };
    body: undefined;
    result: void;
    response: void;
  };
  listSyncLog: {
    path: {  };
    query: {  };
    body: undefined;
    result: Feed<SyncLogEntry>;
    response: Feed<SyncLogEntryResponse>;
  };
  listBindingSyncLog: {
    path: { bindingId: number };
    query: {  };
    body: undefined;
    result: Feed<SyncLogEntry>;
    response: Feed<SyncLogEntryResponse>;
  };
  synchronize: {
    path: { bindingId: number };
    query: {  };
    body: SynchronizationEntry;
    result: SyncLogEntry;
    response: SyncLogEntryResponse;
  };
  getSyncLogEntry: {
    path: { logId: number };
    query: {  };
    body: undefined;
    result: SyncLogEntry;
    response: SyncLogEntryResponse;
  };
  listSyncSources: {
    path: {  };
    query: {  };
    body: undefined;
    result: void;
    response: void;
  };
  registerSyncSource: {
    path: {  };
    query: {  };
    body: undefined;
    result: void;
    response: void;
  };
  listPhoneDatastoreBindings: {
    path: {  };
    query: {  };
    body: undefined;
    result: Feed<PhoneDatastoreBindingEntry>;
    response: Feed<PhoneDatastoreBindingEntryResponse>;
  };
  createPhoneDatastoreBinding: {
    path: {  };
    query: {  };
    body: PhoneDatastoreBindingEntry;
    result: PhoneDatastoreBindingEntry;
    response: PhoneDatastoreBindingEntryResponse;
  };
  listVendors: {
    path: {  };
    query: {  };
    body: undefined;
    result: Feed<VendorEntry>;
    response: Feed<VendorEntryResponse>;
  };
  getVendor: {
    path: { vendorUuid: string };
    query: {  };
    body: undefined;
    result: VendorEntry;
    response: VendorEntryResponse;
  };
  listVendorModels: {
    path: { vendorUuid: string };
    query: {  };
    body: undefined;
    result: Feed<PhoneModelEntry>;
    response: Feed<PhoneModelEntryResponse>;
  };
  listModels: {
    path: {  };
    query: {  };
    body: undefined;
    result: Feed<PhoneModelEntry>;
    response: Feed<PhoneModelEntryResponse>;
  };
  getModel: {
    path: { modelUuid: string };
    query: {  };
    body: undefined;
    result: PhoneModelEntry;
    response: PhoneModelEntryResponse;
  };
  changeOwnPassword: {
    path: {  };
    query: {  };
    body: AccountEntry;
    result: AccountEntry;
    response: AccountEntryResponse;
  };
  listAppPasswords: {
    path: {  };
    query: {  };
    body: undefined;
    result: Feed<AppPasswordEntry>;
    response: Feed<AppPasswordEntryResponse>;
  };
  createAppPassword: {
    path: {  };
    query: {  };
    body: AppPasswordEntry;
    result: AppPasswordEntry;
    response: AppPasswordEntryResponse;
  };
  revokeAppPassword: {
    path: { appPasswordUuid: string };
    query: {  };
    body: undefined;
    result: void;
    response: void;
  };
  listAccounts: {
    path: {  };
    query: {  };
    body: undefined;
    result: Feed<AccountEntry>;
    response: Feed<AccountEntryResponse>;
  };
  createAccount: {
    path: {  };
    query: {  };
    body: AccountEntry;
    result: AccountEntry;
    response: AccountEntryResponse;
  };
  updateAccount: {
    path: { username: string };
    query: {  };
    body: AccountEntry;
    result: AccountEntry;
    response: AccountEntryResponse;
  };
  deleteAccount: {
    path: { username: string };
    query: {  };
    body: undefined;
    result: void;
    response: void;
  };
  createAccountToken: {
    path: { username: string };
    query: {  };
    body: undefined;
    result: TokenEntry;
    response: TokenEntryResponse;
  };
  createAccountConsumer: {
    path: { username: string };
    query: {  };
    body: undefined;
    result: ConsumerEntry;
    response: ConsumerEntryResponse;
  };
  postSyncmlMessage: {
    path: {  };
    query: {  };
    body: Uint8Array;
    result: Uint8Array;
    response: Uint8Array;
  };
  getHealth: {
    path: {  };
    query: {  };
    body: undefined;
    result: string;
    response: string;
  };
}
