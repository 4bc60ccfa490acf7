/**
 * createApp: the h3 app of the reference server, built from the generated route table. Each
 * route's method is an h3 route running the pipeline (http/pipeline.ts); each path also answers
 * the methods it does not offer with 405 and `Allow`; unknown paths answer 404. rou3 matches a
 * path with or without its trailing slash, so both forms reach the same route.
 */
import { H3, type H3Event, type HTTPError } from 'h3';
import type { Logger } from 'pino';
import type { Authenticator } from './auth/authenticate.js';
import { ServiceError } from './errors.js';
import type { OperationHandlers } from './context.js';
import { routes, type RouteSpec } from './generated/routes.js';
import { toServiceError } from './http/failure.js';
import { otherMethodHandler, routeHandler, type PipelineOptions } from './http/pipeline.js';
import { ensureRequest } from './http/request-state.js';
import { sendError } from './http/respond.js';
import { quote } from './http/safe-text.js';
import { createLogger } from './log.js';

export interface AppOptions {
  /** The operations this server implements; the others answer 501 once their input is validated. */
  handlers?: OperationHandlers;
  /** `{base_url}` for ids and links (ATOMSYNC_BASE_URL); default: each request's own origin. */
  baseUrl?: string;
  /** Default: warnings and errors to stdout. */
  logger?: Logger;
  /** Who a request's credentials name. Default: none, and every request runs as anonymous. */
  authenticate?: Authenticator;
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
  };
  const app = new H3({
    silent: true,
    onRequest(event) {
      ensureRequest(event, logger);
    },
    onError(error, event) {
      const state = ensureRequest(event, logger);
      return sendError(event, refusal(error, event) ?? toServiceError(error, state.log, state.requestId));
    },
    onResponse(response, event) {
      const state = ensureRequest(event, logger);
      state.log.info(
        { method: event.req.method, path: event.url.pathname, status: response.status, op: state.operationId, ms: Math.round((performance.now() - state.started) * 10) / 10 },
        'request',
      );
    },
  });
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
