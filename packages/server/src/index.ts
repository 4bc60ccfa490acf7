/**
 * @atomsync/server — the atomsync reference server: an h3 app built from the generated route
 * table, its request pipeline, and the node:http listener the `atomsync` CLI runs.
 */
// h3's declarations, which ours name, made to compile in a consumer's strict build.
import './h3-declarations.js';
export { createApp, type AppOptions } from './app.js';
export { ServiceError } from './errors.js';
export type { OperationHandlers, RequestContext } from './context.js';

export { authenticate, type Authenticator } from './auth/authenticate.js';
export { ANONYMOUS, type Principal, type AccountPrincipal, type AnonymousPrincipal } from './auth/principal.js';

export { MAX_BODY_BYTES, MAX_BATCH_ENTRIES } from './http/limits.js';

export { listen, type ListenOptions, type RunningServer } from './listen.js';
export { resolveServeConfig, ConfigError, type ServeConfig, type ServeFlags } from './config.js';
export { createLogger, LOG_LEVELS, type LogLevel } from './log.js';

export * from './generated/index.js';

// The server as a whole, on a store: what `atomsync serve` runs and @atomsync/msw runs in memory
export { createServer, type ServerOptions } from './server.js';
export { openStore, type StoreOptions } from '@atomsync/store';
export type { Store, Repositories } from '@atomsync/store';
export type { AccountRecord, NewAccount } from '@atomsync/store';
export { SecretBox } from './secrets/box.js';
export { seedCatalogue } from './catalogue/seed.js';
export { createAccount, createFixtureAccount, type NewAccountInput } from './services/accounts.js';
