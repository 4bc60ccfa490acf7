/** Handlers of external data, SyncML and ActiveSync clients. */
import type { HandlerGroup } from './deps.js';

export const clientsHandlers: HandlerGroup = () => ({});
