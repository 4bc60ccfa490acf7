import type { Migration } from './ddl.js';

export const migration: Migration = {
  version: 18,
  name: 'contents carry a change sequence and a DAV name; a sequence counter per datastore client',
  up: () => [
    // CardDAV/CalDAV sync tokens (issue 21) need a change position that becomes visible in commit
    // order: a timestamp taken early by a transaction that commits late would be skipped by a
    // reader who polled in between. Every write of contents takes its client's next value from
    // content_sequences in its own transaction; the counter row's lock orders the writers of one
    // datastore until they commit. Rows written before keep 0 ("before any token").
    `alter table contents add column "sequence" bigint not null default 0`,
    // The last path segment a DAV client chose when it created the item (decoded); null for items
    // made by other protocols (served as <uuid>.vcf / .ics).
    `alter table contents add column href text`,
    // One counter per datastore client, keyed (and on Citus distributed) by account_id like
    // contents and colocated with it, so the counter and the rows it stamps are on one node. No
    // foreign key to accounts, like contents (migration 12; on Citus a new table with one stays
    // local and its rows outlive the account, issue 24): the account's and the client's deletes
    // remove the counter rows themselves (accounts.ts, clients.ts). Columns are added and a table created,
    // nothing is rebuilt: a rebuilt table would come back undistributed on Citus (issue 24).
    `create table content_sequences (account_id bigint not null, client_uuid text not null, "sequence" bigint not null,
        primary key (account_id, client_uuid))`,
    // A collection's delta and its latest sequence in O(log n + changes); uuid last, so a delta
    // paged within one sequence (a large batch) reads on from its position in the index.
    `create index contents_sequence on contents (account_id, client_uuid, dataclass, "sequence", uuid)`,
    `create index contents_href on contents (account_id, client_uuid, dataclass, href)`,
  ],
};
