/** The `atomsync` executable (bin of @atomsync/server; built to dist/cli.js with a shebang, run by bin/atomsync.js). */
import { runMain } from 'citty';
import { main } from './cli/main.js';
import { showUsage } from './cli/usage.js';

void runMain(main, { showUsage });
