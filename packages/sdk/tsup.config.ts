import { defineConfig } from 'tsup';

export default defineConfig({
  // index: the Node build (undici pool). browser: browsers and edge runtimes, chosen by the
  // `browser`/`worker`/`workerd`/`edge-light` conditions of package.json's exports.
  entry: { index: 'src/index.ts', browser: 'src/browser.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
});
