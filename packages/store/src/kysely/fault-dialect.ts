/**
 * The store's dialect, with its driver's failures read (issue 27): a failure that means the
 * store is unreachable (faults.ts) is thrown as StoreUnavailable, saying whether the database may
 * have kept the statement (a COMMIT whose answer was lost) or cannot have (a transaction cut
 * before its COMMIT, no connection at all), and the outage is logged once (outage.ts). The
 * transaction runner (store.ts) retries what cannot have been kept; http/failure.ts answers 503.
 *
 * It wraps Kysely's driver rather than each repository, so every statement of every path (REST,
 * sync runs, the phone protocols, housekeeping, migrations) is read the same way.
 */
import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult } from 'kysely';
import { outcomeOf, StoreUnavailable, unreachableCause, writes } from '../faults.js';
import type { OutageLog } from '../outage.js';

/** What a connection's transaction is at: the outcome of a failure depends on it. */
interface ConnectionState {
  inTransaction: boolean;
  /** Its last COMMIT failed unreachable: the rollback Kysely sends next fails too, and nothing is known. */
  commitLost: boolean;
}

export function faultReadingDialect(inner: Dialect, outage: OutageLog): Dialect {
  return {
    createAdapter: () => inner.createAdapter(),
    createIntrospector: (db) => inner.createIntrospector(db),
    createQueryCompiler: () => inner.createQueryCompiler(),
    createDriver: () => faultReadingDriver(inner.createDriver(), outage),
  };
}

function faultReadingDriver(driver: Driver, outage: OutageLog): Driver {
  const watched = new WeakSet<DatabaseConnection>();
  const acquire = driver.acquireConnection.bind(driver);
  driver.acquireConnection = async () => {
    let connection: DatabaseConnection;
    try {
      connection = await acquire();
    } catch (error) {
      throw unavailable(error, 'none', outage, true);
    }
    if (!watched.has(connection)) {
      watched.add(connection);
      readFaults(connection, outage);
    }
    return connection;
  };
  return driver;
}

/** Patches the connection's executeQuery in place: Kysely's drivers release a connection by a private member, so it must stay the same object. */
function readFaults(connection: DatabaseConnection, outage: OutageLog): void {
  const execute = connection.executeQuery.bind(connection);
  const state: ConnectionState = { inTransaction: false, commitLost: false };
  connection.executeQuery = async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
    const verb = /^\s*(\w+)/.exec(query.sql)?.[1]?.toLowerCase();
    const write = writes(query.sql);
    const sent = performance.now();
    try {
      const result = await execute<R>(query);
      outage.answered(sent, write);
      if (verb === 'begin' || verb === 'start') state.inTransaction = true;
      else if (verb === 'commit' || verb === 'rollback' || verb === 'end') state.inTransaction = false;
      if (verb === 'begin' || verb === 'start') state.commitLost = false;
      return result;
    } catch (error) {
      const outcome = outcomeOf(query.sql, state.inTransaction, state.commitLost);
      if (verb === 'commit' || verb === 'end') state.commitLost = unreachableCause(error) !== undefined;
      if (verb === 'commit' || verb === 'rollback' || verb === 'end') state.inTransaction = false;
      throw unavailable(error, outcome, outage, false, write);
    }
  };
}

/** `error` as StoreUnavailable when it means the store is unreachable (logged as the outage's), else as it is. */
function unavailable(error: unknown, outcome: 'none' | 'unknown', outage: OutageLog, connecting = false, write = false): unknown {
  if (error instanceof StoreUnavailable) return error;
  const cause = unreachableCause(error);
  if (cause === undefined) return error;
  outage.failed(cause, error, write);
  return new StoreUnavailable(cause, outcome, { cause: error, connecting });
}
