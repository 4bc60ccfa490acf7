/** The extdata connector: a remote Atom feed per datastore (connector.ts), signed (sign.ts), sent with timeouts and retries (transport.ts). */
export { extdataConnector, extdataCoverage, datastoreFor, type ExtdataConnectorOptions } from './connector.js';
export { ExtdataError, DEFAULT_RETRY, DEFAULT_TIMEOUT_MS, type RetryPolicy } from './transport.js';
