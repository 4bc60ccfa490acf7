/** The types codegen emits: everything reachable from the entry shapes, the feed head and error. */
import type { ComplexType, Scalar } from '../xsd/model.js';

export interface Reach {
  /** Complex types in dependency order (a type after every type it uses). */
  complex: ComplexType[];
  /** Named enumerations. */
  enums: Scalar[];
}

export function reach(roots: ComplexType[]): Reach {
  const seen = new Set<ComplexType>();
  const complex: ComplexType[] = [];
  const enums = new Map<string, Scalar>();
  const names = new Map<string, ComplexType>();
  const noteScalar = (s: Scalar) => {
    if (s.enumName) enums.set(s.enumName, s);
  };
  const visit = (t: ComplexType, path: ComplexType[]) => {
    if (path.includes(t)) throw new Error(`recursive type ${t.name}: codegen emits types in dependency order`);
    if (seen.has(t)) return;
    const clash = names.get(t.name);
    if (clash && clash !== t) throw new Error(`two types named ${t.name}`);
    names.set(t.name, t);
    for (const f of t.fields) {
      if (f.complex) visit(f.complex, [...path, t]);
      else noteScalar(f.scalar!);
    }
    for (const a of t.attrs) noteScalar(a.scalar);
    if (t.text) noteScalar(t.text.scalar);
    seen.add(t);
    complex.push(t);
  };
  for (const r of roots) visit(r, []);
  return { complex, enums: [...enums.values()] };
}
