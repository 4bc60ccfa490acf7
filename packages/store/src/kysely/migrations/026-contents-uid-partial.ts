import type { Migration } from './ddl.js';

export const migration: Migration = {
  version: 26,
  name: 'contents_uid holds only the rows that have a UID',
  up: () => [
    // The only lookup of this index is a live item by its UID (contents.ts liveByUid, a DAV PUT's
    // check), and a row without one can never answer it: a phone's vCard 2.1 or vCalendar 1.0
    // (what SyncML and ActiveSync devices send, and so most of what a slow sync copies) has no
    // UID, and a tombstone's is cleared. Each such row cost an entry here for nothing: a
    // 10k-vs-10k slow sync of phone contacts wrote 14,000 of them, 517 index pages. `uid = ?`
    // implies `uid is not null` to both databases, so both still choose it for the lookup
    // (migrations.test.ts checks the plans), as migration 25 did for contents_href.
    `drop index contents_uid`,
    `create index contents_uid on contents (account_id, client_uuid, dataclass, uid) where uid is not null`,
  ],
};
