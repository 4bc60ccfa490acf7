/**
 * Stores for tests: `openTestStore(kind)` gives a fresh, empty, migrated store of either kind;
 * `storeKinds` drives describe.each so one suite runs on both (as h3's describeMatrix runs one suite on every adapter).
 *
 * PostgreSQL: each store gets a schema of its own on the test cluster of test/support/postgres.ts
 * (its connections' search_path), dropped again on close, so tests running in parallel never see
 * each other's rows. A schema rather than a database: CREATE DATABASE copies a template and took
 * 0.2–0.8 s here, CREATE SCHEMA takes milliseconds, and the store cannot tell the difference.
 *
 * On the Citus test cluster (postgres.ts, ATOMSYNC_TEST_CITUS=1) every PostgreSQL test store is
 * distributed as the product distributes it (`atomsync store distribute`), in 4 shards a table
 * rather than Citus's 32, and its schema is emptied and reused by a later test rather than
 * dropped (citus-schemas.ts: distributing one takes seconds, emptying it a tenth of one). There
 * `storeKinds` is PostgreSQL alone: the Citus suite runs the PostgreSQL side of every two-store
 * test, and the main suite already runs their SQLite side.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openStore } from '@atomsync/store';
import type { Store } from '@atomsync/store';
import { schemaUrl, takeDistributedSchema } from './citus-schemas.js';
import './postgres.js';

export type StoreKind = 'sqlite' | 'postgres';
export const storeKinds: readonly StoreKind[] = process.env.ATOMSYNC_TEST_CITUS === '1' ? ['postgres'] : ['sqlite', 'postgres'];

export async function openTestStore(kind: StoreKind): Promise<Store> {
  if (kind === 'sqlite') return openStore({ kind: 'sqlite', file: ':memory:' });
  const schema = await createTestSchema();
  const store = await openStore({ kind: 'postgres', url: schema.url });
  return {
    ...store,
    async close() {
      await store.close();
      await schema.drop();
    },
  };
}

export interface TestSchema {
  /** A connection URL whose connections see only this fresh, empty schema. */
  readonly url: string;
  /** On the Citus test cluster. */
  readonly citus: boolean;
  /** Drops it with everything in it (on Citus: empties it for a later test, citus-schemas.ts). */
  drop(): Promise<void>;
}

/**
 * A fresh, empty schema on the PostgreSQL test cluster: several stores may open its URL. On the
 * Citus test cluster it is migrated and distributed, as an operator's store is before its
 * instances start, unless `bare` (a test of the migrations or of the distribution itself).
 */
export async function createTestSchema({ bare = false }: { readonly bare?: boolean } = {}): Promise<TestSchema> {
  const { adminUrl, error, citus = false } = inject('postgres');
  if (adminUrl === undefined) throw new Error(error);
  if (citus && !bare) {
    const pooled = await takeDistributedSchema(adminUrl);
    return { url: pooled.url, citus, drop: pooled.release };
  }
  const name = `t_${randomBytes(8).toString('hex')}`;
  await admin(adminUrl, `create schema ${name}`);
  return { url: citus ? schemaUrl(adminUrl, name) : searchPathUrl(adminUrl, name), citus, drop: () => admin(adminUrl, `drop schema if exists ${name} cascade`) };
}

function searchPathUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.searchParams.set('options', `-c search_path=${name}`);
  return url.toString();
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
