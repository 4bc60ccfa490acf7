/**
 * The operator's endpoints on a server over each store, opened as `atomsync serve` opens it:
 * /livez, /readyz (503 with the error body when the store fails or is slow), and /metrics
 * scraped and parsed (Prometheus text format): request counters and latency histograms move with
 * requests, sync runs count by mode and result, SyncML sessions start and end, the store pool
 * shows (PostgreSQL pool figures, SQLite file sizes), the default process metrics are there;
 * /metrics for administrators only or not at all; request-scoped log lines carry the request id.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { basicAuth, createClient } from '@atomsync/sdk';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../src/app.js';
import { openConfiguredStore, type OpenedStore } from '../../src/bootstrap.js';
import { createMetrics, instrumentStore, type Metrics } from '../../src/http/metrics.js';
import { listen, type RunningServer } from '../../src/listen.js';
import { createLogger } from '../../src/log.js';
import { createServer } from '../../src/server.js';
import { createAccount } from '../../src/services/accounts.js';
import { openStore } from '@atomsync/store';
import type { Store } from '@atomsync/store';
import type { TestAccount } from '../support/server.js';
import { createTestSchema, storeKinds, type StoreKind, type TestSchema } from '../support/stores.js';
import { datastorePair } from '../sync/fixtures.js';
import { parseExposition, valueOf, type Sample } from './prometheus.js';

// scrypt's cost is not this file's question, only its answers: scrypt runs cheap here, the same answers
// (support/cheap-scrypt.ts); at full cost its accounts' hashing and first sign-ins were much of its time.
vi.mock('node:crypto', async (importOriginal) => (await import('../support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** Log lines as objects. */
function capture(): { logger: ReturnType<typeof createLogger>; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line !== '') lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  // At debug: probes and scrapes are logged there (http/access-log.ts).
  return { logger: createLogger('debug', sink), lines };
}

/** Resolves once `condition` holds, checking every 20 ms; fails after `limitMs` saying `what` (a bound against a hang, not a timing claim). */
async function until(what: string, condition: () => Promise<boolean>, limitMs = 20_000): Promise<void> {
  const started = performance.now();
  while (!(await condition())) {
    if (performance.now() - started > limitMs) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** @atomsync/server's version, from its package.json (what atomsync_build_info names). */
const SERVER_VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

async function openAsServe(kind: StoreKind): Promise<{ opened: OpenedStore; schema?: TestSchema }> {
  if (kind === 'sqlite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'atomsync-metrics-'));
    return { opened: await openConfiguredStore({ dataDir, databaseUrl: undefined, secretKey: undefined }) };
  }
  const schema = await createTestSchema();
  return { opened: await openConfiguredStore({ dataDir: '/nonexistent', databaseUrl: schema.url, secretKey: Buffer.alloc(32, 7) }), schema };
}

describe.each(storeKinds)('operations endpoints (%s)', (kind) => {
  let opened: OpenedStore;
  let schema: TestSchema | undefined;
  let metrics: Metrics;
  let running: RunningServer;
  let alice: TestAccount;
  const { logger, lines } = capture();

  const get = (path: string, init?: RequestInit) => fetch(`${running.url}${path}`, init);
  async function scrape(): Promise<Sample[]> {
    const answer = await get('/metrics');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    return parseExposition(await answer.text());
  }

  /** While set, every synchronization run waits for it once it has logged itself running. */
  let holdRuns: Promise<void> | undefined;

  beforeAll(async () => {
    ({ opened, schema } = await openAsServe(kind));
    metrics = createMetrics({ process: true });
    const { syncLog } = opened.store;
    const store: Store = {
      ...opened.store,
      syncLog: {
        ...syncLog,
        append: async (entry) => {
          const record = await syncLog.append(entry);
          if (record.result === 'running') await holdRuns;
          return record;
        },
      },
    };
    const app = createServer({ store, secrets: opened.secrets, logger, metrics, storeStats: opened.stats });
    running = await listen(app, { host: '127.0.0.1', port: 0 });
    const password = 'alice-secret-pw';
    const record = await createAccount(opened, { username: 'alice', password, admin: false });
    alice = { id: record.id, username: 'alice', password, admin: false, client: createClient({ baseUrl: running.url, auth: basicAuth('alice', password) }) };
  });
  afterAll(async () => {
    await alice?.client.close();
    await running?.close(1_000);
    await opened?.store.close();
    await schema?.drop();
  });

  it('answers /livez and /readyz with 200 ok, HEAD too, and other methods with 405', async () => {
    for (const path of ['/livez', '/readyz']) {
      const answer = await get(path);
      expect([answer.status, answer.headers.get('content-type'), await answer.text()]).toEqual([200, 'text/plain; charset=utf-8', 'ok']);
      expect((await get(path, { method: 'HEAD' })).status).toBe(200);
      const post = await get(path, { method: 'POST' });
      expect([post.status, post.headers.get('allow')]).toEqual([405, 'GET']);
    }
  });

  it('counts requests by operation and status, and times them by operation', async () => {
    const before = await scrape();
    const at = (samples: Sample[], name: string, labels: Record<string, string>) => valueOf(samples, name, labels) ?? 0;
    for (let i = 0; i < 3; i++) expect((await get('/v2/phones/vendors/')).status).toBe(200);
    expect((await get('/v2/syncengine/')).status).toBe(401);
    expect((await get('/no/such/thing')).status).toBe(404);
    const after = await scrape();
    const moved = (name: string, labels: Record<string, string>) => at(after, name, labels) - at(before, name, labels);
    expect(moved('atomsync_http_requests_total', { operation: 'listVendors', status: '200' })).toBe(3);
    expect(moved('atomsync_http_requests_total', { operation: 'listBindings', status: '401' })).toBe(1);
    expect(moved('atomsync_http_requests_total', { operation: 'none', status: '404' })).toBe(1);
    // The scrape before this one counts too.
    expect(moved('atomsync_http_requests_total', { operation: 'metrics', status: '200' })).toBe(1);
    expect(moved('atomsync_http_request_duration_seconds_count', { operation: 'listVendors' })).toBe(3);
    expect(moved('atomsync_http_request_duration_seconds_bucket', { operation: 'listVendors', le: '+Inf' })).toBe(3);
    expect(at(after, 'atomsync_http_request_duration_seconds_sum', { operation: 'listVendors' })).toBeGreaterThan(0);
  });

  it('counts sync runs by the mode they ran as and their result', async () => {
    const runs = async (mode: string) => valueOf(await scrape(), 'atomsync_sync_runs_total', { mode, result: 'completed' });
    const [slow, twoWay] = [await runs('201'), await runs('200')];
    const pair = await datastorePair(alice);
    await pair.source.add('Anna Berg');
    expect((await pair.run(200)).result).toBe('completed');
    expect(await runs('201')).toBe(slow! + 1);
    expect((await pair.run(200)).result).toBe('completed');
    expect(await runs('200')).toBe(twoWay! + 1);
    expect(valueOf(await scrape(), 'atomsync_sync_runs_total', { mode: '205', result: 'failed' })).toBe(0);
  });

  it('shows a run in progress while it runs, in the gauge and its log entry, then its duration and the items it synced by the kind of client they went to', async () => {
    const at = (samples: Sample[], name: string, labels: Record<string, string> = {}) => valueOf(samples, name, labels) ?? 0;
    const before = await scrape();
    const pair = await datastorePair(alice);
    await pair.source.add('Ida Lund');
    await pair.source.add('Jon Berg');
    let release!: () => void;
    holdRuns = new Promise((resolve) => (release = resolve));
    let run: ReturnType<typeof pair.run>;
    let runningId: string | undefined;
    try {
      run = pair.run(200);
      await until('the run to show in progress', async () => at(await scrape(), 'atomsync_sync_runs_in_progress') === at(before, 'atomsync_sync_runs_in_progress') + 1);
      // Its log entry says so: a slow sync (its first), running, nothing counted yet.
      const during = (await alice.client.syncengine.bindingLog(pair.id)).entries;
      expect(during.map((e) => [e.result, e.syncMode, e.dataclass, e.syncStats.target.statistics.addsIn])).toEqual([['running', 201, 'Contacts', 0]]);
      runningId = during[0]!.id;
    } finally {
      holdRuns = undefined;
      release();
    }
    // The first run of a binding is a slow sync: both cards added to the target, a datastore.
    const done = await run;
    expect([done.result, done.id]).toEqual(['completed', runningId]);
    // The same entry, ended: no second one.
    expect((await alice.client.syncengine.bindingLog(pair.id)).entries.map((e) => [e.id, e.result, e.syncStats.target.statistics.addsIn])).toEqual([[runningId, 'completed', 2]]);
    const after = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) => at(after, name, labels) - at(before, name, labels);
    expect(at(after, 'atomsync_sync_runs_in_progress')).toBe(at(before, 'atomsync_sync_runs_in_progress'));
    expect(moved('atomsync_sync_run_duration_seconds_count', { result: 'completed' })).toBe(1);
    expect(moved('atomsync_sync_run_duration_seconds_bucket', { result: 'completed', le: '+Inf' })).toBe(1);
    expect(moved('atomsync_sync_run_duration_seconds_sum', { result: 'completed' })).toBeGreaterThan(0);
    expect(moved('atomsync_sync_run_duration_seconds_count', { result: 'failed' })).toBe(0);
    expect(moved('atomsync_sync_items_total', { protocol: 'datastore', change: 'add' })).toBe(2);
    expect(moved('atomsync_sync_items_total', { protocol: 'datastore', change: 'replace' })).toBe(0);
    for (const protocol of ['syncml', 'activesync', 'extdata']) expect(at(after, 'atomsync_sync_items_total', { protocol, change: 'add' })).toBe(0);
  });

  it('names its build', async () => {
    const info = (await scrape()).filter((s) => s.name === 'atomsync_build_info');
    expect(info.map((s) => [s.labels, s.value])).toEqual([[{ version: SERVER_VERSION, node: process.version }, 1]]);
    expect(SERVER_VERSION).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('logs probes and scrapes at debug, other requests at info naming the account they signed in as', async () => {
    lines.length = 0;
    for (const path of ['/healthz', '/livez', '/readyz']) expect((await get(path)).status).toBe(200);
    await scrape();
    expect((await get('/v2/syncengine/', { headers: { authorization: basic('alice', 'alice-secret-pw') } })).status).toBe(200);
    expect((await get('/v2/syncengine/', { headers: { authorization: basic('alice', 'not-her-password') } })).status).toBe(401);
    expect((await get('/v2/phones/vendors/')).status).toBe(200);
    const requests = lines.filter((l) => l.msg === 'request');
    expect(requests.map((l) => [l.path, l.level, l.user])).toEqual([
      ['/healthz', 20, undefined],
      ['/livez', 20, undefined],
      ['/readyz', 20, undefined],
      ['/metrics', 20, undefined],
      ['/v2/syncengine/', 30, 'alice'],
      ['/v2/syncengine/', 30, undefined],
      ['/v2/phones/vendors/', 30, undefined],
    ]);
    // Never a credential, whoever signed in.
    expect(JSON.stringify(requests)).not.toMatch(/alice-secret-pw|not-her-password|Basic /);
  });

  it('shows the store\'s connections', async () => {
    const samples = await scrape();
    if (kind === 'postgres') {
      expect(valueOf(samples, 'atomsync_store_pool_connections', { dialect: 'postgres', state: 'total' })).toBeGreaterThanOrEqual(1);
      expect(valueOf(samples, 'atomsync_store_pool_connections', { dialect: 'postgres', state: 'idle' })).toBeGreaterThanOrEqual(0);
      expect(valueOf(samples, 'atomsync_store_pool_connections', { dialect: 'postgres', state: 'max' })).toBe(10);
      expect(valueOf(samples, 'atomsync_store_pool_waiting', { dialect: 'postgres' })).toBe(0);
      expect(valueOf(samples, 'atomsync_store_sqlite_bytes', { file: 'database' })).toBeUndefined();
    } else {
      expect(valueOf(samples, 'atomsync_store_pool_connections', { dialect: 'sqlite', state: 'total' })).toBe(1);
      expect(valueOf(samples, 'atomsync_store_sqlite_bytes', { file: 'database' })).toBeGreaterThan(0);
      expect(valueOf(samples, 'atomsync_store_sqlite_bytes', { file: 'wal' })).toBeGreaterThanOrEqual(0);
    }
  });

  it('has the default process metrics and session counters for both protocols', async () => {
    const samples = await scrape();
    expect(valueOf(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(valueOf(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    for (const protocol of ['syncml', 'activesync']) {
      expect(valueOf(samples, 'atomsync_sessions_started_total', { protocol })).toBeTypeOf('number');
      expect(valueOf(samples, 'atomsync_sessions_ended_total', { protocol, how: 'expired' })).toBeTypeOf('number');
      expect(valueOf(samples, 'atomsync_sessions_open', { protocol })).toBeTypeOf('number');
    }
  });

  it('puts the request id on every line logged for a request', async () => {
    lines.length = 0;
    await get('/readyz', { headers: { 'x-request-id': 'probe-1' } });
    await get('/metrics', { headers: { 'x-request-id': 'probe-2' } });
    await get('/v2/phones/vendors/', { headers: { 'x-request-id': 'probe-3' } });
    const requests = lines.filter((l) => l.msg === 'request');
    expect(requests.map((l) => [l.reqId, l.op, l.level])).toEqual([['probe-1', 'readyz', 20], ['probe-2', 'metrics', 20], ['probe-3', 'listVendors', 30]]);
  });
});

describe('sessions and runs are counted when their writes commit', () => {
  it('counts SyncML sessions started, closed and expired, and sync log entries only once committed', async () => {
    const metrics = createMetrics();
    const raw = await openStore({ kind: 'sqlite', file: ':memory:' });
    const store = instrumentStore(raw, metrics);
    const samples = async () => parseExposition((await metrics.render()).body);
    try {
      const row = (key: string) => ({ key, deviceId: 'IMEI:1', phoneSessionId: '1', state: '{}', lastMsgId: null, lastReply: null, lastRequest: null });
      await store.syncmlSessions.create(row('a'));
      await store.transaction(async (tx) => {
        await tx.syncmlSessions.create(row('b'));
      });
      await store.syncmlSessions.create(row('c'));
      await store.syncmlSessions.delete('a');
      expect(await store.syncmlSessions.pruneIdle(new Date(Date.now() + 60_000))).toBe(2);
      let s = await samples();
      expect(valueOf(s, 'atomsync_sessions_started_total', { protocol: 'syncml' })).toBe(3);
      expect(valueOf(s, 'atomsync_sessions_ended_total', { protocol: 'syncml', how: 'closed' })).toBe(1);
      expect(valueOf(s, 'atomsync_sessions_ended_total', { protocol: 'syncml', how: 'expired' })).toBe(2);
      expect(valueOf(s, 'atomsync_sessions_open', { protocol: 'syncml' })).toBe(0);
      expect(valueOf(s, 'atomsync_sessions_started_total', { protocol: 'activesync' })).toBe(0);

      const account = await raw.accounts.create({ username: 'bob', admin: false, passwordHash: 'x', syncmlDigest: 'x' });
      const entry = {
        accountId: account!.id,
        bindingId: null,
        source: { kind: 'datastore', uuid: '00000000-0000-4000-8000-000000000001' },
        target: { kind: 'datastore', uuid: '00000000-0000-4000-8000-000000000002' },
        syncMode: 202,
        dataclass: 'Contacts',
        stats: {},
        result: 'completed',
        reason: null,
      } as unknown as Parameters<typeof store.syncLog.append>[0];
      // Rolled back: not counted. Joined by a nested transaction, then committed: counted once, after the commit.
      await expect(
        store.transaction(async (tx) => {
          await tx.syncLog.append(entry);
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      const during: (number | undefined)[] = [];
      await store.transaction(async (tx) => {
        await store.transaction(async (inner) => inner.syncLog.append(entry));
        during.push(valueOf(await samples(), 'atomsync_sync_runs_total', { mode: '202', result: 'completed' }));
      });
      s = await samples();
      expect(during).toEqual([0]);
      expect(valueOf(s, 'atomsync_sync_runs_total', { mode: '202', result: 'completed' })).toBe(1);

      // A run logged running is counted when it ends, as it ended.
      const running = await store.syncLog.append({ ...entry, result: 'running' });
      expect(valueOf(await samples(), 'atomsync_sync_runs_total', { mode: '202', result: 'running' })).toBeUndefined();
      expect(await store.syncLog.finish(account!.id, running.id, { syncMode: 201, stats: entry.stats, result: 'failed', reason: 'no' })).toMatchObject({ id: running.id, result: 'failed' });
      // Ended already: finished again it is not found, nor counted.
      expect(await store.syncLog.finish(account!.id, running.id, { syncMode: 201, stats: entry.stats, result: 'completed', reason: null })).toBeUndefined();
      s = await samples();
      expect(valueOf(s, 'atomsync_sync_runs_total', { mode: '201', result: 'failed' })).toBe(1);
      expect(valueOf(s, 'atomsync_sync_runs_total', { mode: '201', result: 'completed' })).toBe(0);
    } finally {
      await raw.close();
    }
  });
});

describe('who may read /metrics', () => {
  let opened: OpenedStore;
  beforeAll(async () => {
    opened = await openConfiguredStore({ dataDir: mkdtempSync(join(tmpdir(), 'atomsync-metrics-')), databaseUrl: undefined, secretKey: undefined });
    await createAccount(opened, { username: 'ops', password: 'ops-secret-pw', admin: true });
    await createAccount(opened, { username: 'alice', password: 'alice-secret-pw', admin: false });
  });
  afterAll(async () => {
    await opened?.store.close();
  });
  const ask = (app: ReturnType<typeof createServer>, authorization?: string) =>
    app.fetch(new Request('http://127.0.0.1/metrics', { headers: authorization === undefined ? {} : { authorization } }));

  it('admin: an administrator\'s credentials, else 401 with a challenge or 403', async () => {
    const app = createServer({ ...opened, logger: createLogger('silent'), metrics: createMetrics(), metricsAccess: 'admin' });
    const anonymous = await ask(app);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Basic realm="atomsync"/);
    expect(await anonymous.text()).toMatch(/<(\w+:)?code>unauthorized</);
    expect((await ask(app, basic('alice', 'alice-secret-pw'))).status).toBe(403);
    expect((await ask(app, basic('ops', 'wrong'))).status).toBe(401);
    const admin = await ask(app, basic('ops', 'ops-secret-pw'));
    expect(admin.status).toBe(200);
    expect(await admin.text()).toContain('atomsync_http_requests_total');
  });

  it('off, or no metrics: 404 like any unknown path', async () => {
    expect((await ask(createServer({ ...opened, logger: createLogger('silent'), metrics: createMetrics(), metricsAccess: 'off' }))).status).toBe(404);
    expect((await ask(createServer({ ...opened, logger: createLogger('silent') }))).status).toBe(404);
  });
});

describe('/readyz when the store fails', () => {
  it('answers 503 with the error body naming the failure, not the database', async () => {
    const app = createApp({ logger: createLogger('silent'), ready: async () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED' })) });
    const answer = await app.fetch(new Request('http://127.0.0.1/readyz'));
    expect(answer.status).toBe(503);
    expect(answer.headers.get('content-type')).toBe('application/xml');
    const body = await answer.text();
    expect(body).toMatch(/<(\w+:)?status>503</);
    expect(body).toContain('not ready: the store failed (ECONNREFUSED)');
    expect(body).not.toContain('10.0.0.5');
    // /livez does not care.
    expect((await app.fetch(new Request('http://127.0.0.1/livez'))).status).toBe(200);
  });

  it('answers 503 when the store does not answer within 0.9 s', async () => {
    const app = createApp({ logger: createLogger('silent'), ready: () => new Promise(() => {}) });
    // The clock is the test's: the answer comes at 900 ms on it, not a moment before, however loaded the machine.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let answered = false;
      const pending = Promise.resolve(app.fetch(new Request('http://127.0.0.1/readyz'))).then((answer) => {
        answered = true;
        return answer;
      });
      await vi.advanceTimersByTimeAsync(899);
      expect(answered).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      const answer = await pending;
      expect(answer.status).toBe(503);
      expect(await answer.text()).toContain('not ready: the store did not answer within 900 ms');
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers 503 once the store is closed', async () => {
    const store = await openStore({ kind: 'sqlite', file: ':memory:' });
    const app = createServer({ store, secrets: (await import('../../src/secrets/box.js')).SecretBox.ephemeral(), logger: createLogger('silent') });
    expect((await app.fetch(new Request('http://127.0.0.1/readyz'))).status).toBe(200);
    await store.close();
    expect((await app.fetch(new Request('http://127.0.0.1/readyz'))).status).toBe(503);
  });
});

describe('the instrumented store', () => {
  it('is the store in every other respect, spread included', async () => {
    const raw = await openStore({ kind: 'sqlite', file: ':memory:' });
    try {
      const store = instrumentStore(raw, createMetrics());
      expect(store.dialect).toBe('sqlite');
      expect({ ...store }.accounts).toBe(raw.accounts);
      expect(typeof { ...store }.syncLog.append).toBe('function');
      expect({ ...store }.syncLog.append).not.toBe(raw.syncLog.append);
      expect(await store.accounts.list()).toEqual([]);
    } finally {
      await raw.close();
    }
  });
});
