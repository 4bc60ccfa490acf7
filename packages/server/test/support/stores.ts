/**
 * Stores for tests: `openTestStore(kind)` gives a fresh, empty, migrated store of either kind
 * (PostgreSQL: a fresh database on the test cluster of test/support/postgres.ts, dropped again on
 * close, so test files running in parallel never see each other's rows); `storeKinds` drives
 * describe.each so one suite runs on both (STYLE.md: h3's describeMatrix).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openStore } from '../../src/store/open.js';
import type { Store } from '../../src/store/store.js';
import './postgres.js';

export type StoreKind = 'sqlite' | 'postgres';
export const storeKinds: readonly StoreKind[] = ['sqlite', 'postgres'];

export async function openTestStore(kind: StoreKind): Promise<Store> {
  if (kind === 'sqlite') return openStore({ kind: 'sqlite', file: ':memory:' });
  const database = await createTestDatabase();
  const store = await openStore({ kind: 'postgres', url: database.url });
  return {
    ...store,
    async close() {
      await store.close();
      await database.drop();
    },
  };
}

export interface TestDatabase {
  /** Connection URL of the fresh, empty database. */
  readonly url: string;
  /** Drops it (closing any connection still open to it). */
  drop(): Promise<void>;
}

/** A fresh, empty database on the PostgreSQL test cluster: several stores may open its URL. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const { adminUrl, error } = inject('postgres');
  if (adminUrl === undefined) throw new Error(error);
  const name = `t_${randomBytes(8).toString('hex')}`;
  await admin(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(adminUrl, `drop database if exists ${name} with (force)`) };
}

async function admin(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
