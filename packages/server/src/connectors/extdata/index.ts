/**
 * The extdata connector (select.ts picks): a remote Atom feed per datastore (connector.ts), signed
 * (sign.ts), sent with timeouts and retries (transport.ts); or a CardDAV/CalDAV collection (dav/).
 */
export { extdataCoverage, datastoreFor, type ExtdataConnectorOptions } from './connector.js';
export { extdataConnector } from './select.js';
export { ExtdataError, DEFAULT_RETRY, DEFAULT_TIMEOUT_MS, type RetryPolicy } from './transport.js';
export { checkRemote, type RemoteCheck, type RemoteCheckRequest } from './dav/register.js';
