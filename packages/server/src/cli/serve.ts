/**
 * `atomsync serve`: the reference server on node:http over the configured store (embedded, or
 * PostgreSQL for DATABASE_URL), drained on SIGTERM / SIGINT, then the store closed.
 *
 * What an operator reads: JSON log lines on stdout; a failure to start as one line on stderr
 * (cli/failure.ts); the demo account's password, on a fresh store, last, right after the
 * "listening" line and in the same write: framed on a terminal, a plain line otherwise.
 */
import { defineCommand } from 'citty';
import { bootstrap, createDemoAccount, DEMO_USERNAME, openConfiguredStore, type OpenedStore } from '../bootstrap.js';
import { ConfigError, resolveServeConfig, SERVE_ENVIRONMENT, type ServeConfig } from '../config.js';
import { ServiceError } from '../errors.js';
import { createMetrics } from '../http/metrics.js';
import { listen, type RunningServer } from '../listen.js';
import { createLogger, stdoutDestination } from '../log.js';
import { createServer } from '../server.js';
import { fail, listenFailure, storeFailure } from './failure.js';
import { documentEnvironment } from './usage.js';

/** How long in-flight requests get after a signal before their connections are cut. */
const DRAIN_TIMEOUT_MS = 25_000;

/** The demo password, framed where a person reads it (a terminal), else one line a log keeps whole. */
export function demoNotice(password: string, terminal: boolean): string {
  const line = `atomsync: created the admin account "${DEMO_USERNAME}" with password ${password} (shown only now; \`atomsync account passwd ${DEMO_USERNAME}\` sets another)`;
  if (!terminal) return `${line}\n`;
  const rows = [
    `atomsync: created the administrator account "${DEMO_USERNAME}"`,
    '',
    `  username  ${DEMO_USERNAME}`,
    `  password  ${password}`,
    '',
    'Shown only now, and in no log.',
    `\`npx atomsync account passwd ${DEMO_USERNAME}\` sets another.`,
  ];
  const width = Math.max(...rows.map((r) => r.length));
  const rule = '─'.repeat(width + 2);
  return [`┌${rule}┐`, ...rows.map((r) => `│ ${r.padEnd(width)} │`), `└${rule}┘`, ''].join('\n');
}

export const serveCommand = defineCommand({
  meta: { name: 'serve', description: 'Serve the atomsync API over the embedded database, or PostgreSQL with DATABASE_URL' },
  args: {
    host: { type: 'string', description: 'Address to listen on (ATOMSYNC_HOST, default 127.0.0.1)', valueHint: 'ADDRESS' },
    port: { type: 'string', description: 'Port to listen on, 0 for any (ATOMSYNC_PORT, default 8080)', valueHint: 'PORT' },
    data: { type: 'string', description: 'Data directory (ATOMSYNC_DATA_DIR, default ./.atomsync)', valueHint: 'DIR' },
    'trust-proxy': {
      type: 'string',
      description: 'Trust Forwarded / X-Forwarded-Proto / X-Forwarded-Host from this many reverse proxies in front; bare: 1 (ATOMSYNC_TRUST_PROXY, default: ignore them)',
      valueHint: 'N|true|false',
    },
    metrics: { type: 'string', description: 'Who may read GET /metrics: on (anyone), admin (an administrator), off (ATOMSYNC_METRICS, default on)', valueHint: 'on|admin|off' },
  },
  async run({ args }) {
    let config: ServeConfig;
    try {
      config = resolveServeConfig({ host: args.host, port: args.port, data: args.data, trustProxy: args['trust-proxy'], metrics: args.metrics });
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      fail(err.message, 2);
    }
    const out = stdoutDestination();
    const logger = createLogger(config.logLevel, out);

    let opened: OpenedStore;
    try {
      opened = await openConfiguredStore(config);
    } catch (err) {
      if (err instanceof ConfigError) fail(err.message, 2);
      fail(storeFailure(err, config), 1);
    }
    const { store, secrets } = opened;
    try {
      await bootstrap(store, secrets, config, { logger });
    } catch (err) {
      await store.close();
      // A bootstrap admin the account rules refuse (say, an empty password) is a configuration error.
      if (err instanceof ServiceError && err.status < 500) fail(`ATOMSYNC_ADMIN_USER/ATOMSYNC_ADMIN_PASSWORD: ${err.message}`, 2);
      throw err;
    }
    const metrics = config.metrics === 'off' ? undefined : createMetrics({ process: true });
    const app = createServer({
      store,
      secrets,
      baseUrl: config.baseUrl,
      logger,
      trustProxy: config.trustProxy,
      metrics,
      metricsAccess: config.metrics,
      storeStats: opened.stats,
    });
    let running: RunningServer;
    try {
      running = await listen(app, { host: config.host, port: config.port });
    } catch (err) {
      const message = listenFailure(err, config.host, config.port);
      if (message === undefined) throw err;
      await store.close();
      fail(message, 1);
    }

    let stopping = false;
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) {
        logger.warn({ signal }, 'second signal: closing every connection now');
        process.exit(1);
      }
      stopping = true;
      logger.info({ signal }, 'draining in-flight requests');
      void running
        .close(DRAIN_TIMEOUT_MS)
        .then(async (drained) => {
          await store.close();
          if (drained) logger.info('stopped');
          else logger.warn({ timeoutMs: DRAIN_TIMEOUT_MS }, 'requests still running at the deadline were cut');
          process.exit(drained ? 0 : 1);
        })
        .catch((err: unknown) => {
          logger.error({ err }, 'failed to stop cleanly');
          process.exit(1);
        });
    };
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);

    // Created only once the port is ours: a server that cannot listen leaves no password unseen.
    const demoPassword = await createDemoAccount(store, secrets, config, { logger });
    if (demoPassword !== undefined) out.attach(demoNotice(demoPassword, process.stdout.isTTY === true));
    // Only now: whoever waits for this line may signal at once, and before the handlers above a
    // signal would kill the process undrained.
    logger.info(
      { url: running.url, store: store.dialect, dataDir: config.dataDir, baseUrl: config.baseUrl, trustProxy: config.trustProxy, metrics: config.metrics ?? 'on' },
      `listening on ${running.url}`,
    );
    out.flushAttached();
  },
});

documentEnvironment(serveCommand, SERVE_ENVIRONMENT, [
  'PROBES (no credentials)',
  '',
  '  GET /healthz   200 ok once the server takes requests (the API contract\'s)',
  '  GET /livez     200 ok while the process answers',
  '  GET /readyz    200 ok while the store answers a trivial query within 0.9 s, else 503 saying why',
  '  GET /metrics   Prometheus text format (requests, latency, sync runs, sessions, store pool, process);',
  '                 ATOMSYNC_METRICS=admin asks for an administrator (Basic or Bearer), off removes it',
]);
