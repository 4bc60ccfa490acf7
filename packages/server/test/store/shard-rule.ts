/**
 * The schema's rule for sharding by account (issue 14; guide/operators.md "Past one PostgreSQL"),
 * as data the rule's tests share: which tables no account owns, and which owned tables do not
 * follow the rule yet. The debt list only shrinks: shard-ready.test.ts fails for a listed table
 * that has come to follow the rule, so it is taken off, and from then on its queries are held to
 * the rule too (shard-queries.test.ts).
 */

/** Tables no account owns: the accounts themselves (their id is the distribution key), reference data, bookkeeping. */
export const GLOBAL_TABLES: ReadonlySet<string> = new Set(['accounts', 'models', 'vendors', 'schema_migrations', 'sqlite_sequence', 'id_sequences']);

/**
 * Tables written before a phone is authenticated (a SyncML message is kept before its credentials
 * are checked, and a refused session belongs to no account): keyed by the phone's session instead,
 * each by the column named here, which leads its primary key (the distribution column).
 */
export const SESSION_KEYED: ReadonlyMap<string, string> = new Map([
  ['syncml_session_state', 'key'],
  ['syncml_session_items', 'session_key'],
  ['sessions', 'id'],
  ['chat_log', 'session_id'],
]);

/** Owned (or session-keyed) tables whose primary key does not lead with their key yet: the debt the issue names. */
export const NOT_YET_SHARD_READY: ReadonlySet<string> = new Set(['consumers', 'contents', 'nonces', 'tokens']);

/**
 * Look-ups that start without an account (a phone signing in names only its username) and do not
 * go through a routing table yet: the statements allowed to read an owned table across accounts.
 * The list only shrinks.
 */
export const UNROUTED_LOOKUPS: readonly RegExp[] = [
  // ActiveSync sign-in: the clients registered with a username, in any account (auth.ts picks by password).
  /^select \* from "activesync_clients" where "username" = \?/,
];
