#!/usr/bin/env node
// Runs before `npm start` and `npm test` (pre-scripts): installs the workspace on a fresh clone,
// so each of the README's two commands works on its own. Uses only Node built-ins, since
// nothing else is installed yet when it runs.
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

const marker = 'node_modules/.package-lock.json';
const stale = !existsSync(marker) || statSync(marker).mtimeMs < statSync('package-lock.json').mtimeMs;
if (stale) {
  // `npm install` rather than `npm ci`: see .ci/run.
  console.log('atomsync: installing dependencies…');
  execFileSync('npm', ['install', '--no-audit', '--no-fund'], { stdio: 'inherit' });
}
