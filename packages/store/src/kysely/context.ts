/** What every repository gets from the store: the database handle of the moment and the dialect. */
import type { CompiledQuery, DatabaseConnection, Kysely, QueryResult } from 'kysely';
import type { Dialect } from './migrations.js';
import type { Database, Millis } from './schema.js';

export interface StoreContext {
  readonly dialect: Dialect;
  /** A PostgreSQL store distributed on Citus (distribution.ts): its version counts writes (write-counter.ts). */
  readonly distributed: boolean;
  /** The current transaction when called inside `transaction`, else the store's database. */
  db(): Kysely<Database>;
  /**
   * SQLite: the connection of the transaction open now, while its work runs; undefined outside one
   * and on PostgreSQL. A statement run on it directly (prepared.ts) skips Kysely's executor: its
   * connection provider's promise chain, a result pass through no plugins, a check that the
   * transaction is still open (it is while its work runs). SQLite has one connection, held by the
   * transaction from its BEGIN to its end, so nothing else runs on it meanwhile. A context without
   * it (a test's own) runs every statement through the executor.
   */
  transactionConnection?(): DatabaseConnection | undefined;
  /** Runs `work` in a transaction, joining the current one if there is one. */
  inTransaction<T>(work: () => Promise<T>): Promise<T>;
}

/**
 * Runs `query` on the open SQLite transaction's connection directly (transactionConnection), else
 * through Kysely's executor: for the parts of a bulk write, each of which went through the
 * executor's promise chain (a 10k-vs-10k slow sync writes its 14,000 contents and 17,000 id-map
 * pairs in ~120 parts of 256 rows; ~20 promises each, every one of them run through the store's
 * AsyncLocalStorage hooks while the transaction is open).
 */
export function runQuery<R>(ctx: StoreContext, query: CompiledQuery): Promise<QueryResult<R>> {
  const connection = ctx.transactionConnection?.();
  return connection === undefined ? ctx.db().executeQuery<R>(query) : connection.executeQuery<R>(query);
}

export const millis = (date: Date): Millis => date.getTime();
/** pg hands int8 back as a number (open.ts sets the parser); SQLite integers are numbers already. */
export const toDate = (value: Millis): Date => new Date(Number(value));
export const toDateOrNull = (value: Millis | null): Date | null => (value === null ? null : toDate(value));

/**
 * Splits `items` into chunks whose multi-row insert stays under the dialect's bound-parameter
 * limit (SQLite 32,766; PostgreSQL 65,535), with room to spare.
 */
export function chunks<T>(items: readonly T[], columns: number, dialect: Dialect): T[][] {
  const limit = dialect === 'sqlite' ? 32_000 : 60_000;
  const size = Math.max(1, Math.floor(limit / columns));
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Rows of one SQLite multi-row insert of a bulk write (insertChunks). */
export const SQLITE_INSERT_ROWS = 256;

/**
 * `items` in the parts of a bulk multi-row insert: on SQLite parts of SQLITE_INSERT_ROWS rows (or
 * fewer, within the parameter limit), on PostgreSQL as `chunks`. SQLite prepares each distinct
 * statement text once (open.ts's cache), and a 2,000-row statement cost more to prepare than to
 * run: a 10k-vs-10k slow sync prepared its contents and id-map inserts at ~2,000 and ~4,500 rows
 * (issue 23). Parts of a few hundred rows reuse one prepared statement (the last part its own,
 * smaller) and run as fast per row.
 */
export function insertChunks<T>(items: readonly T[], columns: number, dialect: Dialect): T[][] {
  if (dialect !== 'sqlite') return chunks(items, columns, dialect);
  const size = Math.min(SQLITE_INSERT_ROWS, Math.max(1, Math.floor(32_000 / columns)));
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const insertSql = new Map<string, string>();

/**
 * The SQL of a multi-row insert of `rows` rows into `table`, written once per dialect, table and
 * size: Kysely's builder makes an operation node per value and compiles them anew on every call,
 * which for a 1,000-row batch took longer than SQLite's own insert. The text is the one the
 * builder writes, with the placeholders of the dialect.
 */
export function multiRowInsert(dialect: Dialect, table: string, columns: readonly string[], rows: number): string {
  const key = `${dialect}:${table}:${rows}`;
  let text = insertSql.get(key);
  if (text === undefined) {
    let n = 0;
    const placeholder = dialect === 'postgres' ? () => `$${++n}` : () => '?';
    const tuples: string[] = [];
    for (let r = 0; r < rows; r++) tuples.push(`(${columns.map(placeholder).join(', ')})`);
    text = `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values ${tuples.join(', ')}`;
    insertSql.set(key, text);
  }
  return text;
}

const unnestSql = new Map<string, string>();

/**
 * PostgreSQL: the insert of any number of rows with one array parameter per column
 * (`select * from unnest($1::text[], …)`). A 1,000-row VALUES list has 11,000 parameters that
 * PostgreSQL parses and plans on every call: 1,000-item batches went from ~37,000 to ~60,000–73,000
 * items/s (store alone, fsync on). `types` are the columns' SQL types, in `columns`' order.
 */
export function unnestInsert(table: string, columns: readonly string[], types: readonly string[]): string {
  const key = `${table}:${columns.join(',')}`;
  let text = unnestSql.get(key);
  if (text === undefined) {
    text = `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) select * from unnest(${types.map((type, i) => `$${i + 1}::${type}[]`).join(', ')})`;
    unnestSql.set(key, text);
  }
  return text;
}

/** The embedded database's lower() that folds every letter as JavaScript does (String.toLowerCase), registered by open.ts. */
export const UNICODE_LOWER = 'unicode_lower';
