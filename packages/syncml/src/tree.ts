/**
 * The element tree both readers build (xml/read.ts from saxes events, wbxml/read.ts from tokens),
 * so that one mapper (read-message.ts) turns either wire form into the typed model.
 */
export interface Element {
  /** Local name: an XML prefix is dropped; a WBXML token is named by its code page table. */
  readonly name: string;
  readonly children: Element[];
  /** The element's character data, all pieces concatenated (WBXML opaque data as UTF-8). */
  text: string;
  /** WBXML only: the raw bytes when the content was one OPAQUE (a DevInf document, item data). */
  opaque?: Uint8Array;
}
