import { defineConfig } from 'tsup';

export default defineConfig({
  // fixtures: items as real clients write them, for other packages' tests (`@atomsync/items/fixtures`).
  entry: { index: 'src/index.ts', fixtures: 'src/fixtures/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'node20',
});
