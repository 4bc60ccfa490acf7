/**
 * A minimal WBXML 1.3 encoder (WAP-192-WBXML-20010725-a): enough for the OMA Client Provisioning
 * document (oma-cp.ts) and small enough to read whole. No npm library is fit for this (the few
 * there are decode only, or carry WML-era tables we don't need), and the format is ours to get
 * byte-exact: tests check it against the specification's own examples.
 *
 * What it writes: the header (version 1.3, public id, charset, string table), tags with the
 * attribute (0x80) and content (0x40) bits, SWITCH_PAGE for tag and attribute code pages (kept as
 * two separate states, as §5.8.1 says), inline strings (STR_I), string-table references (STR_T,
 * the table built in order of first use), attribute start and value tokens, and character
 * entities (ENTITY). Strings are written as UTF-8, so use charset 106 (UTF-8), or 3 (US-ASCII)
 * with ASCII text only.
 */

/** Global tokens (§7.1). */
export const WBXML = {
  SWITCH_PAGE: 0x00,
  END: 0x01,
  ENTITY: 0x02,
  STR_I: 0x03,
  STR_T: 0x83,
  /** Tag bit: the element has content. */
  CONTENT: 0x40,
  /** Tag bit: the element has attributes. */
  ATTRIBUTES: 0x80,
} as const;

/** IANA MIBenum of UTF-8. */
export const CHARSET_UTF8 = 106;

/** A string written inline (STR_I), or through the string table (STR_T). */
export type WbxmlString = string | { readonly table: string };

/** One part of an attribute value: a string, or an attribute value token (≥ 0x80) of a code page. */
export type AttributeValuePart = WbxmlString | { readonly token: number; readonly page?: number };

export interface WbxmlAttribute {
  /** Attribute start token (< 0x80): names the attribute, and may carry a value prefix. */
  readonly start: number;
  /** Attribute code page of `start` (default 0). */
  readonly page?: number;
  readonly value?: readonly AttributeValuePart[];
}

export interface WbxmlElement {
  /** Tag token (0x05–0x3F). */
  readonly tag: number;
  /** Tag code page (default 0). */
  readonly page?: number;
  readonly attributes?: readonly WbxmlAttribute[];
  readonly content?: readonly (WbxmlElement | WbxmlString | { readonly entity: number })[];
}

export interface WbxmlDocument {
  /** Well-known public identifier (e.g. 0x0B, `-//WAPFORUM//DTD PROV 1.0//EN`); 0x01 = unknown. */
  readonly publicId: number;
  readonly charset: number;
  readonly root: WbxmlElement;
}

/** mb_u_int32 (§5.1): 7 bits per byte, most significant first, continuation bit on all but the last. */
export function mbUint32(value: number): number[] {
  if (!Number.isInteger(value) || value < 0 || value > 0xffffffff) throw new RangeError(`not a uint32: ${value}`);
  const bytes = [value & 0x7f];
  for (let rest = Math.floor(value / 128); rest > 0; rest = Math.floor(rest / 128)) bytes.unshift(0x80 | (rest & 0x7f));
  return bytes;
}

class Writer {
  readonly out: number[] = [];
  readonly table: number[] = [];
  readonly #offsets = new Map<string, number>();
  tagPage = 0;
  attrPage = 0;

  bytes(...values: number[]): void {
    for (const v of values) this.out.push(v);
  }

  string(s: WbxmlString): void {
    if (typeof s === 'string') {
      this.bytes(WBXML.STR_I, ...Buffer.from(s, 'utf8'), 0x00);
      return;
    }
    let offset = this.#offsets.get(s.table);
    if (offset === undefined) {
      offset = this.table.length;
      this.#offsets.set(s.table, offset);
      this.table.push(...Buffer.from(s.table, 'utf8'), 0x00);
    }
    this.bytes(WBXML.STR_T, ...mbUint32(offset));
  }

  attrPageFor(page = 0): void {
    if (page !== this.attrPage) this.bytes(WBXML.SWITCH_PAGE, (this.attrPage = page));
  }

  element(e: WbxmlElement): void {
    const page = e.page ?? 0;
    if (page !== this.tagPage) this.bytes(WBXML.SWITCH_PAGE, (this.tagPage = page));
    if (e.tag < 0x05 || e.tag > 0x3f) throw new RangeError(`tag token out of range: ${e.tag}`);
    const attrs = e.attributes ?? [];
    const content = e.content ?? [];
    this.bytes(e.tag | (attrs.length > 0 ? WBXML.ATTRIBUTES : 0) | (content.length > 0 ? WBXML.CONTENT : 0));
    if (attrs.length > 0) {
      for (const a of attrs) {
        if (a.start < 0x05 || a.start >= 0x80) throw new RangeError(`attribute start token out of range: ${a.start}`);
        this.attrPageFor(a.page);
        this.bytes(a.start);
        for (const part of a.value ?? []) {
          if (typeof part === 'object' && 'token' in part) {
            if (part.token < 0x80) throw new RangeError(`attribute value token out of range: ${part.token}`);
            this.attrPageFor(part.page);
            this.bytes(part.token);
          } else {
            this.string(part);
          }
        }
      }
      this.bytes(WBXML.END);
    }
    if (content.length > 0) {
      for (const c of content) {
        if (typeof c === 'string' || 'table' in c) this.string(c);
        else if ('entity' in c) this.bytes(WBXML.ENTITY, ...mbUint32(c.entity));
        else this.element(c);
      }
      this.bytes(WBXML.END);
    }
  }
}

/** Encodes a document: header (version 0x03, public id, charset, string table) then the body. */
export function encodeWbxml(doc: WbxmlDocument): Uint8Array {
  const w = new Writer();
  w.element(doc.root);
  return Uint8Array.from([0x03, ...mbUint32(doc.publicId), ...mbUint32(doc.charset), ...mbUint32(w.table.length), ...w.table, ...w.out]);
}
