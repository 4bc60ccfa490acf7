/**
 * Schema migrations, versioned in `schema_migrations` and run by openStore. Each migration is
 * plain DDL written once for both dialects with the few words that differ filled in per dialect
 * (serial ids, blobs), one file each under migrations/, listed in order by migrations/index.ts.
 * Applied versions are never edited: a change is a new migration.
 *
 * Several server instances may start at once on one PostgreSQL: the whole run is one transaction
 * (PostgreSQL DDL is transactional) under an advisory lock keyed by the schema it migrates, so one
 * instance migrates and the others find the work done. SQLite serializes writers on the file
 * itself (open.ts begins transactions `immediate`).
 *
 * On a store distributed on Citus (distribution.ts), the run ends by distributing every table its
 * migrations created or rebuilt, and fails, applying nothing, if a table is then not where the
 * plan puts it: a migration may create, rebuild or alter tables as on PostgreSQL, and none is
 * left a plain coordinator table.
 */
import { sql, type Kysely } from 'kysely';
import { distributeNew, isDistributed, misplaced } from './distribution.js';
import { WORDS, type Dialect } from './migrations/ddl.js';
import { MIGRATIONS } from './migrations/index.js';

export type { Dialect } from './migrations/ddl.js';

/** Any constant shared by every instance: the key of the migration advisory lock. */
const MIGRATION_LOCK = 0x61746f6d; // 'atom'

/**
 * Applies the migrations not yet applied; safe to call on every open and from several instances.
 * `through`: only those up to this version (a test of a migration over the rows of a schema before it).
 */
export async function migrate(db: Kysely<any>, dialect: Dialect, through = Number.POSITIVE_INFINITY): Promise<number[]> {
  // SQLite: foreign keys off while tables are rebuilt (rebuildSqlite), every one of them checked
  // before the commit; the pragma does nothing inside a transaction, so it is set around it.
  if (dialect === 'sqlite') await sql`pragma foreign_keys = off`.execute(db);
  try {
    return await db.transaction().execute(async (trx) => {
      if (dialect === 'postgres') await lockMigrations(trx);
      await sql`create table if not exists schema_migrations (version integer primary key,
        name text not null, applied bigint not null)`.execute(trx);
      const distributed = dialect === 'postgres' && (await isDistributed(trx));
      // Citus distributes a table in a transaction only if no statement of it ran in parallel
      // across shards (a migration's insert … select over a distributed table would).
      if (distributed) await sql`set local citus.multi_shard_modify_mode to 'sequential'`.execute(trx);
      const { rows } = await sql<{ version: number }>`select version from schema_migrations`.execute(trx);
      const done = new Set(rows.map((r) => Number(r.version)));
      const applied: number[] = [];
      for (const migration of MIGRATIONS) {
        if (done.has(migration.version) || migration.version > through) continue;
        for (const statement of migration.up(WORDS[dialect])) await sql.raw(statement).execute(trx);
        await sql`insert into schema_migrations (version, name, applied)
          values (${migration.version}, ${migration.name}, ${Date.now()})`.execute(trx);
        applied.push(migration.version);
      }
      if (distributed && applied.length > 0) {
        await distributeNew(trx);
        await refuseMisplaced(trx);
      }
      if (dialect === 'sqlite' && applied.length > 0) {
        const broken = await sql<{ table: string; parent: string }>`pragma foreign_key_check`.execute(trx);
        if (broken.rows.length > 0) {
          const first = broken.rows[0]!;
          throw new Error(`migration left ${broken.rows.length} rows whose foreign key finds nothing (first: ${first.table} → ${first.parent}); nothing was applied`);
        }
      }
      return applied;
    });
  } finally {
    if (dialect === 'sqlite') await sql`pragma foreign_keys = on`.execute(db);
  }
}

/** Several instances (and `atomsync store distribute`) change the schema one at a time. */
async function lockMigrations(trx: Kysely<any>): Promise<void> {
  await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK}, hashtext(current_schema()))`.execute(trx);
}

async function refuseMisplaced(trx: Kysely<any>): Promise<void> {
  const wrong = await misplaced(trx);
  if (wrong.length > 0) throw new Error(`tables not where the distribution plan puts them: ${wrong.join(', ')}; nothing was applied`);
}

/**
 * `atomsync store distribute`: distributes a migrated PostgreSQL store on Citus as planned
 * (distribution.ts), in one transaction under the migration lock; on a store already distributed
 * it distributes nothing and checks the placement. Returns the tables it distributed.
 */
export async function distribute(db: Kysely<any>): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    await lockMigrations(trx);
    const done = await distributeNew(trx);
    await refuseMisplaced(trx);
    return done;
  });
}
