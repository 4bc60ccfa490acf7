/**
 * A real phone's first sync, end to end: SyncEvolution (Debian's, driven as in the interop tests)
 * slow-syncs 1,000 and then 5,000 contacts up to our server (`atomsync serve` on the embedded
 * store, its own process) and, in the same run with the same contacts, to Debian's own SyncML
 * server (syncevo-http-server with syncevo-dbus-server, file storage) as the baseline. Each
 * server starts empty for each run. Wall time is the whole SyncEvolution run (the same client
 * overhead on both sides), the median of three runs per size and server.
 *
 *   - wall time ours / syncevo-http-server, per size      floor: ≤ 0.8
 *   - our server's peak memory (VmHWM of its process)     reported
 *   - every run completes with every contact stored       checked
 *
 * Run alone with `npx tsx bench/syncml.bench.ts` (after `npm run build`).
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { basicAuth, createClient, type AtomSyncClient } from '@atomsync/sdk';
import { bindPhone, datastoreItems, syncEvolutionModel } from '../packages/server/test/interop/support/atomsync.js';
import { contacts, vcard30 } from '../packages/server/test/interop/support/items.js';
import { PeerServer } from '../packages/server/test/interop/support/peer.js';
import { SyncEvolutionPhone, type SyncResult } from '../packages/server/test/interop/support/syncevolution.js';
import { createWorkDir, type WorkDir } from '../packages/server/test/interop/support/workdir.js';
import type { Check } from './harness.js';
import { cli, freePort, waitHealthy } from './serve.js';

const SIZES = [1_000, 5_000] as const;
const ROUNDS = 3;
const RATIO_FLOOR = 0.8;
const ADMIN = { username: 'bench-admin', password: 'bench-admin-password-not-secret' };
const OWNER = { username: 'bench-phone', password: 'bench-phone-password-not-secret' };

/** A catalogue entry for the phone with no quirks, so our server sends it what it stores. */
const CATALOGUE = {
  format: 1,
  vendors: [{ name: 'SyncEvolution', series: [{ name: 'Linux desktop', syncml_version: '1.2', dataclasses: ['Contacts', 'Calendar'], models: ['SyncEvolution 2.0'] }] }],
};

interface Run {
  readonly ms: number;
  readonly result: SyncResult;
}

const median = (runs: readonly Run[]): Run => [...runs].sort((a, b) => a.ms - b.ms)[Math.floor(runs.length / 2)]!;

/** One slow sync of `items`, timed; fails loudly unless every contact went up. */
async function slowSync(phone: SyncEvolutionPhone, items: readonly string[]): Promise<Run> {
  await phone.addItems('contacts', items, 'contact');
  const start = performance.now();
  const result = await phone.sync('contacts', 'slow');
  const ms = performance.now() - start;
  if (!result.ok || result.report.server.added !== items.length) {
    throw new Error(`slow sync of ${items.length} failed: ${result.error ?? ''} (status ${result.status}, sent ${result.report.server.added})\n${result.output.slice(-3000)}`);
  }
  return { ms, result };
}

/** Peak resident set (VmHWM) of a process, in MB. */
function peakMemoryMb(pid: number): number {
  const kb = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
}

/** Our server in its own process, with a quirk-free SyncEvolution model and an account for the phone. */
async function startOurs(work: WorkDir): Promise<{ url: string; process: ChildProcess; owner: AtomSyncClient; stop(): Promise<void> }> {
  const data = work.at('atomsync-data');
  const catalogue = work.at('catalogue.json');
  writeFileSync(catalogue, JSON.stringify(CATALOGUE));
  execFileSync(process.execPath, [cli, 'catalogue', 'import', catalogue, '--data', data], { stdio: ['ignore', 'ignore', 'inherit'] });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [cli, 'serve', '--port', String(port), '--data', data], {
    env: { ...process.env, ATOMSYNC_ADMIN_USER: ADMIN.username, ATOMSYNC_ADMIN_PASSWORD: ADMIN.password, ATOMSYNC_LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitHealthy(url, child);
  const admin = createClient({ baseUrl: url, auth: basicAuth(ADMIN.username, ADMIN.password) });
  await admin.admin.createAccount({ ...OWNER, admin: false });
  await admin.close();
  const owner = createClient({ baseUrl: url, auth: basicAuth(OWNER.username, OWNER.password) });
  return {
    url,
    process: child,
    owner,
    async stop() {
      await owner.close();
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export async function runSyncmlBench(): Promise<boolean> {
  console.log('\n## SyncML: SyncEvolution slow sync up (WBXML), ours vs syncevo-http-server (same contacts, each server empty per size)');
  const work = createWorkDir('syncml-bench');
  try {
    const data = Object.fromEntries(SIZES.map((n) => [n, contacts(n, 5).map((c) => vcard30(c))])) as Record<number, string[]>;
    const phoneAt = (dir: string, deviceId: string, serverUrl: string, username: string, password: string) =>
      new SyncEvolutionPhone({ dir: work.at(dir), deviceId, serverUrl, username, password, datastores: { contacts: { uri: 'contacts' } }, timeoutMs: 900_000 });

    const ours = new Map<number, Run>();
    const memory = new Map<number, number>();
    const server = await startOurs(work);
    try {
      const model = await syncEvolutionModel(server.owner);
      for (const n of SIZES) {
        const runs: Run[] = [];
        for (let round = 1; round <= ROUNDS; round++) {
          // A datastore of its own per run: a slow sync against an empty server, as for the peer.
          const name = `ours-${n}-${round}`;
          const binding = await bindPhone(server.owner, name, model);
          runs.push(await slowSync(phoneAt(name, `bench-${name}`, `${server.url}/syncml`, OWNER.username, OWNER.password), data[n]!));
          const stored = (await datastoreItems(server.owner, binding.datastoreClient, 'Contacts')).length;
          if (stored !== n) throw new Error(`our server stored ${stored} of ${n} contacts`);
        }
        ours.set(n, median(runs));
        memory.set(n, peakMemoryMb(server.process.pid!));
      }
    } finally {
      await server.stop();
    }

    const peer = new Map<number, Run>();
    for (const n of SIZES) {
      const runs: Run[] = [];
      for (let round = 1; round <= ROUNDS; round++) {
        const name = `peer-${n}-${round}`;
        const reference = await PeerServer.start({ dir: work.at(`${name}-server`), deviceIds: [`bench-${name}`] });
        try {
          runs.push(await slowSync(phoneAt(name, `bench-${name}`, reference.url, reference.username, reference.password), data[n]!));
          const stored = (await reference.items('contacts')).size;
          if (stored !== n) throw new Error(`syncevo-http-server stored ${stored} of ${n} contacts`);
        } finally {
          await reference.stop();
        }
      }
      peer.set(n, median(runs));
    }

    const checks: Check[] = [];
    for (const n of SIZES) {
      const [o, p] = [ours.get(n)!, peer.get(n)!];
      console.log(`  ${`slow sync ${n} contacts: ours`.padEnd(44)} ${(o.ms / 1000).toFixed(2).padStart(8)} s   server peak memory (VmHWM) so far ${memory.get(n)!.toFixed(0)} MB`);
      console.log(`  ${`slow sync ${n} contacts: syncevo-http-server`.padEnd(44)} ${(p.ms / 1000).toFixed(2).padStart(8)} s`);
      const ratio = o.ms / p.ms;
      checks.push({ label: `slow sync ${n}: wall time ours / syncevo-http-server`, value: ratio, floor: `≤ ${RATIO_FLOOR}`, ok: ratio <= RATIO_FLOOR });
    }
    for (const c of checks) console.log(`  ${c.ok ? 'ok  ' : 'FAIL'} ${c.label.padEnd(52)} ${c.value.toFixed(2).padStart(7)}  (floor ${c.floor})`);
    return checks.every((c) => c.ok);
  } finally {
    work.remove();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = (await runSyncmlBench()) ? 0 : 1;
}
