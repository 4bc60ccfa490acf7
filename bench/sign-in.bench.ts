/**
 * Signing in under a guessing flood (issue 20, item 6): the latency of a real user's first sign-in
 * (HTTP Basic, so one scrypt: nothing cached yet) while 16 anonymous guessers hammer REST Basic
 * with wrong passwords for random names, as a ratio to the same first sign-in on the idle server,
 * measured in the same run. Before the sign-in guard, 16 guessers filled libuv's threadpool and a
 * first sign-in took 1.4-1.6 s instead of 0.1 s.
 *
 * Two floods, each through a trusted proxy (ATOMSYNC_TRUST_PROXY=1, X-Forwarded-For), the real
 * user at an address of its own:
 *   - one address: the guessers share one address (what a single attacker has);
 *   - many addresses: each guess from a fresh address (a botnet): no throttle holds it, the
 *     verification gate bounds it (2 at once, a bounded queue, the excess shed with 429).
 *
 *   - first sign-in under a one-address flood / idle        floor: ≤ 3
 *   - first sign-in under a many-address flood / idle       floor: ≤ 12
 *
 * With ATOMSYNC_BENCH_BASELINE_CLI=<a built cli.js of another version> (e.g. main's), the same
 * figures of that version are printed first, for a before/after in one run (no floor on them).
 * Run alone with `ATOMSYNC_BENCH=sign-in npm run bench`, or `npx tsx bench/sign-in.bench.ts`
 * after a build.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { basicAuth, createClient } from '@atomsync/sdk';
import { cli, serve, stop } from './serve.js';

const GUESSERS = 16;
const SAMPLES = 9;
const ADMIN = { username: 'bench-admin', password: 'bench-admin-password-not-secret' };
const OWNER_ADDRESS = '192.0.2.1';
const ATTACKER_ADDRESS = '198.51.100.1';

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Figures {
  idleMs: number;
  oneAddressMs: number;
  manyAddressesMs: number;
  /** How the flood's guesses were answered, by status, over both floods. */
  guesses: Record<number, number>;
  /** How the real users' first sign-ins were answered, by status (all should be 200). */
  owners: Record<number, number>;
}

/** The first sign-ins of `users`, one after another: their latencies (ms). */
async function firstSignIns(url: string, users: readonly string[], answers: Record<number, number>): Promise<number[]> {
  const latencies: number[] = [];
  for (const user of users) {
    const start = performance.now();
    const response = await fetch(`${url}/v2/services/datastore/`, { headers: { authorization: basic(user, `${user}-password`), 'x-forwarded-for': OWNER_ADDRESS } });
    await response.arrayBuffer();
    latencies.push(performance.now() - start);
    answers[response.status] = (answers[response.status] ?? 0) + 1;
  }
  return latencies;
}

/** 16 guessers, each one request in flight, until `stop` is called. */
function flood(url: string, manyAddresses: boolean, answers: Record<number, number>): () => Promise<void> {
  let running = true;
  let n = 0;
  const guesser = async () => {
    while (running) {
      const i = n++;
      const address = manyAddresses ? `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` : ATTACKER_ADDRESS;
      try {
        const response = await fetch(`${url}/v2/services/datastore/`, { headers: { authorization: basic(`guess${i % 997}`, `wrong${i}`), 'x-forwarded-for': address } });
        await response.arrayBuffer();
        answers[response.status] = (answers[response.status] ?? 0) + 1;
      } catch {
        answers[0] = (answers[0] ?? 0) + 1;
      }
    }
  };
  const all = Array.from({ length: GUESSERS }, guesser);
  return async () => {
    running = false;
    await Promise.all(all);
  };
}

async function measureVersion(cliPath: string): Promise<Figures> {
  const data = mkdtempSync(join(tmpdir(), 'atomsync-bench-sign-in-'));
  const { url, process: child } = await serve(data, ADMIN, { cli: cliPath, env: { ATOMSYNC_TRUST_PROXY: '1' } });
  try {
    const admin = createClient({ baseUrl: url, auth: basicAuth(ADMIN.username, ADMIN.password) });
    const users = Array.from({ length: 3 * SAMPLES + 1 }, (_, i) => `owner${i}`);
    for (const username of users) await admin.admin.createAccount({ username, password: `${username}-password`, admin: false });
    await admin.close();
    const guesses: Record<number, number> = {};
    const owners: Record<number, number> = {};
    // One sign-in to warm the server's code paths (not counted).
    await firstSignIns(url, users.slice(0, 1), {});
    const idle = await firstSignIns(url, users.slice(1, 1 + SAMPLES), owners);

    const stopOne = flood(url, false, guesses);
    await sleep(1000);
    const oneAddress = await firstSignIns(url, users.slice(1 + SAMPLES, 1 + 2 * SAMPLES), owners);
    await stopOne();

    const stopMany = flood(url, true, guesses);
    await sleep(1000);
    const manyAddresses = await firstSignIns(url, users.slice(1 + 2 * SAMPLES), owners);
    await stopMany();
    return { idleMs: median(idle), oneAddressMs: median(oneAddress), manyAddressesMs: median(manyAddresses), guesses, owners };
  } finally {
    await stop(child);
    rmSync(data, { recursive: true, force: true });
  }
}

function print(label: string, f: Figures): void {
  console.log(`  ${label}`);
  console.log(`    first sign-in, idle                          ${f.idleMs.toFixed(1).padStart(8)} ms`);
  console.log(`    first sign-in, 16 guessers from one address  ${f.oneAddressMs.toFixed(1).padStart(8)} ms   ×${(f.oneAddressMs / f.idleMs).toFixed(2)}`);
  console.log(`    first sign-in, 16 guessers, fresh addresses  ${f.manyAddressesMs.toFixed(1).padStart(8)} ms   ×${(f.manyAddressesMs / f.idleMs).toFixed(2)}`);
  console.log(`    real users answered ${JSON.stringify(f.owners)}; guesses answered ${JSON.stringify(f.guesses)}`);
}

export async function runSignInBench(): Promise<boolean> {
  console.log('\n## sign-in under a guessing flood (first sign-in latency, ratio to idle in the same run)');
  const baseline = process.env.ATOMSYNC_BENCH_BASELINE_CLI;
  if (baseline !== undefined && baseline !== '') print(`baseline (${baseline})`, await measureVersion(baseline));
  const current = await measureVersion(cli);
  print('this version', current);
  const checks = [
    { label: 'one-address flood / idle', value: current.oneAddressMs / current.idleMs, floor: 3 },
    { label: 'many-address flood / idle', value: current.manyAddressesMs / current.idleMs, floor: 12 },
  ];
  const ownersRefused = Object.entries(current.owners).some(([status]) => status !== '200');
  for (const c of checks) console.log(`  ${c.value <= c.floor ? 'ok  ' : 'FAIL'} ${c.label.padEnd(52)} ${c.value.toFixed(2).padStart(7)}  (floor ≤ ${c.floor})`);
  if (ownersRefused) console.log('  FAIL a real user was refused under the flood');
  return !ownersRefused && checks.every((c) => c.value <= c.floor);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = (await runSignInBench()) ? 0 : 1;
}
