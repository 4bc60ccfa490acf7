/** Handlers of the phone catalogue (vendors and models), open to anonymous callers. */
import type { HandlerGroup } from './deps.js';

export const catalogueHandlers: HandlerGroup = () => ({});
