import { rebuildSqlite, type Migration } from './ddl.js';

export const migration: Migration = {
  version: 14,
  name: 'SyncML sessions linked to their account by no foreign key',
  up: (w) => {
    // A session is distributed by its own key (it is written before its phone signs in), not
    // colocated with the account it comes to belong to, and a distributed store keeps no foreign
    // key between tables that are not colocated. Deleting an account deletes its sessions
    // explicitly instead (accounts.ts), in the same transaction.
    if (w.dialect === 'sqlite') {
      return rebuildSqlite(
        'sessions',
        `id text primary key, account_id bigint, client_uuid text, device_id text not null, protocol text not null,
          encoding text not null, started bigint not null, ended bigint, status integer, reason text, datastores text not null`,
        'id, account_id, client_uuid, device_id, protocol, encoding, started, ended, status, reason, datastores',
        [`create index sessions_account on sessions (account_id, started)`],
      );
    }
    return [`alter table sessions drop constraint sessions_account_id_fkey`];
  },
};
