/**
 * The schema's rule for sharding by account (issue 14; guide/operators.md "Past one PostgreSQL"),
 * as data the rule's tests share: which tables no account owns, and which owned tables do not
 * follow the rule yet. The debt list only shrinks: shard-ready.test.ts fails for a listed table
 * that has come to follow the rule, so it is taken off, and from then on its queries are held to
 * the rule too (shard-queries.test.ts).
 */

/** Tables no account owns: the accounts themselves (their id is the distribution key), reference data, bookkeeping. */
export const GLOBAL_TABLES: ReadonlySet<string> = new Set(['accounts', 'models', 'vendors', 'schema_migrations', 'sqlite_sequence']);

/** Owned tables whose primary key does not lead with account_id yet: the debt the issue names. */
export const NOT_YET_SHARD_READY: ReadonlySet<string> = new Set([
  'activesync_clients', 'bindings', 'chat_log', 'consumers', 'contents', 'datastore_clients', 'extdata_clients', 'nonces', 'outbox',
  'phone_bindings', 'sessions', 'sync_log', 'syncml_clients', 'syncml_session_items',
  'syncml_session_state', 'tokens',
]);
