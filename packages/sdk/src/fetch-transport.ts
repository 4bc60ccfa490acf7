/**
 * What carries a request: a fetch. This one calls the fetch given, else the global one; it is the
 * whole transport of the browser/edge build (transport.ts adds Node's connection pool).
 */

export interface Transport {
  send(request: Request): Promise<Response>;
  /** Closes the pool the transport created itself; a caller's dispatcher is the caller's to close. */
  close(): Promise<void>;
}

export function createFetchTransport(fetch?: typeof globalThis.fetch): Transport {
  return {
    // Looked up per request, not at creation: msw and similar tools replace globalThis.fetch
    // when they start, which is often after the client was created.
    send: (request) => (fetch ?? globalThis.fetch)(request),
    close: async () => undefined,
  };
}
