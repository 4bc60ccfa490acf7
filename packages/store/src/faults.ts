/**
 * Which failures of the database mean "the store cannot be reached now" (issue 27): a restart, a
 * failover, terminated backends, a cut network, a file the embedded store cannot lock or write.
 * Those end a request with 503 `unavailable` and `Retry-After` (http/failure.ts), never with 500
 * `internal` and never with the process; anything else (a constraint, a bad statement) is a
 * failure of ours and stays 500.
 *
 * Pure: read from the error's `code` (a SQLSTATE from PostgreSQL, an errno from Node's sockets,
 * SQLITE_* from better-sqlite3) and, for the errors `pg` raises without a code, its message.
 */

/** SQLSTATEs of a server that is going away or not taking connections yet. */
const UNREACHABLE_SQLSTATES: Readonly<Record<string, string>> = {
  '57P01': 'admin_shutdown', // pg_terminate_backend, or `pg_ctl stop -m fast`
  '57P02': 'crash_shutdown', // another backend crashed and the server restarts
  '57P03': 'cannot_connect_now', // starting up, shutting down, in recovery
  '57P05': 'idle_session_timeout',
  '53300': 'too_many_connections',
  // A failover that left the address on a standby for a moment: writes refused until it is promoted.
  '25006': 'read_only_sql_transaction',
};

/** Node's socket errors: nothing answers at the address, or the connection broke. */
const UNREACHABLE_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENETDOWN', 'EHOSTDOWN', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * The embedded store's: another process holds the write lock past busy_timeout, the file cannot
 * be opened, read or written (SQLITE_IOERR has extended codes, SQLITE_IOERR_WRITE and so on), the disk is full.
 */
const UNREACHABLE_SQLITE = /^SQLITE_(BUSY|LOCKED|CANTOPEN|IOERR|FULL|PROTOCOL)(_|$)/;

/** What `pg` (and pg-pool) throw without a code when a connection breaks or never comes. */
const UNREACHABLE_MESSAGES: readonly [RegExp, string][] = [
  [/^Connection terminated/, 'connection terminated'],
  [/^Client has encountered a connection error and is not queryable/, 'connection lost'],
  [/^Client was closed and is not queryable/, 'connection closed'],
  [/^timeout exceeded when trying to connect/, 'connect timeout'],
  [/^Query read timeout/, 'query timeout'],
  [/^The server does not support SSL connections/, 'ssl refused'],
];

/**
 * The short cause of a failure that means the store is unreachable (`ECONNREFUSED`,
 * `57P01 admin_shutdown`, `SQLITE_BUSY`, `connection terminated`), or undefined for any other.
 * Never the database's address or anything of the query: it goes to the log and to `/readyz`.
 */
export function unreachableCause(error: unknown): string | undefined {
  if (error === null || typeof error !== 'object') return undefined;
  if (error instanceof StoreUnavailable) return error.reason;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    const sqlstate = UNREACHABLE_SQLSTATES[code];
    if (sqlstate !== undefined) return `${code} ${sqlstate}`;
    // Class 08: connection exception (08000, 08003 connection_does_not_exist, 08006 connection_failure, …).
    if (/^08[0-9A-Z]{3}$/.test(code)) return `${code} connection exception`;
    if (UNREACHABLE_ERRNOS.has(code)) return code;
    if (UNREACHABLE_SQLITE.test(code)) return code;
  }
  const message = (error as { message?: unknown }).message;
  if (typeof message === 'string') {
    for (const [pattern, cause] of UNREACHABLE_MESSAGES) if (pattern.test(message)) return cause;
  }
  // An AggregateError (a host with several addresses, all refusing) is as unreachable as its parts.
  if (error instanceof AggregateError && error.errors.length > 0 && error.errors.every((e) => unreachableCause(e) !== undefined)) return unreachableCause(error.errors[0]);
  return undefined;
}

/**
 * A conflict PostgreSQL resolves by aborting one transaction, which may simply run again:
 * serialization_failure (40001) and deadlock_detected (40P01). The transaction did not commit.
 */
export function isTransactionConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '40001' || code === '40P01';
}

/**
 * Whether a transaction whose work may run again (Store.transaction's `retry`) is tried again after
 * `error`: the database kept nothing of the attempt, and running it again may succeed: its connection was
 * lost (the pool connects anew), or it lost a conflict. Not when no connection could be had: a
 * database that refuses connections (down, starting) would refuse the next attempt too, and the
 * request's turn in the writers' line would be held for nothing; its client is told to come back.
 */
export const mayRunAgain = (error: unknown): boolean => (error instanceof StoreUnavailable && error.outcome === 'none' && !error.connecting) || isTransactionConflict(error);

const READING_VERBS = new Set(['select', 'with', 'start', 'savepoint', 'release', 'rollback', 'show', 'pragma', 'explain']);

/**
 * Whether `statement` (its SQL) needs to write, and so the write lock on the embedded store: what
 * changes rows or the schema, a COMMIT, and SQLite's BEGIN IMMEDIATE / EXCLUSIVE. A SELECT, a
 * plain BEGIN, a SAVEPOINT or a ROLLBACK reads or writes nothing of its own (outage.ts asks).
 */
export function writes(statement: string): boolean {
  const match = /^\s*(\w+)(?:\s+(\w+))?/.exec(statement);
  if (match === null) return false;
  const verb = match[1]!.toLowerCase();
  if (verb === 'begin') return /^(immediate|exclusive)$/i.test(match[2] ?? '');
  // A WITH may write (a data-modifying CTE): counted a read, its success never ends an outage of writes too early.
  return !READING_VERBS.has(verb);
}

/**
 * Whether the statement that failed may have taken effect: `none` when the database cannot have
 * kept anything of it (no connection was had, a transaction was cut before its COMMIT was sent,
 * a read), `unknown` when it may have (a COMMIT, or a write outside a transaction, sent and its
 * answer lost).
 */
export type FaultOutcome = 'none' | 'unknown';

/** The store could not be reached: what the store's driver throws for any failure unreachableCause names. */
export class StoreUnavailable extends Error {
  override readonly name = 'StoreUnavailable';
  constructor(
    /** unreachableCause's words. */
    readonly reason: string,
    readonly outcome: FaultOutcome,
    options?: ErrorOptions & {
      /** It failed getting a connection: the database refuses or is out of reach, and asking again at once would fail alike. */
      readonly connecting?: boolean;
    },
  ) {
    super(`the store is unreachable (${reason})`, options);
    this.connecting = options?.connecting === true;
  }

  /** It failed getting a connection (see the constructor's option). */
  readonly connecting: boolean;
}

/**
 * What a failure of `statement` (its SQL) on a connection that was (`inTransaction`) or was not
 * in a transaction means for what the database kept. `commitLost`: this connection's COMMIT
 * failed just before (Kysely rolls back after a failed commit; the rollback's failure must not
 * read as "nothing kept").
 */
export function outcomeOf(statement: string, inTransaction: boolean, commitLost: boolean): FaultOutcome {
  const verb = /^\s*(\w+)/.exec(statement)?.[1]?.toLowerCase() ?? '';
  if (verb === 'commit' || verb === 'end') return 'unknown';
  if (verb === 'rollback') return commitLost ? 'unknown' : 'none';
  if (verb === 'begin' || verb === 'start' || verb === 'select' || verb === 'savepoint') return 'none';
  return inTransaction ? 'none' : 'unknown';
}
