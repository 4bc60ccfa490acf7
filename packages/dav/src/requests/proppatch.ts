/**
 * PROPPATCH (RFC 4918 §9.2), extended MKCOL (RFC 5689) and MKCALENDAR (RFC 4791 §5.3.1): the
 * properties set or removed, each value kept as the self-contained XML fragment the client sent (a
 * dead property is served back as written, whatever its prefixes) and as its text (what a live
 * property such as displayname or calendar-color holds).
 */
import { DavRequestError } from '../errors.js';
import { MAX_DEAD_PROPERTY_CHARS } from '../limits.js';
import { CALDAV_NS, DAV_NS, type QName } from '../namespaces.js';
import { childNamed, type XmlNode } from '../xml/tree.js';
import { fragmentOf, type RawXml } from '../xml/write.js';
import { isEmptyBody, nameOf, readRoot, type Body } from './common.js';

export type PropertyUpdate = PropertySet | PropertyRemove;

export interface PropertySet {
  readonly op: 'set';
  readonly name: QName;
  /** The property element as sent, namespaces declared on it: what a dead property stores. */
  readonly value: RawXml;
  /** Its text (for live properties whose value is text). */
  readonly text: string;
  /** Its child elements (DAV:resourcetype's kinds, supported-calendar-component-set's comps). */
  readonly node: XmlNode;
}

export interface PropertyRemove {
  readonly op: 'remove';
  readonly name: QName;
}

function setOf(property: XmlNode): PropertySet {
  const raw = fragmentOf(property);
  if (raw.length > MAX_DEAD_PROPERTY_CHARS) {
    throw DavRequestError.badRequest(`the value of {${property.ns}}${property.name} is longer than ${MAX_DEAD_PROPERTY_CHARS} characters`);
  }
  return { op: 'set', name: nameOf(property), value: { raw }, text: property.text, node: property };
}

/** The set/remove instructions under `root`, in document order (RFC 4918 applies them in order). */
function updatesOf(root: XmlNode, allowRemove: boolean): PropertyUpdate[] {
  const updates: PropertyUpdate[] = [];
  for (const instruction of root.children) {
    if (instruction.ns !== DAV_NS || (instruction.name !== 'set' && instruction.name !== 'remove')) continue;
    if (instruction.name === 'remove' && !allowRemove) throw DavRequestError.badRequest(`<remove> has no place in <${root.name}>`);
    const prop = childNamed(instruction, DAV_NS, 'prop');
    if (prop === undefined) throw DavRequestError.badRequest(`<${instruction.name}> without <prop>`);
    for (const property of prop.children) {
      updates.push(instruction.name === 'set' ? setOf(property) : { op: 'remove', name: nameOf(property) });
    }
  }
  return updates;
}

export function readProppatch(body: Body): PropertyUpdate[] {
  const updates = updatesOf(readRoot(body, [{ ns: DAV_NS, name: 'propertyupdate' }]), true);
  if (updates.length === 0) throw DavRequestError.badRequest('<propertyupdate> sets and removes nothing');
  return updates;
}

/** An extended MKCOL or a MKCALENDAR: the resource types asked for and the properties to set. */
export interface CollectionCreation {
  /** DAV:resourcetype's children (extended MKCOL); empty for MKCALENDAR (its type is the method's). */
  readonly resourcetype: readonly QName[];
  /** Every property set, resourcetype excepted. */
  readonly set: readonly PropertySet[];
}

const setsOnly = (updates: PropertyUpdate[]): PropertySet[] => updates.filter((u): u is PropertySet => u.op === 'set');

/** Extended MKCOL (RFC 5689): null for a plain MKCOL (no body). */
export function readMkcol(body: Body): CollectionCreation | null {
  if (isEmptyBody(body)) return null;
  const sets = setsOnly(updatesOf(readRoot(body, [{ ns: DAV_NS, name: 'mkcol' }]), false));
  const type = sets.find((s) => s.name.ns === DAV_NS && s.name.name === 'resourcetype');
  return { resourcetype: type ? type.node.children.map(nameOf) : [], set: sets.filter((s) => s !== type) };
}

/** MKCALENDAR (RFC 4791 §5.3.1): the body is optional. */
export function readMkcalendar(body: Body): CollectionCreation {
  if (isEmptyBody(body)) return { resourcetype: [], set: [] };
  return { resourcetype: [], set: setsOnly(updatesOf(readRoot(body, [{ ns: CALDAV_NS, name: 'mkcalendar' }]), false)) };
}
