/**
 * fast-check arbitraries for any generated type, built from its shape descriptor, so every type
 * codegen emits gets property tests without a hand-written generator that could drift.
 */
import fc from 'fast-check';
import type { ScalarSpec, ShapeSpec } from '@atomsync/atom';

// Characters XML 1.0 can carry (no C0 controls but TAB/LF/CR, no U+FFFE/U+FFFF, no lone surrogates).
const xmlChar = fc
  .oneof(
    { weight: 6, arbitrary: fc.constantFrom(...'abcXYZ019 _-.:/@+&<>"\'\t\n\r]'.split('')) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
    { weight: 1, arbitrary: fc.constantFrom('é', 'ß', '日', '😀', '\u00a0', '\u2028') },
  )
  .filter((c) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/.test(c));
const xmlString = fc.array(xmlChar, { maxLength: 24 }).map((cs) => cs.join(''));

// Whole seconds: the wire carries timestamps to the second (guide/protocol.md#timestamps).
const timestamp = fc
  .integer({ min: Date.UTC(1970, 0, 1) / 1000, max: Date.UTC(2099, 11, 31) / 1000 })
  .map((s) => new Date(s * 1000));

export function scalarArbitrary(spec: ScalarSpec): fc.Arbitrary<unknown> {
  let arb: fc.Arbitrary<unknown>;
  if (spec.values) arb = fc.constantFrom(...spec.values);
  else if (spec.type === 'Uuid') arb = fc.uuid();
  else if (spec.pattern) throw new Error(`no arbitrary for pattern type ${spec.type}`);
  else {
    switch (spec.kind) {
      case 'string':
        arb = xmlString;
        break;
      case 'anyURI':
        arb = fc.oneof(
          fc.webUrl({ withQueryParameters: true, withFragments: true }),
          fc.uuid().map((u) => `urn:uuid:${u}`),
          fc.constantFrom('', '/v2/services/syncml/', '../a%20b?c=d#e', 'mailto:a@example.org', 'http://[::1]:8080/x', 'http://h/日本'),
        );
        break;
      case 'int':
        arb = fc.integer({ min: -2147483648, max: 2147483647 });
        break;
      case 'integer':
        arb = fc.maxSafeInteger();
        break;
      case 'nonNegativeInteger':
        arb = fc.maxSafeNat();
        break;
      case 'boolean':
        arb = fc.boolean();
        break;
      case 'dateTime':
      case 'listingTimestamp':
        arb = timestamp;
        break;
    }
  }
  return spec.nullable ? fc.option(arb, { nil: null, freq: 3 }) : arb;
}

const cache = new Map<ShapeSpec, fc.Arbitrary<Record<string, unknown>>>();

/** A random valid value of the type the shape describes. Repeated fields are always arrays. */
export function shapeArbitrary(shape: ShapeSpec, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const cached = cache.get(shape);
  if (cached) return cached;
  const members: Record<string, fc.Arbitrary<unknown>> = {};
  const required: string[] = [];
  for (const a of shape.attrs) {
    members[a.prop] = scalarArbitrary(a.scalar);
    if (a.required) required.push(a.prop);
  }
  if (shape.text) {
    members[shape.text.prop] = scalarArbitrary(shape.text.scalar);
    required.push(shape.text.prop);
  }
  for (const f of shape.fields) {
    const one = f.shape ? shapeArbitrary(f.shape, depth + 1) : scalarArbitrary(f.scalar!);
    if (f.many) {
      members[f.prop] = fc.array(one, { minLength: f.required ? 1 : 0, maxLength: depth > 1 ? 2 : 3 });
      required.push(f.prop);
    } else {
      members[f.prop] = one;
      if (f.required) required.push(f.prop);
    }
  }
  const arb = fc.record(members, { requiredKeys: required });
  cache.set(shape, arb);
  return arb;
}
