/** What the SyncML side records: the outbox of what was sent to phones, sessions, the chat log. */
import { sql, type Selectable } from 'kysely';
import type { MessageDirection, OutboxKind, SyncmlEncoding } from '@atomsync/atom';
import type { ChatMessageRecord, OutboxRecord, SessionDatastoreRecord, SessionRecord } from '../records.js';
import type { ChatLogRepo, OutboxRepo, SessionRepo } from '../store.js';
import { millis, toDate, toDateOrNull, type StoreContext } from './context.js';
import { withSerialId } from './ids.js';
import type { ChatLogTable, OutboxTable, SessionsTable } from './schema.js';

const outbox = (row: Selectable<OutboxTable>): OutboxRecord => ({
  id: Number(row.id),
  accountId: Number(row.account_id),
  clientUuid: row.client_uuid,
  kind: row.kind as OutboxKind,
  phoneNumber: row.phone_number,
  mediaType: row.media_type,
  // Both drivers hand back a Buffer: give callers a plain Uint8Array of their own.
  payload: new Uint8Array(row.payload),
  created: toDate(row.created),
});

export function outboxRepo(ctx: StoreContext): OutboxRepo {
  return {
    async append(item) {
      const row = await withSerialId(ctx, 'outbox', (id) =>
        ctx
          .db()
          .insertInto('outbox')
          .values({
            ...id,
            account_id: item.accountId,
            client_uuid: item.clientUuid,
            kind: item.kind,
            phone_number: item.phoneNumber,
            media_type: item.mediaType,
            payload: Buffer.from(item.payload.buffer, item.payload.byteOffset, item.payload.byteLength),
            created: Date.now(),
          })
          .returningAll()
          .executeTakeFirstOrThrow()
      );
      return outbox(row);
    },
    async list(accountId, clientUuid) {
      const rows = await ctx
        .db()
        .selectFrom('outbox')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('client_uuid', '=', clientUuid)
        // Time order: ids need not grow with time on a distributed store; the id only breaks ties.
        .orderBy('created', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(outbox);
    },
  };
}

const session = (row: Selectable<SessionsTable>): SessionRecord => ({
  id: row.id,
  accountId: row.account_id === null ? null : Number(row.account_id),
  clientUuid: row.client_uuid,
  deviceId: row.device_id,
  protocol: row.protocol,
  encoding: row.encoding as SyncmlEncoding,
  started: toDate(row.started),
  ended: toDateOrNull(row.ended),
  status: row.status,
  reason: row.reason,
  datastores: JSON.parse(row.datastores) as SessionDatastoreRecord[],
});

export function sessionRepo(ctx: StoreContext): SessionRepo {
  return {
    async list(accountId) {
      const rows = await ctx
        .db()
        .selectFrom('sessions')
        .selectAll()
        .where('account_id', '=', accountId)
        .orderBy('started', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(session);
    },
    async get(id) {
      const row = await ctx.db().selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
      return row && session(row);
    },
    async save(record) {
      const row = {
        account_id: record.accountId,
        client_uuid: record.clientUuid,
        device_id: record.deviceId,
        protocol: record.protocol,
        encoding: record.encoding,
        started: millis(record.started),
        ended: record.ended === null ? null : millis(record.ended),
        status: record.status,
        reason: record.reason,
        datastores: JSON.stringify(record.datastores),
      };
      await ctx
        .db()
        .insertInto('sessions')
        .values({ id: record.id, ...row })
        .onConflict((oc) => oc.column('id').doUpdateSet(row))
        .execute();
    },
    async pruneUnowned(before) {
      // Housekeeping only: every account's sessions_account index leads with account_id, so the
      // null ones are one range of it.
      const result = await ctx.db().deleteFrom('sessions').where('account_id', 'is', null).where('started', '<', millis(before)).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

const chat = (row: Selectable<ChatLogTable>): ChatMessageRecord => ({
  id: Number(row.id),
  sessionId: row.session_id,
  msgId: Number(row.msg_id),
  direction: row.direction as MessageDirection,
  encoding: row.encoding as SyncmlEncoding,
  body: row.body,
  created: toDate(row.created),
});

export function chatLogRepo(ctx: StoreContext): ChatLogRepo {
  return {
    async append(message) {
      const row = await withSerialId(ctx, 'chat_log', (id) =>
        ctx
          .db()
          .insertInto('chat_log')
          .values({
            ...id,
            session_id: message.sessionId,
            msg_id: message.msgId,
            direction: message.direction,
            encoding: message.encoding,
            body: message.body,
            created: Date.now(),
          })
          .returningAll()
          .executeTakeFirstOrThrow(),
      );
      return chat(row);
    },
    async list(limit) {
      const rows = await ctx.db().selectFrom('chat_log').selectAll().orderBy('created', 'desc').orderBy('id', 'desc').limit(limit).execute();
      return rows.map(chat);
    },
    async prune(before) {
      const result = await ctx.db().deleteFrom('chat_log').where('created', '<', millis(before)).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    async keepNewest(keep) {
      // By time, as `list` orders them: what is older than the keep-th newest message goes (messages
      // of that very millisecond stay, a few more than `keep` at worst). Fewer than `keep`
      // messages: the subquery is empty, the comparison null, nothing goes.
      const db = ctx.db();
      const query =
        keep <= 0
          ? db.deleteFrom('chat_log')
          : db.deleteFrom('chat_log').where('created', '<', (eb) =>
              eb
                .selectFrom('chat_log')
                .select('created')
                .orderBy('created', 'desc')
                .limit(1)
                .offset(keep - 1)
            );
      const result = await query.executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    async keepBytes(maxBytes) {
      // A running total of the bodies' bytes, newest first (as `list` orders them): what lies past
      // the budget goes. A background job over at most the count the chat log keeps.
      const bytes = ctx.dialect === 'postgres' ? sql`octet_length(body)` : sql`length(cast(body as blob))`;
      const result = await sql`delete from chat_log where (session_id, id) in (
          select session_id, id from (
            select session_id, id, sum(${bytes}) over (order by created desc, id desc rows unbounded preceding) as running from chat_log
          ) totals where running > ${maxBytes})`.execute(ctx.db());
      return Number(result.numAffectedRows ?? 0);
    },
  };
}
