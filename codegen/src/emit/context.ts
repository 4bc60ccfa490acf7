/** What every emitter gets: the resolved XSD model and the flattened OpenAPI operations. */
import type { Api, Body, Operation } from '../openapi/load.js';
import type { ComplexType } from '../xsd/model.js';
import type { Reach } from './reach.js';
import type { ResponseForms } from './response.js';

export interface GoldenExample {
  file: string;
  /** The document's XML text. */
  xml: string;
  description: string;
  entry?: string;
  feed?: string;
  element?: string;
}

/** A Markdown guide of guide/, which the docs render as a page of their own. */
export interface GuideSource {
  /** Its path from the repository root, e.g. `guide/operators.md`. */
  file: string;
  markdown: string;
}

export interface EmitContext {
  api: Api;
  entryShapes: ComplexType[];
  feedHead: ComplexType;
  error: ComplexType;
  reached: Reach;
  /** The response forms of the reached types (cg:response="required"). */
  responses: ResponseForms;
  examples: GoldenExample[];
  /** The guides of guide/*.md, rendered into the docs beside the reference. */
  guides: GuideSource[];
}

/** The TypeScript type of a body, as the atom package exports it. */
export function bodyType(b: Body | undefined): string {
  if (!b || b.kind === 'empty') return 'void';
  if (b.kind === 'entry') return b.shape;
  if (b.kind === 'feed') return `Feed<${b.shape}>`;
  return b.mediaType.startsWith('text/') ? 'string' : 'Uint8Array';
}

/** The TypeScript type of a body as answers carry it: entry shapes in their response form. */
export function responseBodyType(b: Body, responses: ResponseForms, entryShapes: readonly ComplexType[]): string {
  if (b.kind !== 'entry' && b.kind !== 'feed') return bodyType(b);
  const shape = entryShapes.find((s) => s.name === b.shape);
  if (!shape) throw new Error(`no entry shape ${b.shape}`);
  const name = responses.name(shape);
  return b.kind === 'entry' ? name : `Feed<${name}>`;
}

/** The TypeScript type of a request body (undefined when the operation takes none). */
export function requestType(op: Operation): string {
  return op.request ? bodyType(op.request) : 'undefined';
}

export function pathParams(op: Operation) {
  return op.params.filter((p) => p.in === 'path');
}

export function queryParams(op: Operation) {
  // A variant's selector is required on the variant and absent from the base operation.
  return op.params.filter((p) => p.in === 'query' && !op.variantSelectors.includes(p.name));
}

/** A parameter's name as a TypeScript property: quoted when it is no identifier (`'max-results'`). */
export function propertyName(name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : `'${name}'`;
}

export function paramType(p: { type: string; enum?: string[] }): string {
  if (p.enum) return p.enum.map((v) => JSON.stringify(v)).join(' | ');
  return p.type === 'integer' ? 'number' : 'string';
}
