/**
 * Slow sync at scale: the first synchronization of two datastore clients holding n contacts each,
 * 30% of them twins rewritten as a phone would (bench/sync-data.ts), through the sync service on
 * the embedded store. Each size runs in its own process (bench/sync-run.ts) so its peak memory is
 * its own. Growth must be linear: t(20,000) / t(10,000) ≤ 2.3, and 10,000 vs 10,000 within 3 s.
 * Printed beside each: the baseline of the same process, reading both sides from the store.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { report, type Check } from './harness.js';

const root = fileURLToPath(new URL('..', import.meta.url));

interface SlowSyncRun {
  n: number;
  ms: number;
  readMs: number;
  heapPeakMb: number;
  maxRssMb: number;
  duplicates: number;
  items: number;
}

function measureRun(n: number): SlowSyncRun {
  const out = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', join(root, 'bench/sync-run.ts'), String(n)], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 20 });
  return JSON.parse(out.trim().split('\n').at(-1)!) as SlowSyncRun;
}

export function runSyncBench(): boolean {
  // The median of three runs per size: one process each.
  const median = (n: number): SlowSyncRun => {
    const runs = [measureRun(n), measureRun(n), measureRun(n)].sort((a, b) => a.ms - b.ms);
    return runs[1]!;
  };
  const small = median(10_000);
  const large = median(20_000);
  const ratio = large.ms / small.ms;
  const checks: Check[] = [
    { label: 'slow sync 20k / 10k time (linear growth)', value: ratio, floor: '≤ 2.3', ok: ratio <= 2.3 },
    { label: 'slow sync 10k vs 10k, seconds', value: small.ms / 1000, floor: '≤ 3.0', ok: small.ms <= 3000 },
  ];
  const rows = [small, large].flatMap((r) => [
    { name: `slow sync ${r.n} vs ${r.n} (${r.duplicates} twins → ${r.items} each)`, ms: r.ms },
    { name: `  baseline: read both sides from the store`, ms: r.readMs },
  ]);
  const ok = report('Slow sync (sync service, embedded store, median of 3 processes)', rows, checks);
  for (const r of [small, large]) {
    console.log(`  ${`memory ${r.n} vs ${r.n}`.padEnd(44)} heap peak +${r.heapPeakMb.toFixed(0)} MB, max RSS ${r.maxRssMb.toFixed(0)} MB; ${(r.ms / r.readMs).toFixed(1)}× the read baseline`);
  }
  return ok;
}
