/**
 * createMockServer: the real reference server (@atomsync/server's createServer) running in
 * memory on an in-memory SQLite store, behind msw. Every request a handler does not override is
 * answered by the server's h3 app (`app.fetch(request)`), so a consumer's tests meet the server's
 * own auth, validation, isolation and field rules, not a re-implementation of them. `{base_url}`
 * in ids and links follows each request's origin, whatever base URL the consumer configured.
 */
import {
  createFixtureAccount,
  createLogger,
  createServer,
  openStore,
  seedCatalogue,
  SecretBox,
  type AccountRecord,
  type NewAccount,
} from '@atomsync/server';
// The types this package's declarations name come from the subpath that reaches no h3 type, so a
// consumer's `skipLibCheck: false` build compiles them (@atomsync/server/store says why).
import type { LogLevel, Store } from '@atomsync/server/store';
import type { HttpHandler } from 'msw';
import { fallbackHandler, fallbackScope, operationHandlers, type HandlersOptions } from './handler.js';

export interface MockAccountInit {
  readonly username: string;
  readonly password: string;
  readonly admin?: boolean;
}

/** An account of the mock server, with the password to sign in with (HTTP Basic). */
export interface MockAccount {
  readonly id: number;
  readonly username: string;
  readonly password: string;
  readonly admin: boolean;
}

export interface MockServerOptions {
  /** The accounts to create. Default: one ordinary account, username `demo`, password `demo`. */
  readonly accounts?: readonly MockAccountInit[];
  /** Seed the phone catalogue the server ships (default true). */
  readonly catalogue?: boolean;
  /**
   * A fixed `{base_url}` for ids and links; default: each request's origin. Given, it is also
   * the scope of the catch-all handler (unknown paths and methods answered by the server).
   */
  readonly baseUrl?: string;
  /** The server's log level (default `warn`: a 500 logs the bug behind it). */
  readonly logLevel?: LogLevel;
}

export const DEMO_ACCOUNT: MockAccountInit = { username: 'demo', password: 'demo' };

export interface MockServer {
  /**
   * A handler for every operation: `overrides` answer in the server's place, everything else goes
   * to the server. Last, a catch-all sends the server what no operation handler took, so an
   * unknown path answers 404 `not_found` and a method the path does not offer 405 with `Allow`,
   * as the server does; its scope is everything under `baseUrl` when one was given, else any
   * origin under the service's own roots (`/v2/…`, `/syncml…`, `/healthz…`). `delay` waits
   * before every answer.
   */
  handlers(options?: HandlersOptions): HttpHandler[];
  /** The server app itself, for a request built by hand (no msw involved). */
  fetch(request: Request): Promise<Response>;
  /** The store the server runs on now (a fresh one after `reset()`): to seed or inspect data directly. */
  readonly store: Store;
  /** The accounts, by username. */
  account(username: string): MockAccount;
  readonly accounts: readonly MockAccount[];
  /** Creates another account (with `admin: true`, an administrator). */
  addAccount(init: MockAccountInit): Promise<MockAccount>;
  /**
   * Back to the state `createMockServer` made: a fresh empty store with the catalogue and the
   * accounts of the options (same ids, same passwords); accounts added later are gone.
   */
  reset(): Promise<void>;
  close(): Promise<void>;
}

/** `createMockServer()` then `setupServer(...mock.handlers())`; `await mock.reset()` between tests. */
export async function createMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const secrets = SecretBox.ephemeral();
  const logger = createLogger(options.logLevel ?? 'warn');
  const initial = options.accounts ?? [DEMO_ACCOUNT];
  let store = await openStore({ kind: 'sqlite', file: ':memory:' });
  // The server runs on a view that follows `store`, so reset() swaps the data under one app: its
  // verified-credential cache survives (each hit re-reads the account and compares the hash, and
  // reset() restores the same ids and hashes), and the scrypt check is paid once per account.
  const current: Store = new Proxy({} as Store, {
    get(_, prop) {
      const value: unknown = Reflect.get(store, prop);
      return typeof value === 'function' ? value.bind(store) : value;
    },
  });
  const scope = fallbackScope(options.baseUrl || undefined);
  const app = createServer({ store: current, secrets, logger, ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}) });
  let accounts: MockAccount[] = [];
  // The first accounts as stored (scrypt hash, sealed digest), so reset() copies them back
  // without paying the KDF again.
  const seeded: { record: NewAccount; password: string }[] = [];

  const add = async (init: MockAccountInit): Promise<{ record: AccountRecord; account: MockAccount }> => {
    // The server's account rules but the password length: `demo`/`demo` is the mock's documented fixture.
    const record = await createFixtureAccount({ store, secrets }, init);
    const account = { id: record.id, username: record.username, password: init.password, admin: record.admin };
    accounts.push(account);
    return { record, account };
  };

  const populate = async (): Promise<void> => {
    if (options.catalogue ?? true) await seedCatalogue(store);
    if (seeded.length === 0) {
      for (const init of initial) {
        const { record } = await add(init);
        seeded.push({ record: { username: record.username, passwordHash: record.passwordHash, syncmlDigest: record.syncmlDigest, admin: record.admin }, password: init.password });
      }
      return;
    }
    for (const { record, password } of seeded) {
      const created = await store.accounts.create(record);
      if (created === undefined) throw new Error(`@atomsync/msw: account ${record.username} exists in a fresh store`);
      accounts.push({ id: created.id, username: created.username, password, admin: created.admin });
    }
  };
  await populate();

  return {
    handlers: (handlerOptions) => [
      ...operationHandlers(async (request) => app.fetch(request), handlerOptions),
      fallbackHandler(scope, async (request) => app.fetch(request), handlerOptions),
    ],
    fetch: async (request) => app.fetch(request),
    get store() {
      return store;
    },
    get accounts() {
      return [...accounts];
    },
    account(username) {
      const found = accounts.find((a) => a.username === username);
      if (found === undefined) throw new Error(`@atomsync/msw: no account ${JSON.stringify(username)} (there are ${accounts.map((a) => a.username).join(', ') || 'none'})`);
      return found;
    },
    async addAccount(init) {
      return (await add(init)).account;
    },
    async reset() {
      const old = store;
      store = await openStore({ kind: 'sqlite', file: ':memory:' });
      accounts = [];
      await populate();
      await old.close();
    },
    async close() {
      await store.close();
    },
  };
}
