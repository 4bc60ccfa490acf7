/**
 * /metrics is not open to anyone by default (issue 20): `atomsync serve` asks for the metrics token
 * (ATOMSYNC_METRICS_TOKEN, Bearer) or an administrator's credentials, `on` opens it when asked; a
 * listener of its own (ATOMSYNC_METRICS_PORT, 127.0.0.1 unless ATOMSYNC_METRICS_HOST) takes it off
 * the public port. The configuration, the endpoint, and a real `atomsync serve`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConfiguredStore, type OpenedStore } from '../../src/bootstrap.js';
import { ConfigError, metricsAccessOf, resolveServeConfig } from '../../src/config.js';
import { createMetrics } from '../../src/http/metrics.js';
import { createMetricsApp } from '../../src/http/metrics-endpoint.js';
import { createLogger } from '../../src/log.js';
import { createServer } from '../../src/server.js';
import { createAccount } from '../../src/services/accounts.js';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const CLI = join(ROOT, 'packages/server/src/cli.ts');
const TSCONFIG = join(ROOT, 'packages/server/test/fixtures/tsconfig.cli.json');
const TSX = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;

const TOKEN = 'scrape-me-9f2c1a7e5b';
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe('the metrics configuration', () => {
  it('asks for credentials by default, and is open by default only on a listener of its own without a token', () => {
    const access = (vars: Record<string, string>) => metricsAccessOf(resolveServeConfig({}, vars, '/srv'));
    expect(resolveServeConfig({}, {}, '/srv')).toMatchObject({ metricsToken: undefined, metricsListen: undefined });
    expect(access({})).toBe('admin');
    expect(resolveServeConfig({}, { ATOMSYNC_METRICS_PORT: '9464' }, '/srv').metricsListen).toEqual({ host: '127.0.0.1', port: 9464 });
    expect(access({ ATOMSYNC_METRICS_PORT: '9464' })).toBe('on');
    expect(resolveServeConfig({}, { ATOMSYNC_METRICS_TOKEN: TOKEN }, '/srv').metricsToken).toBe(TOKEN);
    expect(access({ ATOMSYNC_METRICS_PORT: '9464', ATOMSYNC_METRICS_TOKEN: TOKEN })).toBe('admin');
    expect(resolveServeConfig({ metricsPort: '9000', metricsHost: '10.0.0.2' }, { ATOMSYNC_METRICS_PORT: '9464' }, '/srv').metricsListen).toEqual({ host: '10.0.0.2', port: 9000 });
    expect(access({ ATOMSYNC_METRICS: 'on' })).toBe('on');
    expect(access({ ATOMSYNC_METRICS: 'off', ATOMSYNC_METRICS_PORT: '9464' })).toBe('off');
  });

  it.each([
    [{ ATOMSYNC_METRICS_TOKEN: 'short' }, 'ATOMSYNC_METRICS_TOKEN must be at least 16 characters'],
    [{ ATOMSYNC_METRICS_HOST: '0.0.0.0' }, 'ATOMSYNC_METRICS_HOST needs --metrics-port or ATOMSYNC_METRICS_PORT'],
    [{ ATOMSYNC_METRICS_PORT: 'x' }, 'ATOMSYNC_METRICS_PORT must be a port number'],
  ])('refuses %j', (vars, message) => {
    expect(() => resolveServeConfig({}, vars, '/srv')).toThrow(ConfigError);
    expect(() => resolveServeConfig({}, vars, '/srv')).toThrow(message);
  });
});

describe('/metrics under admin with a token', () => {
  let opened: OpenedStore;
  beforeAll(async () => {
    opened = await openConfiguredStore({ dataDir: mkdtempSync(join(tmpdir(), 'atomsync-metrics-token-')), databaseUrl: undefined, secretKey: undefined });
    await createAccount(opened, { username: 'ops', password: 'ops-secret-pw', admin: true });
  });
  afterAll(async () => {
    await opened?.store.close();
  });
  const ask = (app: { fetch(request: Request): Response | Promise<Response> }, path: string, authorization?: string) =>
    app.fetch(new Request(`http://127.0.0.1${path}`, { headers: authorization === undefined ? {} : { authorization } }));

  it('reads with the token or an administrator, not anonymously or with another token', async () => {
    const app = createServer({ ...opened, logger: createLogger('silent'), metrics: createMetrics(), metricsAccess: 'admin', metricsToken: TOKEN });
    expect((await ask(app, '/metrics')).status).toBe(401);
    expect((await ask(app, '/metrics', `Bearer ${TOKEN}x`)).status).toBe(401);
    const scraped = await ask(app, '/metrics', `Bearer ${TOKEN}`);
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toContain('atomsync_http_requests_total');
    expect((await ask(app, '/metrics', basic('ops', 'ops-secret-pw'))).status).toBe(200);
  });

  it('a listener of its own serves /metrics alone, with the same rule', async () => {
    const app = createMetricsApp({ metrics: createMetrics(), access: 'admin', token: TOKEN, logger: createLogger('silent') });
    const anonymous = await ask(app, '/metrics');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect((await ask(app, '/metrics', `Bearer ${TOKEN}`)).status).toBe(200);
    const elsewhere = await ask(app, '/v2/services/datastore/', `Bearer ${TOKEN}`);
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

// ───────────────────────────── atomsync serve ─────────────────────────────

const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createNetServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** `atomsync serve --port 0` until its "listening" line: that line's fields. */
function serve(env: Record<string, string>): Promise<Record<string, any>> {
  const vars: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(vars)) if (name.startsWith('ATOMSYNC_') || name === 'DATABASE_URL') delete vars[name];
  Object.assign(vars, { TSX_TSCONFIG_PATH: TSCONFIG, ATOMSYNC_ADMIN_USER: 'ops', ATOMSYNC_ADMIN_PASSWORD: 'ops-secret-pw' }, env);
  const child = spawn(process.execPath, ['--import', TSX, CLI, 'serve', '--port', '0'], { cwd: mkdtempSync(join(tmpdir(), 'atomsync-metrics-serve-')), env: vars, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  return new Promise((resolve, reject) => {
    let buffered = '';
    child.stdout!.on('data', (d: Buffer) => {
      buffered += d.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines.filter((l) => l.startsWith('{'))) {
        const record = JSON.parse(line) as Record<string, any>;
        if (typeof record.url === 'string') resolve(record);
      }
    });
    child.once('close', (code) => reject(new Error(`exited ${code} before listening: ${stderr}`)));
  });
}

describe('atomsync serve', () => {
  it('by default answers /metrics only to the token or an administrator', { timeout: 60_000 }, async () => {
    const listening = await serve({ ATOMSYNC_METRICS_TOKEN: TOKEN });
    expect(listening.metrics).toBe('admin');
    expect((await fetch(`${listening.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${listening.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
    expect((await fetch(`${listening.url}/metrics`, { headers: { authorization: basic('ops', 'ops-secret-pw') } })).status).toBe(200);
  });

  it('without a token, asks an administrator', { timeout: 60_000 }, async () => {
    const listening = await serve({});
    expect((await fetch(`${listening.url}/metrics`)).status).toBe(401);
  });

  it('with ATOMSYNC_METRICS_PORT, serves /metrics there (on loopback) and not on the public port', { timeout: 60_000 }, async () => {
    const port = await freePort();
    const listening = await serve({ ATOMSYNC_METRICS_PORT: String(port) });
    expect(listening.metricsUrl).toBe(`http://127.0.0.1:${port}/metrics`);
    expect((await fetch(`${listening.url}/metrics`)).status).toBe(404);
    const scraped = await fetch(listening.metricsUrl);
    expect(scraped.status).toBe(200);
    // The public port's requests are counted there.
    expect(await scraped.text()).toMatch(/atomsync_http_requests_total\{operation="none",status="404"\} 1/);
  });
});
