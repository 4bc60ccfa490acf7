export * from './connector.js';
export * from './state.js';
export { describeItem, type ItemDescription } from './items/describe.js';
export { synchronize, SyncFailure, type SyncRequest, type SyncOutcome, type SyncStatsResult, type SideStatistics } from './sync.js';
