/**
 * The serve configuration: a command-line flag wins over its environment variable, which wins
 * over the default (guide/operators.md#environment-variables-and-flags). The store part is shared with the commands that
 * work on the store directly (`atomsync account …`), so they find the same database and key.
 */
import { resolve } from 'node:path';
import { LOG_LEVELS, type LogLevel } from './log.js';
import { ConfigError } from './errors.js';
import { parseSecretKey } from './secrets/key.js';

/** Where the data lives and the key that seals its secrets. */
export interface StoreConfig {
  /** Absolute path of the data directory: the embedded database and its key file. */
  dataDir: string;
  /** DATABASE_URL: PostgreSQL instead of the embedded database. Never logged (it may hold a password). */
  databaseUrl: string | undefined;
  /** ATOMSYNC_SECRET_KEY, parsed; undefined → `<dataDir>/secret.key` (embedded store only). */
  secretKey: Buffer | undefined;
}

export interface ServeConfig extends StoreConfig {
  host: string;
  port: number;
  /** `{base_url}` without a trailing slash; undefined → each request's origin. */
  baseUrl: string | undefined;
  logLevel: LogLevel;
  /** ATOMSYNC_ADMIN_USER + ATOMSYNC_ADMIN_PASSWORD: this admin is created or updated at start. */
  admin: { username: string; password: string } | undefined;
}

export interface StoreFlags {
  data?: string;
}

export interface ServeFlags extends StoreFlags {
  host?: string;
  port?: string;
}

// Where it lives, secrets/key.ts can throw it without importing this module (no cycle).
export { ConfigError } from './errors.js';

function port(value: string, from: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || n > 65535) throw new ConfigError(`${from} must be a port number (0-65535), not ${JSON.stringify(value)}`);
  return n;
}

function baseUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`ATOMSYNC_BASE_URL must be an absolute URL, not ${JSON.stringify(value)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError('ATOMSYNC_BASE_URL must be an http or https URL');
  if (url.search || url.hash) throw new ConfigError('ATOMSYNC_BASE_URL may not have a query or fragment');
  return url.href.replace(/\/+$/, '');
}

function logLevel(value: string): LogLevel {
  if (!(LOG_LEVELS as readonly string[]).includes(value)) throw new ConfigError(`ATOMSYNC_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  return value as LogLevel;
}

/** Empty variables count as unset. */
function env(vars: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = vars[name];
  return value === undefined || value === '' ? undefined : value;
}

function databaseUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError('DATABASE_URL must be a postgres:// URL');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') throw new ConfigError('DATABASE_URL must be a postgres:// or postgresql:// URL');
  return value;
}

function admin(vars: NodeJS.ProcessEnv): ServeConfig['admin'] {
  const username = env(vars, 'ATOMSYNC_ADMIN_USER');
  const password = env(vars, 'ATOMSYNC_ADMIN_PASSWORD');
  if (username === undefined && password === undefined) return undefined;
  if (username === undefined || password === undefined) throw new ConfigError('ATOMSYNC_ADMIN_USER and ATOMSYNC_ADMIN_PASSWORD go together: set both, or neither');
  if (!/^[A-Za-z0-9._@-]{1,64}$/.test(username)) throw new ConfigError('ATOMSYNC_ADMIN_USER must be 1 to 64 characters of A-Z a-z 0-9 . _ @ -');
  return { username, password };
}

export function resolveStoreConfig(flags: StoreFlags, vars: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): StoreConfig {
  const url = env(vars, 'DATABASE_URL');
  const key = env(vars, 'ATOMSYNC_SECRET_KEY');
  // Every instance on one database must seal and open secrets with the same key: a key file per
  // machine would make each instance's consumers and SyncML digests unreadable to the others.
  if (url !== undefined && key === undefined) {
    throw new ConfigError('DATABASE_URL needs ATOMSYNC_SECRET_KEY (32 bytes as 64 hex digits or base64, the same on every instance), e.g. from `openssl rand -base64 32`');
  }
  return {
    dataDir: resolve(cwd, flags.data ?? env(vars, 'ATOMSYNC_DATA_DIR') ?? '.atomsync'),
    databaseUrl: url === undefined ? undefined : databaseUrl(url),
    secretKey: key === undefined ? undefined : parseSecretKey(key),
  };
}

export function resolveServeConfig(flags: ServeFlags, vars: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): ServeConfig {
  const portFlag = flags.port ?? env(vars, 'ATOMSYNC_PORT');
  const base = env(vars, 'ATOMSYNC_BASE_URL');
  const level = env(vars, 'ATOMSYNC_LOG_LEVEL');
  return {
    host: flags.host ?? env(vars, 'ATOMSYNC_HOST') ?? '127.0.0.1',
    port: portFlag === undefined ? 8080 : port(portFlag, flags.port !== undefined ? '--port' : 'ATOMSYNC_PORT'),
    ...resolveStoreConfig(flags, vars, cwd),
    baseUrl: base === undefined ? undefined : baseUrl(base),
    logLevel: level === undefined ? 'info' : logLevel(level),
    admin: admin(vars),
  };
}
