/**
 * The schema's rule for sharding by account (issue 14; guide/operators.md "Past one PostgreSQL"),
 * as data the rule's tests share: which tables no account owns, and which owned tables do not
 * follow the rule yet. The debt list only shrinks: shard-ready.test.ts fails for a listed table
 * that has come to follow the rule, so it is taken off, and from then on its queries are held to
 * the rule too (shard-queries.test.ts). No look-up reads an owned table across accounts: those
 * that start without an account go through a routing table.
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

/**
 * Routing tables: from a name a sign-in starts with (a username, a bearer token's digest, an OAuth
 * consumer key, an ActiveSync username) to its account, each keyed by the column named here, which
 * leads its primary key (the distribution column: they are not colocated with the accounts). Every
 * statement on one names that key, so a look-up that starts without an account reads one node.
 */
export const ROUTING_TABLES: ReadonlyMap<string, string> = new Map([
  ['username_routes', 'username'],
  ['token_routes', 'digest'],
  ['consumer_routes', 'key'],
  ['activesync_routes', 'username'],
]);

/**
 * Owned (or session-keyed) tables whose primary key does not lead with their key yet: the debt the
 * issue named, paid (contents last, schema version 12). It stays empty.
 */
export const NOT_YET_SHARD_READY: ReadonlySet<string> = new Set<string>();

/** The column a table is distributed by: its session's key, its name's, or (owned by an account) account_id; the accounts' own id. */
export function distributionColumn(table: string): string {
  if (table === 'accounts') return 'id';
  return SESSION_KEYED.get(table) ?? ROUTING_TABLES.get(table) ?? 'account_id';
}
