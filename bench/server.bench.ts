/**
 * Server throughput, measured with a real load generator (autocannon) in its own process against
 * the reference server in its own process (`atomsync serve` on the embedded store), next to a
 * baseline measured in the same run: a raw node:http server answering a prebuilt body of the same
 * size as our 50-entry feed. Figures are requests (or items) per second and p99 latency.
 *
 *   - authenticated (Basic) GET of a 50-entry contents feed, 50 connections
 *                                          floor: ≥ 0.15 × baseline req/s (issue 14 aims at 0.25)
 *   - the same GET revalidated (If-None-Match: its ETag → 304), 50 connections
 *                                          floor: ≥ 0.5 × baseline req/s
 *   - a single-entry POST (createContent), 16 connections    reported
 *   - 1,000-entry batch inserts                                floor: ≥ 20,000 items/s
 *
 * The baseline, the GET and the 304 run in interleaved rounds (the machine is shared: a ratio of
 * neighbouring measurements drifts less than one of measurements a minute apart); each ratio is
 * the median of the rounds' ratios.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { basicAuth, createClient } from '@atomsync/sdk';
import { autocannon } from './autocannon.js';
import { cli, freePort, waitHealthy } from './serve.js';
import { benchBatch, benchContact, benchEntry } from './contacts.js';


const USER = 'bench';
const PASSWORD = 'bench-password-not-secret';
const AUTH = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;

interface Load {
  rps: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** Answers by status code. */
  statuses: Record<string, number>;
}

/** autocannon in its own process, for `seconds`; what the bench reads of its summary. */
async function load(url: string, args: readonly string[], seconds: number): Promise<Load> {
  const r = await autocannon(['-d', String(seconds), ...args, url]);
  const statuses = Object.fromEntries(Object.entries(r.statusCodeStats).map(([code, { count }]) => [code, count]));
  return { rps: r.requests.average, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors, statuses };
}

/** The baseline: raw node:http answering `size` prebuilt bytes, in its own process. */
function startBaseline(port: number, size: number): ChildProcess {
  const source = `
    const body = Buffer.alloc(${size}, 120);
    require('node:http').createServer((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'application/atom+xml', 'content-length': body.length });
      res.end(body);
    }).listen(${port}, '127.0.0.1');`;
  return spawn(process.execPath, ['-e', source], { stdio: 'ignore' });
}

function line(label: string, l: Load, unit = 'req/s', scale = 1): void {
  const answers = Object.entries(l.statuses).map(([code, n]) => `${code}: ${n}`).join(', ');
  console.log(`  ${label.padEnd(44)} ${(l.rps * scale).toFixed(0).padStart(9)} ${unit.padEnd(7)} p99 ${String(l.p99).padStart(5)} ms  (${answers}; errors ${l.errors})`);
}

const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Only answers of `status`, and no socket errors. */
const onlyStatus = (l: Load, status: number): boolean => l.errors === 0 && Object.keys(l.statuses).every((code) => code === String(status));

const ROUNDS = 3;
const ROUND_SECONDS = 4;

export async function runServerBench(): Promise<boolean> {
  console.log('\n## server (autocannon, separate processes; embedded store)');
  const dataDir = mkdtempSync(join(tmpdir(), 'atomsync-bench-'));
  const children: ChildProcess[] = [];
  try {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const server = spawn(process.execPath, [cli, 'serve', '--port', String(port), '--data', dataDir], {
      env: { ...process.env, ATOMSYNC_ADMIN_USER: USER, ATOMSYNC_ADMIN_PASSWORD: PASSWORD, ATOMSYNC_LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(server);
    await waitHealthy(url, server);

    const sdk = createClient({ baseUrl: url, auth: basicAuth(USER, PASSWORD) });
    const created = await sdk.datastore.create({ userId: 'bench-feed' });
    const feedUuid = created.client.uuid!;
    const items = sdk.datastore.contents(feedUuid);
    for (let i = 0; i < 50; i++) await items.create({ title: `Lars Erik Nilsson ${i}`, content: { type: 'text/x-vcard', value: benchContact(i) } });
    const posts = (await sdk.datastore.create({ userId: 'bench-posts' })).client.uuid!;
    const batches = (await sdk.datastore.create({ userId: 'bench-batches' })).client.uuid!;
    await sdk.close();

    const feedUrl = `${url}/v2/services/datastore/${feedUuid}/contents/`;
    const probe = await fetch(feedUrl, { headers: { authorization: AUTH } });
    const feedBytes = (await probe.arrayBuffer()).byteLength;
    const etag = probe.headers.get('etag');
    if (!probe.ok || etag === null) throw new Error(`GET feed answered ${probe.status}, ETag ${etag}`);
    const revalidated = await fetch(feedUrl, { headers: { authorization: AUTH, 'if-none-match': etag } });
    if (revalidated.status !== 304) throw new Error(`GET feed with If-None-Match: its ETag answered ${revalidated.status}, not 304`);
    console.log(`  50-entry feed: ${feedBytes} bytes, ETag ${etag}`);

    const basePort = await freePort();
    const baseline = startBaseline(basePort, feedBytes);
    children.push(baseline);
    await new Promise((r) => setTimeout(r, 300));

    const conns = ['-c', '50'];
    const rounds: { base: Load; get: Load; notModified: Load }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const base = await load(`http://127.0.0.1:${basePort}/`, conns, ROUND_SECONDS);
      const get = await load(feedUrl, [...conns, '-H', `authorization=${AUTH}`], ROUND_SECONDS);
      const notModified = await load(feedUrl, [...conns, '-H', `authorization=${AUTH}`, '-H', `if-none-match=${etag}`], ROUND_SECONDS);
      rounds.push({ base, get, notModified });
    }
    const post = await load(`${url}/v2/services/datastore/${posts}/contents/`, ['-c', '16', '-m', 'POST', '-H', `authorization=${AUTH}`, '-H', 'content-type=application/atom+xml', '-b', benchEntry(1)], 6);
    const batchFile = join(dataDir, 'batch.xml');
    writeFileSync(batchFile, benchBatch(1000));
    const batch = await load(`${url}/v2/services/datastore/${batches}/contents/batch`, ['-c', '2', '-m', 'POST', '-H', `authorization=${AUTH}`, '-H', 'content-type=application/atom+xml', '-i', batchFile], 8);

    rounds.forEach(({ base, get, notModified }, i) => {
      line(`round ${i + 1} baseline: raw node:http, same-size body`, base);
      line(`round ${i + 1} GET 50-entry feed (Basic, 50 conns)`, get);
      line(`round ${i + 1} GET it with If-None-Match → 304`, notModified);
    });
    line('POST one content entry (Basic, 16 conns)', post);
    line('POST 1,000-entry insert batch (Basic)', batch, 'items/s', 1000);

    const getRatio = median(rounds.map((r) => r.get.rps / r.base.rps));
    const notModifiedRatio = median(rounds.map((r) => r.notModified.rps / r.base.rps));
    const itemsPerSecond = batch.rps * 1000;
    const clean =
      rounds.every((r) => onlyStatus(r.get, 200) && onlyStatus(r.notModified, 304)) && [post, batch].every((l) => l.non2xx === 0 && l.errors === 0);
    const checks = [
      { label: 'GET feed req/s vs raw node:http (aim 0.25)', value: getRatio, floor: '≥ 0.15', ok: getRatio >= 0.15 },
      { label: '304 revalidation req/s vs raw node:http', value: notModifiedRatio, floor: '≥ 0.5', ok: notModifiedRatio >= 0.5 },
      { label: 'batch insert items/s (thousands)', value: itemsPerSecond / 1000, floor: '≥ 20', ok: itemsPerSecond >= 20_000 },
      { label: 'every answer as expected, no socket errors (1 = yes)', value: clean ? 1 : 0, floor: '= 1', ok: clean },
    ];
    for (const c of checks) console.log(`  ${c.ok ? 'ok  ' : 'FAIL'} ${c.label.padEnd(52)} ${c.value.toFixed(2).padStart(7)}  (floor ${c.floor})`);
    return checks.every((c) => c.ok);
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
