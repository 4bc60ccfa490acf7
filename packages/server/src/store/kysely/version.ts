/**
 * Store.version: a token that changes with every committed write, so that an answer computed from
 * the store can be kept and known to be current while the token is unchanged.
 *
 * - SQLite: `total_changes()` counts the rows this connection (the store's one) has inserted,
 *   updated or deleted, `data_version` the commits of every other connection to the file (another
 *   process on the same data directory). Both only grow.
 * - PostgreSQL: the snapshot a statement would read with (`pg_current_snapshot()`: the oldest
 *   running transaction, the next transaction id, the ones running in between). What a read sees
 *   is decided by its snapshot alone, and the next id only grows, so an equal snapshot sees
 *   equal data, on any instance. Any transaction anywhere in the cluster that takes an id moves it.
 *
 * Either may also move without a change to what a given read answers: a kept answer is then
 * written again, never sent stale.
 */
import { prepared } from './prepared.js';
import type { StoreContext } from './context.js';

const sqliteVersion = prepared<{ changes: number; version: number }>('select total_changes() as "changes", "data_version" as "version" from pragma_data_version()');
const postgresVersion = prepared<{ snapshot: string }>('select pg_current_snapshot()::text as "snapshot"');

export async function storeVersion(ctx: StoreContext): Promise<string> {
  if (ctx.dialect === 'postgres') {
    const row = await postgresVersion.first(ctx, []);
    return row!.snapshot;
  }
  const row = await sqliteVersion.first(ctx, []);
  return `${row!.version}.${row!.changes}`;
}
