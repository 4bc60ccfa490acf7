/**
 * `GET /metrics` (http/metrics.ts), and who may read it (ATOMSYNC_METRICS):
 *
 * | access  | who reads it |
 * |---------|--------------|
 * | `on`    | anyone |
 * | `admin` | `Authorization: Bearer <ATOMSYNC_METRICS_TOKEN>` (when one is configured), or an administrator's credentials (401 / 403 otherwise) |
 * | `off`   | nobody: 404 like any unknown path |
 *
 * The figures hold no account data, but they say how busy the service is, which operations fail
 * and when, what a scan of the internet should not read; `atomsync serve` asks for `admin` unless
 * told otherwise (config.ts). On a listener of its own (ATOMSYNC_METRICS_PORT,
 * createMetricsApp) the same rule holds, and the public port serves no /metrics.
 */
import type { OperationSpec } from '@atomsync/atom';
import { createHash, timingSafeEqual } from 'node:crypto';
import { H3, type H3Event } from 'h3';
import type { Logger } from 'pino';
import { authenticate, type Authenticator } from '../auth/authenticate.js';
import type { MetricsAccess } from '../config.js';
import { ServiceError } from '../errors.js';
import { toServiceError } from './failure.js';
import type { Metrics } from './metrics.js';
import { otherMethodHandler } from './pipeline.js';
import { ensureRequest, requestState } from './request-state.js';
import { sendError, type Body } from './respond.js';
import { prepareAnswerHeaders } from './answer-headers.js';

export interface MetricsEndpointOptions {
  readonly metrics: Metrics;
  readonly access: Exclude<MetricsAccess, 'off'>;
  /** ATOMSYNC_METRICS_TOKEN: a Bearer token that reads /metrics under `admin`. */
  readonly token?: string;
  /** Who an administrator's credentials name, under `admin`. Without it only the token reads. */
  readonly authenticate?: Authenticator;
}

/** /metrics as an operation, for the auth check of `admin`. */
const METRICS_OPERATION: OperationSpec = {
  id: 'getMetrics',
  method: 'GET',
  path: '/metrics',
  tag: 'operations',
  params: [],
  auth: 'admin',
  response: { kind: 'raw', mediaType: 'text/plain' },
  status: 200,
  implemented: true,
  errors: [],
};

const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

/** Whether the request carries `Bearer <token>`, compared in constant time. */
function carriesToken(event: H3Event, token: Buffer): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(event.req.headers.get('authorization') ?? '');
  return match !== null && timingSafeEqual(digest(match[1]!), token);
}

/** The answer of GET /metrics under `options`: the text exposition, or the error document. */
export function metricsAnswer(options: MetricsEndpointOptions): (event: H3Event) => Promise<Body> {
  const token = options.token === undefined ? undefined : digest(options.token);
  const admitted = async (event: H3Event): Promise<void> => {
    if (options.access === 'on') return;
    if (token !== undefined && carriesToken(event, token)) return;
    if (options.authenticate !== undefined) {
      await authenticate(event, METRICS_OPERATION, options.authenticate);
      return;
    }
    throw new ServiceError(401, 'unauthorized', '/metrics needs its token', [], { 'www-authenticate': 'Bearer realm="atomsync-metrics"' });
  };
  return async (event) => {
    const state = requestState(event);
    try {
      await admitted(event);
      const { body, contentType } = await options.metrics.render();
      event.res.headers.set('content-type', contentType);
      event.res.headers.set('cache-control', 'no-store');
      return body;
    } catch (error) {
      return sendError(event, toServiceError(error, state.log, state.requestId));
    }
  };
}

/** A listener's app that serves /metrics alone (ATOMSYNC_METRICS_PORT); anything else is 404. */
export function createMetricsApp(options: MetricsEndpointOptions & { readonly logger: Logger }): H3 {
  const { logger } = options;
  const app = new H3({
    silent: true,
    onRequest(event) {
      ensureRequest(event, logger);
      prepareAnswerHeaders(event);
    },
    onError(error, event) {
      const state = ensureRequest(event, logger);
      const notFound = (error as { status?: number }).status === 404;
      return sendError(event, notFound ? new ServiceError(404, 'not_found', 'this listener serves /metrics alone') : toServiceError(error, state.log, state.requestId));
    },
  });
  const answer = metricsAnswer(options);
  app.on('GET', '/metrics', answer);
  app.all('/metrics', otherMethodHandler('GET', answer));
  return app;
}
