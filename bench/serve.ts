/**
 * `atomsync serve` in a process of its own, as the benchmarks start it: a free port, and waiting for
 * /healthz; stopping it; and what /proc says of its memory and CPU.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../packages/server/test/interop/support/peer.js';

const root = fileURLToPath(new URL('..', import.meta.url));
/** The built CLI (`npm run bench` builds first). */
export const cli = join(root, 'packages/server/dist/cli.js');

// One free-port probe for the benches and the interop harness.
export { freePort };

export async function waitHealthy(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`atomsync serve exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not become healthy`);
}

/**
 * Node flags that let a bench ask the server for a full garbage collection (`collectGarbage`), so
 * that memory read after it is what the server holds, not what the collector has not reached yet.
 */
export const GC_ON_SIGNAL = ['--expose-gc', "--import=data:text/javascript,process.on('SIGUSR2', () => globalThis.gc())"] as const;

/**
 * Serves the embedded store in `dataDir` with an admin account (or the store `options.env` names,
 * e.g. DATABASE_URL); resolves once it answers /healthz.
 */
export async function serve(
  dataDir: string,
  admin: { username: string; password: string },
  options: { readonly nodeArgs?: readonly string[]; readonly env?: Readonly<Record<string, string>>; readonly cli?: string } = {},
): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // `options.cli`: another build's cli.js, for a before/after in one run.
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), options.cli ?? cli, 'serve', '--port', String(port), '--data', dataDir], {
    // The benches read /metrics without credentials (it asks for them by default).
    env: { ATOMSYNC_METRICS: 'on', ...process.env, ...options.env, ATOMSYNC_ADMIN_USER: admin.username, ATOMSYNC_ADMIN_PASSWORD: admin.password, ATOMSYNC_LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitHealthy(url, child);
  return { url, process: child };
}

/** Stops a server started by `serve` (SIGTERM, as an operator would) and waits for it to exit. */
export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** A field of /proc/<pid>/status in MB: VmRSS (resident now), VmHWM (its peak), RssAnon (the anonymous part: heap, stacks). */
export function memoryMb(pid: number, field: 'VmRSS' | 'VmHWM' | 'RssAnon'): number {
  const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  if (kb === undefined) throw new Error(`/proc/${pid}/status has no ${field}`);
  return Number(kb) / 1024;
}

/** Starts VmHWM again from the current RSS (Linux ≥ 4.0), so that a peak read later is one phase's. */
export function resetPeakMemory(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

/** CPU seconds the process has used so far, user and system apart, in clock ticks of 10 ms. */
export function cpuSplit(pid: number): { user: number; system: number } {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return { user: Number(fields[11]) / 100, system: Number(fields[12]) / 100 };
}

/** CPU seconds the process has used so far (user + system), in clock ticks of 10 ms. */
export function cpuSeconds(pid: number): number {
  const { user, system } = cpuSplit(pid);
  return user + system;
}

/**
 * Milliseconds the process's threads have run on a CPU (/proc/<pid>/task/<tid>/schedstat, in ns):
 * finer than cpuSeconds' 10 ms ticks, for per-request figures of short blocks.
 */
export function runMs(pid: number): number {
  let ns = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return ns / 1e6;
}

/** Resolves once the process has used under 2% of a CPU for a second, or after `limitMs`: it has done what it was given. */
export async function settled(pid: number, limitMs = 30_000): Promise<void> {
  const end = Date.now() + limitMs;
  let before = cpuSeconds(pid);
  while (Date.now() < end) {
    await new Promise((r) => setTimeout(r, 1_000));
    const now = cpuSeconds(pid);
    if (now - before < 0.02) return;
    before = now;
  }
}

/** A full garbage collection in a server started with GC_ON_SIGNAL; resolves once it is done and the server idle. */
export async function collectGarbage(pid: number): Promise<void> {
  process.kill(pid, 'SIGUSR2');
  await new Promise((r) => setTimeout(r, 200));
  await settled(pid);
}

export interface Growth<T> {
  readonly result: T;
  /** VmRSS idle, VmHWM after. */
  readonly idleMb: number;
  readonly peakMb: number;
  /** RssAnon idle, its largest sample while `work` ran. */
  readonly idleAnonMb: number;
  readonly peakAnonMb: number;
}

/** The server's memory over its idle, collected state while `work` runs. */
export async function peakGrowth<T>(pid: number, work: () => Promise<T>): Promise<Growth<T>> {
  await collectGarbage(pid);
  const idleMb = memoryMb(pid, 'VmRSS');
  const idleAnonMb = memoryMb(pid, 'RssAnon');
  let peakAnonMb = idleAnonMb;
  resetPeakMemory(pid);
  const sampler = setInterval(() => (peakAnonMb = Math.max(peakAnonMb, memoryMb(pid, 'RssAnon'))), 20);
  try {
    const result = await work();
    peakAnonMb = Math.max(peakAnonMb, memoryMb(pid, 'RssAnon'));
    return { result, idleMb, peakMb: memoryMb(pid, 'VmHWM'), idleAnonMb, peakAnonMb };
  } finally {
    clearInterval(sampler);
  }
}

/** A phase's memory, as the benches print it. */
export const memoryLine = (g: Growth<unknown>) =>
  `server VmRSS ${g.idleMb.toFixed(0)} MB idle → VmHWM ${g.peakMb.toFixed(0)} MB (+${(g.peakMb - g.idleMb).toFixed(0)}), RssAnon ${g.idleAnonMb.toFixed(0)} → ${g.peakAnonMb.toFixed(0)} MB (+${(g.peakAnonMb - g.idleAnonMb).toFixed(0)})`;

/** A database of its own on a throwaway cluster (test/support/postgres.ts), for each measurement: its URL. */
export async function createDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
