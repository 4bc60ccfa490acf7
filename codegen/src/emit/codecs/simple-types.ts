/**
 * Simple types (built-ins, restrictions with enumeration, pattern or nil): each distinct one is
 * declared once as a `defineScalar` constant the shape descriptors refer to, and written by the
 * runtime formatter of its kind.
 */
import type { Scalar } from '../../xsd/model.js';

/** The scalar constants of one generated file, named in the order they are first used. */
export class ScalarConstants {
  private readonly names = new Map<string, string>();
  private readonly defs: string[] = [];

  /** The constant describing `s`, declared on its first use. */
  constantOf(s: Scalar): string {
    const def = { kind: s.kind, type: s.type, nullable: s.nullable || undefined, values: s.values, pattern: s.pattern };
    const k = JSON.stringify(def);
    let name = this.names.get(k);
    if (!name) {
      name = `T_${s.type}${s.nullable && !/OrEmpty$/.test(s.type) ? '_OrEmpty' : ''}`;
      while ([...this.names.values()].includes(name)) name += '_';
      this.names.set(k, name);
      this.defs.push(`const ${name} = defineScalar(${JSON.stringify(JSON.parse(k))});`);
    }
    return name;
  }

  /** The declarations, one a line. */
  declarations(): string {
    return this.defs.join('\n');
  }
}

/** The expression that writes the value `expr` of simple type `s` as element text or an attribute value. */
export function formatValue(s: Scalar, expr: string, path: string, attr: boolean): string {
  const esc = attr ? 'escapeAttr' : 'escapeText';
  switch (s.kind) {
    case 'string':
    case 'anyURI':
      return `${esc}(${s.nullable ? `${expr} ?? ''` : expr})`;
    case 'int':
    case 'integer':
    case 'nonNegativeInteger':
      return `formatInteger(${expr}, ${JSON.stringify(path)})`;
    case 'boolean':
      return `formatBoolean(${expr}, ${JSON.stringify(path)})`;
    case 'dateTime':
      return `formatDateTime(${expr}, ${JSON.stringify(path)})`;
    case 'listingTimestamp':
      return `formatListingTimestamp(${expr}, ${JSON.stringify(path)})`;
  }
}
