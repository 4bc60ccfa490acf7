/**
 * @atomsync/sdk — the typed client of the atomsync synchronization service.
 *
 *   const client = createClient({ baseUrl: 'http://127.0.0.1:8080', auth: basicAuth('alice', 'secret') });
 *   const phones = await client.syncml.list();
 */

// The client
export { createClient, type ClientOptions, type AtomSyncClient } from './client.js';
export type { RequestOptions, HeaderValues } from './invoke.js';

// Credentials
export { basicAuth, bearerAuth, oauth1, type Auth, type AuthRequest, type OAuth1Credentials } from './auth.js';

// Errors
export { AtomSyncError, isAtomSyncError, type AtomSyncErrorCode, type AtomSyncErrorDetail } from './errors.js';

// Generated from spec/: the operation groups (AtomSyncApi, SyncmlApi, …) and every model type
// and value list a method takes or returns (SyncmlClientEntry, Feed, DATACLASS_VALUES, …).
export * from './generated/index.js';
