/**
 * The engine's model test (packages/engine/test/model.test.ts) on real parts: two datastore
 * clients in a real store, each run through the sync service (datastore connectors whose anchors
 * lag a minute behind, so every run re-reads its own writes and must see them as echoes; the id
 * map and anchors saved in the run's transaction). Random creates, edits and deletes on both sides
 * and syncs in random modes must end exactly where the id-free model of the modes says.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConflictWinner, SyncMode } from '@atomsync/atom';
import { command, Model, type Command, type Side } from '@atomsync/engine/test-support';
import { SecretBox } from '../../src/secrets/box.js';
import { BindingRuns } from '../../src/services/run-lock.js';
import { runBinding } from '../../src/services/synchronization.js';
import type { Store } from '@atomsync/store';
import { openTestStore, storeKinds } from '../support/stores.js';

const RUNS = { sqlite: 200, postgres: 40 } as const;

describe.each(storeKinds)('the sync service against the model of the modes, on %s', (kind) => {
  let store: Store;
  let accountId: number;
  const deps = () => ({ store, secrets: SecretBox.ephemeral(), runs: new BindingRuns(), log: pino({ level: 'silent' }) });

  beforeAll(async () => {
    store = await openTestStore(kind);
    accountId = (await store.accounts.create({ username: 'model', passwordHash: 'unused', syncmlDigest: null, admin: false }))!.id;
  });
  afterAll(async () => {
    await store?.close();
  });

  async function check(commands: readonly Command[], winner: ConflictWinner): Promise<void> {
    const clients: Record<Side, string> = { source: randomUUID(), target: randomUUID() };
    for (const uuid of Object.values(clients)) await store.datastores.create({ uuid, accountId, userId: uuid });
    const binding = await store.bindings.create({ accountId, source: { kind: 'datastore', uuid: clients.source }, target: { kind: 'datastore', uuid: clients.target }, conflictWinner: winner });
    const principal = { kind: 'account' as const, id: accountId, username: 'model', admin: false };
    const sync = (syncMode: SyncMode) => runBinding(deps(), { account: principal, binding, mode: syncMode, dataclass: 'Notes' });
    const bodies = async (side: Side) => (await store.contents.list({ accountId, uuid: clients[side] })).map((item) => item.body).sort();
    const model = new Model(winner);
    let next = 0;

    for (const cmd of commands) {
      if (cmd.do === 'sync') {
        const log = await sync(cmd.mode);
        expect([log.result, log.reason]).toEqual(['completed', null]);
        expect(log.syncMode).toBe(model.sync(cmd.mode));
        expect(await bodies('source')).toEqual(model.bodies('source'));
        expect(await bodies('target')).toEqual(model.bodies('target'));
        if (cmd.mode !== 202 && cmd.mode !== 204) {
          const again = await sync(200);
          const zero = { addsIn: 0, replacesIn: 0, deletesIn: 0, addsOut: 0, replacesOut: 0, deletesOut: 0 };
          expect([again.stats.source, again.stats.target, again.stats.conflictsDetected]).toEqual([zero, zero, 0]);
          model.sync(200);
        }
        continue;
      }
      const client = { accountId, uuid: clients[cmd.side] };
      if (cmd.do === 'create') {
        const l = `L${next++}`;
        const body = `${l}.v0`;
        await store.contents.insertMany([{ uuid: randomUUID(), accountId, clientUuid: client.uuid, dataclass: 'Notes', title: l, type: 'text/plain', body }]);
        model.touch(cmd.side, l, body);
        continue;
      }
      const items = await store.contents.list(client);
      if (items.length === 0) continue;
      const item = items[cmd.pick % items.length]!;
      const l = item.body.split('.')[0]!;
      if (cmd.do === 'edit') {
        const body = `${l}.v${next++}`;
        await store.contents.update(client, item.uuid, { dataclass: 'Notes', title: l, type: 'text/plain', body });
        model.touch(cmd.side, l, body);
      } else {
        await store.contents.deleteMany(client, [item.uuid]);
        model.touch(cmd.side, l, undefined);
      }
    }
  }

  it('random interleavings of edits and syncs end exactly where the model says', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { maxLength: 40, size: 'max' }), fc.constantFrom<ConflictWinner>('source', 'target'), (commands, winner) => check(commands, winner)),
      { numRuns: RUNS[kind] },
    );
  });
});
