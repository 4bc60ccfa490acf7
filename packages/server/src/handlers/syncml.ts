/** Handlers of SyncML setup, server-initiated sync requests, the outbox, sessions and the chat log. */
import type { HandlerGroup } from './deps.js';

export const syncmlHandlers: HandlerGroup = () => ({});
