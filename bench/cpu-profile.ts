/**
 * A summary of a V8 CPU profile (`node --cpu-prof`, e.g. a server the DAV probes started with
 * PROF=<dir>): the functions with the most self time, and with the most total time (self and
 * what they called, each function counted once per sample however deep it recurses).
 *   npx tsx bench/cpu-profile.ts <file.cpuprofile> [top=30] [filter]
 * `filter`: only the total-time rows whose location holds it (e.g. `dav/`, `store/`).
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

const [file, topArg, filter] = process.argv.slice(2);
if (file === undefined) throw new Error('usage: cpu-profile.ts <file.cpuprofile> [top] [filter]');
const top = Number(topArg ?? 30);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const shortUrl = (url: string) => url.replace(/^file:\/\//, '').replace(/^.*\/node_modules\//, '~/').replace(/^.*\/packages\//, '');
const nameOf = (n: ProfileNode) => `${n.callFrame.functionName || '(anonymous)'} ${shortUrl(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;

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

const busy = all - idle;
const ms = (us: number) => `${(us / 1000).toFixed(0).padStart(7)} ms ${((100 * us) / busy).toFixed(1).padStart(5)}%`;
console.log(`${(all / 1e6).toFixed(2)} s profiled, ${(busy / 1e6).toFixed(2)} s busy (percentages of busy)`);
console.log('\nself time:');
for (const [name, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${ms(us)}  ${name}`);
console.log(`\ntotal time${filter === undefined ? '' : ` (${filter})`}:`);
for (const [name, us] of [...total]
  .filter(([name]) => filter === undefined || name.includes(filter))
  .sort((a, b) => b[1] - a[1])
  .slice(0, top))
  console.log(`  ${ms(us)}  ${name}`);
