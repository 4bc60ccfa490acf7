/**
 * WBXML reading (WAP-192-WBXML-20010725-a, versions 1.1–1.3): bytes → a tree of named elements,
 * the names taken from the caller's code page tables. Hand-written for the reasons given in
 * write.ts. Built for untrusted input: every length is checked against what is left, nesting is
 * bounded, the loop is iterative (no recursion to overflow), and anything malformed throws
 * `WbxmlError` — never a TypeError, never a hang. Time is linear in the input whatever it holds:
 * each token consumes the bytes it reads, a multi-byte integer is at most 5 bytes (32 bits), and
 * string-table references, the one way a few bytes can name many, are charged what they name
 * against a budget proportional to the document (limits.ts).
 *
 * Content is kept the way SyncML needs it: an element's strings (STR_I, STR_T, ENTITY and OPAQUE,
 * the last read as UTF-8) concatenated into `text`, its elements in `children`, and its bytes in
 * `opaque` when its content was a single OPAQUE (a nested DevInf document). Attributes are read
 * and kept as tokens; processing instructions and extension tokens are read and dropped.
 *
 * Wide documents are bounded too: every element is charged to an ElementBudget (tree.ts) before
 * it is built, so a body of ten million 1-byte tags stops at the budget's MAX_ELEMENTS, and no
 * element takes more than MAX_CHILDREN children. An element without children shares one frozen
 * empty array (NO_CHILDREN): a 1-byte tag costs one object.
 */
import { MAX_ELEMENT_DEPTH, MAX_STRING_TABLE_EXPANSION, STRING_TABLE_SLACK } from '../limits.js';
import { addChild, ElementBudget, NO_CHILDREN, type Element } from '../tree.js';
import { WBXML } from './tokens.js';

export class WbxmlError extends Error {
  override readonly name: string = 'WbxmlError';
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

export interface WbxmlReadDocument {
  readonly version: number;
  /** The public id token; 0 when the header names the document type by a string (below). */
  readonly publicId: number;
  readonly publicIdLiteral?: string;
  readonly charset: number;
  readonly root: WbxmlNode;
}

const DECODERS = new Map<number, TextDecoder>([
  [106, new TextDecoder('utf-8', { ignoreBOM: true })],
  [0, new TextDecoder('utf-8', { ignoreBOM: true })],
  [4, new TextDecoder('latin1')],
  [3, new TextDecoder('ascii')],
]);
const UTF8 = DECODERS.get(106)!;

/**
 * `budget`: what the document may build (by default MAX_ELEMENTS and MAX_CHILDREN of limits.ts);
 * pass one to share it with the documents read alongside, or to set another protocol's bounds.
 */
export function readWbxml(bytes: Uint8Array, pages: CodePageTables, budget: ElementBudget = new ElementBudget()): WbxmlReadDocument {
  let i = 0;
  const end = bytes.length;

  const fail = (what: string): never => {
    throw new WbxmlError(`malformed WBXML at byte ${i}: ${what}`);
  };
  const byte = (): number => (i < end ? bytes[i++]! : fail('unexpected end'));
  const mb = (): number => {
    let value = 0;
    for (let n = 0; n < 5; n++) {
      const b = byte();
      value = value * 128 + (b & 0x7f);
      if ((b & 0x80) === 0) return value > 0xffffffff ? fail('integer too large') : value;
    }
    return fail('integer too long');
  };

  const version = byte();
  let publicId = mb();
  const literalIndex = publicId === 0 ? mb() : undefined;
  // WBXML 1.0 (version byte 0x00) has no charset field.
  const charset = version === 0x00 ? 0 : mb();
  const decoder = DECODERS.get(charset) ?? fail(`unsupported charset ${charset}`);
  const tableLength = mb();
  if (tableLength > end - i) fail('string table longer than the document');
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
  const inline = (): string => {
    const stop = bytes.indexOf(0, i);
    if (stop < 0) fail('unterminated inline string');
    const s = decoder.decode(bytes.subarray(i, stop));
    i = stop + 1;
    return s;
  };
  const opaque = (): Uint8Array => {
    const length = mb();
    if (length > end - i) fail('opaque data longer than the document');
    const data = bytes.subarray(i, i + length);
    i += length;
    return data;
  };
  /** Skips an extension token's payload. */
  const extension = (token: number): void => {
    if (token === WBXML.EXT_I_0 || token === WBXML.EXT_I_1 || token === WBXML.EXT_I_2) inline();
    else if (token === WBXML.EXT_T_0 || token === WBXML.EXT_T_1 || token === WBXML.EXT_T_2) mb();
  };
  const isExtension = (t: number) =>
    (t >= WBXML.EXT_I_0 && t <= WBXML.EXT_I_2) || (t >= WBXML.EXT_T_0 && t <= WBXML.EXT_T_2) || (t >= WBXML.EXT_0 && t <= WBXML.EXT_2);

  let tagPage = 0;
  let attrPage = 0;

  /** Attributes up to their END (also a PI's target and value). */
  const attributes = (): WbxmlReadAttribute[] => {
    const out: WbxmlReadAttribute[] = [];
    let current: WbxmlReadAttribute | undefined;
    for (;;) {
      const t = byte();
      if (t === WBXML.END) return out;
      if (t === WBXML.SWITCH_PAGE) attrPage = byte();
      else if (t === WBXML.STR_I) current?.value.push(inline());
      else if (t === WBXML.STR_T) current?.value.push(tableString(mb()));
      else if (t === WBXML.ENTITY) current?.value.push(String.fromCodePoint(Math.min(mb(), 0x10ffff)));
      else if (t === WBXML.OPAQUE) current?.value.push(UTF8.decode(opaque()));
      else if (t === WBXML.LITERAL) {
        current = { page: attrPage, start: -1, value: [tableString(mb())] };
        out.push(current);
      } else if (isExtension(t)) extension(t);
      else if (t >= 0x80) current?.value.push({ page: attrPage, token: t });
      else {
        current = { page: attrPage, start: t, value: [] };
        out.push(current);
      }
    }
  };
  const skipPi = (): void => {
    attributes();
  };

  /** A tag token (already read) → a node, its attributes read; `siblings`: its parent's children so far. */
  const open = (t: number, siblings: number): WbxmlNode => {
    const over = budget.add(siblings);
    if (over !== undefined) throw new WbxmlLimitError(`WBXML at byte ${i - 1}: ${over}`);
    let name: string;
    const token = t & 0x3f;
    if (token === WBXML.LITERAL) name = tableString(mb());
    else if (token < 0x05) return fail(`token 0x${t.toString(16)} where a tag was expected`);
    else name = pages[tagPage]?.[token] ?? `#${tagPage}:${token}`;
    const node: WbxmlNode = { name, page: tagPage, token, children: NO_CHILDREN as WbxmlNode[], text: '' };
    if (t & WBXML.ATTRIBUTES) (node as { attributes?: WbxmlReadAttribute[] }).attributes = attributes();
    return node;
  };

  // The body: PIs, the root element, PIs.
  let t = byte();
  while (t === WBXML.PI || t === WBXML.SWITCH_PAGE) {
    if (t === WBXML.PI) skipPi();
    else tagPage = byte();
    t = byte();
  }
  const root = open(t, 0);
  const stack: { node: WbxmlNode; pieces: number }[] = [];
  if (t & WBXML.CONTENT) stack.push({ node: root, pieces: 0 });

  const addText = (frame: { node: WbxmlNode; pieces: number }, s: string, raw?: Uint8Array) => {
    const { node } = frame;
    node.text += s;
    frame.pieces++;
    if (raw !== undefined && frame.pieces === 1) node.opaque = raw;
    else delete node.opaque;
  };

  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    t = byte();
    switch (t) {
      case WBXML.END:
        stack.pop();
        break;
      case WBXML.SWITCH_PAGE:
        tagPage = byte();
        break;
      case WBXML.STR_I:
        addText(frame, inline());
        break;
      case WBXML.STR_T:
        addText(frame, tableString(mb()));
        break;
      case WBXML.ENTITY:
        addText(frame, String.fromCodePoint(Math.min(mb(), 0x10ffff)));
        break;
      case WBXML.OPAQUE: {
        const data = opaque();
        addText(frame, UTF8.decode(data), data);
        break;
      }
      case WBXML.PI:
        skipPi();
        break;
      default: {
        if (isExtension(t)) {
          extension(t);
          break;
        }
        const node = open(t, frame.node.children.length);
        addChild(frame.node, node);
        if (t & WBXML.CONTENT) {
          if (stack.length >= MAX_ELEMENT_DEPTH) fail(`elements nested too deep (more than ${MAX_ELEMENT_DEPTH})`);
          stack.push({ node, pieces: 0 });
        }
      }
    }
  }
  while (i < end) {
    if (bytes[i] === WBXML.PI) {
      i++;
      skipPi();
    } else fail('bytes after the root element');
  }

  if (literalIndex !== undefined) publicId = 0;
  return {
    version,
    publicId,
    ...(literalIndex === undefined ? {} : { publicIdLiteral: tableString(literalIndex) }),
    charset,
    root,
  };
}
