/**
 * Middleware: the one hook point. Each is a function of the request and the rest of the chain,
 * as in Koa or ky's hooks folded into one: look at or replace the `Request`, call `next` (or not,
 * or twice), look at or replace the `Response`.
 *
 *   const logging: Middleware = async (request, next, { operationId, attempt }) => {
 *     const response = await next(request);
 *     console.log(operationId, attempt, request.method, request.url, response.status);
 *     return response;
 *   };
 *   const tracing: Middleware = (request, next) => {
 *     request.headers.set('traceparent', currentTraceparent());
 *     return next(request);
 *   };
 *
 * The chain runs once per attempt (a retried request runs it again), after the SDK has set every
 * header, `Authorization` included, and before anything is sent. The first middleware of the
 * list is the outermost. An OAuth 1.0a signature covers the method and URL: a middleware that
 * changes either must sign again.
 */

/** What a middleware knows about the call besides its request. */
export interface MiddlewareContext {
  /** The operationId of the call (`listSyncmlClients`, …). */
  readonly operationId: string;
  /** 1 for the first attempt, 2 for the first retry, … */
  readonly attempt: number;
}

/** Sends a request through the rest of the chain. */
export type Next = (request: Request) => Promise<Response>;

export type Middleware = (request: Request, next: Next, context: MiddlewareContext) => Promise<Response>;

/** Runs `request` through `middleware`, outermost first, ending in `send`. */
export function runMiddleware(middleware: readonly Middleware[], request: Request, context: MiddlewareContext, send: Next): Promise<Response> {
  const at = (i: number): Next =>
    i === middleware.length ? send : (req) => middleware[i]!(req, at(i + 1), context);
  return at(0)(request);
}
