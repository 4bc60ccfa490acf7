/**
 * `atomsync serve`: the reference server on node:http over the configured store (embedded, or
 * PostgreSQL for DATABASE_URL), drained on SIGTERM / SIGINT, then the store closed.
 */
import { defineCommand } from 'citty';
import { pino } from 'pino';
import { bootstrap, openConfiguredStore } from '../bootstrap.js';
import { ConfigError, resolveServeConfig, type ServeConfig } from '../config.js';
import { ServiceError } from '../errors.js';
import { listen } from '../listen.js';
import { createLogger } from '../log.js';
import { createServer } from '../server.js';

/** How long in-flight requests get after a signal before their connections are cut. */
const DRAIN_TIMEOUT_MS = 25_000;

/** Exit 2: the configuration is wrong, and starting again unchanged will not help. */
function configFailure(message: string): never {
  process.stderr.write(`atomsync: ${message}\n`);
  process.exit(2);
}

export const serveCommand = defineCommand({
  meta: { name: 'serve', description: 'Serve the atomsync API over the embedded database, or PostgreSQL with DATABASE_URL' },
  args: {
    host: { type: 'string', description: 'Address to listen on (ATOMSYNC_HOST, default 127.0.0.1)' },
    port: { type: 'string', description: 'Port to listen on, 0 for any (ATOMSYNC_PORT, default 8080)' },
    data: { type: 'string', description: 'Data directory (ATOMSYNC_DATA_DIR, default ./.atomsync)', valueHint: 'DIR' },
  },
  async run({ args }) {
    let config: ServeConfig;
    try {
      config = resolveServeConfig({ host: args.host, port: args.port, data: args.data });
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      configFailure(err.message);
    }
    // Written synchronously, so the last lines before an exit are never lost.
    const logger = createLogger(config.logLevel, pino.destination({ dest: 1, sync: true }));
    const { store, secrets } = await openConfiguredStore(config);
    try {
      await bootstrap(store, secrets, config, { logger });
    } catch (err) {
      await store.close();
      // A bootstrap admin the account rules refuse (say, an empty password) is a configuration error.
      if (err instanceof ServiceError && err.status < 500) configFailure(`ATOMSYNC_ADMIN_USER/ATOMSYNC_ADMIN_PASSWORD: ${err.message}`);
      throw err;
    }
    const app = createServer({ store, secrets, baseUrl: config.baseUrl, logger });
    const running = await listen(app, { host: config.host, port: config.port });

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
    // Only now: whoever waits for this line may signal at once, and before the handlers above a
    // signal would kill the process undrained.
    logger.info({ url: running.url, store: store.dialect, dataDir: config.dataDir, baseUrl: config.baseUrl }, `listening on ${running.url}`);
  },
});
