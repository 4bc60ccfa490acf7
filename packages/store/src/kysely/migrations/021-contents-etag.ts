import type { Migration } from './ddl.js';

export const migration: Migration = {
  version: 21,
  name: 'contents keep their DAV ETag',
  up: () => [
    // The hash of what DAV serves of the item (@atomsync/items davBody), written with the body,
    // so a listing neither hashes nor reads bodies (a 100,000-card PROPFIND spent a third of its
    // time there). Rows written before keep null and are hashed when read. A change to what
    // davBody makes of a stored body (the vCard 2.1 → 3.0 conversion) must clear the column of
    // the rows it changes, in a migration like this one.
    `alter table contents add column etag text`,
  ],
};
