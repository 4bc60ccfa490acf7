/**
 * What the SyncML endpoint keeps between a phone's messages: the session in progress (state,
 * compare-and-set version, last reply, buffered item changes) and, per device across sessions,
 * the MD5 nonce and DevInf.
 *
 * Two instances may hold messages of one session at once. `update` is a single conditional
 * UPDATE, so of two writers from one version exactly one moves it on. `appendItems` locks the
 * session row (PostgreSQL `for update`; SQLite transactions hold the write lock from `begin
 * immediate`) before reading where its direction ends, so two appends never pick the same seq,
 * and an append after a delete or prune finds no session and leaves no orphans behind.
 */
import { CompiledQuery, type Selectable } from 'kysely';
import type { SyncmlDeviceRecord, SyncmlDeviceRepo, SyncmlSessionRepo, SyncmlSessionRow } from '../store.js';
import { chunks, millis, multiRowInsert, toDate, type StoreContext } from './context.js';
import type { SyncmlDevicesTable, SyncmlSessionStateTable } from './schema.js';

/** Both drivers hand back a Buffer: give callers a plain Uint8Array of their own. */
const bytesOut = (value: Uint8Array | null): Uint8Array | null => (value === null ? null : new Uint8Array(value));
/** The drivers bind a Buffer as a blob / bytea; a view onto the caller's bytes, not a copy. */
const bytesIn = (value: Uint8Array | null): Buffer | null =>
  value === null ? null : Buffer.from(value.buffer, value.byteOffset, value.byteLength);

const sessionRow = (row: Selectable<SyncmlSessionStateTable>): SyncmlSessionRow => ({
  key: row.key,
  deviceId: row.device_id,
  phoneSessionId: row.phone_session_id,
  state: row.state,
  version: Number(row.version),
  lastMsgId: row.last_msg_id,
  lastReply: bytesOut(row.last_reply),
  lastRequest: row.last_request,
  updated: toDate(row.updated),
});

/** The version of a newly created session. */
const FIRST_VERSION = 1;

/** Columns of one buffered item row, in insert order: the multi-row insert chunks by them. */
const ITEM_COLUMNS = ['session_key', 'direction', 'seq', 'body'] as const;

export function syncmlSessionRepo(ctx: StoreContext): SyncmlSessionRepo {
  const deleteItems = async (keys: readonly string[]): Promise<void> => {
    for (const part of chunks(keys, 1, ctx.dialect)) {
      await ctx.db().deleteFrom('syncml_session_items').where('session_key', 'in', part).execute();
    }
  };
  return {
    async create(session) {
      const row = await ctx
        .db()
        .insertInto('syncml_session_state')
        .values({
          key: session.key,
          device_id: session.deviceId,
          phone_session_id: session.phoneSessionId,
          state: session.state,
          version: FIRST_VERSION,
          last_msg_id: session.lastMsgId,
          last_reply: bytesIn(session.lastReply),
          last_request: session.lastRequest,
          updated: Date.now(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return sessionRow(row);
    },
    async get(key) {
      const row = await ctx.db().selectFrom('syncml_session_state').selectAll().where('key', '=', key).executeTakeFirst();
      return row && sessionRow(row);
    },
    async find(deviceId, phoneSessionId, lastRequest) {
      // Phones count their SessionIDs in a small range and start over: the latest session wins.
      const row = await ctx
        .db()
        .selectFrom('syncml_session_state')
        .selectAll()
        .where('device_id', '=', deviceId)
        .where('phone_session_id', '=', phoneSessionId)
        .$if(lastRequest !== undefined, (q) => q.where('last_request', '=', lastRequest ?? ''))
        .orderBy('updated', 'desc')
        .orderBy('key')
        .limit(1)
        .executeTakeFirst();
      return row && sessionRow(row);
    },
    async update(key, version, change) {
      const row = await ctx
        .db()
        .updateTable('syncml_session_state')
        .set((eb) => ({
          state: change.state,
          version: eb('version', '+', 1),
          last_msg_id: change.lastMsgId,
          last_reply: bytesIn(change.lastReply),
          last_request: change.lastRequest,
          updated: Date.now(),
        }))
        .where('key', '=', key)
        .where('version', '=', version)
        .returningAll()
        .executeTakeFirst();
      return row && sessionRow(row);
    },
    async delete(key) {
      await ctx.inTransaction(async () => {
        // The session row first: on PostgreSQL its delete locks out an append racing with it.
        await ctx.db().deleteFrom('syncml_session_state').where('key', '=', key).execute();
        await deleteItems([key]);
      });
    },
    async pruneIdle(before) {
      return ctx.inTransaction(async () => {
        const gone = await ctx.db().deleteFrom('syncml_session_state').where('updated', '<', millis(before)).returning('key').execute();
        await deleteItems(gone.map((row) => row.key));
        return gone.length;
      });
    },
    async appendItems(key, direction, bodies) {
      if (bodies.length === 0) return;
      await ctx.inTransaction(async () => {
        // Lock first, then read where the direction ends in a statement of its own: PostgreSQL
        // reads a statement's subqueries from the snapshot taken before it waited for the lock,
        // which would miss the items of the append it waited for.
        const session = await ctx
          .db()
          .selectFrom('syncml_session_state')
          .select('key')
          .where('key', '=', key)
          .$if(ctx.dialect === 'postgres', (q) => q.forUpdate())
          .executeTakeFirst();
        // A session deleted or pruned meanwhile buffers nothing more.
        if (session === undefined) return;
        const { last } = await ctx
          .db()
          .selectFrom('syncml_session_items')
          .select((eb) => eb.fn.max('seq').as('last'))
          .where('session_key', '=', key)
          .where('direction', '=', direction)
          .executeTakeFirstOrThrow();
        let seq = last === null ? 0 : Number(last) + 1;
        for (const part of chunks(bodies, ITEM_COLUMNS.length, ctx.dialect)) {
          const parameters: unknown[] = [];
          for (const body of part) parameters.push(key, direction, seq++, body);
          await ctx.db().executeQuery(CompiledQuery.raw(multiRowInsert(ctx.dialect, 'syncml_session_items', ITEM_COLUMNS, part.length), parameters));
        }
      });
    },
    async items(key, direction, from = 0, limit) {
      const rows = await ctx
        .db()
        .selectFrom('syncml_session_items')
        .select(['direction', 'seq', 'body'])
        .where('session_key', '=', key)
        .where('direction', '=', direction)
        .where('seq', '>=', from)
        .orderBy('seq')
        .$if(limit !== undefined, (q) => q.limit(limit ?? 0))
        .execute();
      return rows.map((row) => ({ direction: row.direction as 'in' | 'out', seq: Number(row.seq), body: row.body }));
    },
    async countItems(key, direction) {
      const row = await ctx
        .db()
        .selectFrom('syncml_session_items')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('session_key', '=', key)
        .where('direction', '=', direction)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

const device = (row: Selectable<SyncmlDevicesTable>): SyncmlDeviceRecord => ({
  accountId: Number(row.account_id),
  deviceId: row.device_id,
  nonce: row.nonce,
  devinf: row.devinf,
  updated: toDate(row.updated),
});

export function syncmlDeviceRepo(ctx: StoreContext): SyncmlDeviceRepo {
  return {
    async get(accountId, deviceId) {
      const row = await ctx
        .db()
        .selectFrom('syncml_devices')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('device_id', '=', deviceId)
        .executeTakeFirst();
      return row && device(row);
    },
    async save(accountId, deviceId, change) {
      const now = Date.now();
      // Only the fields given are written over an existing row; a new one starts without a nonce
      // and without DevInf. One upsert statement: no read-then-write between instances.
      const given: Partial<Pick<SyncmlDevicesTable, 'nonce' | 'devinf'>> = {};
      if (change.nonce !== undefined) given.nonce = change.nonce;
      if (change.devinf !== undefined) given.devinf = change.devinf;
      await ctx
        .db()
        .insertInto('syncml_devices')
        .values({ account_id: accountId, device_id: deviceId, nonce: '', devinf: null, ...given, updated: now })
        .onConflict((oc) => oc.columns(['account_id', 'device_id']).doUpdateSet({ ...given, updated: now }))
        .execute();
    },
  };
}
