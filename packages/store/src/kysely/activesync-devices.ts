/**
 * What the ActiveSync endpoint keeps per phone between its requests: the device, its collections,
 * the changes queued for each and the items each holds. Every row is keyed by (account_id,
 * client_uuid, …) and hangs off the device row by a cascading foreign key, the device row off its
 * ActiveSync client's: deleting the client, or its account, deletes all of it in that statement.
 *
 * Outbox seqs come from a counter on the device row that each append bumps by its size in one
 * UPDATE. The UPDATE locks the row (PostgreSQL; SQLite transactions hold the write lock from
 * `begin immediate`) until the append commits, so two appends never share a seq, they become
 * visible in seq order, and a drained outbox does not hand out its old seqs again.
 *
 * A new DeviceId rewrites the device row in place instead of deleting it: a request of the new
 * phone waiting on the row's lock then finds the row it waited for, the new phone in it. While a
 * remote wipe is in force it does not: the row stays the wiped phone's, wipe and all, and the new
 * DeviceId is told of the wipe (@atomsync/activesync rules/wipe.ts). The rule is read on the
 * locked row, so an owner's ask or cancel is either before the replacement or after it.
 */
import { deviceArrival } from '@atomsync/activesync';
import { CompiledQuery, type Selectable } from 'kysely';
import type {
  ActivesyncCollectionRecord,
  ActivesyncDeviceItem,
  ActivesyncDeviceRecord,
  ActivesyncIsolatedItem,
  ActivesyncOutboxOp,
  ActivesyncWipe,
  ActivesyncWipeScope,
  ItemDataclass,
} from '../records.js';
import { WRITE_LAST_SEEN_AFTER_MS, type ActivesyncDeviceRepo } from '../store.js';
import { chunks, millis, multiRowInsert, toDate, toDateOrNull, type StoreContext } from './context.js';
import type { ActivesyncCollectionsTable, ActivesyncDevicesTable, ActivesyncIsolatedTable } from './schema.js';

const device = (row: Selectable<ActivesyncDevicesTable>): ActivesyncDeviceRecord => ({
  accountId: Number(row.account_id),
  clientUuid: row.client_uuid,
  deviceId: row.device_id,
  deviceType: row.device_type,
  userAgent: row.user_agent,
  protocolVersion: row.protocol_version,
  policyKey: row.policy_key,
  pendingPolicyKey: row.pending_policy_key,
  folderSyncKey: row.folder_sync_key,
  folders: row.folders,
  information: row.information,
  created: toDate(row.created),
  lastSeen: toDate(row.last_seen),
  syncRequest: row.sync_request,
  pingRequest: row.ping_request,
  unboundSince: toDateOrNull(row.unbound_since),
  replaced: row.replaced_device_id === null || row.replaced_at === null ? null : { deviceId: row.replaced_device_id, at: toDate(row.replaced_at) },
  wipe: wipe(row),
});

function wipe(row: Selectable<ActivesyncDevicesTable>): ActivesyncWipe | null {
  if (row.wipe_requested === null || (row.wipe_scope !== 'device' && row.wipe_scope !== 'account')) return null;
  return { scope: row.wipe_scope, requested: toDate(row.wipe_requested), sent: toDateOrNull(row.wipe_sent), acknowledged: toDateOrNull(row.wipe_acknowledged) };
}

const isolated = (row: Selectable<ActivesyncIsolatedTable>): ActivesyncIsolatedItem => ({
  collectionId: row.collection_id,
  serverId: row.server_id,
  op: row.op as ActivesyncOutboxOp,
  bindingId: Number(row.binding_id),
  since: toDate(row.since),
});

/** No wipe asked: what a new device starts with and what a cancel leaves. */
const NO_WIPE = { wipe_scope: null, wipe_requested: null, wipe_sent: null, wipe_acknowledged: null } as const;

const collection = (row: Selectable<ActivesyncCollectionsTable>): ActivesyncCollectionRecord => ({
  accountId: Number(row.account_id),
  clientUuid: row.client_uuid,
  collectionId: row.collection_id,
  syncKey: row.sync_key,
  previousKey: row.previous_key,
  lastReply: row.last_reply,
  state: row.state,
  updated: toDate(row.updated),
});

/** The tables of a device's state besides its own row: a new DeviceId or a reset drops their rows. */
const STATE_TABLES = ['activesync_collections', 'activesync_outbox', 'activesync_items', 'activesync_isolated'] as const;

/** Columns of one outbox row and one item row, in insert order: the multi-row inserts chunk by them. */
const OUTBOX_COLUMNS = ['account_id', 'client_uuid', 'collection_id', 'seq', 'op', 'server_id', 'dataclass', 'body'] as const;
const ITEM_COLUMNS = ['account_id', 'client_uuid', 'collection_id', 'server_id', 'dataclass', 'body'] as const;
const ITEM_UPSERT =
  ' on conflict ("account_id", "client_uuid", "collection_id", "server_id") do update set "dataclass" = excluded."dataclass", "body" = excluded."body"';

export function activesyncDeviceRepo(ctx: StoreContext): ActivesyncDeviceRepo {
  const find = (accountId: number, clientUuid: string) =>
    ctx.db().selectFrom('activesync_devices').selectAll().where('account_id', '=', accountId).where('client_uuid', '=', clientUuid);
  return {
    async device(accountId, clientUuid) {
      const row = await find(accountId, clientUuid).executeTakeFirst();
      return row && device(row);
    },
    async devices(accountId) {
      const rows = await ctx.db().selectFrom('activesync_devices').selectAll().where('account_id', '=', accountId).orderBy('client_uuid').execute();
      return rows.map(device);
    },
    async touch(accountId, clientUuid, phone, now) {
      const at = millis(now);
      // The common case, a known phone's next request, reads and writes nothing more: a Ping-heavy
      // phone would otherwise write its row (and take its lock) on every request only to move
      // last_seen by seconds, which no one reads that finely.
      const seen = await find(accountId, clientUuid).executeTakeFirst();
      if (
        seen !== undefined &&
        seen.device_id === phone.deviceId &&
        seen.device_type === phone.deviceType &&
        seen.user_agent === phone.userAgent &&
        seen.protocol_version === phone.protocolVersion &&
        at - Number(seen.last_seen) <= WRITE_LAST_SEEN_AFTER_MS &&
        at >= Number(seen.last_seen)
      ) {
        return { record: device(seen), replaced: null };
      }
      // What a phone starts with, on first contact and when it replaces another.
      const fresh = {
        device_id: phone.deviceId,
        device_type: phone.deviceType,
        user_agent: phone.userAgent,
        protocol_version: phone.protocolVersion,
        policy_key: null,
        pending_policy_key: null,
        folder_sync_key: '0',
        folders: '[]',
        information: null,
        created: at,
        last_seen: at,
        sync_request: null,
        ping_request: null,
        unbound_since: null,
        ...NO_WIPE,
      };
      return ctx.inTransaction(async () => {
        const created = await ctx
          .db()
          .insertInto('activesync_devices')
          .values({ account_id: accountId, client_uuid: clientUuid, ...fresh, replaced_device_id: null, replaced_at: null, outbox_seq: 0 })
          .onConflict((oc) => oc.columns(['account_id', 'client_uuid']).doNothing())
          .returningAll()
          .executeTakeFirst();
        if (created !== undefined) return { record: device(created), replaced: null };
        // Lock it: of two first requests of a new phone, one replaces the old and the other, once
        // it has the row, finds the new phone there and refreshes it.
        const known = await find(accountId, clientUuid).$if(ctx.dialect === 'postgres', (q) => q.forUpdate()).executeTakeFirstOrThrow();
        const asked = wipe(known);
        const arrival = deviceArrival({ deviceId: known.device_id, wipe: asked && { scope: asked.scope, acknowledged: asked.acknowledged !== null } }, phone.deviceId);
        // Another device under a wipe in force: nothing of the record changes, its last contact included (it is the lost phone's).
        if (arrival === 'held') return { record: device(known), replaced: null };
        const sameDevice = arrival === 'same';
        if (!sameDevice) {
          for (const table of STATE_TABLES) {
            await ctx.db().deleteFrom(table).where('account_id', '=', accountId).where('client_uuid', '=', clientUuid).execute();
          }
        }
        const row = await ctx
          .db()
          .updateTable('activesync_devices')
          .set(
            sameDevice
              ? { device_type: phone.deviceType, user_agent: phone.userAgent, protocol_version: phone.protocolVersion, last_seen: at }
              : { ...fresh, replaced_device_id: known.device_id, replaced_at: at },
          )
          .where('account_id', '=', accountId)
          .where('client_uuid', '=', clientUuid)
          .returningAll()
          .executeTakeFirstOrThrow();
        return { record: device(row), replaced: sameDevice ? null : known.device_id };
      });
    },
    async update(accountId, clientUuid, patch) {
      // Only the fields given are written.
      const given: Partial<
        Pick<ActivesyncDevicesTable, 'policy_key' | 'pending_policy_key' | 'folder_sync_key' | 'folders' | 'information' | 'sync_request' | 'ping_request' | 'unbound_since'>
      > = {};
      if (patch.policyKey !== undefined) given.policy_key = patch.policyKey;
      if (patch.syncRequest !== undefined) given.sync_request = patch.syncRequest;
      if (patch.pingRequest !== undefined) given.ping_request = patch.pingRequest;
      if (patch.unboundSince !== undefined) given.unbound_since = patch.unboundSince === null ? null : millis(patch.unboundSince);
      if (patch.pendingPolicyKey !== undefined) given.pending_policy_key = patch.pendingPolicyKey;
      if (patch.folderSyncKey !== undefined) given.folder_sync_key = patch.folderSyncKey;
      if (patch.folders !== undefined) given.folders = patch.folders;
      if (patch.information !== undefined) given.information = patch.information;
      if (Object.keys(given).length === 0) return;
      await ctx.db().updateTable('activesync_devices').set(given).where('account_id', '=', accountId).where('client_uuid', '=', clientUuid).execute();
    },
    async requestWipe(accountId, clientUuid, scope: ActivesyncWipeScope, now) {
      // A new request starts over: not yet sent, not acknowledged.
      const row = await ctx
        .db()
        .updateTable('activesync_devices')
        .set({ wipe_scope: scope, wipe_requested: millis(now), wipe_sent: null, wipe_acknowledged: null })
        .where('account_id', '=', accountId)
        .where('client_uuid', '=', clientUuid)
        .returningAll()
        .executeTakeFirst();
      return row && device(row);
    },
    async cancelWipe(accountId, clientUuid) {
      const row = await ctx
        .db()
        .updateTable('activesync_devices')
        .set(NO_WIPE)
        .where('account_id', '=', accountId)
        .where('client_uuid', '=', clientUuid)
        .returningAll()
        .executeTakeFirst();
      return row && device(row);
    },
    async wipeSent(accountId, clientUuid, requested, now) {
      // Only the wipe that was read: a cancel, or a new request, in between is not overwritten.
      await ctx
        .db()
        .updateTable('activesync_devices')
        .set({ wipe_sent: millis(now) })
        .where('account_id', '=', accountId)
        .where('client_uuid', '=', clientUuid)
        .where('wipe_requested', '=', millis(requested))
        .where('wipe_acknowledged', 'is', null)
        .execute();
    },
    async acknowledgeWipe(accountId, clientUuid, requested, now) {
      const row = await ctx
        .db()
        .updateTable('activesync_devices')
        .set({ wipe_acknowledged: millis(now) })
        .where('account_id', '=', accountId)
        .where('client_uuid', '=', clientUuid)
        .where('wipe_requested', '=', millis(requested))
        .where('wipe_acknowledged', 'is', null)
        .returning('wipe_acknowledged')
        .executeTakeFirst();
      return row !== undefined;
    },
    async pendingWipes(devices) {
      if (devices.length === 0) return [];
      // By account and then client, each an indexed list (the key leads with both); the pairs are
      // picked out here. Few devices wait at once on one instance, and a wipe is rare.
      const wanted = new Set(devices.map((d) => `${d.accountId}:${d.clientUuid}`));
      const found: { accountId: number; clientUuid: string }[] = [];
      for (const part of chunks(devices, 2, ctx.dialect)) {
        const rows = await ctx
          .db()
          .selectFrom('activesync_devices')
          .select(['account_id', 'client_uuid'])
          .where('account_id', 'in', [...new Set(part.map((d) => d.accountId))])
          .where('client_uuid', 'in', part.map((d) => d.clientUuid))
          .where('wipe_requested', 'is not', null)
          .where('wipe_acknowledged', 'is', null)
          .execute();
        for (const row of rows) {
          const key = { accountId: Number(row.account_id), clientUuid: row.client_uuid };
          if (wanted.has(`${key.accountId}:${key.clientUuid}`)) found.push(key);
        }
      }
      return found;
    },
    async isolate(accountId, clientUuid, item) {
      const values = { op: item.op, binding_id: item.bindingId, since: millis(item.since) };
      await ctx
        .db()
        .insertInto('activesync_isolated')
        .values({ account_id: accountId, client_uuid: clientUuid, collection_id: item.collectionId, server_id: item.serverId, ...values })
        .onConflict((oc) => oc.columns(['account_id', 'client_uuid', 'collection_id', 'server_id']).doUpdateSet(values))
        .execute();
    },
    async isolated(accountId, clientUuid) {
      const rows = await ctx
        .db()
        .selectFrom('activesync_isolated')
        .selectAll()
        .where('account_id', '=', accountId)
        .$if(clientUuid !== undefined, (q) => q.where('client_uuid', '=', clientUuid!))
        .orderBy('client_uuid')
        .orderBy('since')
        .orderBy('collection_id')
        .orderBy('server_id')
        .execute();
      const byClient = new Map<string, ActivesyncIsolatedItem[]>();
      for (const row of rows) {
        const list = byClient.get(row.client_uuid) ?? [];
        list.push(isolated(row));
        byClient.set(row.client_uuid, list);
      }
      return byClient;
    },
    async collection(accountId, clientUuid, collectionId) {
      const row = await ctx
        .db()
        .selectFrom('activesync_collections')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('client_uuid', '=', clientUuid)
        .where('collection_id', '=', collectionId)
        .executeTakeFirst();
      return row && collection(row);
    },
    async collections(accountId, clientUuid) {
      const rows = await ctx
        .db()
        .selectFrom('activesync_collections')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('client_uuid', '=', clientUuid)
        .orderBy('collection_id')
        .execute();
      return rows.map(collection);
    },
    async saveCollection(record, now) {
      // An upsert, never a delete and insert: the collection's outbox and items stay.
      const values = { sync_key: record.syncKey, previous_key: record.previousKey, last_reply: record.lastReply, state: record.state, updated: millis(now) };
      await ctx
        .db()
        .insertInto('activesync_collections')
        .values({ account_id: record.accountId, client_uuid: record.clientUuid, collection_id: record.collectionId, ...values })
        .onConflict((oc) => oc.columns(['account_id', 'client_uuid', 'collection_id']).doUpdateSet(values))
        .execute();
    },
    async resetCollection(accountId, clientUuid, collectionId) {
      await ctx.inTransaction(async () => {
        for (const table of STATE_TABLES) {
          await ctx.db().deleteFrom(table).where('account_id', '=', accountId).where('client_uuid', '=', clientUuid).where('collection_id', '=', collectionId).execute();
        }
      });
    },
    async appendOutbox(accountId, clientUuid, collectionId, rows) {
      if (rows.length === 0) return;
      await ctx.inTransaction(async () => {
        // Takes the next seqs and the row's lock in one statement.
        const counter = await ctx
          .db()
          .updateTable('activesync_devices')
          .set((eb) => ({ outbox_seq: eb('outbox_seq', '+', rows.length) }))
          .where('account_id', '=', accountId)
          .where('client_uuid', '=', clientUuid)
          .returning('outbox_seq')
          .executeTakeFirst();
        if (counter === undefined) throw new Error(`no ActiveSync device recorded for client ${clientUuid}`);
        let seq = Number(counter.outbox_seq) - rows.length + 1;
        for (const part of chunks(rows, OUTBOX_COLUMNS.length, ctx.dialect)) {
          const parameters: unknown[] = [];
          for (const row of part) parameters.push(accountId, clientUuid, collectionId, seq++, row.op, row.serverId, row.dataclass, row.body);
          await ctx.db().executeQuery(CompiledQuery.raw(multiRowInsert(ctx.dialect, 'activesync_outbox', OUTBOX_COLUMNS, part.length), parameters));
        }
      });
    },
    async peekOutbox(accountId, clientUuid, collectionId, limit) {
      const rows = await ctx
        .db()
        .selectFrom('activesync_outbox')
        .select(['seq', 'op', 'server_id', 'dataclass', 'body'])
        .where('account_id', '=', accountId)
        .where('client_uuid', '=', clientUuid)
        .where('collection_id', '=', collectionId)
        .orderBy('seq')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        seq: Number(row.seq),
        op: row.op as ActivesyncOutboxOp,
        serverId: row.server_id,
        dataclass: row.dataclass as ItemDataclass,
        body: row.body,
      }));
    },
    async outboxSize(accountId, clientUuid, collectionId) {
      const row = await ctx
        .db()
        .selectFrom('activesync_outbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('account_id', '=', accountId)
        .where('client_uuid', '=', clientUuid)
        .where('collection_id', '=', collectionId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async dropOutbox(accountId, clientUuid, collectionId, throughSeq) {
      await ctx.inTransaction(async () => {
        // The phone took these changes: an item isolated before, whose later change it took now, syncs again.
        await ctx
          .db()
          .deleteFrom('activesync_isolated')
          .where('account_id', '=', accountId)
          .where('client_uuid', '=', clientUuid)
          .where('collection_id', '=', collectionId)
          .where('server_id', 'in', (eb) =>
            eb
              .selectFrom('activesync_outbox')
              .select('server_id')
              .where('account_id', '=', accountId)
              .where('client_uuid', '=', clientUuid)
              .where('collection_id', '=', collectionId)
              .where('seq', '<=', throughSeq),
          )
          .execute();
        await ctx
          .db()
          .deleteFrom('activesync_outbox')
          .where('account_id', '=', accountId)
          .where('client_uuid', '=', clientUuid)
          .where('collection_id', '=', collectionId)
          .where('seq', '<=', throughSeq)
          .execute();
      });
    },
    async items(accountId, clientUuid, collectionId, serverIds) {
      const found = new Map<string, ActivesyncDeviceItem>();
      for (const part of chunks(serverIds, 1, ctx.dialect)) {
        const rows = await ctx
          .db()
          .selectFrom('activesync_items')
          .select(['server_id', 'dataclass', 'body'])
          .where('account_id', '=', accountId)
          .where('client_uuid', '=', clientUuid)
          .where('collection_id', '=', collectionId)
          .where('server_id', 'in', part)
          .execute();
        for (const row of rows) found.set(row.server_id, { serverId: row.server_id, dataclass: row.dataclass as ItemDataclass, body: row.body });
      }
      return found;
    },
    async putItems(accountId, clientUuid, collectionId, items) {
      // The later of two items with one serverId wins, as if written in turn; one statement
      // naming a row twice is refused by PostgreSQL's upsert.
      const latest = new Map<string, ActivesyncDeviceItem>();
      for (const item of items) latest.set(item.serverId, item);
      if (latest.size === 0) return;
      await ctx.inTransaction(async () => {
        for (const part of chunks([...latest.values()], ITEM_COLUMNS.length, ctx.dialect)) {
          const parameters: unknown[] = [];
          for (const item of part) parameters.push(accountId, clientUuid, collectionId, item.serverId, item.dataclass, item.body);
          const text = multiRowInsert(ctx.dialect, 'activesync_items', ITEM_COLUMNS, part.length) + ITEM_UPSERT;
          await ctx.db().executeQuery(CompiledQuery.raw(text, parameters));
        }
      });
    },
    async removeItems(accountId, clientUuid, collectionId, serverIds) {
      if (serverIds.length === 0) return;
      await ctx.inTransaction(async () => {
        for (const part of chunks(serverIds, 1, ctx.dialect)) {
          await ctx
            .db()
            .deleteFrom('activesync_items')
            .where('account_id', '=', accountId)
            .where('client_uuid', '=', clientUuid)
            .where('collection_id', '=', collectionId)
            .where('server_id', 'in', part)
            .execute();
        }
      });
    },
  };
}
