import type { Migration } from './ddl.js';

export const migration: Migration = {
  version: 12,
  name: 'contents keyed by account',
  up: (w) => {
    // Sharding by account: a content row is found by (account_id, client_uuid, uuid), its
    // primary key now; the hot indexes lead with the account too. Its account is the one of the
    // client holding it. Only datastore clients hold contents (the REST API and the datastore
    // connector are their only writers), but a row is attributed through any of the four client
    // tables, as deleting a client of any kind deletes its contents (clients.ts). A row whose
    // client is gone belongs to no account and nothing can reach it (every read names a client of
    // the caller, and client uuids are never given again): it is dropped rather than kept under
    // an account it was never shown to. No foreign key to the account: the account's delete
    // removes its contents itself (accounts.ts), as before, and the batch insert path is spared a
    // per-row check. The columns are those of migration 1 and 7.
    const owners = ['datastore_clients', 'extdata_clients', 'syncml_clients', 'activesync_clients'].map((t) => `select uuid, account_id from ${t}`).join(' union all ');
    const columns = 'client_uuid, uuid, dataclass, title, "type", body, created, updated, deleted, fingerprint, duplicate_key';
    return [
      `create table contents_rebuilt (account_id bigint not null, client_uuid text not null, uuid text not null, dataclass text not null,
          title text not null, "type" text not null, body text not null, created bigint not null, updated bigint not null, deleted bigint,
          fingerprint text, duplicate_key text, primary key (account_id, client_uuid, uuid))`,
      // A client uuid is a random uuid the server made, so it names one client; should two
      // client rows ever share one, the row goes to one account (the lower id), never twice.
      `insert into contents_rebuilt (account_id, ${columns})
          select o.account_id, ${columns.split(', ').map((c) => `c.${c}`).join(', ')}
          from contents c join (select uuid, min(account_id) as account_id from (${owners}) k group by uuid) o on o.uuid = c.client_uuid`,
      `drop table contents`,
      `alter table contents_rebuilt rename to contents`,
      // The key's name as every other table's, for later migrations that name it.
      ...(w.dialect === 'postgres' ? ['alter table contents rename constraint contents_rebuilt_pkey to contents_pkey'] : []),
      `create index contents_live on contents (account_id, client_uuid, dataclass) where deleted is null`,
      `create index contents_changes on contents (account_id, client_uuid, updated)`,
    ];
  },
};
