/**
 * The Citus suite (issue 24; .ci/run runs it beside the main one) on a Citus cluster (a coordinator
 * and two workers from ../shared/tools/citus, started by packages/server/test/support/postgres.ts)
 * with every test store distributed. In CI: the Citus-only tests (*.citus.test.ts) and the tests
 * that caught Citus's stale store version (the store version, the answer cache, conditional GETs,
 * paging, the sign-in caches), and the black-box tests of two instances on one store, a few minutes. Every store test distributes a schema of its own
 * (~5 s here), so the whole store suite takes far longer: ATOMSYNC_TEST_CITUS_ALL=1 runs it too.
 * Their SQLite half runs here as well: it is cheap, and the files are run as they are.
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
      'packages/server/test/**/*.citus.test.ts',
      'packages/server/test/store/version*.test.ts',
      'packages/server/test/answer-cache.test.ts',
      'packages/server/test/conditional.test.ts',
      'packages/server/test/datastore/paging.test.ts',
      'packages/server/test/auth/**/*.test.ts',
      // Two instances on one store: SyncML sessions alternating, If-Match, ActiveSync sign-in and Ping.
      'packages/server/test/syncml/endpoint/two-instances.test.ts',
      'packages/server/test/datastore/if-match.test.ts',
      'packages/server/test/activesync/sign-in.test.ts',
      'packages/server/test/activesync/ping.test.ts',
      'packages/server/test/store/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**'],
  },
});
