/**
 * autocannon, the load generator of the HTTP benchmarks, in a process of its own (so its work is
 * not the server's), and its JSON summary: one home for how it is started and read.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const cli = join(fileURLToPath(new URL('..', import.meta.url)), 'node_modules/autocannon/autocannon.js');

/** The parts of autocannon's JSON summary the benchmarks read. */
export interface AutocannonSummary {
  readonly '2xx': number;
  /** Seconds the run lasted. */
  readonly duration: number;
  readonly requests: { readonly average: number; readonly total: number };
  readonly latency: { readonly p50: number; readonly p99: number };
  readonly non2xx: number;
  readonly errors: number;
  readonly timeouts: number;
  readonly statusCodeStats: Record<string, { readonly count: number }>;
}

/** Runs autocannon with `args` (its command line, the URL last) and resolves with its summary. */
export function autocannon(args: readonly string[]): Promise<AutocannonSummary> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, '-j', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c));
    child.stderr.on('data', (c: Buffer) => (err += c));
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited ${code}: ${err}`));
      resolve(JSON.parse(out) as AutocannonSummary);
    });
  });
}
