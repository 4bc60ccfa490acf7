/**
 * The store version on Citus (issue 24). On one PostgreSQL, Store.version is the snapshot
 * (version.ts); on Citus the coordinator's snapshot does not move while writes to distributed
 * tables take their transaction ids on the workers, so caches keyed by it kept an old password
 * working and answered 304 after an update.
 *
 * On a distributed store every connection counts its committed writes in a sequence of the
 * coordinator (`store_writes`, made by distribute()): after a transaction that wrote commits, or a
 * write outside a transaction succeeds, the same connection takes the sequence's next value
 * before it is handed back. The version read adds the sequence's last value to the snapshot.
 *
 * Why this is enough: the count moves after the write is visible on every node (Citus answers a
 * COMMIT once its workers committed, two-phase ones included), so a reader that read the version
 * before the count moved either read the old rows, and the moved count makes it read again, or
 * already the new ones. A sequence is not transactional: nextval is seen at once by every session
 * and never waits for another. What it costs: one round trip to the coordinator per committed
 * write (none on one PostgreSQL, where it is off); the version read stays one statement.
 *
 * What it does not see: writes made around the server (psql), and a write whose instance died
 * between its COMMIT and the count (the next counted write moves the version past it).
 */
import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult } from 'kysely';
import { CompiledQuery as Compiled } from 'kysely';

/** The coordinator's sequence counting committed writes (distribution.ts creates it). */
export const WRITES_SEQUENCE = 'store_writes';

/** Whether writes are counted: set once the store is known to be distributed (open.ts, after migrating). */
export interface WriteCounter {
  enabled: boolean;
}

const BUMP = Compiled.raw(`select nextval('${WRITES_SEQUENCE}')`);

/** A statement that may change rows (DML, or DDL), by its first word or a data-modifying CTE. */
function writes(text: string): boolean {
  const verb = /^\s*(\w+)/.exec(text)?.[1]?.toLowerCase();
  if (verb === undefined) return false;
  if (['insert', 'update', 'delete', 'merge', 'truncate', 'create', 'alter', 'drop'].includes(verb)) return true;
  return verb === 'with' && /\b(insert|update|delete)\b/i.test(text);
}

export function countingWrites(inner: Dialect, counter: WriteCounter): Dialect {
  return {
    createAdapter: () => inner.createAdapter(),
    createIntrospector: (db) => inner.createIntrospector(db),
    createQueryCompiler: () => inner.createQueryCompiler(),
    createDriver: () => countingDriver(inner.createDriver(), counter),
  };
}

function countingDriver(driver: Driver, counter: WriteCounter): Driver {
  const watched = new WeakSet<DatabaseConnection>();
  const acquire = driver.acquireConnection.bind(driver);
  driver.acquireConnection = async () => {
    const connection = await acquire();
    if (!watched.has(connection)) {
      watched.add(connection);
      count(connection, counter);
    }
    return connection;
  };
  return driver;
}

/** Patches the connection's executeQuery in place (as fault-dialect.ts does, for the same reason: Kysely releases it by identity). */
function count(connection: DatabaseConnection, counter: WriteCounter): void {
  const execute = connection.executeQuery.bind(connection);
  let inTransaction = false;
  let wrote = false;
  connection.executeQuery = async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
    if (!counter.enabled) return execute<R>(query);
    const text = String(query.sql);
    const verb = /^\s*(\w+)/.exec(text)?.[1]?.toLowerCase();
    if (verb === 'begin' || verb === 'start') {
      const result = await execute<R>(query);
      inTransaction = true;
      wrote = false;
      return result;
    }
    if (verb === 'commit' || verb === 'end' || verb === 'rollback') {
      const counted = verb !== 'rollback' && wrote;
      inTransaction = false;
      wrote = false;
      const result = await execute<R>(query);
      if (counted) await bump(execute);
      return result;
    }
    const result = await execute<R>(query);
    if (writes(text)) {
      if (inTransaction) wrote = true;
      else await bump(execute);
    }
    return result;
  };
}

/**
 * Takes the count's next value. The write is committed whatever happens here: a failure (the
 * connection lost just now) must not be reported as the write's, and the next counted write
 * moves the version past this one.
 */
async function bump(execute: DatabaseConnection['executeQuery']): Promise<void> {
  await execute(BUMP).catch(() => undefined);
}
