/**
 * The one Store implementation, over Kysely, for both dialects.
 *
 * Transactions: `transaction(work)` opens a Kysely transaction and keeps it in an
 * AsyncLocalStorage for the duration of `work`; every repository method asks the context for the
 * database of the moment, so inside `work` all of them (the store's own as much as `tx`'s) run on
 * the transaction's connection. A nested `transaction` finds one open and joins it; a throw
 * anywhere rolls the whole thing back. Without this, a store method called on the outer store
 * from inside `work` would wait forever for SQLite's single connection.
 *
 * `afterCommit` keeps what runs once a transaction commits beside it, found through the same
 * context: a caller that counts commits (the server's metrics) needs no context of its own (each
 * AsyncLocalStorage adds its own work to every promise the process makes).
 *
 * A transaction whose work may run again (`retry`, store.ts's TransactionOptions) is tried again
 * when it was cut before its COMMIT was sent or lost a conflict (issue 27): fault-dialect.ts says
 * which failures those are.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import type { DatabaseConnection, Kysely, Transaction } from 'kysely';
import type { PoolStats, Repositories, Store } from '../store.js';
import { accountRepo, consumerRepo, nonceRepo, tokenRepo } from './accounts.js';
import { appPasswordRepo } from './app-passwords.js';
import { activesyncDeviceRepo } from './activesync-devices.js';
import { catalogueRepo } from './catalogue.js';
import { activesyncRepo, datastoreRepo, extdataRepo, syncmlRepo } from './clients.js';
import { contentRepo } from './contents.js';
import { davPropertyRepo, davSegmentRepo } from './dav-collections.js';
import type { StoreContext } from './context.js';
import { mayRunAgain } from '../faults.js';
import { bindingRepo, phoneBindingRepo, syncLogRepo } from './bindings.js';
import { syncLockRepo, syncStateRepo } from './sync-state.js';
import type { Dialect } from './migrations.js';
import type { Database } from './schema.js';
import { chatLogRepo, outboxRepo, sessionRepo } from './syncml.js';
import { syncmlDeviceRepo, syncmlSessionRepo } from './syncml-sessions.js';
import { storeVersion } from './version.js';

/**
 * How many times a transaction that may run again (`retry`) is tried in all. A terminated backend
 * costs one attempt (the pool connects anew).
 */
const TRANSACTION_ATTEMPTS = 3;
/** The pause before the n-th retry is n times this: a restart or a conflict gets a moment to pass. */
const RETRY_PAUSE_MS = 50;


export function createKyselyStore(
  db: Kysely<Database>,
  dialect: Dialect,
  poolStats: () => PoolStats | undefined = () => undefined,
  { distributed = false }: { readonly distributed?: boolean } = {},
): Store {
  const current = new AsyncLocalStorage<Transaction<Database>>();
  /** What each open transaction runs once it commits (afterCommit): an attempt's own, so a retried one's are dropped. */
  const onCommit = new WeakMap<Transaction<Database>, (() => void)[]>();
  /**
   * Transactions open now. With none, the context is switched off: an AsyncLocalStorage that is on
   * has Node run a hook for every promise the process makes (~5% of a DAV PUT's CPU), and most
   * of a request's promises are made outside any transaction (its reading, signing in, answering).
   * `run` switches it on again; getStore() answers undefined while it is off, as it would then.
   */
  let open = 0;
  /** SQLite: each open transaction's connection while its work runs (StoreContext.transactionConnection). */
  const connections = new WeakMap<Transaction<Database>, DatabaseConnection>();
  const inTransaction = async <T>(work: () => Promise<T>, retry = false): Promise<T> => {
    if (current.getStore() !== undefined) return work();
    open++;
    try {
      return await attempts(work, retry);
    } finally {
      if (--open === 0) current.disable();
    }
  };
  const attempts = async <T>(work: () => Promise<T>, retry: boolean): Promise<T> => {
    for (let attempt = 1; ; attempt++) {
      const committed: (() => void)[] = [];
      let result: T;
      try {
        result = await db.transaction().execute(async (trx) => {
          onCommit.set(trx, committed);
          if (dialect !== 'sqlite') return current.run(trx, work);
          // The transaction's one connection, as its executor hands it to each of its statements.
          connections.set(trx, await trx.getExecutor().provideConnection(async (connection) => connection));
          try {
            return await current.run(trx, work);
          } finally {
            connections.delete(trx);
          }
        });
      } catch (error) {
        if (!retry || attempt >= TRANSACTION_ATTEMPTS || !mayRunAgain(error)) throw error;
        await delay(RETRY_PAUSE_MS * attempt);
        continue;
      }
      for (const callback of committed) callback();
      return result;
    }
  };
  const transactionConnection = (): DatabaseConnection | undefined => {
    const trx = current.getStore();
    return trx === undefined ? undefined : connections.get(trx);
  };
  const ctx: StoreContext = { dialect, distributed, db: () => current.getStore() ?? db, transactionConnection, inTransaction };

  const repositories: Repositories = {
    accounts: accountRepo(ctx),
    tokens: tokenRepo(ctx),
    consumers: consumerRepo(ctx),
    nonces: nonceRepo(ctx),
    appPasswords: appPasswordRepo(ctx),
    extdata: extdataRepo(ctx),
    datastores: datastoreRepo(ctx),
    contents: contentRepo(ctx),
    davProperties: davPropertyRepo(ctx),
    davSegments: davSegmentRepo(ctx),
    syncml: syncmlRepo(ctx),
    activesync: activesyncRepo(ctx),
    bindings: bindingRepo(ctx),
    syncLog: syncLogRepo(ctx),
    syncState: syncStateRepo(ctx),
    syncLocks: syncLockRepo(ctx),
    phoneBindings: phoneBindingRepo(ctx),
    outbox: outboxRepo(ctx),
    sessions: sessionRepo(ctx),
    chatLog: chatLogRepo(ctx),
    syncmlSessions: syncmlSessionRepo(ctx),
    syncmlDevices: syncmlDeviceRepo(ctx),
    activesyncDevices: activesyncDeviceRepo(ctx),
    catalogue: catalogueRepo(ctx),
  };

  return {
    ...repositories,
    dialect,
    poolStats,
    version: () => storeVersion(ctx),
    transaction: (work, options) => inTransaction(() => work(repositories), options?.retry === true),
    afterCommit(callback) {
      const trx = current.getStore();
      if (trx === undefined) callback();
      else onCommit.get(trx)!.push(callback);
    },
    close: () => db.destroy(),
  };
}
