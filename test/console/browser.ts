/**
 * What the console's browser tests share (console.test.ts, admin.test.ts): Debian's Chromium
 * through playwright-core, the built console, a page watched for what must not happen, and each
 * page shot at 1280 and 390 px with axe-core's serious and critical WCAG 2.1 A/AA findings.
 *
 * Without Chromium or the built console a test fails, saying how to get them, rather than skip.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { AxeResults } from 'axe-core';
import { chromium, type Browser, type Page } from 'playwright-core';
import { expect } from 'vitest';

export const CONSOLE_DIR = fileURLToPath(new URL('../../packages/console/dist/', import.meta.url));
/** Screenshots: not committed; CI keeps them as artifacts. */
export const OUTPUT = fileURLToPath(new URL('./output/', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const WIDTHS = [1280, 390] as const;
/** axe-core, run in each page as it is shown (through the DevTools protocol: the page's policy does not apply to it). */
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Chromium, once Chromium and the built console are known to be there. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: apt-get install -y --no-install-recommends chromium (.ci/run does), or set CHROMIUM_PATH`);
  if (!existsSync(`${CONSOLE_DIR}index.html`)) throw new Error(`the console is not built at ${CONSOLE_DIR}: npx turbo run build --filter=@atomsync/console (npm test builds it)`);
  mkdirSync(OUTPUT, { recursive: true });
  return chromium.launch({
    executablePath: CHROMIUM,
    // Nothing of Google's: this machine's network is closed, and each refused lookup is noise.
    args: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}

/**
 * A page that records what must not happen: console errors, page errors, failed or foreign
 * requests. `expected` are statuses the browser logs that the test causes on purpose (a refused
 * sign-in, an ended session: 401 and 403 always).
 */
export function watch(page: Page, origin: string, expected: readonly number[] = []): string[] {
  const problems: string[] = [];
  const statuses = new RegExp(`status of (40[13]${expected.map((s) => `|${s}`).join('')})`);
  page.on('console', (m) => {
    if ((m.type() === 'error' || m.type() === 'warning') && !statuses.test(m.text())) problems.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('request', (r) => {
    if (!r.url().startsWith(origin)) problems.push(`request to another origin: ${r.url()}`);
  });
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
  return problems;
}

/** axe-core's serious and critical findings on the page as it is (WCAG 2.1 A and AA rules). */
export async function accessibilityFindings(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    const { axe } = window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } };
    const results = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

/** The page at each width: a screenshot into OUTPUT as `<prefix>-<name>-<width>.png`, and no serious accessibility finding. */
export async function shoot(page: Page, prefix: string, name: string): Promise<void> {
  const findings: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.screenshot({ path: `${OUTPUT}${prefix}-${name}-${width}.png`, fullPage: true });
    findings.push(...(await accessibilityFindings(page)).map((f) => `${name} at ${width} px: ${f}`));
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(findings).toEqual([]);
}
