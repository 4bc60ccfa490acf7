/**
 * The account and the datastore client a command names (`--user`, `--datastore`), found on the
 * store directly. A name that matches nothing fails with the command that lists what there is,
 * so the next step is on the screen.
 */
import { ServiceError } from '../errors.js';
import { quote } from '../http/safe-text.js';
import { canonicalUuid } from '../services/datastore-clients.js';
import type { AccountRecord, DatastoreClientRecord } from '@atomsync/store';
import type { Repositories } from '@atomsync/store';

/** The account `username`; 404 naming `atomsync account list` otherwise. */
export async function accountNamed(store: Repositories, username: string): Promise<AccountRecord> {
  const account = await store.accounts.byUsername(username);
  if (account === undefined) throw new ServiceError(404, 'not_found', `no account ${quote(username)} (\`atomsync account list\` lists the accounts)`);
  return account;
}

/** The account's datastore client whose uuid or name (user_id) is `id`, or undefined. */
export async function findDatastore(store: Repositories, account: AccountRecord, id: string): Promise<DatastoreClientRecord | undefined> {
  const uuid = canonicalUuid(id);
  return (uuid === undefined ? undefined : await store.datastores.get(account.id, uuid)) ?? (await store.datastores.byUserId(account.id, id));
}

/** The account's datastore client `id` (uuid or name); 404 naming the commands that list and make one. */
export async function datastoreNamed(store: Repositories, account: AccountRecord, id: string): Promise<DatastoreClientRecord> {
  const found = await findDatastore(store, account, id);
  if (found !== undefined) return found;
  const user = shellWord(account.username);
  throw new ServiceError(
    404,
    'not_found',
    `${account.username} has no datastore client ${quote(id)}: \`atomsync datastore list --user ${user}\` lists its datastore clients, \`atomsync datastore add NAME --user ${user}\` makes one (or import with --create)`,
  );
}

/** `word` as one shell word, quoted only when it must be. */
export function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
