import type { Migration } from './ddl.js';

export const migration: Migration = {
  version: 22,
  name: 'tombstones pruned by age; each datastore keeps how far they were pruned',
  up: () => [
    // A delete's tombstone is what a sync-collection delta reports it from; housekeeping deletes
    // those older than the retention (housekeeping/jobs.ts). The greatest sequence of a tombstone
    // pruned is kept on the datastore's counter row: a token below it would list an incomplete
    // delta, so it is refused (403 valid-sync-token) and the client lists afresh. 0: none pruned.
    `alter table content_sequences add column pruned_through bigint not null default 0`,
    // The pruner finds what is due across accounts without walking the live rows (partial: the
    // live majority is not in it). Both databases have partial indexes.
    `create index contents_tombstones on contents (deleted) where deleted is not null`,
  ],
};
