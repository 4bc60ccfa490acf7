/**
 * @atomsync/sdk — the typed client of the atomsync synchronization service.
 *
 *   const client = createClient({ baseUrl: 'http://127.0.0.1:8080', auth: basicAuth('alice', 'secret') });
 *   const phones = await client.syncml.list();
 *
 * This is the Node build; browsers and edge runtimes get browser.ts (package.json's `browser`,
 * `worker`, `workerd` and `edge-light` conditions, or `@atomsync/sdk/browser`).
 */

export { createClient, type ClientOptions } from './client.js';
export * from './api.js';
