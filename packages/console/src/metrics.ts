/**
 * The server's health in words, from what it serves its operator: `GET /readyz` (200 `ok`, or 503
 * and why) and `GET /metrics` (Prometheus text, packages/server/src/http/metrics.ts names each
 * metric). Kept apart from the page so its rules are tested without a browser.
 */

/** One sample: a metric's name, its labels and its value. */
export interface Sample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

/** The most text read from /metrics: the server's exposition is a few tens of KiB; past this, the rest is not read. */
export const MAX_METRICS_CHARS = 1_000_000;

const SAMPLE = /^([A-Za-z_:][A-Za-z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+-?\d+)?$/;
const LABEL = /\s*([A-Za-z_][A-Za-z0-9_]*)="((?:[^"\\]|\\.)*)"\s*,?/y;

function labelsOf(text: string | undefined): Record<string, string> | undefined {
  const labels: Record<string, string> = {};
  if (text === undefined) return labels;
  LABEL.lastIndex = 0;
  while (LABEL.lastIndex < text.length) {
    const match = LABEL.exec(text);
    if (match === null) return undefined;
    labels[match[1]!] = match[2]!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
  }
  return labels;
}

/**
 * The samples of the text exposition format (comments and malformed lines skipped). Linear in the
 * text, which is cut at MAX_METRICS_CHARS: each line is matched once, its labels left to right.
 */
export function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.slice(0, MAX_METRICS_CHARS).split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = SAMPLE.exec(line.trim());
    if (match === null) continue;
    const labels = labelsOf(match[2]);
    const value = Number(match[3]);
    if (labels !== undefined && !Number.isNaN(value)) samples.push({ name: match[1]!, labels, value });
  }
  return samples;
}

/** The sum of a metric's samples whose labels hold every pair of `where`. */
export function total(samples: readonly Sample[], name: string, where: Readonly<Record<string, string>> = {}): number {
  let sum = 0;
  for (const s of samples) if (s.name === name && Object.entries(where).every(([k, v]) => s.labels[k] === v)) sum += s.value;
  return sum;
}

const has = (samples: readonly Sample[], name: string): boolean => samples.some((s) => s.name === name);

const count = (n: number, one: string, many = `${one}s`): string => `${Math.round(n).toLocaleString('en')} ${Math.round(n) === 1 ? one : many}`;

function bytes(n: number): string {
  if (n < 1024) return count(n, 'byte');
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let value = n / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

function duration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return count(s, 'second');
  if (s < 3600) return count(s / 60, 'minute');
  if (s < 86400) return `${count(Math.floor(s / 3600), 'hour')} ${count(Math.floor((s % 3600) / 60), 'minute')}`;
  return `${count(Math.floor(s / 86400), 'day')} ${count(Math.floor((s % 86400) / 3600), 'hour')}`;
}

/** A fact about the server: what it is, in words, and whether it needs someone's attention. */
export interface Fact {
  readonly label: string;
  readonly text: string;
  readonly attention?: boolean;
}

/** The facts /metrics holds, in the order an operator reads them; `now` in ms since the epoch. */
export function describeMetrics(samples: readonly Sample[], now = Date.now()): Fact[] {
  const facts: Fact[] = [];
  const build = samples.find((s) => s.name === 'atomsync_build_info');
  if (build !== undefined) facts.push({ label: 'Version', text: `atomsync ${build.labels.version ?? 'unknown'} on Node.js ${build.labels.node ?? 'unknown'}` });

  const dialect = samples.find((s) => s.name === 'atomsync_store_pool_connections')?.labels.dialect;
  if (dialect === 'postgres') {
    const [open, idle, max, waiting] = ['total', 'idle', 'max'].map((state) => total(samples, 'atomsync_store_pool_connections', { dialect, state })).concat(total(samples, 'atomsync_store_pool_waiting'));
    facts.push({ label: 'Store', text: `PostgreSQL: ${count(open!, 'connection')} open of at most ${max}, ${idle} idle; ${count(waiting!, 'query', 'queries')} waiting for one`, attention: waiting! > 0 });
  } else if (dialect === 'sqlite') {
    const database = total(samples, 'atomsync_store_sqlite_bytes', { file: 'database' });
    const wal = total(samples, 'atomsync_store_sqlite_bytes', { file: 'wal' });
    facts.push({ label: 'Store', text: `the embedded database (SQLite): ${bytes(database)} on disk, and ${bytes(wal)} of write-ahead log` });
  } else facts.push({ label: 'Store', text: 'not reported by this server (no store figures in its metrics)' });

  const start = samples.find((s) => s.name === 'process_start_time_seconds');
  if (start !== undefined) facts.push({ label: 'Running for', text: duration(now / 1000 - start.value) });
  const memory = samples.find((s) => s.name === 'process_resident_memory_bytes');
  if (memory !== undefined) facts.push({ label: 'Memory', text: `${bytes(memory.value)} in use` });

  const requests = total(samples, 'atomsync_http_requests_total');
  const failed = samples.filter((s) => s.name === 'atomsync_http_requests_total' && /^5\d\d$/.test(s.labels.status ?? '')).reduce((sum, s) => sum + s.value, 0);
  facts.push({
    label: 'Requests',
    text: `${count(requests, 'request')} answered since it started; ${failed === 0 ? 'none failed on the server’s side' : `${count(failed, 'server error')} (5xx): see the server’s log`}`,
    attention: failed > 0,
  });

  const completed = total(samples, 'atomsync_sync_runs_total', { result: 'completed' });
  const runsFailed = total(samples, 'atomsync_sync_runs_total', { result: 'failed' });
  const running = total(samples, 'atomsync_sync_runs_in_progress');
  facts.push({
    label: 'Sync runs',
    text: `${count(completed, 'run')} completed, ${count(runsFailed, 'run')} failed since it started; ${running === 0 ? 'none running now' : `${count(running, 'run')} running now`}`,
    attention: runsFailed > 0,
  });
  const items = total(samples, 'atomsync_sync_items_total');
  if (has(samples, 'atomsync_sync_items_total')) facts.push({ label: 'Items synced', text: `${count(items, 'change')} applied by completed runs` });

  const phones = ['syncml', 'activesync'].map((protocol) => total(samples, 'atomsync_sessions_open', { protocol }));
  if (has(samples, 'atomsync_sessions_open')) facts.push({ label: 'Phones connected', text: `${count(phones[0]!, 'SyncML session')} and ${count(phones[1]!, 'ActiveSync session')} open now` });
  return facts;
}

/** What `/readyz` answered, in words: ready, or why not (`reason`: its error body's message). */
export function describeReadiness(status: number, reason: string | undefined): Fact {
  if (status === 200) return { label: 'Readiness', text: 'ready: the database answers, and the server takes requests' };
  return { label: 'Readiness', text: `not ready (${status}): ${reason ?? 'no reason given'}. Load balancers send it no traffic until the database answers again.`, attention: true };
}
