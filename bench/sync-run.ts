/**
 * One slow-sync measurement, in a process of its own so its peak memory is its own:
 * `tsx bench/sync-run.ts <n> [postgres-url]` fills two datastore clients of a fresh embedded store
 * (or of the empty PostgreSQL database the URL names) with n
 * contacts each (30% twins, bench/sync-data.ts), runs the binding's first synchronization through
 * the sync service (which runs it as a slow sync), checks the result, and prints one JSON line.
 *
 * PROFILE=<file.cpuprofile> writes a CPU profile of the run alone (bench/cpu-profile.ts reads it).
 *
 * Also measured in the same process, as the baseline: reading both sides' items from the store,
 * which every slow sync must do.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { SecretBox } from '../packages/server/src/secrets/box.js';
import { BindingRuns } from '../packages/server/src/services/run-lock.js';
import { runBinding } from '../packages/server/src/services/synchronization.js';
import { openStore } from '@atomsync/store';
import { slowSyncSides } from './sync-data.js';
import { profiled } from './run-profile.js';

const n = Number(process.argv[2]);
const postgresUrl = process.argv[3];
const dir = mkdtempSync(join(tmpdir(), 'atomsync-syncbench-'));
try {
  const store = await openStore(postgresUrl === undefined ? { kind: 'sqlite', file: join(dir, 'bench.sqlite') } : { kind: 'postgres', url: postgresUrl });
  const account = await store.accounts.create({ username: 'bench', passwordHash: 'unused', syncmlDigest: null, admin: false });
  if (account === undefined) throw new Error('no account');
  const clients = { source: { accountId: account.id, uuid: randomUUID() }, target: { accountId: account.id, uuid: randomUUID() } };
  for (const [side, { uuid }] of Object.entries(clients)) await store.datastores.create({ uuid, accountId: account.id, userId: side });
  const sides = slowSyncSides(n, 0.3);
  for (const side of ['source', 'target'] as const) {
    await store.transaction(() =>
      store.contents.insertMany(sides[side].map((c) => ({ uuid: randomUUID(), accountId: account.id, clientUuid: clients[side].uuid, dataclass: 'Contacts' as const, title: c.title, type: 'text/vcard', body: c.body }))),
    );
  }
  const binding = await store.bindings.create({ accountId: account.id, source: { kind: 'datastore', uuid: clients.source.uuid }, target: { kind: 'datastore', uuid: clients.target.uuid }, conflictWinner: 'source' });

  const readStart = performance.now();
  await store.contents.list(clients.source, ['Contacts']);
  await store.contents.list(clients.target, ['Contacts']);
  const readMs = performance.now() - readStart;

  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  const sampler = setInterval(() => (heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)), 5);
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  // PROFILE=<file>: a CPU profile of the run alone (bench/run-profile.ts).
  const log = await profiled(() =>
    runBinding(
      { store, secrets: SecretBox.ephemeral(), runs: new BindingRuns(), log: pino({ level: 'silent' }) },
      { account: { kind: 'account', id: account.id, username: 'bench', admin: false }, binding, mode: 200, dataclass: 'Contacts' },
    ),
  );
  const ms = performance.now() - start;
  // This process's CPU time over the run (the database's too on SQLite): on a shared machine the
  // wall time above also counts the moments other processes held the cores.
  const cpu = process.cpuUsage(cpuStart);
  clearInterval(sampler);
  heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);

  // The run must have done the work it is timed for: a slow sync merging the twins.
  const expected = 2 * n - sides.twins;
  const live = async ({ accountId, uuid }: { accountId: number; uuid: string }) => (await store.contents.countLive(accountId, [uuid])).get(uuid);
  const [s, t] = [await live(clients.source), await live(clients.target)];
  if (log.result !== 'completed' || log.syncMode !== 201 || s !== expected || t !== expected || log.stats.duplicatesDetected !== sides.twins) {
    throw new Error(`wrong result: ${JSON.stringify({ result: log.result, reason: log.reason, mode: log.syncMode, source: s, target: t, expected, duplicates: log.stats.duplicatesDetected, twins: sides.twins })}`);
  }
  await store.close();
  console.log(JSON.stringify({ n, ms, cpuMs: (cpu.user + cpu.system) / 1000, readMs, heapPeakMb: (heapPeak - heapBefore) / 2 ** 20, maxRssMb: process.resourceUsage().maxRSS / 1024, duplicates: log.stats.duplicatesDetected, conflicts: log.stats.conflictsDetected, items: expected }));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
