/**
 * A scratch directory per test file for phones and peers. Removed afterwards unless
 * ATOMSYNC_KEEP_INTEROP_DIRS=1, to read SyncEvolution's session logs after a failure.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface WorkDir {
  readonly path: string;
  /** A path inside it. */
  at(...parts: string[]): string;
  remove(): void;
}

export function createWorkDir(name: string): WorkDir {
  const path = mkdtempSync(join(tmpdir(), `atomsync-interop-${name}-`));
  return {
    path,
    at: (...parts) => join(path, ...parts),
    remove() {
      if (process.env.ATOMSYNC_KEEP_INTEROP_DIRS === '1') console.log(`kept ${path}`);
      else rmSync(path, { recursive: true, force: true });
    },
  };
}
