/**
 * npm run generate: compiles spec/ into packages/*\/src/generated/ and docs/.
 * Every emitter is a pure function of the loaded spec; this file only wires them.
 */
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';
import { SchemaSet } from './xsd/model.js';
import { reach } from './emit/reach.js';
import { emitModel } from './emit/model.js';
import { emitCodecs } from './emit/codecs.js';
import { header, Output } from './emit/file.js';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const NS = {
  atom: 'http://www.w3.org/2005/Atom',
  service: 'http://schemas.atomsync.dev/2009/sync',
  batch: 'http://schemas.google.com/gdata/batch',
};

export function loadSchemas() {
  const schemas = new SchemaSet(['atom.xsd', 'batch.xsd', 'atomsync.xsd'].map((f) => `${ROOT}/spec/xsd/${f}`));
  const entryShapes = schemas
    .complexTypeNames(NS.service)
    .filter((n) => n.endsWith('Entry'))
    .map((n) => schemas.complexType(NS.service, n));
  const feedHead = schemas.complexType(NS.service, 'FeedHead');
  const errorEl = schemas.globalElement(NS.service, 'error');
  const error = schemas.elementType(errorEl.node, errorEl.schema, 'error').complex!;
  const reached = reach([feedHead, ...entryShapes, error]);
  return { schemas, entryShapes, feedHead, error, reached };
}

function main(): void {
  const { entryShapes, feedHead, error, reached } = loadSchemas();
  const out = new Output();
  out.add('packages/atom/src/generated/model.ts', emitModel(reached, entryShapes));
  out.add('packages/atom/src/generated/codecs.ts', emitCodecs(reached, entryShapes, feedHead, error, NS));
  out.add('packages/atom/src/generated/index.ts', `${header('main.ts')}export * from './model.js';\nexport * from './codecs.js';\n`);
  out.write(ROOT);
  console.log(`generated ${out.files.size} files`);
}

main();
