import { defineConfig } from 'tsup';

export default defineConfig({
  // fixtures: items as real clients write them, for other packages' tests (`@atomsync/items/fixtures`).
  // files: the .vcf/.ics splitter and writer alone, with no Node built-in, for a browser (the console's import and export).
  entry: { index: 'src/index.ts', fixtures: 'src/fixtures/index.ts', files: 'src/files/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'node20',
});
