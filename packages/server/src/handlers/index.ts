/** Every handler group, merged into the server's OperationHandlers (each operation in one group). */
import type { OperationHandlers } from '../context.js';
import { accountsHandlers } from './accounts.js';
import { appPasswordsHandlers } from './app-passwords.js';
import { bindingsHandlers } from './bindings.js';
import { catalogueHandlers } from './catalogue.js';
import { clientsHandlers } from './clients.js';
import { datastoreHandlers } from './datastore.js';
import type { HandlerDeps, HandlerGroup } from './deps.js';
import { syncmlHandlers } from './syncml.js';
import { syncmlProtocolHandlers } from './syncml-protocol.js';

const groups: readonly HandlerGroup[] = [accountsHandlers, appPasswordsHandlers, datastoreHandlers, clientsHandlers, bindingsHandlers, syncmlHandlers, syncmlProtocolHandlers, catalogueHandlers];

export function createHandlers(deps: HandlerDeps): OperationHandlers {
  const handlers: OperationHandlers = {};
  for (const group of groups) {
    for (const [id, handler] of Object.entries(group(deps))) {
      if (id in handlers) throw new Error(`operation ${id} is implemented by two handler groups`);
      (handlers as Record<string, unknown>)[id] = handler;
    }
  }
  return handlers;
}

export type { HandlerDeps, HandlerGroup } from './deps.js';
