/**
 * `@atomsync/server/store`: the store and the logger's levels, without the HTTP side. Its
 * declarations reach no h3 type (h3's own declarations do not compile in a consumer's
 * `skipLibCheck: false` project), so @atomsync/msw's types, which name the store, stand alone.
 * At run time the subpath is the package's main module: one copy of the server, never two.
 */
export { openStore, type StoreOptions } from './open.js';
export type { Store, Repositories } from './store.js';
export type { AccountRecord, NewAccount } from './records.js';
export type { LogLevel } from '../log.js';
