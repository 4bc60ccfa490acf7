/** Accounts and what authenticates them: bearer tokens, OAuth consumers, seen OAuth nonces. */
import type { Selectable } from 'kysely';
import type { AccountRecord, BearerTokenRecord, ConsumerRecord } from '../records.js';
import type { AccountRepo, ConsumerRepo, NonceRepo, TokenRepo } from '../store.js';
import { toDate, type StoreContext } from './context.js';
import { prepared } from './prepared.js';
import type { AccountsTable, ConsumersTable, TokensTable } from './schema.js';

const account = (row: Selectable<AccountsTable>): AccountRecord => ({
  id: Number(row.id),
  username: row.username,
  passwordHash: row.password_hash,
  syncmlDigest: row.syncml_digest,
  admin: row.admin === 1,
  created: toDate(row.created),
  updated: toDate(row.updated),
});

const token = (row: Selectable<TokensTable>): BearerTokenRecord => ({
  id: Number(row.id),
  accountId: Number(row.account_id),
  digest: row.digest,
  created: toDate(row.created),
});

const consumer = (row: Selectable<ConsumersTable>): ConsumerRecord => ({
  key: row.key,
  accountId: Number(row.account_id),
  sealedSecret: row.sealed_secret,
  created: toDate(row.created),
});

// Every authenticated request reads its account (Basic by name, Bearer and OAuth by id, after the token's digest).
const accountById = prepared<Selectable<AccountsTable>>('select * from "accounts" where "id" = ?');
const accountByUsername = prepared<Selectable<AccountsTable>>('select * from "accounts" where "username" = ?');
const tokenByDigest = prepared<Selectable<TokensTable>>('select * from "tokens" where "digest" = ?');

/** The client tables whose rows own contents by uuid. */
const CLIENT_TABLES = ['datastore_clients', 'extdata_clients', 'syncml_clients', 'activesync_clients'] as const;

export function accountRepo(ctx: StoreContext): AccountRepo {
  return {
    async list() {
      return (await ctx.db().selectFrom('accounts').selectAll().orderBy('id').execute()).map(account);
    },
    async get(id) {
      const row = await accountById.first(ctx, [id]);
      return row && account(row);
    },
    async byUsername(username) {
      const row = await accountByUsername.first(ctx, [username]);
      return row && account(row);
    },
    async create(fresh) {
      const now = Date.now();
      const row = await ctx
        .db()
        .insertInto('accounts')
        .values({
          username: fresh.username,
          password_hash: fresh.passwordHash,
          syncml_digest: fresh.syncmlDigest,
          admin: fresh.admin ? 1 : 0,
          created: now,
          updated: now,
        })
        .onConflict((oc) => oc.column('username').doNothing())
        .returningAll()
        .executeTakeFirst();
      return row && account(row);
    },
    async update(id, change) {
      const result = await ctx
        .db()
        .updateTable('accounts')
        .set({ password_hash: change.passwordHash, syncml_digest: change.syncmlDigest, admin: change.admin ? 1 : 0, updated: Date.now() })
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
    async delete(id) {
      return ctx.inTransaction(async () => {
        const db = ctx.db();
        // Rows tied to the account through something other than a foreign key go explicitly;
        // the rest cascades from the account row.
        for (const table of CLIENT_TABLES) {
          await db
            .deleteFrom('contents')
            .where('client_uuid', 'in', db.selectFrom(table).select('uuid').where('account_id', '=', id))
            .execute();
        }
        await db
          .deleteFrom('chat_log')
          .where('session_id', 'in', db.selectFrom('sessions').select('id').where('account_id', '=', id))
          .execute();
        await db
          .deleteFrom('nonces')
          .where('consumer_key', 'in', db.selectFrom('consumers').select('key').where('account_id', '=', id))
          .execute();
        const result = await db.deleteFrom('accounts').where('id', '=', id).executeTakeFirst();
        return result.numDeletedRows > 0n;
      });
    },
  };
}

export function tokenRepo(ctx: StoreContext): TokenRepo {
  return {
    async create(accountId, digest) {
      const row = await ctx
        .db()
        .insertInto('tokens')
        .values({ account_id: accountId, digest, created: Date.now() })
        .returningAll()
        .executeTakeFirstOrThrow();
      return token(row);
    },
    async byDigest(digest) {
      const row = await tokenByDigest.first(ctx, [digest]);
      return row && token(row);
    },
  };
}

export function consumerRepo(ctx: StoreContext): ConsumerRepo {
  return {
    async create(fresh) {
      const row = await ctx
        .db()
        .insertInto('consumers')
        .values({ key: fresh.key, account_id: fresh.accountId, sealed_secret: fresh.sealedSecret, created: Date.now() })
        .returningAll()
        .executeTakeFirstOrThrow();
      return consumer(row);
    },
    async byKey(key) {
      const row = await ctx.db().selectFrom('consumers').selectAll().where('key', '=', key).executeTakeFirst();
      return row && consumer(row);
    },
  };
}

export function nonceRepo(ctx: StoreContext): NonceRepo {
  return {
    async remember(consumerKey, timestamp, nonce) {
      // The primary key decides, atomically across instances: a second insert inserts nothing.
      const result = await ctx
        .db()
        .insertInto('nonces')
        .values({ consumer_key: consumerKey, timestamp, nonce })
        .onConflict((oc) => oc.columns(['consumer_key', 'timestamp', 'nonce']).doNothing())
        .executeTakeFirst();
      return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
    },
    async prune(olderThan) {
      await ctx.db().deleteFrom('nonces').where('timestamp', '<', olderThan).execute();
    },
  };
}
