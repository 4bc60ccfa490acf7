/**
 * Reading a request body: WBXML bytes → the element tree.
 *
 * ActiveSync uses a small, fixed part of WBXML 1.3 ([MS-ASWBXML]; what Exchange and every client
 * send): the header 03 01 6A 00 (version 1.3, public id 1 "unknown", UTF-8, no string table), tags
 * of the 26 code pages with or without content, SWITCH_PAGE, END, inline strings (STR_I) and
 * OPAQUE data — no attributes, string table, entities, literals, processing instructions or
 * extension tokens. Two passes, each linear in the body:
 *
 * 1. `validate` walks the tokens and refuses anything outside that profile with an
 *    ActiveSyncDecodeError naming the byte: a truncated body, a multi-byte integer longer than
 *    32 bits, a string table, an unknown code page or tag, a string that is not UTF-8, text and
 *    elements mixed in one element, nesting deeper than MAX_ELEMENT_DEPTH, more elements than
 *    MAX_ELEMENTS or more children under one than MAX_CHILDREN (a wide body is refused before
 *    any tree is built), bytes after the root.
 *    (The generic reader of @atomsync/syncml is lenient where SyncML phones need it — it reads
 *    strings with replacement characters and skips PIs and extension tokens — so this profile is
 *    checked here rather than there.)
 * 2. `readWbxml` of @atomsync/syncml builds the tree from the validated bytes, with the code page
 *    tables of code-pages.ts, and it is mapped to AsElement.
 *
 * An empty body is not a document: `decodeRequest` gives null for it, and the command decides —
 * a Ping or Sync without a body reuses the cached request, most commands refuse it.
 */
import { ElementBudget, readWbxml, WBXML, WbxmlError, type WbxmlNode } from '@atomsync/syncml';
import { CODE_PAGE_NAMES, CODE_PAGE_TABLES, tagByToken } from './code-pages.js';
import { ActiveSyncDecodeError } from './errors.js';
import { MAX_CHILDREN, MAX_ELEMENT_DEPTH, MAX_ELEMENTS } from './limits.js';
import type { AsElement } from './tree.js';

/** WBXML 1.3. */
const VERSION_13 = 0x03;
const PUBLIC_ID_UNKNOWN = 0x01;
const CHARSET_UTF8 = 106;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** What an open element holds so far; ActiveSync never mixes text and elements. */
const Content = { None: 0, Text: 1, Opaque: 2, Elements: 3 } as const;
type Content = (typeof Content)[keyof typeof Content];

/** Checks the body against ActiveSync's WBXML profile (see the module comment). */
export function validate(bytes: Uint8Array): void {
  let i = 0;
  const end = bytes.length;
  const fail = (what: string, at = i): never => {
    throw new ActiveSyncDecodeError(`not an ActiveSync WBXML document: ${what} at byte ${at}`);
  };
  const byte = (): number => (i < end ? bytes[i++]! : fail('unexpected end of the body'));
  const mb = (): number => {
    const at = i;
    let value = 0;
    for (let n = 0; n < 5; n++) {
      const b = byte();
      value = value * 128 + (b & 0x7f);
      if ((b & 0x80) === 0) return value > 0xffffffff ? fail('integer over 32 bits', at) : value;
    }
    return fail('multi-byte integer longer than 5 bytes', at);
  };

  const version = byte();
  if (version !== VERSION_13) fail(`WBXML version byte 0x${version.toString(16).padStart(2, '0')}, not 0x03 (1.3)`, 0);
  const publicId = mb();
  if (publicId !== PUBLIC_ID_UNKNOWN) fail(`public id ${publicId}, not 1 (unknown)`, 1);
  let at = i;
  const charset = mb();
  if (charset !== CHARSET_UTF8) fail(`charset ${charset}, not 106 (UTF-8)`, at);
  at = i;
  const tableLength = mb();
  if (tableLength !== 0) fail(`a string table of ${tableLength} bytes (ActiveSync uses none)`, at);

  let page = 0;
  let rootSeen = false;
  /** What each open element holds; its length is the nesting depth. */
  const open: Content[] = [];
  /** How many children each open element has so far (beside `open`), and elements in all. */
  const children: number[] = [];
  let elements = 0;
  while (i < end) {
    at = i;
    const t = bytes[i++]!;
    if (rootSeen && open.length === 0) fail('bytes after the root element', at);
    if (t === WBXML.SWITCH_PAGE) {
      const p = byte();
      if (p >= CODE_PAGE_NAMES.length) fail(`unknown code page ${p}`, at + 1);
      page = p;
      continue;
    }
    if (t === WBXML.END) {
      if (open.length === 0) fail('END before any element', at);
      open.pop();
      children.pop();
      continue;
    }
    if (t === WBXML.STR_I || t === WBXML.OPAQUE) {
      if (open.length === 0) fail('content before the root element', at);
      const holds = open[open.length - 1]!;
      if (t === WBXML.STR_I) {
        const stop = bytes.indexOf(0, i);
        if (stop < 0) fail('unterminated inline string', at);
        try {
          strictUtf8.decode(bytes.subarray(i, stop));
        } catch {
          fail('inline string not UTF-8', at);
        }
        i = stop + 1;
        if (holds !== Content.None && holds !== Content.Text) fail('text mixed with other content', at);
        open[open.length - 1] = Content.Text;
      } else {
        const length = mb();
        if (length > end - i) fail(`OPAQUE of ${length} bytes, ${end - i} left`, at);
        i += length;
        if (holds !== Content.None) fail('OPAQUE mixed with other content', at);
        open[open.length - 1] = Content.Opaque;
      }
      continue;
    }
    // Everything else here is a tag: no attributes (bit 0x80), and not a global token.
    const token = t & 0x3f;
    if (t & WBXML.ATTRIBUTES || token < 0x05) fail(`token 0x${t.toString(16).padStart(2, '0')}, which ActiveSync does not use`, at);
    if (tagByToken(page, token) === undefined) fail(`unknown tag 0x${token.toString(16).padStart(2, '0')} on code page ${page} (${CODE_PAGE_NAMES[page]})`, at);
    if (open.length > 0) {
      const holds = open[open.length - 1]!;
      if (holds === Content.Text || holds === Content.Opaque) fail('an element mixed with text', at);
      open[open.length - 1] = Content.Elements;
      if (++children[children.length - 1]! > MAX_CHILDREN) fail(`more than ${MAX_CHILDREN} children in one element`, at);
    }
    if (open.length >= MAX_ELEMENT_DEPTH) fail(`elements nested deeper than ${MAX_ELEMENT_DEPTH}`, at);
    if (++elements > MAX_ELEMENTS) fail(`more than ${MAX_ELEMENTS} elements`, at);
    rootSeen = true;
    if (t & WBXML.CONTENT) {
      open.push(Content.None);
      children.push(0);
    }
  }
  if (!rootSeen) fail('no root element', i);
  if (open.length > 0) fail(`unexpected end of the body, ${open.length} element(s) open`, i);
}

function toElement(node: WbxmlNode): AsElement {
  const page = CODE_PAGE_NAMES[node.page]!;
  if (node.opaque !== undefined) return { page, tag: node.name, opaque: node.opaque.slice() };
  if (node.children.length > 0) return { page, tag: node.name, children: node.children.map(toElement) };
  if (node.text !== '') return { page, tag: node.name, text: node.text };
  return { page, tag: node.name, children: [] };
}

/**
 * A request body → its element tree; null for an empty body (see the module comment). Anything
 * that is not an ActiveSync WBXML document is an ActiveSyncDecodeError.
 */
export function decodeRequest(bytes: Uint8Array): AsElement | null {
  if (bytes.length === 0) return null;
  validate(bytes);
  let root: WbxmlNode;
  try {
    root = readWbxml(bytes, CODE_PAGE_TABLES, new ElementBudget(MAX_ELEMENTS, MAX_CHILDREN)).root;
  } catch (error) {
    // validate() refuses everything readWbxml does; this is the net under it.
    if (error instanceof WbxmlError) throw new ActiveSyncDecodeError(`not an ActiveSync WBXML document: ${error.message}`, { cause: error });
    throw error;
  }
  return toElement(root);
}
