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
 * Session-keyed tables (written before a phone is authenticated) and routing tables (from a name a
 * sign-in starts with to its account), each with the column that leads its primary key: the
 * product's distribution plan (src/kysely/distribution.ts) holds them, and these tests read it.
 */
export { distributionColumn, ROUTING_TABLES, SESSION_KEYED } from '../src/kysely/distribution.js';

/**
 * Owned (or session-keyed) tables whose primary key does not lead with their key yet: the debt the
 * issue named, paid (contents last, schema version 12). It stays empty.
 */
export const NOT_YET_SHARD_READY: ReadonlySet<string> = new Set<string>();
