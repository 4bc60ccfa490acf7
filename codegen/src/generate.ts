/**
 * Loads spec/ and runs every emitter over it: the whole compiler, as a function of the spec.
 * main.ts is the command (`npm run generate`) that writes the result.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { loadOpenApi } from './openapi/load.js';
import { SchemaSet } from './xsd/model.js';
import { reach } from './emit/reach.js';
import { ResponseForms } from './emit/response.js';
import type { EmitContext, GoldenExample, GuideSource } from './emit/context.js';
import { header, Output } from './emit/file.js';
import { emitModel } from './emit/model.js';
import { emitCodecs } from './emit/codecs.js';
import { emitOperations } from './emit/operations.js';
import { emitSdk } from './emit/sdk.js';
import { emitServer } from './emit/server.js';
import { emitMsw } from './emit/msw.js';
import { emitDocs } from './emit/docs.js';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const NS = {
  atom: 'http://www.w3.org/2005/Atom',
  service: 'http://schemas.atomsync.dev/2009/sync',
  batch: 'http://schemas.google.com/gdata/batch',
};

/** The golden documents of spec/examples/, each with the shape index.yaml gives it. */
export function loadExamples(): GoldenExample[] {
  const index = `${ROOT}/spec/examples/index.yaml`;
  if (!existsSync(index)) return [];
  const list = parse(readFileSync(index, 'utf8')) as Omit<GoldenExample, 'xml'>[];
  return list.map((e) => ({ ...e, xml: readFileSync(`${ROOT}/spec/examples/${e.file}`, 'utf8') }));
}

/** The Markdown guides of guide/, by file name. */
export function loadGuides(): GuideSource[] {
  const dir = `${ROOT}/guide`;
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => ({ file: `guide/${f}`, markdown: readFileSync(`${dir}/${f}`, 'utf8') }));
}

export function loadSpec(): EmitContext {
  const schemas = new SchemaSet(['atom.xsd', 'batch.xsd', 'atomsync.xsd'].map((f) => `${ROOT}/spec/xsd/${f}`));
  const entryShapes = schemas
    .complexTypeNames(NS.service)
    .filter((n) => n.endsWith('Entry'))
    .map((n) => schemas.complexType(NS.service, n));
  const feedHead = schemas.complexType(NS.service, 'FeedHead');
  const errorEl = schemas.globalElement(NS.service, 'error');
  const error = schemas.elementType(errorEl.node, errorEl.schema, 'error').complex!;
  const api = loadOpenApi(`${ROOT}/spec/openapi.yaml`);
  const names = new Set(entryShapes.map((s) => s.name));
  for (const op of api.operations) {
    for (const b of [op.request, op.response]) {
      if (b && (b.kind === 'entry' || b.kind === 'feed') && !names.has(b.shape)) throw new Error(`${op.id}: no entry shape ${b.shape} in spec/xsd`);
    }
  }
  const reached = reach([feedHead, ...entryShapes, error]);
  return { api, entryShapes, feedHead, error, reached, responses: new ResponseForms(reached.complex), examples: loadExamples(), guides: loadGuides() };
}

/** Every generated file, by its path from the repository root. */
export function generate(ctx: EmitContext = loadSpec()): Output {
  const out = new Output();
  out.add('packages/atom/src/generated/model.ts', emitModel(ctx.reached, ctx.entryShapes, ctx.responses));
  out.add('packages/atom/src/generated/codecs.ts', emitCodecs(ctx.reached, ctx.entryShapes, ctx.feedHead, ctx.error, NS, ctx.responses));
  out.add('packages/atom/src/generated/operations.ts', emitOperations(ctx));
  out.add(
    'packages/atom/src/generated/index.ts',
    `${header('generate.ts')}export * from './model.js';\nexport * from './codecs.js';\nexport * from './operations.js';\n`,
  );
  emitSdk(ctx, out);
  emitServer(ctx, out);
  emitMsw(ctx, out);
  emitDocs(ctx, out);
  return out;
}
