/**
 * What every request reader shares: the tree bounds of a request body, property-name lists and the
 * `allprop | propname | prop` choice (PROPFIND and the REPORTs).
 */
import { DavRequestError } from '../errors.js';
import { MAX_CHILDREN_PER_ELEMENT, MAX_DEAD_PROPERTY_CHARS, MAX_ELEMENT_DEPTH, MAX_ELEMENTS_PER_DOCUMENT } from '../limits.js';
import { DAV_NS, type QName } from '../namespaces.js';
import { childNamed, readTree, type XmlNode } from '../xml/tree.js';

/** A request body: text, bytes, or nothing (undefined, or only whitespace). */
export type Body = string | Uint8Array | undefined;

const fail = (message: string, cause?: unknown) => DavRequestError.badRequest(message, { cause });

/**
 * The text bound per element is the dead-property bound: a calendar-timezone VTIMEZONE is the
 * longest text a request carries (an href or a text-match is far shorter).
 */
export const REQUEST_LIMITS = {
  maxDepth: MAX_ELEMENT_DEPTH,
  maxElements: MAX_ELEMENTS_PER_DOCUMENT,
  maxChildren: MAX_CHILDREN_PER_ELEMENT,
  maxText: MAX_DEAD_PROPERTY_CHARS,
} as const;

export function isEmptyBody(body: Body): boolean {
  if (body === undefined) return true;
  if (typeof body === 'string') return body.trim() === '';
  for (const byte of body) if (byte !== 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) return false;
  return true;
}

/** The request's document element, checked to be {ns}name. */
export function readRoot(body: Body, expected: readonly QName[]): XmlNode {
  if (isEmptyBody(body)) throw DavRequestError.badRequest(`the request needs a body: ${expected.map((q) => `{${q.ns}}${q.name}`).join(' or ')}`);
  const root = readTree(body!, { ...REQUEST_LIMITS, fail });
  if (!expected.some((q) => q.ns === root.ns && q.name === root.name)) {
    throw DavRequestError.badRequest(`expected ${expected.map((q) => `{${q.ns}}${q.name}`).join(' or ')}, found {${root.ns}}${root.name}`);
  }
  return root;
}

export const nameOf = (node: XmlNode): QName => ({ ns: node.ns, name: node.name });

/** The property names a DAV:prop lists (its children's names; duplicates kept once). */
export function propNames(prop: XmlNode): QName[] {
  const seen = new Set<string>();
  const names: QName[] = [];
  for (const child of prop.children) {
    const key = `{${child.ns}}${child.name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    names.push(nameOf(child));
  }
  return names;
}

/** Which properties a PROPFIND or REPORT asks for. */
export type PropSelection =
  | { readonly kind: 'allprop'; readonly include: readonly QName[] }
  | { readonly kind: 'propname' }
  | { readonly kind: 'prop'; readonly names: readonly QName[] };

/**
 * The selection among `parent`'s children (DAV:allprop [DAV:include], DAV:propname, DAV:prop);
 * `fallback` when none is there (PROPFIND's empty body and the multigets' optional prop).
 */
export function readSelection(parent: XmlNode, fallback: PropSelection | undefined): PropSelection {
  const prop = childNamed(parent, DAV_NS, 'prop');
  if (prop) return { kind: 'prop', names: propNames(prop) };
  if (childNamed(parent, DAV_NS, 'propname')) return { kind: 'propname' };
  if (childNamed(parent, DAV_NS, 'allprop')) {
    const include = childNamed(parent, DAV_NS, 'include');
    return { kind: 'allprop', include: include ? propNames(include) : [] };
  }
  if (fallback) return fallback;
  throw DavRequestError.badRequest(`<${parent.name}> names no properties: DAV:prop, DAV:allprop or DAV:propname`);
}

export const ALLPROP: PropSelection = { kind: 'allprop', include: [] };

/** A non-negative integer as the RFCs write them (nresults, sync-level, Depth). */
export function readCount(text: string, what: string): number {
  const t = text.trim();
  if (!/^[0-9]{1,9}$/.test(t)) throw DavRequestError.badRequest(`${what} is not a count: ${JSON.stringify(t.slice(0, 40))}`);
  return Number(t);
}
