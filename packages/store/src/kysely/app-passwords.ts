/**
 * App passwords (migration 19): an account's named passwords for its devices, keyed and found by
 * the account. The DAV sign-in reads the account's list on a credential-cache miss, and checks a
 * hit with `holding` on every request: both are prepared statements.
 */
import { sql, type Selectable } from 'kysely';
import type { AppPasswordRecord } from '../records.js';
import type { AppPasswordRepo } from '../store.js';
import { toDate, toDateOrNull, type StoreContext } from './context.js';
import { prepared } from './prepared.js';
import { account } from './accounts.js';
import type { AccountsTable, AppPasswordsTable } from './schema.js';

const record = (row: Selectable<AppPasswordsTable>): AppPasswordRecord => ({
  accountId: Number(row.account_id),
  uuid: row.uuid,
  name: row.name,
  passwordHash: row.password_hash,
  hint: Number(row.hint),
  created: toDate(row.created),
  lastUsed: toDateOrNull(row.last_used),
});

// Oldest first; the uuid breaks ties of one millisecond so the order is the same on every read.
const ofAccount = prepared<Selectable<AppPasswordsTable>>('select * from "app_passwords" where "account_id" = ? order by "created", "uuid"');

/**
 * The account with the app password of a hash, if any (a hash is one password's: each has its own
 * salt). Joined on the account's id, which both tables are distributed by on Citus: one shard.
 */
const APP_COLUMNS = ['uuid', 'name', 'password_hash', 'hint', 'created', 'last_used'] as const;
type HoldingRow = Selectable<AccountsTable> & { [K in (typeof APP_COLUMNS)[number] as `p_${K}`]: Selectable<AppPasswordsTable>[K] | null };
const holdingOf = prepared<HoldingRow>(
  `select "a".*, ${APP_COLUMNS.map((c) => `"p"."${c}" as "p_${c}"`).join(', ')} from "accounts" as "a" left join "app_passwords" as "p" on "p"."account_id" = "a"."id" and "p"."password_hash" = ? where "a"."id" = ?`,
);

export function appPasswordRepo(ctx: StoreContext): AppPasswordRepo {
  return {
    async list(accountId) {
      return (await ofAccount.rows(ctx, [accountId])).map(record);
    },
    async holding(accountId, passwordHash) {
      const row = await holdingOf.first(ctx, [passwordHash, accountId]);
      if (row === undefined) return undefined;
      if (row.p_uuid === null) return { account: account(row) };
      const appPassword = record({ account_id: row.id, uuid: row.p_uuid, name: row.p_name!, password_hash: row.p_password_hash!, hint: row.p_hint!, created: row.p_created!, last_used: row.p_last_used });
      return { account: account(row), appPassword };
    },
    async create(fresh, limit) {
      return ctx.inTransaction(async () => {
        const db = ctx.db();
        // The account's row, locked until the commit, serializes its creates across instances, so
        // two at once cannot both find room for one (SQLite's transaction holds the write lock already).
        if (ctx.dialect === 'postgres') await sql`select "id" from "accounts" where "id" = ${fresh.accountId} for update`.execute(db);
        const taken = await db.selectFrom('app_passwords').select('uuid').where('account_id', '=', fresh.accountId).where('name', '=', fresh.name).executeTakeFirst();
        if (taken !== undefined) return 'name_taken' as const;
        const { count } = await db
          .selectFrom('app_passwords')
          .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
          .where('account_id', '=', fresh.accountId)
          .executeTakeFirstOrThrow();
        if (Number(count) >= limit) return 'full' as const;
        const row = await db
          .insertInto('app_passwords')
          .values({
            account_id: fresh.accountId,
            uuid: fresh.uuid,
            name: fresh.name,
            password_hash: fresh.passwordHash,
            hint: fresh.hint,
            created: Date.now(),
            last_used: null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        return record(row);
      });
    },
    async delete(accountId, uuid) {
      const result = await ctx.db().deleteFrom('app_passwords').where('account_id', '=', accountId).where('uuid', '=', uuid).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
    async touch(accountId, uuid, when, unlessWithinMs) {
      // Only a row last used before the window is written: instances that each decided to record
      // a use in the same minute write once between them, and an update that matches nothing
      // writes nothing (it moves no store version).
      const at = when.getTime();
      await ctx
        .db()
        .updateTable('app_passwords')
        .set({ last_used: at })
        .where('account_id', '=', accountId)
        .where('uuid', '=', uuid)
        .where((eb) => eb.or([eb('last_used', 'is', null), eb('last_used', '<=', at - unlessWithinMs)]))
        .execute();
    },
  };
}
