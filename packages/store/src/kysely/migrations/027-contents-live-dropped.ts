import type { Migration } from './ddl.js';

export const migration: Migration = {
  version: 27,
  name: 'contents_live dropped: contents_sequence serves its lookups',
  up: () => [
    // Every read of live rows names the client (and most the collection), which contents_sequence
    // (migration 18: account, client, dataclass, sequence, uuid) leads with as contents_live did;
    // the tombstones it also holds are few (pruned by age, migration 22) and filtered off the row
    // read anyway. The embedded database chose contents_live for one lookup only (a client's live
    // rows of given dataclasses: a slow sync's read of each side) and now chooses
    // contents_sequence there; PostgreSQL's generic plans of the live reads take contents_sequence
    // too (migrations.test.ts checks the plans). Every row written cost an entry here: a
    // 10k-vs-10k slow sync writes 14,000 (issue 23). A drop, not a rebuild: on Citus it is carried
    // to every shard (issue 24).
    `drop index contents_live`,
  ],
};
