/**
 * `atomsync store …`: the store itself (guide/operators.md "Past one PostgreSQL").
 *
 * `distribute` distributes the PostgreSQL store (DATABASE_URL, the Citus coordinator) on Citus as
 * the guide plans it (store/kysely/distribution.ts), after migrating it to the latest schema. An
 * explicit step, not done at start: it moves every row of the store into the shards in one
 * transaction under the migration lock, which the operator times; once done, every migration keeps
 * the store distributed by itself. Run again, it distributes nothing and checks the placement.
 */
import { defineCommand } from 'citty';
import { ConfigError, resolveStoreConfig, type StoreConfig } from '../config.js';
import { distributeStore } from '@atomsync/store';
import { fail, storeFailure } from './failure.js';

const distributeCommand = defineCommand({
  meta: { name: 'distribute', description: 'Distribute the PostgreSQL store (DATABASE_URL) on Citus by account, as the operators guide plans' },
  args: {},
  async run() {
    let config: StoreConfig;
    try {
      config = resolveStoreConfig({});
    } catch (err) {
      if (err instanceof ConfigError) fail(err.message, 2);
      throw err;
    }
    if (config.databaseUrl === undefined) fail('store distribute needs DATABASE_URL: the embedded store is not distributed', 2);
    let tables: string[];
    try {
      tables = await distributeStore(config.databaseUrl);
    } catch (err) {
      fail(storeFailure(err, config), 1);
    }
    process.stdout.write(tables.length === 0 ? 'the store is distributed as planned; nothing to do\n' : `distributed ${tables.length} tables: ${tables.join(', ')}\n`);
  },
});

export const storeCommand = defineCommand({
  meta: { name: 'store', description: 'Manage the store' },
  subCommands: { distribute: distributeCommand },
});
