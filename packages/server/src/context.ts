/** What every handler gets besides its input (the generated handlers take it second). */
import type { H3Event } from 'h3';
import type { Logger } from 'pino';
import type { Principal } from './auth/principal.js';
import type { OperationHandlersOf } from './generated/handlers.js';

export interface RequestContext {
  /** The h3 event: the web Request is `event.req`; response headers go on `event.res.headers`. */
  readonly event: H3Event;
  /** This request's id, echoed in `x-request-id` and on every log line. */
  readonly requestId: string;
  /** Who the request acts as (ANONYMOUS while no authenticator is configured). */
  readonly principal: Principal;
  /** `{base_url}` for ids and links: ATOMSYNC_BASE_URL, else the request's own origin. No trailing slash. */
  readonly baseUrl: string;
  /** The request's logger (carries `reqId`). Never log credentials or bodies. */
  readonly log: Logger;
  /**
   * Runs `write` in this request's turn in the store's line of writers (http/writer-queue.ts),
   * then hands the turn on: what comes before it (decoding, checking, describing the items) and
   * after it (encoding the answer) runs outside the turn, beside other requests' writes. At once
   * for a request that took no place in the line.
   */
  inWriterTurn<T>(write: () => Promise<T>): Promise<T>;
}

/** The server's operations with this context: what createApp and the handler groups take. */
export type OperationHandlers = OperationHandlersOf<RequestContext>;
