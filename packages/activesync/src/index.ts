// The code pages of MS-ASWBXML, loaded from spec/activesync/code-pages.json.
export { CODE_PAGES, CODE_PAGE_NAMES, CODE_PAGE_TABLES, pageNumber, tagByName, tagByToken } from './code-pages.js';
export type { AsCodePage, AsName, AsTag, CodePageName } from './code-pages.js';

// The document model and its helpers.
export { bytesOf, child, childrenOf, childText, el, isContainer, isOpaque, isText, nameOf, requireChild, requireText, textOf } from './tree.js';
export type { AsContainer, AsElement, AsOpaque, AsText } from './tree.js';

// The codec.
export { decodeRequest } from './decode.js';
export { encodeResponse } from './encode.js';
export { MAX_CHILDREN, MAX_ELEMENT_DEPTH, MAX_ELEMENTS } from './limits.js';
export { ActiveSyncDecodeError, ActiveSyncEncodeError, ActiveSyncRequestLineError } from './errors.js';

// MS-ASHTTP: the request line, and what a server announces.
export { parseRequestLine } from './request-line.js';
export type { AsCommandParams, AsRequestLine, HeadersLike } from './request-line.js';
export {
  AS_COMMAND_CODES,
  AS_COMMAND_PARAMETER_TAGS,
  AS_OPTIONS_ACCEPT_MULTIPART,
  AS_OPTIONS_SAVE_IN_SENT,
  AS_PROTOCOL_COMMANDS,
  AS_PROTOCOL_COMMANDS_HEADER,
  AS_PROTOCOL_VERSIONS_HEADER,
  AS_WBXML_MEDIA_TYPE,
} from './protocol.js';
export type { AsCommand } from './protocol.js';

// The commands of a contacts/calendar/tasks/notes server: requests read into typed values, responses built.
export { readSyncRequest, serverCommandElement, syncCollectionElement, syncResponse, syncStatusResponse, DEFAULT_WINDOW_SIZE, MAX_WINDOW_SIZE } from './commands/sync.js';
export type { BodyPreference, ClientCommand, CommandResponse, ServerCommand, SyncCollectionRequest, SyncCollectionResponse, SyncOptions, SyncRequest } from './commands/sync.js';
export { folderSyncResponse, readFolderSyncRequest } from './commands/folder-sync.js';
export type { FolderChanges, FolderEntry, FolderSyncRequest } from './commands/folder-sync.js';
export { ACCOUNT_ONLY_WIPE_SINCE, policyData, policyTypeFor, provisionResponse, readProvisionRequest } from './commands/provision.js';
export type { ProvisionPolicyAnswer, ProvisionRequest, WipeScope } from './commands/provision.js';
export { readDeviceInformation, readSettingsRequest, settingsResponse } from './commands/settings.js';
export type { SettingsAnswer, SettingsRequest } from './commands/settings.js';
export { getItemEstimateResponse, readGetItemEstimateRequest } from './commands/get-item-estimate.js';
export type { EstimateAnswer, EstimateCollectionRequest } from './commands/get-item-estimate.js';
export { pingResponse, readPingRequest } from './commands/ping.js';
export { itemOperationsResponse, readItemOperationsRequest } from './commands/item-operations.js';
export type { ItemOperation, ItemOperationAnswer } from './commands/item-operations.js';
export type { PingAnswer, PingFolder, PingRequest } from './commands/ping.js';
export { elementFromJson, elementToJson } from './json.js';
export type { AsJson } from './json.js';

// The protocol's rules: status codes, our folders, our (open) device policy.
export * from './rules/status.js';
export { FOLDERS, folderById, ROOT_FOLDER_ID } from './rules/folders.js';
export type { FolderClass, FolderDefinition } from './rules/folders.js';
export { agesOut, CALENDAR_WINDOWS, INCOMPLETE_TASKS, itemFilterOf, sameFilter } from './rules/filter.js';
export type { ItemFilter } from './rules/filter.js';
export { OPEN_POLICY, OPEN_POLICY_XML, POLICY_TYPE_WBXML, POLICY_TYPE_XML } from './rules/policy.js';
export { deviceArrival, speaksAccountOnlyWipe, wipeVerdict } from './rules/wipe.js';
export { nonXmlChar, nonXmlField, REPLACEMENT_CHARACTER, xmlSafeText } from './rules/text.js';
export type { DeviceArrival, WipeInForce, WipeVerdict } from './rules/wipe.js';

// Autodiscover (mobilesync): where a phone set up with an e-mail address finds its server.
export { autodiscoverError, autodiscoverResponse, AutodiscoverRequestError, AUTODISCOVER_MAX_CHILDREN, AUTODISCOVER_MAX_ELEMENTS, AUTODISCOVER_RESPONSE_SCHEMA, readAutodiscoverRequest } from './autodiscover.js';
export type { AutodiscoverRequest } from './autodiscover.js';

// Push: how long a Sync or Ping is held, and a Ping completed from the last one.
export { pingNeedsFolderSync, pingOutcome, planPing, syncHold } from './rules/hold.js';
export type { HeldPing, HoldBounds } from './rules/hold.js';
// Provision first (449 or Status 140/142), and FolderSync's step.
export { needsProvisioning, provisionFirst } from './rules/provisioning.js';
export { folderSyncRefusal, folderSyncStep, readGivenFolders } from './rules/folder-hierarchy.js';
export type { FolderSyncInput, FolderSyncOutcome } from './rules/folder-hierarchy.js';

// The Sync collection step and the rules beside it: the collection's state and keys, the cached
// request, the item classes and their ApplicationData, the FilterType window, the outbox, loop protection.
export { closeCollection, failedRun, heldIdsOf, openCollection, runMode } from './sync/step.js';
export type { CollectionReply, Incoming, Opened, PhoneChange, RunPlan, SavedCollection, StepInput, StoredCollection } from './sync/step.js';
export { collectionStateOr, CollectionStateError, nextFolderSyncKey, pendingOf, readCollectionState, syncKeyOf, writeCollectionState } from './sync/state.js';
export type { CollectionState, Fault, IdSource } from './sync/state.js';
export { cacheOf, cacheToWrite, completeRequest, completeSync, mergePartial, planSync, readCache, writeCache } from './sync/cache.js';
export type { CachedCollection, CachedSync, SyncPlan } from './sync/cache.js';
export { FORMATS, formatOf } from './sync/formats.js';
export type { ItemFormat } from './sync/formats.js';
export { elementsOf, propertiesOf, readItem, renderItem, serverCommandsOf, UnstorableItemError } from './sync/items.js';
export { AGE_SCAN_MS, filterOf, inWindow, needsScan } from './sync/window.js';
export type { HeldItem } from './sync/window.js';
export { outboxHeldIds, outboxOf, windowMoves } from './sync/outbox.js';
export type { EngineOutgoing, OutboxEntry, OutboxOp, OutboxWrites } from './sync/outbox.js';
export { answerRepeat, LOOP_REPEATS, withCommands } from './sync/loop.js';
export type { RepeatAnswer, RepeatInput } from './sync/loop.js';
// The other commands' steps: Settings, GetItemEstimate, ItemOperations.
export { settingsStep } from './rules/settings-step.js';
export { estimateAnswer, openEstimate } from './rules/estimate.js';
export type { EstimateCount } from './rules/estimate.js';
export { itemOperationAnswer, itemOperationsReply } from './rules/item-operations-step.js';
export { provisionStep, provisionWithoutBody, wipeProvisionStep } from './rules/provision-step.js';
export type { PolicyKeys, ProvisionOutcome } from './rules/provision-step.js';
