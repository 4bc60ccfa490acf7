/** Handlers of sync-engine bindings, phone-to-datastore bindings and the sync log. */
import type { HandlerGroup } from './deps.js';

export const bindingsHandlers: HandlerGroup = () => ({});
