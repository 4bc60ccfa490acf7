/**
 * `atomsync` as an operator meets it, as real processes: --version; --help listing every flag and
 * every environment variable config.ts reads; one line on stderr and exit 1, no stack, for a busy
 * port and for an unreachable database (and no demo account made by a server that could not
 * listen); the demo password printed last, right after the "listening" line: one line into a
 * pipe, framed on a terminal (run under script(1) for a pseudo-terminal).
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { openConfiguredStore } from '../../src/bootstrap.js';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const CLI = join(ROOT, 'packages/server/src/cli.ts');
const TSCONFIG = join(ROOT, 'packages/server/test/fixtures/tsconfig.cli.json');
const TSX = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
const VERSION = (JSON.parse(readFileSync(join(ROOT, 'packages/server/package.json'), 'utf8')) as { version: string }).version;
const KEY = Buffer.alloc(32, 9).toString('base64');

const scratch = () => mkdtempSync(join(tmpdir(), 'atomsync-ops-'));
/** No ATOMSYNC_* or DATABASE_URL of the caller's leaks in; NO_COLOR keeps --help plain. */
function environment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, TSX_TSCONFIG_PATH: TSCONFIG, NO_COLOR: '1' };
  for (const name of Object.keys(env)) if (name.startsWith('ATOMSYNC_') || name === 'DATABASE_URL') delete env[name];
  return { ...env, ...extra };
}

interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
}

async function atomsync(args: string[], env: Record<string, string> = {}, cwd = scratch()): Promise<Exit> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', TSX, CLI, ...args], { cwd, env: environment(env), timeout: 30_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout: string; stderr: string };
    return { code: typeof e.code === 'number' ? e.code : null, stdout: e.stdout, stderr: e.stderr };
  }
}

const listeners: Server[] = [];
afterEach(async () => {
  for (const s of listeners.splice(0)) await new Promise((r) => s.close(r));
});

function occupy(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    listeners.push(server);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
  });
}

/** A port nothing listens on (bound, then let go). */
async function closedPort(): Promise<number> {
  const port = await occupy();
  await new Promise((r) => listeners.pop()!.close(r));
  return port;
}

describe('--version and --help', () => {
  it('prints the version and exits 0', async () => {
    for (const flag of ['--version', '-v']) expect(await atomsync([flag])).toEqual({ code: 0, stdout: `${VERSION}\n`, stderr: '' });
  });

  it('serve --help lists every flag and every environment variable the configuration reads, a line each', async () => {
    const { code, stdout } = await atomsync(['serve', '--help']);
    expect(code).toBe(0);
    const source = readFileSync(join(ROOT, 'packages/server/src/config.ts'), 'utf8');
    const variables = new Set([...source.matchAll(/env\(vars, '([A-Z_]+)'\)/g)].map((m) => m[1]!));
    expect([...variables].sort()).toEqual(
      ['ATOMSYNC_ADMIN_PASSWORD', 'ATOMSYNC_ADMIN_USER', 'ATOMSYNC_BASE_URL', 'ATOMSYNC_DATA_DIR', 'ATOMSYNC_HOST', 'ATOMSYNC_LOG_LEVEL', 'ATOMSYNC_METRICS', 'ATOMSYNC_METRICS_HOST', 'ATOMSYNC_METRICS_PORT', 'ATOMSYNC_METRICS_TOKEN', 'ATOMSYNC_OAUTH_CLIENTS', 'ATOMSYNC_PORT', 'ATOMSYNC_RUN_LEASE_SECONDS', 'ATOMSYNC_SECRET_KEY', 'ATOMSYNC_TLS_CERT', 'ATOMSYNC_TLS_KEY', 'ATOMSYNC_TOMBSTONE_RETENTION_DAYS', 'ATOMSYNC_TRUST_PROXY', 'DATABASE_URL'].sort(),
    );
    const environmentSection = stdout.slice(stdout.indexOf('ENVIRONMENT'));
    for (const name of variables) expect(environmentSection).toMatch(new RegExp(`^  ${name} +\\S.+$`, 'm'));
    for (const flag of ['--host', '--port', '--data', '--trust-proxy', '--metrics', '--metrics-port', '--metrics-host', '--tls-cert', '--tls-key']) expect(stdout).toMatch(new RegExp(`^ *${flag}=<[^>]+> +\\S`, 'm'));
    for (const path of ['/healthz', '/livez', '/readyz', '/metrics']) expect(stdout).toContain(`GET ${path}`);
  });

  it('the store commands list the variables that find the store', async () => {
    for (const args of [['account', 'add', '--help'], ['account', 'list', '--help'], ['catalogue', 'import', '--help']]) {
      const { code, stdout } = await atomsync(args);
      expect(code).toBe(0);
      for (const name of ['ATOMSYNC_DATA_DIR', 'DATABASE_URL', 'ATOMSYNC_SECRET_KEY']) expect(stdout).toMatch(new RegExp(`^  ${name} +\\S`, 'm'));
    }
  });
});

describe('one line, no stack', () => {
  it('a busy port: exit 1, and the fresh store gets no demo account nobody saw the password of', async () => {
    const port = await occupy();
    const cwd = scratch();
    const exit = await atomsync(['serve', '--port', String(port)], {}, cwd);
    expect(exit.code).toBe(1);
    expect(exit.stderr).toBe(`atomsync: port ${port} on 127.0.0.1 is in use; choose another with --port or ATOMSYNC_PORT\n`);
    expect(exit.stdout).not.toMatch(/password/);
    const opened = await openConfiguredStore({ dataDir: join(cwd, '.atomsync'), databaseUrl: undefined, secretKey: undefined });
    expect(await opened.store.accounts.list()).toEqual([]);
    await opened.store.close();
  });

  it('the port from ATOMSYNC_PORT and a host from ATOMSYNC_HOST say the same', async () => {
    const port = await occupy();
    const exit = await atomsync(['serve'], { ATOMSYNC_PORT: String(port), ATOMSYNC_HOST: '127.0.0.1' });
    expect([exit.code, exit.stderr]).toEqual([1, `atomsync: port ${port} on 127.0.0.1 is in use; choose another with --port or ATOMSYNC_PORT\n`]);
  });

  it('an unreachable database, for serve and the store commands, without the URL\'s password', async () => {
    const port = await closedPort();
    const env = { DATABASE_URL: `postgres://atomsync:s3cret@127.0.0.1:${port}/atomsync`, ATOMSYNC_SECRET_KEY: KEY };
    for (const args of [['serve', '--port', '0'], ['account', 'list']]) {
      const exit = await atomsync(args, env);
      expect(exit.code).toBe(1);
      expect(exit.stderr).toBe(`atomsync: cannot open PostgreSQL at 127.0.0.1:${port}/atomsync: connect ECONNREFUSED 127.0.0.1:${port}\n`);
    }
  });
});

/** Runs `serve` until `done(stdout)` holds, then stops it; the stdout so far. */
function serveUntil(command: string, args: string[], cwd: string, done: (out: string) => boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: environment(), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let out = '';
    let err = '';
    const timer = setTimeout(() => {
      process.kill(-child.pid!, 'SIGKILL');
      reject(new Error(`no end in sight: ${out}${err}`));
    }, 30_000);
    child.stderr!.on('data', (d) => (err += d));
    child.stdout!.on('data', (d) => {
      out += d;
      if (done(out)) {
        clearTimeout(timer);
        process.kill(-child.pid!, 'SIGTERM');
        resolve(out);
      }
    });
  });
}

describe('the demo password', () => {
  it('comes last, right after the "listening" line, in one line into a pipe', async () => {
    const out = await serveUntil(process.execPath, ['--import', TSX, CLI, 'serve', '--port', '0'], scratch(), (o) => /with password \S+ \(shown/.test(o));
    const lines = out.trimEnd().split('\n');
    expect(JSON.parse(lines.at(-2)!)).toMatchObject({ msg: expect.stringMatching(/^listening on http:\/\/127\.0\.0\.1:\d+$/) });
    expect(lines.at(-1)).toMatch(/^atomsync: created the admin account "demo" with password \S+ \(shown only now; `atomsync account passwd demo` sets another\)$/);
  });

  it('is framed on a terminal', async () => {
    const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
    const command = [process.execPath, '--import', TSX, CLI, 'serve', '--port', '0'].map(quote).join(' ');
    const out = await serveUntil('script', ['-qec', command, '/dev/null'], scratch(), (o) => o.includes('└'));
    const lines = out.replace(/\r/g, '').trimEnd().split('\n');
    const top = lines.findIndex((l) => l.startsWith('┌'));
    expect(JSON.parse(lines[top - 1]!)).toMatchObject({ msg: expect.stringMatching(/^listening on /) });
    const box = lines.slice(top);
    expect(box.at(-1)).toMatch(/^└─+┘$/);
    expect(new Set(box.map((l) => l.length)).size).toBe(1);
    expect(box.join('\n')).toMatch(/│ {3}password {2}[\w-]{24} +│/);
    expect(box.join('\n')).toContain('username  demo');
  });
});
