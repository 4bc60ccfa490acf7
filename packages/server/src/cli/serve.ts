/** `atomsync serve`: the reference server on node:http, drained on SIGTERM / SIGINT. */
import { defineCommand } from 'citty';
import { pino } from 'pino';
import { createApp } from '../app.js';
import { ConfigError, resolveServeConfig } from '../config.js';
import { listen } from '../listen.js';
import { createLogger } from '../log.js';

/** How long in-flight requests get after a signal before their connections are cut. */
const DRAIN_TIMEOUT_MS = 25_000;

export const serveCommand = defineCommand({
  meta: { name: 'serve', description: 'Serve the atomsync API (storage and accounts are not wired in yet: operations answer 501)' },
  args: {
    host: { type: 'string', description: 'Address to listen on (ATOMSYNC_HOST, default 127.0.0.1)' },
    port: { type: 'string', description: 'Port to listen on, 0 for any (ATOMSYNC_PORT, default 8080)' },
    data: { type: 'string', description: 'Data directory (ATOMSYNC_DATA_DIR, default ./.atomsync)', valueHint: 'DIR' },
  },
  async run({ args }) {
    let config;
    try {
      config = resolveServeConfig({ host: args.host, port: args.port, data: args.data });
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      process.stderr.write(`atomsync: ${err.message}\n`);
      process.exit(2);
    }
    // Written synchronously, so the last lines before an exit are never lost.
    const logger = createLogger(config.logLevel, pino.destination({ dest: 1, sync: true }));
    const app = createApp({ logger, baseUrl: config.baseUrl });
    const running = await listen(app, { host: config.host, port: config.port });
    logger.info({ url: running.url, dataDir: config.dataDir, baseUrl: config.baseUrl }, `listening on ${running.url}`);

    let stopping = false;
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) {
        logger.warn({ signal }, 'second signal: closing every connection now');
        process.exit(1);
      }
      stopping = true;
      logger.info({ signal }, 'draining in-flight requests');
      void running.close(DRAIN_TIMEOUT_MS).then((drained) => {
        if (drained) logger.info('stopped');
        else logger.warn({ timeoutMs: DRAIN_TIMEOUT_MS }, 'requests still running at the deadline were cut');
        process.exit(drained ? 0 : 1);
      });
    };
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
  },
});
