/**
 * The routing tables (migration 13; guide/operators.md "Past one PostgreSQL"): a sign-in starts
 * with a name, not an account, so each name a sign-in can start with leads to its account here,
 * keyed by the name. On a store distributed by account they are distributed by the name, so a
 * look-up reads one node, and then the owned row is read on its account's node.
 *
 * | table               | key                                   | routes                                  |
 * |---------------------|---------------------------------------|-----------------------------------------|
 * | `username_routes`   | `username`                            | an account's username                   |
 * | `token_routes`      | `digest`                              | a bearer token's SHA-256                |
 * | `consumer_routes`   | `key`                                 | an OAuth consumer key                   |
 * | `activesync_routes` | `username`, `account_id`, `client_uuid` | each ActiveSync client by its username |
 *
 * The first three keys are the names' uniqueness (no owned table can hold it once distributed).
 * A route is written and deleted by the repository of the row it routes, in that row's
 * transaction; nothing else writes these tables, and no foreign key does it for them (a routing
 * table is not colocated with the accounts). Every statement names the route's key.
 */
import { chunks, type StoreContext } from './context.js';
import { prepared } from './prepared.js';

const accountOfUsername = prepared<{ account_id: number }>('select "account_id" from "username_routes" where "username" = ?');
const accountOfToken = prepared<{ account_id: number }>('select "account_id" from "token_routes" where "digest" = ?');
const accountOfConsumer = prepared<{ account_id: number }>('select "account_id" from "consumer_routes" where "key" = ?');
const activesyncClientsOf = prepared<{ account_id: number; client_uuid: string }>(
  'select "account_id", "client_uuid" from "activesync_routes" where "username" = ? order by "created", "client_uuid" limit ?',
);

/** The account a username names, if any. */
export async function routeUsername(ctx: StoreContext, username: string): Promise<number | undefined> {
  const row = await accountOfUsername.first(ctx, [username]);
  return row && Number(row.account_id);
}

/** The account of a bearer token's digest, if any. */
export async function routeToken(ctx: StoreContext, digest: string): Promise<number | undefined> {
  const row = await accountOfToken.first(ctx, [digest]);
  return row && Number(row.account_id);
}

/** The account of an OAuth consumer key, if any. */
export async function routeConsumer(ctx: StoreContext, key: string): Promise<number | undefined> {
  const row = await accountOfConsumer.first(ctx, [key]);
  return row && Number(row.account_id);
}

/** The ActiveSync clients registered with a username, in any account: oldest first, at most `limit`. */
export async function routeActivesync(ctx: StoreContext, username: string, limit: number): Promise<{ accountId: number; clientUuid: string }[]> {
  const rows = await activesyncClientsOf.rows(ctx, [username, limit]);
  return rows.map((r) => ({ accountId: Number(r.account_id), clientUuid: r.client_uuid }));
}

/**
 * Takes a username for an account; false when another account has it. The key decides, also
 * between instances: a second insert waits for the first one's transaction and then inserts nothing.
 */
export async function claimUsername(ctx: StoreContext, username: string, accountId: number): Promise<boolean> {
  const result = await ctx
    .db()
    .insertInto('username_routes')
    .values({ username, account_id: accountId })
    .onConflict((oc) => oc.column('username').doNothing())
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

/** Throws when the digest routes already (a unique key violation, as the token's own unique index did before). */
export async function addTokenRoute(ctx: StoreContext, digest: string, accountId: number): Promise<void> {
  await ctx.db().insertInto('token_routes').values({ digest, account_id: accountId }).execute();
}

/** Throws when the key routes already. */
export async function addConsumerRoute(ctx: StoreContext, key: string, accountId: number): Promise<void> {
  await ctx.db().insertInto('consumer_routes').values({ key, account_id: accountId }).execute();
}

export async function addActivesyncRoute(ctx: StoreContext, route: { username: string; accountId: number; clientUuid: string; created: number }): Promise<void> {
  await ctx
    .db()
    .insertInto('activesync_routes')
    .values({ username: route.username, account_id: route.accountId, client_uuid: route.clientUuid, created: route.created })
    .execute();
}

export async function dropActivesyncRoute(ctx: StoreContext, username: string, accountId: number, clientUuid: string): Promise<void> {
  await ctx
    .db()
    .deleteFrom('activesync_routes')
    .where('username', '=', username)
    .where('account_id', '=', accountId)
    .where('client_uuid', '=', clientUuid)
    .execute();
}

/**
 * Deletes every route to an account, inside the transaction that deletes it and before its rows
 * go: the names are read from the account's own rows (by account), then their routes deleted by
 * name, so no statement reads a routing table across names.
 */
export async function dropAccountRoutes(ctx: StoreContext, accountId: number): Promise<void> {
  const db = ctx.db();
  // PostgreSQL: the account's row locked first, so a token, consumer or client being added to it
  // meanwhile (its foreign key check holds the row too) either commits before the names are read
  // here or waits, then finds no account: no route is left behind to an account that is gone.
  const account = await db
    .selectFrom('accounts')
    .select('username')
    .where('id', '=', accountId)
    .$if(ctx.dialect === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst();
  if (account !== undefined) await db.deleteFrom('username_routes').where('username', '=', account.username).where('account_id', '=', accountId).execute();

  const digests = (await db.selectFrom('tokens').select('digest').where('account_id', '=', accountId).execute()).map((r) => r.digest);
  for (const some of chunks(digests, 1, ctx.dialect)) await db.deleteFrom('token_routes').where('digest', 'in', some).where('account_id', '=', accountId).execute();

  const keys = (await db.selectFrom('consumers').select('key').where('account_id', '=', accountId).execute()).map((r) => r.key);
  for (const some of chunks(keys, 1, ctx.dialect)) await db.deleteFrom('consumer_routes').where('key', 'in', some).where('account_id', '=', accountId).execute();

  const usernames = [...new Set((await db.selectFrom('activesync_clients').select('username').where('account_id', '=', accountId).execute()).map((r) => r.username))];
  for (const some of chunks(usernames, 1, ctx.dialect)) {
    await db.deleteFrom('activesync_routes').where('username', 'in', some).where('account_id', '=', accountId).execute();
  }
}
