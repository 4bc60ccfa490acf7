/**
 * emits packages/atom/src/generated/codecs.ts: per type, a shape descriptor (what the streaming
 * decoder walks) and a straight-line string writer; per entry shape, decode/encode functions for
 * the entry and its feed; one for the error document. Each XSD construct has its own small
 * function under codecs/ (simple types, shapes, writers, documents); this file only orders the
 * parts and wraps them in the file's imports and registry. The state they share (the scalar
 * constants, the writers declared so far) is passed to them explicitly.
 */
import type { ComplexType } from '../xsd/model.js';
import { entryDocuments, errorDocument } from './codecs/documents.js';
import type { Namespaces } from './codecs/namespaces.js';
import { shapeDescriptors } from './codecs/shapes.js';
import { ScalarConstants } from './codecs/simple-types.js';
import { WriterSet } from './codecs/writers.js';
import { header } from './file.js';
import type { Reach } from './reach.js';
import type { ResponseForms } from './response.js';

export function emitCodecs(r: Reach, entryShapes: ComplexType[], feedHead: ComplexType, error: ComplexType, ns: Namespaces, responses: ResponseForms): string {
  // Shapes first: they name the scalar constants, in the order the file declares them.
  const scalars = new ScalarConstants();
  const shapeDefs = shapeDescriptors({ scalars, ns, responses }, r.complex, entryShapes);

  // Documents declare the writers they call, which declare theirs (dependencies first).
  const writers = new WriterSet(ns);
  const docs: string[] = [];
  const registry: string[] = [];
  for (const e of entryShapes) {
    const d = entryDocuments(writers, responses, e, feedHead);
    docs.push(...d.code);
    registry.push(d.registry);
  }
  docs.push(errorDocument(writers, error));

  // The feed head has no writer of its own (each feed writer inlines its fields).
  const types = [
    ...r.complex.filter((t) => t !== feedHead).map((t) => t.name),
    ...entryShapes.filter((e) => responses.has(e)).map((e) => responses.name(e)),
    'Feed',
    'EntryShapes',
    'EntryShapeName',
    'ResponseShapes',
  ];
  const out: string[] = [];
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
  out.push(scalars.declarations());
  out.push('\n// ---- shapes (read by the streaming decoder) ----');
  out.push(shapeDefs.join('\n\n'));
  out.push('\n// ---- writers (straight-line string builders) ----');
  out.push(writers.code());
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
