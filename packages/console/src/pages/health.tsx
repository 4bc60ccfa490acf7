/**
 * The server's health, for administrators: readiness (`/readyz`), and what `/metrics` shows
 * (version, store, requests, sync runs, phones connected), in words (../metrics.ts). Both are
 * read as the console reads the API: same origin, the session and the console's header.
 */
import { Fragment } from 'preact';
import { CONSOLE_HEADERS, refusalOf } from '../session.js';
import { describeMetrics, describeReadiness, parseMetrics, type Fact } from '../metrics.js';
import { useLoad } from '../load.js';
import { Failed, Loading } from './status.js';

interface Health {
  readonly facts: Fact[];
  /** Why /metrics said nothing, when it did not: off on this server, or refused. */
  readonly metricsMissing?: string;
}

async function readHealth(): Promise<Health> {
  const init = { headers: CONSOLE_HEADERS, credentials: 'same-origin', cache: 'no-store' } as const;
  const [ready, metrics] = await Promise.all([fetch('/readyz', init), fetch('/metrics', init)]);
  const readiness = describeReadiness(ready.status, ready.ok ? undefined : (await refusalOf(ready)).message);
  if (metrics.ok) return { facts: [readiness, ...describeMetrics(parseMetrics(await metrics.text()))] };
  // 401 here means the session ended: the page goes back to signing in, as with any other read.
  if (metrics.status === 401) throw await refusalOf(metrics);
  const missing =
    metrics.status === 404
      ? 'This server serves no /metrics (ATOMSYNC_METRICS=off, or a listener of its own: ATOMSYNC_METRICS_PORT), so its figures are not shown here.'
      : `/metrics refused the console: ${(await refusalOf(metrics)).message}`;
  return { facts: [readiness], metricsMissing: missing };
}

export function Health({ onSignedOut }: { onSignedOut: () => void }) {
  const [loaded, reload] = useLoad(readHealth, onSignedOut);
  return (
    <>
      <div class="page-head">
        <h1 tabIndex={-1}>Server health</h1>
        <button type="button" class="secondary" onClick={reload}>
          Read again
        </button>
      </div>
      {loaded.state === 'loading' && <Loading what="the server's health" />}
      {loaded.state === 'failed' && <Failed message={loaded.message} retry={reload} />}
      {loaded.state === 'ready' && (
        <>
          <dl class="facts health">
            {loaded.value.facts.map((fact) => (
              <Fragment key={fact.label}>
                <dt>{fact.label}</dt>
                <dd class={fact.attention ? 'attention' : undefined}>{fact.text}</dd>
              </Fragment>
            ))}
          </dl>
          {loaded.value.metricsMissing !== undefined && <p class="panel warn">{loaded.value.metricsMissing}</p>}
          <p class="muted small">
            Counts are this server instance’s since it started; with several instances behind one database, each counts its own. Prometheus reads the same figures at{' '}
            <code>/metrics</code>.
          </p>
        </>
      )}
    </>
  );
}
