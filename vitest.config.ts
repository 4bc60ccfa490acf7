import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = (pkg: string, entry = 'index') => fileURLToPath(new URL(`./packages/${pkg}/src/${entry}.ts`, import.meta.url));

export default defineConfig({
  resolve: {
    // Tests run against the sources; `npm test` still builds every package first, and the
    // examples type-check against the built declarations.
    // A subpath entry comes before its package's name, which would otherwise take it.
    alias: {
      '@atomsync/atom/xml-guard': src('atom', 'xml/guard'),
      '@atomsync/atom': src('atom'),
      '@atomsync/items/fixtures': src('items', 'fixtures/index'),
      '@atomsync/items/files': src('items', 'files/index'),
      '@atomsync/items': src('items'),
      '@atomsync/engine/test-support': src('engine', 'test-support/index'),
      '@atomsync/engine': src('engine'),
      '@atomsync/wbxml': src('wbxml'),
      '@atomsync/syncml': src('syncml'),
      '@atomsync/activesync': src('activesync'),
      '@atomsync/dav': src('dav'),
      '@atomsync/store': src('store'),
      '@atomsync/sdk': src('sdk'),
      '@atomsync/server': src('server'),
      '@atomsync/msw': src('msw'),
    },
  },
  test: {
    include: ['packages/*/test/**/*.test.ts', 'codegen/test/**/*.test.ts', 'examples/*/test/**/*.test.ts', 'test/packaging/**/*.test.ts', 'test/docs/**/*.test.ts', 'test/architecture/**/*.test.ts', 'test/console/**/*.test.ts'],
    // The Citus-only tests run in the Citus suite (vitest.citus.config.ts), on its cluster.
    exclude: ['**/node_modules/**', '**/*.citus.test.ts'],
    // Validates, per test file, every document the encoders wrote against spec/xsd.
    setupFiles: ['test/support/emitted-xsd.setup.ts'],
    // One throwaway PostgreSQL cluster per run for the stores' PostgreSQL half.
    globalSetup: ['packages/server/test/support/postgres.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
