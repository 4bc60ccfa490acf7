/** The `atomsync` executable (bin of @atomsync/server; built to dist/cli.js with a shebang). */
import { runMain } from 'citty';
import { main } from './cli/main.js';

void runMain(main);
