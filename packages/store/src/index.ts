/**
 * `@atomsync/store`: the server's storage — the `Store` interface and its records, opened on the
 * embedded SQLite default or PostgreSQL (distributed on Citus by `distributeStore`), the faults a
 * caller tells apart (an unreachable store), and the data directory's file modes the embedded
 * store and the server's secret key share. Nothing of HTTP: the server is its one user.
 */
export { distributeStore, openStore, type OpenOptions, type StoreOptions } from './open.js';
export * from './store.js';
export * from './records.js';
export { StoreUnavailable, unreachableCause, type FaultOutcome } from './faults.js';
export { DATA_FILE_MODE, prepareDataDir, prepareDataFile, prepareSqliteFiles, type Tightened } from './data-dir.js';
export { servedHash } from './served-hash.js';
