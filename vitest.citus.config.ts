/**
 * The Citus suite (issue 24; .ci/run runs it beside the main one): the store suite, the Citus-only
 * tests (*.citus.test.ts) and the server's tests that caught Citus's stale store version, on a Citus
 * cluster (a coordinator and two workers from ../shared/tools/citus, started by
 * packages/server/test/support/postgres.ts) with every test store distributed. Their SQLite half
 * runs here too: it is cheap, and the files are run as they are.
 */
import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

process.env.ATOMSYNC_TEST_CITUS = '1';

// Not mergeConfig: it would add these lists to the main suite's instead of replacing them.
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: [
      'packages/server/test/store/**/*.test.ts',
      'packages/server/test/answer-cache.test.ts',
      'packages/server/test/conditional.test.ts',
      'packages/server/test/auth/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**'],
  },
});
