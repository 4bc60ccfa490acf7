// generated — do not edit. Written by codegen/src/emit/docs-search.ts from spec/openapi.yaml and spec/xsd/*.xsd; run `npm run generate`.
/* eslint-disable */
var INDEX = [
{"title":"List external data clients","url":"extdata.html#listExtdataClients","kind":"operation","detail":"GET /v2/services/extdata/","keywords":["listExtdataClients","client.extdata.list","extdata"]},
{"title":"Register an external data client","url":"extdata.html#createExtdataClient","kind":"operation","detail":"POST /v2/services/extdata/","keywords":["createExtdataClient","client.extdata.create","extdata"]},
{"title":"Get an external data client","url":"extdata.html#getExtdataClient","kind":"operation","detail":"GET /v2/services/extdata/{clientUuid}/","keywords":["getExtdataClient","client.extdata.get","extdata"]},
{"title":"Add datastores to an external data client","url":"extdata.html#updateExtdataClient","kind":"operation","detail":"PUT /v2/services/extdata/{clientUuid}/","keywords":["updateExtdataClient","client.extdata.update","extdata"]},
{"title":"Delete an external data client","url":"extdata.html#deleteExtdataClient","kind":"operation","detail":"DELETE /v2/services/extdata/{clientUuid}/","keywords":["deleteExtdataClient","client.extdata.delete","extdata"]},
{"title":"List datastore clients","url":"datastore.html#listDatastoreClients","kind":"operation","detail":"GET /v2/services/datastore/","keywords":["listDatastoreClients","client.datastore.list","datastore"]},
{"title":"Create a datastore client","url":"datastore.html#createDatastoreClient","kind":"operation","detail":"POST /v2/services/datastore/","keywords":["createDatastoreClient","client.datastore.create","datastore"]},
{"title":"Get a datastore client","url":"datastore.html#getDatastoreClient","kind":"operation","detail":"GET /v2/services/datastore/{clientUuid}/","keywords":["getDatastoreClient","client.datastore.get","datastore"]},
{"title":"List content of all clients (not allowed)","url":"contents.html#listAllContents","kind":"operation","detail":"GET /v2/services/datastore/content/","keywords":["listAllContents","client.datastore.allContents","contents"]},
{"title":"List a client's content items, or its changes since a time","url":"contents.html#listContents","kind":"operation","detail":"GET /v2/services/datastore/{clientUuid}/contents/","keywords":["listContents","client.datastore.contents(…).list","contents"]},
{"title":"List the changes to a client's content items since a time (?since=)","url":"contents.html#listContentChanges","kind":"operation","detail":"GET /v2/services/datastore/{clientUuid}/contents/?since=","keywords":["listContentChanges","client.datastore.contents(…).changes","contents"]},
{"title":"Create a content item","url":"contents.html#createContent","kind":"operation","detail":"POST /v2/services/datastore/{clientUuid}/contents/","keywords":["createContent","client.datastore.contents(…).create","contents"]},
{"title":"Get a content item","url":"contents.html#getContent","kind":"operation","detail":"GET /v2/services/datastore/{clientUuid}/contents/{contentUuid}","keywords":["getContent","client.datastore.contents(…).get","contents"]},
{"title":"Replace a content item","url":"contents.html#updateContent","kind":"operation","detail":"PUT /v2/services/datastore/{clientUuid}/contents/{contentUuid}","keywords":["updateContent","client.datastore.contents(…).update","contents"]},
{"title":"Delete a content item","url":"contents.html#deleteContent","kind":"operation","detail":"DELETE /v2/services/datastore/{clientUuid}/contents/{contentUuid}","keywords":["deleteContent","client.datastore.contents(…).delete","contents"]},
{"title":"Apply a batch of content changes","url":"contents.html#batchContents","kind":"operation","detail":"POST /v2/services/datastore/{clientUuid}/contents/batch","keywords":["batchContents","client.datastore.contents(…).batch","contents"]},
{"title":"List SyncML clients","url":"syncml.html#listSyncmlClients","kind":"operation","detail":"GET /v2/services/syncml/","keywords":["listSyncmlClients","client.syncml.list","syncml"]},
{"title":"Register a SyncML phone","url":"syncml.html#createSyncmlClient","kind":"operation","detail":"POST /v2/services/syncml/","keywords":["createSyncmlClient","client.syncml.create","syncml"]},
{"title":"Get a SyncML client","url":"syncml.html#getSyncmlClient","kind":"operation","detail":"GET /v2/services/syncml/{clientUuid}","keywords":["getSyncmlClient","client.syncml.get","syncml"]},
{"title":"Update a SyncML client (not offered)","url":"syncml.html#updateSyncmlClient","kind":"operation","detail":"PUT /v2/services/syncml/{clientUuid}","keywords":["updateSyncmlClient","client.syncml.update","syncml"]},
{"title":"Delete a SyncML client","url":"syncml.html#deleteSyncmlClient","kind":"operation","detail":"DELETE /v2/services/syncml/{clientUuid}","keywords":["deleteSyncmlClient","client.syncml.delete","syncml"]},
{"title":"Send synchronization settings to the phone","url":"syncml.html#createSyncmlSetup","kind":"operation","detail":"POST /v2/services/syncml/{clientUuid}/setup/","keywords":["createSyncmlSetup","client.syncml.setup","syncml"]},
{"title":"Request a server-initiated sync","url":"syncml.html#requestSyncmlSync","kind":"operation","detail":"POST /v2/services/syncml/{clientUuid}/sync/","keywords":["requestSyncmlSync","client.syncml.requestSync","syncml"]},
{"title":"List what was sent to the phone","url":"syncml.html#listSyncmlOutbox","kind":"operation","detail":"GET /v2/services/syncml/{clientUuid}/outbox/","keywords":["listSyncmlOutbox","client.syncml.outbox","syncml"]},
{"title":"List SyncML sessions","url":"syncml.html#listSyncmlSessions","kind":"operation","detail":"GET /v2/services/syncml/sessions/","keywords":["listSyncmlSessions","client.syncml.sessions","syncml"]},
{"title":"List the SyncML chat log (administrators)","url":"syncml.html#listSyncmlChatlog","kind":"operation","detail":"GET /v2/services/syncml/sessions/chatlog/","keywords":["listSyncmlChatlog","client.syncml.chatlog","syncml"]},
{"title":"List phone datastores (not implemented)","url":"syncml.html#listSyncmlDatastores","kind":"operation","detail":"GET /v2/services/syncml/datastores/","keywords":["listSyncmlDatastores","client.syncml.datastores","syncml"]},
{"title":"List ActiveSync clients","url":"activesync.html#listActivesyncClients","kind":"operation","detail":"GET /v2/services/activesync/","keywords":["listActivesyncClients","client.activesync.list","activesync"]},
{"title":"Register an ActiveSync phone","url":"activesync.html#createActivesyncClient","kind":"operation","detail":"POST /v2/services/activesync/","keywords":["createActivesyncClient","client.activesync.create","activesync"]},
{"title":"Get an ActiveSync client","url":"activesync.html#getActivesyncClient","kind":"operation","detail":"GET /v2/services/activesync/{clientUuid}","keywords":["getActivesyncClient","client.activesync.get","activesync"]},
{"title":"Change an ActiveSync client's password","url":"activesync.html#updateActivesyncClient","kind":"operation","detail":"PUT /v2/services/activesync/{clientUuid}","keywords":["updateActivesyncClient","client.activesync.update","activesync"]},
{"title":"Delete an ActiveSync client","url":"activesync.html#deleteActivesyncClient","kind":"operation","detail":"DELETE /v2/services/activesync/{clientUuid}","keywords":["deleteActivesyncClient","client.activesync.delete","activesync"]},
{"title":"Remotely wipe the client's phone","url":"activesync.html#wipeActivesyncDevice","kind":"operation","detail":"POST /v2/services/activesync/{clientUuid}/wipe","keywords":["wipeActivesyncDevice","client.activesync.wipe","activesync"]},
{"title":"Cancel a remote wipe","url":"activesync.html#cancelActivesyncWipe","kind":"operation","detail":"DELETE /v2/services/activesync/{clientUuid}/wipe","keywords":["cancelActivesyncWipe","client.activesync.cancelWipe","activesync"]},
{"title":"List sync bindings","url":"syncengine.html#listBindings","kind":"operation","detail":"GET /v2/syncengine/","keywords":["listBindings","client.syncengine.list","syncengine"]},
{"title":"Bind two clients","url":"syncengine.html#createBinding","kind":"operation","detail":"POST /v2/syncengine/","keywords":["createBinding","client.syncengine.create","syncengine"]},
{"title":"Get a sync binding","url":"syncengine.html#getBinding","kind":"operation","detail":"GET /v2/syncengine/{bindingId}/","keywords":["getBinding","client.syncengine.get","syncengine"]},
{"title":"Change a binding's conflict winner","url":"syncengine.html#updateBinding","kind":"operation","detail":"PUT /v2/syncengine/{bindingId}/","keywords":["updateBinding","client.syncengine.update","syncengine"]},
{"title":"Delete a sync binding","url":"syncengine.html#deleteBinding","kind":"operation","detail":"DELETE /v2/syncengine/{bindingId}/","keywords":["deleteBinding","client.syncengine.delete","syncengine"]},
{"title":"List the synchronization log","url":"syncengine.html#listSyncLog","kind":"operation","detail":"GET /v2/syncengine/synchronization/","keywords":["listSyncLog","client.syncengine.log","syncengine"]},
{"title":"List one binding's synchronization log","url":"syncengine.html#listBindingSyncLog","kind":"operation","detail":"GET /v2/syncengine/{bindingId}/synchronization/","keywords":["listBindingSyncLog","client.syncengine.bindingLog","syncengine"]},
{"title":"Run a synchronization","url":"syncengine.html#synchronize","kind":"operation","detail":"POST /v2/syncengine/{bindingId}/synchronization/","keywords":["synchronize","client.syncengine.synchronize","syncengine"]},
{"title":"Get one synchronization log entry","url":"syncengine.html#getSyncLogEntry","kind":"operation","detail":"GET /v2/syncengine/synclog/{logId}","keywords":["getSyncLogEntry","client.syncengine.logEntry","syncengine"]},
{"title":"List sync sources (not implemented)","url":"syncengine.html#listSyncSources","kind":"operation","detail":"GET /v2/syncengine/sources/","keywords":["listSyncSources","client.syncengine.sources","syncengine"]},
{"title":"Register a sync source (not implemented)","url":"syncengine.html#registerSyncSource","kind":"operation","detail":"POST /v2/syncengine/sources/","keywords":["registerSyncSource","client.syncengine.registerSource","syncengine"]},
{"title":"List phone-to-datastore bindings","url":"phone-datastore-bindings.html#listPhoneDatastoreBindings","kind":"operation","detail":"GET /v2/syncengine/phone_datastore_bindings/","keywords":["listPhoneDatastoreBindings","client.phoneDatastoreBindings.list","phone-datastore-bindings"]},
{"title":"Create a phone bound to a datastore","url":"phone-datastore-bindings.html#createPhoneDatastoreBinding","kind":"operation","detail":"POST /v2/syncengine/phone_datastore_bindings","keywords":["createPhoneDatastoreBinding","client.phoneDatastoreBindings.create","phone-datastore-bindings"]},
{"title":"List phone vendors","url":"phones.html#listVendors","kind":"operation","detail":"GET /v2/phones/vendors/","keywords":["listVendors","client.phones.vendors","phones"]},
{"title":"Get a phone vendor","url":"phones.html#getVendor","kind":"operation","detail":"GET /v2/phones/vendors/{vendorUuid}","keywords":["getVendor","client.phones.vendor","phones"]},
{"title":"List one vendor's phone models","url":"phones.html#listVendorModels","kind":"operation","detail":"GET /v2/phones/vendors/{vendorUuid}/models/","keywords":["listVendorModels","client.phones.vendorModels","phones"]},
{"title":"List all phone models","url":"phones.html#listModels","kind":"operation","detail":"GET /v2/phones/vendors/models/","keywords":["listModels","client.phones.models","phones"]},
{"title":"Get a phone model","url":"phones.html#getModel","kind":"operation","detail":"GET /v2/phones/vendors/models/{modelUuid}","keywords":["getModel","client.phones.model","phones"]},
{"title":"List the account's app passwords","url":"account.html#listAppPasswords","kind":"operation","detail":"GET /v2/account/app_passwords/","keywords":["listAppPasswords","client.appPasswords.list","account"]},
{"title":"Create an app password","url":"account.html#createAppPassword","kind":"operation","detail":"POST /v2/account/app_passwords/","keywords":["createAppPassword","client.appPasswords.create","account"]},
{"title":"Revoke an app password","url":"account.html#revokeAppPassword","kind":"operation","detail":"DELETE /v2/account/app_passwords/{appPasswordUuid}","keywords":["revokeAppPassword","client.appPasswords.revoke","account"]},
{"title":"List accounts","url":"admin.html#listAccounts","kind":"operation","detail":"GET /v2/admin/accounts","keywords":["listAccounts","client.admin.accounts","admin"]},
{"title":"Create an account","url":"admin.html#createAccount","kind":"operation","detail":"POST /v2/admin/accounts","keywords":["createAccount","client.admin.createAccount","admin"]},
{"title":"Delete an account","url":"admin.html#deleteAccount","kind":"operation","detail":"DELETE /v2/admin/accounts/{username}","keywords":["deleteAccount","client.admin.deleteAccount","admin"]},
{"title":"Issue a bearer token for an account","url":"admin.html#createAccountToken","kind":"operation","detail":"POST /v2/admin/accounts/{username}/tokens","keywords":["createAccountToken","client.admin.createToken","admin"]},
{"title":"Issue an OAuth 1.0a consumer for an account","url":"admin.html#createAccountConsumer","kind":"operation","detail":"POST /v2/admin/accounts/{username}/consumers","keywords":["createAccountConsumer","client.admin.createConsumer","admin"]},
{"title":"Exchange a SyncML message","url":"syncml-protocol.html#postSyncmlMessage","kind":"operation","detail":"POST /syncml","keywords":["postSyncmlMessage","client.syncmlProtocol.post","syncml-protocol"]},
{"title":"Readiness probe","url":"health.html#getHealth","kind":"operation","detail":"GET /healthz","keywords":["getHealth","client.health.get","health"]},
{"title":"Getting started: a first synchronization in ten minutes","url":"getting-started.html","kind":"guide"},
{"title":"1. Start the server","url":"getting-started.html#1-start-the-server","kind":"guide","detail":"Getting started"},
{"title":"2. Create an account","url":"getting-started.html#2-create-an-account","kind":"guide","detail":"Getting started"},
{"title":"3. Create a datastore client","url":"getting-started.html#3-create-a-datastore-client","kind":"guide","detail":"Getting started"},
{"title":"4. Add a contact","url":"getting-started.html#4-add-a-contact","kind":"guide","detail":"Getting started"},
{"title":"5. Bind it to a second datastore","url":"getting-started.html#5-bind-it-to-a-second-datastore","kind":"guide","detail":"Getting started"},
{"title":"6. Run a synchronization","url":"getting-started.html#6-run-a-synchronization","kind":"guide","detail":"Getting started"},
{"title":"7. Read the result and the log","url":"getting-started.html#7-read-the-result-and-the-log","kind":"guide","detail":"Getting started"},
{"title":"Where next","url":"getting-started.html#where-next","kind":"guide","detail":"Getting started"},
{"title":"The protocol: what a client can rely on","url":"protocol.html","kind":"guide"},
{"title":"Namespaces","url":"protocol.html#namespaces","kind":"guide","detail":"The protocol"},
{"title":"Addresses and links","url":"protocol.html#addresses-and-links","kind":"guide","detail":"The protocol"},
{"title":"Authentication","url":"protocol.html#authentication","kind":"guide","detail":"The protocol"},
{"title":"Accounts and the admin API","url":"protocol.html#accounts-and-the-admin-api","kind":"guide","detail":"The protocol"},
{"title":"App passwords","url":"protocol.html#app-passwords","kind":"guide","detail":"The protocol"},
{"title":"Error body","url":"protocol.html#error-body","kind":"guide","detail":"The protocol"},
{"title":"Error codes","url":"protocol.html#error-codes","kind":"guide","detail":"The protocol"},
{"title":"Specific refusals","url":"protocol.html#specific-refusals","kind":"guide","detail":"The protocol"},
{"title":"Limits","url":"protocol.html#limits","kind":"guide","detail":"The protocol"},
{"title":"Conditional requests","url":"protocol.html#conditional-requests","kind":"guide","detail":"The protocol"},
{"title":"Conditional writes","url":"protocol.html#conditional-writes","kind":"guide","detail":"The protocol"},
{"title":"Paged feeds","url":"protocol.html#paged-feeds","kind":"guide","detail":"The protocol"},
{"title":"Where request fields sit","url":"protocol.html#where-request-fields-sit","kind":"guide","detail":"The protocol"},
{"title":"Dataclass of a content item","url":"protocol.html#dataclass-of-a-content-item","kind":"guide","detail":"The protocol"},
{"title":"Timestamps","url":"protocol.html#timestamps","kind":"guide","detail":"The protocol"},
{"title":"Sync modes","url":"protocol.html#sync-modes","kind":"guide","detail":"The protocol"},
{"title":"The first run of a binding","url":"protocol.html#the-first-run-of-a-binding","kind":"guide","detail":"The protocol"},
{"title":"Statistics direction","url":"protocol.html#statistics-direction","kind":"guide","detail":"The protocol"},
{"title":"CardDAV and CalDAV","url":"protocol.html#carddav-and-caldav","kind":"guide","detail":"The protocol"},
{"title":"External accounts over CardDAV and CalDAV","url":"protocol.html#external-accounts-over-carddav-and-caldav","kind":"guide","detail":"The protocol"},
{"title":"SyncML phones","url":"protocol.html#syncml-phones","kind":"guide","detail":"The protocol"},
{"title":"SyncML authentication","url":"protocol.html#syncml-authentication","kind":"guide","detail":"The protocol"},
{"title":"Phone identification","url":"protocol.html#phone-identification","kind":"guide","detail":"The protocol"},
{"title":"Datastore URIs","url":"protocol.html#datastore-uris","kind":"guide","detail":"The protocol"},
{"title":"Where a phone's data goes","url":"protocol.html#where-a-phones-data-goes","kind":"guide","detail":"The protocol"},
{"title":"Setup and server alerts","url":"protocol.html#setup-and-server-alerts","kind":"guide","detail":"The protocol"},
{"title":"ActiveSync phones","url":"protocol.html#activesync-phones","kind":"guide","detail":"The protocol"},
{"title":"The calendar window (FilterType)","url":"protocol.html#the-calendar-window-filtertype","kind":"guide","detail":"The protocol"},
{"title":"Push over Sync and the requests a phone shortens","url":"protocol.html#push-over-sync-and-the-requests-a-phone-shortens","kind":"guide","detail":"The protocol"},
{"title":"The device record and remote wipe","url":"protocol.html#the-device-record-and-remote-wipe","kind":"guide","detail":"The protocol"},
{"title":"Running atomsync: the operator's guide","url":"operators.html","kind":"guide"},
{"title":"Install","url":"operators.html#install","kind":"guide","detail":"Running atomsync"},
{"title":"Environment variables and flags","url":"operators.html#environment-variables-and-flags","kind":"guide","detail":"Running atomsync"},
{"title":"Probes and metrics","url":"operators.html#probes-and-metrics","kind":"guide","detail":"Running atomsync"},
{"title":"Stopping","url":"operators.html#stopping","kind":"guide","detail":"Running atomsync"},
{"title":"Accounts","url":"operators.html#accounts","kind":"guide","detail":"Running atomsync"},
{"title":"Import and export","url":"operators.html#import-and-export","kind":"guide","detail":"Running atomsync"},
{"title":"Stores","url":"operators.html#stores","kind":"guide","detail":"Running atomsync"},
{"title":"The embedded store","url":"operators.html#the-embedded-store","kind":"guide","detail":"Running atomsync"},
{"title":"PostgreSQL","url":"operators.html#postgresql","kind":"guide","detail":"Running atomsync"},
{"title":"When the database restarts or fails over","url":"operators.html#when-the-database-restarts-or-fails-over","kind":"guide","detail":"Running atomsync"},
{"title":"Write throughput and durability","url":"operators.html#write-throughput-and-durability","kind":"guide","detail":"Running atomsync"},
{"title":"The secret key","url":"operators.html#the-secret-key","kind":"guide","detail":"Running atomsync"},
{"title":"Several instances behind a load balancer","url":"operators.html#several-instances-behind-a-load-balancer","kind":"guide","detail":"Running atomsync"},
{"title":"Past one PostgreSQL: sharding by account","url":"operators.html#past-one-postgresql-sharding-by-account","kind":"guide","detail":"Running atomsync"},
{"title":"HTTPS","url":"operators.html#https","kind":"guide","detail":"Running atomsync"},
{"title":"The server's own certificate","url":"operators.html#the-servers-own-certificate","kind":"guide","detail":"Running atomsync"},
{"title":"TLS and a reverse proxy","url":"operators.html#tls-and-a-reverse-proxy","kind":"guide","detail":"Running atomsync"},
{"title":"Backups and restore","url":"operators.html#backups-and-restore","kind":"guide","detail":"Running atomsync"},
{"title":"The embedded store","url":"operators.html#the-embedded-store-1","kind":"guide","detail":"Running atomsync"},
{"title":"PostgreSQL","url":"operators.html#postgresql-1","kind":"guide","detail":"Running atomsync"},
{"title":"SyncML phones","url":"operators.html#syncml-phones","kind":"guide","detail":"Running atomsync"},
{"title":"ActiveSync phones","url":"operators.html#activesync-phones","kind":"guide","detail":"Running atomsync"},
{"title":"Upgrading","url":"operators.html#upgrading","kind":"guide","detail":"Running atomsync"},
{"title":"Security: the threat model","url":"security.html","kind":"guide"},
{"title":"Parties","url":"security.html#parties","kind":"guide","detail":"Security"},
{"title":"What they can reach","url":"security.html#what-they-can-reach","kind":"guide","detail":"Security"},
{"title":"Writers that race, servers that die","url":"security.html#writers-that-race-servers-that-die","kind":"guide","detail":"Security"},
{"title":"Hostile input","url":"security.html#hostile-input","kind":"guide","detail":"Security"},
{"title":"The database going away","url":"security.html#the-database-going-away","kind":"guide","detail":"Security"},
{"title":"Logs","url":"security.html#logs","kind":"guide","detail":"Security"},
{"title":"extdata","url":"extdata.html","kind":"tag","detail":"5 operations"},
{"title":"datastore","url":"datastore.html","kind":"tag","detail":"3 operations"},
{"title":"contents","url":"contents.html","kind":"tag","detail":"8 operations"},
{"title":"syncml","url":"syncml.html","kind":"tag","detail":"11 operations"},
{"title":"activesync","url":"activesync.html","kind":"tag","detail":"7 operations"},
{"title":"syncengine","url":"syncengine.html","kind":"tag","detail":"11 operations"},
{"title":"phone-datastore-bindings","url":"phone-datastore-bindings.html","kind":"tag","detail":"2 operations"},
{"title":"phones","url":"phones.html","kind":"tag","detail":"5 operations"},
{"title":"account","url":"account.html","kind":"tag","detail":"3 operations"},
{"title":"admin","url":"admin.html","kind":"tag","detail":"5 operations"},
{"title":"syncml-protocol","url":"syncml-protocol.html","kind":"tag","detail":"1 operations"},
{"title":"health","url":"health.html","kind":"tag","detail":"1 operations"},
{"title":"Person","url":"elements.html#Person","kind":"type"},
{"title":"Link","url":"elements.html#Link","kind":"type"},
{"title":"FeedHead","url":"elements.html#FeedHead","kind":"type"},
{"title":"Content","url":"elements.html#Content","kind":"type"},
{"title":"ExtdataToken","url":"elements.html#ExtdataToken","kind":"type"},
{"title":"ExtdataDatastore","url":"elements.html#ExtdataDatastore","kind":"type"},
{"title":"ExtdataClient","url":"elements.html#ExtdataClient","kind":"type"},
{"title":"ExtdataClientEntry","url":"elements.html#ExtdataClientEntry","kind":"type"},
{"title":"DatastoreClient","url":"elements.html#DatastoreClient","kind":"type"},
{"title":"DatastoreClientEntry","url":"elements.html#DatastoreClientEntry","kind":"type"},
{"title":"ListingSetup","url":"elements.html#ListingSetup","kind":"type"},
{"title":"PhoneDatastore","url":"elements.html#PhoneDatastore","kind":"type"},
{"title":"SyncmlClient","url":"elements.html#SyncmlClient","kind":"type"},
{"title":"SyncmlClientEntry","url":"elements.html#SyncmlClientEntry","kind":"type"},
{"title":"DeviceUnbound","url":"elements.html#DeviceUnbound","kind":"type"},
{"title":"IsolatedItem","url":"elements.html#IsolatedItem","kind":"type"},
{"title":"DeviceReplacement","url":"elements.html#DeviceReplacement","kind":"type"},
{"title":"DeviceWipe","url":"elements.html#DeviceWipe","kind":"type"},
{"title":"ActivesyncDevice","url":"elements.html#ActivesyncDevice","kind":"type"},
{"title":"ActivesyncClient","url":"elements.html#ActivesyncClient","kind":"type"},
{"title":"ActivesyncClientEntry","url":"elements.html#ActivesyncClientEntry","kind":"type"},
{"title":"WipeRequest","url":"elements.html#WipeRequest","kind":"type"},
{"title":"ActivesyncWipeEntry","url":"elements.html#ActivesyncWipeEntry","kind":"type"},
{"title":"ContentEntry","url":"elements.html#ContentEntry","kind":"type"},
{"title":"BatchContent","url":"elements.html#BatchContent","kind":"type"},
{"title":"Operation","url":"elements.html#Operation","kind":"type"},
{"title":"Status","url":"elements.html#Status","kind":"type"},
{"title":"BatchContentEntry","url":"elements.html#BatchContentEntry","kind":"type"},
{"title":"SentSetup","url":"elements.html#SentSetup","kind":"type"},
{"title":"SyncmlSetupEntry","url":"elements.html#SyncmlSetupEntry","kind":"type"},
{"title":"ClientRef","url":"elements.html#ClientRef","kind":"type"},
{"title":"BindingEntry","url":"elements.html#BindingEntry","kind":"type"},
{"title":"SynchronizationEntry","url":"elements.html#SynchronizationEntry","kind":"type"},
{"title":"SyncSourceRef","url":"elements.html#SyncSourceRef","kind":"type"},
{"title":"Statistics","url":"elements.html#Statistics","kind":"type"},
{"title":"SideStats","url":"elements.html#SideStats","kind":"type"},
{"title":"SyncStats","url":"elements.html#SyncStats","kind":"type"},
{"title":"SyncLogEntry","url":"elements.html#SyncLogEntry","kind":"type"},
{"title":"VendorEntry","url":"elements.html#VendorEntry","kind":"type"},
{"title":"PhoneModelEntry","url":"elements.html#PhoneModelEntry","kind":"type"},
{"title":"PhoneDatastoreBindingEntry","url":"elements.html#PhoneDatastoreBindingEntry","kind":"type"},
{"title":"SessionDatastore","url":"elements.html#SessionDatastore","kind":"type"},
{"title":"Session","url":"elements.html#Session","kind":"type"},
{"title":"SessionEntry","url":"elements.html#SessionEntry","kind":"type"},
{"title":"ChatMessage","url":"elements.html#ChatMessage","kind":"type"},
{"title":"ChatMessageEntry","url":"elements.html#ChatMessageEntry","kind":"type"},
{"title":"OutboxItem","url":"elements.html#OutboxItem","kind":"type"},
{"title":"OutboxEntry","url":"elements.html#OutboxEntry","kind":"type"},
{"title":"Account","url":"elements.html#Account","kind":"type"},
{"title":"AccountEntry","url":"elements.html#AccountEntry","kind":"type"},
{"title":"TokenEntry","url":"elements.html#TokenEntry","kind":"type"},
{"title":"AppPassword","url":"elements.html#AppPassword","kind":"type"},
{"title":"AppPasswordEntry","url":"elements.html#AppPasswordEntry","kind":"type"},
{"title":"Consumer","url":"elements.html#Consumer","kind":"type"},
{"title":"ConsumerEntry","url":"elements.html#ConsumerEntry","kind":"type"},
{"title":"ErrorDetail","url":"elements.html#ErrorDetail","kind":"type"},
{"title":"ServiceError","url":"elements.html#ServiceError","kind":"type"},
{"title":"bad_request","url":"index.html#error-bad_request","kind":"error","detail":"error code"},
{"title":"invalid_xml","url":"index.html#error-invalid_xml","kind":"error","detail":"error code"},
{"title":"validation_failed","url":"index.html#error-validation_failed","kind":"error","detail":"error code"},
{"title":"unauthorized","url":"index.html#error-unauthorized","kind":"error","detail":"error code"},
{"title":"forbidden","url":"index.html#error-forbidden","kind":"error","detail":"error code"},
{"title":"not_found","url":"index.html#error-not_found","kind":"error","detail":"error code"},
{"title":"method_not_allowed","url":"index.html#error-method_not_allowed","kind":"error","detail":"error code"},
{"title":"conflict","url":"index.html#error-conflict","kind":"error","detail":"error code"},
{"title":"precondition_failed","url":"index.html#error-precondition_failed","kind":"error","detail":"error code"},
{"title":"payload_too_large","url":"index.html#error-payload_too_large","kind":"error","detail":"error code"},
{"title":"unsupported_media_type","url":"index.html#error-unsupported_media_type","kind":"error","detail":"error code"},
{"title":"rate_limited","url":"index.html#error-rate_limited","kind":"error","detail":"error code"},
{"title":"not_implemented","url":"index.html#error-not_implemented","kind":"error","detail":"error code"},
{"title":"internal","url":"index.html#error-internal","kind":"error","detail":"error code"},
{"title":"unavailable","url":"index.html#error-unavailable","kind":"error","detail":"error code"}
];
(function () {
  var KINDS = ['operation', 'guide', 'tag', 'type', 'error'];
  var input = document.getElementById('search-input');
  var list = document.getElementById('search-results');
  if (!input || !list) return;
  var items = INDEX.map(function (it) {
    return { it: it, title: it.title.toLowerCase(), words: [it.title, it.detail || ''].concat(it.keywords || []).join(' ').toLowerCase() };
  });
  // An exact title or keyword first, then by kind (operations first), then titles that start with it.
  function rank(entry, q) {
    var keys = (entry.it.keywords || []).map(function (k) { return k.toLowerCase(); });
    var exact = entry.title === q || keys.indexOf(q) !== -1 ? 0 : 1;
    var start = entry.title.indexOf(q) === 0 ? 0 : entry.title.indexOf(q) !== -1 ? 1 : 2;
    return exact * 100 + KINDS.indexOf(entry.it.kind) * 10 + start;
  }
  function search(query) {
    var q = query.trim().toLowerCase();
    if (!q) return [];
    var terms = q.split(/\s+/);
    return items
      .filter(function (e) { return terms.every(function (t) { return e.words.indexOf(t) !== -1; }); })
      .map(function (e) { return { e: e, r: rank(e, q) }; })
      .sort(function (a, b) { return a.r - b.r || (a.e.title < b.e.title ? -1 : a.e.title > b.e.title ? 1 : 0); })
      .slice(0, 15)
      .map(function (x) { return x.e.it; });
  }
  function show(results) {
    list.textContent = '';
    list.hidden = input.value.trim() === '';
    if (!list.hidden && results.length === 0) {
      var none = document.createElement('li');
      none.className = 'none';
      none.textContent = 'Nothing found';
      list.appendChild(none);
    }
    results.forEach(function (it) {
      var li = document.createElement('li');
      var a = document.createElement('a');
      a.href = it.url;
      var kind = document.createElement('span');
      kind.className = 'kind';
      kind.textContent = it.kind;
      var title = document.createElement('span');
      title.className = 'title';
      title.textContent = it.title;
      a.appendChild(kind);
      a.appendChild(title);
      if (it.detail) {
        var detail = document.createElement('span');
        detail.className = 'detail';
        detail.textContent = it.detail;
        a.appendChild(detail);
      }
      li.appendChild(a);
      list.appendChild(li);
    });
  }
  input.addEventListener('input', function () { show(search(input.value)); });
  input.addEventListener('keydown', function (event) {
    if (event.key === 'Enter') {
      var first = list.querySelector('a');
      if (first) window.location.href = first.href;
    } else if (event.key === 'Escape') {
      input.value = '';
      show([]);
    }
  });
})();
