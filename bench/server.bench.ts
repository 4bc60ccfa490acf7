/**
 * Server throughput, measured with a real load generator (autocannon) in its own process against
 * the reference server in its own process (`atomsync serve` on the embedded store), next to a
 * baseline measured in the same run: a raw node:http server answering a prebuilt body of the same
 * size as our 50-entry feed. Figures are requests (or items) per second and p99 latency.
 *
 *   - authenticated (Basic) GET of a 50-entry contents feed   floor: ≥ 0.15 × baseline req/s
 *   - a single-entry POST (createContent)                      reported
 *   - 1,000-entry batch inserts                                floor: ≥ 20,000 items/s
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { basicAuth, createClient } from '@atomsync/sdk';
import { cli, freePort, waitHealthy } from './serve.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const autocannon = join(root, 'node_modules/autocannon/autocannon.js');

const USER = 'bench';
const PASSWORD = 'bench-password-not-secret';
const AUTH = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;

function vcard(i: number): string {
  return [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `N:Nilsson${i};Lars;Erik;;`,
    `FN:Lars Erik Nilsson ${i}`,
    `TEL;TYPE=CELL:+4673${String(1_000_000 + i).padStart(7, '0')}`,
    `EMAIL;TYPE=INTERNET,HOME:lars.nilsson.${i}@example.se`,
    'NOTE:Brother-in-law. Allergic to nuts',
    'END:VCARD',
  ].join('\n');
}

const ATOM = 'xmlns="http://www.w3.org/2005/Atom" xmlns:s="http://schemas.atomsync.dev/2009/sync"';

function entryBody(i: number): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<entry ${ATOM}><title>Lars Erik Nilsson ${i}</title><content type="text/x-vcard">${vcard(i)}</content></entry>`;
}

function batchBody(n: number): string {
  const entries: string[] = [];
  for (let i = 0; i < n; i++) {
    entries.push(
      `<entry><title>Contact ${i}</title><s:content dataclass="Contacts" type="text/x-vcard">${vcard(i)}</s:content><batch:operation type="insert"/><batch:id>b${i}</batch:id></entry>`,
    );
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<feed ${ATOM} xmlns:batch="http://schemas.google.com/gdata/batch"><title>bench</title>${entries.join('')}</feed>`;
}

interface Load {
  rps: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** autocannon in its own process; its JSON summary. */
function load(url: string, args: readonly string[], seconds: number): Promise<Load> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [autocannon, '-j', '-d', String(seconds), ...args, url], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c));
    child.stderr.on('data', (c: Buffer) => (err += c));
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited ${code}: ${err}`));
      const r = JSON.parse(out) as { requests: { average: number }; latency: { p99: number }; non2xx: number; errors: number };
      resolve({ rps: r.requests.average, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors });
    });
  });
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
  console.log(`  ${label.padEnd(44)} ${(l.rps * scale).toFixed(0).padStart(9)} ${unit.padEnd(7)} p99 ${String(l.p99).padStart(5)} ms  (non-2xx ${l.non2xx}, errors ${l.errors})`);
}

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
    for (let i = 0; i < 50; i++) await items.create({ title: `Lars Erik Nilsson ${i}`, content: { type: 'text/x-vcard', value: vcard(i) } });
    const posts = (await sdk.datastore.create({ userId: 'bench-posts' })).client.uuid!;
    const batches = (await sdk.datastore.create({ userId: 'bench-batches' })).client.uuid!;
    await sdk.close();

    const feedUrl = `${url}/v2/services/datastore/${feedUuid}/contents/`;
    const probe = await fetch(feedUrl, { headers: { authorization: AUTH } });
    const feedBytes = (await probe.arrayBuffer()).byteLength;
    if (!probe.ok) throw new Error(`GET feed answered ${probe.status}`);
    console.log(`  50-entry feed: ${feedBytes} bytes`);

    const basePort = await freePort();
    const baseline = startBaseline(basePort, feedBytes);
    children.push(baseline);
    await new Promise((r) => setTimeout(r, 300));

    const conns = ['-c', '16'];
    const base = await load(`http://127.0.0.1:${basePort}/`, conns, 6);
    const get = await load(feedUrl, [...conns, '-H', `authorization=${AUTH}`], 6);
    const post = await load(`${url}/v2/services/datastore/${posts}/contents/`, [...conns, '-m', 'POST', '-H', `authorization=${AUTH}`, '-H', 'content-type=application/atom+xml', '-b', entryBody(1)], 6);
    const batchFile = join(dataDir, 'batch.xml');
    writeFileSync(batchFile, batchBody(1000));
    const batch = await load(`${url}/v2/services/datastore/${batches}/contents/batch`, ['-c', '2', '-m', 'POST', '-H', `authorization=${AUTH}`, '-H', 'content-type=application/atom+xml', '-i', batchFile], 8);

    line('baseline: raw node:http, same-size body', base);
    line('GET 50-entry contents feed (Basic)', get);
    line('POST one content entry (Basic)', post);
    line('POST 1,000-entry insert batch (Basic)', batch, 'items/s', 1000);

    const getRatio = get.rps / base.rps;
    const itemsPerSecond = batch.rps * 1000;
    const clean = [get, post, batch].every((l) => l.non2xx === 0 && l.errors === 0);
    const checks = [
      { label: 'GET feed req/s vs raw node:http', value: getRatio, floor: '≥ 0.15', ok: getRatio >= 0.15 },
      { label: 'batch insert items/s (thousands)', value: itemsPerSecond / 1000, floor: '≥ 20', ok: itemsPerSecond >= 20_000 },
      { label: 'every answer 2xx, no socket errors (1 = yes)', value: clean ? 1 : 0, floor: '= 1', ok: clean },
    ];
    for (const c of checks) console.log(`  ${c.ok ? 'ok  ' : 'FAIL'} ${c.label.padEnd(52)} ${c.value.toFixed(2).padStart(7)}  (floor ${c.floor})`);
    return checks.every((c) => c.ok);
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
