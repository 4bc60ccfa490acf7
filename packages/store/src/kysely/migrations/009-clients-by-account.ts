import { account, rebuildSqlite, type Migration } from './ddl.js';

export const migration: Migration = {
  version: 9,
  name: 'client tables keyed by account',
  up: (w) => {
    // Sharding by account: a client's row is found by (account_id, uuid), its primary key now,
    // which also serves what the indexes on account_id alone did. Their columns are those of
    // migration 1 (none was added since).
    if (w.dialect === 'sqlite') {
      return [
        ...rebuildSqlite(
          'datastore_clients',
          `${account}, uuid text not null, user_id text not null, created bigint not null, updated bigint not null, primary key (account_id, uuid)`,
          'account_id, uuid, user_id, created, updated',
          ['create unique index datastore_clients_user on datastore_clients (account_id, user_id)'],
        ),
        ...rebuildSqlite(
          'extdata_clients',
          `${account}, uuid text not null, user_id text not null, datastores text not null, created bigint not null, updated bigint not null,
            primary key (account_id, uuid)`,
          'account_id, uuid, user_id, datastores, created, updated',
        ),
        ...rebuildSqlite(
          'syncml_clients',
          `${account}, uuid text not null, user_id text not null, phone_number text not null, model_uuid text not null, imei text not null,
            timezone text not null, setup_name text not null, setup_sent bigint, datastores text not null, created bigint not null,
            updated bigint not null, primary key (account_id, uuid)`,
          'account_id, uuid, user_id, phone_number, model_uuid, imei, timezone, setup_name, setup_sent, datastores, created, updated',
        ),
        // activesync_devices references (account_id, uuid): the new primary key.
        ...rebuildSqlite(
          'activesync_clients',
          `${account}, uuid text not null, user_id text not null, username text not null, password_hash text not null,
            phone_number text not null, model_uuid text not null, last_sync bigint, created bigint not null, updated bigint not null,
            primary key (account_id, uuid)`,
          'account_id, uuid, user_id, username, password_hash, phone_number, model_uuid, last_sync, created, updated',
        ),
      ];
    }
    return [
      ...['datastore_clients', 'extdata_clients', 'syncml_clients'].flatMap((table) => [
        `alter table ${table} drop constraint ${table}_pkey`,
        `alter table ${table} add primary key (account_id, uuid)`,
      ]),
      `drop index extdata_clients_account`,
      `drop index syncml_clients_account`,
      // The devices' foreign key rests on the unique index the primary key replaces: it is made again on the key.
      `alter table activesync_devices drop constraint activesync_devices_account_id_client_uuid_fkey`,
      `drop index activesync_clients_account_uuid`,
      `alter table activesync_clients drop constraint activesync_clients_pkey`,
      `alter table activesync_clients add primary key (account_id, uuid)`,
      `alter table activesync_devices add foreign key (account_id, client_uuid) references activesync_clients (account_id, uuid) on delete cascade`,
    ];
  },
};
