/** What every handler group is built from (server.ts wires them). */
import type { Gateway } from '../gateway/gateway.js';
import type { SecretBox } from '../secrets/box.js';
import type { Store } from '../store/store.js';
import type { OperationHandlers } from '../generated/handlers.js';

export interface HandlerDeps {
  readonly store: Store;
  /** Seals and opens the secrets the store keeps (secrets/box.ts). */
  readonly secrets: SecretBox;
  /** Where setup documents and sync notifications go (gateway/gateway.ts). */
  readonly gateway: Gateway;
}

/** One group of operations (a handlers/*.ts module): the handlers it implements. */
export type HandlerGroup = (deps: HandlerDeps) => Partial<OperationHandlers>;
