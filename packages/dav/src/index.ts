// Namespaces and qualified names.
export { APPLE_ICAL_NS, CALDAV_NS, CALENDARSERVER_NS, CARDDAV_NS, DAV_NS, PREFIXES, clark, qname, sameName } from './namespaces.js';
export type { QName } from './namespaces.js';

// Errors and preconditions.
export { DavRequestError, DavResponseError, PRECONDITIONS, precondition } from './errors.js';
export type { DavStatus, Precondition, PreconditionKey } from './errors.js';
export {
  MAX_CHILDREN_PER_ELEMENT,
  MAX_DEAD_PROPERTY_CHARS,
  MAX_ELEMENT_DEPTH,
  MAX_ELEMENTS_PER_DOCUMENT,
  MAX_ELEMENTS_PER_RESPONSE,
  MAX_MULTIGET_HREFS,
  MAX_RESPONSE_TEXT_CHARS,
} from './limits.js';

// XML values.
export { el, escapeAttribute, escapeText, fragmentOf, writeContent } from './xml/write.js';
export type { RawXml, XmlContent, XmlElement } from './xml/write.js';
export type { XmlAttribute, XmlNode } from './xml/tree.js';

// Request bodies, read (server half).
export { ALLPROP, isEmptyBody } from './requests/common.js';
export type { Body, PropSelection } from './requests/common.js';
export { readPropfind } from './requests/propfind.js';
export type { PropfindRequest } from './requests/propfind.js';
export { readMkcalendar, readMkcol, readProppatch } from './requests/proppatch.js';
export type { CollectionCreation, PropertyRemove, PropertySet, PropertyUpdate } from './requests/proppatch.js';
export { REPORT_NAMES, readReport } from './requests/report.js';
export type {
  AddressbookQueryReport,
  CalendarQueryReport,
  FreeBusyQueryReport,
  MultigetReport,
  Report,
  ReportName,
  SyncCollectionReport,
} from './requests/report.js';
export { SUPPORTED_COLLATIONS, formatUtcDateTime, parseUtcDateTime } from './requests/filters.js';
export type {
  AddressDataRequest,
  CalendarDataRequest,
  CalParamFilter,
  CalPropFilter,
  CardFilter,
  CardParamFilter,
  CardPropFilter,
  Collation,
  CompFilter,
  CompSelection,
  MatchType,
  TextMatch,
  TimeRange,
} from './requests/filters.js';

// Request bodies, written (client half).
export { CLIENT_PROPS, calendarQueryBody, multigetBody, propfindBody, syncCollectionBody } from './requests/write.js';
export { parseStatusLine, reasonOf, statusLine } from './status.js';

// The multistatus: model, writer (server half), reader (client half).
export { foundAndMissing, isPropResponse, propstats } from './multistatus/model.js';
export type { DavResponse, MultistatusEnd, PropResponse, PropStat, PropValue, StatusResponse } from './multistatus/model.js';
export {
  MULTISTATUS_MEDIA_TYPE,
  MULTISTATUS_OPEN,
  errorBody,
  mkcolResponseBody,
  multistatusChunks,
  multistatusClose,
  multistatusStream,
  MULTISTATUS_CHUNK_CHARS,
  preconditionElement,
  responseTemplate,
  writeMultistatus,
  writeResponse,
} from './multistatus/write.js';
export type { ResponseTemplate, WriteOptions, WrittenResponses } from './multistatus/write.js';
export { MultistatusReader, foundProp, readErrorBody, readMultistatus, streamMultistatus } from './multistatus/read.js';
export type { ReadMultistatusEnd, ReadProp, ReadPropStat, ReadResponse } from './multistatus/read.js';

// Properties as data.
export { LIVE_PROPERTIES, PROPERTIES, answerSelection, isProtected, liveProperty, liveValue, planSelection } from './properties.js';
export type { CalendarComponent, LiveProperty, LiveValues, MediaTypeVersion, PropertyDefinition, ResourceType, SelectionPlan } from './properties.js';
export { ALLOWED_METHODS, DAV_COMPLIANCE, RESOURCE_KINDS, optionsHeaders } from './rules/options.js';
export type { ResourceKind } from './rules/options.js';

// Rules.
export { parseDepth, propfindDepth, reportDepth } from './rules/depth.js';
export type { Depth, InfinityPolicy } from './rules/depth.js';
export { evaluateConditions, formatEtag, ifMatchHolds, ifNoneMatchHolds, parseEtagCondition } from './rules/etag.js';
export type { ConditionalOutcome, CurrentEtag, EntityTag, EtagCondition } from './rules/etag.js';
export { SYNC_TOKEN_PREFIX, formatCtag, formatSyncToken, parseSyncToken, syncStart, tokenProblem } from './rules/sync-token.js';
export type { SyncPosition, SyncStart, SyncState, TokenProblem } from './rules/sync-token.js';
export { readPreferences } from './rules/prefer.js';
export type { Preferences } from './rules/prefer.js';
export { MAX_LABEL_CHARS, WRITABLE, planProppatch } from './rules/proppatch.js';
export type { ProppatchPlan } from './rules/proppatch.js';
export { encodeSegment, hrefOf, segmentsOfHref } from './rules/href.js';
export { matchesCardFilter, textMatches } from './rules/card-filter.js';
export type { CardProperty } from './rules/card-filter.js';
export { TIMED_COMPONENTS, busyPeriods, checkCalFilter, componentOverlaps, instanceOverlaps, matchesCalFilter, mergeBusyPeriods } from './rules/cal-filter.js';
export type { BusyPeriod, BusyType, CalInstance, CalInstances, CalObjectComponent, CalObjectProperty } from './rules/cal-filter.js';

// The client: HTTP over an injectable fetch, collection state, discovery.
export { DavHttpError, createDavClient, pathOfHref, resolveHref } from './client/http.js';
export type { DavClient, DavClientOptions, FetchLike, Multistatus, Resource, WriteCondition } from './client/http.js';
export { collectionStateOf, hrefsOf } from './client/collection.js';
export type { CollectionKind, CollectionState } from './client/collection.js';
export { DavDiscoveryError, discover, discoverCollections, pickCollection } from './client/discovery.js';
export type { DiscoveredCollection } from './client/discovery.js';
export { listEtags, multiget, syncCollection } from './client/listing.js';
export type { Delta, Member } from './client/listing.js';

// The server's rules, without a store: what each resource answers, PROPFIND's and the REPORTs'
// plans, MKCOL/MKCALENDAR and PROPPATCH's kept properties (the server endpoint's glue calls these).
export { MAX_RESOURCE_BYTES, OWNER_PRIVILEGES, READ_PRIVILEGES, SUPPORTED_ADDRESS_DATA, SUPPORTED_CALENDAR_DATA, SUPPORTED_REPORTS } from './server/values.js';
export { collectionKindOf, collectionValues, homeValues, ownedValues, principalValues, rootValues } from './server/values.js';
export type { CollectionFacts, PrincipalFacts } from './server/values.js';
export { MAX_DEAD_PROPERTIES, deadProperties, overflowPropstats, overflowsDeadProperties, settableValues, storedChanges } from './server/stored.js';
export type { StoredChanges } from './server/stored.js';
export { MEMBER_EXTENSIONS, defaultMemberId, defaultMemberName, itemAnswer, memberKindOf } from './server/items.js';
export type { ItemAnswer, ServedFacts } from './server/items.js';
export { VARY_PREFERENCES, planPropfind } from './server/propfind.js';
export type { PropfindPlan, RequestHeaders } from './server/propfind.js';
export {
  FREE_BUSY_HEADERS,
  addressDataVersion,
  beyondLimitResponse,
  checkFreeBusyRange,
  checkInitialLimit,
  checkReportOn,
  checkSyncLevel,
  expansionRange,
  limitCut,
  memberOfHref,
  membersOfHrefs,
  notFoundResponse,
  readReportRequest,
} from './server/reports.js';
export type { ReportRequest } from './server/reports.js';
export { CREATED, MAX_SEGMENT_CHARS, checkCreationIn, checkSegmentLength, collectionExists, creationFailure, creationRefusedAt, planCreation, readCreation } from './server/mkcol.js';
export type { CreationMethod, CreationPlan } from './server/mkcol.js';
export { propstatsReply } from './server/reply.js';
export type { DavReply } from './server/reply.js';

// The client's protocol rules as pure decisions (extdata DAV client): the anchor, the listing
// strategy and its reading, the write rules, the write pace, discovery's steps.
export { collectionAnchor, isDavAnchor, readDavAnchor, settleWrites, writeDavAnchor } from './client/anchor.js';
export type { CollectionAnchor, DavAnchor } from './client/anchor.js';
export { DELETE_FLOOR, DELETE_GUARD, HEAD_PROPS, afterSyncRefusal, etagRead, firstListingAsk, listingAfterHead, reconcile, tooManyDeletes } from './client/strategy.js';
export type { ListingAsk, Reconciled } from './client/strategy.js';
export { nextSyncRound, readEtagListing, readSyncRound } from './client/listing.js';
export type { SyncRead } from './client/listing.js';
export { MEMBER_MEDIA_TYPE, etagAfterPut, etagAfterReadBack, etagToWriteOver, memberVerdict, newMemberPath, refusedWrite, uidOfMemberPath, writeCondition } from './client/writes.js';
export type { MemberNow, WriteOp, WriteVerdict } from './client/writes.js';
export { WINDOW, WritePace, writePaced } from './client/pace.js';
export { MAX_REDIRECTS, isRedirect } from './client/http.js';
export { afterNoHomes, collectionsOfHome, homesOfPrincipal, mayAnswerChallenge, neitherWords, notDavHere, optionsSpeaksDav, readDiscoveryStart, wellKnownUrl } from './client/discovery.js';
export type { StartReading } from './client/discovery.js';
