/**
 * The sharding rule for queries (issue 14): every statement a request runs against a table an
 * account owns filters by `account_id` (an insert writes it), so on a store distributed by account
 * it reaches one node; a sign-in, which starts with a name instead, reads the name's routing table
 * by the name. The statements are those the server really runs: a store whose Kysely logs every
 * query, behind the real server, while phones of both protocols and the REST API (Basic, bearer
 * token, OAuth, the admin API) go through their paths. Tables still on the debt list
 * (shard-rule.ts) are not held to it yet; one taken off the list is.
 */
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listen, type RunningServer } from '../../server/src/listen.js';
import { SecretBox } from '../../server/src/secrets/box.js';
import { createServer } from '../../server/src/server.js';
import { migrate } from '../src/kysely/migrations.js';
import type { Database } from '../src/kysely/schema.js';
import { createKyselyStore } from '../src/kysely/store.js';
import type { Store } from '../src/store.js';
import { walkScenario } from './shard-scenario.js';
import { GLOBAL_TABLES, NOT_YET_SHARD_READY, ROUTING_TABLES, SESSION_KEYED } from './shard-rule.js';

// scrypt's cost is not this file's question, only its answers: scrypt runs cheap here, the same answers
// (support/cheap-scrypt.ts); at full cost its accounts' hashing and first sign-ins were much of its time.
vi.mock('node:crypto', async (importOriginal) => (await import('../../server/test/support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));


/** The tables a statement names (`from "x"`, `into "x"`, `update "x"`, `join "x"`). */
function tablesOf(sql: string): string[] {
  return [...sql.matchAll(/\b(?:from|into|update|join)\s+"([a-z_]+)"/gi)].map((m) => m[1]!);
}

/** Whether a statement names `column`'s value: an insert writes it, anything else filters by it. */
function names(sql: string, column: string): boolean {
  // The column itself, quoted or not, not one whose name ends or starts with it.
  const named = `(?<![a-z_])"?${column}"?(?![a-z_])`;
  if (/^\s*insert\b/i.test(sql)) return new RegExp(`^\\s*insert\\s+into\\s+"?[a-z_]+"?\\s*\\([^)]*${named}`, 'i').test(sql);
  return new RegExp(`\\bwhere\\b[\\s\\S]*${named}\\s*(=|in\\b)`, 'i').test(sql);
}

/** Whether a statement keeps to one account: an insert writes account_id, anything else filters by it. */
const keepsToOneAccount = (sql: string): boolean => names(sql, 'account_id');

describe('the queries a request runs, sharded by account', () => {
  const statements = new Set<string>();
  let logging = false;
  let store: Store;
  let running: RunningServer;
  /** The schema's tables (a statement's CTE names are not tables). */
  let tables: ReadonlySet<string>;
  const owned = (table: string) => tables.has(table) && !GLOBAL_TABLES.has(table) && !NOT_YET_SHARD_READY.has(table) && !SESSION_KEYED.has(table) && !ROUTING_TABLES.has(table);

  beforeAll(async () => {
    const database = new SQLite(':memory:');
    database.pragma('foreign_keys = ON');
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({ database }),
      log: (event) => {
        if (logging) statements.add(event.query.sql);
      },
    });
    await migrate(db, 'sqlite');
    tables = new Set((database.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[]).map((t) => t.name));
    store = createKyselyStore(db, 'sqlite');
    const secrets = SecretBox.ephemeral();
    running = await listen(createServer({ store, secrets }), { host: '127.0.0.1', port: 0 });
    // Only what requests run: the schema's own statements (migrations) are not queries of a request.
    logging = true;

    await walkScenario({ store, secrets, url: running.url });
  }, 60_000);

  afterAll(async () => {
    await running?.close(5_000);
    await store?.close();
  });

  it('ran statements against the owned tables that follow the rule (the scenario reaches them)', () => {
    const touched = new Set([...statements].flatMap(tablesOf).filter(owned));
    expect([...touched]).toEqual(
      expect.arrayContaining(['activesync_clients', 'activesync_collections', 'activesync_devices', 'activesync_items', 'activesync_outbox', 'contents', 'datastore_clients', 'tokens', 'consumers', 'nonces']),
    );
  });

  it('every statement on a routing table names the name it routes (or writes it), and every sign-in reads one', () => {
    const routed = [...statements].filter((sql) => tablesOf(sql).some((t) => ROUTING_TABLES.has(t)));
    const keyOf = (sql: string) => ROUTING_TABLES.get(tablesOf(sql).find((t) => ROUTING_TABLES.has(t))!)!;
    expect(routed.filter((sql) => !names(sql, keyOf(sql)))).toEqual([]);
    // Each is read, written and deleted from in the scenario.
    for (const verb of [/^select\b/i, /^insert\b/i, /^delete\b/i]) {
      expect(new Set(routed.filter((sql) => verb.test(sql.trim())).flatMap(tablesOf).filter((t) => ROUTING_TABLES.has(t)))).toEqual(new Set(ROUTING_TABLES.keys()));
    }
  });

  it('every statement on a table kept by session names the session (or writes it)', () => {
    const bySession = [...statements].filter((sql) => tablesOf(sql).some((t) => SESSION_KEYED.has(t)));
    expect(new Set(bySession.flatMap(tablesOf).filter((t) => SESSION_KEYED.has(t)))).toEqual(new Set(SESSION_KEYED.keys()));
    const keyOf = (sql: string) => SESSION_KEYED.get(tablesOf(sql).find((t) => SESSION_KEYED.has(t))!)!;
    // The one look-up by device: a message without our session key may only repeat, byte for byte, the request a session answered last (syncml/endpoint.ts).
    const byDevice = (sql: string) => /from "syncml_session_state" where "device_id" = /.test(sql);
    // Housekeeping's deletes of idle sessions run in the background, across sessions by design.
    const housekeeping = (sql: string) => /^delete from "syncml_session_state" where "updated" < /.test(sql);
    // An account's list of its SyncML sessions (GET /v2/services/syncml/sessions/) reads them by account, across sessions.
    // (The check before issue 14's routing tables let it through by accident: it took the "id" in "account_id" for the session's.)
    const listing = (sql: string) => /^select \* from "sessions" where "account_id" = \? order by /.test(sql);
    // Deleting an account deletes its sessions by account, across sessions (they hang off it by no foreign key since schema version 14).
    const accountDeleted = (sql: string) => /^delete from "sessions" where "account_id" = \?$/.test(sql);
    // The administrator's chat log (GET /v2/services/syncml/sessions/chatlog/) lists it newest first, across sessions.
    const adminChatLog = (sql: string) => /^select \* from "chat_log" order by "created" desc, "id" desc limit \?$/.test(sql);
    expect(bySession.filter((sql) => !names(sql, keyOf(sql)) && !byDevice(sql) && !housekeeping(sql) && !listing(sql) && !accountDeleted(sql) && !adminChatLog(sql))).toEqual([]);
  });

  it('every one of them filters by account_id (or writes it)', () => {
    const breaking = [...statements].filter((sql) => tablesOf(sql).some(owned) && !keepsToOneAccount(sql));
    expect(breaking).toEqual([]);
  });

  it('the check itself tells a query that filters by account from one that does not', () => {
    expect(keepsToOneAccount('select * from "activesync_items" where "account_id" = ? and "client_uuid" = ?')).toBe(true);
    expect(keepsToOneAccount('select * from "activesync_items" where "client_uuid" = ?')).toBe(false);
    expect(keepsToOneAccount('insert into "activesync_outbox" ("account_id", "client_uuid") values (?, ?)')).toBe(true);
    expect(keepsToOneAccount('insert into "activesync_outbox" ("client_uuid") values (?)')).toBe(false);
    expect(keepsToOneAccount('delete from "activesync_devices"')).toBe(false);
    expect(names('select "account_id" from "token_routes" where "digest" = ?', 'digest')).toBe(true);
    expect(names('select * from "activesync_clients" where "username" = ?', 'account_id')).toBe(false);
    expect(names('select * from "sync_log" where "other_account_id" = ?', 'account_id')).toBe(false);
    expect(names('select * from "sync_log" where account_id = ?', 'account_id')).toBe(true);
    expect(tablesOf('select "a".* from "activesync_items" as "a" inner join "contents" on 1')).toEqual(['activesync_items', 'contents']);
  });
});
