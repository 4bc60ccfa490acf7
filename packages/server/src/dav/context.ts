/** What every DAV handler is given: the store, the signed-in account, the request. */
import type { H3Event } from 'h3';
import type { Logger } from 'pino';
import type { AccountPrincipal } from '../auth/principal.js';
import type { Store } from '@atomsync/store';

export interface DavRequest {
  readonly store: Store;
  readonly account: AccountPrincipal;
  readonly event: H3Event;
  readonly log: Logger;
}

export const header = (req: DavRequest, name: string): string | null => req.event.req.headers.get(name);
