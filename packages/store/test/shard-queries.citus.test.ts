/**
 * The statement log on Citus (issue 24; the Citus suite): the scenario of shard-queries.test.ts
 * (phones of both protocols, the REST API with every way of signing in, the admin API) through a
 * real server on a distributed store whose connections set `citus.multi_task_query_log_level =
 * warning`, as guide/operators.md ("What to watch") tells operators to: Citus then warns of every
 * statement it runs on more than one shard, and the store logs each with its statement
 * (store/pg-warnings.ts). Every statement of the scenario reaches one shard, except those the
 * guide names (below, each with why it may not).
 */
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listen, type RunningServer } from '../../server/src/listen.js';
import { SecretBox } from '../../server/src/secrets/box.js';
import { createServer } from '../../server/src/server.js';
import { openStore } from '../src/open.js';
import type { Store } from '../src/store.js';
import { createTestSchema, type TestSchema } from '../../server/test/support/stores.js';
import { walkScenario } from './shard-scenario.js';

vi.mock('node:crypto', async (importOriginal) => (await import('../../server/test/support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

/**
 * The statements that may reach every shard, as guide/operators.md names them (all rare; each
 * asks every node, at a cost that grows with the shards, not the rows).
 */
const NAMED: readonly (readonly [string, RegExp])[] = [
  // A SyncML message without our session key may only repeat the last one answered: looked up by device, across sessions.
  ['the SyncML device look-up', /from "syncml_session_state" where "device_id" = \$1/],
  // GET /v2/services/syncml/sessions/: an account's sessions are kept by session, not by account.
  ['an account’s SyncML session list', /^select \* from "sessions" where "account_id" = \$1 order by /],
  // Deleting an account: its sessions and their chat log, by account, across sessions.
  ['the account delete’s sessions', /^delete from "sessions" where "account_id" = \$1$/],
  ['the account delete’s chat log', /^delete from "chat_log" where "session_id" in \(select /],
  // The administrator's chat log (GET /v2/services/syncml/sessions/chatlog/), newest first across sessions.
  ['the administrator’s chat log', /^select \* from "chat_log" order by "created" desc, "id" desc limit \$1$/],
  // The administrator's account list (GET /v2/admin/accounts).
  ['the account list', /^select .* from "accounts" order by /],
];

interface Logged {
  readonly statement?: string;
  readonly warning?: string;
}

describe('the statements of a scenario on Citus, each routed to one shard but the named ones', () => {
  const logged: Logged[] = [];
  let schema: TestSchema;
  let store: Store;
  let running: RunningServer;

  beforeAll(async () => {
    schema = await createTestSchema();
    if (!schema.citus) throw new Error('this suite runs on the Citus test cluster (ATOMSYNC_TEST_CITUS=1, vitest.citus.config.ts)');
    const url = new URL(schema.url);
    url.searchParams.set('options', `${url.searchParams.get('options')} -c citus.multi_task_query_log_level=warning`);
    const log = pino({ level: 'warn' }, { write: (line: string) => void logged.push(JSON.parse(line) as Logged) });
    store = await openStore({ kind: 'postgres', url: url.toString() }, { log });
    const secrets = SecretBox.ephemeral();
    running = await listen(createServer({ store, secrets }), { host: '127.0.0.1', port: 0 });
    logged.length = 0;
    await walkScenario({ store, secrets, url: running.url });
  }, 120_000);
  afterAll(async () => {
    await running?.close(5_000);
    await store?.close();
    await schema?.drop();
  });

  const fannedOut = () => [...new Set(logged.filter((l) => l.warning?.includes('multi-task')).map((l) => l.statement ?? '(no statement)'))];

  it('logs each named statement as reaching every shard, with its text: the check sees them, and names none the scenario does not run', () => {
    const seen = fannedOut();
    expect(NAMED.filter(([, pattern]) => !seen.some((s) => pattern.test(s))).map(([name]) => name)).toEqual([]);
  });

  it('runs every other statement on one shard', () => {
    expect(fannedOut().filter((s) => !NAMED.some(([, pattern]) => pattern.test(s)))).toEqual([]);
  });
});
