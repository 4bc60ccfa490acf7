/**
 * The embedded store's settings (store/open.ts SQLITE_SETTINGS) read back from a database as
 * opened, and PostgreSQL's pool size: what guide/operators.md#write-throughput-and-durability
 * says the server runs with.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteDatabase } from '../src/open.js';
import { openTestStore } from '../../server/test/support/stores.js';

describe('SQLite settings on open', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'atomsync-settings-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('WAL, synchronous NORMAL, a checkpoint every 1,000 pages, the log cut back to 64 MB, and the rest', () => {
    const database = openSqliteDatabase(join(dir, 'atomsync.sqlite'));
    try {
      const read = (name: string) => database.pragma(name, { simple: true });
      expect(read('journal_mode')).toBe('wal');
      expect(read('synchronous')).toBe(1);
      expect(read('wal_autocheckpoint')).toBe(1000);
      expect(read('journal_size_limit')).toBe(67_108_864);
      expect(read('foreign_keys')).toBe(1);
      expect(read('busy_timeout')).toBe(5000);
      expect(read('cache_size')).toBe(-65_536);
      expect(read('mmap_size')).toBe(268_435_456);
      expect(read('temp_store')).toBe(2);
    } finally {
      database.close();
    }
  });
});

describe('PostgreSQL pool', () => {
  it('has 10 connections', async () => {
    const store = await openTestStore('postgres');
    try {
      expect(store.poolStats()?.max).toBe(10);
    } finally {
      await store.close();
    }
  });
});
