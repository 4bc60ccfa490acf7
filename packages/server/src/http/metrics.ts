/**
 * Prometheus metrics (prom-client), served at `GET /metrics` in the text exposition format.
 *
 * | metric | type | labels |
 * |---|---|---|
 * | `atomsync_http_requests_total` | counter | `operation` (the spec's operationId; `livez`, `readyz`, `metrics`; `none` when no route took it), `status` |
 * | `atomsync_http_request_duration_seconds` | histogram | `operation` |
 * | `atomsync_sync_runs_total` | counter | `mode` (200–205, as run), `result` (completed, failed): every run a log entry records, REST or SyncML, counted when it ends |
 * | `atomsync_sync_runs_in_progress` | gauge | none: runs holding their binding on this instance now (REST, SyncML or ActiveSync) |
 * | `atomsync_sync_run_duration_seconds` | histogram | `result` (completed, failed; `none` when it ended without a log entry): from taking the binding to the end, runs on this instance |
 * | `atomsync_sync_items_total` | counter | `protocol` (the kind of client the items went to: datastore, extdata, syncml, activesync), `change` (add, replace, delete): the changes completed runs applied |
 * | `atomsync_build_info` | gauge | `version` (@atomsync/server's), `node`: always 1 |
 * | `atomsync_sessions_started_total` | counter | `protocol` (syncml, activesync) |
 * | `atomsync_sessions_ended_total` | counter | `protocol`, `how` (closed, expired) |
 * | `atomsync_sessions_open` | gauge | `protocol`: started − ended on this instance (several instances on one database: sum them) |
 * | `atomsync_store_pool_connections` | gauge | `dialect`, `state` (total, idle, max): PostgreSQL's pg.Pool; SQLite: its one connection |
 * | `atomsync_store_pool_waiting` | gauge | `dialect`: queries waiting for a connection (PostgreSQL) |
 * | `atomsync_store_sqlite_bytes` | gauge | `file` (database, wal): the embedded database's size on disk |
 *
 * plus prom-client's default process and Node.js metrics (`process_*`, `nodejs_*`) when asked
 * for (`atomsync serve` does). Sync runs and sessions are counted where the store records them
 * (instrumentStore below), after their transaction commits, so whatever path ran them is counted
 * once and a rolled-back write not at all. ActiveSync sessions have their labels from the start
 * (at 0), ready for the endpoint that will count them.
 */
import { statSync } from 'node:fs';
import { CLIENT_KIND_VALUES, SYNC_MODE_VALUES, SYNC_RESULT_VALUES } from '@atomsync/atom';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { SyncLogRecord } from '@atomsync/store';
import type { Repositories, Store, TransactionOptions } from '@atomsync/store';
import type { RunWatch } from '../services/run-watch.js';
import { packageVersion } from '../version.js';

export type SessionProtocol = 'syncml' | 'activesync';
const PROTOCOLS: readonly SessionProtocol[] = ['syncml', 'activesync'];

/** What the store's connections look like at a scrape. */
export type StoreStats =
  | { readonly dialect: 'postgres'; readonly total: number; readonly idle: number; readonly waiting: number; readonly max: number }
  | { readonly dialect: 'sqlite'; readonly files: { readonly database: string; readonly wal: string } };

export interface Metrics {
  readonly registry: Registry;
  /** One answered request: its operation, status and time from arrival to answer. */
  request(operation: string, status: number, seconds: number): void;
  syncRun(mode: number, result: string): void;
  /** Runs in progress, their durations and the items they synced (services/run-watch.ts): give it to BindingRuns. */
  readonly runs: RunWatch;
  sessionStarted(protocol: SessionProtocol): void;
  sessionsEnded(protocol: SessionProtocol, how: 'closed' | 'expired', count?: number): void;
  /** Where the store gauges read from at each scrape (the latest call wins). */
  observeStore(stats: () => StoreStats | undefined): void;
  /** The text exposition, and its content type. */
  render(): Promise<{ body: string; contentType: string }>;
}

export interface MetricsOptions {
  /** prom-client's default metrics (CPU, memory, event loop lag, GC, handles). Default: false. */
  readonly process?: boolean;
  /** `atomsync_build_info`'s version label; default @atomsync/server's package.json. */
  readonly version?: string;
}

const CHANGES = [
  ['add', 'addsIn'],
  ['replace', 'replacesIn'],
  ['delete', 'deletesIn'],
] as const;

/** Seconds; a run of a few items takes milliseconds, a first slow sync of 20,000 contacts with a remote feed minutes. */
const RUN_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800];

/** Seconds; an API request is milliseconds, a synchronization with a remote feed may take many seconds. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

function fileSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

export function createMetrics(options: MetricsOptions = {}): Metrics {
  const registry = new Registry();
  if (options.process) collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requests = new Counter({ name: 'atomsync_http_requests_total', help: 'HTTP requests answered, by operation and status.', labelNames: ['operation', 'status'] as const, registers });
  const latency = new Histogram({
    name: 'atomsync_http_request_duration_seconds',
    help: 'Time from a request\'s arrival to its answer, by operation.',
    labelNames: ['operation'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const syncRuns = new Counter({ name: 'atomsync_sync_runs_total', help: 'Synchronization runs recorded in the log, by mode as run and result.', labelNames: ['mode', 'result'] as const, registers });
  const endedResults = SYNC_RESULT_VALUES.filter((result) => result !== 'running');
  for (const mode of SYNC_MODE_VALUES) for (const result of endedResults) syncRuns.labels(String(mode), result).inc(0);
  const started = new Counter({ name: 'atomsync_sessions_started_total', help: 'Device sync sessions started, by protocol.', labelNames: ['protocol'] as const, registers });
  const ended = new Counter({ name: 'atomsync_sessions_ended_total', help: 'Device sync sessions ended, by protocol and how (closed by the session, expired idle).', labelNames: ['protocol', 'how'] as const, registers });
  const open = new Gauge({ name: 'atomsync_sessions_open', help: 'Device sync sessions started minus ended on this instance, by protocol.', labelNames: ['protocol'] as const, registers });
  for (const protocol of PROTOCOLS) {
    started.labels(protocol).inc(0);
    for (const how of ['closed', 'expired']) ended.labels(protocol, how).inc(0);
    open.labels(protocol).set(0);
  }

  const inProgress = new Gauge({ name: 'atomsync_sync_runs_in_progress', help: 'Synchronization runs holding their binding on this instance now.', registers });
  const runDuration = new Histogram({
    name: 'atomsync_sync_run_duration_seconds',
    help: 'Time a synchronization run took on this instance, from taking its binding to its end, by result.',
    labelNames: ['result'] as const,
    buckets: RUN_BUCKETS,
    registers,
  });
  for (const result of [...endedResults, 'none']) runDuration.zero({ result });
  const items = new Counter({
    name: 'atomsync_sync_items_total',
    help: 'Items completed synchronization runs added, replaced or deleted, by the kind of client they went to.',
    labelNames: ['protocol', 'change'] as const,
    registers,
  });
  // Every client kind has its counters from the start, at 0.
  for (const kind of CLIENT_KIND_VALUES) for (const [change] of CHANGES) items.labels(kind, change).inc(0);
  new Gauge({ name: 'atomsync_build_info', help: 'The running build: always 1, its version and Node.js\'s in labels.', labelNames: ['version', 'node'] as const, registers }).labels(options.version ?? packageVersion(), process.version).set(1);
  const counted = (record: SyncLogRecord): void => {
    if (record.result !== 'completed') return;
    for (const side of ['source', 'target'] as const) {
      for (const [change, field] of CHANGES) items.labels(record[side].kind, change).inc(record.stats[side][field]);
    }
  };
  const runs: RunWatch = {
    began() {
      inProgress.inc();
      const started = performance.now();
      return (logged) => {
        inProgress.dec();
        runDuration.labels(logged?.result ?? 'none').observe((performance.now() - started) / 1000);
        if (logged !== undefined) counted(logged);
      };
    },
  };

  let storeStats: () => StoreStats | undefined = () => undefined;
  new Gauge({
    name: 'atomsync_store_pool_connections',
    help: 'Store connections by state: PostgreSQL pool total, idle and max; SQLite its single connection.',
    labelNames: ['dialect', 'state'] as const,
    registers,
    collect() {
      this.reset();
      const stats = storeStats();
      if (stats?.dialect === 'postgres') {
        this.labels('postgres', 'total').set(stats.total);
        this.labels('postgres', 'idle').set(stats.idle);
        this.labels('postgres', 'max').set(stats.max);
      } else if (stats?.dialect === 'sqlite') {
        // Kysely runs every query of the process on one connection, one at a time.
        this.labels('sqlite', 'total').set(1);
        this.labels('sqlite', 'max').set(1);
      }
    },
  });
  new Gauge({
    name: 'atomsync_store_pool_waiting',
    help: 'Queries waiting for a store connection (PostgreSQL pool).',
    labelNames: ['dialect'] as const,
    registers,
    collect() {
      this.reset();
      const stats = storeStats();
      if (stats?.dialect === 'postgres') this.labels('postgres').set(stats.waiting);
    },
  });
  new Gauge({
    name: 'atomsync_store_sqlite_bytes',
    help: 'Size on disk of the embedded database and its write-ahead log.',
    labelNames: ['file'] as const,
    registers,
    collect() {
      this.reset();
      const stats = storeStats();
      if (stats?.dialect !== 'sqlite') return;
      this.labels('database').set(fileSize(stats.files.database));
      this.labels('wal').set(fileSize(stats.files.wal));
    },
  });

  return {
    registry,
    request(operation, status, seconds) {
      requests.labels(operation, String(status)).inc();
      latency.labels(operation).observe(seconds);
    },
    syncRun(mode, result) {
      syncRuns.labels(String(mode), result).inc();
    },
    runs,
    sessionStarted(protocol) {
      started.labels(protocol).inc();
      open.labels(protocol).inc();
    },
    sessionsEnded(protocol, how, count = 1) {
      if (count <= 0) return;
      ended.labels(protocol, how).inc(count);
      open.labels(protocol).dec(count);
    },
    observeStore(stats) {
      storeStats = stats;
    },
    async render() {
      return { body: await registry.metrics(), contentType: registry.contentType };
    },
  };
}

/** `target` with some members replaced; the rest, `this` in them and a spread of it reach the original. */
function override<T extends object>(target: T, members: Partial<T>): T {
  return new Proxy(target, {
    get: (object, key, receiver) => (Object.hasOwn(members, key) ? members[key as keyof T] : Reflect.get(object, key, receiver)),
  });
}

/**
 * The store, counting what the metrics count where it is written: sync log entries (runs) and
 * SyncML session rows. Inside a transaction the counts wait for its commit (the store's
 * afterCommit: a rolled back transaction, or a retried attempt of one, counts nothing).
 */
export function instrumentStore(store: Store, metrics: Metrics): Store {
  const afterCommit = (count: () => void) => store.afterCommit(count);
  const counted = (repos: Repositories): Repositories => {
    const { syncLog, syncmlSessions } = repos;
    return override(repos, {
      syncLog: override(syncLog, {
        // A run is counted when it ends: its entry written ended, or a running one finished.
        async append(entry) {
          const record = await syncLog.append(entry);
          if (record.result !== 'running') afterCommit(() => metrics.syncRun(record.syncMode, record.result));
          return record;
        },
        async finish(accountId, id, outcome) {
          const record = await syncLog.finish(accountId, id, outcome);
          if (record !== undefined) afterCommit(() => metrics.syncRun(record.syncMode, record.result));
          return record;
        },
      }),
      syncmlSessions: override(syncmlSessions, {
        async create(row) {
          const created = await syncmlSessions.create(row);
          afterCommit(() => metrics.sessionStarted('syncml'));
          return created;
        },
        async delete(key) {
          await syncmlSessions.delete(key);
          afterCommit(() => metrics.sessionsEnded('syncml', 'closed'));
        },
        async pruneIdle(before) {
          const pruned = await syncmlSessions.pruneIdle(before);
          afterCommit(() => metrics.sessionsEnded('syncml', 'expired', pruned));
          return pruned;
        },
      } as Partial<Repositories['syncmlSessions']>),
    });
  };
  const repositories = counted(store);
  return override(store, {
    ...repositories,
    transaction<T>(work: (tx: Repositories) => Promise<T>, options?: TransactionOptions): Promise<T> {
      return store.transaction((tx) => work(counted(tx)), options);
    },
  });
}
