/**
 * createClient for browsers and edge runtimes: the core (core.ts) over the global fetch (or the
 * one given), with no User-Agent of ours (the runtime sends its own) and nothing of Node's.
 */
import { createClientWith, type AtomSyncClient, type CommonClientOptions } from './core.js';
import { createFetchTransport } from './fetch-transport.js';

export type ClientOptions = CommonClientOptions;

export function createClient(options: ClientOptions): AtomSyncClient {
  return createClientWith(options, createFetchTransport(options.fetch), undefined);
}
