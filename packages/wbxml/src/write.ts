/**
 * WBXML writing (WAP-192-WBXML-20010725-a), by hand. npm has no maintained WBXML library to build
 * on: the few packages there decode only, are unmaintained, or carry WML-era tables and none of
 * SyncML's, and the format is small and ours to get byte-exact (tests check it against the
 * specification's examples and against real phones' traffic).
 *
 * Two ways in: `WbxmlWriter`, a streaming writer the SyncML encoder drives token by token, and
 * `encodeWbxml`, a small tree encoder on top of it (OMA Client Provisioning documents use it).
 *
 * What it writes: the header (version, public id — a token or a string-table literal —, charset,
 * string table), tags with the attribute (0x80) and content (0x40) bits, SWITCH_PAGE for tag and
 * attribute code pages (kept as two separate states, as §5.8.1 says; switched only when the next
 * token needs it), inline strings (STR_I), string-table references (STR_T, the table built in order
 * of first use), OPAQUE data, attribute start and value tokens, and character entities (ENTITY).
 * Strings are written as UTF-8, so use charset 106 (UTF-8), or 3 (US-ASCII) with ASCII text only.
 */
import { ByteBuilder, mbUint32 } from './bytes.js';
import { WBXML } from './tokens.js';

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
  readonly content?: readonly (WbxmlElement | WbxmlString | { readonly entity: number } | { readonly opaque: Uint8Array })[];
}

export interface WbxmlHeader {
  /** WBXML version byte: 0x03 for 1.3 (the default), 0x02 for 1.2 (what SyncML phones send). */
  readonly version?: number;
  /**
   * Well-known public identifier (e.g. 0x0B, `-//WAPFORUM//DTD PROV 1.0//EN`; 0x01 = unknown), or
   * the identifier's text, written into the string table and referenced from the header.
   */
  readonly publicId: number | { readonly literal: string };
  readonly charset: number;
}

export interface WbxmlDocument extends WbxmlHeader {
  readonly root: WbxmlElement;
}

const encoder = new TextEncoder();

export class WbxmlWriter {
  readonly #body = new ByteBuilder();
  readonly #table = new ByteBuilder(64);
  readonly #offsets = new Map<string, number>();
  #tagPage = 0;
  #attrPage = 0;
  readonly #header: WbxmlHeader | undefined;

  /**
   * With the header up front, a public identifier given as text takes the first place in the
   * string table (offset 0), where phones put it.
   */
  constructor(header?: WbxmlHeader) {
    this.#header = header;
    if (header !== undefined && typeof header.publicId !== 'number') this.tableOffset(header.publicId.literal);
  }

  #tagToken(token: number, page: number, bits: number): void {
    if (token < 0x05 || token > 0x3f) throw new RangeError(`tag token out of range: ${token}`);
    if (page !== this.#tagPage) {
      this.#body.byte(WBXML.SWITCH_PAGE);
      this.#body.byte((this.#tagPage = page));
    }
    this.#body.byte(token | bits);
  }

  /** A start tag with content; close it with `end()`. */
  start(token: number, page = 0): void {
    this.#tagToken(token, page, WBXML.CONTENT);
  }

  /** An element without content (`<Final/>`). */
  empty(token: number, page = 0): void {
    this.#tagToken(token, page, 0);
  }

  /** A start tag with attributes (closed by the writer) and, when `content`, content to follow. */
  startWithAttributes(token: number, page: number, attributes: readonly WbxmlAttribute[], content: boolean): void {
    this.#tagToken(token, page, WBXML.ATTRIBUTES | (content ? WBXML.CONTENT : 0));
    for (const a of attributes) {
      if (a.start < 0x05 || a.start >= 0x80) throw new RangeError(`attribute start token out of range: ${a.start}`);
      this.#attrPageFor(a.page ?? 0);
      this.#body.byte(a.start);
      for (const part of a.value ?? []) {
        if (typeof part === 'object' && 'token' in part) {
          if (part.token < 0x80) throw new RangeError(`attribute value token out of range: ${part.token}`);
          this.#attrPageFor(part.page ?? 0);
          this.#body.byte(part.token);
        } else {
          this.string(part);
        }
      }
    }
    this.#body.byte(WBXML.END);
  }

  #attrPageFor(page: number): void {
    if (page !== this.#attrPage) {
      this.#body.byte(WBXML.SWITCH_PAGE);
      this.#body.byte((this.#attrPage = page));
    }
  }

  end(): void {
    this.#body.byte(WBXML.END);
  }

  /**
   * Inline text (STR_I). STR_I ends at a NUL, so text holding one goes as OPAQUE instead (readers
   * of SyncML take opaque content of a text element as its UTF-8 text).
   */
  text(s: string): void {
    if (s.includes('\0')) {
      this.opaqueText(s);
      return;
    }
    this.#body.byte(WBXML.STR_I);
    this.#body.utf8(s);
    this.#body.byte(0x00);
  }

  /** A string inline, or through the string table. */
  string(s: WbxmlString): void {
    if (typeof s === 'string') this.text(s);
    else {
      this.#body.byte(WBXML.STR_T);
      this.#body.mbUint32(this.tableOffset(s.table));
    }
  }

  /** The string table offset of a string, added on first use. */
  tableOffset(s: string): number {
    let offset = this.#offsets.get(s);
    if (offset === undefined) {
      offset = this.#table.length;
      this.#offsets.set(s, offset);
      this.#table.utf8(s);
      this.#table.byte(0x00);
    }
    return offset;
  }

  opaque(bytes: Uint8Array): void {
    this.#body.byte(WBXML.OPAQUE);
    this.#body.mbUint32(bytes.length);
    this.#body.bytes(bytes);
  }

  /** Text as OPAQUE UTF-8 bytes, encoded once, straight into the buffer. */
  opaqueText(s: string): void {
    // The length prefix comes first, so encode once to learn it (TextEncoder is fast and the
    // bytes are copied once more): simpler than reserving the widest prefix and shifting.
    this.opaque(encoder.encode(s));
  }

  entity(code: number): void {
    this.#body.byte(WBXML.ENTITY);
    this.#body.mbUint32(code);
  }

  /** The whole document: header (the constructor's unless given), string table, body. */
  finish(header: WbxmlHeader | undefined = this.#header): Uint8Array {
    if (header === undefined) throw new TypeError('WbxmlWriter.finish: no header');
    const publicId = typeof header.publicId === 'number' ? mbUint32(header.publicId) : [0x00, ...mbUint32(this.tableOffset(header.publicId.literal))];
    const head = [header.version ?? 0x03, ...publicId, ...mbUint32(header.charset), ...mbUint32(this.#table.length)];
    const table = this.#table.view();
    const body = this.#body.view();
    const out = new Uint8Array(head.length + table.length + body.length);
    out.set(head, 0);
    out.set(table, head.length);
    out.set(body, head.length + table.length);
    return out;
  }
}

function writeElement(w: WbxmlWriter, e: WbxmlElement): void {
  const page = e.page ?? 0;
  const attrs = e.attributes ?? [];
  const content = e.content ?? [];
  if (attrs.length > 0) w.startWithAttributes(e.tag, page, attrs, content.length > 0);
  else if (content.length > 0) w.start(e.tag, page);
  else w.empty(e.tag, page);
  if (content.length === 0) return;
  for (const c of content) {
    if (typeof c === 'string' || 'table' in c) w.string(c);
    else if ('entity' in c) w.entity(c.entity);
    else if ('opaque' in c) w.opaque(c.opaque);
    else writeElement(w, c);
  }
  w.end();
}

/** Encodes a document given as a tree: header (version 0x03 unless given), string table, body. */
export function encodeWbxml(doc: WbxmlDocument): Uint8Array {
  const w = new WbxmlWriter(doc);
  writeElement(w, doc.root);
  return w.finish();
}
