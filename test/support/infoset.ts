/**
 * A document's infoset, for comparing two serializations of the same data: element names by
 * namespace, attributes (without namespace declarations) sorted, text. Whitespace-only text
 * between elements (pretty printing) is not part of it; text inside a leaf element is, exactly.
 */
import { SaxesParser, type SaxesTagNS } from 'saxes';

export interface InfosetElement {
  name: string;
  attributes: Record<string, string>;
  children: (InfosetElement | string)[];
}

export function infoset(xml: string): InfosetElement {
  const parser = new SaxesParser({ xmlns: true });
  const stack: InfosetElement[] = [];
  let root: InfosetElement | undefined;
  parser.on('opentag', (raw) => {
    const tag = raw as SaxesTagNS;
    const attributes: Record<string, string> = {};
    for (const a of Object.values(tag.attributes).sort((x, y) => `{${x.uri}}${x.local}`.localeCompare(`{${y.uri}}${y.local}`))) {
      if (a.uri === 'http://www.w3.org/2000/xmlns/' || a.name === 'xmlns') continue;
      attributes[`{${a.uri}}${a.local}`] = a.value;
    }
    const el: InfosetElement = { name: `{${tag.uri}}${tag.local}`, attributes, children: [] };
    stack[stack.length - 1]?.children.push(el);
    stack.push(el);
    root ??= el;
  });
  const text = (t: string) => {
    const top = stack[stack.length - 1];
    if (!top) return;
    const last = top.children[top.children.length - 1];
    if (typeof last === 'string') top.children[top.children.length - 1] = last + t;
    else top.children.push(t);
  };
  parser.on('text', text);
  parser.on('cdata', text);
  parser.on('closetag', () => {
    const el = stack.pop()!;
    const hasElements = el.children.some((c) => typeof c !== 'string');
    if (hasElements) el.children = el.children.filter((c) => typeof c !== 'string' || c.trim() !== '');
    else if (el.children.length === 0) el.children = [];
    else if (el.children.join('') === '') el.children = [];
  });
  parser.write(xml).close();
  return root!;
}
