/** PROPFIND (RFC 4918 §9.1): an empty body is allprop; otherwise DAV:propfind with its choice. */
import { DAV_NS } from '../namespaces.js';
import { ALLPROP, isEmptyBody, readRoot, readSelection, type Body, type PropSelection } from './common.js';

export type PropfindRequest = PropSelection;

export function readPropfind(body: Body): PropfindRequest {
  if (isEmptyBody(body)) return ALLPROP;
  return readSelection(readRoot(body, [{ ns: DAV_NS, name: 'propfind' }]), undefined);
}
