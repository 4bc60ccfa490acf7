/**
 * Shape descriptors: what codegen emits for every complex type of spec/xsd, and what the
 * streaming reader walks. A shape lists its child elements (by namespace and local name),
 * attributes, and the text value of simple content.
 */
import { ATOM_NS } from './namespaces.js';
import type { ScalarSpec } from './scalars.js';

export interface FieldSpec {
  readonly uri: string;
  readonly local: string;
  readonly prop: string;
  readonly many: boolean;
  readonly required: boolean;
  /** Exactly one of scalar and shape. */
  readonly scalar?: ScalarSpec;
  readonly shape?: ShapeSpec;
}

export interface AttrSpec {
  readonly local: string;
  readonly prop: string;
  readonly required: boolean;
  readonly scalar: ScalarSpec;
}

export interface TextSpec {
  readonly prop: string;
  readonly scalar: ScalarSpec;
}

export interface ShapeSpec {
  readonly name: string;
  readonly fields: readonly FieldSpec[];
  readonly attrs: readonly AttrSpec[];
  readonly text?: TextSpec;
  /** Lookup tables built once by defineShape. */
  readonly byNs: ReadonlyMap<string, ReadonlyMap<string, FieldSpec>>;
  readonly manyProps: readonly string[];
  readonly requiredFields: readonly FieldSpec[];
  readonly requiredAttrs: readonly AttrSpec[];
}

export function defineShape(def: {
  name: string;
  fields?: readonly FieldSpec[];
  attrs?: readonly AttrSpec[];
  text?: TextSpec;
}): ShapeSpec {
  const fields = def.fields ?? [];
  const attrs = def.attrs ?? [];
  const byNs = new Map<string, Map<string, FieldSpec>>();
  for (const f of fields) {
    let inNs = byNs.get(f.uri);
    if (!inNs) byNs.set(f.uri, (inNs = new Map()));
    inNs.set(f.local, f);
  }
  return {
    name: def.name,
    fields,
    attrs,
    text: def.text,
    byNs,
    manyProps: fields.filter((f) => f.many).map((f) => f.prop),
    requiredFields: fields.filter((f) => f.required),
    requiredAttrs: attrs.filter((a) => a.required),
  };
}

/** A feed: the feed head's fields plus `entries`, each of one entry shape. */
export function defineFeedShape(head: ShapeSpec, entry: ShapeSpec): ShapeSpec {
  return defineShape({
    name: `${entry.name}Feed`,
    fields: [
      ...head.fields,
      { uri: ATOM_NS, local: 'entry', prop: 'entries', many: true, required: false, shape: entry },
    ],
  });
}
