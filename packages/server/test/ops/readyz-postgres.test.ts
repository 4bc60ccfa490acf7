/**
 * /readyz follows PostgreSQL: on a throwaway cluster of its own (test/support/postgres.ts's, so
 * stopping it hurts no other test), a server polled every 100 ms answers 503 within 5 s of the
 * database stopping, /livez stays 200 meanwhile, and /readyz is 200 again once the database is
 * back (pg_ctl restart: the same data directory, port and options, from postmaster.opts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConfiguredStore, type OpenedStore } from '../../src/bootstrap.js';
import { createMetrics } from '../../src/http/metrics.js';
import { listen, type RunningServer } from '../../src/listen.js';
import { createLogger } from '../../src/log.js';
import { createServer } from '../../src/server.js';
import { startStoppableCluster, type StoppableCluster } from '../support/stoppable-cluster.js';


describe('/readyz and PostgreSQL stopping and coming back', () => {
  let postgres: StoppableCluster | undefined;
  let opened: OpenedStore | undefined;
  let running: RunningServer | undefined;

  beforeAll(async () => {
    postgres = await startStoppableCluster();
    opened = await openConfiguredStore({ dataDir: '/nonexistent', databaseUrl: postgres.cluster.adminUrl, secretKey: Buffer.alloc(32, 3) }, { log: createLogger('silent') });
    const app = createServer({ store: opened.store, secrets: opened.secrets, logger: createLogger('silent'), metrics: createMetrics(), storeStats: opened.stats });
    running = await listen(app, { host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await running?.close(1_000);
    await opened?.store.close().catch(() => undefined);
    await postgres?.cluster.stop();
  });

  const status = async (path: string) => (await fetch(`${running!.url}${path}`)).status;

  /** Polls /readyz every 100 ms until it answers `want`; the milliseconds it took. */
  async function until(want: number, withinMs: number): Promise<number> {
    const started = performance.now();
    for (;;) {
      if ((await status('/readyz')) === want) return performance.now() - started;
      if (performance.now() - started > withinMs) throw new Error(`/readyz did not answer ${want} within ${withinMs} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('goes 503 within 5 s of the database stopping, and 200 once it is back', async () => {
    expect(await status('/readyz')).toBe(200);
    await postgres!.stop();
    const down = await until(503, 5_000);
    expect(down).toBeLessThan(5_000);
    const answer = await fetch(`${running!.url}/readyz`);
    const why = await answer.text();
    expect(why).toMatch(/not ready: the store (failed|did not answer)/);
    // The code says the store is unreachable, not that the server broke (issue 27).
    expect(why).toContain('<code>unavailable</code>');
    expect(await status('/livez')).toBe(200);

    await postgres!.restart();
    const up = await until(200, 5_000);
    expect(await status('/readyz')).toBe(200);
    // The figures for whoever reads the run.
    console.info(`/readyz: 503 ${Math.round(down)} ms after PostgreSQL stopped, 200 ${Math.round(up)} ms after it was back`);
  });
});
