/**
 * The web console's weight and speed (issue 25), against the API reference the same server serves
 * as the baseline, measured in the same run:
 *
 *   - the sign-in page's bytes as sent (every response body it loads, gzip) / the reference's
 *     first page's                                                           floor: ≤ 2
 *   - time to interactive in Chromium (a fresh browser context each time: nothing cached), the
 *     sign-in's username field ready to type in / the reference's search box  floor: ≤ 3
 *
 * The first page is what a newcomer waits for after `npm start`; the reference is a static page
 * with a script of its own, what the console should not be much heavier or slower than.
 *
 * And a datastore of 100,000 contacts (filled through the import operation, 1,000 a part), signed
 * in, on each store (the embedded one, and PostgreSQL: a throwaway cluster from Debian's binaries,
 * as the writes bench starts it): its list page opening to its first 50 items, and a search for a
 * word one card holds (the server's `?q=`), each the median of SAMPLES from the click or the
 * navigation to the answer on the page                 floors, each store: ≤ 1,500 ms and ≤ 1,000 ms
 * Needs the built server and console (`npm run bench` builds first), Debian's Chromium and PostgreSQL.
 * Run alone with `ATOMSYNC_BENCH=console npm run bench`.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { basicAuth, createClient } from '@atomsync/sdk';
import { chromium, type Browser, type Request } from 'playwright-core';
import { findBinaries, startCluster } from '../packages/server/test/support/postgres.js';
import { createDatabase, serve, stop } from './serve.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SAMPLES = 7;
const ADMIN = { username: 'bench-admin', password: 'bench-admin-password-not-secret' };
const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface FirstPage {
  /** Median milliseconds from navigation to `selector` ready to take input. */
  readonly ms: number;
  /** The bytes of every response body the page loaded, as sent (gzip), and how many responses. */
  readonly bytes: number;
  readonly responses: number;
}

/** Loads `url` SAMPLES times, each in a fresh context (nothing cached), until `selector` takes the focus. */
async function firstPage(browser: Browser, url: string, selector: string): Promise<FirstPage> {
  const samples: number[] = [];
  let bytes = 0;
  let responses = 0;
  for (let i = 0; i < SAMPLES; i++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const finished: Request[] = [];
    page.on('requestfinished', (r) => finished.push(r));
    const start = performance.now();
    await page.goto(url, { waitUntil: 'commit' });
    await page.locator(selector).waitFor({ state: 'visible' });
    await page.locator(selector).focus();
    samples.push(performance.now() - start);
    if (i === 0) {
      await page.waitForLoadState('networkidle');
      for (const request of finished) bytes += (await request.sizes()).responseBodySize;
      responses = finished.length;
    }
    await context.close();
  }
  return { ms: median(samples), bytes, responses };
}

const BIG = 100_000;
const PART = 1_000;
/** The one card the search finds, somewhere in the middle. */
const NEEDLE = 'needlework';

interface BigBook {
  readonly importMs: number;
  readonly listMs: number;
  readonly searchMs: number;
}

/** 100,000 contacts imported, then the console's list page and a search of it, timed in Chromium. */
async function bigBook(browser: Browser, url: string): Promise<BigBook> {
  const sdk = createClient({ baseUrl: url, auth: basicAuth(ADMIN.username, ADMIN.password) });
  try {
    const uuid = (await sdk.datastore.create({ userId: 'bench-100k' })).client.uuid;
    const started = performance.now();
    for (let from = 0; from < BIG; from += PART) {
      const cards: string[] = [];
      for (let i = from; i < from + PART; i++) {
        cards.push('BEGIN:VCARD', 'VERSION:3.0', `N:Person ${i};Bench;;;`, `FN:Bench Person ${i}`, `EMAIL:person${i}@example.org`, ...(i === BIG / 2 ? [`NOTE:likes ${NEEDLE}`] : []), 'END:VCARD');
      }
      const part = await sdk.datastore.contents(uuid).import(`${cards.join('\r\n')}\r\n`);
      if (part.import.added !== PART) throw new Error(`a part of the 100,000 added ${part.import.added} of ${PART}`);
    }
    const importMs = performance.now() - started;
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await page.goto(`${url}/`);
      await page.getByLabel('Username').fill(ADMIN.username);
      await page.getByLabel('Password').fill(ADMIN.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'Overview' }).waitFor();
      const list: number[] = [];
      const search: number[] = [];
      for (let i = 0; i < SAMPLES; i++) {
        await page.goto(`${url}/#/`);
        await page.getByRole('heading', { name: 'Overview' }).waitFor();
        let start = performance.now();
        await page.goto(`${url}/#/books/${uuid}`);
        await page.getByText('Items 1–50', { exact: true }).waitFor({ timeout: 60_000 });
        list.push(performance.now() - start);
        await page.getByLabel('Search', { exact: true }).fill(NEEDLE);
        start = performance.now();
        await page.getByRole('button', { name: 'Search', exact: true }).click();
        await page.getByText(`1 item matches “${NEEDLE}”`, { exact: true }).waitFor({ timeout: 60_000 });
        search.push(performance.now() - start);
      }
      return { importMs, listMs: median(list), searchMs: median(search) };
    } finally {
      await context.close();
    }
  } finally {
    await sdk.close();
  }
}

export async function runConsoleBench(): Promise<boolean> {
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: apt-get install -y --no-install-recommends chromium (.ci/run does), or set CHROMIUM_PATH`);
  const dataDir = mkdtempSync(join(tmpdir(), 'atomsync-console-bench-'));
  const server = await serve(dataDir, ADMIN);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'] });
  try {
    const docs = await firstPage(browser, `${server.url}/docs/`, 'input[type="search"]');
    const signIn = await firstPage(browser, `${server.url}/`, '#username');
    const checks = [
      { label: 'sign-in page bytes (gzip) / API reference page', value: signIn.bytes / docs.bytes, floor: '≤ 2', ok: signIn.bytes / docs.bytes <= 2 },
      { label: 'sign-in time to interactive / API reference page', value: signIn.ms / docs.ms, floor: '≤ 3', ok: signIn.ms / docs.ms <= 3 },
    ];
    const line = (name: string, p: FirstPage) => `  ${name.padEnd(28)} ${(p.bytes / 1024).toFixed(1).padStart(7)} KiB in ${p.responses} responses   ${p.ms.toFixed(0).padStart(5)} ms to interactive`;
    console.log('\n## web console: first page weight and time to interactive (vs the API reference)');
    console.log(line('sign-in page (/)', signIn));
    console.log(line('API reference (/docs/)', docs));
    const books = [{ store: 'embedded', big: await bigBook(browser, server.url) }];
    await stop(server.process);
    books.push({ store: 'PostgreSQL', big: await onPostgres(browser) });
    for (const { store, big } of books) {
      console.log(`  ${store}: 100,000 contacts imported in ${(big.importMs / 1000).toFixed(1)} s (${Math.round(BIG / (big.importMs / 1000)).toLocaleString('en-US')}/s, parts of ${PART.toLocaleString('en-US')})`);
      checks.push(
        { label: `${store}: 100,000-contact list page opening, ms`, value: big.listMs, floor: '≤ 1500', ok: big.listMs <= 1500 },
        { label: `${store}: 100,000-contact search (one match), ms`, value: big.searchMs, floor: '≤ 1000', ok: big.searchMs <= 1000 },
      );
    }
    for (const c of checks) console.log(`  ${c.ok ? 'ok  ' : 'FAIL'} ${c.label.padEnd(58)} ${c.value.toFixed(2).padStart(7)}  (floor ${c.floor})`);
    return checks.every((c) => c.ok);
  } finally {
    await browser.close();
    await stop(server.process);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** bigBook against a server on PostgreSQL (a throwaway cluster, durable as an operator runs it). */
async function onPostgres(browser: Browser): Promise<BigBook> {
  const bin = findBinaries();
  if (bin === undefined) throw new Error('PostgreSQL server binaries not found (/usr/lib/postgresql/*/bin/initdb): install them (apt-get install postgresql)');
  const cluster = await startCluster(bin, { durable: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'atomsync-console-bench-pg-'));
  try {
    const url = await createDatabase(cluster.adminUrl, 'console');
    const server = await serve(dataDir, ADMIN, { env: { DATABASE_URL: url, ATOMSYNC_SECRET_KEY: randomBytes(32).toString('base64') } });
    try {
      return await bigBook(browser, server.url);
    } finally {
      await stop(server.process);
    }
  } finally {
    await cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = (await runConsoleBench()) ? 0 : 1;
