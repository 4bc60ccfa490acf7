/**
 * createApp: the h3 app of the reference server, built from the generated route table. Each
 * route's method is an h3 route running the pipeline (http/pipeline.ts); each path also answers
 * the methods it does not offer with 405 and `Allow`; unknown paths answer 404. rou3 matches a
 * path with or without its trailing slash, so both forms reach the same route.
 *
 * Beside the API, for the operator (not in the spec): `/livez`, `/readyz` (http/health.ts) and,
 * when given metrics, `/metrics` (http/metrics.ts); for phones, the device protocols `devices`
 * mounts (ActiveSync: activesync/endpoint.ts). Behind trusted proxies (`trustProxy`), the
 * request URL's origin is the one they forward (http/forwarded.ts) before anything reads it.
 */
import { H3, type H3Event, type HTTPError } from 'h3';
import type { Logger } from 'pino';
import type { Authenticator } from './auth/authenticate.js';
import type { MetricsAccess } from './config.js';
import { ServiceError } from './errors.js';
import type { OperationHandlers } from './context.js';
import { routes, type RouteSpec } from './generated/routes.js';
import { logAccess } from './http/access-log.js';
import { toServiceError } from './http/failure.js';
import { noteSource } from './http/client-address.js';
import { applyForwarded } from './http/forwarded.js';
import { livez, readyz, type ReadinessCheck } from './http/health.js';
import type { Metrics } from './http/metrics.js';
import { metricsAnswer } from './http/metrics-endpoint.js';
import { otherMethodHandler, routeHandler, type PipelineOptions } from './http/pipeline.js';
import { ensureRequest, requestState } from './http/request-state.js';
import { sendError, type Body } from './http/respond.js';
import { wantsHsts } from './http/security-headers.js';
import { prepareAnswerHeaders } from './http/answer-headers.js';
import { quote } from './http/safe-text.js';
import { createLogger } from './log.js';
import type { WriterQueue } from './http/writer-queue.js';

export interface AppOptions {
  /** The operations this server implements; the others answer 501 once their input is validated. */
  handlers?: OperationHandlers;
  /** `{base_url}` for ids and links (ATOMSYNC_BASE_URL); default: each request's own origin. */
  baseUrl?: string;
  /** Default: warnings and errors to stdout. */
  logger?: Logger;
  /** Who a request's credentials name. Default: none, and every request runs as anonymous. */
  authenticate?: Authenticator;
  /**
   * How many reverse proxies in front may say the client's scheme and host (`Forwarded`,
   * `X-Forwarded-Proto`, `X-Forwarded-Host`). Default: none, and those headers are ignored.
   */
  trustProxy?: number;
  /** What `/readyz` waits for (the store answering). Default: nothing, always ready. */
  ready?: ReadinessCheck;
  /** Counts every request, and is served at `/metrics`. Default: no metrics, no /metrics. */
  metrics?: Metrics;
  /** Who may read `/metrics` (http/metrics-endpoint.ts): anyone (default here; `atomsync serve` asks for admin), the metrics token or an administrator, or nobody (404). */
  metricsAccess?: MetricsAccess;
  /** ATOMSYNC_METRICS_TOKEN: a Bearer token that reads /metrics under `admin`. */
  metricsToken?: string;
  /** Mounts the device protocols that are not Atom operations (ActiveSync's endpoint). */
  devices?: (app: H3) => void;
  /** The store's line of writers: operations with a request body take turns in it. Default: none, no turns. */
  writers?: WriterQueue;
  /**
   * The requests (by path) whose answers carry the headers every answer carries themselves
   * (http/answer-headers.ts): the DAV endpoint's. Default: none.
   */
  answersOwnHeaders?: (pathname: string) => boolean;
}

/** Built-in handlers a caller's own replace. */
const defaults: OperationHandlers = {
  async getHealth() {
    return 'ok';
  },
};

/** How much of an unknown path the 404 message repeats (a path may be as long as node takes). */
const PATH_ECHO_LIMIT = 200;

/** The failures h3 answers before a route runs: no route, a malformed URL. */
function refusal(error: HTTPError, event: H3Event): ServiceError | undefined {
  if (error.unhandled) return undefined;
  if (error.status === 404) return new ServiceError(404, 'not_found', `there is nothing at ${quote(event.url.pathname, PATH_ECHO_LIMIT)}`);
  if (error.status === 400) return new ServiceError(400, 'bad_request', 'the URL is not validly percent-encoded');
  return undefined;
}

export function createApp(options: AppOptions = {}): H3 {
  const logger = options.logger ?? createLogger('warn');
  const pipeline: PipelineOptions = {
    handlers: { ...defaults, ...options.handlers },
    authenticator: options.authenticate,
    baseUrl: options.baseUrl?.replace(/\/+$/, ''),
    writers: options.writers,
  };
  const httpsBase = pipeline.baseUrl?.startsWith('https:') === true;
  const app = new H3({
    silent: true,
    onRequest(event) {
      const state = ensureRequest(event, logger);
      // The client's address first, as the trusted proxies say it: the sign-in throttle counts by it.
      noteSource(event, options.trustProxy);
      if (options.trustProxy !== undefined && options.trustProxy > 0) applyForwarded(event, options.trustProxy);
      state.hsts = wantsHsts(event, httpsBase);
      if (options.answersOwnHeaders?.(event.url.pathname) !== true) prepareAnswerHeaders(event);
    },
    onError(error, event) {
      const state = ensureRequest(event, logger);
      // A request h3 refused before onRequest (a malformed URL) has not asked yet; sendError prepares the headers.
      try {
        state.hsts ||= wantsHsts(event, httpsBase);
      } catch {
        // A URL that does not parse: the error answer goes without HSTS rather than not at all.
      }
      return sendError(event, refusal(error, event) ?? toServiceError(error, state.log, state.requestId));
    },
    onResponse(response, event) {
      const state = ensureRequest(event, logger);
      const ms = performance.now() - state.started;
      logAccess(logger, state, { method: event.req.method, path: event.url.pathname, status: response.status, ms });
      options.metrics?.request(state.operationId ?? 'none', response.status, ms / 1000);
    },
  });
  operational(app, options);
  options.devices?.(app);
  const byPattern = new Map<string, RouteSpec[]>();
  for (const route of routes) byPattern.set(route.pattern, [...(byPattern.get(route.pattern) ?? []), route]);
  for (const [pattern, methods] of byPattern) {
    let get: ReturnType<typeof routeHandler> | undefined;
    for (const route of methods) {
      const handler = routeHandler(route, pipeline);
      if (route.method === 'GET') get = handler;
      app.on(route.method, pattern, handler);
    }
    app.all(pattern, otherMethodHandler(methods[0]!.allow, get));
  }
  return app;
}

/** The operator's endpoints: GET (and HEAD) only, each under its own operation name in logs and metrics. */
function operational(app: H3, options: AppOptions): void {
  const route = (path: string, operation: string, answer: (event: H3Event) => Body | Promise<Body>) => {
    const get = async (event: H3Event): Promise<Body> => {
      requestState(event).operationId = operation;
      return answer(event);
    };
    app.on('GET', path, get);
    app.all(path, otherMethodHandler('GET', get));
  };
  route('/livez', 'livez', livez);
  const ready = readyz(options.ready ?? (async () => {}));
  route('/readyz', 'readyz', (event) => ready(event, requestState(event).log));
  const { metrics, metricsAccess = 'on' } = options;
  if (metrics === undefined || metricsAccess === 'off') return;
  route('/metrics', 'metrics', metricsAnswer({ metrics, access: metricsAccess, token: options.metricsToken, authenticate: options.authenticate }));
}
