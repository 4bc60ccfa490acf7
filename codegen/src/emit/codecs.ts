/**
 * emits packages/atom/src/generated/codecs.ts: per type, a shape descriptor (what the streaming
 * decoder walks) and a straight-line string writer; per entry shape, decode/encode functions for
 * the entry and its feed; one for the error document.
 */
import type { ComplexType, Field, Scalar } from '../xsd/model.js';
import { header } from './file.js';
import { tsScalar } from './model.js';
import type { Reach } from './reach.js';
import type { ResponseForms } from './response.js';

export interface Namespaces {
  atom: string;
  service: string;
  batch: string;
}

type Context = 'atom' | 'service'; // which namespace is the default one in the document

export function emitCodecs(r: Reach, entryShapes: ComplexType[], feedHead: ComplexType, error: ComplexType, ns: Namespaces, responses: ResponseForms): string {
  const out: string[] = [];
  const scalarNames = new Map<string, string>();
  const scalarDefs: string[] = [];

  const scalarConst = (s: Scalar): string => {
    const def = { kind: s.kind, type: s.type, nullable: s.nullable || undefined, values: s.values, pattern: s.pattern };
    const k = JSON.stringify(def);
    let name = scalarNames.get(k);
    if (!name) {
      name = `T_${s.type}${s.nullable && !/OrEmpty$/.test(s.type) ? '_OrEmpty' : ''}`;
      while ([...scalarNames.values()].includes(name)) name += '_';
      scalarNames.set(k, name);
      scalarDefs.push(`const ${name} = defineScalar(${JSON.stringify(JSON.parse(k))});`);
    }
    return name;
  };

  const nsConst = (uri: string): string => {
    if (uri === ns.atom) return 'ATOM_NS';
    if (uri === ns.service) return 'SERVICE_NS';
    if (uri === ns.batch) return 'BATCH_NS';
    throw new Error(`unknown namespace ${uri}`);
  };

  // ---- shape descriptors ----
  const shapeDefs: string[] = [];
  // A type's shape, and its response form's (what every answer carries required, emit/response.ts).
  const shapeDef = (t: ComplexType, answered: boolean): string => {
    const name = answered ? responses.name(t) : t.name;
    const fields = t.fields.map((f) => {
      const type = f.complex ? `shape: S_${answered ? responses.name(f.complex) : f.complex.name}` : `scalar: ${scalarConst(f.scalar!)}`;
      const required = f.min > 0 || (answered && f.inEveryResponse);
      return `    { uri: ${nsConst(f.uri)}, local: ${JSON.stringify(f.local)}, prop: ${JSON.stringify(f.prop)}, many: ${f.max > 1}, required: ${required}, ${type} },`;
    });
    const attrs = t.attrs.map(
      (a) => `    { local: ${JSON.stringify(a.local)}, prop: ${JSON.stringify(a.prop)}, required: ${a.required}, scalar: ${scalarConst(a.scalar)} },`,
    );
    const text = t.text ? `\n  text: { prop: ${JSON.stringify(t.text.prop)}, scalar: ${scalarConst(t.text.scalar)} },` : '';
    return `const S_${name}: ShapeSpec = defineShape({\n  name: ${JSON.stringify(name)},\n  fields: [\n${fields.join('\n')}\n  ],\n  attrs: [\n${attrs.join('\n')}\n  ],${text}\n});`;
  };
  for (const t of r.complex) {
    shapeDefs.push(shapeDef(t, false));
    if (responses.has(t)) shapeDefs.push(shapeDef(t, true));
  }
  for (const e of entryShapes) {
    shapeDefs.push(`const F_${e.name}: ShapeSpec = defineFeedShape(S_FeedHead, S_${e.name});`);
    if (responses.has(e)) shapeDefs.push(`const F_${responses.name(e)}: ShapeSpec = defineFeedShape(S_FeedHead, S_${responses.name(e)});`);
  }

  // ---- writers ----
  const prefixes = (ctx: Context): Record<string, string> =>
    ctx === 'atom' ? { [ns.atom]: '', [ns.service]: 's:', [ns.batch]: 'batch:' } : { [ns.service]: '', [ns.atom]: 'atom:', [ns.batch]: 'batch:' };
  const qn = (uri: string, local: string, ctx: Context) => `${prefixes(ctx)[uri]}${local}`;
  const writerName = (t: ComplexType, ctx: Context) => `w_${t.name}${ctx === 'service' ? '_svc' : ''}`;
  const writers = new Map<string, string>();

  const format = (s: Scalar, expr: string, path: string, attr: boolean): string => {
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
  };

  /** The statements that append one field's elements to `s`. */
  const fieldCode = (owner: string, f: Field, ctx: Context, v: string): string => {
    const tag = qn(f.uri, f.local, ctx);
    const path = `${owner}.${f.prop}`;
    const one = (x: string): string => {
      if (f.complex) {
        require(f.complex, ctx);
        return `s += ${writerName(f.complex, ctx)}(${JSON.stringify(tag)}, ${x}, '');`;
      }
      const s = f.scalar!;
      const open = JSON.stringify(`<${tag}>`);
      const close = JSON.stringify(`</${tag}>`);
      const empty = JSON.stringify(`<${tag}/>`);
      if (s.nullable) return `s += ${x} === null ? ${empty} : ${open} + ${format(s, x, path, false)} + ${close};`;
      return `s += ${open} + ${format(s, x, path, false)} + ${close};`;
    };
    if (f.max > 1) {
      return `  { const a = ${v}.${f.prop}; if (a !== undefined) for (let i = 0; i < a.length; i++) { ${one('a[i]!')} } }`;
    }
    if (f.min > 0) {
      return `  if (${v}.${f.prop} === undefined) throw new AtomEncodeError('is required', ${JSON.stringify(path)});\n  ${one(`${v}.${f.prop}`)}`;
    }
    return `  if (${v}.${f.prop} !== undefined) ${one(`${v}.${f.prop}`)}`;
  };

  const require = (t: ComplexType, ctx: Context): void => {
    const name = writerName(t, ctx);
    if (writers.has(name)) return;
    writers.set(name, ''); // reserve: dependencies are written first, then this one
    const lines = [`function ${name}(tag: string, v: ${t.name}, ns: string): string {`, `  let s = '<' + tag + ns;`];
    for (const a of t.attrs) {
      const path = `${t.name}.${a.prop}`;
      const write = `s += ${JSON.stringify(` ${a.local}="`)} + ${format(a.scalar, `v.${a.prop}`, path, true)} + '"';`;
      if (a.required) lines.push(`  if (v.${a.prop} === undefined) throw new AtomEncodeError('is required', ${JSON.stringify(path)});\n  ${write}`);
      else lines.push(`  if (v.${a.prop} !== undefined) ${write}`);
    }
    if (t.fields.length === 0 && !t.text) {
      lines.push(`  return s + '/>';`);
    } else {
      lines.push(`  s += '>';`);
      if (t.text) lines.push(`  s += ${format(t.text.scalar, `v.${t.text.prop}`, `${t.name}.${t.text.prop}`, false)};`);
      for (const f of t.fields) lines.push(fieldCode(t.name, f, ctx, 'v'));
      lines.push(`  return s + '</' + tag + '>';`);
    }
    lines.push('}');
    writers.delete(name);
    writers.set(name, lines.join('\n'));
  };

  const usedNamespaces = (t: ComplexType, acc = new Set<string>()): Set<string> => {
    for (const f of t.fields) {
      acc.add(f.uri);
      if (f.complex) usedNamespaces(f.complex, acc);
    }
    return acc;
  };
  const nsDecl = (uris: Set<string>, ctx: Context): string => {
    const p = prefixes(ctx);
    return [...uris]
      .sort((a, b) => (p[a] ?? '').localeCompare(p[b] ?? ''))
      .map((u) => (p[u] === '' ? ` xmlns="${u}"` : ` xmlns:${p[u]!.slice(0, -1)}="${u}"`))
      .join('');
  };

  // ---- documents ----
  const docs: string[] = [];
  const registry: string[] = [];
  for (const e of entryShapes) {
    require(e, 'atom');
    const entryNs = usedNamespaces(e, new Set([ns.atom]));
    const feedNs = usedNamespaces(feedHead, new Set(entryNs));
    const headFields = feedHead.fields.map((f) => fieldCode(`${e.name}Feed`, f, 'atom', 'v')).join('\n');
    docs.push(`/** Decodes an atom:entry of shape ${e.name}. */
export function decode${e.name}(xml: string, options?: DecodeOptions): ${e.name} {
  return decodeDocument(xml, ATOM_NS, 'entry', S_${e.name}, options) as ${e.name};
}

/** Encodes an atom:entry of shape ${e.name}, with its XML declaration. */
export function encode${e.name}(v: ${e.name}): string {
  return XML_DECLARATION + ${writerName(e, 'atom')}('entry', v, ${JSON.stringify(nsDecl(entryNs, 'atom'))});
}

/** Decodes an atom:feed of ${e.name} entries. */
export function decode${e.name.replace(/Entry$/, '')}Feed(xml: string, options?: DecodeOptions): Feed<${e.name}> {
  return decodeDocument(xml, ATOM_NS, 'feed', F_${e.name}, options) as Feed<${e.name}>;
}

/** Encodes an atom:feed of ${e.name} entries, with its XML declaration. */
export function encode${e.name.replace(/Entry$/, '')}Feed(v: Feed<${e.name}>): string {
  let s = XML_DECLARATION + '<feed${nsDecl(feedNs, 'atom').replace(/"/g, '\\"')}>';
${headFields}
  const entries = v.entries;
  for (let i = 0; i < entries.length; i++) s += ${writerName(e, 'atom')}('entry', entries[i]!, '');
  return s + '</feed>';
}
`);
    const base = e.name.replace(/Entry$/, '');
    const answered = responses.name(e);
    if (responses.has(e)) {
      docs.push(`/** Decodes an atom:entry of shape ${e.name} as the service answers it: as ${answered}, also requiring what every answer carries. */
export function decode${answered}(xml: string, options?: DecodeOptions): ${answered} {
  return decodeDocument(xml, ATOM_NS, 'entry', S_${answered}, options) as ${answered};
}

/** Decodes an atom:feed of ${e.name} entries as the service answers it: entries as ${answered}. */
export function decode${base}FeedResponse(xml: string, options?: DecodeOptions): Feed<${answered}> {
  return decodeDocument(xml, ATOM_NS, 'feed', F_${answered}, options) as Feed<${answered}>;
}
`);
    }
    const decodeResponse = responses.has(e) ? `decode${answered}` : `decode${e.name}`;
    const decodeResponseFeed = responses.has(e) ? `decode${base}FeedResponse` : `decode${base}Feed`;
    registry.push(
      `  ${e.name}: { name: ${JSON.stringify(e.name)}, entryShape: S_${e.name}, feedShape: F_${e.name}, decodeEntry: decode${e.name}, encodeEntry: encode${e.name}, decodeFeed: decode${base}Feed, encodeFeed: encode${base}Feed, decodeResponseEntry: ${decodeResponse}, decodeResponseFeed: ${decodeResponseFeed} },`,
    );
  }
  require(error, 'service');
  docs.push(`/** Decodes the error document of guide/protocol.md#error-body (\`<error xmlns="{schema_ns}">\`). */
export function decode${error.name}(xml: string, options?: DecodeOptions): ${error.name} {
  return decodeDocument(xml, SERVICE_NS, 'error', S_${error.name}, options) as ${error.name};
}

/** Encodes the error document of guide/protocol.md#error-body, with its XML declaration. */
export function encode${error.name}(v: ${error.name}): string {
  return XML_DECLARATION + ${writerName(error, 'service')}('error', v, ${JSON.stringify(nsDecl(usedNamespaces(error, new Set([ns.service])), 'service'))});
}
`);

  // The feed head has no writer of its own (each feed writer inlines its fields).
  const types = [
    ...r.complex.filter((t) => t !== feedHead).map((t) => t.name),
    ...entryShapes.filter((e) => responses.has(e)).map((e) => responses.name(e)),
    'Feed',
    'EntryShapes',
    'EntryShapeName',
    'ResponseShapes',
  ];
  out.push(header('emit/codecs.ts'));
  out.push(`import { AtomEncodeError } from '../errors.js';
import { ATOM_NS, BATCH_NS, SERVICE_NS } from '../namespaces.js';
import { decodeDocument, type DecodeOptions } from '../xml/reader.js';
import { escapeAttr, escapeText } from '../xml/escape.js';
import { defineScalar, formatBoolean, formatDateTime, formatInteger, formatListingTimestamp } from '../scalars.js';
import { defineFeedShape, defineShape, type ShapeSpec } from '../shape.js';
import type { ${types.join(', ')} } from './model.js';

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
`);
  out.push('// ---- scalar types ----');
  out.push(scalarDefs.join('\n'));
  out.push('\n// ---- shapes (read by the streaming decoder) ----');
  out.push(shapeDefs.join('\n\n'));
  out.push('\n// ---- writers (straight-line string builders) ----');
  out.push([...writers.values()].join('\n\n'));
  out.push('\n// ---- documents ----');
  out.push(docs.join('\n'));
  out.push(`/**
 * The codecs of one entry shape: its entry and feed documents. \`R\` is the shape as the service
 * answers it (ResponseShapes): the response decoders also require what every answer carries.
 */
export interface EntryCodec<E, R extends E = E> {
  readonly name: string;
  readonly entryShape: ShapeSpec;
  readonly feedShape: ShapeSpec;
  decodeEntry(xml: string, options?: DecodeOptions): E;
  encodeEntry(value: E): string;
  decodeFeed(xml: string, options?: DecodeOptions): Feed<E>;
  encodeFeed(value: Feed<E>): string;
  decodeResponseEntry(xml: string, options?: DecodeOptions): R;
  decodeResponseFeed(xml: string, options?: DecodeOptions): Feed<R>;
}

/** Every entry shape's codecs, by shape name (the operation table refers to them by name). */
export const entryCodecs: { readonly [K in EntryShapeName]: EntryCodec<EntryShapes[K], ResponseShapes[K]> } = {
${registry.join('\n')}
};

/** The shape descriptor of every emitted type, for tests and tools. */
export const shapes = {
${r.complex.map((t) => `  ${t.name}: S_${t.name},`).join('\n')}
} as const;
`);
  return out.join('\n');
}

export { tsScalar };
