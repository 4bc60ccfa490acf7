/**
 * How the CLI fails: one line on stderr, `atomsync: …`, and an exit code (1: the world, e.g. a
 * busy port or an unreachable database, may change; 2: the configuration must). No stack trace
 * for failures the operator can act on; a bug still shows its stack.
 */
import { openConfiguredStore, type OpenedStore } from '../bootstrap.js';
import { ConfigError, resolveStoreConfig, type StoreConfig } from '../config.js';

export function fail(message: string, code: number): never {
  process.stderr.write(`atomsync: ${message}\n`);
  process.exit(code);
}

/** The error's own words on one line: an AggregateError (both addresses of `localhost` refused) by its first. */
function words(error: unknown): string {
  let err = error as { message?: unknown; errors?: unknown[]; code?: unknown } | null | undefined;
  if (err instanceof AggregateError && err.errors.length > 0 && !err.message) err = err.errors[0] as typeof err;
  const message = typeof err?.message === 'string' && err.message !== '' ? err.message : String(typeof err?.code === 'string' ? err.code : error);
  return message.replace(/\s*\n\s*/g, ' ');
}

/** The database as an operator knows it, without credentials: `PostgreSQL at host:port/db`, or the data directory. */
export function describeStore(config: StoreConfig): string {
  if (config.databaseUrl === undefined) return `the embedded database in ${config.dataDir}`;
  try {
    const url = new URL(config.databaseUrl);
    return `PostgreSQL at ${url.hostname || 'localhost'}:${url.port || '5432'}${url.pathname.length > 1 ? url.pathname : ''}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}

/** A store that would not open (unreachable, refused, unwritable), in one line. */
export function storeFailure(error: unknown, config: StoreConfig): string {
  return `cannot open ${describeStore(config)}: ${words(error)}`;
}

/** A listen that failed for a reason the operator can fix, in one line; undefined for anything else. */
export function listenFailure(error: unknown, host: string, port: number): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'EADDRINUSE':
      return `port ${port} on ${host} is in use; choose another with --port or ATOMSYNC_PORT`;
    case 'EACCES':
      return `port ${port} on ${host} needs privileges this process lacks; choose another with --port or ATOMSYNC_PORT`;
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `cannot listen on ${host}: it is no address of this machine; choose another with --host or ATOMSYNC_HOST`;
    default:
      return undefined;
  }
}

/**
 * The configured store (--data, ATOMSYNC_DATA_DIR, DATABASE_URL) for a command, or exit: 2 for a
 * setting that must change, 1 with one line for a store that would not open.
 */
export async function openStoreOrFail(data: string | undefined): Promise<OpenedStore> {
  let config: StoreConfig;
  try {
    config = resolveStoreConfig({ data });
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message, 2);
    throw err;
  }
  try {
    return await openConfiguredStore(config);
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message, 2);
    fail(storeFailure(err, config), 1);
  }
}
