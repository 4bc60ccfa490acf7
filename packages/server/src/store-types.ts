/**
 * `@atomsync/server/store`: the store (now `@atomsync/store`) and the logger's levels, without the
 * HTTP side. Its declarations reach no h3 type (h3's own declarations do not compile in a
 * consumer's `skipLibCheck: false` project), so @atomsync/msw's types, which name the store,
 * stand alone. At run time the subpath is the package's main module: one copy of the server, never two.
 */
export { openStore, type StoreOptions } from '@atomsync/store';
export type { Store, Repositories } from '@atomsync/store';
export type { AccountRecord, NewAccount } from '@atomsync/store';
export type { LogLevel } from './log.js';
