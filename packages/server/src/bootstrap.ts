/**
 * From configuration to a ready store: open the configured database (migrations run on open),
 * the SecretBox key, and, for `atomsync serve`, what must exist before the first request: the
 * phone catalogue and the bootstrap admin; and once the server listens, on a fresh store, the
 * demo account (after, so a server that cannot listen creates no account whose password nobody saw).
 *
 * | ATOMSYNC_ADMIN_USER/PASSWORD | accounts in the store | at start                                  |
 * |------------------------------|-----------------------|-------------------------------------------|
 * | both set                     | any                   | that admin created, or its password and admin flag set |
 * | neither                      | none                  | `demo` (an admin) created, its password printed once |
 * | neither                      | some                  | nothing                                   |
 *
 * Replicas starting together on one fresh database all get through: the migrations meet under
 * their advisory lock, the catalogue upsert and the admin's insert-or-nothing are idempotent
 * (services/accounts.ts ensureAdmin), and a lost race for the demo account is left to the winner.
 */
import { join } from 'node:path';
import type { Logger } from 'pino';
import { seedCatalogue } from './catalogue/seed.js';
import type { ServeConfig, StoreConfig } from './config.js';
import { ServiceError } from './errors.js';
import type { StoreStats } from './http/metrics.js';
import { SecretBox } from './secrets/box.js';
import { keyFileIn } from './secrets/key.js';
import { createAccount, ensureAdmin, generatePassword } from './services/accounts.js';
import { prepareDataDir, prepareDataFile, prepareSqliteFiles } from '@atomsync/store';
import { openStore, type OpenOptions } from '@atomsync/store';
import type { Store } from '@atomsync/store';

export const DEMO_USERNAME = 'demo';

export interface OpenedStore {
  readonly store: Store;
  readonly secrets: SecretBox;
  /** The store's connections, for the metrics (pool figures on PostgreSQL, file sizes on SQLite). */
  readonly stats?: () => StoreStats | undefined;
  /** What of the data directory was found readable by other users and tightened (store/data-dir.ts), for a warning. */
  readonly tightened?: readonly string[];
}

/** The configured store (PostgreSQL for DATABASE_URL, else `<dataDir>/atomsync.sqlite`) and its key; `options.log` says its outages. */
export async function openConfiguredStore(config: StoreConfig, options: OpenOptions = {}): Promise<OpenedStore> {
  if (config.databaseUrl !== undefined) {
    // resolveStoreConfig refuses DATABASE_URL without ATOMSYNC_SECRET_KEY, so the key is shared.
    const secrets = new SecretBox(config.secretKey!);
    const store = await openStore({ kind: 'postgres', url: config.databaseUrl }, options);
    return {
      store,
      secrets,
      stats: () => {
        const pool = store.poolStats();
        return pool === undefined ? undefined : { dialect: 'postgres', ...pool };
      },
    };
  }
  const file = join(config.dataDir, 'atomsync.sqlite');
  // Checked before anything is read or written there; openStore and keyFileIn keep the same modes.
  const tightened = [...prepareDataDir(config.dataDir), ...prepareDataFile(join(config.dataDir, 'secret.key'), { create: false }), ...prepareSqliteFiles(file)];
  const secrets = new SecretBox(config.secretKey ?? keyFileIn(config.dataDir));
  const stats: StoreStats = { dialect: 'sqlite', files: { database: file, wal: `${file}-wal` } };
  return { store: await openStore({ kind: 'sqlite', file }, options), secrets, stats: () => stats, tightened };
}

export interface BootstrapOptions {
  readonly logger: Logger;
}

/** Everything that must exist before the first request; idempotent, so every start runs it. */
export async function bootstrap(store: Store, secrets: SecretBox, config: Pick<ServeConfig, 'admin'>, options: BootstrapOptions): Promise<void> {
  const { logger } = options;
  await seedCatalogue(store);
  if (config.admin !== undefined) {
    const { account, action } = await ensureAdmin({ store, secrets }, config.admin.username, config.admin.password);
    logger.info({ username: account.username, action }, `admin account ${account.username} ${action}`);
  }
}

/**
 * On a fresh store with no admin configured, the admin account `demo`: its password is returned,
 * for the caller to show once (never logged). Undefined when there is nothing to create.
 */
export async function createDemoAccount(store: Store, secrets: SecretBox, config: Pick<ServeConfig, 'admin'>, options: BootstrapOptions): Promise<string | undefined> {
  const { logger } = options;
  if (config.admin !== undefined) return undefined;
  const deps = { store, secrets };
  if ((await store.accounts.list()).length > 0) return undefined;
  const password = generatePassword();
  try {
    // An admin: on a fresh local start it is the only way into the admin API without the CLI.
    await createAccount(deps, { username: DEMO_USERNAME, password, admin: true });
  } catch (error) {
    // Another instance starting on the same database made it first: its start printed the password.
    if (error instanceof ServiceError && error.status === 409) return undefined;
    throw error;
  }
  logger.info({ username: DEMO_USERNAME }, 'demo account created (its password is printed once, not logged)');
  return password;
}
