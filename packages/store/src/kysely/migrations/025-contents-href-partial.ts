import type { Migration } from './ddl.js';

export const migration: Migration = {
  version: 25,
  name: 'contents_href holds only the rows that have a DAV name',
  up: () => [
    // Only items a DAV client created (and their tombstones, RELEASED_HREF included) have a name:
    // what a sync or a phone writes has none, and every such row cost an entry here for nothing
    // (a 10k-vs-10k slow sync writes 14,000 rows; this index was a tenth of their insert's cost).
    // Every lookup of this index compares href with = or IN, which neither database lets match a
    // null, so both still choose it for those lookups (migrations.test.ts checks the plans).
    `drop index contents_href`,
    `create index contents_href on contents (account_id, client_uuid, dataclass, href) where href is not null`,
  ],
};
