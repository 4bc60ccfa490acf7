/**
 * The Citus suite (issue 24; .ci/run runs it beside the main one) on a Citus cluster (a coordinator
 * and two workers from ../shared/tools/citus, started by packages/server/test/support/postgres.ts)
 * with every test store distributed: the Citus-only tests (*.citus.test.ts), the whole store suite,
 * and the PostgreSQL side of the server's tests of the datastore API, the sync engine's runs,
 * ActiveSync, the SyncML endpoint, sign-in and its caches (answer cache, conditional GETs), with the
 * black-box tests of two instances on one store. Here `storeKinds` is PostgreSQL alone
 * (support/stores.ts): the main suite runs the SQLite side.
 *
 * What made that affordable: a test store is a schema distributed once and reused, emptied between
 * tests (support/citus-schemas.ts: ~0.1–0.5 s a test, against ~2.5 s to distribute and drop a
 * schema a test). Measured on the 2-core machine the sessions share (load average 10–20 from other
 * work): the store folder alone 771 s (it took ~20 min before); the other 50 files 1,520 s while
 * `vitest run packages/server/test/datastore packages/server/test/store` (37 files, both stores)
 * ran beside it in 1,273 s. A file's PostgreSQL side on Citus took 0.6–0.9 of its time on both
 * stores in the main suite, side by side (datastore/: contents 21 s vs 34 s, paging 10 vs 16,
 * import 9 vs 15, batch 11 vs 13), so in CI it should take less than the main suite spends on these
 * same files, well inside the main suite beside it (not yet confirmed by a CI run).
 *
 * Left to the main suite (PostgreSQL only): the server's other tests that open a PostgreSQL store —
 * DAV, the consoles, the admin's SyncML pages, bindings, clients, catalogue, ops, isolation,
 * hostile parameters — which drive the same store calls through other front ends; with them the
 * suite would about double (hostile-params alone ~85 s, ops/replicas-start ~105 s here).
 */
import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

process.env.ATOMSYNC_TEST_CITUS = '1';

const server = (path: string) => `packages/server/test/${path}`;
const store = (path: string) => `packages/store/test/${path}`;

// Not mergeConfig: it would add these lists to the main suite's instead of replacing them.
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: [
      server('**/*.citus.test.ts'),
      store('**/*.test.ts'),
      server('datastore/**/*.test.ts'),
      server('sync/**/*.test.ts'),
      server('activesync/**/*.test.ts'),
      server('syncml/endpoint/**/*.test.ts'),
      server('auth/**/*.test.ts'),
      server('answer-cache.test.ts'),
      server('conditional.test.ts'),
      server('writer-queue.test.ts'),
    ],
    exclude: [
      '**/node_modules/**',
      // In those folders, but never on PostgreSQL (their own servers on SQLite, or no store at all):
      // the main suite runs them.
      store('{sqlite,data-dir,faults}.test.ts'),
      server('datastore/dataclass.test.ts'),
      server('sync/{extdata-dav*,reason}.test.ts'),
      server('activesync/{autodiscover-origin,cached,tbsync-*}.test.ts'),
      server('syncml/endpoint/{bad-input,quirks}.test.ts'),
      server('auth/{basic,oauth,throttle}.test.ts'),
    ],
  },
});
