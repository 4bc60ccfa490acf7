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
 * Needs the built server and console (`npm run bench` builds first) and Debian's Chromium.
 * Run alone with `ATOMSYNC_BENCH=console npm run bench`.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Request } from 'playwright-core';
import { serve, stop } from './serve.js';

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
    for (const c of checks) console.log(`  ${c.ok ? 'ok  ' : 'FAIL'} ${c.label.padEnd(52)} ${c.value.toFixed(2).padStart(7)}  (floor ${c.floor})`);
    return checks.every((c) => c.ok);
  } finally {
    await browser.close();
    await stop(server.process);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = (await runConsoleBench()) ? 0 : 1;
