import type { Migration } from './ddl.js';

export const migration: Migration = {
  version: 17,
  name: 'a sync lease names the run holding it',
  // So the run that finds a lease run out can log the run that held it as failed (interrupted):
  // its dataclass, the mode it was asked for, when it started. Null in leases of older servers.
  up: () => [
    `alter table sync_locks add column dataclass text`,
    `alter table sync_locks add column sync_mode integer`,
    `alter table sync_locks add column started bigint`,
  ],
};
