/**
 * One route's h3 handler: the request pipeline every operation runs through.
 *
 *  1. pick the operation: the route's, or a variant whose query parameter is present
 *  2. authenticate and enforce the auth class (401 / 403)
 *  3. a fixed answer the spec gives (400, 405 with Allow, 501) ends here
 *  4. path and query parameters (400 validation_failed)
 *  5. the body: media type (415), size (413), XML and shape (400 invalid_xml / validation_failed),
 *     batch size (413); a content write took its place in the store's line of writers on
 *     arrival, and its body, read at once, is decoded once it is near its turn
 *  6. the handler, or 501 not_implemented without one; a content write's handler prepares its
 *     write, then runs it in its turn (`ctx.inWriterTurn`, writer-queue.ts), released
 *     however the request ends
 *  7. the result, encoded by the response codec at the success status and reason
 *
 * Any failure on the way answers the error body (guide/protocol.md#error-body).
 */
import type { OperationSpec } from '@atomsync/atom';
import type { H3Event } from 'h3';
import { authenticate, type Authenticator } from '../auth/authenticate.js';
import type { OperationHandlers, RequestContext } from '../context.js';
import { ServiceError } from '../errors.js';
import type { RouteSpec } from '../generated/routes.js';
import { readOperationBody } from './body.js';
import { toServiceError } from './failure.js';
import { readParams } from './params.js';
import { requestState } from './request-state.js';
import { sendError, sendResult, type Body } from './respond.js';
import type { Turn, WriterQueue } from './writer-queue.js';

export interface PipelineOptions {
  readonly handlers: OperationHandlers;
  readonly authenticator: Authenticator | undefined;
  /** ATOMSYNC_BASE_URL without its trailing slash; undefined → the request's origin. */
  readonly baseUrl: string | undefined;
  /** The store's line of writers; undefined: none, requests are not queued. */
  readonly writers?: WriterQueue;
}

type AnyHandler = (input: unknown, ctx: RequestContext) => Promise<unknown>;

function chooseOperation(event: H3Event, route: RouteSpec): OperationSpec {
  for (const variant of route.variants) if (event.url.searchParams.has(variant.when)) return variant.operation;
  return route.operation;
}

function fixedAnswer(route: RouteSpec): ServiceError {
  const fixed = route.fixed!;
  return new ServiceError(fixed.status, fixed.code, fixed.message, [], fixed.status === 405 ? { allow: route.allow } : {});
}

/**
 * The writes that take turns in the store's line: the datastore contents' creates, updates and
 * batches, which write the store and wait on nothing else. Not a sync run, say: it may call a
 * remote (this server too) and would hold the line while it waits.
 */
const QUEUED = new Set(['createContent', 'updateContent', 'batchContents']);
const writes = (operation: OperationSpec): boolean => QUEUED.has(operation.id);

async function run(event: H3Event, route: RouteSpec, options: PipelineOptions): Promise<Body> {
  const operation = chooseOperation(event, route);
  // A writer's place in line is where its request arrived; it asks for its turn when its handler
  // is ready to write (its body read, decoded and checked).
  const turn = writes(operation) ? options.writers?.enter() : undefined;
  try {
    return await runOperation(event, route, operation, options, turn);
  } finally {
    turn?.release();
  }
}

async function runOperation(event: H3Event, route: RouteSpec, operation: OperationSpec, options: PipelineOptions, turn: Turn | undefined): Promise<Body> {
  const state = requestState(event);
  state.operationId = operation.id;
  const principal = await authenticate(event, operation, options.authenticator);
  if (principal.kind === 'account') state.user = principal.username;
  if (route.fixed !== undefined) throw fixedAnswer(route);
  const { path, query } = readParams(event, operation);
  const body = await readOperationBody(event, route, operation, turn);
  const handler = (options.handlers as Record<string, AnyHandler | undefined>)[operation.id];
  if (handler === undefined) {
    throw new ServiceError(501, 'not_implemented', `${operation.id} is not implemented by this server yet`);
  }
  const ctx: RequestContext = {
    event,
    requestId: state.requestId,
    principal,
    baseUrl: options.baseUrl ?? event.url.origin,
    // The request's logger is made on first use (http/request-state.ts): not here for every request.
    get log() {
      return state.log;
    },
    inWriterTurn: turn === undefined ? (write) => write() : (write) => inTurn(turn, write),
  };
  const result = await handler.call(options.handlers, { path, query, body }, ctx);
  return sendResult(event, operation, result);
}

/** Runs `write` once `turn` comes, and hands the turn on as soon as it is done. */
async function inTurn<T>(turn: Turn, write: () => Promise<T>): Promise<T> {
  await turn.wait();
  try {
    return await write();
  } finally {
    turn.release();
  }
}

export function routeHandler(route: RouteSpec, options: PipelineOptions): (event: H3Event) => Promise<Body> {
  return async (event) => {
    try {
      return await run(event, route, options);
    } catch (error) {
      const state = requestState(event);
      return sendError(event, toServiceError(error, state.log, state.requestId));
    }
  };
}

/** The answer for a method the path does not offer: 405 with `Allow`, except HEAD where GET is offered. */
export function otherMethodHandler(allow: string, get: ((event: H3Event) => Promise<Body>) | undefined): (event: H3Event) => Promise<Body> | Body {
  return (event) => {
    if (event.req.method === 'HEAD' && get !== undefined) return get(event);
    return sendError(event, new ServiceError(405, 'method_not_allowed', `${event.req.method} is not offered here; use ${allow}`, [], { allow }));
  };
}
