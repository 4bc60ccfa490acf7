/**
 * XML text → a namespaced element tree, on saxes (streaming; it never expands an entity). Every
 * reader of this package goes through here, so every bound holds for all of them:
 *
 * - a DOCTYPE is refused outright: a DTD is the door to entity expansion and external fetches, and
 *   no DAV body needs one (this, the depth cap and the stop at the first error are the guards of
 *   @atomsync/atom's guardedSaxesParser, shared by every XML reader);
 * - elements nest at most `maxDepth` deep, a document (or, streaming, what is held at once) holds at
 *   most `maxElements` elements, an element at most `maxChildren` child elements and `maxText`
 *   characters of text — each counted as the parse goes, so the parse stops at the first element
 *   past a bound instead of building what it would refuse;
 * - the parse stops at its first error (saxes, left to go on, would complain once per open element
 *   at a stray close tag).
 *
 * Namespaces are resolved (saxes' xmlns mode): DAV clients pick their own prefixes, and the same
 * local name (`prop`, `href`, `filter`) means different things in DAV:, CardDAV and CalDAV.
 */
import { guardedSaxesParser } from '@atomsync/atom/xml-guard';
import type { SaxesParser, SaxesTagNS } from 'saxes';

export interface XmlAttribute {
  readonly ns: string;
  readonly name: string;
  readonly value: string;
}

/** An element as read: its name, attributes, and content in document order (elements and text). */
export interface XmlNode {
  readonly ns: string;
  readonly name: string;
  readonly attributes: readonly XmlAttribute[];
  readonly content: (XmlNode | string)[];
  /** Child elements (the elements of `content`), kept apart for the readers' lookups. */
  readonly children: XmlNode[];
  /** All text directly inside, concatenated. */
  text: string;
}

export interface TreeLimits {
  readonly maxDepth: number;
  readonly maxElements: number;
  readonly maxChildren: number;
  readonly maxText: number;
}

export interface TreeOptions extends TreeLimits {
  /** Builds the error thrown for a body we do not read. */
  readonly fail: (message: string, cause?: unknown) => Error;
  /**
   * Called as each element closes, with its depth (the root is 1). Returning true detaches it
   * from its parent (and from the count of held elements): how a streamed reader hands over each
   * multistatus response and keeps nothing of it.
   */
  readonly release?: (node: XmlNode, depth: number) => boolean;
  /** Called as each element opens (the root is depth 1): where a streamed reader checks its document element first. */
  readonly opened?: (node: XmlNode, depth: number) => void;
  /**
   * Whether text directly inside the document element is kept. A streamed multistatus drops it:
   * the whitespace between 100,000 responses would otherwise pile up in the root.
   */
  readonly rootText?: boolean;
}

const UTF8 = new TextDecoder('utf-8', { fatal: false });

/** The text of a body given as bytes, in the encoding its XML declaration names (UTF-8 when none). */
export function bodyText(body: string | Uint8Array, fail: TreeOptions['fail']): string {
  if (typeof body === 'string') return body;
  const head = String.fromCharCode(...body.subarray(0, 100));
  const declared = /^(?:\xEF\xBB\xBF)?<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1]?.toLowerCase();
  if (declared === undefined || declared === 'utf-8' || declared === 'utf8') return UTF8.decode(body);
  try {
    return new TextDecoder(declared).decode(body);
  } catch (error) {
    throw fail(`unsupported XML encoding ${JSON.stringify(declared)}`, error);
  }
}

/** Counts a node and its descendants. */
function sizeOf(node: XmlNode): number {
  let n = 1;
  for (const child of node.children) n += sizeOf(child);
  return n;
}

/** A parse fed in chunks; `close` returns the document element. */
export class TreeParser {
  private readonly parser: SaxesParser<{ xmlns: true; position: true }>;
  private readonly stack: XmlNode[] = [];
  private root: XmlNode | undefined;
  private held = 0;
  private failure: Error | undefined;

  constructor(private readonly options: TreeOptions) {
    const { fail } = options;
    // The DOCTYPE refusal, the depth cap and the stop at the first error are @atomsync/atom's guards.
    const p = guardedSaxesParser(
      { xmlns: true, position: true },
      {
        maxDepth: options.maxDepth,
        fail: ({ kind, message, cause }) => fail(kind === 'doctype' ? `${message}: DAV bodies declare no DTD and no entities` : message, cause),
      },
      { opentag: (tag) => this.open(tag as SaxesTagNS), closetag: () => this.closeElement() },
    );
    this.parser = p;
    const onText = (text: string) => this.text(text);
    p.on('text', onText);
    p.on('cdata', onText);
  }

  private open(tag: SaxesTagNS): void {
    const { maxElements, maxChildren, fail } = this.options;
    const where = () => `at ${this.parser.line}:${this.parser.column}`;
    if (++this.held > maxElements) throw fail(`more than ${maxElements} elements ${where()}`);
    const parent = this.stack[this.stack.length - 1];
    if (parent !== undefined && parent.children.length >= maxChildren) {
      throw fail(`more than ${maxChildren} elements inside <${parent.name}> ${where()}`);
    }
    const attributes: XmlAttribute[] = [];
    for (const key in tag.attributes) {
      const a = tag.attributes[key]!;
      if (a.prefix === 'xmlns' || (a.prefix === '' && a.local === 'xmlns')) continue;
      attributes.push({ ns: a.uri, name: a.local, value: a.value });
    }
    const node: XmlNode = { ns: tag.uri, name: tag.local, attributes, content: [], children: [], text: '' };
    if (parent === undefined) this.root = node;
    else {
      parent.content.push(node);
      parent.children.push(node);
    }
    this.stack.push(node);
    this.options.opened?.(node, this.stack.length);
  }

  private closeElement(): void {
    const depth = this.stack.length;
    const node = this.stack.pop()!;
    if (this.options.release?.(node, depth)) {
      const parent = this.stack[this.stack.length - 1];
      if (parent !== undefined) {
        parent.content.pop();
        parent.children.pop();
      }
      this.held -= sizeOf(node);
    }
  }

  private text(text: string): void {
    const top = this.stack[this.stack.length - 1];
    if (top === undefined) return; // whitespace around the document element
    if (this.stack.length === 1 && this.options.rootText === false) return;
    if (top.text.length + text.length > this.options.maxText) {
      throw this.options.fail(`more than ${this.options.maxText} characters of text inside <${top.name}> at ${this.parser.line}:${this.parser.column}`);
    }
    top.text += text;
    const last = top.content[top.content.length - 1];
    if (typeof last === 'string') top.content[top.content.length - 1] = last + text;
    else top.content.push(text);
  }

  write(chunk: string): this {
    if (this.failure) throw this.failure;
    try {
      this.parser.write(chunk);
    } catch (error) {
      this.failure = error instanceof Error ? error : this.options.fail(String(error));
      throw this.failure;
    }
    return this;
  }

  close(): XmlNode {
    if (this.failure) throw this.failure;
    try {
      this.parser.close();
    } catch (error) {
      this.failure = error instanceof Error ? error : this.options.fail(String(error));
      throw this.failure;
    }
    if (this.root === undefined) throw this.options.fail('not well-formed XML: no document element');
    return this.root;
  }
}

/** Reads a whole body into its tree. */
export function readTree(body: string | Uint8Array, options: TreeOptions): XmlNode {
  return new TreeParser(options).write(bodyText(body, options.fail)).close();
}

// Helpers the readers share.

export const is = (node: XmlNode, ns: string, name: string): boolean => node.ns === ns && node.name === name;

export const childrenNamed = (node: XmlNode, ns: string, name: string): XmlNode[] => node.children.filter((c) => c.ns === ns && c.name === name);

export const childNamed = (node: XmlNode, ns: string, name: string): XmlNode | undefined => node.children.find((c) => c.ns === ns && c.name === name);

export const attribute = (node: XmlNode, name: string): string | undefined => node.attributes.find((a) => a.ns === '' && a.name === name)?.value;
