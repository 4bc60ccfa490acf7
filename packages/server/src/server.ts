/**
 * createServer: the reference server as a whole, the h3 app wired to a store, its accounts and
 * the gateway. `atomsync serve`, the tests and @atomsync/msw (in memory) all build it here.
 */
import type { H3 } from 'h3';
import type { Logger } from 'pino';
import { ActivesyncEndpoint, type ActivesyncSettings } from './activesync/endpoint.js';
import { createApp } from './app.js';
import { createAccountAuthenticator } from './auth/accounts.js';
import { DavEndpoint } from './dav/endpoint.js';
import { underDavRoot } from './dav/layout.js';
import { createDeviceAuthenticator } from './auth/device-sign-in.js';
import { withConsoleSessions } from './console/authenticator.js';
import { mountConsole } from './console/mount.js';
import { SignInGuard, type SignInSettings } from './auth/sign-in.js';
import type { MetricsAccess } from './config.js';
import { outboxGateway, type Gateway } from './gateway/gateway.js';
import { createHandlers } from './handlers/index.js';
import { storeReadiness } from './http/health.js';
import type { Housekeeping } from './housekeeping/runner.js';
import { instrumentStore, type Metrics, type StoreStats } from './http/metrics.js';
import { BindingRuns, DEFAULT_LEASE, leaseOf } from './services/run-lock.js';
import type { SecretBox } from './secrets/box.js';
import type { Store } from '@atomsync/store';
import type { OAuthClient } from './connectors/extdata/dav/oauth.js';
import { writerQueueOf } from './http/writer-queue.js';

export interface ServerOptions {
  readonly store: Store;
  readonly secrets: SecretBox;
  /** Default: record in the outbox. */
  readonly gateway?: Gateway;
  /** `{base_url}`; default: each request's origin. */
  readonly baseUrl?: string;
  readonly logger?: Logger;
  /** Reverse proxies in front whose forwarded scheme and host are trusted (ATOMSYNC_TRUST_PROXY); default none. */
  readonly trustProxy?: number;
  /** Counts requests, sync runs and sessions, served at /metrics; default: no metrics. */
  readonly metrics?: Metrics;
  /** Who may read /metrics (ATOMSYNC_METRICS); default here anyone (`atomsync serve` asks for admin); `off` also when a listener of its own serves them. */
  readonly metricsAccess?: MetricsAccess;
  /** ATOMSYNC_METRICS_TOKEN: a Bearer token that reads /metrics under `admin`. */
  readonly metricsToken?: string;
  /** The store's connection figures for the metrics (openConfiguredStore gives them). */
  readonly storeStats?: () => StoreStats | undefined;
  /** The ActiveSync endpoint's bounds (Ping's heartbeat, its watch); defaults when absent. */
  readonly activesync?: Omit<ActivesyncSettings, 'baseUrl' | 'trustProxy'>;
  /** Background deletes of what outlived its use (`atomsync serve` runs them); default none. */
  readonly housekeeping?: Housekeeping;
  /** ATOMSYNC_RUN_LEASE_SECONDS: a synchronization's lease on its binding (services/run-lock.ts); default DEFAULT_RUN_LEASE_SECONDS. */
  readonly runLeaseSeconds?: number;
  /** The sign-in throttle's and scrypt gate's bounds, one guard for every protocol (auth/sign-in.ts); defaults when absent. */
  readonly signIn?: SignInSettings;
  /** The web console and the API reference, served from this folder (the dist/ of @atomsync/console, console/locate.ts); default none. */
  readonly consoleDir?: string;
  /** ATOMSYNC_OAUTH_CLIENTS: the operator's OAuth 2.0 clients, to refresh extdata bearer tokens with (connectors/extdata/dav/oauth.ts); default none. */
  readonly oauthClients?: readonly OAuthClient[];
}

export function createServer(options: ServerOptions): H3 {
  const { metrics } = options;
  const store = metrics === undefined ? options.store : instrumentStore(options.store, metrics);
  if (metrics !== undefined && options.storeStats !== undefined) metrics.observeStore(options.storeStats);
  options.housekeeping?.start(store);
  // One guard for every way of signing in: a name guessed over one protocol waits on all of them.
  const signIn = new SignInGuard(options.signIn);
  // Runs of one binding on this server wait for each other in `runs` rather than poll the lease.
  const runs = new BindingRuns(options.runLeaseSeconds === undefined ? DEFAULT_LEASE : leaseOf(options.runLeaseSeconds), metrics?.runs);
  const oauthClients = options.oauthClients ?? [];
  const deps = { store, secrets: options.secrets, gateway: options.gateway ?? outboxGateway, runs, signIn, oauthClients };
  const activesync = new ActivesyncEndpoint(
    { store, secrets: options.secrets, runs, oauthClients },
    { ...options.activesync, auth: { ...options.activesync?.auth, signIn }, baseUrl: options.baseUrl?.replace(/\/+$/, ''), trustProxy: options.trustProxy },
    options.logger,
  );
  const accounts = createAccountAuthenticator(store, options.secrets, { baseUrl: options.baseUrl, signIn });
  const sessions = { store, secrets: options.secrets, signIn, baseUrl: options.baseUrl?.replace(/\/+$/, '') };
  // With the console, the API takes its session too, from the console's own pages only (console/csrf.ts).
  const authenticate = options.consoleDir === undefined ? accounts : withConsoleSessions(accounts, sessions);
  const dav = new DavEndpoint({ store, auth: createDeviceAuthenticator(store, { signIn }) });
  return createApp({
    handlers: createHandlers(deps),
    authenticate,
    baseUrl: options.baseUrl,
    logger: options.logger,
    trustProxy: options.trustProxy,
    ready: storeReadiness(store),
    writers: writerQueueOf(options.store),
    // The DAV endpoint's routes (/dav, /dav/**) answer with their own headers (dav/answer.ts).
    answersOwnHeaders: underDavRoot,
    metrics,
    metricsAccess: options.metricsAccess,
    metricsToken: options.metricsToken,
    devices: (app) => {
      activesync.mount(app);
      dav.mount(app);
      if (options.consoleDir !== undefined) mountConsole(app, { ...sessions, dir: options.consoleDir });
    },
  });
}
