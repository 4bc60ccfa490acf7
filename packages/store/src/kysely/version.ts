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
 * - Citus: the coordinator's snapshot and the count of committed writes (write-counter.ts says why).
 *
 * Either may also move without a change to what a given read answers: a kept answer is then
 * written again, never sent stale.
 */
import { prepared } from './prepared.js';
import type { StoreContext } from './context.js';
import { WRITES_SEQUENCE } from './write-counter.js';

const sqliteVersion = prepared<{ changes: number; version: number }>('select total_changes() as "changes", "data_version" as "version" from pragma_data_version()');
const postgresVersion = prepared<{ snapshot: string }>('select pg_current_snapshot()::text as "snapshot"');
/** On Citus the coordinator's snapshot misses the workers' writes: the count of committed writes is added (write-counter.ts). */
const citusVersion = prepared<{ snapshot: string }>(`select pg_current_snapshot()::text || '/' || last_value as "snapshot" from ${WRITES_SEQUENCE}`);

/** Reads asked for outside a transaction and not yet made, by database: each is made once, for all who asked. */
const waiting = new WeakMap<object, Promise<string>>();

/**
 * The version, read after the call: every caller asking outside a transaction in one turn of the
 * event loop gets one read, made at the turn's end (setImmediate) — a read made after a caller
 * asked sees every write committed before it asked, which is all a caller may rely on. Node takes
 * each request from arrival to here in one go of microtasks before it parses the next, so a read
 * made at once would serve its caller alone; at 50 connections the shared read took a 304
 * revalidation from 12,300-14,000 to 17,500-18,200 answers/s. Inside a transaction, the read is
 * the transaction's own, at once.
 */
export function storeVersion(ctx: StoreContext): Promise<string> {
  const db = ctx.db();
  if (db.isTransaction) return readVersion(ctx);
  const pending = waiting.get(db);
  if (pending !== undefined) return pending;
  const version = new Promise<string>((resolve, reject) => {
    setImmediate(() => {
      // Made from here on, so a caller asking now needs a read of its own.
      waiting.delete(db);
      readVersion(ctx).then(resolve, reject);
    });
  });
  waiting.set(db, version);
  return version;
}

async function readVersion(ctx: StoreContext): Promise<string> {
  if (ctx.dialect === 'postgres') {
    const row = await (ctx.distributed ? citusVersion : postgresVersion).first(ctx, []);
    return row!.snapshot;
  }
  const row = await sqliteVersion.first(ctx, []);
  return `${row!.version}.${row!.changes}`;
}
