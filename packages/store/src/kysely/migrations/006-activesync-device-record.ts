import type { Migration } from './ddl.js';

export const migration: Migration = {
  version: 6,
  name: 'ActiveSync device record: last Sync and Ping requests, problems, remote wipe',
  up: () => [
    // The last full Sync and Ping request of the device (the endpoint's JSON): MS-ASCMD lets a
    // phone send an empty or partial Sync, or an empty Ping, meaning "the same as last time".
    `alter table activesync_devices add column sync_request text`,
    `alter table activesync_devices add column ping_request text`,
    // Since when FolderSync finds the client in no binding (the phone gets no folders); null once bound.
    `alter table activesync_devices add column unbound_since bigint`,
    // The DeviceId this device replaced, and when: kept across later requests, overwritten by the next replacement.
    `alter table activesync_devices add column replaced_device_id text`,
    `alter table activesync_devices add column replaced_at bigint`,
    // A remote wipe the owner asked for: its scope ('device' | 'account'), when it was asked,
    // when the phone was last told (Provision with RemoteWipe) and when it acknowledged it.
    `alter table activesync_devices add column wipe_scope text`,
    `alter table activesync_devices add column wipe_requested bigint`,
    `alter table activesync_devices add column wipe_sent bigint`,
    `alter table activesync_devices add column wipe_acknowledged bigint`,
    // Items loop protection took out of a collection's queue because the phone kept failing on
    // them (activesync/sync/loop.ts). Device state like the outbox: a new DeviceId or a reset of
    // the collection drops them; the phone taking a later change of the item clears its row.
    `create table activesync_isolated (account_id bigint not null, client_uuid text not null,
        collection_id text not null, server_id text not null, op text not null, binding_id bigint not null,
        since bigint not null,
        primary key (account_id, client_uuid, collection_id, server_id),
        foreign key (account_id, client_uuid) references activesync_devices (account_id, client_uuid) on delete cascade)`,
  ],
};
