/**
 * Slow sync at scale: the first synchronization of two datastore clients holding n contacts each,
 * 30% of them twins rewritten as a phone would (bench/sync-data.ts), through the sync service on
 * the embedded store (the floors), and once per size on PostgreSQL (a cluster of its own with its
 * own durability, as bench/writes.bench.ts starts it; reported, no floor). Each size runs in its own process (bench/sync-run.ts) so its peak memory is
 * its own. Growth must be linear: t(20,000) / t(10,000) ≤ 2.1, and 10,000 vs 10,000 within 0.6 s
 * (issue 14: the store keeps each item's fingerprint and duplicate key beside it, so the run parses
 * no item). Printed beside each: the baseline of the same process, reading both sides from the store.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { findBinaries, startCluster } from '../packages/server/test/support/postgres.js';
import { report, type Check } from './harness.js';

const root = fileURLToPath(new URL('..', import.meta.url));

interface SlowSyncRun {
  n: number;
  ms: number;
  /** The process's CPU time over the run: less of what the other processes on the machine did. */
  cpuMs: number;
  readMs: number;
  heapPeakMb: number;
  maxRssMb: number;
  duplicates: number;
  items: number;
}

function measureRun(n: number, postgresUrl?: string): SlowSyncRun {
  const args = ['--expose-gc', '--import', 'tsx', join(root, 'bench/sync-run.ts'), String(n), ...(postgresUrl === undefined ? [] : [postgresUrl])];
  const out = execFileSync(process.execPath, args, { cwd: root, encoding: 'utf8', maxBuffer: 1 << 20 });
  return JSON.parse(out.trim().split('\n').at(-1)!) as SlowSyncRun;
}

/** One run per size on PostgreSQL, each on a fresh database; undefined without PostgreSQL binaries. */
async function measurePostgres(sizes: readonly number[]): Promise<SlowSyncRun[] | undefined> {
  const bin = findBinaries();
  if (bin === undefined) return undefined;
  const cluster = await startCluster(bin, { durable: true });
  try {
    const runs: SlowSyncRun[] = [];
    for (const [i, n] of sizes.entries()) {
      const admin = new pg.Client({ connectionString: cluster.adminUrl });
      await admin.connect();
      await admin.query(`create database slow_sync_${i}`).finally(() => admin.end());
      const url = new URL(cluster.adminUrl);
      url.pathname = `/slow_sync_${i}`;
      runs.push(measureRun(n, url.toString()));
    }
    return runs;
  } finally {
    await cluster.stop();
  }
}

export async function runSyncBench(): Promise<boolean> {
  // The median of three runs per size: one process each.
  const median = (n: number): SlowSyncRun => {
    const runs = [measureRun(n), measureRun(n), measureRun(n)].sort((a, b) => a.ms - b.ms);
    return runs[1]!;
  };
  const small = median(10_000);
  const large = median(20_000);
  const ratio = large.ms / small.ms;
  const checks: Check[] = [
    { label: 'slow sync 20k / 10k time (linear growth)', value: ratio, floor: '≤ 2.1', ok: ratio <= 2.1 },
    { label: 'slow sync 10k vs 10k, seconds', value: small.ms / 1000, floor: '≤ 0.6', ok: small.ms <= 600 },
  ];
  const rows = [small, large].flatMap((r) => [
    { name: `slow sync ${r.n} vs ${r.n} (${r.duplicates} twins → ${r.items} each)`, ms: r.ms },
    { name: `  baseline: read both sides from the store`, ms: r.readMs },
  ]);
  const ok = report('Slow sync (sync service, embedded store, median of 3 processes)', rows, checks);
  for (const r of [small, large]) {
    console.log(`  ${`memory ${r.n} vs ${r.n}`.padEnd(44)} heap peak +${r.heapPeakMb.toFixed(0)} MB, max RSS ${r.maxRssMb.toFixed(0)} MB; ${(r.ms / r.readMs).toFixed(1)}× the read baseline`);
    console.log(`  ${`CPU time ${r.n} vs ${r.n}`.padEnd(44)} ${r.cpuMs.toFixed(0)} ms of ${r.ms.toFixed(0)} ms wall (the rest: waiting for a core or the disk)`);
  }
  const onPostgres = await measurePostgres([10_000, 20_000]);
  if (onPostgres === undefined) {
    console.log('  PostgreSQL: not measured (no server binaries under /usr/lib/postgresql)');
    return ok;
  }
  const [pgSmall, pgLarge] = onPostgres as [SlowSyncRun, SlowSyncRun];
  report(
    'Slow sync on PostgreSQL (one process per size; reported)',
    [pgSmall, pgLarge].flatMap((r) => [
      { name: `slow sync ${r.n} vs ${r.n} (${r.duplicates} twins → ${r.items} each)`, ms: r.ms },
      { name: `  baseline: read both sides from the store`, ms: r.readMs },
    ]),
    [
      { label: 'PostgreSQL slow sync 20k / 10k time', value: pgLarge.ms / pgSmall.ms, floor: 'reported', ok: true },
      { label: 'PostgreSQL / embedded, 10k vs 10k', value: pgSmall.ms / small.ms, floor: 'reported', ok: true },
    ],
  );
  return ok;
}
