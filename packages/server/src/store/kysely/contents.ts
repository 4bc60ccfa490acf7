/**
 * Datastore contents, reached by their client's uuid (the handler has checked the client is the
 * caller's). A delete keeps the row as a tombstone (`deleted` set, body emptied) so the `since`
 * feed can report it; live queries skip tombstones.
 */
import { CompiledQuery, type Selectable } from 'kysely';
import type { ContentRecord, ItemDataclass } from '../records.js';
import type { ContentRepo } from '../store.js';
import { chunks, millis, toDate, toDateOrNull, type StoreContext } from './context.js';
import type { ContentsTable } from './schema.js';

const content = (row: Selectable<ContentsTable>): ContentRecord => ({
  uuid: row.uuid,
  clientUuid: row.client_uuid,
  dataclass: row.dataclass as ItemDataclass,
  title: row.title,
  type: row.type,
  body: row.body,
  created: toDate(row.created),
  updated: toDate(row.updated),
  deleted: toDateOrNull(row.deleted),
});

/** Columns of one contents row, in insert order: the multi-row insert chunks by them. */
const INSERT_COLUMNS = ['client_uuid', 'uuid', 'dataclass', 'title', 'type', 'body', 'created', 'updated', 'deleted'] as const;
const CONTENT_COLUMNS = INSERT_COLUMNS.length;

/**
 * The SQL of a multi-row insert of `rows` contents rows, written once per dialect and size.
 * Kysely's builder makes an operation node per value and compiles them anew on every call: for a
 * 1,000-item batch that took longer than SQLite's own insert. The text is the one the builder
 * writes, with the placeholders of the dialect.
 */
const insertSql = new Map<string, string>();
function multiRowInsert(dialect: 'sqlite' | 'postgres', rows: number): string {
  const key = `${dialect}:${rows}`;
  let text = insertSql.get(key);
  if (text === undefined) {
    let n = 0;
    const placeholder = dialect === 'postgres' ? () => `$${++n}` : () => '?';
    const tuples: string[] = [];
    for (let r = 0; r < rows; r++) tuples.push(`(${INSERT_COLUMNS.map(placeholder).join(', ')})`);
    text = `insert into "contents" (${INSERT_COLUMNS.map((c) => `"${c}"`).join(', ')}) values ${tuples.join(', ')}`;
    insertSql.set(key, text);
  }
  return text;
}

export function contentRepo(ctx: StoreContext): ContentRepo {
  const live = (clientUuid: string) =>
    ctx.db().selectFrom('contents').selectAll().where('client_uuid', '=', clientUuid).where('deleted', 'is', null);
  return {
    async list(clientUuid, dataclasses) {
      if (dataclasses !== undefined && dataclasses.length === 0) return [];
      const rows = await live(clientUuid)
        .$if(dataclasses !== undefined, (q) => q.where('dataclass', 'in', dataclasses ?? []))
        .orderBy('created')
        .orderBy('uuid')
        .execute();
      return rows.map(content);
    },
    async changesSince(clientUuid, since, dataclasses) {
      if (dataclasses !== undefined && dataclasses.length === 0) return [];
      const rows = await ctx
        .db()
        .selectFrom('contents')
        .selectAll()
        .where('client_uuid', '=', clientUuid)
        .where('updated', '>=', millis(since))
        .$if(dataclasses !== undefined, (q) => q.where('dataclass', 'in', dataclasses ?? []))
        .orderBy('updated')
        .orderBy('uuid')
        .execute();
      return rows.map(content);
    },
    async get(clientUuid, uuid) {
      const row = await live(clientUuid).where('uuid', '=', uuid).executeTakeFirst();
      return row && content(row);
    },
    async getMany(clientUuid, uuids) {
      const out: ContentRecord[] = [];
      for (const part of chunks(uuids, 1, ctx.dialect)) {
        const rows = await live(clientUuid).where('uuid', 'in', part).orderBy('created').orderBy('uuid').execute();
        for (const row of rows) out.push(content(row));
      }
      return out;
    },
    async countLive(clientUuids) {
      const counts = new Map<string, number>();
      for (const part of chunks(clientUuids, 1, ctx.dialect)) {
        const rows = await ctx
          .db()
          .selectFrom('contents')
          .select((eb) => ['client_uuid', eb.fn.countAll<number>().as('n')])
          .where('client_uuid', 'in', part)
          .where('deleted', 'is', null)
          .groupBy('client_uuid')
          .execute();
        for (const row of rows) counts.set(row.client_uuid, Number(row.n));
      }
      return counts;
    },
    async insertMany(items) {
      if (items.length === 0) return [];
      const now = Date.now();
      const rows = items.map((item) => ({
        client_uuid: item.clientUuid,
        uuid: item.uuid,
        dataclass: item.dataclass,
        title: item.title,
        type: item.type,
        body: item.body,
        created: now,
        updated: now,
        deleted: null,
      }));
      await ctx.inTransaction(async () => {
        for (const part of chunks(rows, CONTENT_COLUMNS, ctx.dialect)) {
          const parameters: unknown[] = [];
          for (const row of part) for (const column of INSERT_COLUMNS) parameters.push(row[column]);
          await ctx.db().executeQuery(CompiledQuery.raw(multiRowInsert(ctx.dialect, part.length), parameters));
        }
      });
      // The rows are exactly what was written: no need to read them back.
      return rows.map(content);
    },
    async update(clientUuid, uuid, change) {
      const row = await ctx
        .db()
        .updateTable('contents')
        .set({ dataclass: change.dataclass, title: change.title, type: change.type, body: change.body, updated: Date.now() })
        .where('client_uuid', '=', clientUuid)
        .where('uuid', '=', uuid)
        .where('deleted', 'is', null)
        .returningAll()
        .executeTakeFirst();
      return row && content(row);
    },
    async deleteMany(clientUuid, uuids) {
      const now = Date.now();
      return ctx.inTransaction(async () => {
        const deleted: string[] = [];
        for (const part of chunks(uuids, 1, ctx.dialect)) {
          const rows = await ctx
            .db()
            .updateTable('contents')
            .set({ deleted: now, updated: now, body: '' })
            .where('client_uuid', '=', clientUuid)
            .where('uuid', 'in', part)
            .where('deleted', 'is', null)
            .returning('uuid')
            .execute();
          for (const row of rows) deleted.push(row.uuid);
        }
        return deleted;
      });
    },
  };
}
