/**
 * Which fetch carries a request. The default is the global `fetch` (so msw and other fetch
 * interceptors see the SDK's traffic) with the client's own undici 7 `Agent` passed per request
 * as its dispatcher, for a keep-alive connection pool the client owns and can close. The global
 * dispatcher is never set nor replaced (undici-agent.ts: how loading undici is kept from doing so).
 *
 * Node 20's bundled fetch (undici 6) accepts an undici 7 dispatcher: checked on Node 20.20 against
 * a real node:http server (test/transport.test.ts), including connection reuse and aborts.
 */
import type { Dispatcher } from 'undici';
import type { Transport } from './fetch-transport.js';
import { createOwnedAgent, type OwnedAgent } from './undici-agent.js';

export interface TransportOptions {
  fetch?: typeof globalThis.fetch;
  dispatcher?: Dispatcher;
}

export function createTransport(options: TransportOptions): Transport {
  let owned: Promise<OwnedAgent> | undefined;
  const dispatcherFor = async (): Promise<Dispatcher | undefined> => {
    if (options.dispatcher) return options.dispatcher;
    // A custom fetch brings its own transport; only ours gets our pool.
    if (options.fetch) return undefined;
    return (await (owned ??= createOwnedAgent())).dispatcher;
  };
  return {
    async send(request) {
      // Looked up per request, not at creation (see fetch-transport.ts).
      const fetchImpl = options.fetch ?? globalThis.fetch;
      const dispatcher = await dispatcherFor();
      return dispatcher ? fetchImpl(request, { dispatcher } as RequestInit) : fetchImpl(request);
    },
    async close() {
      const agent = owned;
      owned = undefined;
      await (await agent)?.close();
    },
  };
}
