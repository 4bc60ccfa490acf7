/**
 * A 200,000-item listing (issue 14), against `atomsync serve` in its own process on the embedded
 * store: the items of one datastore client are written through the store in-process (10,000 per
 * insertMany) before the server starts on the same data directory.
 *
 *  1. the whole contents feed unpaged (the server streams it a page of 1,000 at a time): its time
 *     and bytes, and the server's peak memory while it is written against its memory after a full
 *     GC with the server idle: VmHWM (reset just before) over VmRSS, and RssAnon (heap, stacks,
 *     malloc; sampled every 20 ms), the floor's: VmRSS also counts the pages of the database file
 *     SQLite maps (mmap_size, store/open.ts), which reading 200,000 items maps whole (the file is
 *     ~140 MB) whether they are streamed or held, and the kernel drops at will, as activesync.bench
 *     reads it too                                                 floor: RssAnon growth < 100 MB
 *  2. meanwhile /healthz polled at a steady 100 requests/s from a process of its own (requests
 *     sent on the clock, not after the previous answer, so a stalled server shows as late
 *     answers): p50/p99 next to the same poll of the idle server       floor: p99 < 50 ms
 *  3. the same 200,000 walked a page at a time (max-results=1000, following rel="next"): time,
 *     pages, memory as above, each walk against the server's memory after a full GC just before
 *     it: once (every page asked for once: http/answer-cache.ts keeps only their tags), then again
 *     with nothing changed (every page asked for a second time: their bytes are kept while they
 *     fit, the rest written again)                                  floor: RssAnon growth < 100 MB
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { basicAuth, createClient } from '@atomsync/sdk';
import { newItemUuid } from '../packages/server/src/services/item-uuid.js';
import { openStore } from '@atomsync/store';
import type { NewContent } from '@atomsync/store';
import type { Check } from './harness.js';
import { GC_ON_SIGNAL, memoryLine, peakGrowth, serve, stop, type Growth } from './serve.js';
import { benchContact } from './contacts.js';

const ITEMS = 200_000;
const LOAD_BATCH = 10_000;
const PAGE = 1_000;
const ADMIN = { username: 'bench', password: 'bench-password-not-secret' };
const AUTH = `Basic ${Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64')}`;
const POLL_EVERY_MS = 10;
const IDLE_POLL_MS = 3_000;
const MEMORY_FLOOR_MB = 100;
const HEALTHZ_P99_FLOOR_MS = 50;

/** A server with the admin account and one datastore client holding ITEMS contacts; the client's uuid. */
async function load(dataDir: string): Promise<string> {
  const first = await serve(dataDir, ADMIN);
  let uuid: string;
  try {
    const sdk = createClient({ baseUrl: first.url, auth: basicAuth(ADMIN.username, ADMIN.password) });
    uuid = (await sdk.datastore.create({ userId: 'listing' })).client.uuid!;
    await sdk.close();
  } finally {
    await stop(first.process);
  }
  const store = await openStore({ kind: 'sqlite', file: join(dataDir, 'atomsync.sqlite') });
  try {
    const accountId = (await store.accounts.byUsername(ADMIN.username))!.id;
    for (let from = 0; from < ITEMS; from += LOAD_BATCH) {
      const items: NewContent[] = [];
      for (let i = from; i < Math.min(ITEMS, from + LOAD_BATCH); i++) {
        items.push({ accountId, clientUuid: uuid, uuid: newItemUuid(), dataclass: 'Contacts', title: `Lars Erik Nilsson ${i}`, type: 'text/x-vcard', body: benchContact(i) });
      }
      await store.contents.insertMany(items);
    }
  } finally {
    await store.close();
  }
  return uuid;
}

interface Poll {
  readonly answered: number;
  readonly failed: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
}

/**
 * /healthz polled from a process of its own, a request every POLL_EVERY_MS whatever the answers do,
 * until `stop` is called; its latencies (a request unanswered at the end counts as answered then).
 */
function pollHealthz(url: string): { stop(): Promise<Poll> } {
  const source = `
    const http = require('node:http');
    const agent = new http.Agent({ keepAlive: true });
    const latencies = []; const pending = new Set(); let failed = 0;
    const timer = setInterval(() => {
      const started = performance.now();
      pending.add(started);
      const done = (ok) => { if (!pending.delete(started)) return; if (ok) latencies.push(performance.now() - started); else failed++; };
      http.get(${JSON.stringify(`${url}/healthz`)}, { agent }, (res) => { res.resume(); res.on('end', () => done(res.statusCode === 200)); }).on('error', () => done(false));
    }, ${POLL_EVERY_MS});
    process.stdin.on('end', () => {
      clearInterval(timer);
      const end = performance.now();
      for (const started of pending) latencies.push(end - started);
      latencies.sort((a, b) => a - b);
      const at = (q) => latencies.length === 0 ? NaN : latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
      process.stdout.write(JSON.stringify({ answered: latencies.length, failed, p50: at(0.5), p99: at(0.99), max: at(1) }));
      process.exit(0);
    });
    process.stdin.resume();`;
  const child = spawn(process.execPath, ['-e', source], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c));
  return {
    stop: () =>
      new Promise((resolve, reject) => {
        child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as Poll) : reject(new Error(`the /healthz poller exited ${code}`))));
        child.stdin.end();
      }),
  };
}

/** The contents feed unpaged, read as it arrives (never held whole): its bytes and entries. */
async function readWhole(feedUrl: string): Promise<{ ms: number; bytes: number; entries: number }> {
  const started = performance.now();
  const response = await fetch(feedUrl, { headers: { authorization: AUTH } });
  if (!response.ok || response.body === null) throw new Error(`GET ${feedUrl} answered ${response.status}`);
  // Counted in the bytes (no decoding: this process shares the machine with the server it measures).
  const close = Buffer.from('</entry>');
  let bytes = 0;
  let entries = 0;
  let tail = Buffer.alloc(0);
  const reader = response.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    const chunk = read.value;
    bytes += chunk.byteLength;
    // An `</entry>` may be cut between two chunks: the end of the last one is searched again.
    const data = Buffer.concat([tail, chunk]);
    for (let at = data.indexOf(close); at >= 0; at = data.indexOf(close, at + 1)) entries++;
    tail = data.subarray(data.length - (close.length - 1));
  }
  return { ms: performance.now() - started, bytes, entries };
}

/** The listing a page at a time, following rel="next" from the first page. */
async function walkPages(feedUrl: string): Promise<{ ms: number; pages: number; entries: number }> {
  const started = performance.now();
  let next: string | undefined = `${feedUrl}?max-results=${PAGE}`;
  let pages = 0;
  let entries = 0;
  while (next !== undefined) {
    const response: Response = await fetch(next, { headers: { authorization: AUTH } });
    const text: string = await response.text();
    if (!response.ok) throw new Error(`GET ${next} answered ${response.status}`);
    pages++;
    entries += text.split('</entry>').length - 1;
    const link: string | undefined = /<link\b[^>]*\brel="next"[^>]*>/.exec(text)?.[0];
    next = link === undefined ? undefined : /\bhref="([^"]*)"/.exec(link)![1]!.replaceAll('&amp;', '&');
  }
  return { ms: performance.now() - started, pages, entries };
}

/** The floor's check of a phase: its RssAnon peak over its idle, collected state. */
function memoryCheck(phase: string, g: Growth<unknown>): Check {
  const growth = g.peakAnonMb - g.idleAnonMb;
  return { label: `${phase}: server RssAnon peak growth (MB)`, value: growth, floor: `< ${MEMORY_FLOOR_MB}`, ok: growth < MEMORY_FLOOR_MB };
}

export async function runListingBench(): Promise<boolean> {
  console.log(`\n## listing (${ITEMS.toLocaleString('en')} items in one datastore; atomsync serve in its own process, embedded store)`);
  const dataDir = mkdtempSync(join(tmpdir(), 'atomsync-listing-'));
  let server: Awaited<ReturnType<typeof serve>> | undefined;
  try {
    const loadStarted = performance.now();
    const uuid = await load(dataDir);
    console.log(`  loaded ${ITEMS.toLocaleString('en')} items through the store in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`);
    server = await serve(dataDir, ADMIN, { nodeArgs: GC_ON_SIGNAL });
    const pid = server.process.pid!;
    const feedUrl = `${server.url}/v2/services/datastore/${uuid}/contents/`;
    // Warm: the credential verified once (scrypt), the first page's statements prepared.
    const warm = await fetch(`${feedUrl}?max-results=1`, { headers: { authorization: AUTH } });
    if (!warm.ok) throw new Error(`GET ${feedUrl}?max-results=1 answered ${warm.status}`);
    await warm.text();

    const idlePoll = pollHealthz(server.url);
    await new Promise((r) => setTimeout(r, IDLE_POLL_MS));
    const idle = await idlePoll.stop();

    const whole = await peakGrowth(pid, async () => {
      const poll = pollHealthz(server!.url);
      const read = await readWhole(feedUrl);
      return { read, poll: await poll.stop() };
    });
    const paged = await peakGrowth(pid, () => walkPages(feedUrl));
    const again = await peakGrowth(pid, () => walkPages(feedUrl));

    const { read, poll } = whole.result;
    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
    console.log(`  unpaged GET (streamed)                      ${(read.ms / 1000).toFixed(2).padStart(7)} s  ${mb(read.bytes)}, ${read.entries} entries`);
    console.log(`    ${memoryLine(whole)}`);
    for (const [label, walk] of [[`paged walk (max-results=${PAGE}, rel="next")`, paged], ['the same walk again, nothing changed', again]] as const) {
      console.log(`  ${label.padEnd(44)}${(walk.result.ms / 1000).toFixed(2).padStart(7)} s  ${walk.result.pages} pages, ${walk.result.entries} entries`);
      console.log(`    ${memoryLine(walk)}`);
    }
    const pollLine = (label: string, p: Poll) =>
      console.log(`  ${label.padEnd(44)} p50 ${p.p50.toFixed(1).padStart(6)} ms  p99 ${p.p99.toFixed(1).padStart(6)} ms  max ${p.max.toFixed(1).padStart(6)} ms  (${p.answered} answered, ${p.failed} failed)`);
    pollLine('baseline: /healthz, server idle', idle);
    pollLine('/healthz during the unpaged GET', poll);

    const everyItem = read.entries === ITEMS && paged.result.entries === ITEMS && again.result.entries === ITEMS && poll.failed === 0 && idle.failed === 0;
    const checks: Check[] = [
      memoryCheck('unpaged GET', whole),
      memoryCheck('paged walk', paged),
      memoryCheck('paged walk again', again),
      { label: '/healthz p99 during the unpaged GET (ms)', value: poll.p99, floor: `< ${HEALTHZ_P99_FLOOR_MS}`, ok: poll.p99 < HEALTHZ_P99_FLOOR_MS },
      {
        label: 'every item listed once, every poll answered (1 = yes)',
        value: everyItem ? 1 : 0,
        floor: '= 1',
        ok: everyItem,
      },
    ];
    for (const c of checks) console.log(`  ${c.ok ? 'ok  ' : 'FAIL'} ${c.label.padEnd(52)} ${c.value.toFixed(2).padStart(7)}  (floor ${c.floor})`);
    return checks.every((c) => c.ok);
  } finally {
    if (server !== undefined) await stop(server.process);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = (await runListingBench()) ? 0 : 1;
}
