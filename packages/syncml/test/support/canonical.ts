/**
 * An XML document as lines `path {namespace}name = text`, for comparing what we write with what a
 * phone or server wrote: namespaces resolved (so `xmlns` placement and quoting do not count),
 * whitespace between elements dropped (pretty printing does not count), CDATA and escaped text
 * alike, line ends as the parser reports them. Element order counts, except in `reorder`.
 */
import { SaxesParser } from 'saxes';

export interface CanonicalOptions {
  /** Parent name → child names in the order to sort them into (stable) before comparing. */
  readonly reorder?: Readonly<Record<string, readonly string[]>>;
}

interface Node {
  name: string;
  uri: string;
  text: string;
  children: Node[];
}

export function canonical(xml: string, options: CanonicalOptions = {}): string[] {
  const parser = new SaxesParser({ xmlns: true });
  const stack: Node[] = [];
  let root: Node | undefined;
  parser.on('opentag', (t) => {
    const node: Node = { name: t.local, uri: t.uri, text: '', children: [] };
    if (stack.length === 0) root = node;
    else stack[stack.length - 1]!.children.push(node);
    stack.push(node);
  });
  parser.on('closetag', () => void stack.pop());
  const onText = (s: string) => {
    if (stack.length > 0) stack[stack.length - 1]!.text += s;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.write(xml).close();

  const lines: string[] = [];
  const walk = (n: Node, path: string) => {
    const here = `${path}/${n.name}`;
    lines.push(`${here} {${n.uri}}${n.children.length === 0 ? ` = ${JSON.stringify(n.text)}` : ''}`);
    let children = n.children;
    const order = options.reorder?.[n.name];
    if (order !== undefined) {
      const rank = (c: Node) => (order.includes(c.name) ? order.indexOf(c.name) : order.length);
      children = [...children].sort((a, b) => rank(a) - rank(b));
    }
    for (const c of children) walk(c, here);
  };
  walk(root!, '');
  return lines;
}

/** Where SyncEvolution departs from the DTD's element order (we write the DTD's). */
export const SYNCEVOLUTION_ORDER = {
  reorder: {
    DevInf: ['VerDTD', 'Man', 'Mod', 'OEM', 'FwV', 'SwV', 'HwV', 'DevID', 'DevTyp', 'UTC', 'SupportLargeObjs', 'SupportNumberOfChanges', 'DataStore'],
    Property: ['PropName', 'DataType', 'MaxOccur', 'MaxSize', 'NoTruncate', 'ValEnum', 'DisplayName', 'PropParam'],
  },
};
