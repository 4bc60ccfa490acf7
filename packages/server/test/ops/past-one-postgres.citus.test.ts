/**
 * The operator's procedure "Running on Citus" (guide/operators.md, issue 24), its commands run as
 * the guide gives them, on nodes of our own (the Citus suite; root, PostgreSQL 15 and the citus
 * tool's install, as vitest.citus.config.ts needs anyway):
 *
 * 1. one PostgreSQL running atomsync, with an account, a datastore and its contents;
 * 2. Citus added: the server restarted with the extension loaded, a worker beside it, the
 *    extension made on both, the coordinator's host set and the worker added;
 * 3. `atomsync store distribute` (the CLI, with the instances' DATABASE_URL) with the instance
 *    stopped; run again, it does nothing;
 * 4. an instance started again serves the rows from before, and takes writes;
 * 5. a second worker added and `citus_rebalance_start()` while the instance runs: shards move onto
 *    it, and the instance serves every row before, during and after.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { basicAuth, createClient } from '@atomsync/sdk';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { listen } from '../../src/listen.js';
import { SecretBox } from '../../src/secrets/box.js';
import { createServer } from '../../src/server.js';
import { createAccount } from '../../src/services/accounts.js';
import { openStore } from '@atomsync/store';
import { CITUS_NODE_SETTINGS, startCluster, type RestartableCluster } from '../support/postgres.js';

vi.mock('node:crypto', async (importOriginal) => (await import('../support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const CLI = join(ROOT, 'packages/server/src/cli.ts');
const TSX = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
/** Citus's build is for PostgreSQL 15 (../shared/tools/citus). */
const BIN = '/usr/lib/postgresql/15/bin';

const vcard = (n: number) => ['BEGIN:VCARD', 'VERSION:3.0', `N:Lindqvist${n};Katja;;;`, `FN:Katja Lindqvist${n}`, 'END:VCARD', ''].join('\r\n');

/** The `atomsync` database's URL on a node. */
const atomsyncUrl = (node: RestartableCluster) => node.adminUrl.replace(/\/postgres$/, '/atomsync');
const portOf = (node: RestartableCluster) => Number(new URL(node.adminUrl).port);

/** Runs `statements` in order on `url` (psql's part in the guide); the last one's rows. */
async function psql(url: string, ...statements: string[]): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    let rows: Record<string, unknown>[] = [];
    for (const statement of statements) rows = (await client.query(statement)).rows;
    return rows;
  } finally {
    await client.end();
  }
}

/** A worker as step 2 makes one: Citus loaded, the atomsync database with the extension. */
async function worker(): Promise<RestartableCluster> {
  const node = await startCluster(BIN, { settings: CITUS_NODE_SETTINGS });
  nodes.push(node);
  await psql(node.adminUrl, 'CREATE DATABASE atomsync');
  await psql(atomsyncUrl(node), 'CREATE EXTENSION citus');
  return node;
}

const nodes: RestartableCluster[] = [];
afterAll(async () => {
  for (const node of nodes) await node.stop();
});

describe('past one PostgreSQL: the guide’s procedure', () => {
  it('adds Citus to a running store, distributes it, adds a worker and rebalances, the rows served throughout', { timeout: 240_000 }, async () => {
    // 1. One PostgreSQL running atomsync, with rows.
    const coordinator = await startCluster(BIN);
    nodes.push(coordinator);
    await psql(coordinator.adminUrl, 'CREATE DATABASE atomsync');
    const url = atomsyncUrl(coordinator);
    const secrets = SecretBox.ephemeral();
    const accounts = 12;
    let store = await openStore({ kind: 'postgres', url });
    const datastores: { username: string; uuid: string }[] = [];
    for (let a = 0; a < accounts; a++) {
      const username = `katja${a}`;
      await createAccount({ store, secrets }, { username, password: `${username}-secret-pw`, admin: false });
      datastores.push({ username, uuid: '' });
    }
    let running = await listen(createServer({ store, secrets }), { host: '127.0.0.1', port: 0 });
    const sdk = (base: string, username: string) => createClient({ baseUrl: base, auth: basicAuth(username, `${username}-secret-pw`), pageSize: false });
    for (const d of datastores) {
      const client = sdk(running.url, d.username);
      d.uuid = (await client.datastore.create({ userId: 'contacts' })).client.uuid!;
      for (let n = 0; n < 3; n++) await client.datastore.contents(d.uuid).create({ title: `c${n}`, content: { type: 'text/vcard', value: vcard(n) } });
      await client.close();
    }
    /** Every account's contents through the running instance: 3 each (more once written). */
    const served = async (base: string) =>
      Promise.all(
        datastores.map(async (d) => {
          const client = sdk(base, d.username);
          try {
            return (await client.datastore.contents(d.uuid).list()).entries.length;
          } finally {
            await client.close();
          }
        }),
      );
    expect(await served(running.url)).toEqual(Array(accounts).fill(3));
    await running.close(5_000);
    await store.close();

    // 2. Add Citus: load it (a restart), a worker, the extension on every node, the coordinator's host, the worker.
    await coordinator.restart(CITUS_NODE_SETTINGS);
    const first = await worker();
    await psql(url, 'CREATE EXTENSION citus', `SELECT citus_set_coordinator_host('127.0.0.1', ${portOf(coordinator)})`, `SELECT citus_add_node('127.0.0.1', ${portOf(first)})`);

    // 3. Distribute, the instances stopped; again, nothing to do.
    // In 4 shards a table rather than Citus's 32 (citus.shard_count): the rebalance below moves
    // each shard by logical replication, a few seconds a shard here.
    const distributeUrl = `${url}?options=${encodeURIComponent('-c citus.shard_count=4')}`;
    const cli = () =>
      run(process.execPath, ['--import', TSX, CLI, 'store', 'distribute'], {
        env: { ...process.env, TSX_TSCONFIG_PATH: join(ROOT, 'packages/server/test/fixtures/tsconfig.cli.json'), DATABASE_URL: distributeUrl, ATOMSYNC_SECRET_KEY: randomBytes(32).toString('base64') },
      });
    expect((await cli()).stdout).toMatch(/^distributed \d+ tables: .*\baccounts\b.*\bcontents\b/);
    expect((await cli()).stdout).toBe('the store is distributed as planned; nothing to do\n');
    const onFirst = async () => Number((await psql(url, `SELECT count(*) AS n FROM citus_shards WHERE nodeport = ${portOf(first)}`))[0]!.n);
    expect(await onFirst()).toBeGreaterThan(0);

    // 4. The instance again: the rows from before, and a write.
    store = await openStore({ kind: 'postgres', url });
    running = await listen(createServer({ store, secrets }), { host: '127.0.0.1', port: 0 });
    expect(await served(running.url)).toEqual(Array(accounts).fill(3));
    const katja = sdk(running.url, datastores[0]!.username);
    await katja.datastore.contents(datastores[0]!.uuid).create({ title: 'after', content: { type: 'text/vcard', value: vcard(9) } });

    // 5. A second worker and a rebalance while the instance serves.
    const second = await worker();
    await psql(url, `SELECT citus_add_node('127.0.0.1', ${portOf(second)})`, 'SELECT citus_rebalance_start()');
    const during = await served(running.url);
    await psql(url, 'SELECT citus_rebalance_wait()');
    const status = await psql(url, 'SELECT state FROM citus_rebalance_status() ORDER BY job_id DESC LIMIT 1');
    expect(status).toEqual([{ state: 'finished' }]);
    const onSecond = Number((await psql(url, `SELECT count(*) AS n FROM citus_shards WHERE nodeport = ${portOf(second)}`))[0]!.n);
    expect(onSecond).toBeGreaterThan(0);
    const expected = [4, ...Array(accounts - 1).fill(3)];
    expect(during).toEqual(expected);
    expect(await served(running.url)).toEqual(expected);
    await katja.datastore.contents(datastores[0]!.uuid).create({ title: 'rebalanced', content: { type: 'text/vcard', value: vcard(10) } });
    expect((await served(running.url))[0]).toBe(5);
    await katja.close();
    await running.close(5_000);
    await store.close();
  });
});
