/** Reads an XSD file into a small namespace-resolved tree (saxes, the same reader we ship). */
import { readFileSync } from 'node:fs';
import { SaxesParser, type SaxesTagNS } from 'saxes';

export interface XNode {
  readonly uri: string;
  readonly local: string;
  /** Unqualified attributes by local name. */
  readonly attrs: Readonly<Record<string, string>>;
  /** Attributes in a namespace, keyed `{uri}local`. */
  readonly nsAttrs: Readonly<Record<string, string>>;
  readonly children: XNode[];
  text: string;
  /** Resolves a QName prefix as declared where this element stands. */
  readonly resolve: (prefix: string) => string | undefined;
}

export function parseXmlFile(path: string): XNode {
  const parser = new SaxesParser({ xmlns: true });
  const stack: XNode[] = [];
  let root: XNode | undefined;
  parser.on('doctype', () => {
    throw new Error(`${path}: DOCTYPE not supported`);
  });
  parser.on('opentag', (raw) => {
    const tag = raw as SaxesTagNS;
    const attrs: Record<string, string> = {};
    const nsAttrs: Record<string, string> = {};
    for (const a of Object.values(tag.attributes)) {
      if (a.uri === '') attrs[a.local] = a.value;
      else nsAttrs[`{${a.uri}}${a.local}`] = a.value;
    }
    const parent = stack[stack.length - 1];
    const declared = { ...tag.ns };
    const resolve = (prefix: string): string | undefined => declared[prefix] ?? parent?.resolve(prefix);
    const node: XNode = { uri: tag.uri, local: tag.local, attrs, nsAttrs, children: [], text: '', resolve };
    if (parent) parent.children.push(node);
    else root = node;
    stack.push(node);
  });
  parser.on('text', (t) => {
    const top = stack[stack.length - 1];
    if (top) top.text += t;
  });
  parser.on('closetag', () => void stack.pop());
  parser.write(readFileSync(path, 'utf8')).close();
  if (!root) throw new Error(`${path}: empty document`);
  return root;
}
