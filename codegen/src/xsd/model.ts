/**
 * Resolves the schema set of spec/xsd into the model codegen emits from: complex types with
 * their fields (child elements), attributes and simple content; simple types as scalars.
 * One small function per XSD construct (element, attribute, particle, simpleContent,
 * restriction, union), as the style guide asks.
 */
import { camel, plural } from '../naming.js';
import { parseXmlFile, type XNode } from './parse.js';

export const XS = 'http://www.w3.org/2001/XMLSchema';
export const CG = 'urn:atomsync:codegen';

export type ScalarKind = 'string' | 'anyURI' | 'int' | 'integer' | 'nonNegativeInteger' | 'boolean' | 'dateTime' | 'listingTimestamp';

export interface Scalar {
  kind: ScalarKind;
  /** The XSD type name (local part), for messages and naming. */
  type: string;
  nullable: boolean;
  values?: (string | number)[];
  pattern?: string;
  /** Set when this is a named enumeration: the TypeScript alias to emit. */
  enumName?: string;
  /** An `atom:Empty`-like type (length 0): only meaningful inside a union. */
  empty?: boolean;
  documentation?: string;
}

export interface Field {
  uri: string;
  local: string;
  prop: string;
  min: number;
  max: number; // Infinity for unbounded
  scalar?: Scalar;
  complex?: ComplexType;
  documentation?: string;
  /**
   * `cg:response="required"`: optional in requests, but in every answer the service gives. The
   * types holding such a field get a response form in which it is required (emit/response.ts).
   */
  inEveryResponse: boolean;
}

export interface Attr {
  local: string;
  prop: string;
  required: boolean;
  scalar: Scalar;
}

export interface ComplexType {
  /** Unique TypeScript name. */
  name: string;
  uri: string;
  fields: Field[];
  attrs: Attr[];
  text?: { prop: string; scalar: Scalar };
  documentation?: string;
}

export interface GlobalElement {
  uri: string;
  local: string;
  node: XNode;
  schema: Schema;
}

interface Schema {
  file: string;
  targetNamespace: string;
  root: XNode;
}

const BUILTINS: Record<string, ScalarKind> = {
  string: 'string',
  token: 'string',
  normalizedString: 'string',
  anyURI: 'anyURI',
  int: 'int',
  integer: 'integer',
  long: 'integer',
  nonNegativeInteger: 'nonNegativeInteger',
  boolean: 'boolean',
  dateTime: 'dateTime',
};

const key = (uri: string, local: string): string => `{${uri}}${local}`;

function xsChildren(node: XNode, local?: string): XNode[] {
  return node.children.filter((c) => c.uri === XS && (local === undefined || c.local === local));
}

function documentationOf(node: XNode): string | undefined {
  const doc = xsChildren(node, 'annotation').flatMap((a) => xsChildren(a, 'documentation'))[0];
  return doc?.text.trim() || undefined;
}

export class SchemaSet {
  readonly schemas: Schema[];
  private readonly simpleTypes = new Map<string, { node: XNode; schema: Schema }>();
  private readonly complexTypes = new Map<string, { node: XNode; schema: Schema }>();
  private readonly groups = new Map<string, { node: XNode; schema: Schema }>();
  readonly elements = new Map<string, GlobalElement>();
  private readonly resolvedComplex = new Map<string, ComplexType>();
  private readonly resolvedSimple = new Map<string, Scalar>();

  constructor(files: string[]) {
    this.schemas = files.map((file) => {
      const root = parseXmlFile(file);
      if (root.uri !== XS || root.local !== 'schema') throw new Error(`${file}: not an XML schema`);
      if (root.attrs.elementFormDefault !== 'qualified') throw new Error(`${file}: codegen expects elementFormDefault="qualified"`);
      return { file, targetNamespace: root.attrs.targetNamespace ?? '', root };
    });
    for (const schema of this.schemas) {
      for (const node of schema.root.children) {
        if (node.uri !== XS || node.attrs.name === undefined) continue;
        const k = key(schema.targetNamespace, node.attrs.name);
        const table = { simpleType: this.simpleTypes, complexType: this.complexTypes, group: this.groups }[node.local];
        if (table) table.set(k, { node, schema });
        if (node.local === 'element') this.elements.set(k, { uri: schema.targetNamespace, local: node.attrs.name, node, schema });
      }
    }
  }

  /** Every named complex type of a namespace, in document order. */
  complexTypeNames(uri: string): string[] {
    return [...this.complexTypes.entries()].filter(([, v]) => v.schema.targetNamespace === uri).map(([, v]) => v.node.attrs.name!);
  }

  qname(node: XNode, value: string): { uri: string; local: string } {
    const i = value.indexOf(':');
    const prefix = i < 0 ? '' : value.slice(0, i);
    const uri = node.resolve(prefix);
    if (uri === undefined) throw new Error(`unbound prefix in ${value}`);
    return { uri, local: i < 0 ? value : value.slice(i + 1) };
  }

  complexType(uri: string, local: string): ComplexType {
    const k = key(uri, local);
    const found = this.complexTypes.get(k);
    if (!found) throw new Error(`no complex type ${k}`);
    return this.resolveComplex(found.node, found.schema, local);
  }

  globalElement(uri: string, local: string): GlobalElement {
    const el = this.elements.get(key(uri, local));
    if (!el) throw new Error(`no global element {${uri}}${local}`);
    return el;
  }

  /** The type of an element declaration: a scalar or a complex type. */
  elementType(node: XNode, schema: Schema, hint: string): { scalar?: Scalar; complex?: ComplexType } {
    if (node.attrs.type !== undefined) {
      const { uri, local } = this.qname(node, node.attrs.type);
      if (uri === XS || this.simpleTypes.has(key(uri, local))) return { scalar: this.simple(uri, local) };
      return { complex: this.complexType(uri, local) };
    }
    const inlineComplex = xsChildren(node, 'complexType')[0];
    if (inlineComplex) return { complex: this.resolveComplex(inlineComplex, schema, hint) };
    const inlineSimple = xsChildren(node, 'simpleType')[0];
    if (inlineSimple) return { scalar: this.resolveSimple(inlineSimple, schema, hint) };
    return { scalar: { kind: 'string', type: 'string', nullable: false } };
  }

  simple(uri: string, local: string): Scalar {
    if (uri === XS) {
      const kind = BUILTINS[local];
      if (!kind) throw new Error(`codegen does not support xs:${local}`);
      return { kind, type: local, nullable: false };
    }
    const found = this.simpleTypes.get(key(uri, local));
    if (!found) throw new Error(`no simple type {${uri}}${local}`);
    return this.resolveSimple(found.node, found.schema, local);
  }

  private resolveSimple(node: XNode, schema: Schema, name: string): Scalar {
    const k = key(schema.targetNamespace, name);
    const cached = this.resolvedSimple.get(k);
    if (cached) return cached;
    const restriction = xsChildren(node, 'restriction')[0];
    const union = xsChildren(node, 'union')[0];
    let scalar: Scalar;
    if (restriction) scalar = this.restriction(restriction, node, name);
    else if (union) scalar = this.union(union, name);
    else throw new Error(`simple type ${name}: only restriction and union are supported`);
    scalar.documentation = documentationOf(node);
    this.resolvedSimple.set(k, scalar);
    return scalar;
  }

  private restriction(restriction: XNode, typeNode: XNode, name: string): Scalar {
    const base = this.qname(restriction, restriction.attrs.base!);
    const baseScalar = this.simple(base.uri, base.local);
    const scalar: Scalar = { ...baseScalar, type: name };
    const enums = xsChildren(restriction, 'enumeration').map((e) => e.attrs.value!);
    if (enums.length > 0) {
      scalar.values = baseScalar.kind === 'string' ? enums : enums.map(Number);
      scalar.enumName = name;
    }
    const pattern = xsChildren(restriction, 'pattern')[0];
    if (pattern) scalar.pattern = pattern.attrs.value;
    const length = xsChildren(restriction, 'length')[0];
    if (length?.attrs.value === '0') scalar.empty = true;
    const codec = xsChildren(typeNode, 'annotation')
      .flatMap((a) => xsChildren(a, 'appinfo'))
      .flatMap((a) => a.children)
      .find((c) => c.uri === CG && c.local === 'codec');
    if (codec) {
      if (codec.text.trim() !== 'listing-timestamp') throw new Error(`unknown cg:codec ${codec.text}`);
      scalar.kind = 'listingTimestamp';
      delete scalar.pattern; // the codec checks the form itself
    }
    return scalar;
  }

  /** A union with an empty type is a nullable scalar; codegen supports no other union. */
  private union(union: XNode, name: string): Scalar {
    const members = (union.attrs.memberTypes ?? '').split(/\s+/).filter(Boolean).map((m) => {
      const q = this.qname(union, m);
      return this.simple(q.uri, q.local);
    });
    const nonEmpty = members.filter((m) => !m.empty);
    if (nonEmpty.length !== 1 || members.length !== 2) {
      throw new Error(`union ${name}: codegen supports only "T or empty" unions`);
    }
    return { ...nonEmpty[0]!, nullable: true, type: name };
  }

  private resolveComplex(node: XNode, schema: Schema, name: string): ComplexType {
    const k = key(schema.targetNamespace, name);
    const cached = this.resolvedComplex.get(k);
    if (cached) return cached;
    if (node.attrs.mixed === 'true') throw new Error(`complex type ${name}: mixed content is for validation only`);
    const type: ComplexType = { name, uri: schema.targetNamespace, fields: [], attrs: [], documentation: documentationOf(node) };
    this.resolvedComplex.set(k, type);
    for (const child of xsChildren(node)) {
      if (child.local === 'sequence' || child.local === 'choice' || child.local === 'all' || child.local === 'group') {
        this.particle(child, schema, type, 1, 1);
      } else if (child.local === 'attribute') {
        type.attrs.push(this.attribute(child));
      } else if (child.local === 'simpleContent') {
        this.simpleContent(child, type);
      } else if (child.local !== 'annotation') {
        throw new Error(`complex type ${name}: unsupported xs:${child.local}`);
      }
    }
    const props = new Set<string>();
    for (const p of [...type.fields.map((f) => f.prop), ...type.attrs.map((a) => a.prop), type.text?.prop]) {
      if (p === undefined) continue;
      if (props.has(p)) throw new Error(`complex type ${name}: two members map to the property ${p}; set cg:name`);
      props.add(p);
    }
    return type;
  }

  private simpleContent(node: XNode, type: ComplexType): void {
    const ext = xsChildren(node, 'extension')[0];
    if (!ext) throw new Error(`${type.name}: simpleContent supports extension only`);
    const base = this.qname(ext, ext.attrs.base!);
    type.text = { prop: ext.nsAttrs[`{${CG}}text`] ?? 'value', scalar: this.simple(base.uri, base.local) };
    for (const a of xsChildren(ext, 'attribute')) type.attrs.push(this.attribute(a));
  }

  private attribute(node: XNode): Attr {
    const name = node.attrs.name;
    if (!name) throw new Error('attribute refs are not supported');
    const t = node.attrs.type ? this.qname(node, node.attrs.type) : { uri: XS, local: 'string' };
    return {
      local: name,
      prop: node.nsAttrs[`{${CG}}name`] ?? camel(name),
      required: node.attrs.use === 'required',
      scalar: this.simple(t.uri, t.local),
    };
  }

  /** sequence / choice / all / group ref: flattens into fields, multiplying occurrences. */
  private particle(node: XNode, schema: Schema, type: ComplexType, outerMin: number, outerMax: number): void {
    const min = outerMin * Number(node.attrs.minOccurs ?? 1) * (node.local === 'choice' ? 0 : 1);
    const max = outerMax * (node.attrs.maxOccurs === 'unbounded' ? Infinity : Number(node.attrs.maxOccurs ?? 1));
    if (node.local === 'group') {
      const ref = this.qname(node, node.attrs.ref!);
      const group = this.groups.get(key(ref.uri, ref.local));
      if (!group) throw new Error(`no group ${ref.local}`);
      for (const c of xsChildren(group.node)) if (c.local !== 'annotation') this.particle(c, group.schema, type, min, max);
      return;
    }
    for (const child of xsChildren(node)) {
      if (child.local === 'element') type.fields.push(this.element(child, schema, min, max));
      else if (['sequence', 'choice', 'all', 'group'].includes(child.local)) this.particle(child, schema, type, min, max);
      else if (child.local === 'any') throw new Error(`${type.name}: xs:any is for validation only`);
    }
  }

  private element(node: XNode, schema: Schema, outerMin: number, outerMax: number): Field {
    const min = outerMin * Number(node.attrs.minOccurs ?? 1);
    const max = outerMax * (node.attrs.maxOccurs === 'unbounded' ? Infinity : Number(node.attrs.maxOccurs ?? 1));
    let uri: string;
    let local: string;
    let resolved: { scalar?: Scalar; complex?: ComplexType };
    let documentation = documentationOf(node);
    if (node.attrs.ref !== undefined) {
      ({ uri, local } = this.qname(node, node.attrs.ref));
      const global = this.globalElement(uri, local);
      resolved = this.elementType(global.node, global.schema, local);
      documentation ??= documentationOf(global.node);
    } else {
      uri = schema.targetNamespace;
      local = node.attrs.name!;
      resolved = this.elementType(node, schema, local);
    }
    const prop = node.nsAttrs[`{${CG}}name`] ?? (max > 1 ? plural(camel(local)) : camel(local));
    return { uri, local, prop, min, max, ...resolved, documentation, inEveryResponse: this.inEveryResponse(node, local, min, max) };
  }

  /** Reads `cg:response`: only "required", and only on an optional, single element. */
  private inEveryResponse(node: XNode, local: string, min: number, max: number): boolean {
    const marker = node.nsAttrs[`{${CG}}response`];
    if (marker === undefined) return false;
    if (marker !== 'required') throw new Error(`${local}: cg:response="${marker}" (only "required" is supported)`);
    if (max > 1) throw new Error(`${local}: cg:response="required" on a repeated element`);
    if (min > 0) throw new Error(`${local}: cg:response="required" on an element every document already requires`);
    return true;
  }
}
