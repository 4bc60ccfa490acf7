/**
 * The PostgreSQL test cluster: vitest globalSetup (vitest.config.ts) starts one throwaway cluster
 * per `vitest run` and hands its admin URL to the workers (`inject('postgres')`); stores.ts makes
 * a fresh schema on it for every PostgreSQL test store.
 *
 * The cluster: Debian's binaries (/usr/lib/postgresql/<version>/bin), initdb into a temp dir as an
 * unprivileged user (initdb refuses root), listening on 127.0.0.1 at a free port with its unix
 * socket in the temp dir, trust auth, and durability off (fsync, full-page writes) for speed.
 * Teardown stops it and removes the dir.
 *
 * No binaries → the PostgreSQL tests fail with `error` below, never skip: the second store must
 * be tested wherever the suite runs (.ci/run installs PostgreSQL when it is missing).
 * ATOMSYNC_TEST_POSTGRES_URL (an admin URL to an existing server) skips starting a cluster.
 *
 * ATOMSYNC_TEST_CITUS=1 (vitest.citus.config.ts): a Citus cluster instead, a coordinator and two
 * workers from the citus tool beside the clone (../shared/tools/citus, or ATOMSYNC_CITUS_TOOL; its
 * install.sh must have run, and it needs root), and every test store is distributed (stores.ts),
 * from a pool of distributed schemas reused between tests (citus-schemas.ts).
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
// The augmentation below needs 'vitest' in the program, which a program that imports this file
// without any test (the benchmarks' tsconfig) would not have.
import type {} from 'vitest';

export type TestPostgres =
  | { readonly adminUrl: string; readonly citus?: boolean; readonly error?: undefined }
  | { readonly adminUrl?: undefined; readonly citus?: undefined; readonly error: string };

declare module 'vitest' {
  export interface ProvidedContext {
    postgres: TestPostgres;
  }
}

const run = promisify(execFile);
const PG_ROOT = '/usr/lib/postgresql';
/** The unprivileged user that owns the cluster when we run as root (created if missing). */
const FALLBACK_USER = 'atomsync-pg';

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (process.env.ATOMSYNC_TEST_CITUS === '1') {
    const cluster = await startCitus();
    // The pool of distributed test schemas the workers share (citus-schemas.ts, imported here
    // only: it brings the store's modules, which the main suite's set-up does not need).
    const { CREATE_POOL } = await import('./citus-schemas.js');
    const client = new pg.Client({ connectionString: cluster.adminUrl });
    try {
      await client.connect();
      await client.query(CREATE_POOL);
    } catch (error) {
      await cluster.stop();
      throw error;
    } finally {
      await client.end();
    }
    project.provide('postgres', { adminUrl: cluster.adminUrl, citus: true });
    return cluster.stop;
  }
  const given = process.env.ATOMSYNC_TEST_POSTGRES_URL;
  if (given) {
    project.provide('postgres', { adminUrl: given });
    return undefined;
  }
  const bin = findBinaries();
  if (bin === undefined) {
    project.provide('postgres', {
      error: `PostgreSQL server binaries not found (${PG_ROOT}/*/bin/initdb): install them (apt-get install postgresql) or set ATOMSYNC_TEST_POSTGRES_URL`,
    });
    return undefined;
  }
  const cluster = await startCluster(bin);
  project.provide('postgres', { adminUrl: cluster.adminUrl });
  return cluster.stop;
}

/** The newest installed version's bin dir, or undefined. */
export function findBinaries(): string | undefined {
  if (!existsSync(PG_ROOT)) return undefined;
  const versions = readdirSync(PG_ROOT)
    .filter((v) => existsSync(join(PG_ROOT, v, 'bin', 'initdb')) && existsSync(join(PG_ROOT, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : join(PG_ROOT, versions[0], 'bin');
}

export interface Cluster {
  readonly adminUrl: string;
  stop(): Promise<void>;
}

/** A cluster that restarts with more settings (as an operator restarts a server after adding Citus). */
export interface RestartableCluster extends Cluster {
  restart(settings: readonly string[]): Promise<void>;
}

/**
 * What a node of a Citus cluster is started with beside startCluster's own: the extension loaded,
 * prepared transactions for its two-phase commits, and logical decoding for the rebalancer's
 * shard moves without blocking writes (guide/operators.md, "Running on Citus").
 */
export const CITUS_NODE_SETTINGS: readonly string[] = [
  '-c shared_preload_libraries=citus',
  '-c max_prepared_transactions=100',
  '-c wal_level=logical',
  '-c max_wal_senders=10',
  '-c max_replication_slots=10',
];

/**
 * `durable`: PostgreSQL's own durability (fsync, full-page writes, synchronous_commit) and memory
 * (shared_buffers) settings, as an operator runs it (the write benchmark measures that); the tests
 * turn durability off and take less memory, for speed.
 */
export async function startCluster(
  bin: string,
  { durable = false, settings = [] }: { readonly durable?: boolean; readonly settings?: readonly string[] } = {},
): Promise<RestartableCluster> {
  const user = process.getuid?.() === 0 ? await unprivilegedUser() : undefined;
  const as = (command: string, args: string[]) =>
    user === undefined ? run(join(bin, command), args) : run('runuser', ['-u', user, '--', join(bin, command), ...args]);
  const dir = await mkdtemp(join(tmpdir(), 'atomsync-pg-'));
  const data = join(dir, 'data');
  const log = join(dir, 'server.log');
  const stop = async () => {
    await as('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  };
  try {
    if (user !== undefined) {
      const { stdout } = await run('id', ['-u', user]);
      const { stdout: gid } = await run('id', ['-g', user]);
      await chown(dir, Number(stdout.trim()), Number(gid.trim()));
    }
    await as('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
    const port = await freePort();
    const options = [
      `-p ${port}`,
      '-c listen_addresses=127.0.0.1',
      `-c unix_socket_directories=${dir}`,
      ...(durable ? [] : ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off']),
      '-c wal_level=minimal',
      '-c max_wal_senders=0',
      '-c archive_mode=off',
      ...(durable ? [] : ['-c shared_buffers=32MB']),
      '-c max_connections=300',
      // Last: a setting given twice takes its last value.
      ...settings,
    ].join(' ');
    await as('pg_ctl', ['-D', data, '-l', log, '-o', options, '-w', '-t', '60', 'start']);
    const restart = async (more: readonly string[]) => {
      await as('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      await as('pg_ctl', ['-D', data, '-l', log, '-o', [options, ...more].join(' '), '-w', '-t', '60', 'start']);
    };
    return { adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`, stop, restart };
  } catch (error) {
    const serverLog = await readFile(log, 'utf8').catch(() => '');
    await stop();
    throw new Error(`could not start the PostgreSQL test cluster: ${(error as Error).message}\n${serverLog}`);
  }
}

/** The citus tool: ../shared/tools/citus beside the clone (as on the CI machine), or ATOMSYNC_CITUS_TOOL. */
function citusTool(): string {
  const root = fileURLToPath(new URL('../../../../', import.meta.url));
  return process.env.ATOMSYNC_CITUS_TOOL ?? resolve(root, '..', 'shared', 'tools', 'citus');
}

/**
 * A Citus cluster (the tool's cluster.sh: three initdb'd clusters as `postgres` under a directory
 * of /tmp it can reach, at three consecutive ports from a free one); stop() takes it down and
 * removes the directory.
 */
export async function startCitus(): Promise<Cluster> {
  const script = join(citusTool(), 'cluster.sh');
  if (!existsSync(script)) throw new Error(`the citus tool is not at ${script}: set ATOMSYNC_CITUS_TOOL`);
  const dir = join('/tmp', `atomsync-citus-${process.pid}-${Date.now()}`);
  const stop = async () => {
    await run('bash', [script, 'down', dir]).catch(() => undefined);
  };
  try {
    const port = await freePorts(3);
    const { stdout } = await run('bash', [script, 'up', dir, String(port)]);
    const url = /DATABASE_URL=(\S+)/.exec(stdout)?.[1];
    if (url === undefined) throw new Error(`cluster.sh printed no DATABASE_URL: ${stdout}`);
    return { adminUrl: url, stop };
  } catch (error) {
    await stop();
    throw new Error(`could not start the Citus test cluster: ${(error as Error).message}`);
  }
}

/** A port p free with p+1 … p+n-1 (a few tries: another process may take one in between). */
async function freePorts(n: number): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const port = await freePort();
    if (port + n > 65_535) continue;
    const free = await Promise.all(Array.from({ length: n - 1 }, (_, i) => isFree(port + i + 1)));
    if (free.every(Boolean)) return port;
  }
  throw new Error(`no ${n} consecutive free ports`);
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** `postgres` (Debian's package creates it), else a system user of our own. */
export async function unprivilegedUser(): Promise<string> {
  for (const name of ['postgres', FALLBACK_USER]) {
    if (await run('id', ['-u', name]).then(() => true, () => false)) return name;
  }
  await run('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', FALLBACK_USER]);
  return FALLBACK_USER;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
