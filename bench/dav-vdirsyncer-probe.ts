/**
 * A probe of vdirsyncer against our server alone, not a benchmark (no floors, no peers): an empty
 * address book, vdirsyncer's discover, its initial sync of N contacts and a sync with nothing
 * changed, each with the wall time, vdirsyncer's own CPU and the server's CPU (/proc): where the
 * time of a run goes, client or server.
 *   N=1000 npx tsx bench/dav-vdirsyncer-probe.ts      (after a build: it serves dist/cli.js)
 * PROF=<dir>: the server runs with --cpu-prof into <dir> (summarise with bench/cpu-profile.ts).
 * AGAIN=<n>: how many no-change syncs (default 3). CLI=<path of another build's cli.js>: that build.
 * NODE_ARGS=<flags>: more flags for the server's node, split at spaces.
 * PERF=<file>: `perf record -e cpu-clock -g` of the server over the initial sync into <file> (the server
 * runs with --perf-basic-prof; read it with `perf report -i <file>`). Its samples are time on a CPU
 * only: a V8 profile (PROF) samples wall time, and on a loaded machine counts the time the server
 * sat preempted inside a syscall (a socket write that woke the client) as that syscall's.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { basicAuth, createClient } from '@atomsync/sdk';
import { contacts } from '../packages/server/test/dav/clients/items.js';
import type { DavTarget } from '../packages/server/test/dav/clients/target.js';
import { writeItems } from '../packages/server/test/dav/clients/vdir.js';
import { CONTACT_EXT, createSide } from '../packages/server/test/dav/clients/vdirsyncer.js';
import { createWorkDir } from '../packages/server/test/interop/support/workdir.js';
import { timedVdirsyncer } from './dav-requests.js';
import { cpuSplit, serve, stop } from './serve.js';

const ADMIN = { username: 'bench', password: 'bench-password-not-secret' };
const N = Number(process.env.N ?? 1000);
const AGAIN = Number(process.env.AGAIN ?? 3);
const dataDir = mkdtempSync(join(tmpdir(), 'atomsync-dav-vdir-probe-'));
const work = createWorkDir('dav-vdirsyncer-probe');
const nodeArgs = [...(process.env.PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROF}`] : []), ...(process.env.PERF ? ['--perf-basic-prof'] : []), ...(process.env.NODE_ARGS?.split(' ').filter((a) => a !== '') ?? [])];
const server = await serve(dataDir, ADMIN, { nodeArgs, cli: process.env.CLI });
const pid = server.process.pid!;
/** perf sampling the server's time on a CPU, started once it samples. */
async function record(file: string): Promise<ChildProcess> {
  const perf = spawn('perf', ['record', '-e', 'cpu-clock', '-F', '999', '-g', '-p', String(pid), '-o', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  await new Promise((resolve) => setTimeout(resolve, 500));
  if (perf.exitCode !== null) throw new Error(`perf record exited with ${perf.exitCode}`);
  return perf;
}

async function stopRecording(perf: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => perf.once('exit', resolve));
  perf.kill('SIGINT');
  await exited;
}

try {
  const sdk = createClient({ baseUrl: server.url, auth: basicAuth(ADMIN.username, ADMIN.password) });
  const uuid = (await sdk.datastore.create({ userId: 'probe' })).client.uuid!;
  await sdk.close();
  const target: DavTarget = { name: 'atomsync', url: server.url, ...ADMIN, stop: async () => undefined };
  const side = await createSide({ dir: work.at('side'), target, addressBook: uuid, calendar: uuid });
  await writeItems(side.contactsDir, contacts(N), CONTACT_EXT);
  const phase = async (label: string, command: 'discover' | 'sync', perfFile?: string) => {
    const perf = perfFile === undefined ? undefined : await record(perfFile);
    const cpu0 = cpuSplit(pid);
    const run = await timedVdirsyncer(side, command, 30 * 60_000);
    const cpu1 = cpuSplit(pid);
    if (perf !== undefined) await stopRecording(perf);
    const user = cpu1.user - cpu0.user;
    const system = cpu1.system - cpu0.system;
    console.log(
      `${label.padEnd(28)} wall ${(run.wallMs / 1000).toFixed(2).padStart(7)} s  vdirsyncer cpu ${(run.cpuMs / 1000).toFixed(2).padStart(7)} s  server cpu ${(user + system).toFixed(2).padStart(7)} s (user ${user.toFixed(2)}, system ${system.toFixed(2)}; ${((1000 * (user + system)) / N).toFixed(3)} ms per item)  wall/client ${(run.wallMs / run.cpuMs).toFixed(2)}`,
    );
  };
  await phase('discover', 'discover');
  await phase(`initial sync of ${N}`, 'sync', process.env.PERF);
  for (let i = 0; i < AGAIN; i++) await phase('sync, nothing changed', 'sync');
} finally {
  await stop(server.process);
  rmSync(dataDir, { recursive: true, force: true });
  work.remove();
}
