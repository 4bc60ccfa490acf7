/**
 * The data directory is for the server's user alone (guide/security.md): a new one is 0700, the
 * embedded database, its -wal and -shm files and secret.key 0600, whatever the umask; a directory
 * and files an older version left at 0755/0644 are tightened when the store opens, and said so.
 */
import { chmodSync, mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openConfiguredStore, type OpenedStore } from '../../server/src/bootstrap.js';

const modeOf = (path: string): number => statSync(path).mode & 0o777;

describe.skipIf(process.platform === 'win32')('data directory modes', () => {
  let opened: OpenedStore | undefined;
  afterEach(async () => {
    await opened?.store.close();
    opened = undefined;
  });

  it('creates the directory 0700 and the database, its log and the key file 0600, even under a permissive umask', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'atomsync-modes-')), 'new', 'data');
    const umask = process.umask(0o022);
    try {
      opened = await openConfiguredStore({ dataDir, databaseUrl: undefined, secretKey: undefined });
      // A write, so the write-ahead log and its index exist.
      await opened.store.accounts.list();
      await opened.store.transaction(async (tx) => tx.accounts.list());
    } finally {
      process.umask(umask);
    }
    expect(modeOf(dataDir)).toBe(0o700);
    expect(opened.tightened).toEqual([]);
    for (const name of ['atomsync.sqlite', 'atomsync.sqlite-wal', 'atomsync.sqlite-shm', 'secret.key']) {
      expect({ name, mode: modeOf(join(dataDir, name)).toString(8) }).toEqual({ name, mode: '600' });
    }
  });

  it('tightens a directory and files an older version left readable by everyone, and says what it tightened', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'atomsync-old-modes-'));
    mkdirSync(dataDir, { recursive: true });
    chmodSync(dataDir, 0o755);
    // What an older version left: the key and the database world-readable.
    opened = await openConfiguredStore({ dataDir, databaseUrl: undefined, secretKey: undefined });
    await opened.store.close();
    opened = undefined;
    chmodSync(dataDir, 0o755);
    for (const name of ['atomsync.sqlite', 'secret.key']) chmodSync(join(dataDir, name), 0o644);
    writeFileSync(join(dataDir, 'atomsync.sqlite-wal'), '', { mode: 0o644 });
    chmodSync(join(dataDir, 'atomsync.sqlite-wal'), 0o644);

    opened = await openConfiguredStore({ dataDir, databaseUrl: undefined, secretKey: undefined });
    expect(modeOf(dataDir)).toBe(0o700);
    for (const name of ['atomsync.sqlite', 'atomsync.sqlite-wal', 'secret.key']) expect({ name, mode: modeOf(join(dataDir, name)).toString(8) }).toEqual({ name, mode: '600' });
    expect(opened.tightened).toHaveLength(4);
    expect(opened.tightened!.join('\n')).toContain('readable by other users');
    // The store still opens and answers.
    expect(await opened.store.accounts.list()).toEqual([]);
  });
});
