/** The `atomsync` command and its subcommands. */
import { defineCommand } from 'citty';
import { accountCommand } from './account.js';
import { catalogueCommand } from './catalogue.js';
import { clientsCommand, datastoreCommand } from './datastore.js';
import { exportCommand } from './export.js';
import { importCommand } from './import.js';
import { serveCommand } from './serve.js';
import { storeCommand } from './store.js';
import { packageVersion } from './usage.js';

export const main = defineCommand({
  meta: { name: 'atomsync', version: packageVersion(), description: 'atomsync reference server' },
  subCommands: { serve: serveCommand, account: accountCommand, catalogue: catalogueCommand, datastore: datastoreCommand, clients: clientsCommand, import: importCommand, export: exportCommand, store: storeCommand },
});
