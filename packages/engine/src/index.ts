export * from './connector.js';
export * from './state.js';
export { synchronize, SyncFailure, type SyncRequest, type SyncOutcome, type SyncStatsResult } from './sync.js';
export { MODES, otherSide, performedMode, type ModeRule, type SideName } from './sides.js';
export { emptyStats } from './tally.js';
export { PhoneConnector, isProvisionalId, type PhoneExchange, type PhoneOutgoing } from './connectors/phone.js';
