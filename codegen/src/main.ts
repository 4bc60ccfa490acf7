/**
 * npm run generate: compiles spec/ into packages/*\/src/generated/ and docs/ (CI regenerates
 * and fails on any diff).
 */
import { generate, loadSpec, ROOT } from './generate.js';

const ctx = loadSpec();
const out = generate(ctx);
out.write(ROOT);
console.log(`generated ${out.files.size} files from ${ctx.api.operations.length} operations and ${ctx.entryShapes.length} entry shapes`);
