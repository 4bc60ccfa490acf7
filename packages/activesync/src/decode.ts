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
 * 2. `build` makes the AsElement tree from the validated bytes in one pass: one object per
 *    element, the elements without content sharing one frozen empty children array. (It once went
 *    through the generic reader of @atomsync/syncml, whose tree was then copied into AsElements:
 *    two trees, and an object and an array per 1-byte tag.)
 *
 * An empty body is not a document: `decodeRequest` gives null for it, and the command decides —
 * a Ping or Sync without a body reuses the cached request, most commands refuse it.
 */
import { WBXML } from '@atomsync/syncml';
import { type CodePageName, CODE_PAGE_NAMES, CODE_PAGE_TABLES, tagByToken } from './code-pages.js';
import { ActiveSyncDecodeError } from './errors.js';
import { MAX_CHILDREN, MAX_ELEMENT_DEPTH, MAX_ELEMENTS } from './limits.js';
import type { AsElement } from './tree.js';

/** WBXML 1.3. */
const VERSION_13 = 0x03;
const PUBLIC_ID_UNKNOWN = 0x01;
const CHARSET_UTF8 = 106;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

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

/**
 * Validated bytes → the tree, in one pass (see the module comment). It trusts what `validate`
 * checked; the few look-ups that would fail on bytes it did not check throw ActiveSyncDecodeError,
 * never a TypeError.
 */
function build(bytes: Uint8Array): AsElement {
  let i = 1; // past the version byte
  const mb = (): number => {
    let value = 0;
    for (;;) {
      const b = bytes[i++]!;
      value = value * 128 + (b & 0x7f);
      if ((b & 0x80) === 0) return value;
    }
  };
  mb(); // public id
  mb(); // charset
  mb(); // string table length: 0
  const broken = (): never => {
    throw new ActiveSyncDecodeError(`not an ActiveSync WBXML document: unreadable at byte ${i - 1}`);
  };
  let page = 0;
  const open: Building[] = [];
  let root: AsElement | undefined;
  const close = (b: Building): void => {
    const element = finish(b);
    const parent = open[open.length - 1];
    if (parent === undefined) root = element;
    else (parent.children ??= []).push(element);
  };
  while (i < bytes.length) {
    const t = bytes[i++]!;
    if (t === WBXML.SWITCH_PAGE) page = bytes[i++]!;
    else if (t === WBXML.END) close(open.pop() ?? broken());
    else if (t === WBXML.STR_I) {
      const stop = bytes.indexOf(0, i);
      (open[open.length - 1] ?? broken()).text += utf8.decode(bytes.subarray(i, stop));
      i = stop + 1;
    } else if (t === WBXML.OPAQUE) {
      const length = mb();
      (open[open.length - 1] ?? broken()).opaque = bytes.slice(i, i + length);
      i += length;
    } else {
      const tag = CODE_PAGE_TABLES[page]?.[t & 0x3f] ?? broken();
      const b: Building = { page: CODE_PAGE_NAMES[page]!, tag, children: undefined, text: '', opaque: undefined };
      if (t & WBXML.CONTENT) open.push(b);
      else close(b);
    }
  }
  return root ?? broken();
}

/**
 * A request body → its element tree; null for an empty body (see the module comment). Anything
 * that is not an ActiveSync WBXML document is an ActiveSyncDecodeError.
 */
export function decodeRequest(bytes: Uint8Array): AsElement | null {
  if (bytes.length === 0) return null;
  validate(bytes);
  return build(bytes);
}
