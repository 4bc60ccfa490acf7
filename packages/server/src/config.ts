/**
 * The serve configuration: a command-line flag wins over its environment variable, which wins
 * over the default (guide/operators.md#environment-variables-and-flags). The store part is shared with the commands that
 * work on the store directly (`atomsync account …`), so they find the same database and key.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createSecureContext } from 'node:tls';
import type { TlsPair } from './listen.js';
import { LOG_LEVELS, type LogLevel } from './log.js';
import { ConfigError } from './errors.js';
import { parseSecretKey } from './secrets/key.js';
import { passwordLengthProblem } from './services/validation.js';
import { DEFAULT_RUN_LEASE_SECONDS } from './services/run-lock.js';
import { DEFAULT_TOMBSTONE_RETENTION_DAYS } from './housekeeping/jobs.js';
import type { OAuthClient } from './connectors/extdata/dav/oauth.js';

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
  /**
   * ATOMSYNC_TRUST_PROXY / --trust-proxy: how many reverse proxies in front are trusted to say the
   * scheme and host the client used (`Forwarded`, `X-Forwarded-Proto`, `X-Forwarded-Host`);
   * undefined → none, and those headers are ignored.
   */
  trustProxy: number | undefined;
  /**
   * ATOMSYNC_METRICS / --metrics: who may read /metrics (http/metrics-endpoint.ts), as given;
   * undefined → metricsAccessOf's default.
   */
  metrics: MetricsAccess | undefined;
  /** ATOMSYNC_METRICS_TOKEN: `Authorization: Bearer <it>` reads /metrics under `admin` (a scraper needs no account). */
  metricsToken: string | undefined;
  /**
   * ATOMSYNC_METRICS_PORT / --metrics-port (+ ATOMSYNC_METRICS_HOST / --metrics-host, default
   * 127.0.0.1): /metrics on a listener of its own, and not on the public port; undefined → the public port.
   */
  metricsListen: { host: string; port: number } | undefined;
  /**
   * --tls-cert + --tls-key (ATOMSYNC_TLS_CERT + ATOMSYNC_TLS_KEY): absolute paths of the PEM
   * files to serve https with (read by `readTls`); undefined → http.
   */
  tls: TlsFiles | undefined;
  /**
   * ATOMSYNC_RUN_LEASE_SECONDS: how long a synchronization's lease on its binding lives unless its
   * run renews it (every third of it): the longest a run cut off by a crash blocks its binding.
   */
  runLeaseSeconds: number;
  /**
   * ATOMSYNC_TOMBSTONE_RETENTION_DAYS: how long a delete's tombstone is kept for sync deltas
   * (housekeeping/jobs.ts says why the default is generous).
   */
  tombstoneRetentionDays: number;
  /**
   * ATOMSYNC_OAUTH_CLIENTS: the operator's OAuth 2.0 clients, read from the JSON file it names, to
   * refresh the bearer tokens of CardDAV/CalDAV extdata accounts (Google) with; [] when unset.
   */
  oauthClients: OAuthClient[];
}

export interface TlsFiles {
  certFile: string;
  keyFile: string;
}

/** `on`: /metrics for anyone; `admin`: the metrics token or an administrator's credentials; `off`: 404. */
export type MetricsAccess = 'on' | 'admin' | 'off';
export const METRICS_ACCESS: readonly MetricsAccess[] = ['on', 'admin', 'off'];

/**
 * Who may read /metrics under `atomsync serve`: as configured, else not anyone (issue 20): the
 * public port asks for the token or an administrator; a listener of its own (loopback unless
 * told) is open, unless a token is set, which is then asked for.
 */
export function metricsAccessOf(config: Pick<ServeConfig, 'metrics' | 'metricsToken' | 'metricsListen'>): MetricsAccess {
  return config.metrics ?? (config.metricsListen !== undefined && config.metricsToken === undefined ? 'on' : 'admin');
}

export interface StoreFlags {
  data?: string;
}

export interface ServeFlags extends StoreFlags {
  host?: string;
  port?: string;
  trustProxy?: string;
  metrics?: string;
  metricsPort?: string;
  metricsHost?: string;
  tlsCert?: string;
  tlsKey?: string;
}

/**
 * Every environment variable `atomsync serve` reads, with its line for `--help` (cli/usage.ts).
 * A test checks this list against the variables this module reads.
 */
export const SERVE_ENVIRONMENT: readonly (readonly [name: string, help: string])[] = [
  ['ATOMSYNC_HOST', 'address to listen on (--host; default 127.0.0.1)'],
  ['ATOMSYNC_PORT', 'port to listen on, 0 for any (--port; default 8080)'],
  ['ATOMSYNC_DATA_DIR', 'data directory of the embedded database and its key file (--data; default ./.atomsync)'],
  ['DATABASE_URL', 'postgres://user:password@host:port/db: PostgreSQL instead of the embedded database (needs ATOMSYNC_SECRET_KEY)'],
  ['ATOMSYNC_SECRET_KEY', '32 bytes (64 hex digits or base64) sealing stored secrets, the same on every instance (default: <data dir>/secret.key)'],
  ['ATOMSYNC_BASE_URL', 'the public URL of the service, for ids and links (default: each request\'s origin; wins over forwarded headers)'],
  ['ATOMSYNC_TLS_CERT', 'PEM file of the certificate (its chain after it): serve https, with ATOMSYNC_TLS_KEY; SIGHUP reads both again (--tls-cert; default: http)'],
  ['ATOMSYNC_TLS_KEY', 'PEM file of the certificate\'s private key, unencrypted (--tls-key)'],
  ['ATOMSYNC_TRUST_PROXY', 'true or the number of reverse proxies in front: take the scheme and host from Forwarded / X-Forwarded-Proto / X-Forwarded-Host (--trust-proxy; default false: ignored)'],
  ['ATOMSYNC_ADMIN_USER', 'with ATOMSYNC_ADMIN_PASSWORD: this administrator is created, or its password set, at every start'],
  ['ATOMSYNC_ADMIN_PASSWORD', 'the password of ATOMSYNC_ADMIN_USER (without both, a fresh store gets the account demo, its password printed once)'],
  ['ATOMSYNC_LOG_LEVEL', `${LOG_LEVELS.join(', ')} (default info); JSON lines on stdout, each request's carrying its reqId`],
  ['ATOMSYNC_METRICS', 'who may read GET /metrics (Prometheus): admin: Bearer ATOMSYNC_METRICS_TOKEN or an administrator\'s credentials; on: anyone; off: no /metrics (--metrics; default admin, or on for a metrics port without a token)'],
  ['ATOMSYNC_METRICS_TOKEN', 'at least 16 characters: `Authorization: Bearer <token>` reads /metrics (a scraper needs no account)'],
  ['ATOMSYNC_METRICS_PORT', 'serve /metrics on a listener of its own at this port, and not on the public port (--metrics-port; default: the public port)'],
  ['ATOMSYNC_METRICS_HOST', 'address of the metrics listener (--metrics-host; default 127.0.0.1)'],
  ['ATOMSYNC_RUN_LEASE_SECONDS', `how long a synchronization run's hold on its binding lasts unless the run renews it (every third of it): a run cut off by a crash blocks its binding this long, then is logged as failed, interrupted (1-3600; default ${DEFAULT_RUN_LEASE_SECONDS})`],
  ['ATOMSYNC_OAUTH_CLIENTS', 'JSON file of the OAuth 2.0 clients that refresh CardDAV/CalDAV external accounts\' bearer tokens (Google): name → { origins, token_endpoint, client_id, client_secret } (default: none; a refused access token then fails the run)'],
  ['ATOMSYNC_TOMBSTONE_RETENTION_DAYS', `how long a deleted item's tombstone is kept for sync deltas: a CardDAV/CalDAV sync token older than the oldest tombstone pruned is refused and its client lists the collection afresh (1-3650; default ${DEFAULT_TOMBSTONE_RETENTION_DAYS})`],
];

/** The variables the store commands (`atomsync account …`, `catalogue import`) read. */
export const STORE_ENVIRONMENT: readonly (readonly [name: string, help: string])[] = SERVE_ENVIRONMENT.filter(([name]) =>
  ['ATOMSYNC_DATA_DIR', 'DATABASE_URL', 'ATOMSYNC_SECRET_KEY'].includes(name),
);

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

/** `true`/`on`/`yes` → 1 proxy, a whole number → that many, `false`/`off`/`no`/`0` → none. */
function trustProxy(value: string, from: string): number | undefined {
  const v = value.trim().toLowerCase();
  if (['true', 'on', 'yes'].includes(v)) return 1;
  if (['false', 'off', 'no', '0'].includes(v)) return undefined;
  if (/^\d{1,2}$/.test(v)) return Number(v);
  throw new ConfigError(`${from} must be true, false or the number of proxies in front, not ${JSON.stringify(value)}`);
}

/** Whole seconds from 1 to an hour: shorter risks abandoning live runs over a pause, longer blocks a crashed run's binding past use. */
function runLeaseSeconds(value: string): number {
  const n = Number(value.trim());
  if (!/^\d+$/.test(value.trim()) || n < 1 || n > 3600) throw new ConfigError(`ATOMSYNC_RUN_LEASE_SECONDS must be a whole number of seconds from 1 to 3600, not ${JSON.stringify(value)}`);
  return n;
}

/** Whole days from 1 to ten years: a shorter retention makes every briefly idle DAV client download everything again. */
function tombstoneRetentionDays(value: string): number {
  const n = Number(value.trim());
  if (!/^\d+$/.test(value.trim()) || n < 1 || n > 3650) throw new ConfigError(`ATOMSYNC_TOMBSTONE_RETENTION_DAYS must be a whole number of days from 1 to 3650, not ${JSON.stringify(value)}`);
  return n;
}

/**
 * ATOMSYNC_OAUTH_CLIENTS' file: a JSON object of provider name → `{ origins, token_endpoint,
 * client_id, client_secret }`, `origins` the collection origins whose bearer tokens that client
 * refreshes. A file (not the variable's value): it holds client secrets, kept as the operator keeps
 * secret files (mode 0600, a container's secret mount).
 */
export function parseOAuthClients(text: string, from = 'ATOMSYNC_OAUTH_CLIENTS'): OAuthClient[] {
  const bad = (why: string) => new ConfigError(`${from}: ${why}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw bad(`not JSON (${(error as Error).message})`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw bad('must be a JSON object of provider name → { origins, token_endpoint, client_id, client_secret }');
  const clients = Object.entries(parsed as Record<string, unknown>).map(([name, value]): OAuthClient => {
    const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
    const text = (field: string): string => {
      const got = v[field];
      if (typeof got !== 'string' || got === '') throw bad(`${name}: ${field} must be a non-empty string`);
      return got;
    };
    const url = (field: string, given: string): URL => {
      let at: URL;
      try {
        at = new URL(given);
      } catch {
        throw bad(`${name}: ${field} ${JSON.stringify(given)} is not a URL`);
      }
      if (at.protocol !== 'https:' && at.protocol !== 'http:') throw bad(`${name}: ${field} must be an http or https URL`);
      return at;
    };
    if (!Array.isArray(v.origins) || v.origins.length === 0 || !v.origins.every((o) => typeof o === 'string')) {
      throw bad(`${name}: origins must be a list of the collection origins (https://host) whose tokens it refreshes`);
    }
    const origins = (v.origins as string[]).map((o) => url('origins', o).origin);
    return { name, origins, tokenEndpoint: url('token_endpoint', text('token_endpoint')).href, clientId: text('client_id'), clientSecret: text('client_secret') };
  });
  // One client per origin: which client issued a token is known only by where it is used.
  const seen = new Map<string, string>();
  for (const c of clients) {
    for (const origin of c.origins) {
      const other = seen.get(origin);
      if (other !== undefined) throw bad(`${origin} is among the origins of both ${other} and ${c.name}; a collection's origin picks one client`);
      seen.set(origin, c.name);
    }
  }
  return clients;
}

function oauthClients(vars: NodeJS.ProcessEnv, cwd: string): OAuthClient[] {
  const file = env(vars, 'ATOMSYNC_OAUTH_CLIENTS');
  if (file === undefined) return [];
  const path = resolve(cwd, file);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new ConfigError(`ATOMSYNC_OAUTH_CLIENTS: cannot read ${path}: ${(err instanceof Error ? err.message : String(err)).replace(/, \w+ '.*'$/, '')}`);
  }
  return parseOAuthClients(text, `ATOMSYNC_OAUTH_CLIENTS (${path})`);
}

function metrics(value: string, from: string): MetricsAccess {
  const v = value.trim().toLowerCase();
  if (!(METRICS_ACCESS as readonly string[]).includes(v)) throw new ConfigError(`${from} must be one of ${METRICS_ACCESS.join(', ')}, not ${JSON.stringify(value)}`);
  return v as MetricsAccess;
}

function metricsToken(vars: NodeJS.ProcessEnv): string | undefined {
  const token = env(vars, 'ATOMSYNC_METRICS_TOKEN');
  if (token === undefined) return undefined;
  if (token.length < 16 || /\s/.test(token)) throw new ConfigError('ATOMSYNC_METRICS_TOKEN must be at least 16 characters without spaces, e.g. from `openssl rand -base64 24`');
  return token;
}

function metricsListen(flags: ServeFlags, vars: NodeJS.ProcessEnv): ServeConfig['metricsListen'] {
  const portValue = flags.metricsPort ?? env(vars, 'ATOMSYNC_METRICS_PORT');
  const host = flags.metricsHost ?? env(vars, 'ATOMSYNC_METRICS_HOST');
  if (portValue === undefined) {
    if (host !== undefined) throw new ConfigError(`${flags.metricsHost !== undefined ? '--metrics-host' : 'ATOMSYNC_METRICS_HOST'} needs --metrics-port or ATOMSYNC_METRICS_PORT`);
    return undefined;
  }
  return { host: host ?? '127.0.0.1', port: port(portValue, flags.metricsPort !== undefined ? '--metrics-port' : 'ATOMSYNC_METRICS_PORT') };
}

/** Both files or neither; a flag wins over its variable, each on its own. */
function tls(flags: ServeFlags, vars: NodeJS.ProcessEnv, cwd: string): TlsFiles | undefined {
  const cert = flags.tlsCert ?? env(vars, 'ATOMSYNC_TLS_CERT');
  const key = flags.tlsKey ?? env(vars, 'ATOMSYNC_TLS_KEY');
  if (cert === undefined && key === undefined) return undefined;
  if (key === undefined) throw new ConfigError(`${flags.tlsCert !== undefined ? '--tls-cert' : 'ATOMSYNC_TLS_CERT'} needs --tls-key or ATOMSYNC_TLS_KEY: the certificate and its private key go together, set both or neither`);
  if (cert === undefined) throw new ConfigError(`${flags.tlsKey !== undefined ? '--tls-key' : 'ATOMSYNC_TLS_KEY'} needs --tls-cert or ATOMSYNC_TLS_CERT: the certificate and its private key go together, set both or neither`);
  return { certFile: resolve(cwd, cert), keyFile: resolve(cwd, key) };
}

/** OpenSSL's words without its code: `error:05800074:x509 certificate routines::key values mismatch` → `key values mismatch`. */
function opensslReason(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.slice(message.lastIndexOf(':') + 1).trim() || message;
}

function readPem(file: string, what: string): Buffer {
  try {
    return readFileSync(file);
  } catch (err) {
    // `ENOENT: no such file or directory, open '/x'`: the path is said once, first.
    const reason = (err instanceof Error ? err.message : String(err)).replace(/, \w+ '.*'$/, '');
    throw new ConfigError(`cannot read the TLS ${what} ${file}: ${reason}`);
  }
}

/**
 * The certificate and key files, read and checked as node will use them (each parses, and the
 * key is the certificate's), or a ConfigError saying which file is wrong and why. Read at start,
 * and again on SIGHUP.
 */
export function readTls(files: TlsFiles): TlsPair {
  const cert = readPem(files.certFile, 'certificate');
  const key = readPem(files.keyFile, 'key');
  try {
    createSecureContext({ cert });
  } catch (err) {
    throw new ConfigError(`the TLS certificate ${files.certFile} is not a PEM certificate node can use (${opensslReason(err)})`);
  }
  try {
    createSecureContext({ key });
  } catch (err) {
    const hint = (err as { code?: unknown }).code === 'ERR_OSSL_BAD_DECRYPT' ? ': a key with a passphrase? give it unencrypted' : '';
    throw new ConfigError(`the TLS key ${files.keyFile} is not a PEM private key node can use (${opensslReason(err)}${hint})`);
  }
  try {
    createSecureContext({ cert, key });
  } catch (err) {
    throw new ConfigError(`the TLS key ${files.keyFile} is not the key of the certificate ${files.certFile} (${opensslReason(err)})`);
  }
  return { cert, key };
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
  // The rule of every password set (the bootstrap sets it at each start), told before the store opens.
  const problem = passwordLengthProblem(password);
  if (problem !== undefined) throw new ConfigError(`ATOMSYNC_ADMIN_PASSWORD ${problem}`);
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
  // A bare `--trust-proxy` (citty gives '') trusts one proxy.
  const trust = flags.trustProxy === '' ? 'true' : (flags.trustProxy ?? env(vars, 'ATOMSYNC_TRUST_PROXY'));
  const metricsValue = flags.metrics ?? env(vars, 'ATOMSYNC_METRICS');
  const lease = env(vars, 'ATOMSYNC_RUN_LEASE_SECONDS');
  const retention = env(vars, 'ATOMSYNC_TOMBSTONE_RETENTION_DAYS');
  return {
    host: flags.host ?? env(vars, 'ATOMSYNC_HOST') ?? '127.0.0.1',
    port: portFlag === undefined ? 8080 : port(portFlag, flags.port !== undefined ? '--port' : 'ATOMSYNC_PORT'),
    ...resolveStoreConfig(flags, vars, cwd),
    baseUrl: base === undefined ? undefined : baseUrl(base),
    logLevel: level === undefined ? 'info' : logLevel(level),
    admin: admin(vars),
    trustProxy: trust === undefined ? undefined : trustProxy(trust, flags.trustProxy !== undefined ? '--trust-proxy' : 'ATOMSYNC_TRUST_PROXY'),
    metrics: metricsValue === undefined ? undefined : metrics(metricsValue, flags.metrics !== undefined ? '--metrics' : 'ATOMSYNC_METRICS'),
    metricsToken: metricsToken(vars),
    metricsListen: metricsListen(flags, vars),
    tls: tls(flags, vars, cwd),
    runLeaseSeconds: lease === undefined ? DEFAULT_RUN_LEASE_SECONDS : runLeaseSeconds(lease),
    tombstoneRetentionDays: retention === undefined ? DEFAULT_TOMBSTONE_RETENTION_DAYS : tombstoneRetentionDays(retention),
    oauthClients: oauthClients(vars, cwd),
  };
}
