/**
 * A throwaway PostgreSQL cluster of a test's own (support/postgres.ts's), which the test may stop
 * and bring back to see the server through an outage: `stop` is `pg_ctl stop -m fast` (every
 * connection terminated), `restart` starts it again on the same data directory, port and options
 * (pg_ctl reads them from postmaster.opts). Run as the cluster's owner: under root, through runuser.
 */
import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { findBinaries, startCluster, unprivilegedUser, type Cluster } from './postgres.js';

const run = promisify(execFile);

export interface StoppableCluster {
  readonly cluster: Cluster;
  stop(): Promise<void>;
  restart(): Promise<void>;
}

export async function startStoppableCluster(): Promise<StoppableCluster> {
  const bin = findBinaries();
  if (bin === undefined) throw new Error('PostgreSQL server binaries not found (/usr/lib/postgresql/*/bin): install them (apt-get install postgresql)');
  const cluster = await startCluster(bin);
  const user = process.getuid?.() === 0 ? await unprivilegedUser() : undefined;
  const pgCtl = async (args: string[]): Promise<void> => {
    await (user === undefined ? run(join(bin, 'pg_ctl'), args) : run('runuser', ['-u', user, '--', join(bin, 'pg_ctl'), ...args]));
  };
  const admin = new pg.Client({ connectionString: cluster.adminUrl });
  await admin.connect();
  const data = (await admin.query<{ data_directory: string }>('show data_directory')).rows[0]!.data_directory;
  await admin.end();
  return {
    cluster,
    stop: () => pgCtl(['-D', data, '-m', 'fast', '-w', 'stop']),
    restart: () => pgCtl(['-D', data, '-l', join(dirname(data), 'server.log'), '-w', '-t', '60', 'restart']),
  };
}
