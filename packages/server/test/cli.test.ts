/**
 * `atomsync serve` as a real process: configuration, readiness, and the drain on SIGTERM (an
 * in-flight request finishes, new connections are refused, the exit code is 0).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
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
  it('defaults to 127.0.0.1:8080, ./.atomsync, info', () => {
    expect(resolveServeConfig({}, {}, '/srv')).toEqual({ host: '127.0.0.1', port: 8080, dataDir: '/srv/.atomsync', baseUrl: undefined, logLevel: 'info' });
  });

  it('reads the environment, and a flag wins over its variable', () => {
    const env = { ATOMSYNC_HOST: '0.0.0.0', ATOMSYNC_PORT: '9000', ATOMSYNC_DATA_DIR: 'var/db', ATOMSYNC_BASE_URL: 'https://sync.example.com/', ATOMSYNC_LOG_LEVEL: 'debug' };
    expect(resolveServeConfig({}, env, '/srv')).toEqual({ host: '0.0.0.0', port: 9000, dataDir: '/srv/var/db', baseUrl: 'https://sync.example.com', logLevel: 'debug' });
    expect(resolveServeConfig({ host: '::1', port: '0', data: '/data' }, env, '/srv')).toMatchObject({ host: '::1', port: 0, dataDir: '/data' });
  });

  it.each([
    [{ port: 'http' }, {}],
    [{ port: '70000' }, {}],
    [{}, { ATOMSYNC_PORT: '-1' }],
    [{}, { ATOMSYNC_BASE_URL: 'sync.example.com' }],
    [{}, { ATOMSYNC_BASE_URL: 'ftp://sync.example.com' }],
    [{}, { ATOMSYNC_LOG_LEVEL: 'loud' }],
  ])('refuses %j %j', (flags, env) => {
    expect(() => resolveServeConfig(flags, env)).toThrow(ConfigError);
  });
});

// ───────────────────────────── the process ─────────────────────────────

interface Server {
  child: ChildProcess;
  url: string;
  port: number;
  logs: Record<string, any>[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

function start(args: string[] = [], env: Record<string, string> = {}): Promise<Server> {
  const child = spawn(process.execPath, ['--import', TSX, CLI, 'serve', ...args], {
    cwd: mkdtempSync(join(tmpdir(), 'atomsync-cli-')),
    env: { ...process.env, TSX_TSCONFIG_PATH: TSCONFIG, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const logs: Record<string, any>[] = [];
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
        const record = JSON.parse(line) as Record<string, any>;
        logs.push(record);
        if (typeof record.url === 'string') resolveStart({ child, url: record.url, port: Number(new URL(record.url).port), logs, exited });
      }
    });
    void exited.then(({ code }) => reject(new Error(`exited ${code} before listening: ${stderr}`)));
  });
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
      if (/\r\n\r\n[\s\S]*<\/error>|\r\n\r\nok$/.test(text)) resolveAnswer(text);
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const BODY = '<?xml version="1.0" encoding="UTF-8"?><entry xmlns="http://www.w3.org/2005/Atom" xmlns:s="http://schemas.atomsync.dev/2009/sync"><s:sync_mode>200</s:sync_mode><s:dataclass>Contacts</s:dataclass></entry>';

describe('atomsync serve', () => {
  it('serves /healthz and answers operations 501, logging each request', async () => {
    const server = await start(['--port', '0']);
    const health = await fetch(`${server.url}/healthz`);
    expect([health.status, await health.text()]).toEqual([200, 'ok']);
    const op = await fetch(`${server.url}/v2/syncengine/`, { headers: { 'x-request-id': 'cli-1' } });
    expect(op.status).toBe(501);
    expect(op.headers.get('x-request-id')).toBe('cli-1');
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.logs).toContainEqual(expect.objectContaining({ msg: 'request', reqId: 'cli-1', status: 501, op: 'listBindings' }));
    expect(server.logs.at(-1)).toMatchObject({ msg: 'stopped' });
  });

  it('takes its configuration from the environment, and stops on SIGINT too', async () => {
    const server = await start([], { ATOMSYNC_HOST: '127.0.0.1', ATOMSYNC_PORT: '0', ATOMSYNC_DATA_DIR: '/tmp/atomsync-env', ATOMSYNC_BASE_URL: 'https://sync.example.com/' });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.logs[0]).toMatchObject({ dataDir: '/tmp/atomsync-env', baseUrl: 'https://sync.example.com' });
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    server.child.kill('SIGINT');
    expect(await server.exited).toEqual({ code: 0, signal: null });
  });

  it('exits 2 on a bad port', async () => {
    await expect(start(['--port', 'eighty'])).rejects.toThrow(/exited 2 .*--port must be a port number/);
  });

  it('drains on SIGTERM: an in-flight request finishes, idle connections close, new ones are refused, exit 0', async () => {
    const server = await start(['--port', '0']);

    // An idle keep-alive connection must not hold the exit up.
    const idle = await open(server.port);
    const idleAnswer = answerOn(idle);
    idle.write('GET /healthz HTTP/1.1\r\nHost: test\r\n\r\n');
    expect(await idleAnswer).toMatch(/^HTTP\/1.1 200 OK/);

    // A slow upload: headers and half the body now, the rest after the signal.
    const slow = await open(server.port);
    const slowAnswer = answerOn(slow);
    slow.write(`POST /v2/syncengine/7/synchronization/ HTTP/1.1\r\nHost: test\r\nContent-Type: application/atom+xml\r\nContent-Length: ${BODY.length}\r\n\r\n`);
    slow.write(BODY.slice(0, 40));
    await sleep(200);

    server.child.kill('SIGTERM');
    await sleep(300);
    expect(server.child.exitCode).toBeNull();
    await expect(open(server.port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });

    slow.write(BODY.slice(40));
    const answer = await slowAnswer;
    expect(answer).toMatch(/^HTTP\/1.1 501 Not Implemented/);
    expect(answer).toMatch(/connection: close/i);
    expect(answer).toContain('<code>not_implemented</code>');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    const messages = server.logs.map((l) => l.msg);
    expect(messages.indexOf('draining in-flight requests')).toBeLessThan(messages.lastIndexOf('request'));
    expect(messages.at(-1)).toBe('stopped');
    idle.destroy();
    slow.destroy();
  });
});
