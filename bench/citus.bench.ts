/**
 * atomsync on Citus (issue 24) against one PostgreSQL, in the same run: `atomsync serve` in its
 * own process and autocannon in another, on
 *
 *   - one PostgreSQL (test/support/postgres.ts's throwaway cluster), and
 *   - a Citus cluster of a coordinator and two workers on this machine (../shared/tools/citus, as
 *     the Citus test suite starts it), the store distributed as `atomsync store distribute` does;
 *     once with one instance, once with two instances on the same store (the load split between them).
 *
 * Both without durability (fsync off, synchronous_commit off: the citus tool's nodes run so, and the
 * PostgreSQL cluster is started alike), so the figures compare the engines, not the disks. Measured:
 *
 *   - 1,000-entry insert batches POSTed by 50 connections: items/s, median and p99 latency;
 *   - a 50-entry feed GET by 50 connections (another account's datastore): requests/s, median, p99.
 *
 * Floors: every answer 2xx, no socket errors, on each; Citus at least a tenth of one PostgreSQL's
 * rate (on one machine its three nodes share the cores one PostgreSQL has to itself, and every
 * write asks the coordinator for the write counter, kysely/write-counter.ts). The ratios are the
 * figures to read; a real cluster puts each node on machines of its own.
 *
 * Run alone with `ATOMSYNC_BENCH=citus npm run bench` (root: the Citus nodes run as `postgres`).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { basicAuth, createClient } from '@atomsync/sdk';
import { distributeStore } from '@atomsync/store';
import { findBinaries, startCitus, startCluster, type Cluster } from '../packages/server/test/support/postgres.js';
import type { Check } from './harness.js';
import { autocannon, type AutocannonSummary } from './autocannon.js';
import { serve, settled, stop } from './serve.js';
import { benchBatch, benchContact } from './contacts.js';

const USER = 'bench';
const PASSWORD = 'bench-password-not-secret';
const AUTH = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;
const BATCH = 1_000;
const FEED = 50;
const CONNECTIONS = 50;
const WARM_UP_S = 3;
const MEASURE_S = 10;
/** Citus's rate over one PostgreSQL's, at least (see above). */
const RATIO_FLOOR = 0.1;

interface Load {
  /** Items/s for the batches, requests/s for the feed. */
  readonly rate: number;
  readonly median: number;
  readonly p99: number;
  readonly requests: number;
  readonly non2xx: number;
  readonly errors: number;
}

/** autocannon runs at once (one per instance), their load split evenly; their sum, the worst latencies. */
async function load(urls: readonly string[], seconds: number, post?: { file: string }): Promise<Load> {
  const connections = Math.ceil(CONNECTIONS / urls.length);
  const runs: AutocannonSummary[] = await Promise.all(
    urls.map((url) =>
      autocannon([
        '-c', String(connections), '-d', String(seconds), '-t', '60', '-H', `authorization=${AUTH}`,
        ...(post === undefined ? [] : ['-m', 'POST', '-H', 'content-type=application/atom+xml', '-i', post.file]),
        url,
      ]),
    ),
  );
  const per = post === undefined ? 1 : BATCH;
  return {
    rate: runs.reduce((sum, r) => sum + (r['2xx'] * per) / r.duration, 0),
    median: Math.max(...runs.map((r) => r.latency.p50)),
    p99: Math.max(...runs.map((r) => r.latency.p99)),
    requests: runs.reduce((sum, r) => sum + r.requests.total, 0),
    non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
    errors: runs.reduce((sum, r) => sum + r.errors + r.timeouts, 0),
  };
}

interface Result {
  readonly name: string;
  readonly batches: Load;
  readonly feed: Load;
}

/** `instances` servers on the store at `url`; a datastore to write into, another with a 50-entry feed; both loads. */
async function measure(name: string, url: string, instances: number): Promise<Result> {
  const dir = mkdtempSync(join(tmpdir(), 'atomsync-bench-citus-'));
  const env = { DATABASE_URL: url, ATOMSYNC_SECRET_KEY: randomBytes(32).toString('base64') };
  const servers: Awaited<ReturnType<typeof serve>>[] = [];
  try {
    for (let i = 0; i < instances; i++) servers.push(await serve(join(dir, `serve-${i}`), { username: USER, password: PASSWORD }, { env }));
    const sdk = createClient({ baseUrl: servers[0]!.url, auth: basicAuth(USER, PASSWORD) });
    const written = (await sdk.datastore.create({ userId: 'bench-writes' })).client.uuid!;
    const feed = (await sdk.datastore.create({ userId: 'bench-feed' })).client.uuid!;
    for (let i = 0; i < FEED; i++) await sdk.datastore.contents(feed).create({ title: `Contact ${i}`, content: { type: 'text/vcard', value: benchContact(i) } });
    await sdk.close();
    const file = join(dir, 'batch.xml');
    writeFileSync(file, benchBatch(BATCH));

    const batchUrls = servers.map((s) => `${s.url}/v2/services/datastore/${written}/contents/batch`);
    await load(batchUrls, WARM_UP_S, { file });
    // Batches the warm-up abandoned are still being stored: wait for every instance to go quiet.
    for (const s of servers) await settled(s.process.pid!);
    const batches = await load(batchUrls, MEASURE_S, { file });
    for (const s of servers) await settled(s.process.pid!);

    const feedUrls = servers.map((s) => `${s.url}/v2/services/datastore/${feed}/contents/?max-results=${FEED}`);
    await load(feedUrls, WARM_UP_S);
    const feedLoad = await load(feedUrls, MEASURE_S);
    return { name, batches, feed: feedLoad };
  } finally {
    for (const s of servers) await stop(s.process);
    rmSync(dir, { recursive: true, force: true });
  }
}

async function createDatabase(cluster: Cluster, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: cluster.adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(cluster.adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const fmt = (l: Load, unit: string) =>
  `${l.rate.toFixed(0).padStart(7)} ${unit}   median ${l.median} ms, p99 ${l.p99} ms  (${l.requests} requests, non-2xx ${l.non2xx}, errors ${l.errors})`;

export async function runCitusBench(): Promise<boolean> {
  console.log(`\n## citus (${BATCH.toLocaleString('en')}-entry batches and a ${FEED}-entry feed GET, ${CONNECTIONS} connections: one PostgreSQL, Citus with two workers, and two instances on Citus)`);
  const results: Result[] = [];
  const bin = findBinaries();
  if (bin === undefined) throw new Error('PostgreSQL server binaries not found (/usr/lib/postgresql/*/bin/initdb): install them (apt-get install postgresql)');
  const single = await startCluster(bin);
  try {
    results.push(await measure('one PostgreSQL, one instance', await createDatabase(single, 'served'), 1));
  } finally {
    await single.stop();
  }
  const citus = await startCitus();
  try {
    // Two stores of the cluster's one database, each distributed (a schema each, as the tests keep them apart).
    for (const [schema, instances] of [['one', 1], ['two', 2]] as const) {
      const admin = new pg.Client({ connectionString: citus.adminUrl });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      await admin.end();
      const url = new URL(citus.adminUrl);
      url.searchParams.set('options', `-c search_path=${schema}`);
      await distributeStore(url.toString());
      results.push(await measure(`Citus (2 workers), ${instances === 1 ? 'one instance' : 'two instances'}`, url.toString(), instances));
    }
  } finally {
    await citus.stop();
  }

  const base = results[0]!;
  for (const r of results) {
    console.log(`  ${r.name}`);
    console.log(`    batches   ${fmt(r.batches, 'items/s')}${r === base ? '' : `   × ${(r.batches.rate / base.batches.rate).toFixed(2)} of one PostgreSQL`}`);
    console.log(`    feed GET  ${fmt(r.feed, 'req/s  ')}${r === base ? '' : `   × ${(r.feed.rate / base.feed.rate).toFixed(2)} of one PostgreSQL`}`);
  }
  const checks: Check[] = [];
  for (const r of results) {
    for (const [what, l] of [['batches', r.batches], ['feed GET', r.feed]] as const) {
      const clean = l.non2xx === 0 && l.errors === 0 && l.requests > 0;
      checks.push({ label: `${r.name}, ${what}: every answer 2xx (1 = yes)`, value: clean ? 1 : 0, floor: '= 1', ok: clean });
      if (r !== base) {
        const ratio = l.rate / (what === 'batches' ? base.batches.rate : base.feed.rate);
        checks.push({ label: `${r.name}, ${what}: over one PostgreSQL`, value: ratio, floor: `≥ ${RATIO_FLOOR}`, ok: ratio >= RATIO_FLOOR });
      }
    }
  }
  for (const c of checks) console.log(`  ${c.ok ? 'ok  ' : 'FAIL'} ${c.label.padEnd(64)} ${c.value.toFixed(2).padStart(7)}  (floor ${c.floor})`);
  return checks.every((c) => c.ok);
}
