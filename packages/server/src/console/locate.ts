/**
 * Where the built console is: the dist/ of @atomsync/console, found as Node finds the package
 * (in the workspace, its link in node_modules). `npm start` builds it with the server; a server
 * installed without it serves the API alone, and `atomsync serve` says so in its log.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The folder holding the console's index.html, or undefined when the console is not installed or not built. */
export function locateConsole(): string | undefined {
  let manifest: string;
  try {
    manifest = createRequire(import.meta.url).resolve('@atomsync/console/package.json');
  } catch {
    return undefined;
  }
  const dir = join(dirname(manifest), 'dist');
  return existsSync(join(dir, 'index.html')) ? dir : undefined;
}
