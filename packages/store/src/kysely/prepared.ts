/**
 * Statements of the authenticated hot path (issue 14: the account, the client, the store's
 * version), written once as SQL and run without a query-builder round: the builder makes and
 * compiles an operation tree on every call, which for a lookup by key cost more than the lookup.
 *
 * - SQLite: the text goes to the connection as is; open.ts's statement cache prepares each text
 *   once (`db.prepare()`) and reuses the statement.
 * - PostgreSQL: a named prepared statement (pg's `{ name, text, values }`), parsed and planned once
 *   per connection, then only bound and executed.
 *
 * Either way the statement runs through Kysely's executor, so it takes its turn on SQLite's one
 * connection (never reading inside another request's open transaction) and joins the transaction
 * of the moment (StoreContext.db()); inside a SQLite transaction, on that transaction's connection
 * directly (StoreContext.transactionConnection), which is its turn.
 */
import { createHash } from 'node:crypto';
import { CompiledQuery } from 'kysely';
import type { StoreContext } from './context.js';

export interface PreparedStatement<R> {
  /** The rows the statement answers for `parameters` (bound in order to its `?`). */
  rows(ctx: StoreContext, parameters: readonly unknown[]): Promise<R[]>;
  /** Its first row, or undefined. */
  first(ctx: StoreContext, parameters: readonly unknown[]): Promise<R | undefined>;
}

/** pg's query config: Kysely's PostgreSQL connection passes `sql` to `client.query` as given, and pg takes an object there as the config. */
interface PgNamedQuery {
  readonly name: string;
  readonly text: string;
}

/**
 * The end of a SQLite statement's text whose rows are read as arrays of their values, in the
 * order selected (open.ts's statement cache sets better-sqlite3's raw mode for it). A row object
 * costs, per column and row, a lookup of the column's name in V8's string table, and is made as a
 * dictionary: reading a 10,000-row listing as arrays took a fifth less time (issue 23).
 */
export const ARRAY_ROWS = ' /* rows as arrays */';

/**
 * `sql` with `?` placeholders (none may appear elsewhere in the text), for both dialects. The
 * PostgreSQL statement's name is derived from its text: pg refuses one name for two texts on a
 * connection, and a text is prepared once whatever calls it.
 */
export function prepared<R>(sql: string): PreparedStatement<R> {
  return preparedAs<R>(sql, false);
}

/**
 * `prepared`, its rows arrays of the values selected, in order: SQLite's by ARRAY_ROWS, PostgreSQL's
 * by pg's rowMode 'array'. For statements reading many rows of many columns.
 */
export function preparedArrays<R extends readonly unknown[]>(sql: string): PreparedStatement<R> {
  return preparedAs<R>(sql, true);
}

function preparedAs<R>(sqlText: string, arrays: boolean): PreparedStatement<R> {
  const sql = arrays ? sqlText + ARRAY_ROWS : sqlText;
  let n = 0;
  const postgresText = sqlText.replace(/\?/g, () => `$${++n}`);
  const named: PgNamedQuery & { toString(): string; rowMode?: 'array' } = {
    name: `atomsync_${arrays ? 'a' : ''}${createHash('sha256').update(postgresText).digest('hex').slice(0, 24)}`,
    text: postgresText,
    // What a logger of Kysely's events prints for it.
    toString: () => postgresText,
  };
  if (arrays) named.rowMode = 'array';
  const compiled = (ctx: StoreContext, parameters: readonly unknown[]): CompiledQuery =>
    ctx.dialect === 'postgres' ? { ...CompiledQuery.raw(postgresText, [...parameters]), sql: named as unknown as string } : CompiledQuery.raw(sql, [...parameters]);
  const rows = async (ctx: StoreContext, parameters: readonly unknown[]): Promise<R[]> => {
    // Inside a SQLite transaction, on its connection directly (a DAV PUT runs most of its statements so).
    const connection = ctx.transactionConnection?.();
    const query = compiled(ctx, parameters);
    const answered = (await (connection === undefined ? ctx.db().executeQuery<R>(query) : connection.executeQuery<R>(query))).rows;
    // A SQLite database given to createKyselyStore other than by open.ts has no statement cache to
    // set raw mode: its rows come as objects, whose keys are the columns in the order selected.
    if (!arrays || answered.length === 0 || Array.isArray(answered[0])) return answered;
    return answered.map((row) => Object.values(row as object) as R);
  };
  return {
    rows,
    async first(ctx, parameters) {
      return (await rows(ctx, parameters))[0];
    },
  };
}
