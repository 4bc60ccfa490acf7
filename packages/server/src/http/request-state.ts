/** What the pipeline remembers about one request between h3's hooks and the route handler. */
import { randomUUID } from 'node:crypto';
import type { H3Event } from 'h3';
import type { Logger } from 'pino';

export interface RequestState {
  readonly requestId: string;
  /** The request's logger (carries `reqId`), made on first use: most requests log nothing. */
  readonly log: Logger;
  readonly started: number;
  /** The operation the route chose, for the access log. */
  operationId?: string;
  /** The account the request signed in as, once it has: the access log names it (never a credential). */
  user?: string;
  /** Whether the answer carries HSTS (security-headers.ts), decided once the request URL's scheme is final. */
  hsts: boolean;
  /** Whether the headers every answer carries are on the event's prepared headers yet (answer-headers.ts). */
  headersPrepared: boolean;
}

class State implements RequestState {
  operationId?: string;
  user?: string;
  hsts = false;
  headersPrepared = false;
  #log: Logger | undefined;

  constructor(
    readonly requestId: string,
    readonly started: number,
    readonly logger: Logger,
  ) {}

  // A pino child with redaction costs about 5% of a bare request: made only when something logs.
  get log(): Logger {
    return (this.#log ??= this.logger.child({ reqId: this.requestId }));
  }
}

const states = new WeakMap<H3Event, RequestState>();

// A caller's id is echoed only when it cannot forge log lines or headers.
const SAFE_REQUEST_ID = /^[\w.:-]{1,128}$/;

export function beginRequest(event: H3Event, logger: Logger): RequestState {
  const given = event.req.headers.get('x-request-id');
  const requestId = given !== null && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
  const state = new State(requestId, performance.now(), logger);
  states.set(event, state);
  return state;
}

/** The request's state, begun here if h3 refused the request before its onRequest hook (a malformed URL). */
export function ensureRequest(event: H3Event, logger: Logger): RequestState {
  return states.get(event) ?? beginRequest(event, logger);
}

export function requestState(event: H3Event): RequestState {
  const state = states.get(event);
  if (state === undefined) throw new Error('request state read before the request began');
  return state;
}
