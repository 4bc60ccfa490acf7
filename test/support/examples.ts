/** The golden documents of spec/examples/, with the shape index.yaml gives each (codegen's loader). */
export { loadExamples as goldenExamples } from '../../codegen/src/generate.js';
export type { GoldenExample as Golden } from '../../codegen/src/emit/context.js';
