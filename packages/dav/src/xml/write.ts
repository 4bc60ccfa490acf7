/**
 * Writing XML by string concatenation (the hot path: a listing of 100,000 items is written one
 * response at a time). Values are a small tree, `XmlContent`; a dead property's value travels as
 * `RawXml`, the fragment read from the client, self-contained (it declares its namespaces).
 */
import { escapeAttr, escapeText as escapeXmlText } from '@atomsync/atom';
import { PREFIXES } from '../namespaces.js';
import type { XmlNode } from './tree.js';

const XML_NS = 'http://www.w3.org/XML/1998/namespace';

/** An element to write. Elements of the five known namespaces get their fixed prefix; others declare themselves. */
export interface XmlElement {
  readonly ns: string;
  readonly name: string;
  readonly attributes?: Readonly<Record<string, string>>;
  readonly content?: XmlContent;
}

/** A fragment written as is: a dead property's element as read (see fragmentOf). */
export interface RawXml {
  readonly raw: string;
}

export type XmlContent = string | XmlElement | RawXml | readonly XmlContent[];

export const el = (ns: string, name: string, content?: XmlContent, attributes?: Record<string, string>): XmlElement => ({
  ns,
  name,
  ...(content === undefined ? {} : { content }),
  ...(attributes === undefined ? {} : { attributes }),
});

// Escaped by @atomsync/atom's escaper. Characters XML 1.0 cannot carry are written as U+FFFD
// rather than refused: a multistatus is streamed, and one stored value that slipped past the
// server's checks must not break a listing half-way (a client reads a broken 207 as an error at
// best, as deletions at worst). The server refuses them at PUT.
export const escapeText = (text: string): string => escapeXmlText(text, 'replace');

export const escapeAttribute = (text: string): string => escapeAttr(text, 'replace');

/**
 * The written form of `content`. `defaultNs` is the default namespace in scope where it is written
 * (none on our documents' roots; an element of a foreign namespace makes itself the default for
 * its content, so its children in that namespace need no prefix).
 */
export function writeContent(content: XmlContent | undefined, defaultNs = ''): string {
  if (content === undefined) return '';
  if (typeof content === 'string') return escapeText(content);
  if (Array.isArray(content)) {
    let out = '';
    for (const part of content as readonly XmlContent[]) out += writeContent(part, defaultNs);
    return out;
  }
  if ('raw' in content) return content.raw;
  return writeElement(content as XmlElement, defaultNs);
}

function writeElement(element: XmlElement, defaultNs: string): string {
  const prefix = PREFIXES.get(element.ns);
  let tag: string;
  let declaration = '';
  let innerDefault = defaultNs;
  if (prefix !== undefined) tag = `${prefix}:${element.name}`;
  else {
    tag = element.name;
    if (element.ns !== defaultNs) {
      declaration = ` xmlns="${escapeAttribute(element.ns)}"`;
      innerDefault = element.ns;
    }
  }
  let attributes = '';
  if (element.attributes) for (const [name, value] of Object.entries(element.attributes)) attributes += ` ${name}="${escapeAttribute(value)}"`;
  const inner = writeContent(element.content, innerDefault);
  return inner === '' ? `<${tag}${declaration}${attributes}/>` : `<${tag}${declaration}${attributes}>${inner}</${tag}>`;
}

/**
 * A read element written back as a self-contained fragment: every namespace it uses declared on
 * it (prefixes x0, x1… in order of use; attributes in no namespace stay unprefixed). How a dead
 * property's value is kept and served back, whatever prefixes the client wrote.
 */
export function fragmentOf(node: XmlNode): string {
  const prefixes = new Map<string, string>();
  const prefixOf = (ns: string): string => {
    // The xml prefix is bound by definition, and no other prefix may be bound to its namespace.
    if (ns === XML_NS) return 'xml';
    let p = prefixes.get(ns);
    if (p === undefined) prefixes.set(ns, (p = `x${prefixes.size}`));
    return p;
  };
  const write = (n: XmlNode): string => {
    const tag = n.ns === '' ? n.name : `${prefixOf(n.ns)}:${n.name}`;
    let attributes = '';
    for (const a of n.attributes) attributes += ` ${a.ns === '' ? '' : `${prefixOf(a.ns)}:`}${a.name}="${escapeAttribute(a.value)}"`;
    let inner = '';
    for (const part of n.content) inner += typeof part === 'string' ? escapeText(part) : write(part);
    return inner === '' ? `<${tag}${attributes}/>` : `<${tag}${attributes}>${inner}</${tag}>`;
  };
  const body = write(node);
  // The root's start tag gets the declarations, now that every namespace below is known.
  const declarations = [...prefixes].map(([ns, p]) => ` xmlns:${p}="${escapeAttribute(ns)}"`).join('');
  const end = node.ns === '' ? node.name.length + 1 : prefixOf(node.ns).length + node.name.length + 2;
  return body.slice(0, end) + declarations + body.slice(end);
}
