/**
 * A tiny benchmark harness: every figure is a ratio against a baseline measured in the same run,
 * because the machines are shared and noisy. Each measurement is the median of several rounds
 * after a warm-up.
 */
export interface Measured {
  name: string;
  /** Median milliseconds per operation. */
  ms: number;
}

export function measure(name: string, fn: () => unknown, { rounds = 15, minMs = 60 } = {}): Measured {
  // Warm-up: let the JIT settle.
  const warmEnd = performance.now() + minMs * 2;
  let sink: unknown;
  while (performance.now() < warmEnd) sink = fn();
  const samples: number[] = [];
  for (let r = 0; r < rounds; r++) {
    let n = 0;
    const start = performance.now();
    let now = start;
    do {
      sink = fn();
      n++;
      now = performance.now();
    } while (now - start < minMs);
    samples.push((now - start) / n);
  }
  void sink;
  samples.sort((a, b) => a - b);
  return { name, ms: samples[Math.floor(samples.length / 2)]! };
}

export interface Check {
  label: string;
  value: number;
  floor: string;
  ok: boolean;
}

export function report(title: string, rows: Measured[], checks: Check[]): boolean {
  console.log(`\n## ${title}`);
  for (const r of rows) console.log(`  ${r.name.padEnd(44)} ${r.ms.toFixed(3).padStart(10)} ms/op`);
  for (const c of checks) console.log(`  ${c.ok ? 'ok  ' : 'FAIL'} ${c.label.padEnd(52)} ${c.value.toFixed(2).padStart(7)}  (floor ${c.floor})`);
  return checks.every((c) => c.ok);
}
