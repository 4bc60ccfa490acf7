export * from './connector.js';
export * from './state.js';
export { describeItem, type ItemDescription } from './items/describe.js';
export { synchronize, SyncFailure, type SyncRequest, type SyncOutcome, type SyncStatsResult } from './sync.js';
export { MODES, performedMode, type ModeRule, type SideName } from './sides.js';
export { emptyStats } from './tally.js';
export { PhoneConnector, isProvisionalId, type PhoneExchange, type PhoneOutgoing } from './connectors/phone.js';
// Content-line and time-zone helpers the server's item renderer (SyncML items for phones) shares,
// so both read a QP value, an escaped value and a TZID the same way.
export { isLegacyVersion, unfoldLines, splitOutsideQuotes, decodeQuotedPrintable, splitEscaped, unescapeValue } from './items/lines.js';
export { zoneFormat, zoneOffsetAt, ianaToUtc } from './items/time.js';
