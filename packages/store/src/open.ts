/** Opening a Store: the embedded default (better-sqlite3) or PostgreSQL; migrations run here. */
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import { pino, type Logger } from 'pino';
import { UNICODE_LOWER } from './kysely/context.js';
import { faultReadingDialect } from './kysely/fault-dialect.js';
import { ARRAY_ROWS } from './kysely/prepared.js';
import { prepareSqliteFiles } from './data-dir.js';
import { distribute, migrate } from './kysely/migrations.js';
import { isDistributed } from './kysely/distribution.js';
import { countingWrites, type WriteCounter } from './kysely/write-counter.js';
import type { Database } from './kysely/schema.js';
import { createKyselyStore } from './kysely/store.js';
import { loggingWarnings } from './pg-warnings.js';
import { StoreUnavailable } from './faults.js';
import { OutageLog } from './outage.js';
import type { PoolStats, Store } from './store.js';

export type StoreOptions =
  /** `file`: a path, or ':memory:' for a store that lives and dies with the process. */
  | { readonly kind: 'sqlite'; readonly file: string }
  | { readonly kind: 'postgres'; readonly url: string };

/** How long a SQLite writer waits for another (process) holding the file's write lock. */
const SQLITE_BUSY_TIMEOUT_MS = 5_000;
const PG_INT8 = 20;

export interface OpenOptions {
  /** Where an outage of the store is said (once when it begins, once when it ends). Default: warnings and errors to stdout. */
  readonly log?: Logger;
}

/**
 * The default log: warnings and errors as JSON lines to stdout under the server's name. The
 * server passes its own logger (levels, destination, redaction); this is for any other opener
 * (benchmarks, the mocks, tests), so the store needs nothing of the server.
 */
const warnings = (): Logger => pino({ name: 'atomsync', level: 'warn' });

export async function openStore(options: StoreOptions, { log = warnings() }: OpenOptions = {}): Promise<Store> {
  const outage = new OutageLog(log);
  const counter: WriteCounter = { enabled: false };
  const { db, poolStats } = options.kind === 'sqlite' ? { db: sqlite(options.file, outage), poolStats: undefined } : postgres(options.url, outage, log, counter);
  try {
    await migrate(db, options.kind);
    // Known from here: a store distributed after this instance opened it counts no writes
    // (guide/operators.md: restart the instances after `atomsync store distribute`).
    counter.enabled = options.kind === 'postgres' && (await isDistributed(db));
  } catch (error) {
    await db.destroy();
    // A store that cannot be opened is the caller's to say in its own words (the CLI prints the
    // driver's: `connect ECONNREFUSED 127.0.0.1:5432`), not a request's 503.
    throw error instanceof StoreUnavailable && error.cause !== undefined ? error.cause : error;
  }
  return createKyselyStore(db, options.kind, poolStats, { distributed: counter.enabled });
}

/**
 * `atomsync store distribute`: migrates the PostgreSQL store at `url` and distributes it on Citus
 * as planned (kysely/distribution.ts). Returns the tables it distributed (none when it already was).
 */
export async function distributeStore(url: string, { log = warnings() }: OpenOptions = {}): Promise<string[]> {
  const { db } = postgres(url, new OutageLog(log), log);
  try {
    await migrate(db, 'postgres');
    return await distribute(db);
  } finally {
    await db.destroy();
  }
}

/**
 * The embedded store's settings (guide/operators.md#write-throughput-and-durability has the figures):
 *
 * - WAL with synchronous NORMAL: a commit writes the log without waiting for the disk; a crash
 *   of the process loses nothing, a power cut or kernel crash may undo the last commits but
 *   never corrupts. FULL waits for an fsync per commit: 1,000-item batches lost ~8 % here, but
 *   single-item writes fell from ~5,600 to ~220 a second, and a phone's Sync is many of those.
 * - Checkpoints every 1,000 log pages (SQLite's default, set so it is a choice): with
 *   time-ordered ids a batch dirties few pages, and 4,000 or 16,000 gained nothing the machine's
 *   noise did not swamp, while the commit that runs a checkpoint took longer (slowest commit of
 *   a 4 s run of 1,000-item batches: 18–94 ms at 1,000 pages, 68–162 ms at 4,000, 160–180 ms
 *   at 16,000). Without checkpoints in commits (a background checkpointer) the log outgrew
 *   500 MB in 6 s of back-to-back batches: a checkpoint never caught up with the writer.
 * - journal_size_limit: the log file is cut back to 64 MB after a checkpoint that let it restart,
 *   so a burst (or a long reader holding it) does not leave a large file behind.
 */
export const SQLITE_SETTINGS = {
  journal_mode: 'wal',
  synchronous: 1, // NORMAL
  wal_autocheckpoint: 1_000,
  journal_size_limit: 64 * 1024 * 1024,
  foreign_keys: 1,
  busy_timeout: SQLITE_BUSY_TIMEOUT_MS,
  // The default 2 MB page cache misses on a growing contents table's indexes; 64 MB keeps them
  // hot. Memory-mapped reads skip a copy.
  cache_size: -65_536,
  mmap_size: 268_435_456,
  temp_store: 2, // MEMORY
} as const;

/** The embedded database at `file` (0600, data-dir.ts) with SQLITE_SETTINGS applied (':memory:' has no log: journal_mode stays memory). */
export function openSqliteDatabase(file: string): SQLite.Database {
  // Created 0600 before SQLite opens it (the -wal and -shm files take its mode); a file URI or ':memory:' is left as it is.
  if (file !== ':memory:' && file !== '' && !file.startsWith('file:')) prepareSqliteFiles(file);
  const database = new SQLite(file);
  for (const [name, value] of Object.entries(SQLITE_SETTINGS)) database.pragma(`${name} = ${value}`);
  // SQLite's lower() folds ASCII only: a search for a word with other letters (contents' ?q=) folds with this.
  database.function(UNICODE_LOWER, { deterministic: true }, (text: unknown) => (typeof text === 'string' ? text.toLowerCase() : text));
  return database;
}

function sqlite(file: string, outage: OutageLog): Kysely<Database> {
  const database = openSqliteDatabase(file);
  return new Kysely<Database>({ dialect: faultReadingDialect(new ImmediateSqliteDialect({ database: withStatementCache(database) }), outage) });
}

/** Prepared statements kept per SQL text (bounded): the most we will ever see is a few hundred. */
const STATEMENT_CACHE_SIZE = 1_000;

/**
 * Kysely's SQLite driver prepares every query anew; preparing costs more than running the
 * small indexed queries of a request (a quarter of a feed GET's CPU when profiled). The SQL of
 * a query builder call is the same text every time, so its statement is prepared once. A text
 * ending in ARRAY_ROWS (prepared.ts) reads its rows as arrays.
 */
function withStatementCache(database: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => database.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (statement === undefined) {
        statement = database.prepare(sql);
        if (sql.endsWith(ARRAY_ROWS)) statement.raw(true);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

/**
 * Transactions take the write lock up front (`begin immediate`). Within one process Kysely's single
 * connection already runs them one at a time; across processes on one file a deferred `begin`
 * that reads and then writes fails at once with SQLITE_BUSY when another writer got there first,
 * where `immediate` waits (busy_timeout) for its turn.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    const driver = super.createDriver() as SqliteDriver;
    driver.beginTransaction = async (connection: DatabaseConnection) => {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    };
    return driver;
  }
}

/**
 * Connections per server instance (pg's default, now a choice): one instance's work is bound by
 * its one JavaScript thread long before by PostgreSQL; content writes use two of them at a time
 * (the server's writer-queue.ts), the rest serve reads, sync runs and the phone protocols. synchronous_commit
 * is left as the server has it (on by default): nothing acknowledged may be lost.
 */
const PG_POOL_SIZE = 10;

/** How long opening a connection may take: a database that drops packets fails a start, never hangs it. */
const PG_CONNECT_TIMEOUT_MS = 10_000;

/**
 * TCP keepalive on every connection, first probe after this long idle: a connection whose peer
 * vanished without a reset (a cut network, a failover that moved the address) is found dead by
 * the kernel's probes and its statement fails, rather than waiting for an answer for ever.
 */
const PG_KEEPALIVE_IDLE_MS = 10_000;

function postgres(url: string, outage: OutageLog, log: Logger, counter: WriteCounter = { enabled: false }): { db: Kysely<Database>; poolStats: () => PoolStats } {
  const warnings = loggingWarnings(log);
  const pool = new pg.Pool({
    Client: warnings.Client,
    connectionString: url,
    connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
    max: PG_POOL_SIZE,
    keepAlive: true,
    keepAliveInitialDelayMillis: PG_KEEPALIVE_IDLE_MS,
    // Timestamps (epoch ms), serial ids and counts are int8: all well inside 2^53, so numbers.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === PG_INT8 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // A connection that dies (terminated backends, a restart, a failover) emits 'error'; an
  // EventEmitter's 'error' without a listener throws, and the process exits (issue 27: every
  // instance did, at every PostgreSQL restart). The pool listens on its idle connections only,
  // so every connection it makes gets a listener of its own for while it is checked out: the
  // statement in flight fails (fault-dialect.ts reads it), and the pool drops the broken
  // connection when it comes back. The outage is logged there, once, not per connection.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
    warnings.onConnect(client);
  });
  const poolStats = (): PoolStats => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 });
  return { db: new Kysely<Database>({ dialect: faultReadingDialect(countingWrites(new PostgresDialect({ pool }), counter), outage) }), poolStats };
}
