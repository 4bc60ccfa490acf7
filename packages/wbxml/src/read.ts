/**
 * WBXML reading (WAP-192-WBXML-20010725-a, versions 1.1–1.3): one token walker for every protocol
 * of the project, and the generic element tree built on it. Hand-written for the reasons given in
 * write.ts. Built for untrusted input: every length is checked against what is left, nesting is
 * bounded, the loop is iterative (no recursion to overflow), and anything malformed throws
 * `WbxmlError` naming the byte — never a TypeError, never a hang. Time is linear in the input
 * whatever it holds: each token consumes the bytes it reads, a multi-byte integer is at most 5
 * bytes (32 bits), and string-table references, the one way a few bytes can name many, are
 * charged what they name against a budget proportional to the document (limits.ts).
 *
 * Two modes:
 *
 * - **lenient** (the default; SyncML phones need it): strings in the document's charset with
 *   replacement characters, attributes read and kept as tokens, string-table references, entities,
 *   literal tags; processing instructions and extension tokens read and dropped; text and
 *   elements may mix; an unknown tag is named `#page:token`.
 * - **strict** (`strict: { version, publicId, charset }`; ActiveSync's profile, MS-ASWBXML): the
 *   header must be exactly the one given and hold no string table; only tags of the given code
 *   pages, SWITCH_PAGE, END, STR_I (valid UTF-8) and OPAQUE; an element holds elements, text or
 *   one OPAQUE, never a mix.
 *
 * Both: nesting deeper than `maxDepth` is refused at the element that passes it, and every
 * element is charged to an ElementBudget (tree.ts) before it is built, so a body of ten million
 * 1-byte tags stops at the budget's bounds.
 *
 * `walkWbxml` hands the elements to a builder (open, text, opaque, close), so each protocol builds
 * its own tree in the one pass; `readWbxml` is that walk with the generic tree (tree.ts `Element`
 * plus page, token and attributes), the one SyncML maps. An element without children shares one
 * frozen empty array (NO_CHILDREN): a 1-byte tag costs one object.
 */
import { DEFAULT_MAX_DEPTH, MAX_STRING_TABLE_EXPANSION, STRING_TABLE_SLACK } from './limits.js';
import { WBXML } from './tokens.js';
import { addChild, ElementBudget, NO_CHILDREN, type Element } from './tree.js';

/** A document that is not WBXML (or not the strict profile): `reason` at byte `at`. */
export class WbxmlError extends Error {
  override readonly name: string = 'WbxmlError';

  constructor(
    readonly reason: string,
    readonly at: number,
  ) {
    super(`malformed WBXML at byte ${at}: ${reason}`);
  }
}

/**
 * The document holds more elements, or more children under one element, than its budget allows
 * (tree.ts ElementBudget): not malformed, but past what any real message holds, so a reader that
 * would otherwise take a failed document as data (a DevInf inside OPAQUE) refuses the message.
 */
export class WbxmlLimitError extends WbxmlError {
  override readonly name = 'WbxmlLimitError';
}

/** Token → name per code page (index: page, then token). */
export type CodePageTables = readonly (readonly (string | undefined)[] | undefined)[];

export interface WbxmlReadAttribute {
  readonly page: number;
  readonly start: number;
  /** Strings and value tokens (≥ 0x80) in order. */
  readonly value: (string | { readonly page: number; readonly token: number })[];
}

export interface WbxmlNode extends Element {
  readonly page: number;
  readonly token: number;
  children: WbxmlNode[];
  readonly attributes?: WbxmlReadAttribute[];
}

/** The header: what `walkWbxml` returns. */
export interface WbxmlReadHeader {
  readonly version: number;
  /** The public id token; 0 when the header names the document type by a string (below). */
  readonly publicId: number;
  readonly publicIdLiteral?: string;
  readonly charset: number;
}

export interface WbxmlReadDocument extends WbxmlReadHeader {
  readonly root: WbxmlNode;
}

/** The one header a strict document may have (ActiveSync: 1.3, public id 1, UTF-8). */
export interface WbxmlStrictProfile {
  readonly version: number;
  readonly publicId: number;
  readonly charset: number;
  /** Names of the code pages, for the errors (`unknown tag 0x2a on code page 0 (AirSync)`). */
  readonly pageNames?: readonly string[];
}

export interface WbxmlReadOptions {
  /** What the document may build (DEFAULT_MAX_ELEMENTS and DEFAULT_MAX_CHILDREN of limits.ts unless given). */
  readonly budget?: ElementBudget;
  /** How deep elements may nest (the root is at depth 1); DEFAULT_MAX_DEPTH unless given. */
  readonly maxDepth?: number;
  /** The strict profile (see the module comment); lenient without. */
  readonly strict?: WbxmlStrictProfile;
}

/** What `walkWbxml` hands each element's parts to, in document order. */
export interface WbxmlBuilder {
  /** An element starts (its END, or at once for one without content, is `close`). */
  open(name: string, page: number, token: number, attributes: WbxmlReadAttribute[] | undefined): void;
  /** A piece of text (STR_I, STR_T, ENTITY) of the open element. */
  text(s: string): void;
  /** OPAQUE data of the open element: a view of the document's bytes, valid for the walk. */
  opaque(data: Uint8Array): void;
  close(): void;
}

const DECODERS = new Map<number, TextDecoder>([
  [106, new TextDecoder('utf-8', { ignoreBOM: true })],
  [0, new TextDecoder('utf-8', { ignoreBOM: true })],
  [4, new TextDecoder('latin1')],
  [3, new TextDecoder('ascii')],
]);
const UTF8 = DECODERS.get(106)!;
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
/** Inline strings up to this many ASCII bytes are read byte by byte (see `inline`); longer ones by the decoder. */
const SHORT_ASCII = 64;

/** What an open element holds so far (strict mode never mixes them). */
const Holds = { Nothing: 0, Text: 1, Opaque: 2, Elements: 3 } as const;
type Holds = (typeof Holds)[keyof typeof Holds];

const hex = (t: number) => `0x${t.toString(16).padStart(2, '0')}`;

const isExtension = (t: number) =>
  (t >= WBXML.EXT_I_0 && t <= WBXML.EXT_I_2) || (t >= WBXML.EXT_T_0 && t <= WBXML.EXT_T_2) || (t >= WBXML.EXT_0 && t <= WBXML.EXT_2);

/** Walks a document, handing its elements to `builder`; returns the header. */
export function walkWbxml(bytes: Uint8Array, pages: CodePageTables, builder: WbxmlBuilder, options: WbxmlReadOptions = {}): WbxmlReadHeader {
  const { budget = new ElementBudget(), maxDepth = DEFAULT_MAX_DEPTH, strict } = options;
  let i = 0;
  const end = bytes.length;

  const fail = (what: string, at = i): never => {
    throw new WbxmlError(what, at);
  };
  const byte = (): number => (i < end ? bytes[i++]! : fail('unexpected end'));
  const mb = (): number => {
    const at = i;
    let value = 0;
    for (let n = 0; n < 5; n++) {
      const b = byte();
      value = value * 128 + (b & 0x7f);
      if ((b & 0x80) === 0) return value > 0xffffffff ? fail('integer too large: over 32 bits', at) : value;
    }
    return fail('multi-byte integer too long: longer than 5 bytes', at);
  };
  /** A token the strict profile does not allow. */
  const notStrict = (t: number, at: number): never => fail(`token ${hex(t)}, which the strict profile does not use`, at);

  const version = byte();
  if (strict !== undefined && version !== strict.version) fail(`WBXML version byte ${hex(version)}, not ${hex(strict.version)}`, 0);
  let at = i;
  let publicId = mb();
  if (strict !== undefined && publicId !== strict.publicId) fail(`public id ${publicId}, not ${strict.publicId}`, at);
  const literalIndex = publicId === 0 ? mb() : undefined;
  // WBXML 1.0 (version byte 0x00) has no charset field.
  at = i;
  const charset = version === 0x00 ? 0 : mb();
  if (strict !== undefined && charset !== strict.charset) fail(`charset ${charset}, not ${strict.charset}`, at);
  const decoder = DECODERS.get(charset) ?? fail(`unsupported charset ${charset}`, at);
  at = i;
  const tableLength = mb();
  if (strict !== undefined && tableLength !== 0) fail(`a string table of ${tableLength} bytes (the strict profile has none)`, at);
  if (tableLength > end - i) fail('string table longer than the document', at);
  const table = bytes.subarray(i, i + tableLength);
  i += tableLength;

  // What string-table references may name in all: each reference is charged the bytes of its
  // string, found (indexOf) or not (the cache), so both the work of finding strings and the text
  // they add to the tree stay within a bound proportional to the document.
  let tableBudget = MAX_STRING_TABLE_EXPANSION * end + STRING_TABLE_SLACK;
  const tableStrings = new Map<number, { s: string; bytes: number }>();
  const tableString = (offset: number): string => {
    let entry = tableStrings.get(offset);
    if (entry === undefined) {
      if (offset >= table.length) fail(`string table offset ${offset} out of range`);
      let stop = table.indexOf(0, offset);
      if (stop < 0) stop = table.length;
      entry = { s: decoder.decode(table.subarray(offset, stop)), bytes: stop - offset };
      tableStrings.set(offset, entry);
    }
    tableBudget -= entry.bytes + 1;
    if (tableBudget < 0) fail(`string table references name more than ${MAX_STRING_TABLE_EXPANSION} times the document`);
    return entry.s;
  };
  const inline = (at: number): string => {
    // Most strings of a message are short ASCII (CmdID, MsgRef, LocURI, status codes): read those
    // here, in the scan for their terminator, so they cost no view of the bytes and no call into the
    // decoder (ASCII is valid UTF-8 and reads the same in every charset we decode).
    let s = '';
    let j = i;
    while (j < end) {
      const b = bytes[j]!;
      if (b === 0 || b >= 0x80 || j - i === SHORT_ASCII) break;
      s += String.fromCharCode(b);
      j++;
    }
    if (j < end && bytes[j] === 0) {
      i = j + 1;
      return s;
    }
    const stop = bytes.indexOf(0, j);
    if (stop < 0) fail('unterminated inline string', at);
    const raw = bytes.subarray(i, stop);
    if (strict === undefined) s = decoder.decode(raw);
    else {
      try {
        s = STRICT_UTF8.decode(raw);
      } catch {
        return fail('inline string not UTF-8', at);
      }
    }
    i = stop + 1;
    return s;
  };
  const opaque = (at: number): Uint8Array => {
    const length = mb();
    if (length > end - i) fail(`opaque data longer than the document (OPAQUE of ${length} bytes, ${end - i} left)`, at);
    const data = bytes.subarray(i, i + length);
    i += length;
    return data;
  };
  /** Skips an extension token's payload. */
  const extension = (token: number, at: number): void => {
    if (token === WBXML.EXT_I_0 || token === WBXML.EXT_I_1 || token === WBXML.EXT_I_2) inline(at);
    else if (token === WBXML.EXT_T_0 || token === WBXML.EXT_T_1 || token === WBXML.EXT_T_2) mb();
  };
  const switchPage = (at: number): number => {
    const page = byte();
    if (strict !== undefined && pages[page] === undefined) fail(`unknown code page ${page}`, at + 1);
    return page;
  };

  let tagPage = 0;
  let attrPage = 0;

  /** Attributes up to their END (also a PI's target and value). */
  const attributes = (): WbxmlReadAttribute[] => {
    const out: WbxmlReadAttribute[] = [];
    let current: WbxmlReadAttribute | undefined;
    for (;;) {
      const at = i;
      const t = byte();
      if (t === WBXML.END) return out;
      if (t === WBXML.SWITCH_PAGE) attrPage = byte();
      else if (t === WBXML.STR_I) current?.value.push(inline(at));
      else if (t === WBXML.STR_T) current?.value.push(tableString(mb()));
      else if (t === WBXML.ENTITY) current?.value.push(String.fromCodePoint(Math.min(mb(), 0x10ffff)));
      else if (t === WBXML.OPAQUE) current?.value.push(UTF8.decode(opaque(at)));
      else if (t === WBXML.LITERAL) {
        current = { page: attrPage, start: -1, value: [tableString(mb())] };
        out.push(current);
      } else if (isExtension(t)) extension(t, at);
      else if (t >= 0x80) current?.value.push({ page: attrPage, token: t });
      else {
        current = { page: attrPage, start: t, value: [] };
        out.push(current);
      }
    }
  };

  /** The open elements: what each holds and how many children it has so far. */
  const holds: Holds[] = [];
  const children: number[] = [];

  /** A tag token (already read, at `at`): checks it, charges it, hands it to the builder. */
  const open = (t: number, at: number): void => {
    const token = t & 0x3f;
    if (strict !== undefined) {
      if (t & WBXML.ATTRIBUTES || token < 0x05) notStrict(t, at);
      if (pages[tagPage]?.[token] === undefined) {
        const pageName = strict.pageNames?.[tagPage];
        fail(`unknown tag ${hex(token)} on code page ${tagPage}${pageName === undefined ? '' : ` (${pageName})`}`, at);
      }
    }
    const depth = holds.length;
    if (depth > 0) {
      const parent = holds[depth - 1]!;
      if (strict !== undefined && (parent === Holds.Text || parent === Holds.Opaque)) fail('an element mixed with text', at);
      holds[depth - 1] = Holds.Elements;
    }
    if (depth >= maxDepth) fail(`elements nested too deep (more than ${maxDepth}): deeper than ${maxDepth}`, at);
    const over = budget.add(depth > 0 ? children[depth - 1]!++ : 0);
    if (over !== undefined) throw new WbxmlLimitError(over, at);
    let name: string;
    if (token === WBXML.LITERAL) name = tableString(mb());
    else name = pages[tagPage]?.[token] ?? `#${tagPage}:${token}`;
    builder.open(name, tagPage, token, t & WBXML.ATTRIBUTES ? attributes() : undefined);
    if (t & WBXML.CONTENT) {
      holds.push(Holds.Nothing);
      children.push(0);
    } else builder.close();
  };
  /** Text or OPAQUE of the open element, checked against mixing in strict mode. */
  const content = (kind: Holds, at: number): void => {
    const top = holds.length - 1;
    if (strict !== undefined) {
      const before = holds[top]!;
      if (kind === Holds.Text && before !== Holds.Nothing && before !== Holds.Text) fail('text mixed with other content', at);
      if (kind === Holds.Opaque && before !== Holds.Nothing) fail('OPAQUE mixed with other content', at);
    }
    holds[top] = kind;
  };

  // The body: PIs and page switches, the root element, PIs.
  for (;;) {
    at = i;
    if (i >= end) fail('unexpected end, no root element');
    const t = bytes[i++]!;
    if (t === WBXML.SWITCH_PAGE) tagPage = switchPage(at);
    else if (t === WBXML.PI) {
      if (strict !== undefined) notStrict(t, at);
      attributes();
    } else {
      if ((t & 0x3f) < 0x05 && (t & 0x3f) !== WBXML.LITERAL && (strict === undefined || t === WBXML.END || t === WBXML.STR_I || t === WBXML.OPAQUE)) {
        fail(`${t === WBXML.END ? 'END before any element' : 'content before the root element'} (token ${hex(t)} where a tag was expected)`, at);
      }
      open(t, at);
      break;
    }
  }

  while (holds.length > 0) {
    at = i;
    if (i >= end) fail(`unexpected end, ${holds.length} element(s) open`);
    const t = bytes[i++]!;
    switch (t) {
      case WBXML.END:
        holds.pop();
        children.pop();
        builder.close();
        break;
      case WBXML.SWITCH_PAGE:
        tagPage = switchPage(at);
        break;
      case WBXML.STR_I: {
        const s = inline(at);
        content(Holds.Text, at);
        builder.text(s);
        break;
      }
      case WBXML.OPAQUE: {
        const data = opaque(at);
        content(Holds.Opaque, at);
        builder.opaque(data);
        break;
      }
      case WBXML.STR_T:
        if (strict !== undefined) notStrict(t, at);
        content(Holds.Text, at);
        builder.text(tableString(mb()));
        break;
      case WBXML.ENTITY:
        if (strict !== undefined) notStrict(t, at);
        content(Holds.Text, at);
        builder.text(String.fromCodePoint(Math.min(mb(), 0x10ffff)));
        break;
      case WBXML.PI:
        if (strict !== undefined) notStrict(t, at);
        attributes();
        break;
      default:
        if (isExtension(t)) {
          if (strict !== undefined) notStrict(t, at);
          extension(t, at);
        } else open(t, at);
    }
  }
  while (i < end) {
    if (strict === undefined && bytes[i] === WBXML.PI) {
      i++;
      attributes();
    } else fail('bytes after the root element');
  }

  if (literalIndex !== undefined) publicId = 0;
  return {
    version,
    publicId,
    ...(literalIndex === undefined ? {} : { publicIdLiteral: tableString(literalIndex) }),
    charset,
  };
}

/**
 * Bytes → the generic tree: an element's strings (STR_I, STR_T, ENTITY and OPAQUE, the last read
 * as UTF-8) concatenated into `text`, its elements in `children`, its bytes in `opaque` when its
 * content was a single OPAQUE (a nested DevInf document), its attributes as tokens.
 */
export function readWbxml(bytes: Uint8Array, pages: CodePageTables, options?: WbxmlReadOptions): WbxmlReadDocument {
  let root: WbxmlNode | undefined;
  // The open elements and how many pieces of content each has had, as two arrays rather than an
  // object per element: reading a message builds nothing but its nodes.
  const nodes: WbxmlNode[] = [];
  const pieces: number[] = [];
  const builder: WbxmlBuilder = {
    open(name, page, token, attributes) {
      const node: WbxmlNode = { name, page, token, children: NO_CHILDREN as WbxmlNode[], text: '' };
      if (attributes !== undefined) (node as { attributes?: WbxmlReadAttribute[] }).attributes = attributes;
      const depth = nodes.length;
      if (depth === 0) root = node;
      else addChild(nodes[depth - 1]!, node);
      nodes.push(node);
      pieces.push(0);
    },
    text(s) {
      const top = nodes.length - 1;
      const node = nodes[top]!;
      node.text += s;
      pieces[top]!++;
      if (node.opaque !== undefined) delete node.opaque;
    },
    opaque(data) {
      const top = nodes.length - 1;
      const node = nodes[top]!;
      node.text += UTF8.decode(data);
      if (++pieces[top]! === 1) node.opaque = data;
      else if (node.opaque !== undefined) delete node.opaque;
    },
    close() {
      nodes.pop();
      pieces.pop();
    },
  };
  const header = walkWbxml(bytes, pages, builder, options);
  return { ...header, root: root! };
}
