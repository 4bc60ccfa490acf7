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
 * of the moment (StoreContext.db()).
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
 * `sql` with `?` placeholders (none may appear elsewhere in the text), for both dialects. The
 * PostgreSQL statement's name is derived from its text: pg refuses one name for two texts on a
 * connection, and a text is prepared once whatever calls it.
 */
export function prepared<R>(sql: string): PreparedStatement<R> {
  let n = 0;
  const postgresText = sql.replace(/\?/g, () => `$${++n}`);
  const named: PgNamedQuery & { toString(): string } = {
    name: `atomsync_${createHash('sha256').update(postgresText).digest('hex').slice(0, 24)}`,
    text: postgresText,
    // What a logger of Kysely's events prints for it.
    toString: () => postgresText,
  };
  const compiled = (ctx: StoreContext, parameters: readonly unknown[]): CompiledQuery =>
    ctx.dialect === 'postgres' ? { ...CompiledQuery.raw(postgresText, [...parameters]), sql: named as unknown as string } : CompiledQuery.raw(sql, [...parameters]);
  const rows = async (ctx: StoreContext, parameters: readonly unknown[]): Promise<R[]> => (await ctx.db().executeQuery<R>(compiled(ctx, parameters))).rows;
  return {
    rows,
    async first(ctx, parameters) {
      return (await rows(ctx, parameters))[0];
    },
  };
}
