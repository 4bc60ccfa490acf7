/**
 * The data directory and what is in it are for this server's user alone (guide/security.md): the
 * directory is created 0700, the embedded database (and the -wal and -shm files SQLite makes beside
 * it, which take its mode) and `secret.key` 0600, whatever the umask. A directory or file an older
 * version left readable by others (0755, 0644) is tightened at start, and said so, so the operator
 * knows it was open until then. Modes mean nothing on Windows: nothing is done there.
 */
import { chmodSync, closeSync, mkdirSync, openSync, statSync } from 'node:fs';

export const DATA_DIR_MODE = 0o700;
export const DATA_FILE_MODE = 0o600;

/** The files beside a SQLite database that hold its data too. */
export const SQLITE_COMPANIONS = ['-wal', '-shm', '-journal'] as const;

const enforced = process.platform !== 'win32';

/** What was found open to others and tightened, one line each (for a warning in the log). */
export type Tightened = string[];

/** `path` at `mode` when it has bits beyond it; true when it had (and was changed). */
function tighten(path: string, mode: number): boolean {
  let current: number;
  try {
    current = statSync(path).mode & 0o777;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  if ((current & ~mode) === 0) return false;
  chmodSync(path, current & mode);
  return true;
}

/** The data directory, created 0700 (its parents as the umask says), or tightened to it. */
export function prepareDataDir(dir: string): Tightened {
  if (!enforced) {
    mkdirSync(dir, { recursive: true });
    return [];
  }
  // `mode` applies to every directory mkdir creates; the data directory's own is set below whatever the umask.
  const created = mkdirSync(dir, { recursive: true, mode: DATA_DIR_MODE });
  if (created !== undefined) {
    chmodSync(dir, DATA_DIR_MODE);
    return [];
  }
  return tighten(dir, DATA_DIR_MODE) ? [`the data directory ${dir} was readable by other users: set to 0700`] : [];
}

/**
 * A file of the data directory at 0600: created empty with that mode when missing (SQLite then
 * creates its -wal and -shm files with the database's mode), tightened when an older version left it open.
 */
export function prepareDataFile(file: string, options: { create: boolean }): Tightened {
  if (!enforced) return [];
  if (options.create) closeSync(openSync(file, 'a', DATA_FILE_MODE));
  return tighten(file, DATA_FILE_MODE) ? [`${file} was readable by other users: set to 0600`] : [];
}

/** The embedded database and the files beside it, each at 0600 (the database created so when new). */
export function prepareSqliteFiles(file: string): Tightened {
  return [...prepareDataFile(file, { create: true }), ...SQLITE_COMPANIONS.flatMap((suffix) => prepareDataFile(`${file}${suffix}`, { create: false }))];
}
