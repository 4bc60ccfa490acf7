/** Bindings of two clients, their sync log, and phone-to-datastore bindings (what a sync run is asked for and leaves behind). */
import type { Selectable } from 'kysely';
import type { ClientKind, ConflictWinner, SyncMode, SyncResult } from '@atomsync/atom';
import type { BindingRecord, ClientRefRecord, ItemDataclass, PhoneBindingRecord, SyncLogRecord, SyncStatsRecord } from '../records.js';
import type { BindingRepo, PhoneBindingRepo, SyncLogRepo } from '../store.js';
import { toDate, type StoreContext } from './context.js';
import { withSerialId } from './ids.js';
import type { BindingsTable, PhoneBindingsTable, SyncLogTable } from './schema.js';

const ref = (kind: string, uuid: string): ClientRefRecord => ({ kind: kind as ClientKind, uuid });

const binding = (row: Selectable<BindingsTable>): BindingRecord => ({
  id: Number(row.id),
  accountId: Number(row.account_id),
  source: ref(row.source_kind, row.source_uuid),
  target: ref(row.target_kind, row.target_uuid),
  conflictWinner: row.conflict_winner as ConflictWinner,
  created: toDate(row.created),
  updated: toDate(row.updated),
});

export function bindingRepo(ctx: StoreContext): BindingRepo {
  const mine = (accountId: number) => ctx.db().selectFrom('bindings').selectAll().where('account_id', '=', accountId);
  return {
    async list(accountId) {
      return (await mine(accountId).orderBy('created').orderBy('id').execute()).map(binding);
    },
    async get(accountId, id) {
      const row = await mine(accountId).where('id', '=', id).executeTakeFirst();
      return row && binding(row);
    },
    async create(fresh) {
      const now = Date.now();
      const row = await withSerialId(ctx, 'bindings', (id) =>
        ctx
          .db()
          .insertInto('bindings')
          .values({
            ...id,
            account_id: fresh.accountId,
            source_kind: fresh.source.kind,
            source_uuid: fresh.source.uuid,
            target_kind: fresh.target.kind,
            target_uuid: fresh.target.uuid,
            conflict_winner: fresh.conflictWinner,
            created: now,
            updated: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow()
      );
      return binding(row);
    },
    async setConflictWinner(accountId, id, winner) {
      const row = await ctx
        .db()
        .updateTable('bindings')
        .set({ conflict_winner: winner, updated: Date.now() })
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row && binding(row);
    },
    async delete(accountId, id) {
      return ctx.inTransaction(async () => {
        // A run still logged running has lost its binding: it cannot end well (and one whose server died would stay running).
        await ctx
          .db()
          .updateTable('sync_log')
          .set({ result: 'failed', reason: 'interrupted: its binding was deleted while it ran; nothing of it was committed', published: Date.now() })
          .where('account_id', '=', accountId)
          .where('binding_id', '=', id)
          .where('result', '=', 'running')
          .execute();
        // Its log stays, no longer naming it (no foreign key does this: see migration 10).
        await ctx.db().updateTable('sync_log').set({ binding_id: null }).where('account_id', '=', accountId).where('binding_id', '=', id).execute();
        const result = await ctx.db().deleteFrom('bindings').where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
        return result.numDeletedRows > 0n;
      });
    },
    async byClient(accountId, clientUuid) {
      const rows = await mine(accountId)
        .where((eb) => eb.or([eb('source_uuid', '=', clientUuid), eb('target_uuid', '=', clientUuid)]))
        .orderBy('created')
        .orderBy('id')
        .execute();
      return rows.map(binding);
    },
  };
}

const syncLog = (row: Selectable<SyncLogTable>): SyncLogRecord => ({
  id: Number(row.id),
  accountId: Number(row.account_id),
  bindingId: row.binding_id === null ? null : Number(row.binding_id),
  source: ref(row.source_kind, row.source_uuid),
  target: ref(row.target_kind, row.target_uuid),
  syncMode: Number(row.sync_mode) as SyncMode,
  dataclass: row.dataclass as ItemDataclass | 'Calendar',
  stats: JSON.parse(row.stats) as SyncStatsRecord,
  result: row.result as SyncResult,
  reason: row.reason,
  published: toDate(row.published),
});

export function syncLogRepo(ctx: StoreContext): SyncLogRepo {
  return {
    async list(accountId, bindingId) {
      const rows = await ctx
        .db()
        .selectFrom('sync_log')
        .selectAll()
        .where('account_id', '=', accountId)
        .$if(bindingId !== undefined, (q) => q.where('binding_id', '=', bindingId ?? -1))
        // Newest first by time (ids need not grow with time on a distributed store); the id breaks ties.
        .orderBy('published', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(syncLog);
    },
    async get(accountId, id) {
      const row = await ctx.db().selectFrom('sync_log').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
      return row && syncLog(row);
    },
    async append(entry) {
      const row = await withSerialId(ctx, 'sync_log', (id) =>
        ctx
          .db()
          .insertInto('sync_log')
          .values({
            ...id,
            account_id: entry.accountId,
            binding_id: entry.bindingId,
            source_kind: entry.source.kind,
            source_uuid: entry.source.uuid,
            target_kind: entry.target.kind,
            target_uuid: entry.target.uuid,
            sync_mode: entry.syncMode,
            dataclass: entry.dataclass,
            stats: JSON.stringify(entry.stats),
            result: entry.result,
            reason: entry.reason,
            published: Date.now(),
          })
          .returningAll()
          .executeTakeFirstOrThrow()
      );
      return syncLog(row);
    },
    async finish(accountId, id, outcome) {
      const row = await ctx
        .db()
        .updateTable('sync_log')
        .set({ sync_mode: outcome.syncMode, stats: JSON.stringify(outcome.stats), result: outcome.result, reason: outcome.reason, published: Date.now() })
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .where('result', '=', 'running')
        .returningAll()
        .executeTakeFirst();
      return row && syncLog(row);
    },
    async running(accountId, bindingId) {
      const row = await ctx.db().selectFrom('sync_log').selectAll().where('account_id', '=', accountId).where('binding_id', '=', bindingId).where('result', '=', 'running').executeTakeFirst();
      return row && syncLog(row);
    },
  };
}

const phoneBinding = (row: Selectable<PhoneBindingsTable>): PhoneBindingRecord => ({
  id: Number(row.id),
  accountId: Number(row.account_id),
  modelUuid: row.model_uuid,
  phoneNumber: row.phone_number,
  foreignUserId: row.foreign_user_id,
  timezone: row.timezone,
  syncmlClientUuid: row.syncml_client_uuid,
  datastoreClientUuid: row.datastore_client_uuid,
  created: toDate(row.created),
  updated: toDate(row.updated),
});

export function phoneBindingRepo(ctx: StoreContext): PhoneBindingRepo {
  return {
    async list(accountId) {
      const rows = await ctx.db().selectFrom('phone_bindings').selectAll().where('account_id', '=', accountId).orderBy('created').orderBy('id').execute();
      return rows.map(phoneBinding);
    },
    async create(fresh) {
      const now = Date.now();
      const row = await withSerialId(ctx, 'phone_bindings', (id) =>
        ctx
          .db()
          .insertInto('phone_bindings')
          .values({
            ...id,
            account_id: fresh.accountId,
            model_uuid: fresh.modelUuid,
            phone_number: fresh.phoneNumber,
            foreign_user_id: fresh.foreignUserId,
            timezone: fresh.timezone,
            syncml_client_uuid: fresh.syncmlClientUuid,
            datastore_client_uuid: fresh.datastoreClientUuid,
            created: now,
            updated: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow()
      );
      return phoneBinding(row);
    },
    async bySyncmlClient(accountId, syncmlClientUuid) {
      const row = await ctx
        .db()
        .selectFrom('phone_bindings')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('syncml_client_uuid', '=', syncmlClientUuid)
        .orderBy('created', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return row && phoneBinding(row);
    },
    async deleteBySyncmlClient(accountId, syncmlClientUuid) {
      const result = await ctx
        .db()
        .deleteFrom('phone_bindings')
        .where('account_id', '=', accountId)
        .where('syncml_client_uuid', '=', syncmlClientUuid)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
