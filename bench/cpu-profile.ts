/**
 * A summary of a V8 CPU profile (`node --cpu-prof`, e.g. a server the DAV probes started with
 * PROF=<dir>, or bench/run-profile.ts's PROFILE=<file> of one measured step): the functions with the
 * most self time, and with the most total time (self and what they called, each function counted
 * once per sample however deep it recurses).
 *   npx tsx bench/cpu-profile.ts <file.cpuprofile> [top=30] [filter]
 * `filter`: only the total-time rows whose location holds it (e.g. `dav/`, `store/`).
 * With a second profile, the two compared function by function (two trees, before and after),
 * largest difference first, self time and then total time:
 *   npx tsx bench/cpu-profile.ts <a.cpuprofile> <b.cpuprofile> [top=30] [filter]
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  readonly children?: readonly number[];
}
interface Profile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

/** A profile's time (µs) by function: its own, and with what it called; the whole and the idle part. */
interface Times {
  readonly self: Map<string, number>;
  readonly total: Map<string, number>;
  readonly all: number;
  readonly idle: number;
}

const shortUrl = (url: string) => url.replace(/^file:\/\//, '').replace(/^.*\/node_modules\//, '~/').replace(/^.*\/packages\//, '');
const nameOf = (n: ProfileNode) => `${n.callFrame.functionName || '(anonymous)'} ${shortUrl(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;

function timesOf(file: string): Times {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let all = 0;
  let idle = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const us = profile.timeDeltas[i] ?? 0;
    const leaf = byId.get(profile.samples[i]!)!;
    all += us;
    if (leaf.callFrame.functionName === '(idle)') {
      idle += us;
      continue;
    }
    const leafName = nameOf(leaf);
    self.set(leafName, (self.get(leafName) ?? 0) + us);
    const seen = new Set<string>();
    for (let id: number | undefined = leaf.id; id !== undefined; id = parent.get(id)) {
      const name = nameOf(byId.get(id)!);
      if (seen.has(name)) continue;
      seen.add(name);
      total.set(name, (total.get(name) ?? 0) + us);
    }
  }
  return { self, total, all, idle };
}

const args = process.argv.slice(2);
const files = args.filter((a) => a.endsWith('.cpuprofile'));
const [topArg, filter] = args.filter((a) => !a.endsWith('.cpuprofile'));
if (files.length < 1 || files.length > 2) throw new Error('usage: cpu-profile.ts <file.cpuprofile> [other.cpuprofile] [top] [filter]');
const top = Number(topArg ?? 30);
const kept = ([name]: readonly [string, ...unknown[]]) => filter === undefined || name.includes(filter);
const [a, b] = files.map(timesOf) as [Times, Times | undefined];

if (b === undefined) {
  const busy = a.all - a.idle;
  const ms = (us: number) => `${(us / 1000).toFixed(0).padStart(7)} ms ${((100 * us) / busy).toFixed(1).padStart(5)}%`;
  console.log(`${(a.all / 1e6).toFixed(2)} s profiled, ${(busy / 1e6).toFixed(2)} s busy (percentages of busy)`);
  console.log('\nself time:');
  for (const [name, us] of [...a.self].sort((x, y) => y[1] - x[1]).slice(0, top)) console.log(`  ${ms(us)}  ${name}`);
  console.log(`\ntotal time${filter === undefined ? '' : ` (${filter})`}:`);
  for (const [name, us] of [...a.total].filter(kept).sort((x, y) => y[1] - x[1]).slice(0, top)) console.log(`  ${ms(us)}  ${name}`);
} else {
  const ms = (us: number) => (us / 1000).toFixed(1).padStart(8);
  console.log(`busy: a ${ms(a.all - a.idle)} ms, b ${ms(b.all - b.idle)} ms   (columns: a, b, b − a, in ms)`);
  for (const kind of ['self', 'total'] as const) {
    console.log(`\n${kind} time, largest difference first${filter === undefined ? '' : ` (${filter})`}:`);
    const names = new Set([...a[kind].keys(), ...b[kind].keys()]);
    const rows = [...names].map((name) => [name, a[kind].get(name) ?? 0, b[kind].get(name) ?? 0] as [string, number, number]).filter(kept);
    rows.sort((x, y) => Math.abs(y[2] - y[1]) - Math.abs(x[2] - x[1]));
    for (const [name, x, y] of rows.slice(0, top)) console.log(`  ${ms(x)} ${ms(y)} ${ms(y - x)}  ${name}`);
  }
}
