/** The phone catalogue: vendors and models, shared by every account, replaced by uuid. */
import type { Selectable } from 'kysely';
import type { ItemDataclass, ModelQuirks, ModelRecord, VendorRecord } from '../records.js';
import type { CatalogueRepo } from '../store.js';
import { chunks, type StoreContext } from './context.js';
import type { ModelsTable, VendorsTable } from './schema.js';

const vendor = (row: Selectable<VendorsTable>): VendorRecord => ({ uuid: row.uuid, name: row.name });

const model = (row: Selectable<ModelsTable>): ModelRecord => ({
  uuid: row.uuid,
  vendorUuid: row.vendor_uuid,
  name: row.name,
  imageUrl: row.image_url,
  syncmlVersion: row.syncml_version,
  dataclasses: JSON.parse(row.dataclasses) as (ItemDataclass | 'Calendar')[],
  quirks: JSON.parse(row.quirks) as ModelQuirks,
});

const modelRow = (record: ModelRecord): Selectable<ModelsTable> => ({
  uuid: record.uuid,
  vendor_uuid: record.vendorUuid,
  name: record.name,
  image_url: record.imageUrl,
  syncml_version: record.syncmlVersion,
  dataclasses: JSON.stringify(record.dataclasses),
  quirks: JSON.stringify(record.quirks),
});

export function catalogueRepo(ctx: StoreContext): CatalogueRepo {
  return {
    async listVendors() {
      return (await ctx.db().selectFrom('vendors').selectAll().orderBy('name').orderBy('uuid').execute()).map(vendor);
    },
    async getVendor(uuid) {
      const row = await ctx.db().selectFrom('vendors').selectAll().where('uuid', '=', uuid).executeTakeFirst();
      return row && vendor(row);
    },
    async listModels(vendorUuid) {
      const rows = await ctx
        .db()
        .selectFrom('models')
        .selectAll()
        .$if(vendorUuid !== undefined, (q) => q.where('vendor_uuid', '=', vendorUuid ?? ''))
        .orderBy('name')
        .orderBy('uuid')
        .execute();
      return rows.map(model);
    },
    async getModel(uuid) {
      const row = await ctx.db().selectFrom('models').selectAll().where('uuid', '=', uuid).executeTakeFirst();
      return row && model(row);
    },
    async upsert(vendors, models) {
      // One statement may not touch a row twice (PostgreSQL refuses): the last of a uuid wins.
      vendors = [...new Map(vendors.map((v) => [v.uuid, v])).values()];
      models = [...new Map(models.map((m) => [m.uuid, m])).values()];
      await ctx.inTransaction(async () => {
        for (const part of chunks(vendors, 2, ctx.dialect)) {
          await ctx
            .db()
            .insertInto('vendors')
            .values(part.map((v) => ({ uuid: v.uuid, name: v.name })))
            .onConflict((oc) => oc.column('uuid').doUpdateSet((eb) => ({ name: eb.ref('excluded.name') })))
            .execute();
        }
        for (const part of chunks(models, 7, ctx.dialect)) {
          await ctx
            .db()
            .insertInto('models')
            .values(part.map(modelRow))
            .onConflict((oc) =>
              oc.column('uuid').doUpdateSet((eb) => ({
                vendor_uuid: eb.ref('excluded.vendor_uuid'),
                name: eb.ref('excluded.name'),
                image_url: eb.ref('excluded.image_url'),
                syncml_version: eb.ref('excluded.syncml_version'),
                dataclasses: eb.ref('excluded.dataclasses'),
                quirks: eb.ref('excluded.quirks'),
              })),
            )
            .execute();
        }
      });
    },
    async isEmpty() {
      const vendorRow = await ctx.db().selectFrom('vendors').select('uuid').limit(1).executeTakeFirst();
      if (vendorRow !== undefined) return false;
      const modelRow = await ctx.db().selectFrom('models').select('uuid').limit(1).executeTakeFirst();
      return modelRow === undefined;
    },
  };
}
