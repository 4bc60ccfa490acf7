/**
 * The README's "Set up", followed on a fresh clone: `git clone` of this repository's committed
 * state into a temp dir, `npm start` there in the background (it installs the workspace, builds
 * the server and serves) until /healthz answers, then every other command the section shows —
 * `npx atomsync serve --help` and each `npx atomsync account …`, `import` and `export` line, each exiting 0 (lines with
 * `[…]` options run bare, then with the options filled in) — the printed demo password tried
 * against the server, and at the end `git status --porcelain` empty: neither the install nor the
 * build nor the server changed or added a tracked or unignored file.
 *
 * What it costs: the clone's `npm install` (packages from npm's cache, which the workspace's own
 * install filled) and its build. better-sqlite3 is compiled from source when its prebuilt binary
 * cannot be downloaded (no access to GitHub, as in this CI): about 80 s of the run. That is what
 * a user without that access waits for too; copying the workspace's binary or node_modules in
 * would skip exactly what this checks, so the test pays it: about 2.5 minutes in all here (npm
 * start listening after ~135 s). The port: ATOMSYNC_PORT=0 (a variable `serve --help` documents),
 * so a server already on 8080 cannot fail it.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const START_TIMEOUT_MS = 12 * 60_000;

/** A user's shell: nothing of the npm, vitest or atomsync environment this test runs in. */
function userEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (/^(npm_|INIT_CWD$|VITEST|NODE_ENV$|NODE_OPTIONS$|TEST$|TSX_|ATOMSYNC_|DATABASE_URL$|TURBO_)/i.test(name)) continue;
    env[name] = value;
  }
  // npm run puts the workspace's node_modules/.bin first: the clone must find its own bins only.
  env.PATH = (process.env.PATH ?? '').split(delimiter).filter((dir) => !dir.includes('node_modules')).join(delimiter);
  return { ...env, TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1', NO_COLOR: '1', ATOMSYNC_PORT: '0' };
}

/** The README's `npx atomsync …` lines, comments cut; `[…]` options dropped, and separately filled in. */
function readmeCommands(readme: string): { bare: string[][]; filled: string[][] } {
  const setUp = readme.slice(readme.indexOf('## Set up'), readme.indexOf('\n## ', readme.indexOf('## Set up') + 1));
  const lines = [...setUp.matchAll(/^npx atomsync (.+?)(?:\s+#.*)?$/gm)].map((m) => m[1]!.trim());
  const bare = lines.map((line) => line.replace(/\s*\[[^\]]*\]/g, '').split(/\s+/));
  const filled = lines
    .filter((line) => line.includes('['))
    .map((line) => line.replace(/\[([^\]]*)\]/g, '$1').replace(/(--password) P\b/, '$1 readme-Passw0rd').split(/\s+/));
  return { bare, filled };
}

describe('the README, on a fresh clone', () => {
  const dir = mkdtempSync(join(tmpdir(), 'atomsync-readme-'));
  const clone = join(dir, 'atomsync');
  const env = userEnvironment();
  let server: ChildProcess | undefined;
  afterAll(async () => {
    if (server?.pid !== undefined && server.exitCode === null) {
      process.kill(-server.pid, 'SIGKILL');
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it(
    'npm start serves, every command the README shows exits 0, and the tree stays clean',
    async () => {
      const started = performance.now();
      const seconds = () => Math.round((performance.now() - started) / 1000);
      await run('git', ['clone', '--quiet', '--no-hardlinks', ROOT, clone]);

      // ── npm start, in the background, until /healthz answers ──
      server = spawn('npm', ['start'], { cwd: clone, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
      let stdout = '';
      let stderr = '';
      server.stderr!.on('data', (d) => (stderr += d));
      const exited = new Promise<number | null>((resolve) => server!.once('close', (code) => resolve(code)));
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`npm start did not listen within ${START_TIMEOUT_MS / 1000} s:\n${stdout}\n${stderr}`)), START_TIMEOUT_MS);
        server!.stdout!.on('data', (d: Buffer) => {
          stdout += d.toString();
          const listening = /"msg":"listening on (http:\/\/[^"]+)"/.exec(stdout);
          if (listening !== null) {
            clearTimeout(timer);
            resolve(listening[1]!);
          }
        });
        void exited.then((code) => reject(new Error(`npm start exited ${code}:\n${stdout}\n${stderr}`)));
      });
      const health = await fetch(`${url}/healthz`);
      expect([health.status, await health.text()]).toEqual([200, 'ok']);
      const startSeconds = seconds();

      // The demo account's password, printed once, right after the listening line, works.
      await new Promise((r) => setTimeout(r, 200));
      const password = /created the admin account "demo" with password (\S+) /.exec(stdout)?.[1];
      expect(password, stdout).toBeDefined();
      const admin = await fetch(`${url}/v2/admin/accounts`, { headers: { authorization: `Basic ${Buffer.from(`demo:${password}`).toString('base64')}` } });
      expect(admin.status).toBe(200);

      // ── every other command of the section, in its order ──
      const readme = readFileSync(join(clone, 'README.md'), 'utf8');
      const { bare, filled } = readmeCommands(readme);
      expect(readme).toContain('`npx atomsync serve --help`');
      const commands = [['serve', '--help'], ...bare, ...filled, ['account', 'delete', 'alice', '--yes']];
      expect(commands.map((c) => c.slice(0, 2).join(' '))).toEqual(
        expect.arrayContaining(['account add', 'account list', 'account passwd', 'account token', 'account consumer', 'account delete']),
      );
      const outputs: string[] = [];
      // The import and export lines name a file and a datastore client (CLIENT_UUID): as a user
      // would, the test writes the file and makes alice a datastore client through the API, with
      // the password the last `account add`/`passwd` printed; the files go before the tree check.
      const userFiles = ['contacts.vcf', 'out.vcf'].map((name) => join(clone, name));
      writeFileSync(userFiles[0]!, 'BEGIN:VCARD\r\nVERSION:3.0\r\nN:Lovelace;Ada;;;\r\nFN:Ada Lovelace\r\nEND:VCARD\r\nBEGIN:VCARD\r\nVERSION:2.1\r\nN:Turing;Alan\r\nTEL;CELL:+44 20 7946 0000\r\nEND:VCARD\r\n');
      let clientUuid: string | undefined;
      const datastoreOfAlice = async (): Promise<string> => {
        const alicePassword = [...outputs.join('\n').matchAll(/^password: (\S+)$/gm)].at(-1)?.[1];
        expect(alicePassword, outputs.join('\n')).toBeDefined();
        const created = await fetch(`${url}/v2/services/datastore/`, {
          method: 'POST',
          headers: { authorization: `Basic ${Buffer.from(`alice:${alicePassword}`).toString('base64')}`, 'content-type': 'application/atom+xml' },
          body: '<entry xmlns="http://www.w3.org/2005/Atom"><client xmlns="http://schemas.atomsync.dev/2009/sync"><user_id>alice-addressbook</user_id></client></entry>',
        });
        expect(created.status).toBe(201);
        return /<(?:\w+:)?uuid>([^<]+)</.exec(await created.text())![1]!;
      };
      for (const line of commands) {
        if (line.includes('CLIENT_UUID')) clientUuid ??= await datastoreOfAlice();
        const args = line.map((arg) => (arg === 'CLIENT_UUID' ? clientUuid! : arg));
        const { stdout: out } = await run('npx', ['atomsync', ...args], { cwd: clone, env, timeout: 60_000 }).catch((error: { code?: number; stdout?: string; stderr?: string }) => {
          throw new Error(`npx atomsync ${args.join(' ')} exited ${error.code}: ${error.stdout ?? ''}${error.stderr ?? ''}`);
        });
        outputs.push(out);
      }
      expect(outputs[0]).toContain('ATOMSYNC_TRUST_PROXY');
      expect(outputs.join('\n')).toMatch(/^created account alice$/m);
      expect(outputs.join('\n')).toMatch(/^created admin account alice$/m);
      expect(outputs.join('\n')).toMatch(/^alice +no +/m);
      expect(outputs.join('\n')).toMatch(/^token: \S+$/m);
      expect(outputs.join('\n')).toMatch(/^secret: \S+$/m);
      expect(outputs.join('\n')).toMatch(/^imported contacts\.vcf: 2 added/m);
      expect(readFileSync(userFiles[1]!, 'utf8').match(/^BEGIN:VCARD/gm)).toHaveLength(2);
      for (const file of userFiles) rmSync(file);

      // ── stopped, and nothing in the tree changed ──
      process.kill(-server.pid!, 'SIGTERM');
      await exited;
      const { stdout: status } = await run('git', ['status', '--porcelain', '--untracked-files=all'], { cwd: clone });
      expect(status).toBe('');
      console.info(`README on a fresh clone: npm start listening after ${startSeconds} s, all of it ${seconds()} s`);
    },
    START_TIMEOUT_MS + 5 * 60_000,
  );
});
