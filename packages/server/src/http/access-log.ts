/**
 * The access log: one line per answered request, with its method, path (never the query),
 * status, operation, the account it signed in as, and its time; never headers or bodies.
 *
 * Probes and metrics scrapes are logged at debug, everything else at info: a load balancer
 * probing every 2 s and Prometheus scraping every 15 s would otherwise be most of an idle
 * server's log (issue 26), burying the requests people read it for.
 */
import type { Logger } from 'pino';
import type { RequestState } from './request-state.js';

/** The operations a machine asks on a timer: `/healthz` (the contract's getHealth), `/livez`, `/readyz`, `/metrics`. */
const POLLED = new Set(['getHealth', 'livez', 'readyz', 'metrics']);

export function accessLevel(operationId: string | undefined): 'info' | 'debug' {
  return operationId !== undefined && POLLED.has(operationId) ? 'debug' : 'info';
}

export interface AccessLine {
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly ms: number;
}

/** Logs the request's line at its level; asks the level first, so a server not logging it makes no per-request logger. */
export function logAccess(logger: Logger, state: RequestState, line: AccessLine): void {
  const level = accessLevel(state.operationId);
  if (!logger.isLevelEnabled(level)) return;
  state.log[level]({ method: line.method, path: line.path, status: line.status, op: state.operationId, user: state.user, ms: Math.round(line.ms * 10) / 10 }, 'request');
}
