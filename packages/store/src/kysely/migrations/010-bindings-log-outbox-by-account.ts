import { account, rebuildSqlite, type Migration } from './ddl.js';

export const migration: Migration = {
  version: 10,
  name: 'bindings, their log, phone bindings and the outbox keyed by account',
  up: (w) => {
    // Sharding by account: these rows are named by (account_id, id) now. Their ids stay serial
    // (the API shows a binding's and a log entry's id): PostgreSQL keeps its identity columns;
    // SQLite cannot autoincrement a column of a composite key, so its ids come from
    // id_sequences (ids.ts), which carries on from the last id SQLite handed out (never reusing
    // one, as AUTOINCREMENT did not). A log entry outlives its binding (binding_id set null by
    // the binding's delete, store/kysely/bindings.ts): a foreign key from it cannot do that on a
    // store distributed by account (its key includes account_id, which must not be set null).
    const tables = ['bindings', 'sync_log', 'phone_bindings', 'outbox'];
    if (w.dialect === 'sqlite') {
      return [
        `create table id_sequences (name text primary key, last bigint not null)`,
        `insert into id_sequences (name, last) select t.name, coalesce((select s.seq from sqlite_sequence s where s.name = t.name), 0)
            from (${tables.map((t) => `select '${t}' as name`).join(' union all ')}) t`,
        ...rebuildSqlite(
          'bindings',
          `${account}, id integer not null, source_kind text not null, source_uuid text not null, target_kind text not null,
            target_uuid text not null, conflict_winner text not null, created bigint not null, updated bigint not null,
            primary key (account_id, id)`,
          'account_id, id, source_kind, source_uuid, target_kind, target_uuid, conflict_winner, created, updated',
          [
            `create index bindings_source on bindings (account_id, source_uuid)`,
            `create index bindings_target on bindings (account_id, target_uuid)`,
          ],
        ),
        ...rebuildSqlite(
          'sync_log',
          `${account}, id integer not null, binding_id bigint, source_kind text not null, source_uuid text not null,
            target_kind text not null, target_uuid text not null, sync_mode integer not null, dataclass text not null,
            stats text not null, result text not null, reason text, published bigint not null, primary key (account_id, id)`,
          'account_id, id, binding_id, source_kind, source_uuid, target_kind, target_uuid, sync_mode, dataclass, stats, result, reason, published',
          [
            `create index sync_log_published on sync_log (account_id, published)`,
            `create index sync_log_binding on sync_log (account_id, binding_id, published)`,
          ],
        ),
        ...rebuildSqlite(
          'phone_bindings',
          `${account}, id integer not null, model_uuid text not null, phone_number text not null, foreign_user_id text not null,
            timezone text not null, syncml_client_uuid text not null, datastore_client_uuid text not null, created bigint not null,
            updated bigint not null, primary key (account_id, id)`,
          'account_id, id, model_uuid, phone_number, foreign_user_id, timezone, syncml_client_uuid, datastore_client_uuid, created, updated',
          [`create index phone_bindings_syncml on phone_bindings (account_id, syncml_client_uuid)`],
        ),
        ...rebuildSqlite(
          'outbox',
          `${account}, id integer not null, client_uuid text not null, kind text not null, phone_number text not null,
            media_type text not null, payload ${w.blob} not null, created bigint not null, primary key (account_id, id)`,
          'account_id, id, client_uuid, kind, phone_number, media_type, payload, created',
          [`create index outbox_client on outbox (account_id, client_uuid, created)`],
        ),
      ];
    }
    return [
      `alter table sync_log drop constraint sync_log_binding_id_fkey`,
      ...tables.flatMap((table) => [`alter table ${table} drop constraint ${table}_pkey`, `alter table ${table} add primary key (account_id, id)`]),
      // bindings_account_id (migration 8) stays: the sync state's foreign keys rest on it.
      `drop index bindings_source`,
      `drop index bindings_target`,
      `create index bindings_source on bindings (account_id, source_uuid)`,
      `create index bindings_target on bindings (account_id, target_uuid)`,
      `drop index sync_log_account`,
      `drop index sync_log_binding`,
      `create index sync_log_published on sync_log (account_id, published)`,
      `create index sync_log_binding on sync_log (account_id, binding_id, published)`,
      `drop index phone_bindings_account`,
      `drop index phone_bindings_syncml`,
      `create index phone_bindings_syncml on phone_bindings (account_id, syncml_client_uuid)`,
      `drop index outbox_client`,
      `create index outbox_client on outbox (account_id, client_uuid, created)`,
    ];
  },
};
