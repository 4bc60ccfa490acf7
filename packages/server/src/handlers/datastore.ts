/** Handlers of datastore clients and their contents (items, since-feeds, batches). */
import type { HandlerGroup } from './deps.js';

export const datastoreHandlers: HandlerGroup = () => ({});
