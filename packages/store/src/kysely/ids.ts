/**
 * Serial ids of rows keyed by (account_id, id). PostgreSQL gives them from the column's identity;
 * SQLite cannot autoincrement a column of a composite primary key, so its ids come from a
 * counter per table in `id_sequences` (since migration 10), taken in the insert's transaction (SQLite
 * has one writer at a time, so no two inserts take one id, and an id is never handed out twice).
 */
import { sql } from 'kysely';
import type { StoreContext } from './context.js';

export type SerialTable = 'bindings' | 'sync_log' | 'phone_bindings' | 'outbox' | 'chat_log' | 'tokens';

/**
 * Runs `insert` with the id the new row gets: `{ id }` on SQLite, `{}` on PostgreSQL (the
 * column's default). The counter and the row are written in one transaction.
 */
export function withSerialId<T>(ctx: StoreContext, table: SerialTable, insert: (id: { id?: number }) => Promise<T>): Promise<T> {
  if (ctx.dialect === 'postgres') return insert({});
  return ctx.inTransaction(async () => {
    const { rows } = await sql<{ last: number }>`update id_sequences set last = last + 1 where name = ${table} returning last`.execute(ctx.db());
    const next = rows[0];
    if (next === undefined) throw new Error(`no id sequence for ${table}: the store's migrations have not run`);
    return insert({ id: Number(next.last) });
  });
}
