/**
 * Fixtures are written the way MS-ASCMD prints its examples — XML with the code page names as
 * namespaces (`<Sync xmlns="AirSync" xmlns:airsyncbase="AirSyncBase">`) — and read into the
 * element tree here. Enough XML for that and no more: elements, xmlns declarations, text with the
 * five predefined entities, comments and the XML declaration. One extension marks opaque content:
 * `opaque="hex"` (the text is hex digits) or `opaque="utf8"` (the text's UTF-8 bytes), for what
 * clients and Exchange send as OPAQUE (MIME, conversation ids, attachment data).
 */
import { type AsElement, CODE_PAGE_NAMES, type CodePageName, tagByName } from '../../src/index.js';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescape = (s: string) => s.replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => ENTITIES[e]!);
const PAGES = new Set<string>(CODE_PAGE_NAMES);

interface Open {
  page: CodePageName;
  tag: string;
  ns: Map<string, string>;
  children: AsElement[];
  text: string;
  opaque?: 'hex' | 'utf8';
}

function close(o: Open): AsElement {
  const { page, tag } = o;
  if (o.opaque === 'hex') return { page, tag, opaque: Uint8Array.from(o.text.replace(/\s+/g, '').match(/../g) ?? [], (h) => Number.parseInt(h, 16)) };
  if (o.opaque === 'utf8') return { page, tag, opaque: new TextEncoder().encode(o.text) };
  if (o.children.length > 0) {
    if (o.text.trim() !== '') throw new Error(`${page}:${tag}: mixed content`);
    return { page, tag, children: o.children };
  }
  return o.text === '' ? { page, tag, children: [] } : { page, tag, text: o.text };
}

export function parseXmlish(xml: string): AsElement {
  const stack: Open[] = [];
  let root: AsElement | undefined;
  const re = /<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<\/([\w:]+)\s*>|<([\w:]+)((?:\s+[\w:]+\s*=\s*"[^"]*")*)\s*(\/?)>|([^<]+)/g;
  for (const m of xml.matchAll(re)) {
    const [all, closing, opening, attrs, selfClosing, text] = m;
    if (all.startsWith('<?') || all.startsWith('<!--')) continue;
    if (text !== undefined) {
      const top = stack[stack.length - 1];
      if (top === undefined) {
        if (text.trim() !== '') throw new Error(`text outside the root: ${text.trim().slice(0, 20)}`);
        continue;
      }
      top.text += unescape(text);
      continue;
    }
    if (closing !== undefined) {
      const top = stack.pop();
      if (top === undefined) throw new Error(`</${closing}> closes nothing`);
      const e = close(top);
      const parent = stack[stack.length - 1];
      if (parent) parent.children.push(e);
      else root = e;
      continue;
    }
    const parentNs = stack[stack.length - 1]?.ns ?? new Map<string, string>();
    const ns = new Map(parentNs);
    let opaque: 'hex' | 'utf8' | undefined;
    for (const [, name, value] of (attrs ?? '').matchAll(/([\w:]+)\s*=\s*"([^"]*)"/g)) {
      if (name === 'xmlns') ns.set('', value!);
      else if (name!.startsWith('xmlns:')) ns.set(name!.slice(6), value!);
      else if (name === 'opaque' && (value === 'hex' || value === 'utf8')) opaque = value;
      else throw new Error(`attribute ${name} on ${opening}`);
    }
    const [prefix, local] = opening!.includes(':') ? opening!.split(':') : ['', opening!];
    const page = ns.get(prefix!);
    if (page === undefined || !PAGES.has(page)) throw new Error(`${opening}: namespace ${page} is not a code page`);
    if (tagByName(`${page as CodePageName}:${local}`)?.name !== local) throw new Error(`${page}:${local} is not a tag`);
    const o: Open = { page: page as CodePageName, tag: local!, ns, children: [], text: '', ...(opaque ? { opaque } : {}) };
    if (selfClosing) {
      const e = close(o);
      const parent = stack[stack.length - 1];
      if (parent) parent.children.push(e);
      else root = e;
    } else stack.push(o);
  }
  if (stack.length > 0 || root === undefined) throw new Error('unbalanced fixture');
  return root;
}
