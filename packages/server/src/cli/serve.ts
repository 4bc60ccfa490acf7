/**
 * `atomsync serve`: the reference server on node:http (node:https with --tls-cert and --tls-key)
 * over the configured store (embedded, or PostgreSQL for DATABASE_URL), drained on SIGTERM /
 * SIGINT, then the store closed; SIGHUP reads the certificate and key again.
 *
 * What an operator reads: JSON log lines on stdout; a failure to start as one line on stderr
 * (cli/failure.ts); the demo account's password, on a fresh store, last, right after the
 * "listening" line and in the same write: framed on a terminal, a plain line otherwise.
 */
import { X509Certificate } from 'node:crypto';
import { Server as HttpsServer } from 'node:https';
import { defineCommand } from 'citty';
import { bootstrap, createDemoAccount, DEMO_USERNAME, openConfiguredStore, type OpenedStore } from '../bootstrap.js';
import { ConfigError, metricsAccessOf, readTls, resolveServeConfig, SERVE_ENVIRONMENT, type ServeConfig } from '../config.js';
import { ServiceError } from '../errors.js';
import { housekeepingJobs } from '../housekeeping/jobs.js';
import { Housekeeping } from '../housekeeping/runner.js';
import { createAccountAuthenticator } from '../auth/accounts.js';
import { locateConsole } from '../console/locate.js';
import { createMetrics } from '../http/metrics.js';
import { createMetricsApp } from '../http/metrics-endpoint.js';
import { listen, type RunningServer, type TlsPair } from '../listen.js';
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

/** What an operator checks of a certificate in the log: whom it is for and until when. */
function describeCertificate(pair: TlsPair): { subject: string; subjectAltName: string | undefined; validTo: string } {
  const cert = new X509Certificate(pair.cert);
  return { subject: cert.subject.replace(/\n/g, ', '), subjectAltName: cert.subjectAltName, validTo: new Date(cert.validTo).toISOString() };
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
    metrics: {
      type: 'string',
      description: 'Who may read GET /metrics: admin (Bearer ATOMSYNC_METRICS_TOKEN or an administrator), on (anyone), off (ATOMSYNC_METRICS, default admin; on for a --metrics-port without a token)',
      valueHint: 'admin|on|off',
    },
    'metrics-port': { type: 'string', description: 'Serve /metrics on a listener of its own at this port, not on the public port (ATOMSYNC_METRICS_PORT)', valueHint: 'PORT' },
    'metrics-host': { type: 'string', description: 'Address of the metrics listener (ATOMSYNC_METRICS_HOST, default 127.0.0.1)', valueHint: 'ADDRESS' },
    'tls-cert': { type: 'string', description: 'Serve https with this PEM certificate (its chain after it), with --tls-key (ATOMSYNC_TLS_CERT, default: http)', valueHint: 'FILE' },
    'tls-key': { type: 'string', description: 'The PEM private key of --tls-cert, unencrypted (ATOMSYNC_TLS_KEY)', valueHint: 'FILE' },
  },
  async run({ args }) {
    let config: ServeConfig;
    let tls: TlsPair | undefined;
    try {
      config = resolveServeConfig({
        host: args.host,
        port: args.port,
        data: args.data,
        trustProxy: args['trust-proxy'],
        metrics: args.metrics,
        metricsPort: args['metrics-port'],
        metricsHost: args['metrics-host'],
        tlsCert: args['tls-cert'],
        tlsKey: args['tls-key'],
      });
      // Before the store opens: a certificate that will not do changes nothing.
      tls = config.tls === undefined ? undefined : readTls(config.tls);
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      fail(err.message, 2);
    }
    const out = stdoutDestination();
    const logger = createLogger(config.logLevel, out);

    let opened: OpenedStore;
    try {
      opened = await openConfiguredStore(config, { log: logger });
    } catch (err) {
      if (err instanceof ConfigError) fail(err.message, 2);
      fail(storeFailure(err, config), 1);
    }
    const { store, secrets } = opened;
    // An older version created these readable by every local user: the operator should know they were open.
    for (const what of opened.tightened ?? []) logger.warn(what);
    try {
      await bootstrap(store, secrets, config, { logger });
    } catch (err) {
      await store.close();
      // A bootstrap admin the account rules refuse (say, an empty password) is a configuration error.
      if (err instanceof ServiceError && err.status < 500) fail(`ATOMSYNC_ADMIN_USER/ATOMSYNC_ADMIN_PASSWORD: ${err.message}`, 2);
      throw err;
    }
    const metricsAccess = metricsAccessOf(config);
    const metrics = metricsAccess === 'off' ? undefined : createMetrics({ process: true });
    const housekeeping = new Housekeeping(logger, { jobs: housekeepingJobs({ tombstoneRetentionMs: config.tombstoneRetentionDays * 86_400_000 }) });
    const consoleDir = locateConsole();
    if (consoleDir === undefined) logger.warn('the web console is not built (npm start builds it): serving the API without it');
    const app = createServer({
      store,
      secrets,
      baseUrl: config.baseUrl,
      logger,
      trustProxy: config.trustProxy,
      metrics,
      // Counted all the same; served on the metrics listener instead when there is one.
      metricsAccess: config.metricsListen === undefined ? metricsAccess : 'off',
      metricsToken: config.metricsToken,
      storeStats: opened.stats,
      housekeeping,
      runLeaseSeconds: config.runLeaseSeconds,
      consoleDir,
      oauthClients: config.oauthClients,
    });
    let running: RunningServer;
    let metricsListener: RunningServer | undefined;
    try {
      running = await listen(app, { host: config.host, port: config.port, tls });
    } catch (err) {
      const message = listenFailure(err, config.host, config.port);
      if (message === undefined) throw err;
      await housekeeping.stop();
      await store.close();
      fail(message, 1);
    }
    if (config.metricsListen !== undefined && metrics !== undefined && metricsAccess !== 'off') {
      const { host, port } = config.metricsListen;
      const metricsApp = createMetricsApp({
        metrics,
        access: metricsAccess,
        token: config.metricsToken,
        authenticate: createAccountAuthenticator(store, secrets, { baseUrl: config.baseUrl }),
        logger,
      });
      try {
        metricsListener = await listen(metricsApp, { host, port });
      } catch (err) {
        const message = listenFailure(err, host, port);
        if (message === undefined) throw err;
        await running.close(0);
        await housekeeping.stop();
        await store.close();
        fail(`the metrics listener: ${message}`, 1);
      }
    }

    let stopping = false;
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) {
        logger.warn({ signal }, 'second signal: closing every connection now');
        process.exit(1);
      }
      stopping = true;
      logger.info({ signal }, 'draining in-flight requests');
      void Promise.all([running.close(DRAIN_TIMEOUT_MS), metricsListener?.close(DRAIN_TIMEOUT_MS)])
        .then(async ([drained]) => {
          await housekeeping.stop();
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
    if (config.tls !== undefined && running.server instanceof HttpsServer) {
      const { server } = running;
      const files = config.tls;
      // A renewed certificate without a restart (certbot's deploy hook: `kill -HUP`); connections
      // already open keep the one they began with, and a pair that will not do keeps the old one.
      process.on('SIGHUP', () => {
        try {
          const pair = readTls(files);
          server.setSecureContext(pair);
          logger.info(describeCertificate(pair), 'TLS certificate reloaded');
        } catch (err) {
          logger.error({ err: err instanceof ConfigError ? err.message : err }, 'TLS certificate not reloaded: still serving the previous one');
        }
      });
      // A phone that does not trust the certificate, or plain http to the https port, says so here.
      server.on('tlsClientError', (err: Error & { code?: string }, socket) => {
        logger.debug({ code: err.code, reason: err.message, remoteAddress: socket.remoteAddress }, 'TLS handshake failed');
      });
    }

    // Created only once the port is ours: a server that cannot listen leaves no password unseen.
    const demoPassword = await createDemoAccount(store, secrets, config, { logger });
    if (demoPassword !== undefined) out.attach(demoNotice(demoPassword, process.stdout.isTTY === true));
    // Only now: whoever waits for this line may signal at once, and before the handlers above a
    // signal would kill the process undrained.
    logger.info(
      {
        url: running.url,
        store: store.dialect,
        // The data directory holds the embedded store and its key; on PostgreSQL it is not used.
        dataDir: config.databaseUrl === undefined ? config.dataDir : undefined,
        baseUrl: config.baseUrl,
        trustProxy: config.trustProxy,
        metrics: metricsAccess,
        metricsUrl: metricsListener === undefined ? undefined : `${metricsListener.url}/metrics`,
        tls: tls === undefined ? undefined : describeCertificate(tls),
      },
      `listening on ${running.url}`,
    );
    out.flushAttached();
  },
});

documentEnvironment(serveCommand, SERVE_ENVIRONMENT, [
  'PROBES (no credentials, but /metrics: see below)',
  '',
  '  GET /healthz   200 ok once the server takes requests (the API contract\'s)',
  '  GET /livez     200 ok while the process answers',
  '  GET /readyz    200 ok while the store answers a trivial query within 0.9 s, else 503 saying why',
  '  GET /metrics   Prometheus text format (requests, latency, sync runs, sessions, store pool, process);',
  '                 by default it asks for Bearer ATOMSYNC_METRICS_TOKEN or an administrator (Basic or Bearer);',
  '                 ATOMSYNC_METRICS=on opens it to anyone, off removes it; ATOMSYNC_METRICS_PORT moves it',
  '                 to a listener of its own (127.0.0.1 unless ATOMSYNC_METRICS_HOST), open there without a token',
]);
