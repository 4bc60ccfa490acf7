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
 * | `activesync_routes` | `username` (folded: activesyncNameKey)    | an ActiveSync client by its username    |
 *
 * The keys are the names' uniqueness (no owned table can hold it once distributed). An ActiveSync
 * username is unique across the service since migration 15 (before, the password picked among
 * the clients of every account holding it, so another account could capture a phone): a name
 * several clients held then routes to none and stays taken until they are all deleted.
 * A route is written and deleted by the repository of the row it routes, in that row's
 * transaction; nothing else writes these tables, and no foreign key does it for them (a routing
 * table is not colocated with the accounts). Every statement names the route's key.
 */
import { chunks, type StoreContext } from './context.js';
import { prepared } from './prepared.js';

const accountOfUsername = prepared<{ account_id: number }>('select "account_id" from "username_routes" where "username" = ?');
const accountOfToken = prepared<{ account_id: number }>('select "account_id" from "token_routes" where "digest" = ?');
const accountOfConsumer = prepared<{ account_id: number }>('select "account_id" from "consumer_routes" where "key" = ?');
const clientOfActivesyncName = prepared<{ account_id: number | null; client_uuid: string | null }>(
  'select "account_id", "client_uuid" from "activesync_routes" where "username" = ?',
);

/**
 * The key an ActiveSync username is unique and found by: ASCII letters lowered. Phones and
 * Exchange treat usernames without case (a phone's setup may capitalise the first letter), so
 * `Ada@example.org` must find, and be refused as taken by, `ada@example.org`. Only ASCII: the
 * fold is the same in SQL (migration 15, which folded the names already held) on both stores and
 * in every runtime locale, where a Unicode fold is not.
 */
export function activesyncNameKey(username: string): string {
  return username.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

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

/** The ActiveSync client holding a username (compared by activesyncNameKey), if one does. */
export async function routeActivesync(ctx: StoreContext, username: string): Promise<{ accountId: number; clientUuid: string } | undefined> {
  const row = await clientOfActivesyncName.first(ctx, [activesyncNameKey(username)]);
  if (row === undefined || row.account_id === null || row.client_uuid === null) return undefined;
  return { accountId: Number(row.account_id), clientUuid: row.client_uuid };
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

/**
 * Takes an ActiveSync username for a client; false when any client holds it (or held it with
 * others before migration 15), whatever the case. The key decides between instances, as for accounts.
 */
export async function claimActivesyncName(ctx: StoreContext, route: { username: string; accountId: number; clientUuid: string }): Promise<boolean> {
  const result = await ctx
    .db()
    .insertInto('activesync_routes')
    .values({ username: activesyncNameKey(route.username), account_id: route.accountId, client_uuid: route.clientUuid, holders: 1 })
    .onConflict((oc) => oc.column('username').doNothing())
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

/**
 * Gives a client's username back, in the transaction deleting the client: its route goes, or, for
 * a name several clients held before migration 15, one holder fewer, the name free once none is left.
 */
export async function releaseActivesyncName(ctx: StoreContext, username: string, accountId: number, clientUuid: string): Promise<void> {
  const db = ctx.db();
  const key = activesyncNameKey(username);
  const routed = await db.deleteFrom('activesync_routes').where('username', '=', key).where('account_id', '=', accountId).where('client_uuid', '=', clientUuid).executeTakeFirst();
  if (routed.numDeletedRows > 0n) return;
  await db
    .updateTable('activesync_routes')
    .set((eb) => ({ holders: eb('holders', '-', 1) }))
    .where('username', '=', key)
    .where('client_uuid', 'is', null)
    .execute();
  await db.deleteFrom('activesync_routes').where('username', '=', key).where('client_uuid', 'is', null).where('holders', '<=', 0).execute();
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

  // One client at a time: a name that several clients held before migration 15 loses one holder each.
  const clients = await db.selectFrom('activesync_clients').select(['username', 'uuid']).where('account_id', '=', accountId).execute();
  for (const client of clients) await releaseActivesyncName(ctx, client.username, accountId, client.uuid);
}
