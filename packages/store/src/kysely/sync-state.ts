/**
 * The sync engine's state of a binding (id map, anchors) and its run lock.
 *
 * The id map is the engine's hot path: a slow sync of 20,000 items loads and saves 20,000 pairs in
 * one run. Saving writes multi-row statements (inserts in `insertChunks`, deletes in parameter-limit
 * `chunks`), their SQL written directly: Kysely's builder makes an operation node per value (see contents.ts), which
 * for 120,000 values costs more than the database's own work.
 */
import { CompiledQuery } from 'kysely';
import type { MapEntry } from '@atomsync/engine';
import type { ItemDataclass } from '../records.js';
import type { SyncMode } from '@atomsync/atom';
import type { LeaseRun, LeaseTake, SyncLockRepo, SyncStateRepo } from '../store.js';
import { chunks, insertChunks, millis, multiRowInsert, runQuery, toDate, type StoreContext } from './context.js';
import type { Dialect } from './migrations.js';

/**
 * One raw statement: `build` writes the SQL, calling `param` for each value, which answers the
 * dialect's placeholder for it. SQLite's `?` are positional: call `param` in the order the
 * placeholders appear in the text.
 */
function statement(dialect: Dialect, build: (param: (value: unknown) => string) => string): CompiledQuery {
  const parameters: unknown[] = [];
  const param =
    dialect === 'postgres'
      ? (value: unknown) => `$${parameters.push(value)}`
      : (value: unknown) => {
          parameters.push(value);
          return '?';
        };
  return CompiledQuery.raw(build(param), parameters);
}

/**
 * The upserts of one save as a consistent set: in order, a later entry displaces an earlier one
 * with its source id (same pair, newer hashes) and one with its target id (that target is now
 * another source's twin). Each source and each target is left in at most one entry.
 */
function consistent(entries: readonly MapEntry[]): MapEntry[] {
  const bySource = new Map<string, MapEntry>();
  const byTarget = new Map<string, MapEntry>();
  for (const entry of entries) {
    const sameSource = bySource.get(entry.sourceId);
    if (sameSource !== undefined) byTarget.delete(sameSource.targetId);
    const sameTarget = byTarget.get(entry.targetId);
    if (sameTarget !== undefined) bySource.delete(sameTarget.sourceId);
    bySource.set(entry.sourceId, entry);
    byTarget.set(entry.targetId, entry);
  }
  return [...bySource.values()];
}

/** The columns of a sync_map insert (its account and binding with each pair). */
const MAP_COLUMNS = ['account_id', 'binding_id', 'dataclass', 'source_id', 'target_id', 'source_hash', 'target_hash'] as const;

export function syncStateRepo(ctx: StoreContext): SyncStateRepo {
  const run = (query: CompiledQuery) => runQuery(ctx, query);
  return {
    async load(binding, dataclasses, anchorKey) {
      const rows =
        dataclasses.length === 0
          ? []
          : await ctx
              .db()
              .selectFrom('sync_map')
              .select(['dataclass', 'source_id', 'target_id', 'source_hash', 'target_hash'])
              .where('account_id', '=', binding.accountId)
              .where('binding_id', '=', binding.id)
              .where('dataclass', 'in', dataclasses)
              // A set, but read in one order on every engine (Citus merges its shards' rows in any
              // order): two reads of a binding's state give the same list. source_id is unique in a
              // binding, so the order is total.
              .orderBy('source_id')
              .execute();
      const anchors = await ctx
        .db()
        .selectFrom('sync_anchors')
        .select(['source_anchor', 'target_anchor'])
        .where('account_id', '=', binding.accountId)
        .where('binding_id', '=', binding.id)
        .where('anchor_key', '=', anchorKey)
        .executeTakeFirst();
      return {
        map: rows.map((row) => ({
          dataclass: row.dataclass as ItemDataclass,
          sourceId: row.source_id,
          targetId: row.target_id,
          sourceHash: row.source_hash,
          targetHash: row.target_hash,
        })),
        anchors: { source: anchors?.source_anchor ?? null, target: anchors?.target_anchor ?? null },
      };
    },

    async save(binding, anchorKey, change) {
      const { accountId, id: bindingId } = binding;
      const upserts = consistent(change.upsert);
      await ctx.inTransaction(async () => {
        // Removed pairs go only when both ids still match: a row that names one of them with
        // another twin is some other pair.
        for (const part of chunks(change.remove, 2, ctx.dialect)) {
          await run(
            statement(ctx.dialect, (p) => {
              const head = `delete from sync_map where account_id = ${p(accountId)} and binding_id = ${p(bindingId)} and (source_id, target_id) in (values `;
              return `${head}${part.map((pair) => `(${p(pair.sourceId)}, ${p(pair.targetId)})`).join(', ')})`;
            }),
          );
        }
        // Upserts: first every row holding one of their source ids or one of their target ids
        // (the old version of the pair, or a pair the new one displaces), then the rows anew. The
        // set is consistent, so the inserts never collide. A binding's first run finds no row to
        // delete: one probe spares it a lookup per id (34,000 of them for 10,000 vs 10,000).
        const held =
          upserts.length > 0 &&
          (await ctx.db().selectFrom('sync_map').select('source_id').where('account_id', '=', accountId).where('binding_id', '=', bindingId).limit(1).executeTakeFirst()) !== undefined;
        for (const column of held ? (['source_id', 'target_id'] as const) : []) {
          for (const part of chunks(upserts, 1, ctx.dialect)) {
            await run(
              statement(ctx.dialect, (p) => {
                const head = `delete from sync_map where account_id = ${p(accountId)} and binding_id = ${p(bindingId)} and ${column} in (`;
                return `${head}${part.map((entry) => p(column === 'source_id' ? entry.sourceId : entry.targetId)).join(', ')})`;
              }),
            );
          }
        }
        // The text written once per size (multiRowInsert), not per part: a first run writes 17,000 pairs.
        for (const part of insertChunks(upserts, MAP_COLUMNS.length, ctx.dialect)) {
          const parameters: unknown[] = [];
          for (const e of part) parameters.push(accountId, bindingId, e.dataclass, e.sourceId, e.targetId, e.sourceHash, e.targetHash);
          await run(CompiledQuery.raw(multiRowInsert(ctx.dialect, 'sync_map', MAP_COLUMNS, part.length), parameters));
        }
        await ctx
          .db()
          .insertInto('sync_anchors')
          .values({ account_id: accountId, binding_id: bindingId, anchor_key: anchorKey, source_anchor: change.anchors.source, target_anchor: change.anchors.target })
          .onConflict((oc) =>
            oc.columns(['account_id', 'binding_id', 'anchor_key']).doUpdateSet({ source_anchor: change.anchors.source, target_anchor: change.anchors.target }),
          )
          .execute();
      });
    },

    async renameIds(binding, side, renames) {
      const column = side === 'source' ? 'source_id' : 'target_id';
      let renamed = 0;
      await ctx.inTransaction(async () => {
        for (const part of chunks(renames, 1, ctx.dialect)) {
          await ctx
            .db()
            .deleteFrom('sync_map')
            .where('account_id', '=', binding.accountId)
            .where('binding_id', '=', binding.id)
            .where(column, 'in', part.map((r) => r.to))
            .execute();
        }
        // One statement per rename: a Map names a message's worth of items (hundreds), not a store.
        for (const { from, to } of renames) {
          const result = await ctx
            .db()
            .updateTable('sync_map')
            .set({ [column]: to })
            .where('account_id', '=', binding.accountId)
            .where('binding_id', '=', binding.id)
            .where(column, '=', from)
            .executeTakeFirst();
          renamed += Number(result.numUpdatedRows);
        }
      });
      return renamed;
    },
  };
}

/**
 * Leases are taken in one statement, so two instances can never both hold one: the insert
 * creates the row, or takes over the row of a lease that ran out; a live lease's row is left
 * alone and nothing is returned. On PostgreSQL the second of two racing inserts waits for the
 * first and then sees its live row.
 */
export function syncLockRepo(ctx: StoreContext): SyncLockRepo {
  return {
    async acquire(binding, holder, ttlMs) {
      const now = Date.now();
      const row = await ctx
        .db()
        .insertInto('sync_locks')
        .values({ account_id: binding.accountId, binding_id: binding.id, holder, expires: now + ttlMs })
        .onConflict((oc) => oc.columns(['account_id', 'binding_id']).doUpdateSet({ holder, expires: now + ttlMs, dataclass: null, sync_mode: null, started: null }).where('sync_locks.expires', '<=', now))
        .returning('holder')
        .executeTakeFirst();
      return row !== undefined;
    },
    async take(binding, holder, ttlMs, run) {
      return ctx.inTransaction(async (): Promise<LeaseTake> => {
        const now = Date.now();
        const key = { account_id: binding.accountId, binding_id: binding.id };
        const mine = { holder, expires: now + ttlMs, dataclass: run.dataclass, sync_mode: run.syncMode, started: millis(run.started) };
        const inserted = await ctx
          .db()
          .insertInto('sync_locks')
          .values({ ...key, ...mine })
          .onConflict((oc) => oc.columns(['account_id', 'binding_id']).doNothing())
          .returning('holder')
          .executeTakeFirst();
        if (inserted !== undefined) return { taken: true };
        // Held, or held once: the row stays locked (PostgreSQL; SQLite's transaction holds the
        // write lock) until this transaction ends, so no other instance takes it over meanwhile.
        const held = await ctx
          .db()
          .selectFrom('sync_locks')
          .select(['holder', 'expires', 'dataclass', 'sync_mode', 'started'])
          .where('account_id', '=', binding.accountId)
          .where('binding_id', '=', binding.id)
          .$if(ctx.dialect === 'postgres', (q) => q.forUpdate())
          .executeTakeFirst();
        // Given up between the two statements: as good as live a moment ago; the caller comes back.
        if (held === undefined) return { taken: false, expires: new Date(now) };
        if (Number(held.expires) > now) return { taken: false, expires: toDate(held.expires) };
        await ctx.db().updateTable('sync_locks').set(mine).where('account_id', '=', binding.accountId).where('binding_id', '=', binding.id).execute();
        if (held.dataclass === null || held.sync_mode === null || held.started === null) return { taken: true };
        return {
          taken: true,
          interrupted: {
            holder: held.holder,
            expired: toDate(held.expires),
            run: { dataclass: held.dataclass as LeaseRun['dataclass'], syncMode: Number(held.sync_mode) as SyncMode, started: toDate(held.started) },
          },
        };
      });
    },
    async expired(now, limit) {
      const rows = await ctx
        .db()
        .selectFrom('sync_locks')
        .select(['account_id', 'binding_id'])
        .where('expires', '<=', millis(now))
        .where('dataclass', 'is not', null)
        .orderBy('expires')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ accountId: Number(row.account_id), id: Number(row.binding_id) }));
    },
    async renew(binding, holder, ttlMs) {
      // Still the holder's row: nobody took it over, even if it ran out meanwhile.
      const result = await ctx
        .db()
        .updateTable('sync_locks')
        .set({ expires: Date.now() + ttlMs })
        .where('account_id', '=', binding.accountId)
        .where('binding_id', '=', binding.id)
        .where('holder', '=', holder)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
    async release(binding, holder) {
      await ctx
        .db()
        .deleteFrom('sync_locks')
        .where('account_id', '=', binding.accountId)
        .where('binding_id', '=', binding.id)
        .where('holder', '=', holder)
        .execute();
    },
  };
}
