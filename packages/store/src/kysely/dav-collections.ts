/**
 * What DAV clients set on collections and the segments they chose for the ones they made
 * (migration 20). Every statement names the account, which leads both tables' keys (sharded by
 * account); a collection is (account, datastore client, dataclass).
 */
import type { DavFamily, DavSegmentRecord, ItemDataclass } from '../records.js';
import type { CollectionKey, DavPropertyRepo, DavSegmentRepo } from '../store.js';
import { chunks, type StoreContext } from './context.js';

const collectionId = (uuid: string, dataclass: string): string => `${uuid}\u0000${dataclass}`;

export function davPropertyRepo(ctx: StoreContext): DavPropertyRepo {
  return {
    async get(collections) {
      const found = new Map<CollectionKey, Map<string, string>>();
      // By account, then the clients asked (the key's leading columns); the pairs are picked out here.
      const byAccount = new Map<number, Map<string, CollectionKey[]>>();
      for (const key of collections) {
        let asked = byAccount.get(key.accountId);
        if (asked === undefined) byAccount.set(key.accountId, (asked = new Map()));
        const id = collectionId(key.uuid, key.dataclass);
        asked.set(id, [...(asked.get(id) ?? []), key]);
      }
      for (const [accountId, asked] of byAccount) {
        const clients = [...new Set([...asked.values()].map((keys) => keys[0]!.uuid))];
        for (const part of chunks(clients, 1, ctx.dialect)) {
          const rows = await ctx
            .db()
            .selectFrom('dav_properties')
            .select(['client_uuid', 'dataclass', 'name', 'value'])
            .where('account_id', '=', accountId)
            .where('client_uuid', 'in', part)
            .orderBy('client_uuid')
            .orderBy('dataclass')
            .orderBy('name')
            .execute();
          for (const row of rows) {
            for (const key of asked.get(collectionId(row.client_uuid, row.dataclass)) ?? []) {
              let properties = found.get(key);
              if (properties === undefined) found.set(key, (properties = new Map()));
              properties.set(row.name, row.value);
            }
          }
        }
      }
      return found;
    },
    async patch(collection, set, remove) {
      if (set.length === 0 && remove.length === 0) return;
      await ctx.inTransaction(async () => {
        const db = ctx.db();
        const of = { account_id: collection.accountId, client_uuid: collection.uuid, dataclass: collection.dataclass };
        for (const part of chunks(remove, 1, ctx.dialect)) {
          await db
            .deleteFrom('dav_properties')
            .where('account_id', '=', of.account_id)
            .where('client_uuid', '=', of.client_uuid)
            .where('dataclass', '=', of.dataclass)
            .where('name', 'in', part)
            .execute();
        }
        // A name set twice in one request keeps the later value, as if applied in turn.
        const latest = new Map<string, string>();
        for (const { name, value } of set) latest.set(name, value);
        for (const part of chunks([...latest], 5, ctx.dialect)) {
          await db
            .insertInto('dav_properties')
            .values(part.map(([name, value]) => ({ ...of, name, value })))
            .onConflict((oc) => oc.columns(['account_id', 'client_uuid', 'dataclass', 'name']).doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })))
            .execute();
        }
      });
    },
  };
}

const segment = (row: { account_id: number; family: string; segment: string; client_uuid: string; dataclass: string }): DavSegmentRecord => ({
  accountId: Number(row.account_id),
  family: row.family as DavFamily,
  segment: row.segment,
  clientUuid: row.client_uuid,
  dataclass: row.dataclass as ItemDataclass,
});

export function davSegmentRepo(ctx: StoreContext): DavSegmentRepo {
  return {
    async list(accountId) {
      const rows = await ctx.db().selectFrom('dav_segments').selectAll().where('account_id', '=', accountId).orderBy('family').orderBy('segment').execute();
      return rows.map(segment);
    },
    async get(accountId, family, name) {
      const row = await ctx.db().selectFrom('dav_segments').selectAll().where('account_id', '=', accountId).where('family', '=', family).where('segment', '=', name).executeTakeFirst();
      return row && segment(row);
    },
    async add(record) {
      const result = await ctx
        .db()
        .insertInto('dav_segments')
        .values({ account_id: record.accountId, family: record.family, segment: record.segment, client_uuid: record.clientUuid, dataclass: record.dataclass })
        .onConflict((oc) => oc.columns(['account_id', 'family', 'segment']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
    },
  };
}
