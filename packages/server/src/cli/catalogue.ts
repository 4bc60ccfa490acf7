/** `atomsync catalogue …`: the phone catalogue (DESIGN.md "phone catalogue"). */
import { defineCommand } from 'citty';

export const catalogueCommand = defineCommand({
  meta: { name: 'catalogue', description: 'Manage the phone catalogue' },
  subCommands: {},
});
