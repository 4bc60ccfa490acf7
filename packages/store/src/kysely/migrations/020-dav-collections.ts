import type { Migration } from './ddl.js';

export const migration: Migration = {
  version: 20,
  name: 'DAV collections: properties clients set, segments they chose; contents carry their UID',
  up: () => [
    // PROPPATCH / MKCALENDAR / extended MKCOL (issue 21): what a client set on a collection, one
    // row per property by Clark name. Keyed by account_id first (sharded by account, colocated with
    // contents) and, like contents and content_sequences, without a foreign key (migration 18 says
    // why): the account's and the datastore client's deletes remove these rows (accounts.ts, clients.ts).
    `create table dav_properties (account_id bigint not null, client_uuid text not null, dataclass text not null,
        name text not null, value text not null, primary key (account_id, client_uuid, dataclass, name))`,
    // The segment a client chose for a collection it made (often a random UUID): the collection is
    // found under it in its home (family). One segment names one collection of the account.
    `create table dav_segments (account_id bigint not null, family text not null, segment text not null,
        client_uuid text not null, dataclass text not null, primary key (account_id, family, segment))`,
    `create index dav_segments_collection on dav_segments (account_id, client_uuid, dataclass)`,
    // A collection holds one item per UID (RFC 6352 §6.3.2.1, RFC 4791 §5.3.2.1): the UID is
    // written beside the body by every write, found through the index, never by reading bodies.
    // Rows written before keep null until they are next written.
    `alter table contents add column uid text`,
    `create index contents_uid on contents (account_id, client_uuid, dataclass, uid)`,
  ],
};
