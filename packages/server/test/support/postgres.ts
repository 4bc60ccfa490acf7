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
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
// The augmentation below needs 'vitest' in the program, which a program that imports this file
// without any test (the benchmarks' tsconfig) would not have.
import type {} from 'vitest';

export type TestPostgres = { readonly adminUrl: string; readonly error?: undefined } | { readonly adminUrl?: undefined; readonly error: string };

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

/**
 * `durable`: PostgreSQL's own durability (fsync, full-page writes, synchronous_commit) and memory
 * (shared_buffers) settings, as an operator runs it (the write benchmark measures that); the tests
 * turn durability off and take less memory, for speed.
 */
export async function startCluster(bin: string, { durable = false }: { readonly durable?: boolean } = {}): Promise<Cluster> {
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
    ].join(' ');
    await as('pg_ctl', ['-D', data, '-l', log, '-o', options, '-w', '-t', '60', 'start']);
    return { adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
  } catch (error) {
    const serverLog = await readFile(log, 'utf8').catch(() => '');
    await stop();
    throw new Error(`could not start the PostgreSQL test cluster: ${(error as Error).message}\n${serverLog}`);
  }
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
