/**
 * The serve configuration: a command-line flag wins over its environment variable, which wins
 * over the default (DESIGN.md "Running it").
 */
import { resolve } from 'node:path';
import { LOG_LEVELS, type LogLevel } from './log.js';

export interface ServeConfig {
  host: string;
  port: number;
  /** Absolute path of the embedded database's directory. */
  dataDir: string;
  /** `{base_url}` without a trailing slash; undefined → each request's origin. */
  baseUrl: string | undefined;
  logLevel: LogLevel;
}

export interface ServeFlags {
  host?: string;
  port?: string;
  data?: string;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

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

export function resolveServeConfig(flags: ServeFlags, vars: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): ServeConfig {
  const portFlag = flags.port ?? env(vars, 'ATOMSYNC_PORT');
  const base = env(vars, 'ATOMSYNC_BASE_URL');
  const level = env(vars, 'ATOMSYNC_LOG_LEVEL');
  return {
    host: flags.host ?? env(vars, 'ATOMSYNC_HOST') ?? '127.0.0.1',
    port: portFlag === undefined ? 8080 : port(portFlag, flags.port !== undefined ? '--port' : 'ATOMSYNC_PORT'),
    dataDir: resolve(cwd, flags.data ?? env(vars, 'ATOMSYNC_DATA_DIR') ?? '.atomsync'),
    baseUrl: base === undefined ? undefined : baseUrl(base),
    logLevel: level === undefined ? 'info' : logLevel(level),
  };
}
