/** The `atomsync` executable (bin of @atomsync/server; built to dist/cli.js with a shebang, run by bin/atomsync.js). */
import { exitQuietlyOnClosedPipe, loadWithColour, useColour } from './cli/terminal.js';
import { tierUpSooner } from './cli/tiering.js';

// Before the commands (and the server) load: their functions take the lowered budget (cli/tiering.ts).
tierUpSooner();
exitQuietlyOnClosedPipe();
// Loaded only now: citty fixes its colours when it loads (cli/terminal.ts).
const { runMain, main, showUsage } = await loadWithColour(useColour(process.stdout), async () => {
  const [citty, commands, usage] = await Promise.all([import('citty'), import('./cli/main.js'), import('./cli/usage.js')]);
  return { runMain: citty.runMain, main: commands.main, showUsage: usage.showUsage };
});
await runMain(main, { showUsage });
