/**
 * The one tsup configuration of the published packages: ESM and CommonJS builds with declarations
 * and source maps for Node 20, from src/index.ts. A package names only what it does otherwise
 * (more entries, another target, plugins) and gets the rest from here.
 */
import { defineConfig, type Options } from 'tsup';

export const PACKAGE_BUILD: Options = {
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'node20',
};

export function packageBuild(own: Options = {}) {
  return defineConfig({ ...PACKAGE_BUILD, ...own });
}
