/**
 * @atomsync/sdk for browsers and edge runtimes (Cloudflare Workers, Deno, Vercel Edge): the same
 * API as the Node build, over the global fetch and Web Crypto, with nothing of Node's on its
 * import path (test/browser-bundle.test.ts bundles it for the browser to keep it so). No
 * `dispatcher` option, and `close()` has nothing to close.
 */

export { createClient, type ClientOptions } from './browser-client.js';
export * from './api.js';
