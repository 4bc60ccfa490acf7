/**
 * The functions of a CPU profile (bench/run-profile.ts, or `node --cpu-prof`) by self time, and
 * with TOTAL=1 by inclusive time: `tsx bench/profile-top.ts a.cpuprofile [b.cpuprofile] [rows]`.
 * With two profiles, each function's ms in both and the difference, largest difference first.
 */
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const inclusive = process.env.TOTAL === '1';

function times(file: string): Map<string, number> {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const key = (n: Node): string => {
    const url = n.callFrame.url.replace(/^.*\/(packages|node_modules)\//, '$1/');
    return `${n.callFrame.functionName || '(anon)'} ${url}:${n.callFrame.lineNumber + 1}`;
  };
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const out = new Map<string, number>();
  for (const [id, ms] of self) {
    if (!inclusive) {
      const k = key(byId.get(id)!);
      out.set(k, (out.get(k) ?? 0) + ms);
      continue;
    }
    // Each function on the sample's stack once, however often it recurs.
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const k = key(byId.get(at)!);
      if (seen.has(k)) continue;
      seen.add(k);
      out.set(k, (out.get(k) ?? 0) + ms);
    }
  }
  return out;
}

const args = process.argv.slice(2);
const rows = /^\d+$/.test(args.at(-1) ?? '') ? Number(args.pop()) : 40;
const [a, b] = args.map(times);
if (a === undefined) throw new Error('usage: profile-top.ts a.cpuprofile [b.cpuprofile] [rows]');
const total = (m: Map<string, number>) => [...m.values()].reduce((x, y) => x + y, 0);
if (b === undefined) {
  console.log(`total ${total(a).toFixed(1)} ms`);
  for (const [k, ms] of [...a].sort((x, y) => y[1] - x[1]).slice(0, rows)) console.log(`${ms.toFixed(1).padStart(8)}  ${k}`);
} else {
  console.log(`total a ${total(a).toFixed(1)} ms, b ${total(b).toFixed(1)} ms`);
  const keys = new Set([...a.keys(), ...b.keys()]);
  const diff = [...keys].map((k) => [k, a.get(k) ?? 0, b.get(k) ?? 0] as const).sort((x, y) => Math.abs(y[2] - y[1]) - Math.abs(x[2] - x[1]));
  for (const [k, x, y] of diff.slice(0, rows)) console.log(`${x.toFixed(1).padStart(8)} ${y.toFixed(1).padStart(8)} ${(y - x).toFixed(1).padStart(8)}  ${k}`);
}
