import type { Migration } from './ddl.js';

export const migration: Migration = {
  version: 5,
  name: 'ActiveSync device state',
  up: () => [
    // The device state of an ActiveSync client (account, uuid), kept by the account like every
    // table: keys and indexes lead with account_id. It cascades from the client row (and so
    // from the account's), which a foreign key can name by a unique (account_id, uuid); that
    // index serves what the one on account_id alone did.
    `create unique index activesync_clients_account_uuid on activesync_clients (account_id, uuid)`,
    `drop index activesync_clients_account`,
    // One device per client. `outbox_seq` is the last outbox seq handed out to it.
    `create table activesync_devices (account_id bigint not null, client_uuid text not null,
        device_id text not null, device_type text not null, user_agent text not null,
        protocol_version text not null, policy_key text, pending_policy_key text,
        folder_sync_key text not null, folders text not null, information text,
        outbox_seq bigint not null, created bigint not null, last_seen bigint not null,
        primary key (account_id, client_uuid),
        foreign key (account_id, client_uuid) references activesync_clients (account_id, uuid) on delete cascade)`,
    // The rest hangs off the device, not the collection row: the endpoint may queue changes or
    // record items before or after it saves a collection.
    `create table activesync_collections (account_id bigint not null, client_uuid text not null,
        collection_id text not null, sync_key text not null, previous_key text, last_reply text,
        state text not null, updated bigint not null,
        primary key (account_id, client_uuid, collection_id),
        foreign key (account_id, client_uuid) references activesync_devices (account_id, client_uuid) on delete cascade)`,
    `create table activesync_outbox (account_id bigint not null, client_uuid text not null,
        collection_id text not null, seq bigint not null, op text not null, server_id text not null,
        dataclass text not null, body text not null,
        primary key (account_id, client_uuid, collection_id, seq),
        foreign key (account_id, client_uuid) references activesync_devices (account_id, client_uuid) on delete cascade)`,
    `create table activesync_items (account_id bigint not null, client_uuid text not null,
        collection_id text not null, server_id text not null, dataclass text not null, body text not null,
        primary key (account_id, client_uuid, collection_id, server_id),
        foreign key (account_id, client_uuid) references activesync_devices (account_id, client_uuid) on delete cascade)`,
  ],
};
