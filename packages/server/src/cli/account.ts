/** `atomsync account …`: the admin API from the command line (DESIGN.md "accounts"). */
import { defineCommand } from 'citty';

export const accountCommand = defineCommand({
  meta: { name: 'account', description: 'Manage accounts' },
  subCommands: {},
});
