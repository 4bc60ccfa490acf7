/**
 * Reading a request body: WBXML bytes → the element tree.
 *
 * ActiveSync uses a small, fixed part of WBXML 1.3 ([MS-ASWBXML]; what Exchange and every client
 * send): the header 03 01 6A 00 (version 1.3, public id 1 "unknown", UTF-8, no string table), tags
 * of the 26 code pages with or without content, SWITCH_PAGE, END, inline strings (STR_I) and
 * OPAQUE data — no attributes, string table, entities, literals, processing instructions or
 * extension tokens. That profile is @atomsync/wbxml's strict mode: its one walker refuses anything
 * outside it naming the byte — a truncated body, a multi-byte integer longer than 32 bits, a string
 * table, an unknown code page or tag, a string that is not UTF-8, text and elements mixed in one
 * element, nesting deeper than MAX_ELEMENT_DEPTH, more elements than MAX_ELEMENTS or more children
 * under one than MAX_CHILDREN (each charged before it is built), bytes after the root — and this
 * module turns the refusal into an ActiveSyncDecodeError.
 *
 * The walk builds the AsElement tree in the same pass: one object per element, the elements
 * without content sharing one frozen empty children array.
 *
 * An empty body is not a document: `decodeRequest` gives null for it, and the command decides —
 * a Ping or Sync without a body reuses the cached request, most commands refuse it.
 */
import { CHARSET_UTF8, ElementBudget, PUBLIC_ID_UNKNOWN, walkWbxml, WbxmlError, type WbxmlBuilder, type WbxmlStrictProfile } from '@atomsync/wbxml';
import { CODE_PAGE_NAMES, CODE_PAGE_TABLES, type CodePageName } from './code-pages.js';
import { ActiveSyncDecodeError } from './errors.js';
import { MAX_CHILDREN, MAX_ELEMENT_DEPTH, MAX_ELEMENTS } from './limits.js';
import type { AsElement } from './tree.js';

/** ActiveSync's WBXML: 1.3, public id 1 (unknown), UTF-8 (MS-ASWBXML 2.1.2.1.1). */
export const ACTIVESYNC_WBXML: WbxmlStrictProfile = { version: 0x03, publicId: PUBLIC_ID_UNKNOWN, charset: CHARSET_UTF8, pageNames: CODE_PAGE_NAMES };

/** The children of every element without any: one frozen array, not one per element. */
const NO_CHILDREN: readonly AsElement[] = Object.freeze([]);

/** An element being built: what it holds so far. */
interface Building {
  readonly page: CodePageName;
  readonly tag: string;
  children: AsElement[] | undefined;
  text: string;
  opaque: Uint8Array | undefined;
}

function finish(b: Building): AsElement {
  const { page, tag } = b;
  if (b.opaque !== undefined) return { page, tag, opaque: b.opaque };
  if (b.children !== undefined) return { page, tag, children: b.children };
  if (b.text !== '') return { page, tag, text: b.text };
  return { page, tag, children: NO_CHILDREN };
}

/** Builds the AsElement tree from the walker's elements (the strict profile keeps their content to one kind). */
class AsTreeBuilder implements WbxmlBuilder {
  readonly #open: Building[] = [];
  root: AsElement | undefined;

  open(name: string, page: number): void {
    this.#open.push({ page: CODE_PAGE_NAMES[page]!, tag: name, children: undefined, text: '', opaque: undefined });
  }

  text(s: string): void {
    this.#open[this.#open.length - 1]!.text += s;
  }

  opaque(data: Uint8Array): void {
    // A copy: the tree outlives the request body.
    this.#open[this.#open.length - 1]!.opaque = data.slice();
  }

  close(): void {
    const element = finish(this.#open.pop()!);
    const parent = this.#open[this.#open.length - 1];
    if (parent === undefined) this.root = element;
    else (parent.children ??= []).push(element);
  }
}

/**
 * A request body → its element tree; null for an empty body (see the module comment). Anything
 * that is not an ActiveSync WBXML document is an ActiveSyncDecodeError.
 */
export function decodeRequest(bytes: Uint8Array): AsElement | null {
  if (bytes.length === 0) return null;
  const builder = new AsTreeBuilder();
  try {
    walkWbxml(bytes, CODE_PAGE_TABLES, builder, { strict: ACTIVESYNC_WBXML, maxDepth: MAX_ELEMENT_DEPTH, budget: new ElementBudget(MAX_ELEMENTS, MAX_CHILDREN) });
  } catch (err) {
    if (err instanceof WbxmlError) throw new ActiveSyncDecodeError(`not an ActiveSync WBXML document: ${err.reason} at byte ${err.at}`, { cause: err });
    throw err;
  }
  return builder.root!;
}
