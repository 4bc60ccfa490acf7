/** The server's health in words (src/metrics.ts): the text exposition read, and each fact said, without a browser. */
import { describe, expect, it } from 'vitest';
import { describeMetrics, describeReadiness, MAX_METRICS_CHARS, parseMetrics, total } from '../src/metrics.js';

const EXPOSITION = `# HELP atomsync_build_info The running build.
# TYPE atomsync_build_info gauge
atomsync_build_info{version="1.4.0",node="v22.1.0"} 1
atomsync_http_requests_total{operation="listDatastoreClients",status="200"} 40
atomsync_http_requests_total{operation="createContent",status="500"} 2
atomsync_http_requests_total{operation="none",status="404"} 3
atomsync_sync_runs_total{mode="200",result="completed"} 7
atomsync_sync_runs_total{mode="201",result="completed"} 1
atomsync_sync_runs_total{mode="200",result="failed"} 1
atomsync_sync_runs_in_progress 0
atomsync_sessions_open{protocol="syncml"} 1
atomsync_sessions_open{protocol="activesync"} 2
atomsync_store_pool_connections{dialect="postgres",state="total"} 4
atomsync_store_pool_connections{dialect="postgres",state="idle"} 3
atomsync_store_pool_connections{dialect="postgres",state="max"} 10
atomsync_store_pool_waiting{dialect="postgres"} 0
process_start_time_seconds 1700000000
process_resident_memory_bytes 104857600
odd_label{text="a \\"quoted\\", comma"} 5
not a sample line
`;

describe('the metrics in words', () => {
  const samples = parseMetrics(EXPOSITION);

  it('reads samples with their labels, escaped quotes and commas inside a value too, and skips comments and malformed lines', () => {
    expect(samples.find((s) => s.name === 'odd_label')).toEqual({ name: 'odd_label', labels: { text: 'a "quoted", comma' }, value: 5 });
    expect(samples.filter((s) => s.name === 'not')).toEqual([]);
    expect(total(samples, 'atomsync_sync_runs_total', { result: 'completed' })).toBe(8);
  });

  it('says each fact, and which need someone', () => {
    const facts = Object.fromEntries(describeMetrics(samples, 1_700_000_000_000 + 90_061_000).map((f) => [f.label, f]));
    expect(facts.Version?.text).toBe('atomsync 1.4.0 on Node.js v22.1.0');
    expect(facts.Store?.text).toBe('PostgreSQL: 4 connections open of at most 10, 3 idle; 0 queries waiting for one');
    expect(facts['Running for']?.text).toBe('1 day 1 hour');
    expect(facts.Memory?.text).toBe('100 MiB in use');
    expect(facts.Requests).toEqual({ label: 'Requests', text: '45 requests answered since it started; 2 server errors (5xx): see the server’s log', attention: true });
    expect(facts['Sync runs']).toEqual({ label: 'Sync runs', text: '8 runs completed, 1 run failed since it started; none running now', attention: true });
    expect(facts['Phones connected']?.text).toBe('1 SyncML session and 2 ActiveSync sessions open now');
  });

  it('says the embedded store by its file sizes, and a server that reports no store so', () => {
    const sqlite = parseMetrics('atomsync_store_pool_connections{dialect="sqlite",state="total"} 1\natomsync_store_sqlite_bytes{file="database"} 2097152\natomsync_store_sqlite_bytes{file="wal"} 512\n');
    expect(describeMetrics(sqlite).find((f) => f.label === 'Store')?.text).toBe('the embedded database (SQLite): 2.0 MiB on disk, and 512 bytes of write-ahead log');
    expect(describeMetrics([]).find((f) => f.label === 'Store')?.text).toMatch(/^not reported/);
  });

  it('reads no further than its bound', () => {
    const long = `${'#'.repeat(MAX_METRICS_CHARS)}\natomsync_sync_runs_in_progress 3\n`;
    expect(parseMetrics(long)).toEqual([]);
  });

  it('says readiness, and why not', () => {
    expect(describeReadiness(200, undefined)).toEqual({ label: 'Readiness', text: 'ready: the database answers, and the server takes requests' });
    const down = describeReadiness(503, 'not ready: the store failed (ECONNREFUSED)');
    expect(down.attention).toBe(true);
    expect(down.text).toBe('not ready (503): not ready: the store failed (ECONNREFUSED). Load balancers send it no traffic until the database answers again.');
  });
});
