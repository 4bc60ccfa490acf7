/**
 * Shape descriptors, the data the streaming decoder walks: one `defineShape` per complex type
 * (and per response form), built from one descriptor line per construct — child element of the
 * sequence, attribute, simple content — and one `defineFeedShape` per entry shape.
 */
import type { Attr, ComplexType, Field } from '../../xsd/model.js';
import type { ResponseForms } from '../response.js';
import { nsConst, type Namespaces } from './namespaces.js';
import type { ScalarConstants } from './simple-types.js';

/** What every descriptor needs: the file's scalar constants, the namespaces and the response forms. */
export interface ShapeState {
  scalars: ScalarConstants;
  ns: Namespaces;
  responses: ResponseForms;
}

/** A child element of the sequence; in a response form it is required if every answer carries it. */
function elementDescriptor(st: ShapeState, f: Field, answered: boolean): string {
  const type = f.complex ? `shape: S_${answered ? st.responses.name(f.complex) : f.complex.name}` : `scalar: ${st.scalars.constantOf(f.scalar!)}`;
  const required = f.min > 0 || (answered && f.inEveryResponse);
  return `    { uri: ${nsConst(st.ns, f.uri)}, local: ${JSON.stringify(f.local)}, prop: ${JSON.stringify(f.prop)}, many: ${f.max > 1}, required: ${required}, ${type} },`;
}

function attributeDescriptor(st: ShapeState, a: Attr): string {
  return `    { local: ${JSON.stringify(a.local)}, prop: ${JSON.stringify(a.prop)}, required: ${a.required}, scalar: ${st.scalars.constantOf(a.scalar)} },`;
}

/** The `text` member of a type with simple content, or nothing. */
function simpleContentDescriptor(st: ShapeState, t: ComplexType): string {
  return t.text ? `\n  text: { prop: ${JSON.stringify(t.text.prop)}, scalar: ${st.scalars.constantOf(t.text.scalar)} },` : '';
}

/** A type's shape, or its response form's (what every answer carries required, emit/response.ts). */
export function complexTypeShape(st: ShapeState, t: ComplexType, answered: boolean): string {
  const name = answered ? st.responses.name(t) : t.name;
  const fields = t.fields.map((f) => elementDescriptor(st, f, answered));
  const attrs = t.attrs.map((a) => attributeDescriptor(st, a));
  const text = simpleContentDescriptor(st, t);
  return `const S_${name}: ShapeSpec = defineShape({\n  name: ${JSON.stringify(name)},\n  fields: [\n${fields.join('\n')}\n  ],\n  attrs: [\n${attrs.join('\n')}\n  ],${text}\n});`;
}

/** The shape of a feed of `entry`'s entries, and of its response form if it has one. */
export function feedShapes(responses: ResponseForms, entry: ComplexType): string[] {
  const out = [`const F_${entry.name}: ShapeSpec = defineFeedShape(S_FeedHead, S_${entry.name});`];
  if (responses.has(entry)) out.push(`const F_${responses.name(entry)}: ShapeSpec = defineFeedShape(S_FeedHead, S_${responses.name(entry)});`);
  return out;
}

/** Every shape the file declares: each reached type (then its response form), then each entry shape's feed. */
export function shapeDescriptors(st: ShapeState, types: readonly ComplexType[], entryShapes: readonly ComplexType[]): string[] {
  const out: string[] = [];
  for (const t of types) {
    out.push(complexTypeShape(st, t, false));
    if (st.responses.has(t)) out.push(complexTypeShape(st, t, true));
  }
  for (const e of entryShapes) out.push(...feedShapes(st.responses, e));
  return out;
}
