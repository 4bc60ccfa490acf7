/**
 * Text a phone sends that XML 1.0 cannot carry (§2.2 Char): the C0 controls but TAB, LF and CR,
 * U+FFFE, U+FFFF and surrogates that are not half of a pair. WBXML carries any string (an inline
 * string or OPAQUE holds any bytes), but what a phone sends is stored and written back as XML — the
 * Atom API shows a device's DeviceInformation and a datastore's items — where such a character
 * cannot be written at all. So it is checked where it comes in: a device field is kept with each
 * such character replaced by U+FFFD (a phone's odd name should not stop it syncing), an item is
 * refused with its command's Status 6 (SYNC_STATUS.CONVERSION_ERROR: "error in client/server
 * conversion"; the phone keeps it, nothing is stored), as we would not know what the field meant.
 */
import { isContainer, nameOf, textOf, type AsElement } from '../tree.js';

// With the u flag a paired surrogate is one code point, so \p{Cs} matches only a lone half.
const NON_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff\p{Cs}]/u;
const NON_XML_ALL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff\p{Cs}]/gu;

/** The replacement character: what a character XML cannot carry becomes in a device field. */
export const REPLACEMENT_CHARACTER = '\ufffd';

/** The first character of `text` XML cannot carry, named `U+XXXX`; undefined when there is none. */
export function nonXmlChar(text: string): string | undefined {
  const found = NON_XML.exec(text);
  return found === null ? undefined : `U+${found[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** `text` with each character XML cannot carry replaced by U+FFFD; the same string when there is none. */
export function xmlSafeText(text: string): string {
  return NON_XML.test(text) ? text.replace(NON_XML_ALL, REPLACEMENT_CHARACTER) : text;
}

/**
 * A field below `elements` (an item's ApplicationData) whose text XML cannot carry: its element's
 * name and the character; undefined when every field can be stored. Opaque data is read
 * as its text, as the item's mapping reads it.
 */
export function nonXmlField(elements: readonly AsElement[]): { readonly field: string; readonly char: string } | undefined {
  const stack = [...elements];
  while (stack.length > 0) {
    const e = stack.pop()!;
    if (isContainer(e)) {
      stack.push(...e.children);
      continue;
    }
    const char = nonXmlChar(textOf(e));
    if (char !== undefined) return { field: nameOf(e), char };
  }
  return undefined;
}
