/**
 * The Atom API through the SDK's browser build, as the signed-in pages use it: the session cookie
 * goes with every same-origin request, and the console's header lets the server take it
 * (session.ts). Loaded after signing in, with the pages (pages/index.ts).
 */
import { createClient, type AtomSyncClient } from '@atomsync/sdk';
import { CONSOLE_HEADERS } from './session.js';

export const api: AtomSyncClient = createClient({ baseUrl: location.origin, headers: CONSOLE_HEADERS });
