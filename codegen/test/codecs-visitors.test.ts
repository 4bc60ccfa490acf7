/**
 * The codec emitter's per-construct functions (emit/codecs/), on small hand-made types: the
 * golden comparison in codegen.test.ts shows the whole file is unchanged, these show each
 * construct's rule on its own, where a regression names the construct.
 */
import { describe, expect, it } from 'vitest';
import { nsDeclarations, usedNamespaces, type Namespaces } from '../src/emit/codecs/namespaces.js';
import { complexTypeShape } from '../src/emit/codecs/shapes.js';
import { formatValue, ScalarConstants } from '../src/emit/codecs/simple-types.js';
import { elementCode, WriterSet } from '../src/emit/codecs/writers.js';
import { ResponseForms } from '../src/emit/response.js';
import type { ComplexType, Field, Scalar } from '../src/xsd/model.js';

const ns: Namespaces = { atom: 'urn:test:atom', service: 'urn:test:service', batch: 'urn:test:batch' };
const str: Scalar = { kind: 'string', type: 'string', nullable: false };
const int: Scalar = { kind: 'int', type: 'int', nullable: false };

function field(local: string, over: Partial<Field> = {}): Field {
  return { uri: ns.service, local, prop: local, min: 0, max: 1, scalar: str, inEveryResponse: false, ...over };
}

const inner: ComplexType = { name: 'Inner', uri: ns.service, fields: [field('code', { scalar: int, min: 1 })], attrs: [] };
const outer: ComplexType = {
  name: 'Outer',
  uri: ns.service,
  fields: [field('inner', { complex: inner, scalar: undefined, min: 1, inEveryResponse: true }), field('tag', { max: Infinity })],
  attrs: [{ local: 'kind', prop: 'kind', required: true, scalar: str }],
};

describe('simple types', () => {
  it('declares each distinct simple type once, and tells apart two of one name', () => {
    const c = new ScalarConstants();
    expect(c.constantOf(str)).toBe(c.constantOf({ ...str }));
    const patterned = c.constantOf({ ...str, pattern: '[a-z]+' });
    expect(patterned).not.toBe(c.constantOf(str));
    expect(c.declarations().split('\n')).toHaveLength(2);
  });

  it('escapes text and attribute values differently, and passes the path to checked formatters', () => {
    expect(formatValue(str, 'x', 'T.p', false)).toBe('escapeText(x)');
    expect(formatValue(str, 'x', 'T.p', true)).toBe('escapeAttr(x)');
    expect(formatValue(int, 'x', 'T.p', false)).toBe('formatInteger(x, "T.p")');
  });
});

describe('shapes', () => {
  it('requires, in the response form only, what every answer carries', () => {
    const answeredOnly: ComplexType = { ...outer, name: 'Answered', fields: [field('inner', { complex: inner, scalar: undefined, inEveryResponse: true })] };
    const st = { scalars: new ScalarConstants(), ns, responses: new ResponseForms([inner, answeredOnly]) };
    expect(complexTypeShape(st, answeredOnly, false)).toMatch(/const S_Answered: .*local: "inner".*required: false, shape: S_Inner /s);
    expect(complexTypeShape(st, answeredOnly, true)).toMatch(/const S_AnsweredResponse: .*local: "inner".*required: true, shape: S_Inner /s);
  });
});

describe('writers', () => {
  it('writes a type after the writers it calls, each once', () => {
    const w = new WriterSet(ns);
    w.require(outer, 'service');
    w.require(inner, 'service');
    const code = w.code();
    expect(code.match(/function w_Inner_svc\(/g)).toHaveLength(1);
    expect(code.indexOf('function w_Inner_svc(')).toBeLessThan(code.indexOf('function w_Outer_svc('));
  });

  it('checks a required element and attribute, loops over a repeated one, and prefixes by context', () => {
    const w = new WriterSet(ns);
    w.require(outer, 'atom');
    const code = w.code();
    expect(code).toContain(`throw new AtomEncodeError('is required', "Outer.kind")`);
    expect(code).toContain(`throw new AtomEncodeError('is required', "Outer.inner")`);
    expect(code).toContain('s += w_Inner("s:inner", v.inner, \'\')');
    expect(elementCode(w, 'Outer', outer.fields[1]!, 'service', 'v')).toMatch(/for \(let i = 0; i < a\.length; i\+\+\) \{ s \+= "<tag>" \+ escapeText\(a\[i\]!\) \+ "<\/tag>"; \}/);
  });
});

describe('namespaces', () => {
  it('declares the default namespace first, then the prefixed ones a type reaches', () => {
    const uris = usedNamespaces(outer, new Set([ns.atom]));
    expect(nsDeclarations(ns, uris, 'atom')).toBe(` xmlns="${ns.atom}" xmlns:s="${ns.service}"`);
    expect(nsDeclarations(ns, usedNamespaces(outer, new Set([ns.service])), 'service')).toBe(` xmlns="${ns.service}"`);
  });
});
