/**
 * `atomsync serve` as a real process: configuration, readiness, the start-up bootstrap (admin
 * from the environment, the demo account printed once), and the drain on SIGTERM (an in-flight
 * request finishes, new connections are refused, the exit code is 0).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, resolveServeConfig } from '../src/index.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CLI = join(ROOT, 'packages/server/src/cli.ts');
const TSCONFIG = join(ROOT, 'packages/server/test/fixtures/tsconfig.cli.json');
// The process runs in a scratch directory (its ./.atomsync goes there), so tsx is named by path.
const TSX = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;

describe('configuration', () => {
  it('defaults to 127.0.0.1:8080, ./.atomsync, info, the embedded store, no admin', () => {
    expect(resolveServeConfig({}, {}, '/srv')).toEqual({
      host: '127.0.0.1',
      port: 8080,
      dataDir: '/srv/.atomsync',
      databaseUrl: undefined,
      secretKey: undefined,
      baseUrl: undefined,
      logLevel: 'info',
      admin: undefined,
      runLeaseSeconds: 30,
      tombstoneRetentionDays: 90,
      oauthClients: [],
    });
  });

  it('reads the store, its key and the bootstrap admin from the environment', () => {
    const key = 'ab'.repeat(32);
    const env = { DATABASE_URL: 'postgres://u:p@db/atomsync', ATOMSYNC_SECRET_KEY: key, ATOMSYNC_ADMIN_USER: 'ops', ATOMSYNC_ADMIN_PASSWORD: 'ops-password' };
    expect(resolveServeConfig({}, env, '/srv')).toMatchObject({ databaseUrl: 'postgres://u:p@db/atomsync', secretKey: Buffer.from(key, 'hex'), admin: { username: 'ops', password: 'ops-password' } });
  });

  it('reads the environment, and a flag wins over its variable', () => {
    const env = { ATOMSYNC_HOST: '0.0.0.0', ATOMSYNC_PORT: '9000', ATOMSYNC_DATA_DIR: 'var/db', ATOMSYNC_BASE_URL: 'https://sync.example.com/', ATOMSYNC_LOG_LEVEL: 'debug' };
    expect(resolveServeConfig({}, env, '/srv')).toEqual({ host: '0.0.0.0', port: 9000, dataDir: '/srv/var/db', baseUrl: 'https://sync.example.com', logLevel: 'debug', runLeaseSeconds: 30, tombstoneRetentionDays: 90, oauthClients: [] });
    expect(resolveServeConfig({ host: '::1', port: '0', data: '/data' }, env, '/srv')).toMatchObject({ host: '::1', port: 0, dataDir: '/data' });
  });

  it.each([
    [{ port: 'http' }, {}],
    [{ port: '70000' }, {}],
    [{}, { ATOMSYNC_PORT: '-1' }],
    [{}, { ATOMSYNC_BASE_URL: 'sync.example.com' }],
    [{}, { ATOMSYNC_BASE_URL: 'ftp://sync.example.com' }],
    [{}, { ATOMSYNC_LOG_LEVEL: 'loud' }],
    [{}, { ATOMSYNC_ADMIN_USER: 'ops' }],
    [{}, { ATOMSYNC_ADMIN_PASSWORD: 'pw' }],
    [{}, { ATOMSYNC_ADMIN_USER: 'has space', ATOMSYNC_ADMIN_PASSWORD: 'pw' }],
    [{}, { ATOMSYNC_ADMIN_USER: 'ops', ATOMSYNC_ADMIN_PASSWORD: 'seven-7' }],
    [{}, { ATOMSYNC_ADMIN_USER: 'ops', ATOMSYNC_ADMIN_PASSWORD: 'x'.repeat(1025) }],
    [{}, { DATABASE_URL: 'postgres://db/atomsync' }],
    [{}, { DATABASE_URL: 'mysql://db/atomsync', ATOMSYNC_SECRET_KEY: 'ab'.repeat(32) }],
    [{}, { ATOMSYNC_SECRET_KEY: 'too short' }],
  ])('refuses %j %j', (flags, env) => {
    expect(() => resolveServeConfig(flags, env)).toThrow(ConfigError);
  });

  it('keeps tombstones ATOMSYNC_TOMBSTONE_RETENTION_DAYS, whole days from 1 to 3650, else the start stops', () => {
    expect(resolveServeConfig({}, { ATOMSYNC_TOMBSTONE_RETENTION_DAYS: '30' }, '/srv').tombstoneRetentionDays).toBe(30);
    expect(resolveServeConfig({}, { ATOMSYNC_TOMBSTONE_RETENTION_DAYS: '' }, '/srv').tombstoneRetentionDays).toBe(90);
    for (const value of ['0', '-1', '1.5', 'ninety', '3651']) {
      expect(() => resolveServeConfig({}, { ATOMSYNC_TOMBSTONE_RETENTION_DAYS: value }, '/srv')).toThrow(ConfigError);
    }
  });
});

// ───────────────────────────── the process ─────────────────────────────

interface Server {
  child: ChildProcess;
  url: string;
  port: number;
  dataDir: string;
  logs: Record<string, any>[];
  /** stdout lines that are not log records: the demo account's one line. */
  printed: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

const scratch = () => mkdtempSync(join(tmpdir(), 'atomsync-cli-'));

function start(args: string[] = [], env: Record<string, string> = {}, cwd = scratch()): Promise<Server> {
  const child = spawn(process.execPath, ['--import', TSX, CLI, 'serve', ...args], {
    cwd,
    env: { ...process.env, TSX_TSCONFIG_PATH: TSCONFIG, ATOMSYNC_ADMIN_USER: '', ATOMSYNC_ADMIN_PASSWORD: '', DATABASE_URL: '', ATOMSYNC_SECRET_KEY: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const logs: Record<string, any>[] = [];
  const printed: string[] = [];
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  // 'close', not 'exit': the last log lines are read by then.
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) => child.once('close', (code, signal) => r({ code, signal })));
  return new Promise((resolveStart, reject) => {
    let buffered = '';
    child.stdout!.on('data', (d: Buffer) => {
      buffered += d.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) {
        if (!line.startsWith('{')) {
          printed.push(line);
          continue;
        }
        const record = JSON.parse(line) as Record<string, any>;
        logs.push(record);
        if (typeof record.url === 'string') resolveStart({ child, url: record.url, port: Number(new URL(record.url).port), dataDir: record.dataDir, logs, printed, exited });
      }
    });
    void exited.then(({ code }) => reject(new Error(`exited ${code} before listening: ${stderr}`)));
  });
}

async function stop(server: Server): Promise<void> {
  server.child.kill('SIGTERM');
  expect(await server.exited).toEqual({ code: 0, signal: null });
}

function open(port: number): Promise<Socket> {
  return new Promise((resolveOpen, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolveOpen(socket));
    socket.once('error', reject);
  });
}

function answerOn(socket: Socket): Promise<string> {
  return new Promise((resolveAnswer) => {
    let text = '';
    socket.on('data', (d) => {
      text += d.toString();
      if (/\r\n\r\n[\s\S]*<\/(error|entry)>|\r\n\r\nok$/.test(text)) resolveAnswer(text);
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const ADMIN_ENV = { ATOMSYNC_ADMIN_USER: 'ops', ATOMSYNC_ADMIN_PASSWORD: 'ops-password' };
const OPS = { authorization: basic('ops', 'ops-password') };

const BODY = '<?xml version="1.0" encoding="UTF-8"?><entry xmlns="http://www.w3.org/2005/Atom" xmlns:s="http://schemas.atomsync.dev/2009/sync"><s:account><s:username>slowpoke</s:username><s:password>slowpoke-pw</s:password></s:account></entry>';

describe('atomsync serve', () => {
  it('serves /healthz and the API on its store, asks anonymous callers for credentials, logs each request', async () => {
    const server = await start(['--port', '0'], ADMIN_ENV);
    const health = await fetch(`${server.url}/healthz`);
    expect([health.status, await health.text()]).toEqual([200, 'ok']);
    const anonymous = await fetch(`${server.url}/v2/syncengine/`, { headers: { 'x-request-id': 'cli-1' } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Basic realm="atomsync"/);
    expect(anonymous.headers.get('x-request-id')).toBe('cli-1');
    const accounts = await fetch(`${server.url}/v2/admin/accounts`, { headers: OPS });
    expect(accounts.status).toBe(200);
    expect(await accounts.text()).toMatch(/<(\w+:)?username>ops</);
    await stop(server);
    expect(server.logs).toContainEqual(expect.objectContaining({ msg: 'request', reqId: 'cli-1', status: 401, op: 'listBindings' }));
    expect(server.logs).toContainEqual(expect.objectContaining({ msg: 'admin account ops created' }));
    expect(server.logs.find((l) => typeof l.url === 'string')).toMatchObject({ store: 'sqlite' });
    expect(server.logs.at(-1)).toMatchObject({ msg: 'stopped' });
    // The admin's password is in no log line.
    expect(JSON.stringify(server.logs)).not.toContain('ops-password');
    expect(server.printed).toEqual([]);
  });

  it('takes its configuration from the environment, and stops on SIGINT too', async () => {
    const dataDir = scratch();
    const server = await start([], { ATOMSYNC_HOST: '127.0.0.1', ATOMSYNC_PORT: '0', ATOMSYNC_DATA_DIR: dataDir, ATOMSYNC_BASE_URL: 'https://sync.example.com/' });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.logs.find((l) => typeof l.url === 'string')).toMatchObject({ dataDir, baseUrl: 'https://sync.example.com' });
    expect(existsSync(join(dataDir, 'atomsync.sqlite'))).toBe(true);
    expect(statSync(join(dataDir, 'secret.key')).mode & 0o777).toBe(0o600);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    server.child.kill('SIGINT');
    expect(await server.exited).toEqual({ code: 0, signal: null });
  });

  it('creates the demo account on a fresh store and prints its password once, never logging it', async () => {
    const cwd = scratch();
    const first = await start(['--port', '0'], {}, cwd);
    expect(first.printed).toHaveLength(1);
    const password = /password (\S+) /.exec(first.printed[0]!)![1]!;
    const answer = await fetch(`${first.url}/v2/admin/accounts`, { headers: { authorization: basic('demo', password) } });
    expect(answer.status).toBe(200);
    expect(JSON.stringify(first.logs)).not.toContain(password);
    await stop(first);

    // The same data directory again: the demo account exists, nothing is printed, the password still works.
    const second = await start(['--port', '0'], {}, cwd);
    expect(second.printed).toEqual([]);
    expect((await fetch(`${second.url}/v2/admin/accounts`, { headers: { authorization: basic('demo', password) } })).status).toBe(200);
    await stop(second);

    // With an admin configured on a store that already has accounts, no demo appears either.
    const third = await start(['--port', '0'], ADMIN_ENV, scratch());
    expect(third.printed).toEqual([]);
    const names = await (await fetch(`${third.url}/v2/admin/accounts`, { headers: OPS })).text();
    expect(names).not.toMatch(/<(\w+:)?username>demo</);
    await stop(third);
  });

  it('updates the bootstrap admin on restart: a new password replaces the old one', async () => {
    const cwd = scratch();
    await stop(await start(['--port', '0'], ADMIN_ENV, cwd));
    const server = await start(['--port', '0'], { ATOMSYNC_ADMIN_USER: 'ops', ATOMSYNC_ADMIN_PASSWORD: 'rotated-pw' }, cwd);
    expect(server.logs).toContainEqual(expect.objectContaining({ msg: 'admin account ops updated' }));
    expect((await fetch(`${server.url}/v2/admin/accounts`, { headers: OPS })).status).toBe(401);
    expect((await fetch(`${server.url}/v2/admin/accounts`, { headers: { authorization: basic('ops', 'rotated-pw') } })).status).toBe(200);
    await stop(server);
  });

  it.each([
    [['--port', 'eighty'], {}, /exited 2 .*--port must be a port number/],
    [['--port', '0'], { ATOMSYNC_ADMIN_USER: 'ops' }, /exited 2 .*ATOMSYNC_ADMIN_USER and ATOMSYNC_ADMIN_PASSWORD go together/],
    [['--port', '0'], { ATOMSYNC_ADMIN_USER: 'ops', ATOMSYNC_ADMIN_PASSWORD: 'seven-7' }, /exited 2 .*ATOMSYNC_ADMIN_PASSWORD must be at least 8 characters/],
    [['--port', '0'], { DATABASE_URL: 'postgres://127.0.0.1:1/none' }, /exited 2 .*DATABASE_URL needs ATOMSYNC_SECRET_KEY/],
  ] as const)('exits 2 on a configuration error: %j %j', async (args, env, message) => {
    await expect(start([...args], env)).rejects.toThrow(message);
  });

  it('drains on SIGTERM: an in-flight request finishes, idle connections close, new ones are refused, exit 0', async () => {
    const server = await start(['--port', '0'], ADMIN_ENV);

    // An idle keep-alive connection must not hold the exit up.
    const idle = await open(server.port);
    const idleAnswer = answerOn(idle);
    idle.write('GET /healthz HTTP/1.1\r\nHost: test\r\n\r\n');
    expect(await idleAnswer).toMatch(/^HTTP\/1.1 200 OK/);

    // A slow upload: headers and half the body now, the rest after the signal.
    const slow = await open(server.port);
    const slowAnswer = answerOn(slow);
    slow.write(`POST /v2/admin/accounts HTTP/1.1\r\nHost: test\r\nAuthorization: ${OPS.authorization}\r\nContent-Type: application/atom+xml\r\nContent-Length: ${BODY.length}\r\n\r\n`);
    slow.write(BODY.slice(0, 40));
    await sleep(300);

    server.child.kill('SIGTERM');
    await sleep(300);
    expect(server.child.exitCode).toBeNull();
    await expect(open(server.port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });

    slow.write(BODY.slice(40));
    const answer = await slowAnswer;
    expect(answer).toMatch(/^HTTP\/1.1 201 Created/);
    expect(answer).toMatch(/connection: close/i);
    expect(answer).toMatch(/<(\w+:)?username>slowpoke</);
    expect(await server.exited).toEqual({ code: 0, signal: null });
    const messages = server.logs.map((l) => l.msg);
    expect(messages.indexOf('draining in-flight requests')).toBeLessThan(messages.lastIndexOf('request'));
    expect(messages.at(-1)).toBe('stopped');
    idle.destroy();
    slow.destroy();
  });
});
