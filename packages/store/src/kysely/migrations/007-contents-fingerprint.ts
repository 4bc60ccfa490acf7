import type { Migration } from './ddl.js';

export const migration: Migration = {
  version: 7,
  name: 'contents keep their fingerprint and duplicate key',
  up: () => [
    // describeItem of the body, written with it, so a slow sync reads them instead of parsing
    // every item again; null for rows written before, described when next read.
    `alter table contents add column fingerprint text`,
    `alter table contents add column duplicate_key text`,
  ],
};
