/**
 * Accounts and what authenticates them: bearer tokens, OAuth consumers, seen OAuth nonces. A
 * look-up by name (username, token digest, consumer key) reads the name's routing table first and
 * then the row by its account (routes.ts); creating or deleting a row writes its route with it.
 */
import type { Selectable } from 'kysely';
import type { AccountRecord, BearerTokenRecord, ConsumerRecord } from '../records.js';
import type { AccountRepo, ConsumerRepo, NonceRepo, TokenRepo } from '../store.js';
import { toDate, type StoreContext } from './context.js';
import { withSerialId } from './ids.js';
import { prepared } from './prepared.js';
import { addConsumerRoute, addTokenRoute, claimUsername, dropAccountRoutes, routeConsumer, routeToken, routeUsername } from './routes.js';
import type { AccountsTable, ConsumersTable, TokensTable } from './schema.js';

export const account = (row: Selectable<AccountsTable>): AccountRecord => ({
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

// Every authenticated request reads its account by id, after the route of its username, token or consumer key.
const accountById = prepared<Selectable<AccountsTable>>('select * from "accounts" where "id" = ?');
const tokenOf = prepared<Selectable<TokensTable>>('select * from "tokens" where "account_id" = ? and "digest" = ?');
const consumerOf = prepared<Selectable<ConsumersTable>>('select * from "consumers" where "account_id" = ? and "key" = ?');

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
      const id = await routeUsername(ctx, username);
      if (id === undefined) return undefined;
      const row = await accountById.first(ctx, [id]);
      // Written together, read apart: the account may go between the two reads, and a route left stale never names it.
      return row?.username === username ? account(row) : undefined;
    },
    async create(fresh) {
      return ctx.inTransaction(async () => {
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
          .returningAll()
          .executeTakeFirstOrThrow();
        // The route's key decides whether the name is free (the id is needed first): when taken,
        // the row just made goes again in the same transaction, and nothing is left of the attempt.
        if (await claimUsername(ctx, fresh.username, Number(row.id))) return account(row);
        await ctx.db().deleteFrom('accounts').where('id', '=', row.id).execute();
        return undefined;
      });
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
      return ctx.inTransaction(() => dropAccount(ctx, id));
    },
    async deleteUnlessLastAdmin(id) {
      return ctx.inTransaction(async () => {
        const target = await ctx.db().selectFrom('accounts').select(['id', 'admin']).where('id', '=', id).executeTakeFirst();
        if (target === undefined) return 'absent' as const;
        if (target.admin === 1 && (await lockedAdmins(ctx, id)) <= 1) {
          // Waiting for the locks, the account itself may have gone (another delete of it): absent, then.
          return (await accountById.first(ctx, [id])) === undefined ? ('absent' as const) : ('last_admin' as const);
        }
        return (await dropAccount(ctx, id)) ? ('deleted' as const) : ('absent' as const);
      });
    },
  };
}

/**
 * How many administrators there are, counting `id` (the one about to go, locked with them), their
 * rows locked until the caller's transaction ends. On PostgreSQL each row is locked by its own
 * single-row `for update`, in id order (no deadlock between two deleters; on a distributed store
 * each is a single-shard query, which Citus allows `for update` on): an administrator deleted by
 * a transaction that held the lock first is not found once the lock is had, so the second of two
 * deleters counts one fewer. SQLite's transaction holds the write lock already: a plain count.
 */
async function lockedAdmins(ctx: StoreContext, id: number): Promise<number> {
  const db = ctx.db();
  if (ctx.dialect !== 'postgres') {
    const { count } = await db.selectFrom('accounts').select((eb) => eb.fn.countAll<number | string | bigint>().as('count')).where('admin', '=', 1).executeTakeFirstOrThrow();
    return Number(count);
  }
  const candidates = (await db.selectFrom('accounts').select('id').where('admin', '=', 1).execute()).map((row) => Number(row.id));
  const ids = [...new Set([...candidates, id])].sort((a, b) => a - b);
  let admins = 0;
  for (const each of ids) {
    const row = await db.selectFrom('accounts').select('id').where('id', '=', each).where('admin', '=', 1).forUpdate().executeTakeFirst();
    if (row !== undefined) admins++;
  }
  return admins;
}

/** Deletes the account and all it owns; call inside a transaction. */
async function dropAccount(ctx: StoreContext, id: number): Promise<boolean> {
  const db = ctx.db();
  // Rows tied to the account through something other than a foreign key go explicitly (the
  // contents, their clients' change counters and DAV collections' properties and segments have
  // none, migrations 12, 18 and 20 say why); the rest cascades from the account row.
  await db.deleteFrom('contents').where('account_id', '=', id).execute();
  await db.deleteFrom('content_sequences').where('account_id', '=', id).execute();
  await db.deleteFrom('dav_properties').where('account_id', '=', id).execute();
  await db.deleteFrom('dav_segments').where('account_id', '=', id).execute();
  await db
    .deleteFrom('chat_log')
    .where('session_id', 'in', db.selectFrom('sessions').select('id').where('account_id', '=', id))
    .execute();
  // Sessions are keyed by their own key, linked to their account by no foreign key (migration 14).
  await db.deleteFrom('sessions').where('account_id', '=', id).execute();
  // Nonces go with their consumers, and those with the account (foreign keys); the routes, having none, go here.
  await dropAccountRoutes(ctx, id);
  const result = await db.deleteFrom('accounts').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export function tokenRepo(ctx: StoreContext): TokenRepo {
  return {
    async create(accountId, digest) {
      return ctx.inTransaction(async () => {
        const row = await withSerialId(ctx, 'tokens', (id) =>
          ctx
            .db()
            .insertInto('tokens')
            .values({ ...id, account_id: accountId, digest, created: Date.now() })
            .returningAll()
            .executeTakeFirstOrThrow(),
        );
        await addTokenRoute(ctx, digest, accountId);
        return token(row);
      });
    },
    async byDigest(digest) {
      const accountId = await routeToken(ctx, digest);
      const row = accountId === undefined ? undefined : await tokenOf.first(ctx, [accountId, digest]);
      return row && token(row);
    },
  };
}

export function consumerRepo(ctx: StoreContext): ConsumerRepo {
  return {
    async create(fresh) {
      return ctx.inTransaction(async () => {
        const row = await ctx
          .db()
          .insertInto('consumers')
          .values({ key: fresh.key, account_id: fresh.accountId, sealed_secret: fresh.sealedSecret, created: Date.now() })
          .returningAll()
          .executeTakeFirstOrThrow();
        await addConsumerRoute(ctx, fresh.key, fresh.accountId);
        return consumer(row);
      });
    },
    async byKey(key) {
      const accountId = await routeConsumer(ctx, key);
      const row = accountId === undefined ? undefined : await consumerOf.first(ctx, [accountId, key]);
      return row && consumer(row);
    },
  };
}

export function nonceRepo(ctx: StoreContext): NonceRepo {
  return {
    async remember(accountId, consumerKey, timestamp, nonce) {
      // The primary key decides, atomically across instances: a second insert inserts nothing.
      const result = await ctx
        .db()
        .insertInto('nonces')
        .values({ account_id: accountId, consumer_key: consumerKey, timestamp, nonce })
        .onConflict((oc) => oc.columns(['account_id', 'consumer_key', 'timestamp', 'nonce']).doNothing())
        .executeTakeFirst();
      return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
    },
    async prune(olderThan, accountId) {
      await ctx
        .db()
        .deleteFrom('nonces')
        .$if(accountId !== undefined, (q) => q.where('account_id', '=', accountId!))
        .where('timestamp', '<', olderThan)
        .execute();
    },
  };
}
