/**
 * Where the SecretBox key comes from: `ATOMSYNC_SECRET_KEY` (32 bytes, base64 or hex) when set,
 * which several instances on one PostgreSQL must share; else, for the embedded store, a key file
 * `secret.key` in the data directory, created (mode 0600) on first start.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../errors.js';
import { DATA_FILE_MODE, prepareDataDir, prepareDataFile } from '@atomsync/store';

export function parseSecretKey(value: string): Buffer {
  const text = value.trim();
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32) throw new ConfigError('ATOMSYNC_SECRET_KEY must be 32 bytes, as 64 hex digits or base64');
  return key;
}

/** The key in `dataDir/secret.key`, created on first use (0600, its directory 0700; one an older version left open is tightened). */
export function keyFileIn(dataDir: string): Buffer {
  const path = join(dataDir, 'secret.key');
  try {
    prepareDataFile(path, { create: false });
    return parseSecretKey(readFileSync(path, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  prepareDataDir(dataDir);
  const key = randomBytes(32);
  // 'wx': two processes starting at once must not both write a key.
  try {
    writeFileSync(path, `${key.toString('base64')}\n`, { mode: DATA_FILE_MODE, flag: 'wx' });
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return parseSecretKey(readFileSync(path, 'utf8'));
    throw error;
  }
}
