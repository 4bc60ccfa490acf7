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

  constructor(version: SyncmlVersion) {
    this.#version = version;
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
    this.#parts.push(this.#startTag(tag));
    this.#open.push(tag);
  }

  end(): void {
    const tag = this.#open.pop();
    if (tag !== undefined) this.#parts.push(tag.close);
  }

  leaf(tag: Tag, text: string): void {
    if (text === '') this.flag(tag);
    else this.#parts.push(this.#startTag(tag), escape(text), tag.close);
  }

  flag(tag: Tag): void {
    this.#parts.push(this.#ns() === tag.ns ? tag.empty : tag.emptyNs);
  }

  data(text: string): void {
    this.#parts.push(escape(text));
  }

  devinf(devinf: DevInf, form: SyncmlVersion): void {
    writeDevInf(this, devinf, form);
  }

  toString(): string {
    return this.#parts.join('');
  }
}
