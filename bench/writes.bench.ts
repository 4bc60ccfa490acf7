/**
 * Batch writes (issue 14): 1,000-entry insert batches POSTed by 50 connections at once to
 * /v2/services/datastore/{uuid}/contents/batch, with autocannon in its own process against
 * `atomsync serve` in its own process, on the embedded store and on PostgreSQL (a throwaway
 * cluster started from Debian's binaries as the tests start theirs, but durable: fsync and
 * synchronous_commit on, as an operator runs it). Figures: items/s, the median and p99 latency.
 *
 * Baseline in the same run, per store: the store alone, in this process — `insertMany` of the same
 * 1,000 items in one transaction, one batch after another, on a store of its own — so the ratio
 * HTTP / store alone says what parsing, checking, answering and queueing cost on top of storing.
 * Beside it, the store alone with random (v4) ids instead of time-ordered ones: what the ids save.
 *
 *   - HTTP items/s, each store                      floor: ≥ 25,000 (aim 40,000)
 *   - p99 latency / median latency, each store      floor: ≤ 3 (writers take turns in arrival order)
 *   - every answer 2xx, no socket errors            floor: yes
 *
 * Run alone with `ATOMSYNC_BENCH=writes npm run bench`.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { basicAuth, createClient } from '@atomsync/sdk';
import { newItemUuid } from '../packages/server/src/services/item-uuid.js';
import type { NewContent } from '@atomsync/store';
import { openStore, type StoreOptions } from '@atomsync/store';
import { findBinaries, startCluster, type Cluster } from '../packages/server/test/support/postgres.js';
import type { Check } from './harness.js';
import { autocannon } from './autocannon.js';
import { createDatabase, serve, settled, stop } from './serve.js';
import { benchBatch, benchContact } from './contacts.js';


const USER = 'bench';
const PASSWORD = 'bench-password-not-secret';
const AUTH = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;
const BATCH = 1_000;
const CONNECTIONS = 50;
const WARM_UP_S = 4;
const MEASURE_S = 20;
const ALONE_S = 6;
const ITEMS_FLOOR = 25_000;
const P99_OVER_MEDIAN = 3;

interface Load {
  readonly itemsPerSecond: number;
  readonly median: number;
  readonly p99: number;
  readonly requests: number;
  readonly non2xx: number;
  readonly errors: number;
}

/** autocannon in its own process, posting the batch in `file`; what the bench reads of its summary. */
async function load(url: string, file: string, seconds: number): Promise<Load> {
  const r = await autocannon(['-c', String(CONNECTIONS), '-d', String(seconds), '-t', '60', '-m', 'POST', '-H', `authorization=${AUTH}`, '-H', 'content-type=application/atom+xml', '-i', file, url]);
  return {
    itemsPerSecond: (r['2xx'] * BATCH) / r.duration,
    median: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

/** The store alone: `insertMany` of the batch's items, one transaction per batch, for `seconds`; items/s. */
async function storeAlone(options: StoreOptions, uuid: () => string, seconds: number): Promise<number> {
  const store = await openStore(options);
  try {
    const clientUuid = randomUUID();
    // The store alone: no account row needed (contents have no foreign key to it).
    const accountId = 1;
    const batch = (): NewContent[] =>
      Array.from({ length: BATCH }, (_, i) => ({ uuid: uuid(), accountId, clientUuid, dataclass: 'Contacts', title: `Contact ${i}`, type: 'text/x-vcard', body: benchContact(i) }));
    const run = async (ms: number) => {
      let items = 0;
      const start = performance.now();
      while (performance.now() - start < ms) {
        const items_ = batch();
        await store.transaction((tx) => tx.contents.insertMany(items_));
        items += BATCH;
      }
      return (items * 1000) / (performance.now() - start);
    };
    await run(1_000);
    return await run(seconds * 1000);
  } finally {
    await store.close();
  }
}

interface StoreResult {
  readonly name: string;
  readonly http: Load;
  readonly alone: number;
  readonly aloneV4: number;
}

/** Serves the store `env` names, makes a datastore client, warms up, then measures. */
async function overHttp(dataDir: string, env: Record<string, string>): Promise<Load> {
  const server = await serve(dataDir, { username: USER, password: PASSWORD }, { env });
  try {
    const sdk = createClient({ baseUrl: server.url, auth: basicAuth(USER, PASSWORD) });
    const client = (await sdk.datastore.create({ userId: 'bench-writes' })).client.uuid!;
    await sdk.close();
    const file = join(dataDir, 'batch.xml');
    writeFileSync(file, benchBatch(BATCH));
    const url = `${server.url}/v2/services/datastore/${client}/contents/batch`;
    await load(url, file, WARM_UP_S);
    // The warm-up ends with up to 50 batches in flight, which autocannon abandons and the server
    // still stores: measured, they made the first requests of the measured run wait behind them
    // (p99 2-3x the median from that alone, on either version of the server).
    await settled(server.process.pid!);
    return await load(url, file, MEASURE_S);
  } finally {
    await stop(server.process);
  }
}

async function embedded(): Promise<StoreResult> {
  const dir = mkdtempSync(join(tmpdir(), 'atomsync-bench-writes-'));
  try {
    const alone = await storeAlone({ kind: 'sqlite', file: join(dir, 'alone.sqlite') }, newItemUuid, ALONE_S);
    const aloneV4 = await storeAlone({ kind: 'sqlite', file: join(dir, 'alone-v4.sqlite') }, randomUUID, ALONE_S);
    const http = await overHttp(join(dir, 'serve'), {});
    return { name: 'embedded (SQLite)', http, alone, aloneV4 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function postgres(): Promise<StoreResult> {
  const bin = findBinaries();
  if (bin === undefined) throw new Error('PostgreSQL server binaries not found (/usr/lib/postgresql/*/bin/initdb): install them (apt-get install postgresql)');
  const cluster: Cluster = await startCluster(bin, { durable: true });
  const dir = mkdtempSync(join(tmpdir(), 'atomsync-bench-writes-'));
  try {
    const alone = await storeAlone({ kind: 'postgres', url: await createDatabase(cluster.adminUrl, 'alone') }, newItemUuid, ALONE_S);
    const aloneV4 = await storeAlone({ kind: 'postgres', url: await createDatabase(cluster.adminUrl, 'alone_v4') }, randomUUID, ALONE_S);
    const url = await createDatabase(cluster.adminUrl, 'served');
    const http = await overHttp(dir, { DATABASE_URL: url, ATOMSYNC_SECRET_KEY: randomBytes(32).toString('base64') });
    return { name: 'PostgreSQL', http, alone, aloneV4 };
  } finally {
    await cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const k = (n: number) => `${(n / 1000).toFixed(1).padStart(6)}k`;

export async function runWritesBench(): Promise<boolean> {
  console.log(`\n## writes (${BATCH.toLocaleString('en')}-entry insert batches, ${CONNECTIONS} connections; autocannon and atomsync serve in their own processes)`);
  const checks: Check[] = [];
  for (const measureStore of [embedded, postgres]) {
    const r = await measureStore();
    const { http } = r;
    console.log(`  ${r.name}`);
    console.log(`    store alone, insertMany (time-ordered ids)   ${k(r.alone)} items/s`);
    console.log(`    store alone, insertMany (random v4 ids)      ${k(r.aloneV4)} items/s   (v7 / v4: ${(r.alone / r.aloneV4).toFixed(2)})`);
    console.log(
      `    HTTP, ${CONNECTIONS} connections                          ${k(http.itemsPerSecond)} items/s   median ${http.median} ms, p99 ${http.p99} ms  (${http.requests} requests, non-2xx ${http.non2xx}, errors ${http.errors})`,
    );
    console.log(`    HTTP / store alone                           ${(http.itemsPerSecond / r.alone).toFixed(2)}`);
    const ratio = http.p99 / http.median;
    checks.push(
      { label: `${r.name}: HTTP items/s (thousands)`, value: http.itemsPerSecond / 1000, floor: `≥ ${ITEMS_FLOOR / 1000}`, ok: http.itemsPerSecond >= ITEMS_FLOOR },
      { label: `${r.name}: p99 / median latency`, value: ratio, floor: `≤ ${P99_OVER_MEDIAN}`, ok: ratio <= P99_OVER_MEDIAN },
      { label: `${r.name}: every answer 2xx, no errors (1 = yes)`, value: http.non2xx === 0 && http.errors === 0 ? 1 : 0, floor: '= 1', ok: http.non2xx === 0 && http.errors === 0 },
    );
  }
  for (const c of checks) console.log(`  ${c.ok ? 'ok  ' : 'FAIL'} ${c.label.padEnd(52)} ${c.value.toFixed(2).padStart(7)}  (floor ${c.floor})`);
  return checks.every((c) => c.ok);
}
