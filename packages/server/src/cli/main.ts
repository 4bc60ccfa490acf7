/** The `atomsync` command and its subcommands. */
import { defineCommand } from 'citty';
import { serveCommand } from './serve.js';

export const main = defineCommand({
  meta: { name: 'atomsync', description: 'atomsync reference server' },
  subCommands: { serve: serveCommand },
});
