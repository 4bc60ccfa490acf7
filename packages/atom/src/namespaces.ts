/** The three namespaces of the atomsync wire format (guide/protocol.md#namespaces). */
export const ATOM_NS = 'http://www.w3.org/2005/Atom';
export const SERVICE_NS = 'http://schemas.atomsync.dev/2009/sync';
export const BATCH_NS = 'http://schemas.google.com/gdata/batch';

export const ATOM_MEDIA_TYPE = 'application/atom+xml';
export const ERROR_MEDIA_TYPE = 'application/xml';
