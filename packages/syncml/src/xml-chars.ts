/**
 * Characters XML 1.0 cannot carry (§2.2 Char): the C0 controls but TAB, LF and CR, U+FFFE, U+FFFF
 * and surrogates that are not half of a pair. saxes refuses them in an XML body, but WBXML carries
 * any string (an ENTITY token names any code point, an inline string or OPAQUE any bytes), and what
 * a device sends is stored and written back as XML (the chat log, our replies, the Atom API).
 */
import { SyncmlDecodeError } from './error.js';
import type { Element } from './tree.js';

const NON_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff\p{Cs}]/u;
const NON_XML_ALL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff\p{Cs}]/gu;

/** The first character of `s` XML cannot carry, as `U+XXXX`, or undefined when there is none. */
export function nonXmlChar(s: string): string | undefined {
  const m = NON_XML.exec(s);
  return m === null ? undefined : `U+${m[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** `s` with each character XML cannot carry replaced by U+FFFD. */
export function replaceNonXml(s: string): string {
  return NON_XML.test(s) ? s.replace(NON_XML_ALL, '\ufffd') : s;
}

/**
 * Makes the text of a tree a device sent safe to store and to write back as XML, before it is
 * mapped. Protocol text (SyncHdr fields, LocURI/LocName, MsgID, CmdID, SessionID, Meta, anchors,
 * credentials, DevInf, ...) and element names (a WBXML LITERAL tag names itself) holding a
 * character XML cannot carry are a SyncmlDecodeError: no real device sends one, and we would not
 * know what the field meant. Item data (the Data of an Item: a vCard, an iCalendar object) has
 * each such character replaced by U+FFFD instead: a phone's odd note (a control character its
 * editor let through) should still sync rather than stop the whole session.
 */
export function checkText(root: Element): void {
  const stack: Element[] = [root];
  const parents: (Element | undefined)[] = [undefined];
  while (stack.length > 0) {
    const el = stack.pop()!;
    const parent = parents.pop();
    if (el.name === 'Data' && parent?.name === 'Item') el.text = replaceNonXml(el.text);
    else {
      const where = parent === undefined ? el.name : `${parent.name}/${el.name}`;
      const bad = nonXmlChar(el.text);
      if (bad !== undefined) throw new SyncmlDecodeError(`${where} holds a character XML cannot carry (${bad})`);
      const badName = nonXmlChar(el.name);
      if (badName !== undefined) throw new SyncmlDecodeError(`an element name under ${parent?.name ?? 'the root'} holds a character XML cannot carry (${badName})`);
    }
    for (const c of el.children) {
      stack.push(c);
      parents.push(el);
    }
  }
}
