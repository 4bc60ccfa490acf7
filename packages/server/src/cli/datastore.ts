/**
 * `atomsync datastore add|list --user U` and `atomsync clients list --user U`: the datastore
 * clients an import or export names (their uuid, or their name), and every client of an account,
 * on the configured store directly (as `account`).
 */
import { defineCommand } from 'citty';
import { STORE_ENVIRONMENT } from '../config.js';
import { createClient, listClients } from '../services/datastore-clients.js';
import { withStore } from './account.js';
import { accountNamed } from './owned.js';
import { documentEnvironment } from './usage.js';

const dataArg = { type: 'string', description: 'Data directory (ATOMSYNC_DATA_DIR, default ./.atomsync)', valueHint: 'DIR' } as const;
const userArg = { type: 'string', description: 'The account whose clients these are', required: true, valueHint: 'USERNAME' } as const;

function print(line: string): void {
  process.stdout.write(`${line}\n`);
}

/** Rows as columns two spaces apart, the last one unpadded (it may hold spaces). */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!))).join('  ');
  return [header, ...rows].map(line).join('\n');
}

const add = defineCommand({
  meta: { name: 'add', description: 'Create a datastore client (an internal content store) for an account, and print its uuid' },
  args: {
    name: { type: 'positional', description: 'Its name (user_id), unique in the account, e.g. "Contacts"', required: true },
    user: userArg,
    data: dataArg,
  },
  run: ({ args }) =>
    withStore(args.data, async ({ store }) => {
      const account = await accountNamed(store, args.user);
      const client = await createClient(store, account.id, args.name);
      print(`created datastore client ${client.uuid} (${client.userId}) for ${account.username}`);
    }),
});

const list = defineCommand({
  meta: { name: 'list', description: 'List an account\'s datastore clients: uuid, live items, name' },
  args: { user: userArg, data: dataArg },
  run: ({ args }) =>
    withStore(args.data, async ({ store }) => {
      const account = await accountNamed(store, args.user);
      const clients = await listClients(store, account.id);
      print(table(['UUID', 'ITEMS', 'NAME'], clients.map(({ client, contentLines }) => [client.uuid, String(contentLines), client.userId])));
    }),
});

export const datastoreCommand = defineCommand({
  meta: { name: 'datastore', description: 'Manage an account\'s datastore clients (what import and export read and write)' },
  subCommands: { add, list },
});

const clientsList = defineCommand({
  meta: { name: 'list', description: 'List every client of an account: datastore, extdata, SyncML and ActiveSync' },
  args: { user: userArg, data: dataArg },
  run: ({ args }) =>
    withStore(args.data, async ({ store }) => {
      const account = await accountNamed(store, args.user);
      const [datastores, extdata, syncml, activesync] = await Promise.all([
        store.datastores.list(account.id),
        store.extdata.list(account.id),
        store.syncml.list(account.id),
        store.activesync.list(account.id),
      ]);
      const rows = [
        ...datastores.map((c) => ['datastore', c.uuid, c.userId]),
        ...extdata.map((c) => ['extdata', c.uuid, c.userId]),
        ...syncml.map((c) => ['syncml', c.uuid, c.phoneNumber === '' ? c.userId : `${c.userId} (${c.phoneNumber})`]),
        ...activesync.map((c) => ['activesync', c.uuid, `${c.userId} (${c.username})`]),
      ];
      print(table(['KIND', 'UUID', 'NAME'], rows));
    }),
});

export const clientsCommand = defineCommand({
  meta: { name: 'clients', description: 'An account\'s clients of every kind' },
  subCommands: { list: clientsList },
});

for (const command of [datastoreCommand, add, list, clientsCommand, clientsList]) documentEnvironment(command, STORE_ENVIRONMENT);
