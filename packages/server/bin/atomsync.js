#!/usr/bin/env node
// The `atomsync` bin. It exists before anything is built, so `npm install` links it on a fresh
// clone; the command itself is the build's dist/cli.js, which this runs.
import { existsSync } from 'node:fs';

const cli = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(cli)) {
  process.stderr.write('atomsync: @atomsync/server is not built yet (no dist/cli.js): run `npm run build` (or `npm start`) first\n');
  process.exit(1);
}
await import(cli.href);
