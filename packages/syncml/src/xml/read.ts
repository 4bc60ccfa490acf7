/**
 * XML bytes → element tree, with saxes (streaming, never expands entities). A DOCTYPE is refused
 * outright: a DTD is the door to entity expansion and external fetches, and SyncML needs none
 * (the guards of @atomsync/atom's guardedSaxesParser, shared by every XML reader).
 * Namespaces are not resolved: SyncML, MetInf and DevInf share no element name that could be
 * confused where the mapper looks, so local names are enough and the parser runs faster without
 * namespace processing. Text goes through XML's end-of-line handling (a CR LF in CDATA reads as
 * LF); a CR written as `&#13;` stays.
 *
 * Linear in the body whatever it holds: one parse, stopped at its first error (the error handler
 * throws; saxes left to go on would, at a close tag matching no open one, pop its whole stack with
 * a complaint per element), and elements nest at most MAX_ELEMENT_DEPTH deep, counted here so the
 * parse stops at the first element past it; likewise the document's elements in all and each
 * element's children are charged to an ElementBudget (tree.ts) before they are built, so a flat
 * run of millions of `<a/>` stops at MAX_CHILDREN. saxes counts lines and columns whatever
 * `position` says (the option only decides whether its messages name them), so messages say where.
 */
import { guardedSaxesParser } from '@atomsync/atom/xml-guard';
import { SyncmlDecodeError } from '../error.js';
import { MAX_ELEMENT_DEPTH } from '../limits.js';
import { addChild, ElementBudget, NO_CHILDREN, type Element } from '../tree.js';

const UTF8 = new TextDecoder('utf-8');

/** The text of the body, in the encoding its XML declaration names (UTF-8 when it names none). */
function textOf(body: Uint8Array): string {
  const head = String.fromCharCode(...body.subarray(0, 100));
  const declared = /^(?:\uFEFF|\xEF\xBB\xBF)?<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1]?.toLowerCase();
  if (declared === undefined || declared === 'utf-8' || declared === 'utf8') return UTF8.decode(body);
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(declared);
  } catch {
    throw new SyncmlDecodeError(`unsupported XML encoding ${JSON.stringify(declared)}`);
  }
  return decoder.decode(body);
}

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

/** `budget`: what the document may build (see ElementBudget); one of its own by default. */
export function readXml(body: Uint8Array, budget: ElementBudget = new ElementBudget()): Element {
  const stack: Element[] = [];
  let root: Element | undefined;
  const parser = guardedSaxesParser(
    { xmlns: false, position: true },
    {
      maxDepth: MAX_ELEMENT_DEPTH,
      fail: ({ kind, message, cause }) => new SyncmlDecodeError(kind === 'doctype' ? `${message} (SyncML needs no DTD)` : message, cause === undefined ? undefined : { cause }),
    },
    {
      opentag: (tag) => {
        const parent = stack[stack.length - 1];
        const over = budget.add(parent === undefined ? 0 : parent.children.length);
        if (over !== undefined) throw new SyncmlDecodeError(`${over} at ${parser.line}:${parser.column}`);
        const el: Element = { name: localName(tag.name), children: NO_CHILDREN, text: '' };
        if (parent === undefined) root = el;
        else addChild(parent, el);
        stack.push(el);
      },
      closetag: () => {
        stack.pop();
      },
    },
  );
  const onText = (text: string) => {
    const top = stack[stack.length - 1];
    if (top !== undefined) top.text += text;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);

  parser.write(textOf(body)).close();
  if (root === undefined) throw new SyncmlDecodeError('not well-formed XML: no root element');
  return root;
}
