/** What both builds export besides createClient and its options (index.ts for Node, browser.ts). */

export type { AtomSyncClient, CommonClientOptions } from './core.js';
export type { RequestOptions, ConditionalRequestOptions, ConditionalWriteOptions, NotModified, HeaderValues } from './invoke.js';

// Conditional GET
export { etagOf, isNotModified } from './conditional.js';

// Credentials
export { basicAuth, bearerAuth, oauth1, type Auth, type AuthRequest, type OAuth1Credentials } from './auth.js';

// Errors
export {
  AtomSyncError,
  AtomSyncNetworkError,
  AtomSyncTimeoutError,
  isAtomSyncError,
  isAtomSyncNetworkError,
  isAtomSyncTimeoutError,
  isPreconditionFailed,
  PreconditionFailedError,
  type AtomSyncErrorCode,
  type AtomSyncErrorDetail,
} from './errors.js';

// Retries and middleware
export type { RetryOptions } from './retry.js';
export type { Middleware, MiddlewareContext, Next } from './middleware.js';

// Generated from spec/: the operation groups (AtomSyncApi, SyncmlApi, …) and every model type
// and value list a method takes or returns (SyncmlClientEntry, SyncmlClientEntryResponse, Feed,
// DATACLASS_VALUES, …).
export * from './generated/index.js';
