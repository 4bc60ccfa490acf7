/**
 * guide/getting-started.md, run as a reader runs it, twice in a row against one server: the
 * server as `npm start` serves it (packages/server/dist/cli.js serve, on a free port and a fresh
 * data directory, the administrator `demo` with a known password), then
 *
 * - the curl path: every ```sh block of the guide that calls curl, in order, in one bash, as
 *   written (only the origin changed to the server's, and PASSWORD to demo's);
 * - the SDK path: every ```js block, in order, as the file `first-sync.mjs`, run by node from a
 *   folder of the clone, where `@atomsync/sdk` resolves to the workspace's build as it does after
 *   `npm start`.
 *
 * The second run is the guide's own "again": `S=2` for curl, `node first-sync.mjs 2` for the SDK.
 * Nothing is restated here: the commands come from the guide's markdown. Needs the server and the
 * SDK built (`npm test` builds; alone, `npx turbo run build --filter=@atomsync/server... --filter=@atomsync/sdk...`).
 */
import { execFile, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveBuilt } from './served.js';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const GUIDE = readFileSync(join(ROOT, 'guide/getting-started.md'), 'utf8');
const ORIGIN = 'http://127.0.0.1:8080';
const ADMIN_PASSWORD = 'guide-test-admin-password';

/** The fenced blocks of one language, in order. */
function blocks(language: string): string[] {
  return [...GUIDE.matchAll(/^```(\w+)\n([\s\S]*?)^```$/gm)].filter((m) => m[1] === language).map((m) => m[2]!);
}

let work: string;
let server: ChildProcess;
let url: string;
let sdkDir: string;

beforeAll(async () => {
  for (const built of ['packages/server/dist/cli.js', 'packages/sdk/dist/index.js']) {
    if (!existsSync(join(ROOT, built))) throw new Error(`${built} is not built: run \`npx turbo run build --filter=@atomsync/server... --filter=@atomsync/sdk...\` (npm test and npm start do)`);
  }
  work = mkdtempSync(join(tmpdir(), 'atomsync-guide-'));
  ({ server, url } = await serveBuilt(join(ROOT, 'packages/server/dist/cli.js'), work, join(work, 'data'), ADMIN_PASSWORD));
  // In the clone, as the guide's reader is: @atomsync/sdk resolves through the workspace's node_modules.
  sdkDir = join(ROOT, 'node_modules/.cache/getting-started');
  mkdirSync(sdkDir, { recursive: true });
}, 60_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  if (work) rmSync(work, { recursive: true, force: true });
  if (sdkDir) rmSync(sdkDir, { recursive: true, force: true });
});

/** The guide's text with its origin made the test server's, and demo's password filled in. */
const local = (text: string) => text.replaceAll(ORIGIN, url).replaceAll('demo:PASSWORD', `demo:${ADMIN_PASSWORD}`);

async function curlPath(suffix: string): Promise<string> {
  const steps = blocks('sh').filter((b) => /\bcurl\b/.test(b));
  let script = local(steps.join('\n'));
  if (suffix !== '1') {
    // The guide's own way to go through the steps again: another suffix.
    expect(script).toContain(' S=1\n');
    script = script.replace(' S=1\n', ` S=${suffix}\n`);
  }
  writeFileSync(join(work, `curl-${suffix}.sh`), `set -euo pipefail\n${script}\n`);
  // stdout and stderr into one pipe, as a terminal takes both: the guide's `tee /dev/stderr`
  // cannot open what a child's stdio is under node (a socket), and can a pipe.
  const { stdout } = await run('bash', ['-c', 'set -o pipefail; bash "$0" 2>&1 | cat', join(work, `curl-${suffix}.sh`)], { cwd: work, maxBuffer: 16 * 1024 * 1024 });
  return stdout;
}

describe('the getting-started guide, as written', () => {
  it('has the steps this test runs', () => {
    expect(blocks('sh').filter((b) => /\bcurl\b/.test(b)).length).toBeGreaterThanOrEqual(6);
    expect(blocks('js').length).toBeGreaterThanOrEqual(4);
    expect(GUIDE).toContain('`node first-sync.mjs`');
    expect(GUIDE).toContain('`node first-sync.mjs 2`');
  });

  it.each(['1', '2'])('curl path, run %s: a contact synchronized into the second datastore, the run logged', async (suffix) => {
    const out = await curlPath(suffix);
    // Every answer the guide shows is a success, but alice's creation on the second run: she exists.
    const errors = [...out.matchAll(/<error\b[\s\S]*?<\/error>/g)].map((m) => m[0]);
    if (suffix === '1') expect(errors).toEqual([]);
    else {
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatch(/<code>conflict<\/code>/);
    }
    expect(out).toContain(`<s:user_id>alice-phone-${suffix}</s:user_id>`);
    // The run: a slow sync (201), completed; the laptop holds Ada.
    expect(out).toMatch(/<s:sync_mode>201<\/s:sync_mode>/);
    expect(out).toMatch(/<s:result>completed<\/s:result>/);
    expect(out.match(/<title>Ada Lovelace<\/title>/g)?.length).toBeGreaterThanOrEqual(2);
  });

  it.each([[[]], [['2']]])('SDK path, node first-sync.mjs %j: the contact synchronized, the log read', async (args) => {
    writeFileSync(join(sdkDir, 'first-sync.mjs'), local(blocks('js').join('\n')));
    const { stdout } = await run(process.execPath, ['first-sync.mjs', ...args], { cwd: sdkDir });
    expect(stdout).toMatch(/^datastore [0-9a-f-]{36}$/m);
    expect(stdout).toMatch(/^contact urn:uuid:[0-9a-f-]{36}$/m);
    expect(stdout).toMatch(/^completed 201 \{\s+addsIn: 1,/m);
    expect(stdout).toMatch(/^laptop has Ada Lovelace$/m);
    expect(stdout).toMatch(/ 201 completed$/m);
  });
});
