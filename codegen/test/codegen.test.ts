/**
 * The compiler itself: deterministic, in step with what is committed, every file marked
 * generated, and loud about a spec it cannot honour (invalid OpenAPI, a malformed x-atomsync,
 * an XSD construct outside the supported subset).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { generate, loadSpec, ROOT } from '../src/generate.js';
import { loadOpenApi } from '../src/openapi/load.js';
import { ResponseForms } from '../src/emit/response.js';
import { SchemaSet } from '../src/xsd/model.js';

const spec = loadSpec();
const first = generate(spec);

describe('generate', () => {
  it('is deterministic', () => {
    expect([...generate(loadSpec()).files]).toEqual([...first.files]);
  });

  it('matches what is committed (run `npm run generate` after changing spec/ or codegen/)', () => {
    const stale = [...first.files].filter(([path, content]) => readFileSync(join(ROOT, path), 'utf8') !== content).map(([path]) => path);
    expect(stale).toEqual([]);
  });

  it('marks every file as generated in its first line', () => {
    for (const [path, content] of first.files) {
      expect(content.split('\n')[0], path).toMatch(/generated — do not edit/);
    }
  });

  it('covers every operation of the spec in the operation table, the SDK, the server and the mocks', () => {
    const table = first.files.get('packages/atom/src/generated/operations.ts')!;
    const handlers = first.files.get('packages/server/src/generated/handlers.ts')!;
    const mocks = first.files.get('packages/msw/src/generated/handlers.ts')!;
    for (const op of spec.api.operations) {
      expect(table).toContain(`  ${op.id}: {"id":"${op.id}"`);
      const fixed = op.status >= 400 || !op.implemented;
      if (!fixed) expect(handlers).toContain(`${op.id}?(input`);
      expect(mocks).toContain(`get${op.id[0]!.toUpperCase()}${op.id.slice(1)}MockHandler`);
    }
  });
});

function withOpenApi(edit: (doc: any) => void): string {
  const doc = parse(readFileSync(join(ROOT, 'spec/openapi.yaml'), 'utf8'));
  edit(doc);
  const path = join(mkdtempSync(join(tmpdir(), 'atomsync-oas-')), 'openapi.yaml');
  writeFileSync(path, stringify(doc));
  return path;
}

describe('loadOpenApi refuses what it cannot honour', () => {
  it('accepts the real document', () => {
    expect(loadOpenApi(join(ROOT, 'spec/openapi.yaml')).operations.length).toBe(spec.api.operations.length);
  });

  it('an invalid OpenAPI 3.1 document', () => {
    const path = withOpenApi((d) => (d.paths['/healthz'].get.parameters = [{ name: 'x', in: 'bogus', schema: { type: 'string' } }]));
    expect(() => loadOpenApi(path)).toThrow(/not valid OpenAPI 3.1/);
  });

  it('an x-atomsync with an unknown auth class', () => {
    const path = withOpenApi((d) => (d.paths['/healthz'].get['x-atomsync'].auth = 'root'));
    expect(() => loadOpenApi(path)).toThrow(/getHealth: x-atomsync/);
  });

  it('a path parameter the operation does not declare', () => {
    const path = withOpenApi((d) => {
      d.paths['/v2/services/syncml/{clientUuid}'].get.parameters = [];
    });
    expect(() => loadOpenApi(path)).toThrow(/path parameter clientUuid is not declared/);
  });

  it('an Atom request body with another media type', () => {
    const path = withOpenApi((d) => {
      const post = d.paths['/v2/services/syncml/'].post;
      post.requestBody.content = { 'text/xml': post.requestBody.content['application/atom+xml'] };
    });
    expect(() => loadOpenApi(path)).toThrow(/must be application\/atom\+xml only/);
  });

  it('a conditional GET without its ETag header or its 304 answer, and a header parameter it does not know', () => {
    const get = (d: any) => d.paths['/v2/services/syncml/{clientUuid}'].get;
    expect(loadOpenApi(join(ROOT, 'spec/openapi.yaml')).operations.find((o) => o.id === 'getSyncmlClient')?.conditional).toBe(true);
    expect(() => loadOpenApi(withOpenApi((d) => delete get(d).responses['200'].headers))).toThrow(/getSyncmlClient: takes If-None-Match, but its 200 answer declares no ETag/);
    expect(() => loadOpenApi(withOpenApi((d) => delete get(d).responses['304']))).toThrow(/getSyncmlClient: takes If-None-Match, but lists no 304/);
    const other = withOpenApi((d) => get(d).parameters.push({ name: 'If-Range', in: 'header', schema: { type: 'string' } }));
    expect(() => loadOpenApi(other)).toThrow(/header parameter If-Range is not one codegen knows/);
  });

  it('a conditional write: If-Match on a PUT or DELETE listing its 412, and nowhere else', () => {
    const ops = loadOpenApi(join(ROOT, 'spec/openapi.yaml')).operations;
    expect(ops.filter((o) => o.preconditioned).map((o) => o.id).sort()).toEqual(['deleteContent', 'updateContent']);
    const item = (d: any) => d.paths['/v2/services/datastore/{clientUuid}/contents/{contentUuid}'];
    expect(() => loadOpenApi(withOpenApi((d) => delete item(d).put.responses['412']))).toThrow(/updateContent: takes If-Match, but lists no 412/);
    const onGet = withOpenApi((d) => d.paths['/v2/services/syncml/{clientUuid}'].get.parameters.push({ name: 'If-Match', in: 'header', schema: { type: 'string' } }));
    expect(() => loadOpenApi(onGet)).toThrow(/getSyncmlClient: only a PUT or a DELETE takes If-Match/);
  });
});

function schemaWith(body: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'atomsync-xsd-')), 't.xsd');
  writeFileSync(
    path,
    `<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:t="urn:t" targetNamespace="urn:t" elementFormDefault="qualified">${body}</xs:schema>`,
  );
  return path;
}

describe('the XSD subset', () => {
  it('reads sequences, choices, attributes, simple content, enumerations and occurrences', () => {
    const set = new SchemaSet([
      schemaWith(`
        <xs:simpleType name="Color"><xs:restriction base="xs:string"><xs:enumeration value="red"/><xs:enumeration value="blue"/></xs:restriction></xs:simpleType>
        <xs:complexType name="Label"><xs:simpleContent><xs:extension base="xs:string"><xs:attribute name="lang" type="xs:string" use="required"/></xs:extension></xs:simpleContent></xs:complexType>
        <xs:complexType name="Thing">
          <xs:sequence>
            <xs:element name="item_count" type="xs:nonNegativeInteger"/>
            <xs:element name="label" type="t:Label" maxOccurs="unbounded"/>
            <xs:choice><xs:element name="a" type="xs:int"/><xs:element name="b" type="t:Color"/></xs:choice>
          </xs:sequence>
          <xs:attribute name="when" type="xs:dateTime"/>
        </xs:complexType>`),
    ]);
    const t = set.complexType('urn:t', 'Thing');
    expect(t.fields.map((f) => [f.prop, f.min, f.max])).toEqual([
      ['itemCount', 1, 1],
      ['labels', 1, Infinity],
      ['a', 0, 1],
      ['b', 0, 1],
    ]);
    expect(t.fields[3]!.scalar).toMatchObject({ kind: 'string', values: ['red', 'blue'], enumName: 'Color' });
    expect(t.fields[1]!.complex!.text).toMatchObject({ prop: 'value', scalar: { kind: 'string' } });
    expect(t.attrs).toEqual([expect.objectContaining({ local: 'when', required: false, scalar: expect.objectContaining({ kind: 'dateTime' }) })]);
  });

  it.each([
    ['mixed content', `<xs:complexType name="X" mixed="true"><xs:sequence><xs:element name="a" type="xs:string"/></xs:sequence></xs:complexType>`, /mixed content/],
    ['a built-in outside the subset', `<xs:complexType name="X"><xs:sequence><xs:element name="a" type="xs:decimal"/></xs:sequence></xs:complexType>`, /xs:decimal/],
    ['xs:any', `<xs:complexType name="X"><xs:sequence><xs:any/></xs:sequence></xs:complexType>`, /xs:any/],
    ['two members on one property', `<xs:complexType name="X"><xs:sequence><xs:element name="a_b" type="xs:string"/><xs:element name="aB" type="xs:string"/></xs:sequence></xs:complexType>`, /property aB/],
  ])('refuses %s', (_what, body, message) => {
    const set = new SchemaSet([schemaWith(body)]);
    expect(() => set.complexType('urn:t', 'X')).toThrow(message);
  });
});

describe('response forms (cg:response="required")', () => {
  const CG = 'xmlns:cg="urn:atomsync:codegen"';

  it('read the marker on an optional element, and give every type holding one, directly or below, a response form', () => {
    const path = schemaWith(`
      <xs:complexType name="Inner"><xs:sequence><xs:element name="uuid" type="xs:string" minOccurs="0" cg:response="required" ${CG}/><xs:element name="note" type="xs:string" minOccurs="0"/></xs:sequence></xs:complexType>
      <xs:complexType name="Outer"><xs:sequence><xs:element name="inner" type="t:Inner"/><xs:element name="other" type="t:Plain" minOccurs="0"/></xs:sequence></xs:complexType>
      <xs:complexType name="Plain"><xs:sequence><xs:element name="x" type="xs:string" minOccurs="0"/></xs:sequence></xs:complexType>`);
    const set = new SchemaSet([path]);
    const [inner, plain, outer] = [set.complexType('urn:t', 'Inner'), set.complexType('urn:t', 'Plain'), set.complexType('urn:t', 'Outer')];
    expect(inner.fields.map((f) => [f.prop, f.min, f.inEveryResponse])).toEqual([
      ['uuid', 0, true],
      ['note', 0, false],
    ]);
    const forms = new ResponseForms([inner, plain, outer]);
    expect(forms.types.map((t) => forms.name(t))).toEqual(['InnerResponse', 'OuterResponse']);
    expect(forms.name(plain)).toBe('Plain');
    expect(forms.changed(outer).map((f) => f.prop)).toEqual(['inner']);
  });

  it.each([
    ['another value', `<xs:element name="a" type="xs:string" minOccurs="0" cg:response="always" ${CG}/>`, /only "required"/],
    ['a repeated element', `<xs:element name="a" type="xs:string" minOccurs="0" maxOccurs="unbounded" cg:response="required" ${CG}/>`, /repeated/],
    ['an element every document requires', `<xs:element name="a" type="xs:string" cg:response="required" ${CG}/>`, /already requires/],
  ])('refuse %s', (_what, element, message) => {
    const set = new SchemaSet([schemaWith(`<xs:complexType name="X"><xs:sequence>${element}</xs:sequence></xs:complexType>`)]);
    expect(() => set.complexType('urn:t', 'X')).toThrow(message);
  });

  it('mark the client uuids and the entry ids of the spec, so the SDK answers need no `!`', () => {
    const model = first.files.get('packages/atom/src/generated/model.ts')!;
    for (const kind of ['Extdata', 'Datastore', 'Syncml', 'Activesync']) {
      expect(model).toContain(`export interface ${kind}ClientResponse extends ${kind}Client {\n  /** \`uuid\`: in every answer. */\n  uuid: string;\n}`);
    }
    expect(model).toMatch(/export interface SyncmlClientEntryResponse extends SyncmlClientEntry \{\n {2}\/\*\* `id`: in every answer\. \*\/\n {2}id: string;\n[^}]*client: SyncmlClientResponse;/);
    // A batch result entry may lack an id (an insert that failed): it has no response form.
    expect(model).toContain('  BatchContentEntry: BatchContentEntry;');
    const sdk = first.files.get('packages/sdk/src/generated/operations.ts')!;
    expect(sdk).toContain('create(client: DatastoreClient, options?: RequestOptions): Promise<DatastoreClientEntryResponse>;');
  });
});
