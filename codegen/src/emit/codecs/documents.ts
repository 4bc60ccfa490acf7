/**
 * Documents, the exported codecs: per entry shape, the decode/encode functions of its atom:entry
 * and atom:feed (and the response decoders of its response form) with its line of the
 * `entryCodecs` registry; the error document's pair.
 */
import type { ComplexType } from '../../xsd/model.js';
import type { ResponseForms } from '../response.js';
import { nsDeclarations, usedNamespaces } from './namespaces.js';
import { elementCode, writerName, type WriterSet } from './writers.js';

export interface EntryDocuments {
  /** The exported functions, one block each for the shape and for its response form. */
  code: string[];
  /** The shape's line of `entryCodecs`. */
  registry: string;
}

/** The entry and feed codecs of entry shape `e`; the feed head's fields are written inline. */
export function entryDocuments(w: WriterSet, responses: ResponseForms, e: ComplexType, feedHead: ComplexType): EntryDocuments {
  w.require(e, 'atom');
  const entryNs = usedNamespaces(e, new Set([w.ns.atom]));
  const feedNs = usedNamespaces(feedHead, new Set(entryNs));
  const headFields = feedHead.fields.map((f) => elementCode(w, `${e.name}Feed`, f, 'atom', 'v')).join('\n');
  const base = e.name.replace(/Entry$/, '');
  const code = [
    `/** Decodes an atom:entry of shape ${e.name}. */
export function decode${e.name}(xml: string, options?: DecodeOptions): ${e.name} {
  return decodeDocument(xml, ATOM_NS, 'entry', S_${e.name}, options) as ${e.name};
}

/** Encodes an atom:entry of shape ${e.name}, with its XML declaration. */
export function encode${e.name}(v: ${e.name}): string {
  return XML_DECLARATION + ${writerName(e, 'atom')}('entry', v, ${JSON.stringify(nsDeclarations(w.ns, entryNs, 'atom'))});
}

/** Decodes an atom:feed of ${e.name} entries. */
export function decode${base}Feed(xml: string, options?: DecodeOptions): Feed<${e.name}> {
  return decodeDocument(xml, ATOM_NS, 'feed', F_${e.name}, options) as Feed<${e.name}>;
}

/** Encodes an atom:feed of ${e.name} entries, with its XML declaration. */
export function encode${base}Feed(v: Feed<${e.name}>): string {
  let s = XML_DECLARATION + '<feed${nsDeclarations(w.ns, feedNs, 'atom').replace(/"/g, '\\"')}>';
${headFields}
  const entries = v.entries;
  for (let i = 0; i < entries.length; i++) s += ${writerName(e, 'atom')}('entry', entries[i]!, '');
  return s + '</feed>';
}
`,
  ];
  const answered = responses.name(e);
  if (responses.has(e)) code.push(responseDocuments(e, base, answered));
  const decodeResponse = responses.has(e) ? `decode${answered}` : `decode${e.name}`;
  const decodeResponseFeed = responses.has(e) ? `decode${base}FeedResponse` : `decode${base}Feed`;
  const registry = `  ${e.name}: { name: ${JSON.stringify(e.name)}, entryShape: S_${e.name}, feedShape: F_${e.name}, decodeEntry: decode${e.name}, encodeEntry: encode${e.name}, decodeFeed: decode${base}Feed, encodeFeed: encode${base}Feed, decodeResponseEntry: ${decodeResponse}, decodeResponseFeed: ${decodeResponseFeed} },`;
  return { code, registry };
}

/** The decoders of entry shape `e` as the service answers it, as its response form `answered`. */
function responseDocuments(e: ComplexType, base: string, answered: string): string {
  return `/** Decodes an atom:entry of shape ${e.name} as the service answers it: as ${answered}, also requiring what every answer carries. */
export function decode${answered}(xml: string, options?: DecodeOptions): ${answered} {
  return decodeDocument(xml, ATOM_NS, 'entry', S_${answered}, options) as ${answered};
}

/** Decodes an atom:feed of ${e.name} entries as the service answers it: entries as ${answered}. */
export function decode${base}FeedResponse(xml: string, options?: DecodeOptions): Feed<${answered}> {
  return decodeDocument(xml, ATOM_NS, 'feed', F_${answered}, options) as Feed<${answered}>;
}
`;
}

/** The codecs of the error document, whose default namespace is the service's. */
export function errorDocument(w: WriterSet, error: ComplexType): string {
  w.require(error, 'service');
  return `/** Decodes the error document of guide/protocol.md#error-body (\`<error xmlns="{schema_ns}">\`). */
export function decode${error.name}(xml: string, options?: DecodeOptions): ${error.name} {
  return decodeDocument(xml, SERVICE_NS, 'error', S_${error.name}, options) as ${error.name};
}

/** Encodes the error document of guide/protocol.md#error-body, with its XML declaration. */
export function encode${error.name}(v: ${error.name}): string {
  return XML_DECLARATION + ${writerName(error, 'service')}('error', v, ${JSON.stringify(nsDeclarations(w.ns, usedNamespaces(error, new Set([w.ns.service])), 'service'))});
}
`;
}
