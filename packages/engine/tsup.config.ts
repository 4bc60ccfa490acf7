import { defineConfig } from 'tsup';

export default defineConfig({
  // test-support: the model of the modes for other packages' tests (`@atomsync/engine/test-support`).
  entry: { index: 'src/index.ts', 'test-support': 'src/test-support/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'node20',
});
