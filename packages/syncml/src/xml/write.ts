/**
 * The XML sink: builds the document as an array of string parts joined once at the end (linear in
 * the message size however many items it holds). Text is escaped (@atomsync/atom's escaper), not wrapped in CDATA: one rule
 * that carries anything, `]]>` included. `&`, `<`, `>` become entities and a CR becomes `&#13;`,
 * since a raw CR would be turned into LF by the reader's end-of-line handling (a vCard's CRLF
 * would not survive). Characters XML 1.0 cannot carry at all (C0 controls other than tab, LF and
 * CR; U+FFFE, U+FFFF) become U+FFFD: one stray byte in an item must not make the whole message
 * unreadable for the phone.
 *
 * Namespaces are declared where they change, as phones expect: `<SyncML xmlns="SYNCML:SYNCML1.2">`,
 * each MetInf element under a SyncML one (`<Type xmlns="syncml:metinf">`), the DevInf root.
 */
import { escapeText } from '@atomsync/atom';
import type { DevInf } from '../devinf.js';
import type { SyncmlVersion } from '../message.js';
import type { Sink } from '../sink.js';
import { DEVINF_XML_TYPE, type Namespace, type Tag } from '../tags.js';
import { writeDevInf } from '../write-devinf.js';

/** Text as the device protocols escape it (@atomsync/atom): what XML cannot carry becomes U+FFFD. */
const escape = (s: string): string => escapeText(s, 'replace');

export class XmlSink implements Sink {
  readonly devinfType = DEVINF_XML_TYPE;
  readonly #parts: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  readonly #open: Tag[] = [];
  readonly #version: SyncmlVersion;
  /** See the constructor: past it, writes are dropped (and not escaped). */
  readonly #limit: number;
  #length = this.#parts[0]!.length;
  #cut = false;

  /**
   * `limit`: once the text written reaches this many characters (UTF-16 units), the rest is left
   * out, so a reader that keeps only the start of a message (the chat log) does not pay for the
   * whole; `cut` says whether anything was.
   */
  constructor(version: SyncmlVersion, limit = Infinity) {
    this.#version = version;
    this.#limit = limit;
  }

  /** Something was left out (see the constructor). */
  get cut(): boolean {
    return this.#cut;
  }

  /** There is room for more; else notes that something is left out. */
  #room(): boolean {
    if (this.#length < this.#limit) return true;
    this.#cut = true;
    return false;
  }

  #put(s: string): void {
    this.#parts.push(s);
    this.#length += s.length;
  }

  /** The namespace in scope: the innermost open element's. */
  #ns(): Namespace | undefined {
    return this.#open[this.#open.length - 1]?.ns;
  }

  #startTag(tag: Tag): string {
    const ns = this.#ns();
    if (ns === tag.ns) return tag.open;
    return tag.ns === 'syncml' ? `<${tag.name} xmlns="SYNCML:SYNCML${this.#version}">` : tag.openNs;
  }

  start(tag: Tag): void {
    if (this.#room()) this.#put(this.#startTag(tag));
    this.#open.push(tag);
  }

  end(): void {
    const tag = this.#open.pop();
    if (tag !== undefined && this.#room()) this.#put(tag.close);
  }

  leaf(tag: Tag, text: string): void {
    if (text === '') this.flag(tag);
    else if (this.#room()) {
      this.#put(this.#startTag(tag));
      this.#put(escape(text));
      this.#put(tag.close);
    }
  }

  flag(tag: Tag): void {
    if (this.#room()) this.#put(this.#ns() === tag.ns ? tag.empty : tag.emptyNs);
  }

  data(text: string): void {
    if (this.#room()) this.#put(escape(text));
  }

  devinf(devinf: DevInf, form: SyncmlVersion): void {
    writeDevInf(this, devinf, form);
  }

  toString(): string {
    return this.#parts.join('');
  }
}
