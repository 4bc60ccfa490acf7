/** Handlers of the admin API: accounts, their bearer tokens and OAuth consumers. */
import type { HandlerGroup } from './deps.js';

export const accountsHandlers: HandlerGroup = () => ({});
