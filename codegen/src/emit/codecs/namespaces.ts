/**
 * The namespaces of the codecs' documents: the constant each URI is named by in the generated
 * code, the prefix it takes in a document whose default namespace is Atom's or the service's, and
 * the declarations a document's root carries.
 */
import type { ComplexType } from '../../xsd/model.js';

export interface Namespaces {
  atom: string;
  service: string;
  batch: string;
}

/** Which namespace is the default one in the document being written. */
export type Context = 'atom' | 'service';

/** The runtime constant (packages/atom/src/namespaces.ts) that holds `uri`. */
export function nsConst(ns: Namespaces, uri: string): string {
  if (uri === ns.atom) return 'ATOM_NS';
  if (uri === ns.service) return 'SERVICE_NS';
  if (uri === ns.batch) return 'BATCH_NS';
  throw new Error(`unknown namespace ${uri}`);
}

/** Each namespace's prefix, with its colon; the default namespace's is ''. */
export function prefixes(ns: Namespaces, ctx: Context): Record<string, string> {
  return ctx === 'atom' ? { [ns.atom]: '', [ns.service]: 's:', [ns.batch]: 'batch:' } : { [ns.service]: '', [ns.atom]: 'atom:', [ns.batch]: 'batch:' };
}

/** An element's qualified name as written in a document of `ctx`. */
export function qualifiedName(ns: Namespaces, uri: string, local: string, ctx: Context): string {
  return `${prefixes(ns, ctx)[uri]}${local}`;
}

/** Every namespace an element of type `t` may write, through its fields and theirs, added to `acc`. */
export function usedNamespaces(t: ComplexType, acc = new Set<string>()): Set<string> {
  for (const f of t.fields) {
    acc.add(f.uri);
    if (f.complex) usedNamespaces(f.complex, acc);
  }
  return acc;
}

/** The xmlns attributes a root element declares for `uris`, default namespace first. */
export function nsDeclarations(ns: Namespaces, uris: Set<string>, ctx: Context): string {
  const p = prefixes(ns, ctx);
  return [...uris]
    .sort((a, b) => (p[a] ?? '').localeCompare(p[b] ?? ''))
    .map((u) => (p[u] === '' ? ` xmlns="${u}"` : ` xmlns:${p[u]!.slice(0, -1)}="${u}"`))
    .join('');
}
