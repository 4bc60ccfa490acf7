/**
 * The four client kinds. Each belongs to one account: every query names the account, so another
 * account's client is simply not found. Deleting a client deletes its contents with it, and an
 * ActiveSync client's device state (activesync-devices.ts) cascades from its row.
 */
import type { Selectable } from 'kysely';
import type {
  ActivesyncClientRecord,
  DatastoreClientRecord,
  ExtdataClientRecord,
  ExtdataDatastoreRecord,
  PhoneDatastoreRecord,
  SyncmlClientRecord,
} from '../records.js';
import { ActivesyncNameTaken, type ActivesyncClientRepo, type DatastoreClientRepo, type ExtdataClientRepo, type SyncmlClientRepo } from '../store.js';
import { millis, toDate, toDateOrNull, type StoreContext } from './context.js';
import { prepared } from './prepared.js';
import { activesyncNameKey, claimActivesyncName, releaseActivesyncName, routeActivesync } from './routes.js';
import type { ActivesyncClientsTable, DatastoreClientsTable, ExtdataClientsTable, SyncmlClientsTable } from './schema.js';

type ClientTable = 'extdata_clients' | 'datastore_clients' | 'syncml_clients' | 'activesync_clients';

/** Deletes one client of the account, its contents, their change counter and its DAV collections' properties and segments; false when the account has no such client. */
async function deleteClient(ctx: StoreContext, table: ClientTable, accountId: number, uuid: string): Promise<boolean> {
  return ctx.inTransaction(async () => {
    const db = ctx.db();
    const result = await db.deleteFrom(table).where('account_id', '=', accountId).where('uuid', '=', uuid).executeTakeFirst();
    if (result.numDeletedRows === 0n) return false;
    await db.deleteFrom('contents').where('account_id', '=', accountId).where('client_uuid', '=', uuid).execute();
    // Its change counter too: client uuids are never given again, so no sequence goes back.
    await db.deleteFrom('content_sequences').where('account_id', '=', accountId).where('client_uuid', '=', uuid).execute();
    // And what DAV clients set on its collections and the segments they named them by (a datastore client's only; cheap for the others).
    await db.deleteFrom('dav_properties').where('account_id', '=', accountId).where('client_uuid', '=', uuid).execute();
    await db.deleteFrom('dav_segments').where('account_id', '=', accountId).where('client_uuid', '=', uuid).execute();
    return true;
  });
}

// ---- extdata --------------------------------------------------------------------------------

const extdata = (row: Selectable<ExtdataClientsTable>): ExtdataClientRecord => ({
  uuid: row.uuid,
  accountId: Number(row.account_id),
  userId: row.user_id,
  datastores: JSON.parse(row.datastores) as ExtdataDatastoreRecord[],
  created: toDate(row.created),
  updated: toDate(row.updated),
});

export function extdataRepo(ctx: StoreContext): ExtdataClientRepo {
  const find = (accountId: number, uuid: string) =>
    ctx.db().selectFrom('extdata_clients').selectAll().where('account_id', '=', accountId).where('uuid', '=', uuid);
  return {
    async list(accountId) {
      const rows = await ctx.db().selectFrom('extdata_clients').selectAll().where('account_id', '=', accountId).orderBy('created').orderBy('uuid').execute();
      return rows.map(extdata);
    },
    async get(accountId, uuid) {
      const row = await find(accountId, uuid).executeTakeFirst();
      return row && extdata(row);
    },
    async create(client) {
      const now = Date.now();
      const row = await ctx
        .db()
        .insertInto('extdata_clients')
        .values({ uuid: client.uuid, account_id: client.accountId, user_id: client.userId, datastores: JSON.stringify(client.datastores), created: now, updated: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      return extdata(row);
    },
    async addDatastores(accountId, uuid, userId, datastores) {
      return ctx.inTransaction(async () => {
        // Read-modify-write: lock the row so concurrent appends (other instances) are not lost.
        const row = await find(accountId, uuid).$if(ctx.dialect === 'postgres', (q) => q.forUpdate()).executeTakeFirst();
        if (row === undefined) return undefined;
        const all = [...(JSON.parse(row.datastores) as ExtdataDatastoreRecord[]), ...datastores];
        const updated = await ctx
          .db()
          .updateTable('extdata_clients')
          .set({ user_id: userId, datastores: JSON.stringify(all), updated: Date.now() })
          .where('account_id', '=', accountId)
          .where('uuid', '=', uuid)
          .returningAll()
          .executeTakeFirstOrThrow();
        return extdata(updated);
      });
    },
    async updateDatastores(accountId, uuid, change) {
      return ctx.inTransaction(async () => {
        const row = await find(accountId, uuid).$if(ctx.dialect === 'postgres', (q) => q.forUpdate()).executeTakeFirst();
        if (row === undefined) return undefined;
        const before = JSON.parse(row.datastores) as ExtdataDatastoreRecord[];
        const after = before.map((d) => change(d, before) ?? d);
        if (after.every((d, i) => d === before[i])) return extdata(row);
        const updated = await ctx
          .db()
          .updateTable('extdata_clients')
          .set({ datastores: JSON.stringify(after), updated: Date.now() })
          .where('account_id', '=', accountId)
          .where('uuid', '=', uuid)
          .returningAll()
          .executeTakeFirstOrThrow();
        return extdata(updated);
      });
    },
    delete: (accountId, uuid) => deleteClient(ctx, 'extdata_clients', accountId, uuid),
  };
}

// ---- datastore ------------------------------------------------------------------------------

const datastore = (row: Selectable<DatastoreClientsTable>): DatastoreClientRecord => ({
  uuid: row.uuid,
  accountId: Number(row.account_id),
  userId: row.user_id,
  created: toDate(row.created),
  updated: toDate(row.updated),
});

// Every request on a datastore client's path checks it is the caller's.
const datastoreOfAccount = prepared<Selectable<DatastoreClientsTable>>('select * from "datastore_clients" where "account_id" = ? and "uuid" = ?');

export function datastoreRepo(ctx: StoreContext): DatastoreClientRepo {
  return {
    async list(accountId) {
      const rows = await ctx.db().selectFrom('datastore_clients').selectAll().where('account_id', '=', accountId).orderBy('created').orderBy('uuid').execute();
      return rows.map(datastore);
    },
    async get(accountId, uuid) {
      const row = await datastoreOfAccount.first(ctx, [accountId, uuid]);
      return row && datastore(row);
    },
    async byUserId(accountId, userId) {
      const row = await ctx.db().selectFrom('datastore_clients').selectAll().where('account_id', '=', accountId).where('user_id', '=', userId).executeTakeFirst();
      return row && datastore(row);
    },
    async create(client) {
      const now = Date.now();
      const row = await ctx
        .db()
        .insertInto('datastore_clients')
        .values({ uuid: client.uuid, account_id: client.accountId, user_id: client.userId, created: now, updated: now })
        .onConflict((oc) => oc.columns(['account_id', 'user_id']).doNothing())
        .returningAll()
        .executeTakeFirst();
      return row && datastore(row);
    },
    delete: (accountId, uuid) => deleteClient(ctx, 'datastore_clients', accountId, uuid),
  };
}

// ---- syncml ---------------------------------------------------------------------------------

const syncml = (row: Selectable<SyncmlClientsTable>): SyncmlClientRecord => ({
  uuid: row.uuid,
  accountId: Number(row.account_id),
  userId: row.user_id,
  phoneNumber: row.phone_number,
  modelUuid: row.model_uuid,
  imei: row.imei,
  timezone: row.timezone,
  setupName: row.setup_name,
  setupSent: toDateOrNull(row.setup_sent),
  datastores: JSON.parse(row.datastores) as PhoneDatastoreRecord[],
  created: toDate(row.created),
  updated: toDate(row.updated),
});

export function syncmlRepo(ctx: StoreContext): SyncmlClientRepo {
  const find = (accountId: number, uuid: string) =>
    ctx.db().selectFrom('syncml_clients').selectAll().where('account_id', '=', accountId).where('uuid', '=', uuid);
  return {
    async list(accountId) {
      const rows = await ctx.db().selectFrom('syncml_clients').selectAll().where('account_id', '=', accountId).orderBy('created').orderBy('uuid').execute();
      return rows.map(syncml);
    },
    async get(accountId, uuid) {
      const row = await find(accountId, uuid).executeTakeFirst();
      return row && syncml(row);
    },
    async create(client) {
      const now = Date.now();
      const row = await ctx
        .db()
        .insertInto('syncml_clients')
        .values({
          uuid: client.uuid,
          account_id: client.accountId,
          user_id: client.userId,
          phone_number: client.phoneNumber,
          model_uuid: client.modelUuid,
          imei: '',
          timezone: client.timezone,
          setup_name: '',
          setup_sent: null,
          datastores: '[]',
          created: now,
          updated: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return syncml(row);
    },
    async recordSetup(accountId, uuid, name, sent) {
      const row = await ctx
        .db()
        .updateTable('syncml_clients')
        .set({ setup_name: name, setup_sent: millis(sent), updated: Date.now() })
        .where('account_id', '=', accountId)
        .where('uuid', '=', uuid)
        .returningAll()
        .executeTakeFirst();
      return row && syncml(row);
    },
    async setImei(accountId, uuid, imei) {
      const result = await ctx
        .db()
        .updateTable('syncml_clients')
        .set({ imei, updated: Date.now() })
        .where('account_id', '=', accountId)
        .where('uuid', '=', uuid)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
    /** true when the client exists (the datastore added now or already there), false when not found. */
    async addDatastore(accountId, uuid, added) {
      return ctx.inTransaction(async () => {
        const row = await find(accountId, uuid).$if(ctx.dialect === 'postgres', (q) => q.forUpdate()).executeTakeFirst();
        if (row === undefined) return false;
        const datastores = JSON.parse(row.datastores) as PhoneDatastoreRecord[];
        if (datastores.some((d) => d.name === added.name)) return true;
        await ctx
          .db()
          .updateTable('syncml_clients')
          .set({ datastores: JSON.stringify([...datastores, added]), updated: Date.now() })
          .where('account_id', '=', accountId)
          .where('uuid', '=', uuid)
          .execute();
        return true;
      });
    },
    delete: (accountId, uuid) => deleteClient(ctx, 'syncml_clients', accountId, uuid),
  };
}

// ---- activesync -----------------------------------------------------------------------------

const activesync = (row: Selectable<ActivesyncClientsTable>): ActivesyncClientRecord => ({
  uuid: row.uuid,
  accountId: Number(row.account_id),
  userId: row.user_id,
  username: row.username,
  passwordHash: row.password_hash,
  phoneNumber: row.phone_number,
  modelUuid: row.model_uuid,
  lastSync: toDateOrNull(row.last_sync),
  created: toDate(row.created),
  updated: toDate(row.updated),
});

// A phone's every request signs in: its username's route, then the client it names by its key.
const activesyncClient = prepared<Selectable<ActivesyncClientsTable>>('select * from "activesync_clients" where "account_id" = ? and "uuid" = ?');

export function activesyncRepo(ctx: StoreContext): ActivesyncClientRepo {
  return {
    async list(accountId) {
      const rows = await ctx.db().selectFrom('activesync_clients').selectAll().where('account_id', '=', accountId).orderBy('created').orderBy('uuid').execute();
      return rows.map(activesync);
    },
    async get(accountId, uuid) {
      const row = await ctx.db().selectFrom('activesync_clients').selectAll().where('account_id', '=', accountId).where('uuid', '=', uuid).executeTakeFirst();
      return row && activesync(row);
    },
    async create(client) {
      return ctx.inTransaction(async () => {
        // The name first: taken, nothing is written (another instance's claim waits on the key).
        if (!(await claimActivesyncName(ctx, { username: client.username, accountId: client.accountId, clientUuid: client.uuid }))) {
          throw new ActivesyncNameTaken(client.username);
        }
        const now = Date.now();
        const row = await ctx
          .db()
          .insertInto('activesync_clients')
          .values({
            uuid: client.uuid,
            account_id: client.accountId,
            user_id: client.userId,
            username: client.username,
            password_hash: client.passwordHash,
            phone_number: client.phoneNumber,
            model_uuid: client.modelUuid,
            last_sync: null,
            created: now,
            updated: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        return activesync(row);
      });
    },
    async setPassword(accountId, uuid, passwordHash) {
      const row = await ctx
        .db()
        .updateTable('activesync_clients')
        .set({ password_hash: passwordHash, updated: Date.now() })
        .where('account_id', '=', accountId)
        .where('uuid', '=', uuid)
        .returningAll()
        .executeTakeFirst();
      return row && activesync(row);
    },
    async byUsername(username) {
      const route = await routeActivesync(ctx, username);
      if (route === undefined) return undefined;
      const row = await activesyncClient.first(ctx, [route.accountId, route.clientUuid]);
      // Route and row are written and deleted together; one deleted between the two reads is not found.
      return row !== undefined && activesyncNameKey(row.username) === activesyncNameKey(username) ? activesync(row) : undefined;
    },
    async setLastSync(accountId, uuid, when) {
      await ctx.db().updateTable('activesync_clients').set({ last_sync: when.getTime() }).where('account_id', '=', accountId).where('uuid', '=', uuid).execute();
    },
    delete: (accountId, uuid) =>
      ctx.inTransaction(async () => {
        const row = await activesyncClient.first(ctx, [accountId, uuid]);
        if (row === undefined) return false;
        await releaseActivesyncName(ctx, row.username, accountId, uuid);
        return deleteClient(ctx, 'activesync_clients', accountId, uuid);
      }),
  };
}
